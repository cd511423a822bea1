package asl

// Starting states (rules/asl.md §7.5, §8.64): a unit may start an attack
// broken, pinned, berserk, wounded or Disrupted. Figures derived by hand
// from §1 (2d6: 1,2,3,4,5,6,5,4,3,2,1 ways of 36) and §2.1.

import (
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestStartingStateCombinations: the combinations §8.64 refuses.
func TestStartingStateCombinations(t *testing.T) {
	for _, c := range []struct{ unit, want string }{
		{"4-6-7,broken,pinned", "a broken unit cannot be pinned"},
		{"4-6-7,disrupted,pinned", "a broken unit cannot be pinned"},
		{"4-6-7,broken,berserk", "a berserk unit is never broken"},
		{"4-6-7,disrupted,berserk", "a berserk unit is never broken"},
		{"leader:8-1,pinned,berserk", "a berserk unit is never pinned"},
		{"crew:2-2-8,berserk", "a crew is never berserk or Disrupted"},
		{"crew:2-2-8,disrupted", "a crew is never berserk or Disrupted"},
		{"hero:1-4-9,broken", "a hero never breaks, he is wounded instead, and is never pinned"},
		{"hero:1-4-9,pinned", "a hero never breaks, he is wounded instead, and is never pinned"},
		{"hero:1-4-9,disrupted", "a hero never breaks, he is wounded instead, and is never pinned"},
		{"4-6-7,wounded", "only a SMC can be wounded"},
		{"4-6-7,good_order,broken", "good_order with broken, pinned, berserk or disrupted"},
		{"4-6-7,pinned,good_order", "good_order with broken, pinned, berserk or disrupted"},
		{"leader:8-1,good_order,berserk", "good_order with broken, pinned, berserk or disrupted"},
		{"4-6-7,good_order,disrupted", "good_order with broken, pinned, berserk or disrupted"},
		{"4-6-7,pinned=maybe", `option pinned takes no value, or true or false; not "maybe"`},
		{"4-6-7,good_order=false", "good_order=false names no state; give broken, pinned, berserk or disrupted instead"},
	} {
		_, err := ParseUnit(c.unit)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want …%s…", c.unit, err, c.want)
		}
	}
	for _, s := range []string{"4-6-7,pinned", "4-6-7,berserk", "4-6-7,disrupted", "leader:8-1,berserk,wounded", "hero:1-4-9,wounded", "crew:2-2-8,pinned", "4-6-7,disrupted,broken",
		"4-6-7,good_order", "leader:8-1,good_order,wounded", "4-6-7,good_order,broken=false", "4-6-7,good_order=true"} {
		if _, err := ParseUnit(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

// TestStartingLeaderGivesNoDRM: a 4-6-7's MC at DRM 0 beside an 8-1. An
// 8-1 in Good Order gives −1: the squad stays unbroken and unpinned on
// Original ≤ 7 (21/36). A pinned 8-1 gives nothing (A7.831, §3.6), nor
// one who starts berserk, his Berserk TC behind him (§8.64): Original ≤ 6
// (15/36). Heat of Battle off.
func TestStartingLeaderGivesNoDRM(t *testing.T) {
	for _, c := range []struct {
		leader string
		want   int64
	}{
		{"leader:8-1", 21},
		{"leader:8-1,pinned", 15},
		{"leader:8-1,berserk", 15},
	} {
		p := exactly(t, 2, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, c.leader), mustUnit(t, "4-6-7")}, 3, locRules{})
			l.moraleCheck(src, 1, 0, true, true)
			if u := &l.u[1]; u.broken || u.pinned || u.gone() {
				return 0
			}
			return 1
		})
		check(t, "a 4-6-7 beside a "+c.leader+": unbroken and unpinned", p[1], c.want, 36)
	}
}

// TestStartingBerserkSquad: 1 FP at +1 on a lone berserk 4-6-7, by
// Infantry no leader directs. Original 2 is doubles: the attack Cowers off
// the 1 column and does nothing (§8.54); 3 (2/36) is NMC at Final 4, 4
// (3/36) PTC, the rest nothing. A berserk unit has ML 10, is never pinned
// (the PTC does nothing) and takes no Heat of Battle; it is Casualty
// Reduced on a failed MC (A15.42) and eliminated by an Original 12 (it
// cannot break). NMC: a HS on Original 11 (2/36), eliminated on 12
// (1/36). So eliminated 2·1/1296, reduced 2·2/1296, never pinned, berserk
// otherwise.
func TestStartingBerserkSquad(t *testing.T) {
	a := fireAttack(t, 1, func(a *IFTAttack) { a.DRM = 1 }, "4-6-7,berserk")
	res := exactOf(t, a)
	check(t, "eliminated", res.P(TargetMetric(1), "eliminated"), 2, 1296)
	check(t, "reduced", res.P(TargetMetric(1)+".reduced", "yes"), 4, 1296)
	check(t, "pinned", res.P(TargetMetric(1), "pinned"), 0, 1)
	check(t, "berserk", res.P(TargetMetric(1), "berserk"), 1294, 1296)
}

// TestDisruptedIsBroken: in a MC a Disrupted unit is exactly a broken one
// (§8.64); every figure of a Placed DC on it is the broken unit's.
func TestDisruptedIsBroken(t *testing.T) {
	for _, stack := range [][2]string{{"4-6-7,disrupted", "4-6-7,broken"}, {"leader:8-1,disrupted", "leader:8-1,broken"}} {
		a := NewDCAttack(Placed, mustUnit(t, stack[0]), mustUnit(t, "4-4-7"))
		b := NewDCAttack(Placed, mustUnit(t, stack[1]), mustUnit(t, "4-4-7"))
		ra, rb := exactOf(t, a), exactOf(t, b)
		for i, m := range rb.Metrics {
			for k, o := range m.Outcomes {
				if got := ra.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
					t.Errorf("%s: %s=%s %v, %s: %v", stack[0], m.Name, o.Label, got, stack[1], o.P)
				}
			}
		}
	}
}
