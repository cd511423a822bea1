package sasl

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// mergeBudget bounds the unmerged reference walk of one case: every case
// of TestMergeChangesNothing is chosen to fit it.
const mergeBudget = 3_000_000

// mergeCrossings are crossings small enough to walk every dice path, one
// for each thing a merge key must hold: a lone squad, a squad and a HS, a
// squad and a leader (leadership, leader loss), 2 MF (ROF, Subsequent
// First Fire, malfunction), a Fire Group of two S? with Long Range
// Activation at two Locations, three Locations, Hazardous Movement, and
// ELR 0 with the S16 switches off; a Fire Group whose leader comes from
// one S? and its squads from the other; two squads of one counter, with and
// without a leader, three HS, and two at 2 MF; a Green squad and a
// leader, a HS and two leaders.
func mergeCrossings(t *testing.T) map[string]*Crossing {
	// allow forbids every item but these on every S?, so that every path
	// can be walked.
	allow := func(c *Crossing, items ...Item) {
		var forbid []Item
		for it := range numItems {
			if !slices.Contains(items, it) {
				forbid = append(forbid, it)
			}
		}
		for i := range c.SQ {
			c.SQ[i].Forbid = forbid
		}
	}
	base := func(units ...string) *Crossing {
		c := twoSQ(t)
		c.Stack = mustUnits(t, units...)
		c.Path[1].Eligible = c.Path[1].Eligible[:1]
		c.Path[1].MF = 1
		allow(c, ItemS, ItemHS)
		return c
	}
	cs := map[string]*Crossing{}
	cs["lone squad"] = base("4-6-7")
	cs["squad and HS"] = base("4-6-7", "hs:2-4-7")
	cs["squad and leader"] = base("4-6-7", "leader:8-1")
	// Twins (twinsOf): two squads of one counter trade states in the keys.
	cs["two squads"] = base("4-6-7", "4-6-7")
	c := base("4-6-7", "4-6-7", "leader:8-1")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	cs["two squads and a leader"] = c
	// Twins during an attack (mergeResolve): three HS, whose checks to
	// come may differ (a K/# eliminates one, the others take its MC), a
	// set of three; and two squads at 2 MF, ROF and Subsequent First Fire.
	c = base("hs:2-4-7", "hs:2-4-7", "hs:2-4-7")
	c.Options.HeatOfBattle = false
	cs["three HS"] = c
	c = base("4-6-7", "4-6-7")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	c.Path[0].MF = 2
	allow(c, ItemS)
	c.Options.HeatOfBattle = false
	cs["two squads, 2 MF"] = c

	// A Green unit is Inexperienced once its leader has stopped at an
	// earlier Location (A19.3), and not before: the keys hold whether each
	// leader stands unbroken in play (appendUnits).
	cs["Green squad and a leader"] = base("4-4-7,class=green", "leader:8-1")
	// Leaders settled in the crossing's last attack (settle) still lead
	// the checks to come, by ML and modifier.
	c = base("hs:2-4-7", "leader:9-2", "leader:8-1")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	c.Options.HeatOfBattle = false
	cs["HS and two leaders"] = c

	c = base("4-6-7")
	allow(c, ItemS, ItemL)
	cs["generated leaders"] = c

	c = base("4-6-7")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	c.Path[0].MF = 2
	allow(c, ItemS, ItemSW)
	cs["2 MF"] = c

	c = base("4-6-7", "leader:8-1")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	c.Path[0].MF = 2
	allow(c, ItemS)
	// Without Heat of Battle: its branches under S29's morale defaults
	// take the unmerged walk past its cap (the other cases keep it).
	c.Options.HeatOfBattle = false
	cs["2 MF and a leader"] = c

	c = base("4-6-7")
	c.SQ = []SQ{{ID: "A", Loc: "house", ACDRM: 1, Site: "inside"}, {ID: "B", Loc: "house", ACDRM: 1, Site: "inside"}, {ID: "C", Site: "outside"}}
	allow(c, ItemS)
	c.Enemy.AC = 2
	c.Path = []Step{
		{Name: "street", MF: 1, Open: true, Eligible: []Eligible{{ID: "A", Range: 2}, {ID: "B", Range: 2}, {ID: "C", Range: 12, LongRange: true}}},
		{Name: "yard", MF: 1, Eligible: []Eligible{{ID: "A", Range: 1}, {ID: "B", Range: 1}, {ID: "C", Range: 11, LongRange: true}}},
	}
	cs["Fire Group and Long Range"] = c
	c2 := *c
	c2.Stack = mustUnits(t, "4-6-7", "4-6-7", "leader:8-1")
	cs["Fire Group and Long Range, two squads and a leader"] = &c2

	c = base("4-6-7")
	c.Enemy.AC = 5
	c.SQ = append(c.SQ, SQ{ID: "C", ACDRM: -2, Site: "outside"})
	allow(c, ItemS)
	c.Path = append(c.Path, Step{Name: "M7", MF: 1, Open: true, Eligible: []Eligible{{ID: "C", Range: 4}, {ID: "A", Range: 1}}})
	cs["three Locations"] = c

	// British Fire Groups of one FP, one exempt from Cowering and one not
	// (S29): the keys hold whether a Fire Group may cower.
	c = base("4-6-7")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	c.Enemy.AC, c.Enemy.Nationality = 5, "british"
	c.Tables = britishTables()
	allow(c, ItemS)
	cs["British, cowering or not"] = c

	// British Fire Groups at 2 MF of squads that differ only in Class
	// (1st Line, exempt from Cowering, or 2nd Line) and in whether range 3
	// is within their Normal Range: a squad beyond it fires in the first
	// round only, and each round cowers by its own firers (S13, S22, S29).
	// After the first round, a 1st Line squad within range beside a 2nd
	// Line one beyond it fires as a 2nd Line one within range beside a 1st
	// Line one beyond it would, but only the second cowers: the keys hold
	// each firer's class.
	c = base("4-6-7")
	c.Path, c.SQ = c.Path[1:], c.SQ[1:] // S? A was eligible at the first Location only
	c.Path[0].MF = 2
	c.Path[0].Eligible[0].Range = 3
	c.Enemy.AC, c.Enemy.Nationality = 5, "british"
	c.Tables = britishTables()
	c.Tables.Units["4-2-7"] = UnitDef{Kind: Squad, FP: 4, Range: 2, BPV: 8, HS: "2-3-7"}
	c.Tables.Units["4-2-7b"] = UnitDef{Kind: Squad, FP: 4, Range: 2, Class: asl.SecondLine, BPV: 7, HS: "2-3-7"}
	x2 := Column{First: 2}
	for i := range 8 {
		x2.Rows = append(x2.Rows, Entry{Unit: []string{"4-4-7", "4-2-7b", "4-4-7b", "4-2-7"}[i%4]})
	}
	c.Tables.X2 = Table{Columns: []Column{x2}}
	allow(c, ItemS)
	c.Options.HeatOfBattle = false
	cs["British, cowering by round"] = c

	// S3, S23: an S? that Activates only a leader directs the squads of
	// the other; checked first (S2), before anything fires, he is in the
	// key between the two checks.
	c = base("4-6-7")
	c.SQ = []SQ{{ID: "A", Loc: "house", ACDRM: -1, Site: "inside"}, {ID: "B", Loc: "house", Site: "inside"}}
	allow(c, ItemL)
	a := c.SQ[0].Forbid
	allow(c, ItemS, ItemHS)
	c.SQ[0].Forbid = a
	c.Path = []Step{{Name: "street", MF: 1, Open: true, Eligible: []Eligible{{ID: "A", Range: 3}, {ID: "B", Range: 3}}}}
	cs["Fire Group, a leader from one S?"] = c

	c = base("4-6-7")
	c.Hazardous = true
	c.Enemy = Enemy{AC: 2, Attitude: Advance, MissionDRM: 1, Nationality: "russian", Date: Date{1943, 2}}
	cs["Hazardous, Advance"] = c

	c = base("4-4-7,class=green", "hs:2-4-7")
	c.ELR = 0
	c.Options = Options{}
	cs["ELR 0, Green, switches off"] = c
	return cs
}

// TestMergeChangesNothing: the exact enumeration that merges equal states
// (mergekey.go) gives every probability of the walk of every dice path, to
// 1e-12, with one, two and three workers; its output is the same for any
// worker count, and it walks fewer paths.
func TestMergeChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("the unmerged walks are slow")
	}
	for name, c := range mergeCrossings(t) {
		t.Run(name, func(t *testing.T) {
			exp, err := c.Experiment()
			if err != nil {
				t.Fatal(err)
			}
			full, err := sim.RunExact(context.Background(), exp, sim.Config{Workers: 2, NoMerge: true, MaxPaths: mergeBudget})
			var be *sim.BudgetError
			if errors.As(err, &be) {
				t.Fatalf("the unmerged walk exceeds %d paths: make the case smaller", uint64(mergeBudget))
			}
			if err != nil {
				t.Fatal(err)
			}
			var first *sim.Result
			for _, workers := range []int{1, 2, 3} {
				merged, err := sim.RunExact(context.Background(), exp, sim.Config{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				for i, m := range full.Metrics {
					for k, o := range m.Outcomes {
						got := merged.Metrics[i].Outcomes[k].P
						if math.Abs(got-o.P) > 1e-12 {
							t.Errorf("-j %d: %s=%s merged %.15f, every path %.15f", workers, m.Name, o.Label, got, o.P)
						}
						if first != nil && got != first.Metrics[i].Outcomes[k].P {
							t.Errorf("-j %d: %s=%s %v, -j 1 %v", workers, m.Name, o.Label, got, first.Metrics[i].Outcomes[k].P)
						}
					}
				}
				if first != nil && merged.Paths != first.Paths {
					t.Errorf("-j %d: %d paths, -j 1 %d", workers, merged.Paths, first.Paths)
				}
				if merged.Paths >= full.Paths {
					t.Errorf("-j %d: merging walked %d paths, every path is %d", workers, merged.Paths, full.Paths)
				}
				first = merged
			}
			t.Logf("%d paths merged, %d unmerged", first.Paths, full.Paths)
		})
	}
}

// TestTwinsMerge: letting squads of one counter trade states in the
// merge keys (twinsOf), between attacks and then during an attack's
// morale checks too, walks fewer paths each time and gives the same exact
// fractions, to the digit, as keying each unit in its place.
func TestTwinsMerge(t *testing.T) {
	for _, name := range []string{"Fire Group and Long Range, two squads and a leader", "three HS"} {
		t.Run(name, func(t *testing.T) {
			c := mergeCrossings(t)[name]
			run := func(twins, fixed bool) *sim.Result {
				p, err := newPlan(c, 1)
				if err != nil {
					t.Fatal(err)
				}
				if !p.twins {
					t.Fatal("no twins found in squads of one counter")
				}
				p.twins, p.fixed = twins, fixed
				res, err := sim.RunExact(context.Background(), sim.Experiment{Schema: p.schema(), New: p.newTrial},
					sim.Config{Method: sim.Exact, Workers: 2, Fractions: true})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			apart, between, together := run(false, false), run(true, true), run(true, false)
			for _, r := range []struct {
				name string
				res  *sim.Result
			}{{"between attacks", between}, {"during attacks too", together}} {
				for i, m := range apart.Metrics {
					for k, o := range m.Outcomes {
						got := r.res.Metrics[i].Outcomes[k]
						if got.Fraction.Cmp(o.Fraction) != 0 || math.Abs(got.P-o.P) > 1e-15 {
							t.Errorf("%s=%s: twins merged %s, %s (%v), apart %s (%v)", m.Name, o.Label, r.name, got.Fraction, got.P, o.Fraction, o.P)
						}
					}
				}
			}
			if between.Paths >= apart.Paths || together.Paths >= between.Paths {
				t.Errorf("twins merged walk %d paths during attacks too, %d between attacks, %d apart", together.Paths, between.Paths, apart.Paths)
			}
			t.Logf("%d paths with twins merged during attacks too, %d between attacks, %d apart", together.Paths, between.Paths, apart.Paths)
		})
	}
}

// TestTwinsOf: units of one counter, leaders aside, are twins.
func TestTwinsOf(t *testing.T) {
	twin, any := twinsOf(mustUnits(t, "4-6-7", "leader:8-1", "hs:2-4-7", "4-6-7", "leader:8-1", "4-6-7,class=green", "4-6-7"))
	want := []int8{0, -1, -1, 0, -1, -1, 0}
	if !any || !slices.Equal(twin[:len(want)], want) {
		t.Errorf("twins %v (any %v), want %v", twin[:len(want)], any, want)
	}
	if _, any := twinsOf(mustUnits(t, "4-6-7", "hs:2-4-7", "leader:8-1", "leader:8-1")); any {
		t.Error("twins among units of different counters, or leaders")
	}
}

// TestKeptPathsAreTheModel: walking a crossing's kept graph
// (sim.Experiment.KeepPaths), where the keys of exact mode meet the draws
// of Monte Carlo, every crossing here gives the figures of its model run
// on every trial, to the byte; each worker walks to the end of the run,
// whatever the walk costs.
func TestKeptPathsAreTheModel(t *testing.T) {
	for name, c := range mergeCrossings(t) {
		walkedIsModel(t, name, c, sim.Config{Trials: 60_000, Seed: 4, Workers: 2})
	}
}

// walkedIsModel fails t unless crossing c run by cfg with its kept paths
// walked to the end of the run gives the figures of its model run on
// every trial, to the byte.
func walkedIsModel(t *testing.T, name string, c *Crossing, cfg sim.Config) {
	t.Helper()
	exp, err := c.Experiment()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	cfg.NoPaths, cfg.KeepWalking = true, false
	want, err := sim.RunMC(context.Background(), exp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.NoPaths, cfg.KeepWalking = false, true
	got, err := sim.RunMC(context.Background(), exp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got.Elapsed, want.Elapsed = 0, 0
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: walking kept paths changed the figures", name)
	}
}
