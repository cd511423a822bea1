package asl

import (
	"context"
	"math/big"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestPlanHeroAttackedLater: a hero created by Heat of Battle in the
// first attack is a target of the second (§8.64), worked out by hand.
//
// A lone 4-6-7 (ML 7, first line: HoB DRM 0 while unbroken, A15.1) takes
// two 1-FP attacks, each leader-directed so that no Original double
// Cowers (A7.9), with no DRM: on the 1 column (§2.1) Final = Original,
// 2–3 → 1MC, 4 → NMC, 5 → PTC, 6+ → no effect.
//
// Attack 1, Heat of Battle on. A hero is created when the squad's MC
// Original DR is 2 (A15.1): the MC passes (Final 3 or 2 ≤ 7), so the HoB
// DR has no broken +1 and creates a 1-4-9 hero on a Final ≤ 6 (≤ 4 hero,
// 5–6 hero and Battle Hardening, §3.8), 15/36. A PTC is a NTC and
// triggers nothing. So
//
//	P(hero) = (3/36 [1MC] + 3/36 [NMC]) · 1/36 · 15/36 = 5/2592.
//
// The hero is not a target of the attack that created him (§8.26).
//
// Attack 2, Heat of Battle off, so it creates no hero of its own. The
// hero (ML 9, never pinned, not subject to ELR: A15.2, §3.5) takes the
// MC. A hero who fails a MC is wounded (A15.2), and a wound is mortal on
// a Wound Severity dr of 5–6 (A17.11), 2/6; on an Original 12 he is
// wounded with +1 on that dr (A10.31, §3.5), 3/6. A mortal wound
// eliminates him; a wounded hero stays in play. No leader is there to
// help or to be lost, and the squad's fate does not touch him.
//
//	1MC (3/36): fails on 9–11 (Final 10–12 > 9), 9/36 · 2/6;
//	            Original 12, 1/36 · 3/6: 21/216 = 7/72
//	NMC (3/36): fails on 10–11, 5/36 · 2/6; 12: 1/36 · 3/6: 13/216
//	PTC: none for a hero (never pinned).
//
//	P(eliminated | hero) = 3/36 · (21 + 13)/216 = 17/1296
//
// So one hero is in play at the end with 5/2592 · 1279/1296 =
// 6395/3359232; had the second attack left him alone, 5/2592.
func TestPlanHeroAttackedLater(t *testing.T) {
	shot := func(hob bool) PlanStep {
		return fireStep(1, func(a *IFTAttack) {
			a.LeaderDirected = true
			a.Options.HeatOfBattle = hob
		})
	}
	p := planOf(t, []string{"4-6-7"}, shot(true), shot(false))
	exp, err := p.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*big.Rat{"1": big.NewRat(6395, 3359232), "0": big.NewRat(3359232-6395, 3359232)}
	m := res.Metric(MetricHeroes)
	if m == nil || len(m.Outcomes) != len(want) {
		t.Fatalf("heroes: %+v, want the outcomes 0 and 1", m)
	}
	for _, o := range m.Outcomes {
		if o.Fraction == nil || o.Fraction.Cmp(want[o.Label]) != 0 {
			t.Errorf("heroes=%s: %v, want %v", o.Label, o.Fraction, want[o.Label])
		}
	}
}
