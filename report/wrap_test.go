package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWrap: prose breaks at spaces within TextWidth, keeps every word in
// order, and keeps a line's indent on its continuations.
func TestWrap(t *testing.T) {
	long := "Not modeled: Guns, AFVs and SPGs are generated but never fire (S9); morale of the generated units, their Ambush, and Close Combat are left out; an S? that is a dummy is removed (S4)."
	spaced := strings.Repeat("x", 70) + " abcdefgh  next   words here"
	for _, s := range []string{long, "  " + long, "short line", strings.Repeat("x", 100) + " tail", "a\n" + long, spaced, "  " + spaced} {
		lines := Wrap(s)
		indent := s[:len(s)-len(strings.TrimLeft(s, " "))]
		for i, l := range lines {
			if n := utf8.RuneCountInString(l); n > TextWidth && strings.Contains(strings.TrimLeft(l, " "), " ") {
				t.Errorf("%q: line %d of %d characters breaks no word", s, i, n)
			}
			if strings.HasSuffix(l, " ") {
				t.Errorf("%q: line %d ends in a space", s, i)
			}
			want := indent
			if i > 0 && indent != "" {
				want += "  " // a list item's continuation hangs
			}
			if lead := l[:len(l)-len(strings.TrimLeft(l, " "))]; !strings.Contains(s, "\n") && lead != want {
				t.Errorf("%q: line %d starts with %d spaces, want %d", s, i, len(lead), len(want))
			}
		}
		if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != strings.Join(strings.Fields(s), " ") {
			t.Errorf("%q: the words changed: %q", s, lines)
		}
	}
	if got := Wrap("short line"); len(got) != 1 || got[0] != "short line" {
		t.Errorf("a short line: %q", got)
	}
}
