package cli

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// A figure row of the comparison: one outcome set of a metric that every
// plan reports, or, with cell, a figure each run reads from metrics of its
// own (compare's "user out": the Placer's, the thrower's or the Setter's).
type planFigure struct {
	name   string
	metric string
	labels func(m *sim.MetricSummary) []string
	cell   func(res *sim.Result) report.Cell
}

// except is every label of the metric but those named.
func except(names ...string) func(m *sim.MetricSummary) []string {
	return func(m *sim.MetricSummary) []string {
		var out []string
		for _, o := range m.Outcomes {
			if !slices.Contains(names, o.Label) {
				out = append(out, o.Label)
			}
		}
		return out
	}
}

func only(names ...string) func(*sim.MetricSummary) []string {
	return func(*sim.MetricSummary) []string { return names }
}

// headlineFigures are the figures a metric is read by: a unit's chance of
// being eliminated and of being out of the fight; yes for a yes/no
// metric; the Location cleared; a DC detonated or Set; a count at least
// 1; and cleared after any attack at all.
func headlineFigures(m *sim.MetricSummary) []planFigure {
	labels := make([]string, len(m.Outcomes))
	for i, o := range m.Outcomes {
		labels[i] = o.Label
	}
	n := m.Name
	switch {
	case n == asl.MetricClearedAfter:
		return []planFigure{{name: "cleared after any attack", metric: n, labels: except("never")}}
	case n == asl.MetricStack:
		return []planFigure{{name: "stack cleared", metric: n, labels: only("cleared")}}
	case slices.Equal(labels, []string{"yes", "no"}):
		return []planFigure{{name: n, metric: n, labels: only("yes")}}
	case slices.Contains(labels, "good_order") && slices.Contains(labels, "eliminated"):
		return []planFigure{{name: n + " eliminated", metric: n, labels: only("eliminated")}, {name: n + " out", metric: n, labels: only("eliminated", "surrendered", "broken")}}
	case slices.Contains(labels, "detonated"):
		return []planFigure{{name: n + " detonated", metric: n, labels: only("detonated")}}
	case slices.Contains(labels, "set"):
		return []planFigure{{name: n + " set", metric: n, labels: only("set")}}
	case m.Numeric():
		return []planFigure{{name: n + " ≥ 1", metric: n, labels: except("0")}}
	}
	return nil
}

// sharedFigures are the headline figures of the metrics the runs report,
// in the order the runs first give them: every run's, or, with every
// false, any run's, a run that has no such metric (a fire attack's rubble
// where a DC's is reported) reading "—" there.
func sharedFigures(runs []report.Run, every bool) []planFigure {
	var out []planFigure
	seen := map[string]bool{}
	for _, r := range runs {
		for _, m := range r.Result.Metrics {
			if seen[m.Name] {
				continue
			}
			seen[m.Name] = true
			all := true
			for _, o := range runs {
				all = all && o.Result.Metric(m.Name) != nil
			}
			if all || !every {
				out = append(out, headlineFigures(&m)...)
			}
		}
	}
	return out
}

// cellOf is a figure of run r: its probability and interval.
func cellOf(r report.Run, f planFigure) report.Cell {
	if f.cell != nil {
		return f.cell(r.Result)
	}
	m := r.Result.Metric(f.metric)
	if m == nil {
		return report.Cell{} // "—": this plan does not report it
	}
	return report.Sum(r.Result, f.metric, f.labels(m)...)
}

// plansGrid is the figures of every plan, a row per plan, a column per
// figure, then a Δ column per figure: the plan's figure minus the first
// plan's, with the difference's interval (none in the first plan's row).
// The table shows it turned: a row per figure, a column per plan.
func plansGrid(runs []report.Run, every bool, extra ...planFigure) report.Grid {
	g := report.Grid{}
	if len(runs) == 0 {
		return g
	}
	figs := append(sharedFigures(runs, every), extra...)
	for _, f := range figs {
		g.Columns = append(g.Columns, f.name)
	}
	for _, f := range figs {
		g.Columns = append(g.Columns, "Δ "+f.name)
	}
	for i, r := range runs {
		row := report.GridRow{Label: r.Label}
		for _, f := range figs {
			row.Cells = append(row.Cells, cellOf(r, f))
		}
		for _, f := range figs {
			d := report.Cell{}
			if i > 0 {
				d = difference(cellOf(runs[0], f), cellOf(r, f))
			}
			row.Cells = append(row.Cells, d)
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// difference is b − a with its interval: exact when both are (their
// intervals are points; a fraction when both have one), otherwise Newcombe's hybrid score interval, built
// from the two Wilson intervals (Newcombe, R. G., "Interval estimation for
// the difference between independent proportions: comparison of eleven
// methods", Statistics in Medicine 17 (1998) 873–890, method 10). With
// (l₁, u₁) the Wilson interval of p₁ = a and (l₂, u₂) that of p₂ = b, and
// d = p₂ − p₁:
//
//	lower = d − √((p₂ − l₂)² + (u₁ − p₁)²)
//	upper = d + √((u₂ − p₂)² + (p₁ − l₁)²)
//
// at the confidence of the Wilson intervals. The interval takes the two
// runs as independent samples; each plan is its own run, and although the
// runs share the seed, plans that differ draw their dice in different
// places of their streams.
func difference(a, b report.Cell) report.Cell {
	if !a.Valid || !b.Valid {
		return report.Cell{}
	}
	if a.Fraction != nil && b.Fraction != nil {
		x := new(big.Rat).Sub(b.Fraction, a.Fraction)
		d, _ := x.Float64()
		return report.Cell{P: d, Lo: d, Hi: d, Valid: true, Fraction: x}
	}
	d := b.P - a.P
	if a.Lo == a.P && a.Hi == a.P && b.Lo == b.P && b.Hi == b.P && math.Abs(d) < 1e-12 {
		// Two exact figures without their fractions (the table and the
		// CSV unless --fractions): float sums over different paths that
		// differ by rounding alone would read −0.00; a true difference
		// this small would read 0.00 all the same, and the JSON has it
		// exactly.
		d = 0
	}
	lo := d - math.Sqrt((b.P-b.Lo)*(b.P-b.Lo)+(a.Hi-a.P)*(a.Hi-a.P))
	hi := d + math.Sqrt((b.Hi-b.P)*(b.Hi-b.P)+(a.P-a.Lo)*(a.P-a.Lo))
	return report.Cell{P: d, Lo: max(lo, -1), Hi: min(hi, 1), Valid: true}
}

// plansBars are the figures of every plan without the differences, for
// the chart: one group per figure, a bar per plan.
func plansBars(g report.Grid) report.Grid {
	n := len(g.Columns) / 2
	out := report.Grid{Columns: g.Columns[:n]}
	for _, r := range g.Rows {
		out.Rows = append(out.Rows, report.GridRow{Label: r.Label, Cells: r.Cells[:n]})
	}
	return out
}

// writeSideBySideHead writes what a side-by-side table (plans, compare)
// says before its figures: the headline, the summary of the runs, and
// with --explain the working of each run.
func writeSideBySideHead(w io.Writer, rep report.Report) error {
	report.WriteHeadline(w, rep)
	writeIntro(w, rep)
	// An interrupted job has the working of runs it never ran.
	for i, e := range rep.Explain[:min(len(rep.Explain), len(rep.Runs))] {
		fmt.Fprintf(w, "== %s ==\n", rep.Runs[i].Label)
		if err := report.WriteExplanation(w, e); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	return nil
}

// writePlansTable writes the headline, the plans, and the figures side by
// side with each plan's difference from the first.
func writePlansTable(w io.Writer, rep report.Report) error {
	if err := writeSideBySideHead(w, rep); err != nil {
		return err
	}
	if rep.Figures != nil {
		writeSignedGrid(w, turned(*rep.Figures))
	}
	var elapsed float64
	cut := false
	for _, r := range rep.Runs {
		elapsed += r.Result.Elapsed.Seconds()
		cut = cut || lowerBounds(r.Result)
		if !r.Result.Complete {
			fmt.Fprintf(w, "\nINCOMPLETE: the %q run was %s\n", r.Label, report.Incomplete(r.Result))
		}
	}
	trials, res := mcTrials(rep.Runs)
	exact := res == nil
	var method string
	switch {
	case exact && cut:
		method = "exact enumeration, cut short: a run marked INCOMPLETE gives lower bounds, and no difference from it is known"
	case exact:
		method = "exact enumeration: every figure and difference is exact"
	default:
		aside := ""
		if someExact(rep.Runs) {
			aside = " (an exact run's interval is a point)"
		}
		method = fmt.Sprintf("Monte Carlo%s: %s trials per run, seed %d;\n%s%% Wilson intervals below each figure, Newcombe's hybrid score\ninterval below each difference",
			aside, trials, res.Seed, report.Percent(res.Confidence))
	}
	fmt.Fprintf(w, "\n%s; %s\n", method, report.Seconds(elapsed))
	writeNotes(w, rep)
	return nil
}

// someExact reports whether any of the runs was enumerated exactly.
func someExact(runs []report.Run) bool {
	for _, r := range runs {
		if r.Result.Method == sim.Exact {
			return true
		}
	}
	return false
}

// turned is the plans grid as the table shows it: a row per figure, a
// column per plan, then the Δ column of each plan after the first.
func turned(g report.Grid) report.Grid {
	n := len(g.Columns) / 2
	t := report.Grid{}
	for _, r := range g.Rows {
		t.Columns = append(t.Columns, r.Label)
	}
	for _, r := range g.Rows[1:] {
		t.Columns = append(t.Columns, "Δ "+r.Label)
	}
	for j := range n {
		row := report.GridRow{Label: g.Columns[j]}
		for _, r := range g.Rows {
			row.Cells = append(row.Cells, r.Cells[j])
		}
		for _, r := range g.Rows[1:] {
			row.Cells = append(row.Cells, r.Cells[n+j])
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// writeSignedGrid writes the turned grid as WriteGrid does, the
// differences (the columns whose name starts with Δ) signed in points,
// their intervals in brackets.
func writeSignedGrid(w io.Writer, g report.Grid) {
	cell := func(j int, c report.Cell) (fig, iv string) {
		switch {
		case !c.Valid:
			return "—", ""
		case !strings.HasPrefix(g.Columns[j], "Δ "):
			fig = report.Pct(c.P) + "%"
			if c.Hi > c.Lo {
				iv = report.Dash(report.SpanPct(c.Lo, c.Hi))
			}
			return fig, iv
		}
		fig = deltaPts(100*c.P) + " pts"
		if c.Hi > c.Lo {
			// As report.Span, signed: one more place where one would
			// print the ends alike.
			places := 1
			if signedPts(100*c.Lo, 1) == signedPts(100*c.Hi, 1) && signedPts(100*c.Lo, 2) != signedPts(100*c.Hi, 2) {
				places = 2
			}
			iv = "[" + signedPts(100*c.Lo, places) + ", " + signedPts(100*c.Hi, places) + "]"
		}
		return fig, iv
	}
	heads := deltaHeads(g.Columns)
	widths := make([]int, len(g.Columns)+1)
	for _, r := range g.Rows {
		widths[0] = max(widths[0], utf8.RuneCountInString(r.Label))
	}
	for j, name := range heads {
		widths[j+1] = utf8.RuneCountInString(name)
		for _, r := range g.Rows {
			f, iv := cell(j, r.Cells[j])
			widths[j+1] = max(widths[j+1], utf8.RuneCountInString(f), utf8.RuneCountInString(iv))
		}
	}
	line := func(first string, cells []string) {
		var b strings.Builder
		b.WriteString(first + strings.Repeat(" ", widths[0]-utf8.RuneCountInString(first)))
		for j, c := range cells {
			b.WriteString("  " + strings.Repeat(" ", widths[j+1]-utf8.RuneCountInString(c)) + c)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line("", heads)
	for _, r := range g.Rows {
		figs, ivs := make([]string, len(r.Cells)), make([]string, len(r.Cells))
		any := false
		for j, c := range r.Cells {
			figs[j], ivs[j] = cell(j, c)
			any = any || ivs[j] != ""
		}
		line(r.Label, figs)
		if any {
			line("", ivs)
		}
	}
}

// deltaHeads is the turned grid's column names as the table heads them:
// a Δ column as the subtraction it shows, "two shots − fire group", so
// that its sign reads one way with the first line's "more than".
func deltaHeads(cols []string) []string {
	heads := slices.Clone(cols)
	for j, c := range cols {
		if name, ok := strings.CutPrefix(c, "Δ "); ok {
			heads[j] = name + " − " + cols[0]
		}
	}
	return heads
}

// signedPts is x with its sign, − for a negative, to places decimals.
// deltaPts is a plan's difference from the first, x points, to two
// places: one that is not 0 but would print as ±0.00 prints as ±<0.01,
// as report.Pct prints a probability, so that only plans alike read as
// alike.
func deltaPts(x float64) string {
	switch {
	case x == 0:
		return "0.00" // no change, exactly: neither more nor less
	case x > 0 && x < 0.005:
		return "+<0.01"
	case x < 0 && x > -0.005:
		return "−<0.01"
	}
	return signedPts(x, 2)
}

func signedPts(x float64, places int) string {
	s := fmt.Sprintf("%+.*f", places, x)
	if s[0] == '-' {
		return "−" + s[1:]
	}
	return s
}
