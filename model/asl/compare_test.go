package asl

import "testing"

// TestDefaultComparison checks the built-in comparison's chains against
// figures derived by hand. The Thrown DC detonates unless the Original DR
// is 12. Every detonating Set DC destroys the stone level: with 2 enemy
// units in its Location it malfunctions on Original ≥ 10 (A23.7) and its
// Final KIA (36+ column, −3) needs Original ≤ 9, the same rolls, 30/36.
//
// Set during play (the default), the elite 4-6-8 (ML 8) Sets the DC under
// the 8 FP −1 Defensive Fire at −2 more (Hazardous Movement): 8 column,
// Final = Original − 3 (§2.1). It goes on unbroken and unpinned only
// after a K/2 (Original 6, 5/36; a HS then takes a 2MC, passed unpinned
// on Original ≤ 5), a 2MC (7–8, 11/36; ≤ 5), a 1MC (9–10, 7/36; ≤ 6), a
// NMC (11, 2/36; ≤ 7) or a PTC (12, 1/36; ≤ 8):
//
//	(5·10 + 11·10 + 7·15 + 2·21 + 1·26)/1296 = 333/1296,
//
// and broken, pinned or eliminated otherwise, 107/144. An MC Original 2,
// 25/1296 of the runs (5/1296 of them the HS's), triggers Heat of Battle
// (elite −1): berserk on Original 10–12, 6/36, which never Sets
// (A15.431); Battle Hardening on 6–9, 20/36, which makes the elite unit
// Fanatic (ML 9, A15.3). The setting dr is ≤ 3 for the squad, ≤ 2 for
// the HS (US#):
//
//	berserk = 25/1296 · 6/36 = 25/7776
//	set = (283/1296 − 20/1296·6/36)·1/2 + (50/1296 − 5/1296·6/36)·1/3 = 703/5832
//	set by a Fanatic unit = 20/1296·20/36·1/2 + 5/1296·20/36·1/3 = 175/34992
//
// The detonation NTC passes on Original ≤ 8 (≤ 9 when Fanatic), and the
// DC does not malfunction on 30/36:
//
//	detonated = (703/5832 · 26/36 + 175/34992 · 4/36) · 30/36 = 17245/236196.
//
// The Setter is eliminated by a KIA (Original 2–5, 10/36) or, Reduced to
// a HS by the K/2, by an Original 12 on its MC (5/36 · 1/36): 365/1296;
// it is left in Good Order by the 333/1296 above but for the berserk,
// 1973/7776.
//
// Set before play (Preset), only the NTC and the malfunction remain:
// 26/36 · 30/36.
func TestDefaultComparison(t *testing.T) {
	c := DefaultComparison()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	as := c.Attacks()
	if as[0].Mode != Placed || as[1].Mode != Thrown || as[2].Mode != Set || as[2].Preset {
		t.Fatalf("modes %v %v %v, preset %v", as[0].Mode, as[1].Mode, as[2].Mode, as[2].Preset)
	}
	check(t, "thrown detonates", exactRun(t, as[1]).P(MetricDetonation, "detonated"), 35, 36)
	set := exactRun(t, as[2])
	check(t, "set", set.P(MetricSetting, "set"), 703, 5832)
	check(t, "setter berserk", set.P(MetricSetting, "berserk"), 25, 7776)
	check(t, "the Setter berserk", set.P(MetricSetter, "berserk"), 25, 7776)
	check(t, "the Setter eliminated", set.P(MetricSetter, "eliminated"), 365, 1296)
	check(t, "the Setter in Good Order", set.P(MetricSetter, "good_order"), 1973, 7776)
	check(t, "setter broken or pinned", set.P(MetricSetting, "broken_or_pinned"), 107, 144)
	check(t, "set detonates", set.P(MetricDetonation, "detonated"), 17245, 236196)
	check(t, "set DC destroys the stone level", set.P(MetricRubble, "yes"), 17245, 236196)

	c.Preset = true
	preset := exactRun(t, c.Attacks()[2])
	check(t, "preset set detonates", preset.P(MetricDetonation, "detonated"), 26*30, 36*36)
	check(t, "preset set DC destroys the stone level", preset.P(MetricRubble, "yes"), 26*30, 36*36)
	if preset.Metric(MetricSetter) != nil {
		t.Error("a DC Set before play has a Setter under fire")
	}

	placed := exactRun(t, as[0])
	if p := placed.P(MetricDetonation, "not_placed"); !(p > 0.3 && p < 0.7) {
		t.Errorf("P(not placed) = %v", p)
	}
}
