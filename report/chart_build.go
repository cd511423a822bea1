package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/sim"
)

// ChartOptions choose what a chart shows.
type ChartOptions struct {
	// Cumulative draws ordered metrics as "at least" views (MetricSeries).
	Cumulative bool
	// HideZero drops outcomes that never occurred, as in the table.
	HideZero bool
}

// Heading is a chart's heading for a report: the title that states the
// inputs, then the method of its (first) result.
func Heading(r Report) []string {
	h := []string{}
	if intro := r.Intro(); len(intro) > 0 {
		h = append(h, strings.Join(intro, "\n"))
	}
	runs, err := r.runs()
	if err == nil {
		rs := make([]*sim.Result, len(runs))
		for i, run := range runs {
			rs[i] = run.Result
		}
		h = append(h, MethodLine(rs...))
		if n := runs[0].Result.Note; n != "" {
			h = append(h, "note: "+n)
		}
	}
	if len(r.NotRun) > 0 {
		// Else a sweep's axis, which spans every value, or a chart of the
		// ways that ran, reads as the whole job.
		h = append(h, "not run, as the job was interrupted: "+strings.Join(r.NotRun, ", "))
	}
	return h
}

// ResultChart draws a single result: one Bars panel per metric, in schema
// order.
func ResultChart(r Report, opt ChartOptions) (Chart, error) {
	if r.Result == nil {
		return Chart{}, fmt.Errorf("report: ResultChart needs a single result")
	}
	c := Chart{Heading: Heading(r)}
	// Metrics that were always 0 are named, not drawn, unless every one
	// was: a chart needs a panel.
	skip := slices.ContainsFunc(r.Result.Metrics, func(m sim.MetricSummary) bool { return !alwaysZero(m) })
	var zero []string
	for _, m := range r.Result.Metrics {
		if skip && alwaysZero(m) {
			zero = append(zero, MetricHeading(m.Metric))
			continue
		}
		s := MetricSeries(r.Result, m, opt.Cumulative)
		if opt.HideZero {
			s = dropZero(s, m)
		}
		if opt.Cumulative {
			s = DropWhole(s, m)
		}
		c.Panels = append(c.Panels, Panel{Kind: Bars, Title: metricTitle(r.Result, m, opt.Cumulative), Series: []Series{inWords(s)}})
	}
	c.Notes = zeroNote(zero)
	return c, nil
}

// alwaysZero reports a numeric metric that was 0 in every trial (no AFV
// was ever generated): a panel with one bar at 100% says less than a
// word.
func alwaysZero(m sim.MetricSummary) bool {
	if !m.Numeric() {
		return false
	}
	seen := false
	for k, o := range m.Outcomes {
		if o.P != 0 || o.Count != 0 {
			if m.Values[k] != 0 {
				return false
			}
			seen = true
		}
	}
	return seen
}

// zeroNote is the line that names the metrics left out as always 0. A
// remark in brackets that ends every name is said once, at the end:
// "AFVs generated; SPGs generated (ILLUSTRATIVE tables, …)".
func zeroNote(names []string) []string {
	if len(names) == 0 {
		return nil
	}
	tail := ""
	if i := strings.LastIndex(names[0], " ("); i > 0 && strings.HasSuffix(names[0], ")") && len(names) > 1 {
		tail = names[0][i:]
		for _, n := range names {
			if !strings.HasSuffix(n, tail) || len(n) == len(tail) {
				tail = ""
				break
			}
		}
	}
	short := make([]string, len(names))
	for k, n := range names {
		short[k] = strings.TrimSuffix(n, tail)
	}
	return []string{"Always 0, so not drawn: " + strings.Join(short, "; ") + tail + "."}
}

// metricTitle names a panel after its metric in a player's words (its
// title, as the table prints it beside the key), says when it is drawn "at
// least", and gives a numeric metric's mean.
func metricTitle(res *sim.Result, m sim.MetricSummary, cumulative bool) string {
	t := MetricHeading(m.Metric)
	if cumulative && Ordered(m) {
		t += " — at least"
	}
	if m.Numeric() {
		t += " — mean " + Avg(m.Mean, 3)
		if res.Method != sim.Exact {
			lo, hi := Span(m.MeanLo, m.MeanHi, 3)
			t += " (" + lo + "–" + hi + ")"
		}
	}
	return t
}

// MetricHeading is what a chart calls metric m: its title, the words the
// table prints after the key ("target.1.reduced: target 1 reduced"), or,
// for a metric without one, its key in words ("target 1 reduced").
func MetricHeading(m sim.Metric) string {
	if m.Title != "" {
		return m.Title
	}
	return strings.NewReplacer(".", " ", "_", " ").Replace(m.Name)
}

// playerWords writes a key as a player reads it: "no_attack" is "no
// attack", "good_order" "good order". Labels such as "K/4" or "≥ 1MC" are
// left as they are.
func playerWords(label string) string { return strings.ReplaceAll(label, "_", " ") }

// inWords is s with its labels and name in a player's words.
func inWords(s Series) Series {
	out := Series{Name: playerWords(s.Name), Cells: s.Cells, Labels: make([]string, len(s.Labels))}
	for k, l := range s.Labels {
		out.Labels[k] = playerWords(l)
	}
	return out
}

// dropZero removes the outcomes of m that never occurred (p = 0 and no
// count). Cumulative cells keep their own labels, so the test is on the
// outcome under each label.
func dropZero(s Series, m sim.MetricSummary) Series {
	out := Series{Name: s.Name}
	for k, o := range m.Outcomes {
		if o.P != 0 || o.Count != 0 {
			out.Labels = append(out.Labels, s.Labels[k])
			out.Cells = append(out.Cells, s.Cells[k])
		}
	}
	if len(out.Cells) == 0 {
		return s
	}
	return out
}

// dropZeroInAll is dropZero for the series of several runs side by side,
// s[i] of metric m[i]: an outcome goes when it never occurred in any run,
// so that the groups keep their bars in step. Runs whose metric has other
// outcomes are left whole.
func dropZeroInAll(s []Series, m []sim.MetricSummary) []Series {
	if len(m) == 0 {
		return s
	}
	n := len(m[0].Outcomes)
	keep := make([]bool, n)
	for i := range m {
		if len(m[i].Outcomes) != n || len(s[i].Labels) != n {
			return s
		}
		for k, o := range m[i].Outcomes {
			keep[k] = keep[k] || o.P != 0 || o.Count != 0
		}
	}
	if !slices.Contains(keep, true) {
		return s
	}
	out := make([]Series, len(s))
	for i := range s {
		out[i] = Series{Name: s[i].Name}
		for k := range n {
			if keep[k] {
				out[i].Labels = append(out[i].Labels, s[i].Labels[k])
				out[i].Cells = append(out[i].Cells, s[i].Cells[k])
			}
		}
	}
	return out
}

// GridChart draws a side-by-side grid, such as compare's: the
// probabilities as bars grouped by column, one colour per row, and the
// means, if any, in a panel of their own since they have another scale.
func GridChart(heading []string, title string, g Grid) Chart {
	probs, means := splitMeans(g)
	c := Chart{Heading: heading}
	if len(probs.Columns) > 0 {
		c.Panels = append(c.Panels, Panel{Kind: Groups, Title: title, Series: gridWords(probs)})
	}
	if len(means.Columns) > 0 {
		c.Panels = append(c.Panels, Panel{Kind: Groups, Title: "means: " + strings.Join(means.Columns, ", "), Series: gridWords(means), Mean: true})
	}
	return c
}

// gridWords is GridSeries(g) in a player's words.
func gridWords(g Grid) []Series {
	ss := GridSeries(g)
	for k, s := range ss {
		ss[k] = inWords(s)
	}
	return ss
}

// splitMeans separates the columns of g holding means from those holding
// probabilities; a column is a mean column if any of its cells is.
func splitMeans(g Grid) (probs, means Grid) {
	isMean := make([]bool, len(g.Columns))
	for _, r := range g.Rows {
		for j, c := range r.Cells {
			isMean[j] = isMean[j] || c.Mean
		}
	}
	for j, name := range g.Columns {
		if isMean[j] {
			means.Columns = append(means.Columns, name)
		} else {
			probs.Columns = append(probs.Columns, name)
		}
	}
	for _, r := range g.Rows {
		var pr, mr GridRow
		pr.Label, mr.Label = r.Label, r.Label
		for j, c := range r.Cells {
			if isMean[j] {
				mr.Cells = append(mr.Cells, c)
			} else {
				pr.Cells = append(pr.Cells, c)
			}
		}
		probs.Rows, means.Rows = append(probs.Rows, pr), append(means.Rows, mr)
	}
	return probs, means
}

// SweepPanels draws a sweep: g has one row per value x[i] of the varied
// input, and each column becomes a line. The probabilities share one
// panel and the means get another. Columns that are zero at every value
// are left out, since a flat line at 0% only hides the others (and a
// Monte Carlo band above it says no more than "never seen").
func SweepPanels(title, xlabel string, x []float64, g Grid) []Panel {
	probs, means := splitMeans(g)
	var out []Panel
	for _, part := range []struct {
		g    Grid
		mean bool
		name string
	}{{probs, false, title}, {means, true, "means — " + title}} {
		all := ColumnSeries(part.g)
		var series []Series
		for k, s := range all {
			all[k] = Series{Name: playerWords(s.Name), Labels: s.Labels, Cells: s.Cells}
			if !allZero(s) && !alwaysFull(s) {
				series = append(series, all[k])
			}
		}
		if len(series) == 0 && !part.mean {
			// Nothing ever happened (an interrupted run of no trials):
			// draw the flat lines rather than nothing.
			series = all
		}
		if len(series) > 0 {
			out = append(out, Panel{Kind: Lines, Title: part.name, Series: series, X: x, XLabel: xlabel, Mean: part.mean})
		}
	}
	return out
}

func allZero(s Series) bool {
	for _, c := range s.Cells {
		if c.Valid && c.P != 0 {
			return false
		}
	}
	return true
}

// RunsChart draws several runs metric by metric: one Groups panel per
// metric, in the order metrics first appear, with one bar per run that
// has the metric in each outcome's group. WriteChart leaves out, when
// the panels would run past its page, those whose runs differ least, and
// names them under the chart.
func RunsChart(r Report, opt ChartOptions) (Chart, error) {
	runs, err := r.runs()
	if err != nil {
		return Chart{}, err
	}
	c := Chart{Heading: Heading(r)}
	var names []string
	seen := map[string]bool{}
	for _, run := range runs {
		for _, m := range run.Result.Metrics {
			if !seen[m.Name] {
				seen[m.Name] = true
				names = append(names, m.Name)
			}
		}
	}
	// A metric 0 in every trial of every run is named, not drawn.
	zeroIn := func(name string) bool {
		for _, run := range runs {
			if m := run.Result.Metric(name); m != nil && !alwaysZero(*m) {
				return false
			}
		}
		return true
	}
	skip := slices.ContainsFunc(names, func(n string) bool { return !zeroIn(n) })
	var zero []string
	for _, name := range names {
		if skip && zeroIn(name) {
			for _, run := range runs {
				if m := run.Result.Metric(name); m != nil {
					zero = append(zero, MetricHeading(m.Metric))
					break
				}
			}
			continue
		}
		p := Panel{Kind: Groups}
		var ss []Series
		var ms []sim.MetricSummary
		for _, run := range runs {
			m := run.Result.Metric(name)
			if m == nil {
				continue
			}
			if p.Title == "" {
				p.Title = metricTitle(run.Result, *m, opt.Cumulative)
				if m.Numeric() {
					p.Title = strings.SplitN(p.Title, " — mean", 2)[0]
				}
			}
			s := MetricSeries(run.Result, *m, opt.Cumulative)
			s.Name = run.Label
			ss, ms = append(ss, s), append(ms, *m)
		}
		if opt.HideZero {
			ss = dropZeroInAll(ss, ms)
		}
		for i, s := range ss {
			if opt.Cumulative {
				s = DropWhole(s, ms[i])
			}
			p.Series = append(p.Series, inWords(s))
		}
		c.Panels = append(c.Panels, p)
	}
	c.Notes = zeroNote(zero)
	return c, nil
}

// WaysSweepPanels draws a sweep of several ways of attacking at each value
// (compare's placed, thrown and set): grid k, way k's, has one row per
// value x[k][i]. Each column, a figure, gets a panel of its own with one
// line per way, so that the ways are read against each other: cleared,
// placed against thrown against set. Way k keeps colour k in every panel.
// A figure at 0 for every way at every value gets no panel; the note
// names it. Means follow the probabilities, each in its own panel. The
// panel of the figure lead, the one the sweep's headline follows, comes
// first, where the chart is read from.
func WaysSweepPanels(xlabel string, ways []string, x [][]float64, gs []Grid, lead string) (panels []Panel, notes []string) {
	var all []float64
	for _, xs := range x {
		for _, v := range xs {
			if !slices.Contains(all, v) {
				all = append(all, v)
			}
		}
	}
	slices.Sort(all)
	labels := make([]string, len(all))
	var columns []string
	mean := map[string]bool{}
	for k, g := range gs {
		for j, c := range g.Columns {
			if !slices.Contains(columns, c) {
				columns = append(columns, c)
			}
			for i, r := range g.Rows {
				mean[c] = mean[c] || r.Cells[j].Mean
				labels[slices.Index(all, x[k][i])] = r.Label
			}
		}
	}
	var probs, means, flat []Panel
	var zero []string
	for _, c := range columns {
		p := Panel{Kind: Lines, Title: playerWords(c), X: all, XLabel: xlabel, Mean: mean[c]}
		happened := false
		for k, g := range gs {
			s := Series{Name: playerWords(ways[k]), Labels: labels, Cells: make([]Cell, len(all))}
			if j := slices.Index(g.Columns, c); j >= 0 {
				for i, r := range g.Rows {
					s.Cells[slices.Index(all, x[k][i])] = r.Cells[j]
				}
			}
			happened = happened || !allZero(s)
			p.Series = append(p.Series, s)
		}
		switch {
		case !happened && !p.Mean:
			zero, flat = append(zero, p.Title), append(flat, p)
		case p.Mean:
			means = append(means, p)
		case c == lead:
			probs = append([]Panel{p}, probs...)
		default:
			probs = append(probs, p)
		}
	}
	if len(probs)+len(means) == 0 {
		// Nothing ever happened: draw the flat lines rather than nothing.
		return flat, nil
	}
	if len(zero) > 0 {
		notes = []string{"0% for every way at every value, so not drawn: " + strings.Join(zero, ", ") + "."}
	}
	return append(probs, means...), notes
}
