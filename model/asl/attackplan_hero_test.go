package asl

import (
	"context"
	"math"
	"math/big"
	"strings"
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

// TestPlanHeroKeepsTheLocation: a hero created by an attack keeps the
// Location from being cleared after the attacks that follow, whose target
// he is (§8.64), though not after the attack that created him (§8.26).
//
// A lone broken 4-6-7 (broken-side ML 7, HoB DRM +1 for broken, A15.1)
// takes a leader-directed 1-FP shot (no Cowering, A7.9) with no DRM: on
// the 1 column Final = Original, 2–3 → 1MC, 4 → NMC (§2.1), 6/36. The MC
// passes on any Original 2 (Final ≤ 3), which triggers Heat of Battle,
// 1/36. Its Final DR, Original + 1 (§3.8), leaves the squad broken with a
// hero beside it on Original 2–3 (3/36), and out of the fight on 11–12
// (surrender, or broken and Disrupted: 3/36); the squad is back in Good
// Order on 4–7 (Battle Hardening, with a hero on 4–5: 18/36) and berserk
// on 8–10 (12/36). So after the shot the Location holds its squad in
// Good Order or berserk on 30/36:
//
//	P(not cleared) = 6/36 · 1/36 · 30/36 = 5/1296.
//
// A second shot that can do nothing (1 FP at +8: Final ≥ 10, no effect)
// meets the hero created on Original 2–3 beside a broken squad, so the
// Location is not cleared after it on 6/36 · 1/36 · 3/36 more:
//
//	P(not cleared) = 5/1296 + 1/2592 = 11/2592,
//
// and the first attack after which it was cleared is still the first.
func TestPlanHeroKeepsTheLocation(t *testing.T) {
	shot := fireStep(1, func(a *IFTAttack) { a.LeaderDirected = true })
	nothing := fireStep(1, func(a *IFTAttack) { a.DRM = 8 })
	run := func(steps ...PlanStep) *sim.Result {
		exp, err := planOf(t, []string{"4-6-7,broken"}, steps...).Experiment()
		if err != nil {
			t.Fatal(err)
		}
		res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	fraction := func(res *sim.Result, metric, label string) *big.Rat {
		for _, o := range res.Metric(metric).Outcomes {
			if o.Label == label && o.Fraction != nil {
				return o.Fraction
			}
		}
		t.Fatalf("%s=%s: no fraction", metric, label)
		return nil
	}
	one, two := run(shot), run(shot, nothing)
	for _, c := range []struct {
		plan   string
		res    *sim.Result
		metric string
		label  string
		want   *big.Rat
	}{
		{"shot", one, MetricStack, "not_cleared", big.NewRat(5, 1296)},
		{"shot; nothing", two, MetricStack, "not_cleared", big.NewRat(11, 2592)},
		{"shot", one, MetricClearedAfter, "never", big.NewRat(5, 1296)},
		{"shot; nothing", two, MetricClearedAfter, "never", big.NewRat(5, 1296)},
	} {
		if got := fraction(c.res, c.metric, c.label); got.Cmp(c.want) != 0 {
			t.Errorf("%s: %s=%s %v, want %v", c.plan, c.metric, c.label, got, c.want)
		}
	}
}

// TestPlanConcealedReachesHero: when every target is concealed by its own
// ",concealed", an attack's concealed changes nothing unless an earlier
// attack may have created a hero, who has no ",concealed" of his own
// (§8.63, §8.64): the plan refuses it where no hero can be there, and
// otherwise halves the FP against the hero alone.
func TestPlanConcealedReachesHero(t *testing.T) {
	shot := func(hob, concealed bool) PlanStep {
		return fireStep(8, func(a *IFTAttack) {
			a.Options.HeatOfBattle = hob
			a.Concealed = concealed
		})
	}
	refused := map[string]Plan{
		"first attack":             planOf(t, []string{"4-6-7,concealed"}, shot(true, true)),
		"no Heat of Battle before": planOf(t, []string{"4-6-7,concealed"}, shot(false, false), shot(true, true)),
	}
	for name, p := range refused {
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "concealed changes nothing") {
			t.Errorf("%s: %v, want concealed refused as changing nothing", name, err)
		}
	}
	heroOut := func(second PlanStep) *big.Rat {
		t.Helper()
		exp, err := planOf(t, []string{"4-6-7,concealed"}, shot(true, false), second).Experiment()
		if err != nil {
			t.Fatal(err)
		}
		res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Metric(MetricHeroes).Outcomes {
			if o.Label == "0" {
				return o.Fraction
			}
		}
		t.Fatal("no outcome heroes=0")
		return nil
	}
	open, halved := heroOut(shot(false, false)), heroOut(shot(false, true))
	if open.Cmp(halved) <= 0 {
		t.Errorf("no hero in play at the end: %v at full FP, %v halved against the hero; want fewer left at full FP", open, halved)
	}
}

// TestPlanFlameReadsTheUnitsThere: a plan's later attack reads Table 23
// and the Flame trigger on the column of the units in the Location as it
// attacks (§8.14, §8.53), not of every unit the plan may hold. Against a
// concealed 4-6-7 in a wooden building, 8 FP of Prep Fire leaves him
// concealed, and creates a hero (Good Order, not concealed) 25/15552 of
// the time, eliminating no one; the Placed DC then reads the 30 column
// with the hero there, 35/324 of Flame (R11), and the 12 otherwise,
// 7/1296: 25/15552·35/324 + 15527/15552·7/1296 = 112189/20155392. A HE
// attack after 2 FP (1 FP on the concealed squad: no MC, so no hero)
// reads the concealed squad's column with table23-unhalved off, as it
// does alone.
func TestPlanFlameReadsTheUnitsThere(t *testing.T) {
	wooden := func(a *IFTAttack) { a.Building, a.TEM = Wooden, 2 }
	dc := dcStep(Placed, func(a *DCAttack) { a.Building, a.TEM = Wooden, 2 })
	check(t, "Flame after Prep Fire", exactOf(t, planOf(t, []string{"4-6-7,concealed"}, fireStep(8, wooden), dc)).P(MetricFlame, "yes"), 112189, 20155392)

	he := fireStep(36, func(a *IFTAttack) {
		a.Weapon, a.Firer, a.Calibre, a.Building, a.TEM = HE, DefaultFirer(HE), 150, Wooden, 2
		a.Options.Table23Unhalved = false
	})
	alone := exactOf(t, planOf(t, []string{"4-6-7,concealed"}, he))
	after := exactOf(t, planOf(t, []string{"4-6-7,concealed"}, fireStep(2, wooden), he))
	for _, m := range []string{MetricRubble, MetricFlame} {
		if a, b := alone.P(m, "yes"), after.P(m, "yes"); math.Abs(a-b) > 1e-12 || a <= 0 {
			t.Errorf("%s: %v after 2 FP, %v alone; want the same, above 0", m, b, a)
		}
	}
}

// TestPlanFlameAfterAnEarlierAttack: an attack reads Flame (or Table 23)
// on the column of the units there as its DR is made, and a unit it then
// eliminates is not one an earlier attack took away. Two Placed DCs on a
// 4-6-7 and a concealed 4-6-7 in a wooden building: the first reads the
// 30 column, 35/324 of Flame (R11); the second reads the 30 column if
// the unconcealed squad is still there, the 12 if only the concealed one
// is, and the building's Kindling number with no one there (a Rubbled
// and emptied Location, §7.5). Worked out apart from sapper's code from
// §3, §7 and §8 of the rules: 4577523181/22039921152 in all, and
// 342735565/2448880128 in woods at TEM 1 (the first DC 25/324 there).
// Before the plan's merge keys within an attack held what Flame reads,
// exact enumeration took 13.58% for the first figure and a Monte Carlo
// run found its trial impure. The same holds for a fire attack's Table 23
// with table23-unhalved off.
func TestPlanFlameAfterAnEarlierAttack(t *testing.T) {
	in := func(b Building, terrain string, tem int) func(*DCAttack) {
		return func(a *DCAttack) { a.Building, a.Terrain, a.TEM = b, terrain, tem }
	}
	targets := []string{"4-6-7", "4-6-7,concealed"}
	wooden := planOf(t, targets, dcStep(Placed, in(Wooden, "", 2)), dcStep(Placed, in(Wooden, "", 2)))
	check(t, "two DCs, wooden", exactOf(t, wooden).P(MetricFlame, "yes"), 4577523181, 22039921152)
	woods := planOf(t, targets, dcStep(Placed, in(NoBuilding, "woods", 1)), dcStep(Placed, in(NoBuilding, "woods", 1)))
	check(t, "two DCs, woods", exactOf(t, woods).P(MetricFlame, "yes"), 342735565, 2448880128)

	he := fireStep(36, func(a *IFTAttack) {
		a.Weapon, a.Firer, a.Calibre, a.Building, a.TEM = HE, DefaultFirer(HE), 75, Wooden, 2
		a.Options.Table23Unhalved = false
	})
	twoHE := planOf(t, targets, he, he)
	// A trial whose Flame a merge point left out is impure, and Monte
	// Carlo, which grows its kept paths through the same merge points,
	// says so (sim: "not a pure function of its draws").
	for name, p := range map[string]Plan{"two DCs": wooden, "two HE attacks": twoHE} {
		t.Run(name, func(t *testing.T) { planMonteCarloAgrees(t, p) })
	}
}
