package asl

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestAttacksReadBack: an attack's JSON, as the command line echoes it,
// decodes to the same attack.
func TestAttacksReadBack(t *testing.T) {
	u := func(s string) Unit {
		v, err := ParseUnit(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	dc := NewDCAttack(Thrown, u("4-6-7"), u("leader:8-1,wounded"))
	dc.Throwers, dc.User, dc.Building, dc.EC, dc.Bridge = []Unit{u("4-6-8,class=elite")}, EliteUser, Stone, EC(2), NoBridge
	fire := NewIFTAttack(8, u("4-6-7"))
	fire.Weapon, fire.Firer, fire.FirerClass, fire.FirerNationality = SmallArms, InfantryFirer, Elite, Nationality(1)
	armor, err := ParseArmor("hull=11/8/8,turret=11/8/8")
	if err != nil {
		t.Fatal(err)
	}
	afv := NewAFVAttack(Placed, armor)
	afv.Facing = Facing(1)
	for _, in := range []any{&dc, &fire, &afv} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		out := reflect.New(reflect.TypeOf(in).Elem())
		if err := json.Unmarshal(b, out.Interface()); err != nil {
			t.Errorf("%T: %v\n%s", in, err, b)
			continue
		}
		again, _ := json.Marshal(out.Interface())
		if string(again) != string(b) {
			t.Errorf("%T reads back otherwise:\n%s\n%s", in, b, again)
		}
	}
}
