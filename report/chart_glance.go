package report

import (
	"bytes"
	"strings"
	"unicode"

	"github.com/sapperhq/sapper/sim"
)

// What makes a chart read at a glance: lines that coincide told apart,
// the "at least" row that is 100% by construction left out, headings that
// never break between a word and its number, and SVG text that names a
// fallback font.

// markCoinciding renames each series whose figures are those of an earlier
// one at every value, "cleared = any KIA", so that the legend says why one
// line hides another.
func markCoinciding(ss []Series) []Series {
	out := append([]Series(nil), ss...)
	for i := range out {
		for j := range i {
			if sameFigures(ss[i], ss[j]) {
				out[i].Name = ss[i].Name + " = " + ss[j].Name
				break
			}
		}
	}
	return out
}

func sameFigures(a, b Series) bool {
	if len(a.Cells) != len(b.Cells) {
		return false
	}
	for k, c := range a.Cells {
		d := b.Cells[k]
		if c.Valid != d.Valid || c.Valid && !near9(c.P, d.P) {
			return false
		}
	}
	return true
}

func near9(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// alwaysFull reports a cumulative line that is 100% at every value: "at
// least the mildest outcome", which says nothing.
func alwaysFull(s Series) bool {
	if !strings.HasPrefix(s.Name, "≥ ") {
		return false
	}
	for _, c := range s.Cells {
		if !c.Valid || !near9(c.P, 1) {
			return false
		}
	}
	return true
}

// DropWhole removes the "at least" row of m that takes in every outcome,
// 100% by construction, from a cumulative series of m: a chart leaves it
// out, and so does a table of the series over a sweep.
func DropWhole(s Series, m sim.MetricSummary) Series {
	if len(m.Outcomes) < 2 || !Ordered(m) {
		return s
	}
	whole := len(m.Outcomes) - 1
	if m.Numeric() {
		for k, v := range m.Values {
			if v < m.Values[whole] {
				whole = k
			}
		}
	}
	label := AtLeastLabel(m.Outcomes[whole].Label)
	out := Series{Name: s.Name}
	for k, l := range s.Labels {
		if l != label {
			out.Labels = append(out.Labels, l)
			out.Cells = append(out.Cells, s.Cells[k])
		}
	}
	if len(out.Labels) == 0 {
		return s
	}
	return out
}

// numberWord reports a word that is a number, with its sign or unit
// ("6", "+3", "−1", "15%"), which wrap keeps on the line of the word before
// it: "CS# 6", "TEM 3".
func numberWord(w string) bool {
	digits := false
	for i, r := range w {
		switch {
		case unicode.IsDigit(r):
			digits = true
		case i == 0 && strings.ContainsRune("+-−", r):
		case strings.ContainsRune(".,%;)", r):
		default:
			return false
		}
	}
	return digits
}

// svgFallback names generic fallbacks after the chart's font in an SVG, so
// that a viewer without the Liberation fonts draws sans-serif text of
// about the same width rather than its default serif.
func svgFallback(svg []byte) []byte {
	return bytes.ReplaceAll(svg, []byte("font-family:Liberation Sans;"),
		[]byte("font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;"))
}
