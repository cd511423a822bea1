package sasl

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestMonteCarloAgreesWithExact runs a two-S? crossing both ways: every
// exact probability must lie within the Monte Carlo interval widened a
// little, the same model code sampled and enumerated.
func TestMonteCarloAgreesWithExact(t *testing.T) {
	c := oracleCrossings(t)["two S?, Hold, 1941"]
	c.Options.HeatOfBattle = true
	agree(t, c, 200_000)
}

// agree checks that every exact probability lies within the Monte Carlo
// interval (99.9%, widened by a tenth).
func agree(t *testing.T, c *Crossing, trials uint64) *sim.Result {
	t.Helper()
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	ex := exactRun(t, c)
	mc, err := sim.RunMC(context.Background(), exp, sim.Config{Trials: trials, Seed: 3, Confidence: 0.999})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ex.Metrics {
		for k, o := range m.Outcomes {
			s := mc.Metrics[i].Outcomes[k]
			slack := 0.1 * (s.Hi - s.Lo)
			if o.P < s.Lo-slack-1e-12 || o.P > s.Hi+slack+1e-12 {
				t.Errorf("%s=%s: exact %.5f outside Monte Carlo [%.5f, %.5f]", m.Name, o.Label, o.P, s.Lo, s.Hi)
			}
		}
	}
	return ex
}

// TestMonteCarloROF: 3 MF, so MGs that keep ROF fire again and the others
// make Subsequent First Fire (S13, S14).
func TestMonteCarloROF(t *testing.T) {
	agree(t, rofCrossing(t, "4-6-7"), 200_000)
}

// rofCrossing is units past one S? at 3 MF, whose MGs keep ROF and fire
// again or make Subsequent First Fire.
func rofCrossing(t *testing.T, units ...string) *Crossing {
	c := twoSQ(t)
	c.Stack = mustUnits(t, units...)
	c.SQ = []SQ{{ID: "A", ACDRM: -2, Site: "outside", Forbid: []Item{ItemF, ItemGun, ItemAFV, ItemSPG, ItemHS, ItemL}}}
	c.Path = []Step{{Name: "wall", MF: 3, TEM: 1, Eligible: []Eligible{{ID: "A", Range: 4}}}}
	return c
}

// TestMonteCarloGroups runs a crossing past a Fire Group of two S?
// sharing a Location and a Long Range Activation by Monte Carlo against
// its exact enumeration.
func TestMonteCarloGroups(t *testing.T) {
	c := groupsCrossing(t, 1)
	ex := agree(t, c, 200_000)
	if p := ex.P(MetricActivated, "2"); p <= 0 {
		t.Errorf("P(both S? of the house Activated) = %v; the Fire Group should form", p)
	}
	if p := ex.P(MetricLongRange, "activated"); p <= 0 {
		t.Errorf("P(Long Range Activation) = %v; the crossing should reach it", p)
	}
}

// TestMonteCarloGroupLeader: a leader Activated by one S? of a Fire Group
// directs the squads of the other, by the same model code sampled and
// enumerated (S3, S23).
func TestMonteCarloGroupLeader(t *testing.T) {
	c := oracleCrossings(t)["one Fire Group, a leader from one S?"]
	c.Options.HeatOfBattle = true
	agree(t, c, 200_000)
}

// groupsCrossing is a 4-6-7 crossing a street at mf MF past a Fire Group
// of two S? sharing a house and a Long Range S?.
func groupsCrossing(t *testing.T, mf float64) *Crossing {
	c := twoSQ(t)
	c.Stack = mustUnits(t, "4-6-7")
	rest := []Item{ItemF, ItemGun, ItemAFV, ItemSPG, ItemHS, ItemL}
	c.SQ = []SQ{{ID: "A", Loc: "house", ACDRM: 1, Site: "inside", Forbid: rest},
		{ID: "B", Loc: "house", ACDRM: 1, Site: "inside", Forbid: append(rest, ItemSW)},
		{ID: "C", ACDRM: 0, Site: "outside"}}
	c.Enemy.AC = 2
	c.Path = []Step{
		{Name: "street", MF: mf, Open: true, Eligible: []Eligible{{ID: "A", Range: 2}, {ID: "B", Range: 2}, {ID: "C", Range: 12, LongRange: true}}},
	}
	return c
}
