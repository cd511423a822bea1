package asl

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseUnit: any string either parses to a unit that validates and
// whose counter text parses back to the same values, or fails with an
// error naming the unit; it never panics.
func FuzzParseUnit(f *testing.F) {
	for _, s := range []string{"4-6-7", "hs:2-4-7,elr=1", "crew:2-2-8", "leader:8-1", "leader:7+1,wounded",
		"hero:1-4-9", "4-4-7,underscore,class=green,broken-ml=6", "4-6-7,drm=-2,concealed", "leader:", ":", "4--7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseUnit(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "unit ") {
				t.Fatalf("error %q does not name the unit", err)
			}
			return
		}
		if err := u.Validate(); err != nil {
			t.Fatalf("parsed %q but it does not validate: %v", s, err)
		}
		back, err := ParseUnit(u.Counter())
		if err != nil || back.Kind != u.Kind || back.ML != u.ML || back.Mod != u.Mod || back.FP != u.FP {
			t.Fatalf("%q → %q → %+v, %v", s, u.Counter(), back, err)
		}
	})
}

// FuzzParseFireAttack: FP:DRM parses only within its bounds, and to the
// numbers written: its text parses back to the same attack.
func FuzzParseFireAttack(f *testing.F) {
	for _, s := range []string{"8:-1", "4:+2", "30:0", "8", ":", "1e9:1", "NaN:0", "8:\u22121", "7.5:0",
		"1.9999999999999999:0", "0x1p3:0", "1_0:0", "8:0x1", "1e-400:0", "8:-1,class=first", "4:+2,class=green,nation=british", "8:-1,nation=finnish", "8:-1,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fa, err := ParseFireAttack(s)
		if err != nil {
			return
		}
		if !(fa.FP >= 1 && fa.FP <= 100) || fa.DRM < -10 || fa.DRM > 10 || fa.Cowering() < 0 || fa.Cowering() > 2 {
			t.Fatalf("%q parsed out of bounds: %+v", s, fa)
		}
		if back, err := ParseFireAttack(fa.String()); err != nil || !reflect.DeepEqual(back, fa) {
			t.Fatalf("%q → %q → %+v, %v", s, fa.String(), back, err)
		}
	})
}

// FuzzParseArmor: any string either fails or parses to armor on the D1.6
// scale whose text parses back to the same armor; it never panics.
func FuzzParseArmor(f *testing.F) {
	for _, s := range []string{"hull=11/8/8,turret=11/8/8", "11/8/8", "-/-/-", "hull=2/-/-,turret=2/-/-", "hull=11/8",
		"hull=5/5/5,turret=5/5/5", "turret=1/1/1", "hull=1/1/1,hull=1/1/1", "HULL=26/18/14,Upper=18/14/14", "=", ",", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseArmor(s)
		if err != nil {
			return
		}
		for _, v := range append(a.Hull[:], a.Turret[:]...) {
			if v != Unarmored && !onScale(v) {
				t.Fatalf("%q: AF %d off the scale", s, v)
			}
		}
		back, err := ParseArmor(a.String())
		if err != nil || back != a {
			t.Fatalf("%q → %q → %v, %v", s, a, back, err)
		}
	})
}

// FuzzLookupPreset: a name either finds a preset whose armor is valid or
// fails naming the choices.
func FuzzLookupPreset(f *testing.F) {
	for _, s := range []string{"tiger", "TRUCK", " halftrack ", "panther", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := LookupPreset(s)
		if err != nil {
			if !strings.Contains(err.Error(), "--af") {
				t.Fatalf("%q: error %q does not say how else to give armor", s, err)
			}
			return
		}
		if err := p.Armor.validate(); err != nil {
			t.Fatalf("preset %s: %v", p.Name, err)
		}
	})
}

// FuzzParseFireInputs: the parsers of a fire attack's names — weapon,
// firer, Class and nationality — either read a name back to itself or
// fail with an error quoting the input; they never panic.
func FuzzParseFireInputs(f *testing.F) {
	for _, s := range []string{"he", "HEAT", "concentrated-ffe", "ft", "wp", "infantry", "fire-lane", "green", "british", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (string, error){
			func(s string) (string, error) { v, err := ParseWeapon(s); return v.String(), err },
			func(s string) (string, error) { v, err := ParseFirer(s); return v.String(), err },
			func(s string) (string, error) { v, err := ParseClass(s); return v.String(), err },
			func(s string) (string, error) { v, err := ParseNationality(s); return v.String(), err },
		} {
			name, err := parse(s)
			if err != nil {
				if !strings.HasPrefix(err.Error(), strconv.Quote(s)) {
					t.Fatalf("error %q does not quote the input", err)
				}
				continue
			}
			if !strings.EqualFold(name, s) {
				t.Fatalf("%q read as %q", s, name)
			}
		}
	})
}
