package asl

import "testing"

// referenceAttacks are the §9 cases and a few richer stacks, each run both
// ways.
func referenceAttacks(t testing.TB) map[string]DCAttack {
	u := func(s string) Unit { return mustUnit(t, s) }
	m := map[string]DCAttack{}
	m["R1"] = NewDCAttack(Placed, u("4-6-7"))
	a := NewDCAttack(Placed, u("4-6-7"))
	a.TEM = 2
	m["R18"] = a
	a = NewDCAttack(Placed, u("4-6-7"), u("4-6-7"), u("4-6-7"), u("leader:8-1"))
	a.TEM = 1
	m["three squads and an 8-1"] = a
	a = NewDCAttack(Thrown, u("4-6-7"), u("hs:2-4-7,elr=1"), u("leader:9-2"))
	a.Throwers = []Unit{u("4-6-8,class=elite"), u("leader:8-0")}
	a.TEM, a.AFPh = 3, true
	m["thrown in the AFPh"] = a
	a = NewDCAttack(Set, u("4-4-7,underscore"), u("crew:2-2-8"), u("leader:7-0,broken"))
	a.User, a.Concealed = NonEliteUser, true
	m["set, concealed, non-elite"] = a
	a = NewDCAttack(Placed, u("crew:2-2-8,sw=1"), u("4-6-7,sw=2,sw-x"), u("leader:8-1"))
	a.Gun, a.Wire, a.Roadblock, a.Building, a.TEM, a.Level, a.Top = true, true, NormalRoadblock, Stone, 3, 1, 2
	m["placed on a Gun, Wire and roadblock, upper level"] = a
	a = NewDCAttack(Thrown, u("4-6-7"), u("leader:9-1"))
	a.Throwers, a.Cave, a.CaveDRM = []Unit{u("4-6-8")}, true, -1
	m["thrown into a cave"] = a
	a = NewDCAttack(Set, u("4-6-7,sw=1"), u("hs:2-4-7"))
	a.Bridge = WoodenBridge
	m["set under a bridge"] = a
	a = NewDCAttack(Placed, u("4-6-7"), u("leader:8-1"))
	a.Building, a.TEM = Stone, 3
	a.Placer, a.DFF = []Unit{u("4-6-8,class=elite")}, []FireAttack{{FP: 8, DRM: -1}, {FP: 4, DRM: 2}}
	m["placed under two DFF attacks"] = a
	a = NewDCAttack(Set, u("4-6-7"), u("hs:2-4-7"))
	a.Setter, a.DFF, a.Terrain = []Unit{u("hs:2-4-7"), u("leader:9-1")}, []FireAttack{{FP: 6, DRM: 0}}, "woods"
	a.User = NonEliteUser
	m["set during play"] = a
	a = NewDCAttack(Placed, u("4-6-7"), u("4-6-7,concealed"))
	a.Breach, a.Building, a.Fortified, a.TEM = FortifiedHexside, Stone, true, 3
	m["fortified breach"] = a
	return m
}

// TestMonteCarloAgreesWithExact runs each reference attack both ways.
func TestMonteCarloAgreesWithExact(t *testing.T) {
	if testing.Short() {
		t.Skip("400,000 trials per reference attack; the plain run covers it")
	}
	for name, a := range referenceAttacks(t) {
		checkMonteCarlo(t, name, a)
	}
}
