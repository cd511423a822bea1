package lhy

import (
	"math"
	"strings"
	"testing"
)

// TestValidate: each bad attack is refused with an error that starts with
// the flag at fault and names what it needs.
func TestValidate(t *testing.T) {
	squad := []Unit{{Name: "squad", Cohesion: 7}}
	tank := []Vehicle{{Name: "tank", AV: 6, EAV: -1, AFV: true}}
	twelve := make([]Unit, 13)
	for i := range twelve {
		twelve[i] = Unit{Name: string(rune('a' + i)), Cohesion: 5}
	}
	for _, c := range []struct {
		name string
		a    FireAttack
		want string
	}{
		{"nothing fires", FireAttack{Units: squad}, "sadrm: nothing fires"},
		{"SADRM range", FireAttack{SADRM: []int{10}, Units: squad}, "sadrm: +10 outside -9…+9"},
		{"too many SADRM", FireAttack{SADRM: []int{0, 0, 0, 0, 0, 0, 0}, Units: squad}, "at most 6"},
		{"MV without MDRM", FireAttack{SADRM: []int{0}, MV: 2, Units: squad}, "mfa-mv: a Mortar Value needs the mortar's --mdrm"},
		{"MV range", FireAttack{MDRM: intp(0), MV: 6, Units: squad}, "mfa-mv: 6 outside 1…5"},
		{"MV 2, no vehicle", FireAttack{MDRM: intp(0), MV: 2, Units: squad}, "mfa-mv: a Mortar Value of 2 or more matters only to its roll of 10 against a --vehicle that is not a towed Gun"},
		{"MV 3, a towed Gun only", FireAttack{MDRM: intp(0), MV: 3, Units: squad, Vehicles: []Vehicle{{Name: "g", AV: 1, EAV: -1, TowedGun: true}}}, "mfa-mv: a Mortar Value of 2 or more"},
		{"MDRM range", FireAttack{MDRM: intp(-10), Units: squad}, "mdrm: -10 outside"},
		{"AT on no vehicle", FireAttack{AT: []ATFire{{"tank", 1}}}, `atdrm: "tank=1": "tank" names no --vehicle`},
		{"AT range", FireAttack{AT: []ATFire{{"tank", 11}}, Vehicles: tank}, "atdrm: \"tank=11\": +11 outside"},
		{"too many units", FireAttack{SADRM: []int{0}, Units: twelve}, "target: 13 units; at most 12"},
		{"Cohesion range", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "x", Cohesion: 11}}}, `target: "x": Cohesion 11 outside 0…10`},
		{"duplicate name", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "tank", Cohesion: 5}}, Vehicles: tank}, `vehicle: "tank": a --target has that name too; give each unit and vehicle its own, such as tank1 and tank2`},
		{"vehicle AV", FireAttack{AT: []ATFire{{"tank", 1}}, Vehicles: []Vehicle{{Name: "tank", AV: 22, EAV: -1}}}, `vehicle: "tank": AV 22 outside 0…21`},
		{"AFV gun", FireAttack{AT: []ATFire{{"g", 1}}, Vehicles: []Vehicle{{Name: "g", AV: 1, EAV: -1, AFV: true, TowedGun: true}}}, "a towed Gun is not an AFV"},
		{"rider, no vehicle", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "r", Cohesion: 5, Rider: true}}}, `target: "r": rnp or rider with no --vehicle`},
		{"rnp, two vehicles", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "r", Cohesion: 5, RNP: true}},
			Vehicles: []Vehicle{{Name: "a", AV: 1, EAV: -1}, {Name: "b", AV: 1, EAV: -1}}}, "name its vehicle with on=VEHICLE; want one of a, b"},
		{"on= nothing", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "r", Cohesion: 5, RNP: true, On: "bus"}}, Vehicles: tank}, "on=bus names no --vehicle"},
		{"on= without rnp", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "r", Cohesion: 5, On: "tank"}}, Vehicles: tank}, "on=tank needs rnp or rider"},
		{"on= a gun", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "r", Cohesion: 5, RNP: true, On: "g"}},
			Vehicles: []Vehicle{{Name: "g", AV: 1, EAV: -1, TowedGun: true}}}, "a towed Gun carries no one"},
		{"SADRM, no unit", FireAttack{SADRM: []int{0}, Vehicles: tank}, "sadrm: no --target to fire at"},
		{"leader alone", FireAttack{AT: []ATFire{{"tank", 1}}, Vehicles: tank, Leader: intp(8)}, "leader: no --target to lead"},
		{"leader and AT only", FireAttack{AT: []ATFire{{"tank", 1}}, Vehicles: tank, Units: squad, Leader: intp(8)}, "leader: its −1 applies to a --sadrm or --mdrm result only"},
		{"leader range", FireAttack{SADRM: []int{0}, Units: squad, Leader: intp(11)}, "leader: Cohesion 11 outside"},
		{"open terrain, no vehicle", FireAttack{SADRM: []int{0}, Units: squad, OpenTerrain: true}, "open-terrain:"},
		{"IP alone", FireAttack{AT: []ATFire{{"tank", 1}}, Vehicles: tank, IP: true}, "ip: an IP matters to the open-terrain step of Collateral Damage only; give --open-terrain"},
		{"assault alone", FireAttack{AT: []ATFire{{"tank", 1}}, Vehicles: tank, Assault: true}, "assault: "},
		{"MG, no AT", FireAttack{MDRM: intp(0), MV: 1, Vehicles: []Vehicle{{Name: "g", AV: 1, EAV: -1, TowedGun: true}}, ATFromMG: true}, "at-from-mg: no anti-tank fire; give --atdrm"},
		{"Cohesion rule", FireAttack{SADRM: []int{0}, Units: squad, Options: Options{CohesionFail: 2}}, "rule: CohesionFail(2): want casualty or disrupt"},
		{"nationality", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "x", Cohesion: 5, Nationality: 99}}}, `target: "x": Nationality(99): want japanese, russian or neither`},
		{"MG, no gun", FireAttack{AT: []ATFire{{"tank", 1}}, Vehicles: tank, ATFromMG: true}, "at-from-mg: it spares towed Guns only"},
	} {
		c.a.Normalize()
		err := c.a.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want …%s…", c.name, err, c.want)
		}
	}
}

// TestNormalize: a Rider is an RNP aboard the one vehicle that is not a
// towed Gun; a mortar with no MV has MV 1.
func TestNormalize(t *testing.T) {
	a := FireAttack{MDRM: intp(1), Units: []Unit{{Name: "r", Cohesion: 6, Rider: true}},
		Vehicles: []Vehicle{{Name: "g", AV: 1, EAV: -1, TowedGun: true}, {Name: "tank", AV: 6, EAV: -1, AFV: true}}}
	a.Normalize()
	if u := a.Units[0]; !u.RNP || u.On != "tank" || a.MV != 1 {
		t.Errorf("normalized to %+v, MV %d", u, a.MV)
	}
	if err := a.Validate(); err != nil {
		t.Error(err)
	}
	// Validate checks what Experiment runs: a mortar's DRM alone, not
	// normalized by the caller, is MV 1, and the attack is left as given.
	b := FireAttack{MDRM: intp(0), Units: []Unit{{Name: "squad", Cohesion: 7}}}
	if err := b.Validate(); err != nil || b.MV != 0 {
		t.Errorf("an MDRM with no MV: %v, MV %d after Validate", err, b.MV)
	}
	if _, err := b.Experiment(); err != nil {
		t.Error(err)
	}
}

// TestL8Ranges: each range of rules/lhy.md L8 takes its ends and refuses
// one past them: SADRM, MDRM and ATDRM −9…+9; Cohesion, av= and sav=
// 0…10; a vehicle's AV and EAV 0…21 (a heavy tank's AV 12–14 is ordinary);
// MV 1…5; at most 12 units and 6 vehicles; names unique.
func TestL8Ranges(t *testing.T) {
	squad := func(u Unit) []Unit { u.Name = "squad"; return []Unit{u} }
	tank := func(av, eav int) []Vehicle { return []Vehicle{{Name: "tank", AV: av, EAV: eav, AFV: true}} }
	units := func(n int) []Unit {
		us := make([]Unit, n)
		for i := range us {
			us[i] = Unit{Name: "u" + string(rune('a'+i)), Cohesion: 5}
		}
		return us
	}
	vehicles := func(n int) []Vehicle {
		vs := make([]Vehicle, n)
		for i := range vs {
			vs[i] = Vehicle{Name: "v" + string(rune('a'+i)), AV: 5, EAV: -1}
		}
		return vs
	}
	at := func(drm int) []ATFire { return []ATFire{{"tank", drm}} }
	for _, c := range []struct {
		name string
		a    FireAttack
		want string // "": accepted
	}{
		{"SADRM −9", FireAttack{SADRM: []int{-9}, Units: squad(Unit{Cohesion: 7})}, ""},
		{"SADRM +9", FireAttack{SADRM: []int{9}, Units: squad(Unit{Cohesion: 7})}, ""},
		{"SADRM −10", FireAttack{SADRM: []int{-10}, Units: squad(Unit{Cohesion: 7})}, "sadrm: -10 outside -9…+9"},
		{"MDRM −9", FireAttack{MDRM: intp(-9), Units: squad(Unit{Cohesion: 7})}, ""},
		{"MDRM +9", FireAttack{MDRM: intp(9), Units: squad(Unit{Cohesion: 7})}, ""},
		{"MDRM +10", FireAttack{MDRM: intp(10), Units: squad(Unit{Cohesion: 7})}, "mdrm: +10 outside -9…+9"},
		{"ATDRM −9", FireAttack{AT: at(-9), Vehicles: tank(8, -1)}, ""},
		{"ATDRM +9", FireAttack{AT: at(9), Vehicles: tank(8, -1)}, ""},
		{"ATDRM −10", FireAttack{AT: at(-10), Vehicles: tank(8, -1)}, `atdrm: "tank=-10": -10 outside -9…+9`},
		{"Cohesion 0, av 0, sav 0", FireAttack{SADRM: []int{0}, Units: squad(Unit{})}, ""},
		{"Cohesion 10, av 10, sav 10", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: 10, AssaultValue: 10, SAV: 10})}, ""},
		{"Cohesion −1", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: -1})}, `target: "squad": Cohesion -1 outside 0…10`},
		{"av 11", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: 7, AssaultValue: 11})}, `target: "squad": av 11 outside 0…10`},
		{"sav 11", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: 7, SAV: 11})}, `target: "squad": sav 11 outside 0…10`},
		{"sav −1", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: 7, SAV: -1})}, `target: "squad": sav -1 outside 0…10`},
		{"AV 0", FireAttack{AT: at(0), Vehicles: tank(0, -1)}, ""},
		{"AV 14, a heavy tank", FireAttack{AT: at(3), Vehicles: tank(14, -1)}, ""},
		{"AV 21", FireAttack{AT: at(9), Vehicles: tank(21, -1)}, ""},
		{"AV 22", FireAttack{AT: at(9), Vehicles: tank(22, -1)}, `vehicle: "tank": AV 22 outside 0…21`},
		{"AV −1", FireAttack{AT: at(9), Vehicles: tank(-1, -1)}, `vehicle: "tank": AV -1 outside 0…21`},
		{"EAV 0", FireAttack{AT: at(9), Vehicles: tank(8, 0)}, ""},
		{"EAV 21", FireAttack{AT: at(9), Vehicles: tank(8, 21)}, ""},
		{"EAV 22", FireAttack{AT: at(9), Vehicles: tank(8, 22)}, `vehicle: "tank": eav 22 outside 0…21`},
		{"MV 1", FireAttack{MDRM: intp(0), MV: 1, Units: squad(Unit{Cohesion: 7})}, ""},
		{"MV 5", FireAttack{MDRM: intp(0), MV: 5, Units: squad(Unit{Cohesion: 7}), Vehicles: tank(8, -1)}, ""},
		{"MV 6", FireAttack{MDRM: intp(0), MV: 6, Units: squad(Unit{Cohesion: 7})}, "mfa-mv: 6 outside 1…5"},
		{"12 units", FireAttack{SADRM: []int{0}, Units: units(12)}, ""},
		{"6 vehicles", FireAttack{AT: []ATFire{{"va", 0}, {"vb", 0}, {"vc", 0}, {"vd", 0}, {"ve", 0}, {"vf", 0}}, Vehicles: vehicles(6)}, ""},
		// A vehicle nothing can touch would read "unaffected" whatever the dice.
		{"a vehicle nothing touches", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: 7}), Vehicles: tank(8, -1)}, `vehicle: "tank": nothing here can touch it`},
		{"a vehicle only ridden", FireAttack{SADRM: []int{0}, Units: squad(Unit{Cohesion: 7, RNP: true}), Vehicles: tank(8, -1)}, ""},
		{"a towed Gun beside anti-tank fire", FireAttack{AT: at(0), Vehicles: append(tank(8, -1), Vehicle{Name: "gun", AV: 0, EAV: -1, TowedGun: true})}, ""},
		{"a vehicle under mortar fire", FireAttack{MDRM: intp(0), MV: 1, Vehicles: tank(8, -1)}, ""},
		{"7 vehicles", FireAttack{AT: []ATFire{{"va", 0}}, Vehicles: vehicles(7)}, "vehicle: 7 vehicles; at most 6"},
		{"two units named alike", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "a", Cohesion: 5}, {Name: "a", Cohesion: 6}}}, `target: "a": a --target has that name too`},
		{"two vehicles named alike", FireAttack{AT: []ATFire{{"a", 0}}, Vehicles: []Vehicle{{Name: "a", AV: 5, EAV: -1}, {Name: "a", AV: 6, EAV: -1}}}, `vehicle: "a": a --vehicle has that name too`},
	} {
		c.a.Normalize()
		err := c.a.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v; want it accepted", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v; want …%s…", c.name, err, c.want)
		}
	}
}

// TestL8HeavyArmour: why AV and EAV reach 21 (L8): an ATDRM of +9 makes a
// Final result of up to 19, and the roll of 10 Shocks an AFV from EAV − 2
// (§3). Against AV 14, Destroyed on d10 ≥ 6 (0.5), Shocked on 5 (0.1);
// against AV 21, never Destroyed, Shocked on the 10 alone (19 ≥ 21 − 2).
func TestL8HeavyArmour(t *testing.T) {
	for _, c := range []struct {
		av                 int
		destroyed, shocked float64
	}{{14, 0.5, 0.1}, {21, 0, 0.1}} {
		res := exactly(t, FireAttack{AT: []ATFire{{"tank", 9}}, Vehicles: []Vehicle{{Name: "tank", AV: c.av, EAV: -1, AFV: true}}})
		if got := prob(t, res, "vehicle.tank", "destroyed"); math.Abs(got-c.destroyed) > 1e-12 {
			t.Errorf("AV %d: P(destroyed) = %v, want %v", c.av, got, c.destroyed)
		}
		if got := prob(t, res, "vehicle.tank", "shocked"); math.Abs(got-c.shocked) > 1e-12 {
			t.Errorf("AV %d: P(shocked) = %v, want %v", c.av, got, c.shocked)
		}
	}
}
