package spell

import "testing"

func TestNearest(t *testing.T) {
	names := []string{"tem", "target", "elr", "class", "concealed", "sq", "cx", "mission-drm"}
	for _, c := range []struct{ typed, want string }{
		{"tme", "tem"},   // two letters swapped: one edit
		{"TEM", "tem"},   // the name in capitals
		{"--tem", "tem"}, // with the command line's dashes
		{"mission_drm", "mission-drm"},
		{"taget", "target"},
		{"clas", "class"},
		{"conceled", "concealed"},
		{"x0", ""}, // a short name is not corrected to another
		{"j", ""},
		{"zzzz", ""},
		{"tem", "tem"}, // a name itself is its own nearest
	} {
		if got := Nearest(c.typed, names); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
}

func TestOption(t *testing.T) {
	forms := []string{"class=CLASS", "elr=N", "concealed", "in-pillbox", "pinned"}
	for _, c := range []struct{ typed, want string }{
		{"clas=elite", "class=elite"},
		{"clas", "class=CLASS"},
		{"conceled", "concealed"},
		{"pined=true", "pinned"},
		{"in_pillbox", "in-pillbox"},
		{"class=elitee", ""}, // the key is right: its value is another matter
		{"zzz=1", ""},
	} {
		if got := Option(c.typed, forms); got != c.want {
			t.Errorf("Option(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
}

func TestUnknownOption(t *testing.T) {
	forms := []string{"cover=N", "in-pillbox", "pinned"}
	for typed, want := range map[string]string{
		"pined": `unknown option "pined"; did you mean pinned? (want cover=N, in-pillbox or pinned)`,
		"zzz":   `unknown option "zzz"; want cover=N, in-pillbox or pinned`,
	} {
		if got := UnknownOption(typed, forms, Want(forms)); got != want {
			t.Errorf("%q: %q, want %q", typed, got, want)
		}
	}
	if got := Want([]string{"a"}); got != "want a" {
		t.Errorf("Want of one: %q", got)
	}
}
