package asl

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
	"github.com/sapperhq/sapper/model/bound"
	"github.com/sapperhq/sapper/sim"
)

// fireStep is a fire attack of fp FP for a plan, set adjusting it.
func fireStep(fp float64, set func(*IFTAttack)) PlanStep {
	a := NewIFTAttack(fp)
	if set != nil {
		set(&a)
	}
	return PlanStep{Fire: &a}
}

// dcStep is a DC of mode m for a plan, set adjusting it.
func dcStep(m Mode, set func(*DCAttack)) PlanStep {
	a := NewDCAttack(m)
	if set != nil {
		set(&a)
	}
	return PlanStep{DC: &a}
}

func planOf(t *testing.T, units []string, steps ...PlanStep) Plan {
	t.Helper()
	p := NewPlan(nil, steps...)
	for _, s := range units {
		p.Targets = append(p.Targets, mustUnit(t, s))
	}
	return p
}

// TestPlanTwoShotsAtABrokenSquad: two 1-FP shots, leader-directed (no
// Cowering) with no DRM, at a lone broken 4-6-7 (broken-side ML 7),
// Heat of Battle off.
//
// The 1 column (§2.1) reads Final = Original: 2–3 → 1MC, 4 → NMC, 5 → PTC
// (a broken unit takes none), 6+ → no effect. A broken unit's MC (§3.5):
// an Original 12 eliminates it, a failure (Final > ML) Casualty-Reduces it;
// a squad becomes a broken HS (ML 6), a HS is eliminated.
//
// Squad, one shot: 1MC (3/36) fails on MC 7–11 (20/36), 12 eliminates
// (1/36); NMC (3/36) fails on 8–11 (14/36), 12 eliminates (1/36).
// So eliminated 6/1296, broken HS 102/1296, broken squad 1188/1296.
// Broken HS, one shot: 1MC eliminates on 6–12 (26/36), NMC on 7–12
// (21/36): eliminated (3·26 + 3·21)/1296 = 141/1296.
//
// Two shots, over 1296² = 1679616:
//
//	eliminated  6·1296 + 102·141 + 1188·6 = 29286
//	broken HS   102·(1296 − 141) + 1188·102 = 238986 (reduced)
//	broken squad 1188² = 1411344
//
// The squad is broken from the start, so the Location is cleared after
// the first attack.
func TestPlanTwoShotsAtABrokenSquad(t *testing.T) {
	shot := func() PlanStep {
		return fireStep(1, func(a *IFTAttack) {
			a.LeaderDirected = true
			a.Options.HeatOfBattle = false
		})
	}
	res := exactOf(t, planOf(t, []string{"4-6-7,broken"}, shot(), shot()))
	const d = 1679616
	check(t, "eliminated", res.P("target.1", "eliminated"), 29286, d)
	check(t, "broken", res.P("target.1", "broken"), 238986+1411344, d)
	check(t, "reduced", res.P("target.1.reduced", "yes"), 238986, d)
	check(t, "cleared after 1", res.P(MetricClearedAfter, "1"), 1, 1)
	check(t, "no heroes", res.P(MetricHeroes, "0"), 1, 1)
}

// TestPlanPinnedLeaderGivesNoDRM: an 8-1 (target DRM +3) and a concealed
// 4-6-7 (its FP halved, A7.23), under leader-directed small arms (no
// Cowering), Heat of Battle off.
//
// Attack 1, 36 FP at TEM +2 and DRM +8: the leader is on the 36+ column at
// Original + 13, a PTC whatever the dice (row ≥ 15); the squad on the 16
// column (18 FP) at Original + 10 ≥ 12, no effect. The leader's NTC (no
// leader to help him) fails on 9–12: he is pinned with π = 10/36.
//
// Attack 2, 2 FP at +3: the squad is on the 1 column at Original + 3, the
// leader on the 2 column at Original + 6, no effect (row ≥ 7). Only an
// Original 2 does anything (1/36): a PTC for the squad, whose NTC (ML 7)
// takes the leader's −1 if he is not pinned, failing on 9–12 (10/36);
// under a pinned leader it fails on 8–12 (15/36) (A7.831, §7.5).
//
// P(squad pinned) = 1/36 · (26·10 + 10·15)/1296 = 410/46656, and
// P(leader pinned) = 10/36. Were the pin not carried, the squad's would be
// 360/46656.
func TestPlanPinnedLeaderGivesNoDRM(t *testing.T) {
	prep := fireStep(36, func(a *IFTAttack) {
		a.LeaderDirected, a.TEM, a.DRM = true, 2, 8
		a.Options.HeatOfBattle = false
	})
	fire := fireStep(2, func(a *IFTAttack) {
		a.LeaderDirected, a.DRM = true, 3
		a.Options.HeatOfBattle = false
	})
	res := exactOf(t, planOf(t, []string{"leader:8-1,drm=3", "4-6-7,concealed"}, prep, fire))
	check(t, "squad pinned", res.P("target.2", "pinned"), 410, 46656)
	check(t, "leader pinned", res.P("target.1", "pinned"), 10, 36)
}

// builtinPlans are the plans of the built-in scenarios of sapper plans.
func builtinPlans(t *testing.T) map[string]Plan {
	stone := func(tem int) func(*IFTAttack) {
		return func(a *IFTAttack) { a.Building, a.TEM = Stone, tem }
	}
	placed := func(a *DCAttack) { a.Building, a.TEM = Stone, 3 }
	fg := []string{"4-6-7", "leader:8-1"}
	return map[string]Plan{
		"fire group":     planOf(t, fg, fireStep(8, stone(3))),
		"separate shots": planOf(t, fg, fireStep(4, stone(3)), fireStep(4, stone(3))),
		"prep then placed": planOf(t, fg,
			fireStep(8, func(a *IFTAttack) { a.Building, a.TEM, a.LeaderDirected, a.DRM = Stone, 3, true, -1 }), dcStep(Placed, placed)),
		"placed alone":   planOf(t, fg, dcStep(Placed, placed)),
		"placed, broken": planOf(t, []string{"4-6-7,broken", "4-6-7,broken", "leader:8-1,pinned"}, dcStep(Placed, placed)),
		"set after fire": planOf(t, []string{"4-6-7", "hs:2-4-7"},
			fireStep(12, func(a *IFTAttack) { a.Building, a.TEM = Wooden, 2 }),
			dcStep(Set, func(a *DCAttack) { a.Building = Wooden }),
			fireStep(2, func(a *IFTAttack) {
				a.Building, a.TEM, a.Weapon, a.Firer = Wooden, 2, HE, OrdnanceFirer
				a.Calibre = 75
			})),
	}
}

// TestPlanOfOneAttack: a plan of one attack is that attack alone, metric
// by metric.
func TestPlanOfOneAttack(t *testing.T) {
	attacks := []PlanStep{
		dcStep(Placed, func(a *DCAttack) { a.Building, a.TEM, a.EC = Stone, 3, Dry }),
		dcStep(Thrown, func(a *DCAttack) { a.Concealed, a.CX = true, true }),
		dcStep(Set, func(a *DCAttack) {
			a.Building, a.Setter, a.User = Wooden, []Unit{mustUnit(t, "4-6-7")}, NonEliteUser
		}),
		dcStep(Placed, func(a *DCAttack) {
			a.Placer, a.User = []Unit{mustUnit(t, "4-6-7")}, NonEliteUser
			a.DFF = []FireAttack{{FP: 8, DRM: 1}}
		}),
		fireStep(8, func(a *IFTAttack) { a.Building, a.TEM = Wooden, 2 }),
		fireStep(20, func(a *IFTAttack) { a.Weapon, a.Firer, a.Terrain = FFE, FFEFirer, "grain" }),
		fireStep(6, func(a *IFTAttack) { a.Concealed = true }),
	}
	units := []string{"4-6-7,sw=1", "hs:2-4-7,pinned", "leader:9-2,wounded", "leader:8-1"}
	for i, s := range attacks {
		p := planOf(t, units, s)
		alone := s.withTargets(p.Targets, p.ELR)
		var single simtest.Model = alone.Fire
		if alone.DC != nil {
			single = alone.DC
		}
		want, got := exactOf(t, single), exactOf(t, p)
		shared := 0
		for _, m := range got.Metrics {
			name := strings.TrimPrefix(m.Name, "dc.1.")
			w := want.Metric(name)
			if w == nil {
				continue
			}
			shared++
			for _, o := range m.Outcomes {
				if d := math.Abs(o.P - want.P(name, o.Label)); d > tol {
					t.Errorf("attack %d: %s=%s: plan %.15f, alone %.15f", i, m.Name, o.Label, o.P, want.P(name, o.Label))
				}
			}
		}
		if shared < 3*len(units)+3 {
			t.Errorf("attack %d: only %d metrics shared", i, shared)
		}
	}
}

// TestPlanMonteCarlo: Monte Carlo agrees with the exact enumeration on
// every built-in plan, and merging equal states changes no figure.
func TestPlanMonteCarlo(t *testing.T) {
	for name, p := range builtinPlans(t) {
		t.Run(name, func(t *testing.T) {
			planMonteCarloAgrees(t, p)
			if !testing.Short() {
				simtest.SameWithoutMerge(t, p, 2_000_000)
			}
		})
	}
}

// planMonteCarloAgrees runs p exactly and by Monte Carlo (400,000 trials,
// seed 5) and checks that every exact probability lies in its 99.99%
// Wilson interval, as simtest.MonteCarloAgrees does, give or take the
// 1e-12 the exact sums are rounded to (a certain outcome may sum to a hair
// above 1).
func planMonteCarloAgrees(t *testing.T, p Plan) {
	t.Helper()
	ex := exactOf(t, p)
	exp, err := p.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 400_000, Seed: 5, Confidence: 0.9999})
	if err != nil {
		t.Fatal(err)
	}
	for i, met := range mc.Metrics {
		total := 0.0
		for k, o := range met.Outcomes {
			p := ex.Metrics[i].Outcomes[k].P
			total += p
			if p < o.Lo-tol || p > o.Hi+tol {
				t.Errorf("%s=%s exact %.6f outside MC [%.6f, %.6f]", met.Name, o.Label, p, o.Lo, o.Hi)
			}
		}
		if math.Abs(total-1) > tol {
			t.Errorf("%s exact probabilities sum to %v", met.Name, total)
		}
	}
}

// TestPlanHeroJoins: a hero created by Heat of Battle in the first attack
// is in play at the end with a chance, and the bound of heroes is the
// metric's range.
func TestPlanHeroJoins(t *testing.T) {
	p := planOf(t, []string{"4-6-7"}, fireStep(4, nil), fireStep(4, nil))
	res := exactOf(t, p)
	if got := res.P(MetricHeroes, "0"); !(got < 1 && got > 0.9) {
		t.Errorf("heroes=0: %v, want some chance of a hero", got)
	}
	if m := res.Metric(MetricHeroes); len(m.Outcomes) != 3 {
		t.Errorf("heroes: %d outcomes, want 0…2 (one MC each attack, no leader)", len(m.Outcomes))
	}
}

func TestPlanValidation(t *testing.T) {
	cases := map[string]struct {
		p    Plan
		want string
	}{
		"no steps":  {planOf(t, []string{"4-6-7"}), "at least one attack"},
		"two kinds": {planOf(t, []string{"4-6-7"}, PlanStep{DC: &DCAttack{}, Fire: &IFTAttack{}}), "attack 1: give one attack"},
		"locations": {planOf(t, []string{"4-6-7"}, fireStep(4, nil), fireStep(4, func(a *IFTAttack) { a.Building, a.TEM = Stone, 3 })), "attack 2: its Location"},
		"bridge":    {planOf(t, []string{"4-6-7"}, dcStep(Placed, func(a *DCAttack) { a.Wire = true })), "structures"},
		"wp":        {planOf(t, []string{"4-6-7"}, fireStep(0, func(a *IFTAttack) { a.Weapon = WP })), "make no IFT attack"},
		"bad fp":    {planOf(t, []string{"4-6-7"}, fireStep(0, nil)), "attack 1: fp"},
		// an attack's own targets would be dropped for the plan's
		"own targets": {planOf(t, []string{"4-6-7"}, dcStep(Placed, func(a *DCAttack) { a.Targets = []Unit{mustUnit(t, "4-6-7"), mustUnit(t, "4-6-7")} })), "attack 1: target: an attack of a plan names no targets"},
		"heroes": {planOf(t, []string{"4-6-7", "4-6-7", "4-6-7", "leader:8-1", "leader:9-2"},
			fireStep(4, nil), fireStep(4, nil), fireStep(4, nil)), "heroes created"},
	}
	for name, c := range cases {
		err := c.p.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
		// a caller finds the input at fault without reading the text
		if _, ok := bound.FieldOf(err); !ok {
			t.Errorf("%s: %v names no field (bound.FieldOf)", name, err)
		}
	}
}

// TestPlanRubbleOnce: two Placed DCs into a stone building. Each Rubbles
// it with 10/216 = 5/108 whatever the units (R10); Rubble eliminates
// every unit there, and a Rubbled Location Rubbles no more, so the plan
// Rubbles with 1 − (103/108)² = 1055/11664 and eliminates a lone leader
// at least that often.
func TestPlanRubbleOnce(t *testing.T) {
	placed := dcStep(Placed, func(a *DCAttack) { a.Building, a.TEM = Stone, 3 })
	res := exactOf(t, planOf(t, []string{"leader:9-2"}, placed, placed))
	check(t, "rubble", res.P(MetricRubble, "yes"), 1055, 11664)
	if p := res.P("target.1", "eliminated"); p < 1055.0/11664 {
		t.Errorf("eliminated %v below the Rubble's %v", p, 1055.0/11664)
	}
}

// TestPlanTerrainIsItsReaders: the Location's terrain and EC are read only
// by the attacks that can Shellhole or set fire, and by DCs (Table 23):
// HE in woods then small arms, which say no terrain, is one Location and
// gives the HE's Flame alone; two attacks that read the terrain must name
// the same; the building and levels must agree whoever reads them.
func TestPlanTerrainIsItsReaders(t *testing.T) {
	he := func(terrain string) PlanStep {
		return fireStep(16, func(a *IFTAttack) {
			a.Weapon, a.Firer, a.Calibre, a.Terrain, a.TEM = HE, DefaultFirer(HE), 75, terrain, 1
		})
	}
	small := fireStep(8, func(a *IFTAttack) { a.TEM = 1 })
	p := planOf(t, []string{"4-6-7"}, he("woods"), small)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	both, alone := exactOf(t, p).P(MetricFlame, "yes"), exactOf(t, planOf(t, []string{"4-6-7"}, he("woods"))).P(MetricFlame, "yes")
	if both != alone || alone <= 0 {
		t.Errorf("Flame: %v with small arms after the HE, %v alone; want the same, above 0", both, alone)
	}
	for _, c := range []struct {
		name  string
		steps []PlanStep
		want  string
	}{
		{"two terrains", []PlanStep{he("woods"), dcStep(Placed, func(a *DCAttack) { a.Terrain = "grain" })}, "terrain or EC differs"},
		{"two buildings", []PlanStep{small, fireStep(8, func(a *IFTAttack) { a.Building, a.TEM = Wooden, 2 })}, "building, fortified, level"},
	} {
		err := planOf(t, []string{"4-6-7"}, c.steps...).Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if f, _ := bound.FieldOf(err); f != "plan" {
			t.Errorf("%s: %v names the field %q, want plan", c.name, err, f)
		}
	}
}

// TestPlanRevealed: an attack that says the targets' "?" is gone
// (Revealed, concealed=false) reads them unconcealed (§8.63): the plan of
// one such attack on a concealed 4-6-7 is the attack on an unconcealed
// one; the attacks before and after it still read the "?".
func TestPlanRevealed(t *testing.T) {
	shot := func(revealed bool) PlanStep {
		s := fireStep(8, nil)
		s.Revealed = revealed
		return s
	}
	open := exactOf(t, planOf(t, []string{"4-6-7"}, shot(false)))
	revealed := exactOf(t, planOf(t, []string{"4-6-7,concealed"}, shot(true)))
	hidden := exactOf(t, planOf(t, []string{"4-6-7,concealed"}, shot(false)))
	for _, l := range []string{"eliminated", "broken", "good_order"} {
		if a, b := revealed.P(TargetMetric(1), l), open.P(TargetMetric(1), l); a != b {
			t.Errorf("%s: revealed %v, unconcealed %v", l, a, b)
		}
	}
	if revealed.P(MetricStack, "cleared") == hidden.P(MetricStack, "cleared") {
		t.Error("revealing the targets changed nothing")
	}
	if err := planOf(t, []string{"4-6-7"}, shot(true)).Validate(); err == nil {
		t.Error("concealed=false with no concealed target is accepted")
	}
}

// TestPlanDCMetricsByPlace: a DC's figures are named by its place among
// the plan's DCs, whichever attack it is (DCMetric): the DC after Prep
// Fire is dc.1 as the DC alone is, and a second DC is dc.2; its first
// DC's detonation is that of the DC alone, since Prep Fire changes only
// its targets.
func TestPlanDCMetricsByPlace(t *testing.T) {
	placed := dcStep(Placed, func(a *DCAttack) {
		a.Placer, a.User = []Unit{mustUnit(t, "4-6-7")}, NonEliteUser
		a.DFF = []FireAttack{{FP: 4, DRM: 0}}
	})
	alone := exactOf(t, planOf(t, []string{"4-6-7"}, placed))
	later := exactOf(t, planOf(t, []string{"4-6-7"}, fireStep(8, nil), placed, dcStep(Thrown, nil)))
	for _, m := range later.Metrics {
		if strings.HasPrefix(m.Name, "attack.") {
			t.Errorf("metric %s named by its attack", m.Name)
		}
	}
	for _, name := range []string{DCMetric(1, MetricDetonation), DCMetric(1, MetricPlacer), DCMetric(2, MetricDetonation)} {
		if later.Metric(name) == nil {
			t.Errorf("no %s among %d metrics", name, len(later.Metrics))
		}
	}
	if later.Metric(DCMetric(2, MetricPlacer)) != nil {
		t.Error("a Thrown DC has a Placer")
	}
	for _, l := range []string{"detonated", "malfunction", "not_placed"} {
		name := DCMetric(1, MetricDetonation)
		if g, w := later.P(name, l), alone.P(name, l); math.Abs(g-w) > 1e-12 {
			t.Errorf("%s %s after Prep Fire %.15f, alone %.15f", name, l, g, w)
		}
	}
}

// TestPlanStepDRMIsTheWorkings: the DRM a plan's step reports is the
// DRM total its attack's working gives a target with no DRM of its own,
// for every kind of DC and fire the plans' line may name.
func TestPlanStepDRMIsTheWorkings(t *testing.T) {
	sq := mustUnit(t, "4-6-7")
	dc := func(m Mode, tem, drm int, set func(*DCAttack)) PlanStep {
		a := NewDCAttack(m, sq)
		a.TEM, a.DRM = tem, drm
		if set != nil {
			set(&a)
		}
		return PlanStep{DC: &a}
	}
	fire := func(w Weapon, tem, drm int) PlanStep {
		a := NewIFTAttack(8, sq)
		a.TEM, a.DRM, a.Weapon = tem, drm, w
		return PlanStep{Fire: &a}
	}
	steps := []PlanStep{
		dc(Placed, 3, 1, nil), dc(Placed, 3, 1, func(a *DCAttack) { a.CX = true }),
		dc(Thrown, 2, 1, nil), dc(Thrown, 2, 0, func(a *DCAttack) { a.AFPh = true }),
		dc(Thrown, 0, -1, func(a *DCAttack) { a.FromVehicle = true }),
		dc(Set, 0, 1, nil), dc(Set, 0, 0, nil),
		fire(SmallArms, 3, 2), fire(SmallArms, 0, -1), fire(Flamethrower, 0, 1),
	}
	for _, s := range steps {
		var w []RollTarget
		if s.DC != nil {
			w = s.DC.Working().Targets
		} else {
			w = s.Fire.Working().Targets
		}
		if len(w) != 1 || w[0].DRM != s.DRM() {
			t.Errorf("%+v: step DRM %+d, working %+v", s, s.DRM(), w)
		}
	}
}

// TestPlanStepsBuildNoTables: a plan's attacks resolve the Location as the
// attacks before left it, by the whole procedure, so none builds the check
// tables or the short paths of its own start, which for a DC on ten
// targets took megabytes each outside the exact budget.
func TestPlanStepsBuildNoTables(t *testing.T) {
	units := make([]string, 4)
	for i := range units {
		units[i] = "4-6-7"
	}
	p := planOf(t, units, dcStep(Placed, nil), fireStep(8, nil), dcStep(Thrown, nil))
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	ap := newAttackPlan(p)
	for k, s := range ap.steps {
		for _, vs := range s.variants {
			for _, v := range vs {
				if v.dc != nil && (v.dc.tab != nil || slices.ContainsFunc(v.dc.short[:], func(sp *shortPath) bool { return sp != nil })) {
					t.Errorf("attack %d, a DC: check tables %v, short paths %v", k+1, v.dc.tab != nil, v.dc.short)
				}
				if v.fire != nil && v.fire.tab != nil {
					t.Errorf("attack %d, fire: check tables built", k+1)
				}
			}
		}
	}
}
