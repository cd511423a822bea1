package asl

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestValidateRefusesUnknownValues: a Go caller may put any number in an
// enumerated field; Validate refuses one its type does not name, naming
// the field, rather than resolve it or panic reading its name.
func TestValidateRefusesUnknownValues(t *testing.T) {
	u, err := ParseUnit("4-6-7")
	if err != nil {
		t.Fatal(err)
	}
	dc := func(f func(*DCAttack)) error { a := NewDCAttack(Placed, u); f(&a); return a.Validate() }
	fire := func(f func(*IFTAttack)) error { a := NewIFTAttack(8, u); f(&a); return a.Validate() }
	for _, c := range []struct {
		field string
		err   error
	}{
		{"mode", dc(func(a *DCAttack) { a.Mode = 9 })},
		{"user", dc(func(a *DCAttack) { a.User = 9 })},
		{"building", dc(func(a *DCAttack) { a.Building = 9 })},
		{"bridge", dc(func(a *DCAttack) { a.Bridge = 9 })},
		{"breach", dc(func(a *DCAttack) { a.Breach = 9 })},
		{"roadblock", dc(func(a *DCAttack) { a.Roadblock = 9 })},
		{"ec", dc(func(a *DCAttack) { a.EC = -1 })},
		{"kind", dc(func(a *DCAttack) { v := u; v.Kind = 9; a.Targets = []Unit{v} })},
		{"class", dc(func(a *DCAttack) { v := u; v.Class = 9; a.Targets = []Unit{v} })},
		{"firer", fire(func(a *IFTAttack) { a.Firer = 99 })},
		{"firer-class", fire(func(a *IFTAttack) { a.FirerClass = 99 })},
		{"firer-nationality", fire(func(a *IFTAttack) { a.FirerNationality = 99 })},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.field+": ") || !strings.Contains(c.err.Error(), "out of range") {
			t.Errorf("%s out of range: %v", c.field, c.err)
		}
	}
	armor, err := ParseArmor("hull=11/8/8,turret=11/8/8")
	if err != nil {
		t.Fatal(err)
	}
	a := NewAFVAttack(Placed, armor)
	a.Facing = 7
	if err := a.Validate(); err == nil || !strings.HasPrefix(err.Error(), "facing: ") {
		t.Errorf("facing out of range: %v", err)
	}
}

// TestValidateAsParsed: a value built in code that ParseUnit or ParseAF
// would refuse as text is refused by Validate, naming the input, rather
// than run: an ELR off the 0…5 scale, a crew's ELR, an AF off the scale
// of D1.6. A crew or hero literal's ELR 0 is no ELR, and spells as none.
func TestValidateAsParsed(t *testing.T) {
	u, err := ParseUnit("4-6-7")
	if err != nil {
		t.Fatal(err)
	}
	crew, err := ParseUnit("crew:2-2-8")
	if err != nil {
		t.Fatal(err)
	}
	dc := func(units ...Unit) error { return NewDCAttack(Placed, units...).Validate() }
	with := func(u Unit, f func(*Unit)) Unit { f(&u); return u }
	for _, c := range []struct {
		what, want string
		err        error
	}{
		{"ELR 9", "target: unit 1: unit \"4-6-7,elr=9\": elr=9 outside 0…5", dc(with(u, func(u *Unit) { u.ELR = 9 }))},
		{"ELR −5", "elr=-5 outside 0…5", dc(with(u, func(u *Unit) { u.ELR = -5 }))},
		{"a crew's ELR", "never ELR Replaced", dc(with(crew, func(u *Unit) { u.ELR = 3 }))},
		{"fire's ELR 9", "elr=9 outside", NewIFTAttack(8, with(u, func(u *Unit) { u.ELR = 9 })).Validate()},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.what, c.err, c.want)
		}
	}
	if err := dc(with(crew, func(u *Unit) { u.ELR = 0 })); err != nil {
		t.Errorf("a crew literal's ELR 0: %v", err)
	}
	lit := Unit{Kind: Crew, FP: 2, Range: 2, ML: 8}
	if s := lit.String(); s != "crew:2-2-8" {
		t.Errorf("a crew literal spells %q", s)
	}
	if _, err := ParseUnit(lit.String()); err != nil {
		t.Errorf("a crew literal does not read back: %v", err)
	}
	for _, af := range []AF{5, 7, 99, -9} {
		a := NewAFVAttack(Placed, Armor{Hull: [3]AF{af, 8, 8}, Turret: [3]AF{11, 8, 8}})
		a.AerialAF = 4
		if err := a.Validate(); err == nil || !strings.Contains(err.Error(), "is not an AF") || !strings.HasPrefix(err.Error(), "af: ") {
			t.Errorf("hull front AF %d: %v", af, err)
		}
	}
	// The Aerial AF's message names -1, the value that reads it off the
	// C7.12 row, which a Go caller gives where the command line leaves
	// the flag out.
	a := NewAFVAttack(Placed, Armor{Hull: [3]AF{11, 8, 8}, Turret: [3]AF{11, 8, 8}})
	a.AerialAF = 5
	if err := a.Validate(); err == nil || !strings.Contains(err.Error(), "or -1 to read it off the C7.12 row") {
		t.Errorf("aerial AF 5: %v", err)
	}
}

// TestHoBOffSaysSo: with Heat of Battle off the hob metric still counts
// its trigger, and its title says that triggers nothing.
func TestHoBOffSaysSo(t *testing.T) {
	u, err := ParseUnit("4-6-7")
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false} {
		a := NewDCAttack(Placed, u)
		a.Options.HeatOfBattle = on
		exp, err := a.Experiment()
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(exp.Schema.Metrics, func(m sim.Metric) bool { return m.Name == MetricHoB })
		if i < 0 {
			t.Fatalf("no %s metric", MetricHoB)
		}
		if got := strings.Contains(exp.Schema.Metrics[i].Title, "triggers nothing"); got == on {
			t.Errorf("Heat of Battle %v: title %q", on, exp.Schema.Metrics[i].Title)
		}
	}
}

// TestUnitTextFollowsItsFields: a unit reads as it was typed until a
// field is set, and then as its fields, so that what the JSON echoes is
// the unit resolved; either way ParseUnit reads back the same unit.
func TestUnitTextFollowsItsFields(t *testing.T) {
	typed := func(s string) Unit {
		u, err := ParseUnit(s)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	same := func(a, b Unit) bool { return a.values() == b.values() }
	for _, c := range []struct {
		unit Unit
		want string
	}{
		{typed("4-6-7,bml=6"), "4-6-7,bml=6"},
		{func() Unit { u := typed("4-6-7"); u.ML, u.ELR = 9, 5; return u }(), "4-6-9,elr=5"},
		{func() Unit { u := typed("leader:8-1"); u.Wounded = true; return u }(), "leader:8-1,wounded"},
		{func() Unit { u := typed("hs:2-4-7,concealed"); u.Concealed, u.SW = false, 1; return u }(), "hs:2-4-7,sw=1"},
		{Unit{Kind: Squad, FP: 4, Range: 6, ML: 7, ELR: 0}, "4-6-7,elr=0"},
	} {
		if got := c.unit.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.unit, got, c.want)
		}
		if back := typed(c.unit.String()); !same(back, c.unit) {
			t.Errorf("%q reads back as %+v, not %+v", c.unit, back, c.unit)
		}
		if b, err := c.unit.MarshalText(); err != nil || string(b) != c.want {
			t.Errorf("%+v: MarshalText %q, %v", c.unit, b, err)
		}
	}
}

// TestUnitValuesCoverEveryField: values, which tells a stale text, writes
// every exported field of Unit; a field added must be added there.
func TestUnitValuesCoverEveryField(t *testing.T) {
	exported := 0
	for f := range reflect.TypeFor[Unit]().Fields() {
		if f.IsExported() {
			exported++
		}
	}
	if got := strings.Count(Unit{}.values(), " ") + 1; got != exported {
		t.Errorf("values writes %d fields, Unit has %d exported", got, exported)
	}
}

// TestMarshalUnknown: an enumerated value a Go program built outside its
// names is refused by MarshalText, where it wrote "Mode(9)", which no
// decoder reads back.
func TestMarshalUnknown(t *testing.T) {
	for _, v := range []interface{ MarshalText() ([]byte, error) }{Mode(9), User(9), Facing(9), Class(9), Building(9)} {
		if b, err := v.MarshalText(); err == nil {
			t.Errorf("%T(9) marshalled as %q", v, b)
		}
	}
	if b, err := Thrown.MarshalText(); err != nil || string(b) != "thrown" {
		t.Errorf("Thrown: %q, %v", b, err)
	}
}

// TestECZeroIsModerate: an attack written as a struct literal, or read
// from JSON with no "ec", takes the default Environmental Condition,
// Moderate, not the wettest; the names still run wettest first.
func TestECZeroIsModerate(t *testing.T) {
	var e EC
	if e != Moderate || e.String() != "moderate" || e.DRM() != 0 {
		t.Errorf("the zero EC is %v (DRM %d), want moderate (0)", e, e.DRM())
	}
	u, err := ParseUnit("4-6-7")
	if err != nil {
		t.Fatal(err)
	}
	if err := (IFTAttack{FP: 8, ELR: 3, Targets: []Unit{u}, Options: DefaultFireOptions()}).Validate(); err != nil {
		t.Errorf("an IFT attack with no EC given: %v", err)
	}
	var a DCAttack
	if err := json.Unmarshal([]byte(`{"mode":"placed","terrain":"woods"}`), &a); err != nil {
		t.Fatal(err)
	}
	if a.EC != Moderate {
		t.Errorf("a DC read from JSON with no ec has EC %v", a.EC)
	}
	if got := strings.Join(ECNames(), " "); got != "snow mud wet moist moderate dry very-dry" {
		t.Errorf("ECNames: %s", got)
	}
	for _, n := range ECNames() {
		e, err := ParseEC(n)
		if err != nil || e.String() != n {
			t.Errorf("ParseEC(%q) = %v, %v", n, e, err)
		}
	}
	want := map[string]int{"snow": -3, "mud": -3, "wet": -2, "moist": -1, "moderate": 0, "dry": 1, "very-dry": 2}
	for n, d := range want {
		if e, _ := ParseEC(n); e.DRM() != d {
			t.Errorf("%s: DRM %d, want %d (B25.5)", n, e.DRM(), d)
		}
	}
}
