package lhy

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseUnit(t *testing.T) {
	for _, c := range []struct {
		s    string
		want Unit
	}{
		{"rifle:7", Unit{Name: "rifle", Cohesion: 7}},
		{"mg_2:6,concealed,disrupted,non-combat", Unit{Name: "mg_2", Cohesion: 6, Concealed: true, Disrupted: true, NonCombat: true}},
		{"p:5,rider,on=tank,heroic,av=3,sav=2", Unit{Name: "p", Cohesion: 5, Rider: true, On: "tank", Heroic: true, AssaultValue: 3, SAV: 2}},
		{"j:8,japanese,rnp", Unit{Name: "j", Cohesion: 8, Nationality: Japanese, RNP: true}},
		{"r:+8,russian", Unit{Name: "r", Cohesion: 8, Nationality: Russian}},
	} {
		got, err := ParseUnit(c.s)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseUnit(%q) = %+v, %v; want %+v", c.s, got, err, c.want)
		}
	}
	for _, c := range []struct{ s, want string }{
		{"rifle", "want NAME:COHESION, e.g. rifle1:7"},
		{"rifle:x", `COHESION "x" is not a whole number`},
		{"rifle:0x7", "is not a whole number"},
		{"rifle:1_0", "is not a whole number"},
		{"rifle:99999999999999999999", `COHESION "99999999999999999999" is far out of range`},
		{":7", "an empty name"},
		{"a b:7", "a name is ASCII letters"},
		{"squäd:7", "a name is ASCII letters"},
		{"none:7", "reserved"},
		{"rifle:7,concealed,concealed", "option concealed given twice"},
		{"rifle:7,japanese,russian", "japanese and russian"},
		{"rifle:7,av=x", "av=x"},
		{"rifle:7,on=", `unknown option "on="`},
		{"rifle:7,flying", `unknown option "flying"`},
		{"rifle:7,", "an empty option"},
	} {
		if _, err := ParseUnit(c.s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseUnit(%q) = %v; want …%s…", c.s, err, c.want)
		}
	}
}

func TestParseVehicle(t *testing.T) {
	for _, c := range []struct {
		s    string
		want Vehicle
	}{
		{"tank:8", Vehicle{Name: "tank", AV: 8, EAV: -1}},
		{"tank:8,eav=6,atv=2,afv", Vehicle{Name: "tank", AV: 8, EAV: 6, ATV: 2, AFV: true}},
		{"pak:1,towed-gun", Vehicle{Name: "pak", AV: 1, EAV: -1, TowedGun: true}},
	} {
		got, err := ParseVehicle(c.s)
		if err != nil || got != c.want {
			t.Errorf("ParseVehicle(%q) = %+v, %v; want %+v", c.s, got, err, c.want)
		}
	}
	for _, c := range []struct{ s, want string }{
		{"tank", "want NAME:AV, e.g. tank:8"},
		{"tank:", `AV "" is not a whole number`},
		{"tank:8,afv,afv", "option afv given twice"},
		{"tank:8,eav=0x6", "eav=0x6"},
		{"tank:8,amphibious", "unknown option"},
	} {
		if _, err := ParseVehicle(c.s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseVehicle(%q) = %v; want …%s…", c.s, err, c.want)
		}
	}
}

func TestParseATFire(t *testing.T) {
	if got, err := ParseATFire("tank=-2"); err != nil || got != (ATFire{"tank", -2}) {
		t.Errorf("ParseATFire(tank=-2) = %+v, %v", got, err)
	}
	for _, s := range []string{"tank", "=2", "tank=", "tank=two", "tank=0x2"} {
		if _, err := ParseATFire(s); err == nil {
			t.Errorf("ParseATFire(%q) accepted", s)
		}
	}
}

// FuzzParseUnit: no panic; a unit that parses prints its name back and
// fails Validate only on a range.
func FuzzParseUnit(f *testing.F) {
	for _, s := range []string{"rifle:7", "p:5,rider,on=tank,heroic,av=3,sav=2", "j:8,japanese", "x:99", "a:1,,", "é:7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseUnit(s)
		if err != nil {
			return
		}
		if !strings.HasPrefix(s, u.Name+":") {
			t.Errorf("%q parsed as name %q", s, u.Name)
		}
		if err := u.validate(); err != nil && !strings.Contains(err.Error(), "outside") {
			t.Errorf("%q: %v", s, err)
		}
	})
}

// FuzzParseVehicle: no panic; what parses has its name.
func FuzzParseVehicle(f *testing.F) {
	for _, s := range []string{"tank:8", "tank:8,eav=6,atv=2,afv", "pak:1,towed-gun", "t:1,afv,towed-gun"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVehicle(s)
		if err != nil {
			return
		}
		if !strings.HasPrefix(s, v.Name+":") {
			t.Errorf("%q parsed as name %q", s, v.Name)
		}
		if ValidName(v.Name) != nil {
			t.Errorf("%q: invalid name %q accepted", s, v.Name)
		}
	})
}
