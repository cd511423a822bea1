package asl

// The readings of rules/asl.md §8.64 that a plan's figures turn on, each
// worked out by hand. Every attack is 1 FP, leader-directed (no Original
// double Cowers, A7.9), so that on the 1 column (§2.1) the row is the
// Original DR plus the DRM: 1 → K/1, 2–3 → 1MC, 4 → NMC, 5 → PTC, 6+ → no
// effect. Ways of 36 for 2d6: 1,2,3,4,5,6,5,4,3,2,1.

import "testing"

// shot1 is such an attack at DRM drm, Heat of Battle on or off.
func shot1(drm int, hob bool) PlanStep {
	return fireStep(1, func(a *IFTAttack) {
		a.LeaderDirected, a.DRM = true, drm
		a.Options.HeatOfBattle = hob
	})
}

// TestPlanWoundedAtStartIsNotReduced: target.K.reduced means weaker than
// at the start of the plan (§8.39, §8.64). A lone 8-1 takes one attack at
// DRM 0, Heat of Battle off; only an Original 12 on his MC (a Casualty
// MC, A10.31) wounds him, after a 1MC or NMC (6/36), so 6/36 · 1/36 =
// 1/216. The Wound Severity dr is mortal on 5–6, +1 if already wounded
// (A17.11).
//
//	fresh 8-1:   wounded and alive 1/216 · 4/6 = 1/324 (reduced); dead 1/216 · 2/6 = 1/648
//	wounded 8-1: dead 1/216 · 3/6 = 1/432; alive he is no weaker than he
//	             started: reduced never, though the same dice wound him
func TestPlanWoundedAtStartIsNotReduced(t *testing.T) {
	for _, c := range []struct {
		leader              string
		reduced, eliminated [2]int64 // fractions
	}{
		{"leader:8-1", [2]int64{1, 324}, [2]int64{1, 648}},
		{"leader:8-1,wounded", [2]int64{0, 1}, [2]int64{1, 432}},
	} {
		// The second attack (DRM +6) does nothing: the plan's figures are
		// the first's, carried.
		res := exactOf(t, planOf(t, []string{c.leader}, shot1(0, false), shot1(6, false)))
		check(t, c.leader+" eliminated", res.P("target.1", "eliminated"), c.eliminated[0], c.eliminated[1])
		check(t, c.leader+" reduced", res.P("target.1.reduced", "yes"), c.reduced[0], c.reduced[1])
	}
}

// TestPlanPinnedReducedStaysPinned: a pinned unit that is Casualty-Reduced
// stays pinned (A7.8 names what removes a pin; Reduction is not among
// them: §8.64). A lone 4-6-7 starts pinned and takes one attack at DRM −1,
// Heat of Battle off: Original 2 (1/36) → K/1, 3–4 (5/36) → 1MC, 5 (4/36)
// → NMC, 6+ (26/36) nothing (a PTC does nothing to a pinned unit).
//
//	K/1: a pinned HS (ML 7) takes a 1MC at +1 and keeps its pin unless it
//	     breaks: Original ≤ 6, 15/36; an Original 12 eliminates it (1/36)
//	1MC: the squad passes on Original ≤ 6, 15/36
//	NMC: on Original ≤ 7, 21/36; on either an Original 12 (1/36) is a
//	     Casualty MC: a broken HS (A10.31)
//
// So P(pinned) = (1·15 + 5·15 + 4·21)/1296 + 26/36 = 1110/1296, reduced
// (in play as a HS) 1/36 · 35/36 + 9/36 · 1/36 = 44/1296, and never Good
// Order: the only way out of the pin is to break. Were the pin dropped by the Reduction,
// the HS would be in Good Order on an Original ≤ 5, 10/1296.
func TestPlanPinnedReducedStaysPinned(t *testing.T) {
	res := exactOf(t, planOf(t, []string{"4-6-7,pinned"}, shot1(-1, false)))
	check(t, "pinned", res.P("target.1", "pinned"), 1110, 1296)
	check(t, "reduced", res.P("target.1.reduced", "yes"), 44, 1296)
	check(t, "good order", res.P("target.1", "good_order"), 0, 1)
}

// TestPlanClearedAfterStays: cleared_after is the first attack after which
// the stack was cleared, even if a later Heat of Battle brings a unit back
// (§8.64), and a fire attack's Heat of Battle never surrenders (§8.61).
// A lone broken 4-6-7 is out from the start: cleared after attack 1
// whatever the dice. Attack 1 at DRM 0 with Heat of Battle off leaves it a
// broken squad or HS with 1290/1296 (6/1296 eliminated: TestPlanTwoShots
// AtABrokenSquad). In attack 2, Heat of Battle on, its MC comes on a 1MC
// or NMC (6/36) and has an Original 2 (1/36), which it passes: the HoB DR
// at +1 for broken (A15.1, §3.8) rallies it on a DR of 4–7 (Battle
// Hardening, 7 + 11 of 36) or 8–10 (berserk, 12/36); a DR of 11–12 would
// surrender it to an ADJACENT enemy, which a fire attack does not have:
// it stays broken. So
//
//	P(stack not cleared at the end) = 1290/1296 · 6/36 · 1/36 · 30/36
//	                                = 38700/10077696
//
// and P(cleared_after = 1) = 1, P(surrendered) = 0.
func TestPlanClearedAfterStays(t *testing.T) {
	res := exactOf(t, planOf(t, []string{"4-6-7,broken"}, shot1(0, false), shot1(0, true)))
	check(t, "cleared after 1", res.P(MetricClearedAfter, "1"), 1, 1)
	check(t, "not cleared at the end", res.P(MetricStack, "not_cleared"), 38700, 10077696)
	check(t, "surrendered", res.P("target.1", "surrendered"), 0, 1)
}

// TestPlanBerserkLeaderAtStart: a leader who starts berserk has made his
// Berserk TC already (A15.41, §8.64): the 4-6-7 with him never takes one,
// so it never goes berserk, with Heat of Battle off (nothing else makes
// it berserk), though two attacks at DRM 0 give it MCs that break it at
// times; it takes them without his −1 (TestStartingLeaderGivesNoDRM).
func TestPlanBerserkLeaderAtStart(t *testing.T) {
	res := exactOf(t, planOf(t, []string{"leader:8-1,berserk", "4-6-7"}, shot1(0, false), shot1(0, false)))
	check(t, "squad berserk", res.P("target.2", "berserk"), 0, 1)
	if p := res.P("target.2", "broken"); p <= 0 {
		t.Errorf("the squad never breaks (%v): the attacks do nothing", p)
	}
}
