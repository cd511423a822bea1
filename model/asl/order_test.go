package asl

import (
	"context"
	"math/big"
	"slices"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
	"github.com/sapperhq/sapper/sim"
)

// TestLeadersCheckByTheirMLNow: leaders check highest ML first (A10.2),
// the ML a check is made against: a wounded 9-1's is 8 (A17.3), below a
// 9-2's, though his counter prints 9. Leaders of one ML keep the order
// their counters' MLs, then the input, give.
func TestLeadersCheckByTheirMLNow(t *testing.T) {
	for _, c := range []struct {
		units []string
		want  []int8
	}{
		{[]string{"leader:9-1,wounded", "leader:9-2"}, []int8{1, 0}},
		// 8 and 8: the wounded 9-1's counter first
		{[]string{"4-6-7", "leader:8-1", "leader:9-1,wounded"}, []int8{2, 1, 0}},
		{[]string{"leader:9-2", "leader:9-1"}, []int8{0, 1}},
		{[]string{"leader:9-1", "leader:9-2"}, []int8{0, 1}},
		{[]string{"leader:7-0", "leader:8-1,berserk"}, []int8{1, 0}},
	} {
		var units []Unit
		for _, s := range c.units {
			units = append(units, mustUnit(t, s))
		}
		var l loc
		l.setup(units, 3, locRules{})
		got := l.order[:l.n]
		if !slices.Equal(got, c.want) || !l.ordered() {
			t.Errorf("%v: check order %v, want %v", c.units, got, c.want)
		}
	}
}

// TestWoundedLeaderChecksAfterHigherML: a fire attack of 8 FP, no DRM, no
// Heat of Battle, on a wounded 9-1 and a 9-2 in the open. The 9-2 checks
// first, and the 9-1 (ML 8) takes his −2 only if he passed (A10.2, A10.7,
// A7.831); checked first, as his counter's 9 had him, the 9-1 took it
// before the 9-2 had rolled: 13.06% broken instead of 20.18%.
//
// The fractions are an independent calculator's, written from
// rules/asl.md alone (every Original DR, Random Selection and wound
// severity dr enumerated in exact arithmetic), which agrees with sapper's
// exact figures on fifteen other plans and attacks.
func TestWoundedLeaderChecksAfterHigherML(t *testing.T) {
	a := NewIFTAttack(8)
	a.Options.HeatOfBattle = false
	for _, s := range []string{"leader:9-1,wounded", "leader:9-2"} {
		a.Targets = append(a.Targets, mustUnit(t, s))
	}
	res := exactFractions(t, a, 1)
	wantFraction(t, res, TargetMetric(1), "broken", "508357/2519424")
	wantFraction(t, res, MetricStack, "cleared", "220175/1679616")
}

// TestLaterAttackOrdersByMLNow: a plan of 12 FP then 8 FP on a 9-2, a 9-1
// and a 4-6-7 in a wooden building (TEM +2), no Heat of Battle. The first
// attack may wound the 9-2, who then checks after the 9-1 in the second:
// the order is each attack's, of the Location as the last one left it,
// not the plan's first. The fractions are the independent calculator's
// (TestWoundedLeaderChecksAfterHigherML); the order fixed at the plan's
// start gave 1.0359% eliminated for the squad where it has 1.0371%.
func TestLaterAttackOrdersByMLNow(t *testing.T) {
	shot := func(fp float64) PlanStep {
		return fireStep(fp, func(a *IFTAttack) {
			a.Building, a.TEM = Wooden, 2
			a.Options.HeatOfBattle = false
		})
	}
	p := planOf(t, []string{"leader:9-2", "leader:9-1", "4-6-7"}, shot(12), shot(8))
	res := exactFractions(t, p, 2)
	// The merged walk is the unmerged one's, for the two leaders alone:
	// the merge keys name the units still to check, whose order each
	// attack fixes again (the keys that counted only their MCs merged
	// states whose checks went in other orders: 1.51% eliminated for the
	// 9-2, where every path gives 1.56%).
	simtest.SameWithoutMerge(t, planOf(t, []string{"leader:9-2", "leader:9-1"}, shot(12), shot(8)), 1<<24)
	wantFraction(t, res, TargetMetric(3), "eliminated", "910029804198335/87747802561511424")
	wantFraction(t, res, MetricStack, "cleared", "97319481999595/1371059415023616")
	wantFraction(t, res, TargetMetric(1), "broken", "6884574061/29386561536")
}

// exactFractions runs x's experiment exactly, with its fractions, on
// workers workers.
func exactFractions(t *testing.T, x experimenter, workers int) *sim.Result {
	t.Helper()
	exp, err := x.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// wantFraction fails t unless metric's outcome in res is the fraction
// want exactly.
func wantFraction(t *testing.T, res *sim.Result, metric, outcome, want string) {
	t.Helper()
	o, err := res.Outcome(metric, outcome)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := new(big.Rat).SetString(want)
	if o.Fraction == nil || o.Fraction.Cmp(w) != 0 {
		t.Errorf("%s=%s: %v, want %s", metric, outcome, o.Fraction, want)
	}
}
