package report

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sapperhq/sapper/sim"
)

// Cell is one figure of a grid: a probability or a mean, with its interval
// (Lo = Hi = P for exact runs). A cell that does not apply is not Valid.
type Cell struct {
	P, Lo, Hi float64
	Valid     bool
	Mean      bool // a mean, printed as a number rather than a percentage
	// Fraction is P exactly, when the run found its outcomes' fractions
	// (sim.OutcomeSummary.Fraction); nil otherwise.
	Fraction *big.Rat
}

// Grid is a side-by-side summary: one row per run, one column per figure.
type Grid struct {
	Columns []string
	Rows    []GridRow
}

// Unfigured are the labels of the rows with no figure in any column (a
// sweep's value where the metric is not reported, such as the SW of no
// target), which a chart of the grid draws no point at.
func (g Grid) Unfigured() []string {
	var out []string
	for _, r := range g.Rows {
		if !slices.ContainsFunc(r.Cells, func(c Cell) bool { return c.Valid }) {
			out = append(out, r.Label)
		}
	}
	return out
}

// GridRow is one run's figures, in column order.
type GridRow struct {
	Label string
	Cells []Cell
}

// Sum is the probability that metric ends in any of labels, with the
// Wilson interval of the summed count for Monte Carlo runs. It is not
// Valid when res is nil or the metric absent, nor when a label is none of
// its outcomes: a misspelt label is no sure 0. labels is a set: each
// outcome of the metric counts once however often it is named, so the sum
// of a categorical metric's outcomes can never pass 1.
func Sum(res *sim.Result, metric string, labels ...string) Cell {
	if res == nil {
		return Cell{} // no run, as Figure reads it
	}
	m := res.Metric(metric)
	if m == nil || noTrials(res) {
		return Cell{}
	}
	for _, l := range labels {
		if m.Outcome(l) == nil {
			return Cell{}
		}
	}
	o := sumOutcomes(res, *m, func(j int) bool { return slices.Contains(labels, m.Outcomes[j].Label) })
	return Cell{Valid: true, P: o.P, Lo: o.Lo, Hi: o.Hi, Fraction: o.Fraction}
}

// Mean is a numeric metric's mean with its interval.
func Mean(res *sim.Result, metric string) Cell {
	if res == nil {
		return Cell{}
	}
	m := res.Metric(metric)
	if m == nil || !m.Numeric() || noTrials(res) {
		return Cell{}
	}
	return Cell{P: m.Mean, Lo: m.MeanLo, Hi: m.MeanHi, Valid: true, Mean: true}
}

// WriteGrid writes g as an aligned table: each cell its figure, and below
// it the interval when there is one.
func WriteGrid(w io.Writer, g Grid) error {
	if err := g.valid(); err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	widths := make([]int, len(g.Columns)+1)
	for _, r := range g.Rows {
		widths[0] = max(widths[0], utf8.RuneCountInString(r.Label))
	}
	for j, name := range g.Columns {
		widths[j+1] = utf8.RuneCountInString(name)
		for _, r := range g.Rows {
			f, iv := gridFigure(r.Cells[j])
			widths[j+1] = max(widths[j+1], utf8.RuneCountInString(f), utf8.RuneCountInString(iv))
		}
	}
	pad := func(s string, n int) string { return strings.Repeat(" ", n-utf8.RuneCountInString(s)) + s }
	line := func(first string, cells []string) {
		var l strings.Builder
		l.WriteString(first + strings.Repeat(" ", widths[0]-utf8.RuneCountInString(first)))
		for j, c := range cells {
			l.WriteString("  " + pad(c, widths[j+1]))
		}
		// A row whose last cells have no interval ends where its text does.
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	line("", g.Columns)
	for _, r := range g.Rows {
		figs, ivs := make([]string, len(r.Cells)), make([]string, len(r.Cells))
		any := false
		for j, c := range r.Cells {
			figs[j], ivs[j] = gridFigure(c)
			any = any || ivs[j] != ""
		}
		line(r.Label, figs)
		if any {
			line("", ivs)
		}
	}
	return b.Flush()
}

// valid refuses a grid with a row of more or fewer cells than columns.
func (g Grid) valid() error {
	for _, r := range g.Rows {
		if len(r.Cells) != len(g.Columns) {
			return fmt.Errorf("report: grid row %q has %d cells for %d columns", r.Label, len(r.Cells), len(g.Columns))
		}
	}
	return nil
}

// gridFigure is a cell as a grid shows it: the figure, and its interval
// when the figure has one ("" for exact runs).
func gridFigure(c Cell) (fig, interval string) {
	switch {
	case !c.Valid:
		return "—", ""
	case c.Mean:
		if c.Hi > c.Lo {
			lo, hi := Span(c.Lo, c.Hi, 3)
			interval = lo + "–" + hi
		}
		return Avg(c.P, 3), interval
	}
	if c.Hi > c.Lo {
		interval = Dash(SpanPct(c.Lo, c.Hi))
	}
	return Pct(c.P) + "%", interval
}

// Span writes the ends of an interval from lo to hi with places decimals,
// or one or two more where places would print them alike and more tell
// them apart: a narrow interval (1.17–1.22 points, from a long run; 1.187–
// 1.191 from one of 10⁸ trials) said as 1.2–1.2 says nothing of its width.
// One still alike at places+2 keeps places. An end above 0 that would
// print as 0 prints as Avg writes it (<0.1, about a figure seen four times
// in 6,000 trials): no end reads as 0 when it is not. A negative places
// is 0.
func Span(lo, hi float64, places int) (string, string) {
	places = max(places, 0)
	d := places
	for more := places + 1; fmt.Sprintf("%.*f", d, lo) == fmt.Sprintf("%.*f", d, hi) && more <= places+2; more++ {
		if fmt.Sprintf("%.*f", more, lo) != fmt.Sprintf("%.*f", more, hi) {
			d = more
		}
	}
	return Avg(lo, d), Avg(hi, d)
}

// Dash joins an interval's ends lo and hi with an en dash, spaced where hi
// begins >, lest –> read as an arrow: 42.7–42.9, <0.1 – >99.9.
func Dash(lo, hi string) string {
	if strings.HasPrefix(hi, ">") {
		return lo + " – " + hi
	}
	return lo + "–" + hi
}

// SpanPct is Span of a chance's interval, in percent to one place: an end
// below 1 that would print as 100 prints as >99.9, as Pct writes a figure.
func SpanPct(lo, hi float64) (string, string) {
	a, b := Span(100*lo, 100*hi, 1)
	return belowCertain(lo, a), belowCertain(hi, b)
}

// belowCertain is s, the end p of an interval in percent, or ">99.9…" at
// its places where p is below 1 and s reads 100.
func belowCertain(p float64, s string) string {
	if p >= 1 || !strings.HasPrefix(s, "100") {
		return s
	}
	_, frac, _ := strings.Cut(s, ".")
	return ">" + strconv.FormatFloat(100-math.Pow(10, -float64(len(frac))), 'f', len(frac), 64)
}
