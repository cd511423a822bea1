package asl

import "testing"

// TestDefaultComparison checks the built-in comparison's chains against
// figures derived by hand: the preset DC detonates when the 4-6-8's NTC
// passes (26/36) and it does not malfunction with 2 enemy units in its
// Location (Original ≤ 9: 30/36); the Thrown DC detonates unless the
// Original DR is 12. Every detonating Set DC destroys the level: its Final
// KIA needs Original ≤ 9, the same rolls that avoid the malfunction.
func TestDefaultComparison(t *testing.T) {
	c := DefaultComparison()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	as := c.Attacks()
	if as[0].Mode != Placed || as[1].Mode != Thrown || as[2].Mode != Set {
		t.Fatalf("modes %v %v %v", as[0].Mode, as[1].Mode, as[2].Mode)
	}
	check(t, "thrown detonates", exactRun(t, as[1]).P(MetricDetonation, "detonated"), 35, 36)
	set := exactRun(t, as[2])
	check(t, "set detonates", set.P(MetricDetonation, "detonated"), 26*30, 36*36)
	check(t, "set DC destroys the stone level", set.P(MetricRubble, "yes"), 26*30, 36*36)
	placed := exactRun(t, as[0])
	if p := placed.P(MetricDetonation, "not_placed"); !(p > 0.3 && p < 0.7) {
		t.Errorf("P(not placed) = %v", p)
	}
}
