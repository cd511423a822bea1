package asl

import (
	"context"
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// exactly enumerates f, which returns an outcome index below n, on one
// worker: some tests read a state f leaves behind in a variable they
// share with it.
func exactly(t *testing.T, n int, f func(*sim.Source) int) []float64 {
	t.Helper()
	labels := make([]string, n)
	for i := range labels {
		labels[i] = strconv.Itoa(i)
	}
	exp := sim.Experiment{
		Schema: sim.Schema{Metrics: []sim.Metric{{Name: "x", Labels: labels}}},
		New: func() sim.Trial {
			return func(src *sim.Source, rec *sim.Record) { rec.Set(0, f(src)) }
		},
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := make([]float64, n)
	for i, o := range res.Metrics[0].Outcomes {
		p[i] = o.P
	}
	return p
}

// TestR9SettingDR: squad 3/6, HS or crew 2/6, SMC 1/6; a squad with an
// 8-1 4/6, with a 9-2 5/6.
func TestR9SettingDR(t *testing.T) {
	for _, c := range []struct {
		kind Kind
		mod  int
		want int64
	}{{Squad, 0, 3}, {HalfSquad, 0, 2}, {Crew, 0, 2}, {Leader, 0, 1}, {Squad, -1, 4}, {Squad, -2, 5}} {
		p := exactly(t, 2, func(src *sim.Source) int { return b2i(SettingDR(src, c.kind, c.mod)) })
		check(t, c.kind.String()+" setting", p[1], c.want, 6)
	}
}

// unitOutcome classifies a lone unit after one check for R17.
const (
	unaffected = iota
	pinnedOut
	brokenOut
	replacedOut
	casualtyOut
)

// TestR17MoraleCheck: ML 7, 2MC with a −1 leader (net +1), ELR 3, an
// unbroken squad: unaffected 10/36, pinned 5/36, broken 15/36, broken and
// Replaced 5/36, Casualty MC 1/36; the HoB trigger 1/36 falls inside
// "unaffected" (Heat of Battle ignored here).
func TestR17MoraleCheck(t *testing.T) {
	var hob float64
	p := exactly(t, 5, func(src *sim.Source) int {
		var l loc
		l.setup([]Unit{mustUnit(t, "4-6-7")}, 3, locRules{})
		l.moraleCheck(src, 0, 1, false, true)
		u := &l.u[0]
		switch {
		case u.reduced:
			return casualtyOut
		case u.replaced:
			return replacedOut
		case u.broken:
			return brokenOut
		case u.pinned:
			return pinnedOut
		}
		return unaffected
	})
	for k, want := range []int64{10, 5, 15, 5, 1} {
		check(t, []string{"unaffected", "pinned", "broken", "replaced", "casualty"}[k], p[k], want, 36)
	}
	hob = exactly(t, 2, func(src *sim.Source) int {
		var l loc
		l.setup([]Unit{mustUnit(t, "4-6-7")}, 3, locRules{})
		l.moraleCheck(src, 0, 1, false, true)
		return b2i(l.hobTriggered)
	})[1]
	check(t, "HoB triggered", hob, 1, 36)
}

// TestR17WithLeader runs R17 through the leadership rules: the 8-1 checks
// first on his own 2MC (no leader helps him), then gives −1 to the squad
// only if he is still unbroken and unpinned.
func TestR17WithLeader(t *testing.T) {
	p := exactly(t, 2, func(src *sim.Source) int {
		var l loc
		l.setup([]Unit{mustUnit(t, "4-6-7"), mustUnit(t, "leader:8-1")}, 3, locRules{})
		drm := l.leaderDRM(0)
		return b2i(drm == -1)
	})
	if p[1] != 1 {
		t.Fatalf("an unbroken 8-1 does not lead the squad: %v", p)
	}
	var l loc
	l.setup([]Unit{mustUnit(t, "leader:9-2"), mustUnit(t, "leader:9-1"), mustUnit(t, "leader:8-1")}, 3, locRules{})
	if got := l.leaderDRM(0); got != 0 {
		t.Errorf("9-2 takes %d from lower leaders", got)
	}
	if got := l.leaderDRM(1); got != 0 {
		t.Errorf("9-1 takes %d from an equal-ML 9-2 (A10.22)", got)
	}
	if got := l.leaderDRM(2); got != -2 {
		t.Errorf("8-1 gets %d, want the 9-2's −2", got)
	}
	if l.order[0] != 0 || l.order[2] != 2 {
		t.Errorf("check order %v", l.order[:3])
	}
}

// TestR20WoundSeverity: mortal 2/6, already wounded 3/6.
func TestR20WoundSeverity(t *testing.T) {
	for _, c := range []struct {
		unit string
		want int64
	}{{"leader:8-1", 2}, {"leader:8-1,wounded", 3}} {
		p := exactly(t, 2, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, c.unit)}, 3, locRules{})
			l.wound(src, 0, 0)
			return b2i(l.u[0].elim)
		})
		check(t, c.unit+" mortal", p[1], c.want, 6)
	}
}

// TestR21HeatOfBattle: DRM 0: hero only 6/36, hero and Battle Hardening
// 9/36, Battle Hardening only 11/36, berserk 9/36, surrender 1/36.
func TestR21HeatOfBattle(t *testing.T) {
	p := exactly(t, 5, func(src *sim.Source) int { return hobBand(hobRoll[hobOff].Roll(src)) })
	for k, want := range []int64{6, 9, 11, 9, 1} {
		check(t, []string{"hero", "hero+BH", "BH", "berserk", "surrender"}[k], p[k], want, 36)
	}
	// Applied to a lone squad after its MC: berserk and surrender fates.
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.TEM = 2
	res := exactRun(t, a)
	// HoB follows every triggering MC (32/1296, R18) with the unit's own
	// state; its total must be conserved across fates.
	if s := sum(res, "target.1", fateLabels...); s < 1-tol || s > 1+tol {
		t.Errorf("fates sum to %v", s)
	}
	if res.P("target.1", "berserk") <= 0 || res.P("target.1", "surrendered") <= 0 {
		t.Error("Heat of Battle never made the squad berserk or surrender")
	}
}

func TestLadder(t *testing.T) {
	if g, ok := gradeDown(grade{9, -2}); !ok || g != (grade{9, -1}) {
		t.Errorf("9-2 down = %v", g)
	}
	if _, ok := gradeDown(grade{6, 1}); ok {
		t.Error("6+1 has nothing below")
	}
	// Off the ladder (§8.47): the best grade on it below, by ML, then
	// modifier.
	if g, ok := gradeDown(grade{9, 0}); !ok || g != (grade{8, -1}) {
		t.Errorf("9-0 down = %v", g)
	}
	if g, ok := gradeDown(grade{7, -2}); !ok || g != (grade{7, 0}) {
		t.Errorf("7-2 down = %v", g)
	}
	if g, ok := gradeUp(grade{8, 0}); !ok || g != (grade{8, -1}) {
		t.Errorf("8-0 up = %v", g)
	}
	if g, ok := gradeUp(grade{9, -2}); !ok || g != (grade{10, -2}) {
		t.Errorf("9-2 up = %v", g)
	}
	if _, ok := gradeUp(grade{10, -3}); ok {
		t.Error("10-3 has nothing above")
	}
}

// TestInexperiencedUnlessStacked: a Green unit is Inexperienced unless
// stacked with an unbroken leader (A19.3): a leader who stayed behind at
// another Location (Stack.Leave) no longer counts, nor a broken one.
func TestInexperiencedUnlessStacked(t *testing.T) {
	units := []Unit{mustUnit(t, "4-4-7,class=green"), mustUnit(t, "leader:8-1")}
	s := NewStack(units, 3, StackRules{})
	if s.cur.inexperienced(0) {
		t.Error("a Green squad stacked with a Good Order leader is Inexperienced")
	}
	s.Leave(0, 1) // the squad moves on, the leader stays
	if !s.cur.inexperienced(0) {
		t.Error("a Green squad whose leader stayed at another Location is not Inexperienced")
	}
	s.Reset()
	s.cur.u[1].broken = true
	if !s.cur.inexperienced(0) {
		t.Error("a Green squad stacked only with a broken leader is not Inexperienced")
	}
}
