package asl

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
)

// Random units, attacks and plans.

var (
	randomCounters = []string{"4-6-7", "4-6-8", "5-4-8", "6-2-8", "4-4-7", "3-4-7", "8-3-8",
		"hs:2-4-7", "hs:2-3-7", "hs:3-4-8", "crew:2-2-8", "hero:1-4-9"}
	randomLeaders = []string{"leader:8-1", "leader:9-2", "leader:7-0", "leader:8+1", "leader:10-3"}
	randomClasses = []string{"", ",class=elite", ",class=first", ",class=second", ",class=green", ",class=conscript"}
)

// randomUnit draws a unit of every kind and Class, a leader one time in
// six, in a starting state (rules/asl.md §7.5) one time in four, with an
// ELR, an underscored ML, a DRM or SW now and then.
func randomUnit(t testing.TB, r *rand.Rand) Unit {
	s := randomCounters[r.IntN(len(randomCounters))]
	if r.IntN(6) == 0 {
		s = randomLeaders[r.IntN(len(randomLeaders))]
	}
	if !strings.HasPrefix(s, "leader:") && !strings.HasPrefix(s, "hero:") {
		s += randomClasses[r.IntN(len(randomClasses))]
	}
	if state := []string{",broken", ",pinned", ",berserk", ",disrupted"}[r.IntN(4)]; r.IntN(4) == 0 &&
		!(strings.HasPrefix(s, "crew:") && (state == ",berserk" || state == ",disrupted")) &&
		!(strings.HasPrefix(s, "hero:") && state != ",berserk") {
		s += state
	}
	// Crews and heroes are never ELR Replaced (A19.11); only a squad's or
	// a HS's ML is underscored (A19.13).
	replaced := !strings.HasPrefix(s, "crew:") && !strings.HasPrefix(s, "hero:")
	if r.IntN(6) == 0 && replaced {
		s += fmt.Sprintf(",elr=%d", r.IntN(6))
	}
	if r.IntN(6) == 0 && replaced && !strings.HasPrefix(s, "leader:") {
		s += ",underscore"
	}
	if r.IntN(8) == 0 {
		s += fmt.Sprintf(",drm=%d", r.IntN(3)-1)
	}
	if r.IntN(8) == 0 {
		s += fmt.Sprintf(",sw=%d", 1+r.IntN(2))
	}
	return mustUnit(t, s)
}

// randomSite draws where an attack lands: a wooden or a stone building,
// or terrain of every kind, each one time in n, else the open.
func randomSite(r *rand.Rand, n int) (Building, string) {
	switch r.IntN(n) {
	case 1:
		return Wooden, ""
	case 2:
		return Stone, ""
	case 3:
		terrains := TerrainNames()
		return NoBuilding, terrains[r.IntN(len(terrains))]
	}
	return NoBuilding, ""
}

// randomMorale sets the morale switches either way: Heat of Battle most
// often on, a Known enemy and Battle Hardening now and then.
func randomMorale(r *rand.Rand, o *Options) {
	o.HeatOfBattle = r.IntN(5) != 0
	o.KnownEnemyInLOS = r.IntN(3) == 0
	o.AcceptBattleHardening = r.IntN(3) == 0
}

// randomDCAttack draws a DC attack Placed, Thrown or Set on one to four
// units, in every kind of terrain, with the users' classes and the
// options either way; Validate may refuse it.
func randomDCAttack(t testing.TB, r *rand.Rand) DCAttack {
	// The Placer or Setter, whose class makes the DC's X# (A23.2).
	users := []string{"4-6-8,class=elite", "4-6-7", "4-4-7,class=conscript", "leader:8-1"}
	var units []Unit
	for range 1 + r.IntN(4) {
		units = append(units, randomUnit(t, r))
	}
	a := NewDCAttack([]Mode{Placed, Thrown, Set}[r.IntN(3)], units...)
	a.TEM, a.ELR, a.DRM = r.IntN(4), r.IntN(6), r.IntN(3)-1
	a.Concealed = r.IntN(5) == 0
	a.CX = r.IntN(6) == 0
	a.Building, a.Terrain = randomSite(r, 8)
	if a.Building != NoBuilding {
		a.Fortified = r.IntN(4) == 0
		if r.IntN(4) == 0 {
			a.Top = 1 + r.IntN(2)
			a.Level = r.IntN(a.Top + 1)
		}
	}
	a.EC = EC(r.IntN(len(ecNames)))
	randomMorale(r, &a.Options)
	switch a.Mode {
	case Placed:
		if r.IntN(4) == 0 {
			a.Placer = []Unit{mustUnit(t, users[r.IntN(len(users))])}
			a.User = UserOf(a.Placer)
			a.DFF = []FireAttack{{FP: float64(2 + 2*r.IntN(3)), DRM: r.IntN(3)}}
		}
	case Thrown:
		a.Throwers = []Unit{mustUnit(t, "4-6-7")}
		a.AFPh = r.IntN(2) == 0
	case Set:
		if r.IntN(2) == 0 {
			a.Setter = []Unit{mustUnit(t, users[r.IntN(len(users))])}
			a.User = UserOf(a.Setter)
		}
	}
	return a
}

// randomFireAttack draws an IFT attack of 1 to 36 FP on one to four
// units, leader-directed or not, area fire now and then, in every kind
// of terrain; Validate may refuse it.
func randomFireAttack(t testing.TB, r *rand.Rand) IFTAttack {
	a := NewIFTAttack([]float64{1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36}[r.IntN(11)])
	for range 1 + r.IntN(4) {
		a.Targets = append(a.Targets, randomUnit(t, r))
	}
	a.TEM, a.ELR, a.DRM = r.IntN(4), r.IntN(6), r.IntN(6)-2
	a.LeaderDirected = r.IntN(2) == 0
	a.AreaFire = r.IntN(6) == 0
	a.Concealed = r.IntN(6) == 0
	a.Building, a.Terrain = randomSite(r, 6)
	if a.Building != NoBuilding {
		a.Fortified = r.IntN(4) == 0
	}
	randomMorale(r, &a.Options.Options)
	return a
}

// randomAFVAttack draws a DC Placed, Thrown or Set against a named
// vehicle through any facing, Stopped or in Motion, CE or not, with
// Riders, Passengers or others in its Location now and then; Validate may
// refuse it.
func randomAFVAttack(t testing.TB, r *rand.Rand) AFVAttack {
	ps := Presets()
	p := ps[r.IntN(len(ps))]
	a := NewAFVAttack([]Mode{Placed, Thrown, Set}[r.IntN(3)], p.Armor)
	a.Vehicle, a.OpenTopped = p.Name, p.OpenTopped
	a.Facing = Facing(r.IntN(3))
	a.Motion, a.CE, a.Immobile = r.IntN(3) == 0, r.IntN(3) == 0, r.IntN(6) == 0
	if a.Mode == Set {
		a.Motion, a.Immobile = false, false // no Position DR (A23.71)
	}
	a.CS, a.CrewML, a.ELR, a.TEM = 4+r.IntN(5), 6+r.IntN(4), r.IntN(6), r.IntN(3)
	units := func() []Unit {
		var us []Unit
		for range 1 + r.IntN(2) {
			us = append(us, randomUnit(t, r))
		}
		return us
	}
	switch r.IntN(5) {
	case 0:
		a.Riders = units()
	case 1:
		a.Passengers = units()
	case 2:
		a.Others = units()
	}
	if a.Mode == Thrown {
		a.Throwers = []Unit{mustUnit(t, "4-6-7")}
		a.AFPh = r.IntN(2) == 0
	}
	return a
}

// randomPlan draws a plan of one to three attacks, DCs Placed, Thrown or
// Set and fire attacks of 1 to 16 FP or HE, on one to three units in one
// Location, in or out of a building or in burnable terrain, some of them
// concealed (§8.63), so that an attack may read Flame or Table 23 on the
// units an earlier one left; Validate may refuse it.
func randomPlan(t testing.TB, r *rand.Rand) Plan {
	p := Plan{ELR: r.IntN(6)}
	// Targets concealed by their own ",concealed", which a Revealed
	// attack does not read, or by the attack's (§8.63).
	some, all := false, true
	for range 1 + r.IntN(3) {
		u := randomUnit(t, r)
		u.Concealed = r.IntN(3) == 0
		some, all = some || u.Concealed, all && u.Concealed
		p.Targets = append(p.Targets, u)
	}
	building, tem, fortified, terrain := []Building{NoBuilding, Wooden, Stone}[r.IntN(3)], r.IntN(4), false, ""
	if building != NoBuilding {
		fortified = r.IntN(4) == 0
	} else if r.IntN(2) == 0 {
		terrain = TerrainNames()[r.IntN(len(TerrainNames()))]
	}
	hob, known, bh := r.IntN(5) != 0, r.IntN(3) == 0, r.IntN(3) == 0
	for range 1 + r.IntN(3) {
		var s PlanStep
		if r.IntN(3) == 0 {
			a := NewDCAttack([]Mode{Placed, Set, Thrown}[r.IntN(3)])
			a.Building, a.Terrain, a.TEM, a.Fortified, a.DRM = building, terrain, tem, fortified, r.IntN(3)-1
			a.Concealed = !all && r.IntN(6) == 0
			a.Options.HeatOfBattle, a.Options.KnownEnemyInLOS, a.Options.AcceptBattleHardening = hob, known, bh
			a.Options.FlameIgnoresConcealment = r.IntN(4) == 0
			s.DC = &a
		} else {
			a := NewIFTAttack([]float64{1, 2, 4, 6, 8, 12, 16}[r.IntN(7)])
			if r.IntN(3) == 0 {
				a.FP, a.Weapon, a.Calibre = []float64{8, 16, 36}[r.IntN(3)], HE, []int{75, 150}[r.IntN(2)]
				a.Firer = DefaultFirer(HE)
				a.Options.Table23Unhalved = r.IntN(2) == 0
			}
			a.Building, a.Terrain, a.TEM, a.Fortified, a.DRM = building, terrain, tem, fortified, r.IntN(5)-2
			a.LeaderDirected = r.IntN(2) == 0
			a.Concealed = !all && r.IntN(6) == 0
			a.Options.HeatOfBattle, a.Options.KnownEnemyInLOS, a.Options.AcceptBattleHardening = hob, known, bh
			s.Fire = &a
		}
		s.Revealed = some && r.IntN(3) == 0
		p.Steps = append(p.Steps, s)
	}
	return p
}

// TestRandomPlans: on random plans, the kept paths walked give the
// model's figures to the byte; the merged enumeration (the Location's
// state between two attacks, and within one) gives every probability of
// the unmerged walk to 1e-12, the same for one worker and two; and every
// exact probability lies in the Monte Carlo 99.999% interval
// (simtest.HoldsToModel).
func TestRandomPlans(t *testing.T) {
	r := rand.New(rand.NewPCG(75, 64))
	simtest.HoldsOnRandom(t, "plans", 160, func(i int) (simtest.Model, string, error) {
		p := randomPlan(t, r)
		return p, fmt.Sprintf("plan %d (%v)", i, p), p.Validate()
	})
}

// TestRandomAttacks holds random DC, fire and vehicle attacks as
// TestRandomPlans holds plans (simtest.HoldsToModel).
func TestRandomAttacks(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 26))
	simtest.HoldsOnRandom(t, "attacks", 96, func(i int) (simtest.Model, string, error) {
		switch i % 3 {
		case 0:
			a := randomDCAttack(t, r)
			return a, fmt.Sprintf("DC attack %d (%+v)", i, a), a.Validate()
		case 1:
			a := randomFireAttack(t, r)
			return a, fmt.Sprintf("fire attack %d (%+v)", i, a), a.Validate()
		}
		a := randomAFVAttack(t, r)
		return a, fmt.Sprintf("vehicle attack %d (%+v)", i, a), a.Validate()
	})
}
