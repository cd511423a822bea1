package report

import (
	"fmt"
	"slices"

	"github.com/sapperhq/sapper/sim"
)

// Series is one named list of figures, one per label: the bars of a
// metric, one run's bars in a group, or one line of a sweep. Charts draw
// Series, and tests check them, so that what a chart shows is tested
// without looking at pixels.
type Series struct {
	Name   string
	Labels []string
	Cells  []Cell
}

// Ordered reports whether m has an order in which "at least" reads
// naturally: a numeric metric, or one whose schema marks it Ordered.
func Ordered(m sim.MetricSummary) bool { return m.Numeric() || m.Ordered }

// MetricSeries is the distribution of m in res, one cell per outcome in
// schema order. With cumulative and an Ordered metric, each cell is
// instead the chance of that outcome or a more severe one (for a numeric
// metric: of a value at least the label's), labelled "≥ label", read as
// the at-least view reads it.
func MetricSeries(res *sim.Result, m sim.MetricSummary, cumulative bool) Series {
	s := Series{Name: m.Name, Labels: make([]string, len(m.Outcomes)), Cells: make([]Cell, len(m.Outcomes))}
	if !cumulative || !Ordered(m) {
		for k, o := range m.Outcomes {
			s.Labels[k] = o.Label
			s.Cells[k] = Cell{P: o.P, Lo: o.Lo, Hi: o.Hi, Valid: true}
		}
		return s
	}
	for k, o := range m.Outcomes {
		// The sum a view reads (sumOutcomes): a Monte Carlo run's counts
		// and an exact run's fractions, as the JSON and a run's table
		// read them, not the outcomes' floats summed.
		c := sumOutcomes(res, m, func(j int) bool { return within(m, AtLeast, j, k) })
		s.Labels[k] = AtLeastLabel(o.Label)
		s.Cells[k] = Cell{P: c.P, Lo: c.Lo, Hi: c.Hi, Valid: true}
	}
	return s
}

// interval is the cell of probability p (count trials) with the interval
// the run's method gives it.
func interval(res *sim.Result, p float64, count uint64) Cell {
	c := Cell{P: min(p, 1), Valid: true}
	if res.Method == sim.Exact {
		c.Lo, c.Hi = res.Bounds(c.P)
	} else {
		c.Lo, c.Hi = sim.Wilson(count, res.Trials, res.Confidence)
	}
	return c
}

// GridSeries splits a grid by row: one series per row (a run), labelled
// by the grid's columns. A chart groups them by column.
func GridSeries(g Grid) []Series {
	out := make([]Series, len(g.Rows))
	for i, r := range g.Rows {
		out[i] = Series{Name: r.Label, Labels: g.Columns, Cells: r.Cells}
	}
	return out
}

// ColumnSeries reads a grid by column: one series per column, its cells
// taken from the rows in order. A sweep's grid has one row per value of
// the varied input, so each column becomes one line.
func ColumnSeries(g Grid) []Series {
	labels := make([]string, len(g.Rows))
	for i, r := range g.Rows {
		labels[i] = r.Label
	}
	out := make([]Series, len(g.Columns))
	for j, name := range g.Columns {
		s := Series{Name: name, Labels: labels, Cells: make([]Cell, len(g.Rows))}
		for i, r := range g.Rows {
			s.Cells[i] = r.Cells[j]
		}
		out[j] = s
	}
	return out
}

// TrialsOf is the trials of the Monte Carlo results among rs, one number
// or, when they differ (--precision, a run cut short), their range; and
// one of those results, nil when none is Monte Carlo.
func TrialsOf(rs ...*sim.Result) (string, *sim.Result) {
	var res *sim.Result
	var least, most uint64
	for _, r := range rs {
		if r.Method == sim.Exact {
			continue
		}
		if res == nil || r.Trials < least {
			least = r.Trials
		}
		most = max(most, r.Trials)
		res = r
	}
	if least != most {
		return Group(least) + "–" + Group(most), res
	}
	return Group(most), res
}

// MethodLine says how the results of a chart were computed, for its
// heading: of several runs, how many were enumerated and how many
// sampled (a sweep's --method auto may do both), the trials of the
// sampled ones as a range when they differ (--precision, an interrupted
// run), and INCOMPLETE when any run was cut short.
func MethodLine(rs ...*sim.Result) string {
	var exact, mc []*sim.Result
	complete := true
	for _, r := range rs {
		if r.Method == sim.Exact {
			exact = append(exact, r)
		} else {
			mc = append(mc, r)
		}
		complete = complete && r.Complete
	}
	runs := func(n int) string {
		if n == 1 {
			return "1 run"
		}
		return fmt.Sprintf("%d runs", n)
	}
	var s string
	switch {
	case len(exact) == 1 && len(mc) == 0:
		s = fmt.Sprintf("exact enumeration of %s dice %s (no sampling error)", Group(exact[0].Paths), countWord(Group(exact[0].Paths), "path", "paths"))
	case len(mc) == 0:
		s = "exact enumeration of every dice path of each run (no sampling error)"
	case len(exact) > 0:
		s = fmt.Sprintf("exact enumeration of every dice path of %s (no sampling error), Monte Carlo of %s: ", runs(len(exact)), runs(len(mc)))
	}
	if n, res := TrialsOf(mc...); res != nil {
		if len(exact) == 0 {
			s = "Monte Carlo, "
		}
		per := ""
		if len(rs) > 1 {
			per = " per run"
		}
		s += fmt.Sprintf("n = %s %s%s, seed %d; whiskers and bands are %s%% Wilson intervals",
			n, countWord(n, "trial", "trials"), per, res.Seed, Percent(res.Confidence))
	}
	if !complete {
		s += "; INCOMPLETE (interrupted)"
		if slices.ContainsFunc(exact, func(r *sim.Result) bool { return !r.Complete }) {
			s += ": an exact figure cut short is a lower bound, its interval what the paths not walked could add"
		}
	}
	return s
}

// AtLeastLabel is how a cumulative series names the view of an ordered
// outcome that takes in it and every worse one: "≥ K/4".
func AtLeastLabel(outcome string) string { return "≥ " + outcome }
