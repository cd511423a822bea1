package asl

import "testing"

// TestAFVMonteCarloAgreesWithExact runs the §9 vehicle figures (R13–R16b,
// R22) and a few richer attacks by Monte Carlo (fixed seed, 400,000
// trials) and checks that every exact probability lies inside its 99.99%
// Wilson interval.
func TestAFVMonteCarloAgreesWithExact(t *testing.T) {
	u := func(s string) Unit { return mustUnit(t, s) }
	tiger := tigerLike(t)
	cases := map[string]AFVAttack{}
	add := func(name string, mode Mode, armor Armor, set func(*AFVAttack)) {
		a := NewAFVAttack(mode, armor)
		set(&a)
		cases[name] = a
	}
	add("R16 Tiger side", Placed, tiger, func(*AFVAttack) {})
	add("R13 DRM +2", Placed, tiger, func(a *AFVAttack) { a.Motion = true })
	add("R13 DRM -2", Placed, tiger, func(a *AFVAttack) { a.Immobile = true })
	add("R16b Tiger rear", Placed, tiger, func(a *AFVAttack) { a.Facing = Rear })
	add("R22 truck", Placed, mustArmor(t, "-/-/-"), func(*AFVAttack) {})
	add("thrown, CE, Riders, thrower", Thrown, mustArmor(t, "hull=8/4/4,turret=8/6/6"), func(a *AFVAttack) {
		a.CE, a.AFPh = true, true
		a.Riders = []Unit{u("4-6-7"), u("leader:8-1")}
		a.Throwers = []Unit{u("4-6-8")}
	})
	add("others at Position 12", Placed, tiger, func(a *AFVAttack) {
		a.Motion, a.CE, a.TEM = true, true, 1
		a.Others = []Unit{u("4-6-7"), u("leader:9-1")}
	})
	add("set, CE, Passengers", Set, tiger, func(a *AFVAttack) { a.CE, a.Passengers = true, []Unit{u("4-6-7")} })
	for name, a := range cases {
		checkMonteCarlo(t, name, a)
	}
}
