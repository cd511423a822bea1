package report

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// visible returns s with what a chart cannot show written out as Go
// escapes: a control character but the newline that breaks a heading's
// lines (\x1b, \t), a mark that turns the text's
// direction (\u202e) and a byte that is not UTF-8 (\xff). A title or a
// unit name can hold any of them; an SVG that held one raw would not be
// XML at all, and a PNG would draw it as a box or not at all.
func visible(s string) string {
	if !strings.ContainsFunc(s, hidden) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case hidden(r):
			q := fmt.Sprintf("%+q", r) // '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// hidden reports a rune a chart does not show: a control character but
// the newline, one of the marks that turn the direction of the text
// around them (U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), or U+FFFE
// and U+FFFF, which XML refuses.
func hidden(r rune) bool {
	return unicode.IsControl(r) && r != '\n' || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 ||
		r == 0xfffe || r == 0xffff // not characters at all, to XML
}

// visibleChart is c with every text visible (visible): the heading, the
// notes, and each panel's title, axis label, series names and labels.
func visibleChart(c Chart) Chart {
	all := func(ss []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = visible(s)
		}
		return out
	}
	c.Heading, c.Notes = all(c.Heading), all(c.Notes)
	panels := make([]Panel, len(c.Panels))
	for i, p := range c.Panels {
		p.Title, p.XLabel = visible(p.Title), visible(p.XLabel)
		series := make([]Series, len(p.Series))
		for k, s := range p.Series {
			s.Name, s.Labels = visible(s.Name), all(s.Labels)
			series[k] = s
		}
		p.Series = series
		panels[i] = p
	}
	c.Panels = panels
	return c
}
