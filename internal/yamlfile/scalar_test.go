package yamlfile

import (
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"
)

// readsBack checks that Scalar(s) is read by the YAML library as s.
func readsBack(t *testing.T, s string) {
	t.Helper()
	var got map[string]any
	doc := "k: " + Scalar(s) + "\n"
	if err := yaml.Unmarshal([]byte(doc), &got); err != nil {
		t.Fatalf("%q written %q: %v", s, doc, err)
	}
	if v, ok := got["k"].(string); !ok || v != s {
		t.Fatalf("%q written %q reads back as %#v", s, doc, got["k"])
	}
}

func TestScalar(t *testing.T) {
	for _, c := range []struct {
		s     string
		plain bool
	}{
		{"compare-default", true},
		{"A Placed DC on a Tiger's side", true},
		{"8 FP at +2 on a squad stacked with a leader", true},
		{"A squad and its leader leave a farm past three S?", true},
		{"Placed vs Thrown: a squad", false},
		{"Rifles, a mortar and a bazooka", true},
		{"true", false}, {"No", false}, {"null", false}, {"12", false}, {"1e3", false},
		{"0x1F", false}, {"2026-12-06", false}, {"", false}, {" lead", false},
		{"a # b", false}, {"- x", false}, {"'q'", false}, {"[x]", false},
		{"x: y", false}, {"line\nbreak", false}, {"tab\there", false}, {"…ellipsis", false},
		{"ends:", false}, {"*alias", false}, {"&anchor", false}, {"!tag", false},
	} {
		if got := Scalar(c.s) == c.s; got != c.plain {
			t.Errorf("%q: written %q, plain %v, want %v", c.s, Scalar(c.s), got, c.plain)
		}
		readsBack(t, c.s)
	}
}

func FuzzScalar(f *testing.F) {
	for _, s := range []string{"compare-default", "A Placed DC on a Tiger's side", "x: y", "12", "\x00", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// A byte that is not UTF-8 is written as U+FFFD (Scalar).
		readsBack(t, strings.ToValidUTF8(s, "\uFFFD"))
		if !utf8.ValidString(s) {
			var got map[string]string
			if err := yaml.Unmarshal([]byte("k: "+Scalar(s)+"\n"), &got); err != nil || got["k"] != strings.ToValidUTF8(s, "\uFFFD") {
				t.Fatalf("%q written %q: %v, %q", s, Scalar(s), err, got["k"])
			}
		}
	})
}
