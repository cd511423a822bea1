package asl

import (
	"strings"
	"testing"
)

// TestUnmodeledUnitOptions: a unit's own situation that rules/asl.md §8.30
// leaves out is refused by name, with the decision, not as an unknown
// option; an attack's (FFMO, a Hindrance) stays an unknown option of a
// unit, and no word of the table is an option a unit takes.
func TestUnmodeledUnitOptions(t *testing.T) {
	for _, w := range UnmodeledWords() {
		u, _ := NotModeled(w)
		_, err := ParseUnit("4-6-7," + w)
		switch {
		case err == nil:
			t.Errorf("4-6-7,%s: accepted", w)
		case u.DC == "" && u.IFT == "" && !strings.Contains(err.Error(), "§8.30"):
			t.Errorf("4-6-7,%s: %v, want §8.30 named", w, err)
		case (u.DC != "" || u.IFT != "") && !strings.Contains(err.Error(), "unknown option"):
			t.Errorf("4-6-7,%s: %v, want an unknown option", w, err)
		}
	}
}

// TestUnmodeledReason: a DC attack is told why it never has a situation,
// an IFT attack where its DRM goes, and either that the model leaves the
// rest out.
func TestUnmodeledReason(t *testing.T) {
	for _, c := range []struct {
		word string
		dc   bool
		want string
	}{
		{"ffmo", true, "FFMO and FFNAM never apply to a DC attack: its effects resolve in the AFPh or at Throw time (rules/asl.md §8.30)"},
		{"ffnam", false, "FFMO and FFNAM are DRMs of the attack (−1 each): add them to --drm"},
		{"hindrance", true, "LOS Hindrances never apply to a DC attack (A23.1)"},
		{"hindrance", false, "a LOS Hindrance is a DRM of the attack: add it to --drm"},
		{"encircled", true, "Encirclement (A7.7) is not modeled (rules/asl.md §8.30)"},
		{"air-burst", false, "Air Bursts are not modeled (rules/asl.md §8.30)"},
	} {
		u, ok := NotModeled(c.word)
		if got := u.Reason(c.dc, "--drm"); !ok || got != c.want {
			t.Errorf("%s (dc %v): %q, %v; want %q", c.word, c.dc, got, ok, c.want)
		}
	}
	if _, ok := NotModeled("tem"); ok {
		t.Error("tem: said to be left out")
	}
}
