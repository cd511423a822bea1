package asl

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/bound"
)

func TestUnitJSONIsItsText(t *testing.T) {
	u := mustUnit(t, "4-6-7,elr=2")
	b, err := json.Marshal(u)
	if err != nil || string(b) != `"4-6-7,elr=2"` {
		t.Fatalf("%s, %v", b, err)
	}
	var back Unit
	if err := json.Unmarshal(b, &back); err != nil || back.ELR != 2 || back.ML != 7 {
		t.Fatalf("%+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`"4-6-x"`), &back); err == nil {
		t.Error("a bad unit unmarshals")
	}
}

func TestParseUnitErrors(t *testing.T) {
	for _, s := range []string{"4-6", "leader:8", "tank:4-6-7", "4-6-7,elr=9", "4-6-7,wounded", "4-6-7,class=veteran", "4-6-11",
		"leader:+8-1", "leader:8-+1", "leader:8+-1"} {
		if _, err := ParseUnit(s); err == nil {
			t.Errorf("%q parses", s)
		}
	}
	// A leader's counter written without its kind is refused, and told
	// what it reads as; what no leader could be is not.
	for s, want := range map[string]string{
		"9-2":         `unit "9-2": reads as a leader's ML and modifier: did you mean leader:9-2?`,
		"7+1,wounded": "did you mean leader:7+1,wounded?",
		"4-6":         "want FP-range-ML such as 4-6-7",
		"8+3":         "want FP-range-ML such as 4-6-7",
		"9-":          "want FP-range-ML such as 4-6-7",
		// A kind in capitals, as a counter prints it, is told the word.
		"HS:2-4-7,ELR=2": `unknown kind "HS"; words are lower case, as hs:2-4-7,elr=2`,
		"Leader:8-1":     "words are lower case, as leader:8-1",
		"XX:8-1":         "want e.g. 4-6-7",
		"Tank:4-6-7":     "want e.g. 4-6-7",
	} {
		if _, err := ParseUnit(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", s, err, want)
		}
	}
	// The words the hint offers are the parser's own.
	for _, k := range unitKinds {
		if _, err := ParseUnit(k + ":x"); err == nil || strings.Contains(err.Error(), "unknown kind") {
			t.Errorf("%s: %v: the hint offers a kind ParseUnit does not read", k, err)
		}
	}
	// A sign inside a counter is refused, not read as the counter
	// without it.
	for _, s := range []string{"4-+6-7", "4-6-+7", "+4-6-7", "hs:2-+4-7", "crew:-2-2-8"} {
		if _, err := ParseUnit(s); err == nil || !strings.Contains(err.Error(), "with no sign") && !strings.Contains(err.Error(), "want FP-range-ML") {
			t.Errorf("%q: %v, want a sign refused", s, err)
		}
	}
}

// TestCounterRanges: a counter's printed values are held to the ranges of
// its kind, so a typo or a squad's values on a half-squad is an error
// naming the value and the range.
func TestCounterRanges(t *testing.T) {
	for _, c := range []struct{ unit, want string }{
		{"hs:4-6-7", "range 6 outside 1…4 for a half-squad"},
		{"99-6-7", "FP 99 outside 1…8 for a squad"},
		{"0-6-7", "FP 0 outside 1…8 for a squad"},
		{"4-0-7", "range 0 outside 1…8 for a squad"},
		{"crew:4-2-8", "FP 4 outside 1…3 for a crew"},
		{"hero:1-9-9", "range 9 outside 1…6 for a hero"},
		{"leader:5-1", "a leader's ML 5 outside 6…10"},
		{"leader:11-1", "a leader's ML 11 outside 6…10"},
		// Past what an int holds: still said to be out of range.
		{"99999999999999999999-6-7", "99999999999999999999 is far out of range"},
		{"leader:8-99999999999999999999", "a leader's ML (6…10) or modifier (−3…+2) far out of range"},
		{"4-6-7,elr=-99999999999999999999", "option elr=-99999999999999999999 is far out of range: want elr=N, N from 0 to 5"},
		// A long value is clipped: the line names it, not repeats it.
		{"4-6-7,sw=" + strings.Repeat("9", 120), "option sw=99999999999999999999… is far out of range: want sw=N, N from 0 to 4"},
		{"4-6-7,bml=-999999999999999999999", "option bml=-999999999999999999999 is far out of range: want bml=N, N from 1 to 10"},
		{"4-6-7,elr=x", "option elr needs a whole number"},
	} {
		_, err := ParseUnit(c.unit)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want …%s…", c.unit, err, c.want)
		}
	}
	for _, s := range []string{"8-3-8", "hs:3-3-8", "hs:2-4-7", "crew:2-2-8", "hero:1-4-9", "leader:6+1", "leader:10-3", "4-2-6"} {
		if _, err := ParseUnit(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

// TestUnitRefusalsAreTyped: a unit built in code and refused names its
// field as every input error does (bound.FieldOf), its message the
// unit's as ParseUnit gives it.
func TestUnitRefusalsAreTyped(t *testing.T) {
	for _, u := range []Unit{
		{Kind: Squad, FP: 4, Range: 6, ML: 11},
		{Kind: Squad, FP: 4, Range: 6, ML: 7, ELR: 9},
		{Kind: Leader, ML: 8, Mod: -1, Wounded: true, Pinned: true, Broken: true},
		{Kind: Crew, FP: 2, Range: 2, ML: 8, Berserk: true},
	} {
		err := u.Validate()
		if f, ok := bound.FieldOf(err); !ok || f != "unit" {
			t.Errorf("%v: %v names field %q", u, err, f)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "unit \""+u.String()+"\": ") {
			t.Errorf("%v: %q does not begin with the unit", u, err)
		}
	}
}

// TestUnicodeMinus: the minus sign help texts print reads as "-" in unit
// and fire-attack strings.
func TestUnicodeMinus(t *testing.T) {
	u := mustUnit(t, "leader:8\u22121")
	if u.Mod != -1 || u.String() != "leader:8-1" {
		t.Errorf("leader:8\u22121 = %+v (%s)", u, u)
	}
	if u := mustUnit(t, "4-6-7,drm=\u22122"); u.DRM != -2 {
		t.Errorf("drm=\u22122 = %d", u.DRM)
	}
	f, err := ParseFireAttack("8:\u22121")
	if err != nil || f.DRM != -1 {
		t.Errorf("8:\u22121 = %+v, %v", f, err)
	}
	for _, s := range []string{"0x8:1", "8:0x1", "inf:1", "8:011x"} {
		if _, err := ParseFireAttack(s); err == nil {
			t.Errorf("%q parses", s)
		}
	}
}

// TestUnitOptionValues: a yes/no option is on alone or as =true, off as
// =false, and any other value is refused; an option given twice (under
// either of its names) is refused rather than the last one taken.
func TestUnitOptionValues(t *testing.T) {
	for _, c := range []struct {
		unit string
		want Unit
	}{
		{"4-6-7,broken", Unit{Broken: true}},
		{"4-6-7,broken=true", Unit{Broken: true}},
		{"4-6-7,broken=false", Unit{}},
		{"4-6-7,concealed=false,underscore=true", Unit{Underscore: true}},
		{"leader:8-1,wounded=false", Unit{}},
		{"4-6-7,sw=1,sw-x=false", Unit{SW: 1}},
		{"4-6-7,broken-ml=6", Unit{BrokenML: 6}},
		{"hs:2-4-7,underscore", Unit{Underscore: true}},
		{"crew:2-2-8,class=green", Unit{}},
		{"leader:8-1,elr=2", Unit{}},
		{"hero:1-4-9,underscore=false", Unit{}},
	} {
		u, err := ParseUnit(c.unit)
		if err != nil {
			t.Errorf("%s: %v", c.unit, err)
			continue
		}
		got := Unit{Broken: u.Broken, Concealed: u.Concealed, Underscore: u.Underscore, Wounded: u.Wounded, SW: u.SW, SWX: u.SWX, BrokenML: u.BrokenML}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.unit, got, c.want)
		}
	}
	for _, c := range []struct{ unit, want string }{
		{"4-6-7,broken=no", `option broken takes no value, or true or false; not "no"`},
		{"4-6-7,concealed=0", `option concealed takes no value, or true or false; not "0"`},
		{"leader:8-1,wounded=no", `option wounded takes no value, or true or false; not "no"`},
		{"4-6-7,sw=1,sw-x=xyz", `option sw-x takes no value, or true or false; not "xyz"`},
		{"4-6-7,broken=True", `option broken takes no value, or true or false; not "True"`},
		{"4-6-7,elr=0,elr=5", "option elr given twice"},
		{"4-6-7,broken,broken=false", "option broken given twice"},
		{"4-6-7,bml=6,broken-ml=7", "option broken-ml given twice"},
		{"leader:8-1,broken-ml=0", "broken-ml=0 outside 1…10"},
		{"4-6-7,bml=11", "bml=11 outside 1…10"},
		// Options a kind of unit does not have (A1.25, A19.11, A19.13).
		{"leader:8-1,class=conscript", "class=conscript: a leader has no Class"},
		{"leader:8-1,class=first", "class=first: a leader has no Class"},
		{"hero:1-4-9,class=first", "class=first: a hero has no Class"},
		{"hero:1-4-9,class=elite", "class=elite: a hero has no Class"},
		{"crew:2-2-8,elr=2", "elr=: a crew is never ELR Replaced"},
		{"hero:1-4-9,elr=0", "elr=: a hero is never ELR Replaced"},
		{"crew:2-2-8,underscore", "underscore: only a squad's or a HS's ML is underscored"},
		{"leader:8-1,underscore", "underscore: only a squad's or a HS's ML is underscored"},
		{"hero:1-4-9,underscore", "underscore: only a squad's or a HS's ML is underscored"},
	} {
		_, err := ParseUnit(c.unit)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want …%s…", c.unit, err, c.want)
		}
	}
}

// TestIsUnitOption: what YAML leaves of a unit split at its comma is told
// from a unit and from nonsense.
func TestIsUnitOption(t *testing.T) {
	for s, want := range map[string]bool{
		"elr=2": true, "broken": true, "wounded": true, "class=elite": true,
		"4-6-7": false, "leader:8-1": false, "": false, "elr=9": false, "nonsense": false, "broken,pinned": false,
	} {
		if got := IsUnitOption(s); got != want {
			t.Errorf("IsUnitOption(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestUnitOptionKeys: every option ParseUnit offers for a misspelt one is an
// option it reads, and a misspelt key is answered with the one meant.
func TestUnitOptionKeys(t *testing.T) {
	value := map[string]string{"elr": "2", "broken-ml": "6", "bml": "6", "class": "elite", "drm": "1", "sw": "1"}
	for _, f := range unitOptionForms {
		k, _, takes := strings.Cut(f, "=")
		opt := k
		if takes {
			opt += "=" + value[k]
		}
		if _, err := ParseUnit("4-6-7," + opt); err != nil && strings.Contains(err.Error(), "unknown option") {
			t.Errorf("%s: %v", f, err)
		}
	}
	_, err := ParseUnit("4-6-7,clas=elite")
	if err == nil || !strings.Contains(err.Error(), `unknown option "clas=elite"; did you mean class=elite? (want elr=N`) {
		t.Errorf("clas=elite: %v", err)
	}
}
