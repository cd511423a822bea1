package sasl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
	"github.com/sapperhq/sapper/sim"
)

// Random crossings.
//
// The hand-picked cases of merge_test.go hold one thing each that a merge
// key or a merged roll must keep. Random crossings hold the combinations
// nobody thought to pick: stacks of one to three units of every kind,
// one to three Locations at 1 to 3 MF, S? alone and in Fire Groups, Long
// Range, Hazardous and Assault Movement, Russian and British tables, and
// every switch of rules/sasl.md §7 either way.

// randomUnits are what a random stack is drawn from.
var randomUnits = []string{
	"4-6-7", "4-6-7,elr=1", "4-4-7,class=green", "hs:2-4-7", "5-4-8,class=elite",
	"leader:8-1", "leader:9-2", "leader:7-0", "hero:1-4-9", "crew:2-2-8",
}

// randomCrossing draws a crossing from rng; Validate may refuse it.
func randomCrossing(t testing.TB, rng *rand.Rand) *Crossing {
	c := &Crossing{ELR: rng.IntN(6), Tables: testTables(), Options: DefaultOptions()}
	c.Enemy = Enemy{AC: 2 + rng.IntN(4), Attitude: Attitude(rng.IntN(2)), MissionDRM: rng.IntN(3) - 1,
		Nationality: "russian", Date: Date{1941 + rng.IntN(4), 1 + rng.IntN(12)}}
	if rng.IntN(4) == 0 {
		c.Tables, c.Enemy.Nationality = britishTables(), "british"
	}
	var units []string
	for range 1 + rng.IntN(3) {
		units = append(units, randomUnits[rng.IntN(len(randomUnits))])
	}
	c.Stack = mustUnits(t, units...)

	// The S?, each allowing one to three items, so that most crossings
	// stay small enough to walk every dice path; those in the house form
	// one Fire Group, and stand and see the path alike (S3).
	ids := []string{"A", "B", "C"}[:1+rng.IntN(3)]
	site := Sites()[rng.IntN(2)]
	for _, id := range ids {
		sq := SQ{ID: id, ACDRM: rng.IntN(5) - 2, Site: Sites()[rng.IntN(2)]}
		if rng.IntN(3) == 0 {
			sq.Loc, sq.Site = "house", site
		}
		allowed := map[Item]bool{ItemS: true}
		for range rng.IntN(3) {
			allowed[Item(rng.IntN(int(numItems)))] = true
		}
		for it := range numItems {
			if !allowed[it] {
				sq.Forbid = append(sq.Forbid, it)
			}
		}
		c.SQ = append(c.SQ, sq)
	}
	// eligible makes e's S? eligible at st, and every S? in its Location.
	eligible := func(st *Step, e Eligible) {
		loc := c.SQ[slices.IndexFunc(c.SQ, func(sq SQ) bool { return sq.ID == e.ID })].Loc
		for _, sq := range c.SQ {
			if sq.ID == e.ID || loc != "" && sq.Loc == loc {
				e.ID = sq.ID
				st.Eligible = append(st.Eligible, e)
			}
		}
	}
	for k := range 1 + rng.IntN(3) {
		st := Step{Name: fmt.Sprintf("L%d", k+1), MF: float64(1 + rng.IntN(3)), TEM: rng.IntN(4) - 1}
		st.Open = st.TEM == 0 && rng.IntN(2) == 0
		house := false
		for _, sq := range c.SQ {
			if rng.IntN(3) == 0 || sq.Loc != "" && house {
				continue
			}
			house = house || sq.Loc != ""
			e := Eligible{ID: sq.ID, Range: 1 + rng.IntN(8), Hindrance: rng.IntN(3) / 2}
			if rng.IntN(5) == 0 {
				e.Range, e.LongRange = 9+rng.IntN(8), true
			}
			eligible(&st, e)
		}
		c.Path = append(c.Path, st)
	}
	// Every S? eligible somewhere, and one eligible for Long Range
	// Activation alone with no AC drm (S5.32).
	for i := range c.SQ {
		sq := &c.SQ[i]
		longOnly := true
		for _, st := range c.Path {
			for _, e := range st.Eligible {
				if e.ID == sq.ID {
					longOnly = longOnly && e.LongRange
				}
			}
		}
		if !slices.ContainsFunc(c.Path, func(st Step) bool {
			return slices.ContainsFunc(st.Eligible, func(e Eligible) bool { return e.ID == sq.ID })
		}) {
			eligible(&c.Path[rng.IntN(len(c.Path))], Eligible{ID: sq.ID, Range: 1 + rng.IntN(8)})
			longOnly = false
		}
		if longOnly {
			sq.ACDRM = 0
		}
	}
	switch rng.IntN(8) {
	case 0:
		c.Hazardous = true
	case 1:
		c.Assault = len(c.Path) == 1
	}
	o := &c.Options
	for _, b := range []*bool{&o.PinnedKeepsFire, &o.BerserkDrawsFire, &o.CowerOffLowestNoEffect,
		&o.HeatOfBattle, &o.AcceptBattleHardening, &o.KnownEnemyInLOS, &o.LeaderLossReversesPositive,
		&o.BerserkTCChain, &o.LeadersElite, &o.FanaticBerserk} {
		if rng.IntN(4) == 0 {
			*b = !*b
		}
	}
	return c
}

// TestRandomCrossings: on random crossings, walking the kept paths (the
// merge keys, the shots' rolls merged by effect) gives the model's
// figures to the byte, at one worker and at two; and where every dice
// path can be walked, the merged enumeration gives every probability of
// the unmerged one to 1e-12, the same for one worker and two, and each
// lies in the Monte Carlo 99.999% interval (simtest.HoldsToModel).
func TestRandomCrossings(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	simtest.HoldsOnRandom(t, "crossings", 64, func(i int) (simtest.Model, string, error) {
		c := randomCrossing(t, rng)
		js, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return c, fmt.Sprintf("crossing %d %s", i, js), c.Validate()
	})
}

// TestWorkingNeverFires: on random crossings, the listings the working
// says can never fire (Working's FireWorking.Never) change nothing: the
// crossing without them gives every probability of the crossing with
// them, to 1e-12, where both can be walked.
func TestWorkingNeverFires(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 6))
	n, dropped := 64, 0
	if testing.Short() {
		n = 24
	}
	for i := range n {
		c := randomCrossing(t, rng)
		if c.Validate() != nil {
			continue
		}
		w := c.Working()
		cut := *c
		cut.Path = slices.Clone(c.Path)
		at, any := 0, false
		for k := range cut.Path {
			st := &cut.Path[k]
			st.Eligible = slices.DeleteFunc(slices.Clone(st.Eligible), func(Eligible) bool {
				never := w.Fire[at].Never != ""
				at++
				any = any || never
				return never
			})
		}
		if !any || cut.Validate() != nil {
			continue
		}
		full, ok1 := exactFigures(t, c)
		less, ok2 := exactFigures(t, &cut)
		if !ok1 || !ok2 {
			continue
		}
		dropped++
		if _, kept := full["long_range=not_rolled"]; kept && !slices.ContainsFunc(cut.Path, func(st Step) bool {
			return slices.ContainsFunc(st.Eligible, func(e Eligible) bool { return e.LongRange })
		}) {
			// With no Long Range listing left the metric is not kept: the
			// DR was never rolled.
			less["long_range=not_rolled"] = 1
		}
		js, _ := json.Marshal(c)
		for k, p := range full {
			if d := p - less[k]; d > 1e-12 || d < -1e-12 {
				t.Errorf("crossing %d %s: %s %.15f with the listings that never fire, %.15f without", i, js, k, p, less[k])
			}
		}
		for k, p := range less {
			if _, ok := full[k]; !ok && p != 0 {
				t.Errorf("crossing %d %s: %s %.15f only without the listings that never fire", i, js, k, p)
			}
		}
	}
	if dropped == 0 {
		t.Fatal("no random crossing had a listing that never fires")
	}
	t.Logf("%d crossings walked with and without the listings that never fire", dropped)
}

// exactFigures is every probability of c's exact enumeration, by metric
// and outcome; false when it is over a test's budget.
func exactFigures(t *testing.T, c *Crossing) (map[string]float64, bool) {
	t.Helper()
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, MaxPaths: 400_000})
	if err != nil {
		var be *sim.BudgetError
		if errors.As(err, &be) {
			return nil, false
		}
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, m := range res.Metrics {
		for _, o := range m.Outcomes {
			out[m.Name+"="+o.Label] = o.P
		}
	}
	return out, true
}
