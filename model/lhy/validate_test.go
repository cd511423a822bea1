package lhy

import (
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
		{"MDRM range", FireAttack{MDRM: intp(-10), Units: squad}, "mdrm: -10 outside"},
		{"AT on no vehicle", FireAttack{AT: []ATFire{{"tank", 1}}}, `atdrm: "tank=1": "tank" names no --vehicle`},
		{"AT range", FireAttack{AT: []ATFire{{"tank", 11}}, Vehicles: tank}, "atdrm: \"tank=11\": +11 outside"},
		{"too many units", FireAttack{SADRM: []int{0}, Units: twelve}, "target: 13 units; at most 12"},
		{"Cohesion range", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "x", Cohesion: 11}}}, `target: "x": Cohesion 11 outside 0…10`},
		{"duplicate name", FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "tank", Cohesion: 5}}, Vehicles: tank}, `vehicle: "tank": the name is taken by a --target`},
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
		{"MG, no AT", FireAttack{MDRM: intp(0), MV: 2, Vehicles: []Vehicle{{Name: "g", AV: 1, EAV: -1, TowedGun: true}}, ATFromMG: true}, "at-from-mg: no anti-tank fire; give --atdrm"},
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
}
