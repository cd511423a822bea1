package cli

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var sweepCommand = &command{
	name:    "sweep",
	summary: "vary one numeric input over a range: a row per value, a line chart",
	help:    writeSweepHelp,
}

// sweep prepares its job like any simulating command, but is not itself
// one: it cannot be swept or named by a scenario's command.
func init() { sweepCommand.run = runPrepared("sweep", prepareSweep, writeSweepHelp) }

// sweepInputs are a sweep's inputs in the JSON output: the command swept,
// its arguments but the output flags, the varied input and, per value,
// every resolved input.
type sweepInputs struct {
	Command string    `json:"command"`
	Args    []string  `json:"args"`
	Vary    string    `json:"vary"`
	Values  []float64 `json:"values"`
	// Metric is the metric the table and the chart show, the one --metric
	// names or, for a command with no summary figures, the first every
	// run reports; none: the summary figures.
	Metric string `json:"metric,omitempty"`
	Inputs []any  `json:"inputs"`
}

// sweepArgs are a sweep's arguments, split into its own flags and those
// of the command it sweeps.
type sweepArgs struct {
	rest   []string // the swept command's flags
	vary   string
	metric string
	goal   string
	// vary, metric and goal were given (possibly empty); fileMetric: the
	// metric is a sweep file's metric:, which a CSV of the file may leave
	// unread.
	hasVary, hasMetric, hasGoal, fileMetric bool
	// cumulative is the --cumulative of the sweep itself: it shapes the
	// --metric table as well as the chart, so the swept command, for which
	// it would mean the chart alone, does not see it.
	cumulative, hasCumulative bool
	// fileCumulative: it is a sweep file's cumulative:, which a CSV or
	// JSON of the file may leave unread, as its metric:.
	fileCumulative bool
}

// sweepOwnFlags are the flags a sweep takes for itself, offered beside the
// swept command's to a flag misspelt (--vray: did you mean --vary?).
var sweepOwnFlags = []string{"vary", "metric", "goal", "cumulative"}

// splitSweepArgs takes --vary, --metric and --goal out of args; everything else
// belongs to the swept command. No flag of dc or compare takes a value
// that starts with --vary, --metric or --goal, so the split needs no knowledge of
// the swept command's flags.
func splitSweepArgs(args []string) (sweepArgs, error) {
	var s sweepArgs
	for i := 0; i < len(args); i++ {
		a := args[i]
		var dst *string
		var seen *bool
		var name string
		for _, f := range []struct {
			name string
			dst  *string
			seen *bool
		}{{"vary", &s.vary, &s.hasVary}, {"metric", &s.metric, &s.hasMetric}, {"goal", &s.goal, &s.hasGoal}} {
			if a == "--"+f.name || strings.HasPrefix(a, "--"+f.name+"=") {
				dst, seen, name = f.dst, f.seen, f.name
			}
		}
		if a == "--cumulative" || strings.HasPrefix(a, "--cumulative=") {
			if s.hasCumulative {
				return s, inputErrorf("cumulative", "--cumulative is given twice; it takes one value")
			}
			s.hasCumulative, s.cumulative = true, true
			if v, ok := strings.CutPrefix(a, "--cumulative="); ok {
				b, ok := readYesNo(v)
				if !ok {
					return s, badValue("cumulative", v, switchWant)
				}
				s.cumulative = b
			}
			continue
		}
		if dst == nil {
			s.rest = append(s.rest, a)
			continue
		}
		if *seen {
			return s, inputErrorf(name, "--%s is given twice; %s", name, map[string]string{
				"vary":   "a sweep varies one input",
				"metric": "a sweep tabulates one metric's outcomes",
				"goal":   "a sweep answers one goal",
			}[name])
		}
		*seen = true
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			*dst = v
			continue
		}
		example := map[string]string{"vary": "--vary tem=0..5", "metric": "--metric ift", "goal": "--goal 'stack=cleared>=0.5'"}[name]
		if i+1 == len(args) {
			return s, inputErrorf(name, "--%s needs a value, e.g. %s", name, example)
		}
		if next := args[i+1]; strings.HasPrefix(next, "--") {
			// No range, metric or goal starts so: the value was left out.
			return s, inputErrorf(name, "--%s needs a value (it took the flag %s), e.g. %s", name, quote(next), example)
		}
		i++
		*dst = args[i]
	}
	return s, nil
}

// sweepTargets are the commands a sweep can vary: every command that can
// be prepared.
func sweepTargets() []string {
	var names []string
	for _, c := range commands {
		if c.prepare != nil {
			names = append(names, c.name)
		}
	}
	return names
}

// prepareSweep prepares a sweep from its command line: the command swept,
// then the sweep's own flags among that command's.
func prepareSweep(ctx context.Context, in input) (*job, error) {
	args := in.args
	targets := sweepTargets()
	if len(args) == 0 {
		return nil, usagef("want the command to sweep, one of %s, e.g. sapper sweep dc --target 4-6-7 --vary tem=0..5", strings.Join(targets, ", "))
	}
	// sapper sweep help reads as sapper help sweep: sweep is the one
	// command whose first word is another's name, and help is none.
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" && len(args) == 1 {
		return &job{help: true}, nil
	}
	target := lookup(args[0])
	if target == nil && strings.HasPrefix(args[0], "-") {
		return nil, usagef("want the command to sweep before its flags (%s), one of %s, e.g. sapper sweep dc --target 4-6-7 --vary tem=0..5", oneLine(args[0]), strings.Join(targets, ", "))
	}
	if target == nil || target.prepare == nil {
		return nil, usagef("cannot sweep %s; %s", quote(args[0]), wantOneOf(args[0], targets, targets, ""))
	}
	sa, err := splitSweepArgs(args[1:])
	if err != nil {
		return nil, err
	}
	return sweepJob(ctx, target, sa, input{before: in.before, args: sa.rest, after: in.after})
}

// sweepOutcomeConflicts refuses the output flags a sweep's table and chart
// do not read: they show the summary figures at each value, or with
// --metric one metric's outcomes, read at least with --cumulative.
func sweepOutcomeConflicts(fs *pflag.FlagSet, c common, metric bool) error {
	return checkConflicts(
		flagConflict(fs, "fractions", "sapper sweep", true,
			fractionsUnread),
		flagConflict(fs, "view", "sapper sweep --format "+string(c.format), c.format != report.CSV,
			"its table reads --metric's ordered outcomes at least with --cumulative; --view reads the CSV's"),
		flagConflict(fs, "hide-zero", "sapper sweep without --metric", !metric,
			"the summary figures have no outcomes to hide; --hide-zero drops the outcomes of --metric that never occurred"),
	)
}

// sweepJob prepares the sweep sa of target, whose own inputs are in: a
// sweep's command line, or a scenario file's keys and the flags given
// after it.
func sweepJob(ctx context.Context, target *command, sa sweepArgs, in input) (*job, error) {
	in.sweep = true
	base, err := sweepBase(ctx, target, sa, in)
	if err != nil || base.help {
		return base, err
	}
	if !sa.hasVary {
		return nil, inputErrorf("vary", "--vary is required: the input to vary and its range, e.g. --vary %s (sweepable: %s)", defaultVary(base.flags), strings.Join(sweepable(base.flags), ", "))
	}
	v, err := parseVary(sa.vary, base.flags)
	if err != nil {
		return nil, err
	}
	if base.run != nil {
		return nil, usagef("cannot sweep sapper %s with these flags: they ask a question that is not a run, such as a search (--needed)", target.name)
	}
	if sa.hasCumulative && !sa.fileCumulative && base.common.format != report.Table && base.common.plot == "" {
		how := "the JSON carries every outcome's at_least figure already"
		if base.common.format == report.CSV {
			how = "the CSV reads at least with --view at-least"
		}
		return nil, inputErrorf("cumulative", "--cumulative with --format %s and no --plot: it changes the table and the chart; %s", base.common.format, how)
	}
	if sa.hasMetric && !sa.fileMetric && base.common.format == report.CSV && base.common.plot == "" {
		return nil, inputErrorf("metric", "--metric with --format csv and no --plot: it picks the table's metric, its headline and the chart's; the CSV has a row for every outcome of every metric")
	}
	base.common.chart.Cumulative = sa.cumulative
	if base.common.explain {
		return nil, inputErrorf("explain", "--explain shows the working of one attack; a sweep runs many: run sapper %s --explain at one value", target.name)
	}
	if err := sweepOutcomeConflicts(base.flags, base.common, sa.hasMetric); err != nil {
		return nil, err
	}
	if base.unswept != "" {
		return nil, inputErrorf(base.unswept, "--%s with --vary: %s; run sapper %s --%s at one value", base.unswept, base.unsweptWhy, target.name, base.unswept)
	}
	// The arguments echoed are those that change the figures: the JSON of
	// the same sweep is then the same for any -j, --plot or --format.
	echo := sweepInputs{Command: target.name, Args: inputArgs(base.flags, in.words()), Vary: v.name, Values: v.values}
	j := &job{flags: base.flags, common: base.common, figures: base.figures, lead: base.lead}
	// Every value is prepared, and so checked, before anything runs.
	type point struct {
		i   int // the value's index
		x   float64
		sub string
	}
	var points []point
	for i, x := range v.values {
		sub, err := v.prepareAt(ctx, target, in, i)
		if err != nil {
			return nil, err
		}
		echo.Inputs = append(echo.Inputs, sub.report.Inputs)
		for _, r := range sub.runs {
			label := v.label(i)
			if r.label != "" {
				label += "/" + r.label
			}
			j.runs = append(j.runs, plannedRun{label: label, exp: r.exp})
			points = append(points, point{i, x, r.label})
		}
	}
	subs := make([]string, len(points))
	for i, p := range points {
		subs[i] = p.sub
	}
	cols, err := sweepColumns(sa, j, subs)
	if err != nil {
		return nil, err
	}
	echo.Metric = cols.metric
	if sa.hasCumulative && cols.metric == "" {
		return nil, inputErrorf("cumulative", "--cumulative without --metric: the summary figures have no order to read at least; give --metric, e.g. --metric ift")
	}
	var goalOf func(*report.Report)
	if sa.hasGoal {
		// A goal on a metric some run lacks would read that run as never
		// reaching it.
		common := commonMetrics(j.runs, subs)
		g, err := parseGoal("goal", sa.goal, common)
		if err != nil {
			var all []sim.Metric
			for _, r := range j.runs {
				all = append(all, r.exp.Schema.Metrics...)
			}
			if _, anywhere := parseGoal("goal", sa.goal, all); anywhere == nil {
				err = badValue("goal", sa.goal, "its metric is not reported by every plan or way of the sweep; want one each does: "+strings.Join(metricNames(common), ", "))
			}
		}
		if err != nil {
			return nil, err
		}
		// An exact run reaches a goal by its fractions (goal.fraction),
		// which its runs find whatever the format, as the JSON's do: a
		// float a billionth short of the goal reaches it, and the table
		// and the JSON would answer apart.
		j.common.impliedFractions = j.common.cfg.Method != sim.MonteCarlo
		goalOf = func(rep *report.Report) {
			var subs []string
			var xs []float64
			for _, p := range points {
				if !slices.Contains(subs, p.sub) {
					subs = append(subs, p.sub)
				}
				xs = append(xs, p.x)
			}
			rep.Goal = answerGoal(g, rep.Runs, rep.NotRun, subs, func(i int) string { return points[i].sub }, xs)
		}
	}
	// The setup is the sweep's command line, then what its columns are;
	// the chart names the columns in its panels.
	words := []string{"sapper", target.name}
	for _, a := range echo.Args {
		words = append(words, shellWord(a))
	}
	cmdline := strings.Join(append(words,
		fmt.Sprintf("with --%s from %s to %s", v.name, v.text(0), v.text(len(v.texts)-1))), " ")
	// A crossing file's title, with what the flags changed, heads it as
	// it heads a run of the file.
	j.report = report.Report{Command: "sweep", Scenario: base.report.Scenario, Inputs: echo, Title: cmdline + "\n" + cols.what}
	// The table and the chart show the same grids: one per run of the
	// swept command (one for dc; placed, thrown and set for compare), each
	// with a row per value.
	grids := func(rep report.Report) (subs []string, xs [][]float64, gs []report.Grid) {
		var seen [][]bool // per grid and column: the outcome occurred at some value
		for i, run := range rep.Runs {
			p := points[i]
			k := slices.Index(subs, p.sub)
			if k < 0 {
				subs, xs, gs = append(subs, p.sub), append(xs, nil), append(gs, report.Grid{Columns: cols.names})
				k = len(subs) - 1
			}
			xs[k] = append(xs[k], p.x)
			label := v.label(p.i)
			if !run.Result.Complete {
				// Each value's run cut short is marked where its row is
				// read, not only in the lines under the table.
				label += " (partial)"
			}
			gs[k].Rows = append(gs[k].Rows, report.GridRow{Label: label, Cells: cols.cells(run.Result)})
			if len(seen) <= k {
				seen = append(seen, make([]bool, len(cols.names)))
			}
			for c, ok := range cols.occurred(run.Result) {
				seen[k][c] = seen[k][c] || ok
			}
		}
		for k := range gs {
			gs[k] = dropColumns(gs[k], seen[k], j.common.opt.HideZero)
		}
		return subs, xs, gs
	}
	j.finish = func(rep *report.Report) {
		// The notes explain the columns the table shows.
		if j.figures != nil && !sa.hasMetric {
			_, _, gs := grids(*rep)
			var shown []string
			for _, g := range gs {
				for _, c := range g.Columns {
					if !slices.Contains(shown, c) {
						shown = append(shown, c)
					}
				}
			}
			if notes := j.figures.notesFor(shown); notes != "" {
				// After them, what the run said: the values not run.
				rep.Notes = append(strings.Split(notes, "\n"), rep.Notes...)
			}
		}
		if goalOf != nil {
			goalOf(rep)
		}
		if rep.Goal == nil {
			// With a goal, its answer is the sweep's: the table and the
			// page give it first.
			_, _, gs := grids(*rep)
			var shown []string
			for _, g := range gs {
				shown = append(shown, g.Columns...)
			}
			runs := make([]sweptRun, len(rep.Runs))
			for i, run := range rep.Runs {
				p := points[i]
				runs[i] = sweptRun{value: v.label(p.i), way: p.sub, res: run.Result, cells: cols.cells(run.Result)}
			}
			rep.Headline = sweepHeadline(cols, shown, runs, sweptClear(echo.Inputs))
		}
		// The table's last line says it; the JSON's runs each name their
		// method, and a note says they differ.
		if note := mixedMethods(rep.Runs); note != "" && j.common.format == report.JSON {
			rep.Notes = append(rep.Notes, note)
		}
	}
	j.table = func(w io.Writer, rep report.Report) error {
		subs, _, gs := grids(rep)
		// The goal's answer first, as the question asked, else how the
		// figure it follows moves: the table follows as their evidence.
		if rep.Goal != nil {
			if err := report.WriteGoal(w, rep.Goal); err != nil {
				return err
			}
			fmt.Fprintln(w)
		}
		report.WriteHeadline(w, rep)
		return writeSweepTable(w, rep, subs, gs)
	}
	j.chart = func(rep report.Report) (report.Chart, error) {
		subs, xs, gs := grids(rep)
		heading := rep
		heading.Title = cmdline
		c := report.Chart{Heading: report.Heading(heading)}
		if len(subs) > 1 {
			// compare: a panel per figure, the ways as its lines, read
			// against each other.
			lead := ""
			if rep.Headline != nil {
				lead = rep.Headline.Outcome
			}
			c.Panels, c.Notes = report.WaysSweepPanels(v.name, subs, xs, gs, lead)
			if cols.title != "summary figures" {
				per := "way"
				if target.name == "plans" {
					per = "plan"
				}
				c.Heading = append(c.Heading, cols.title+": a panel per outcome, a line per "+per)
			}
		} else {
			for k, g := range gs {
				title := cols.title
				if subs[k] != "" {
					title = subs[k] + ": " + title
				}
				c.Panels = append(c.Panels, report.SweepPanels(title, v.name, xs[k], g)...)
				if none := g.Unfigured(); len(none) > 0 && len(none) < len(g.Rows) {
					c.Notes = append(c.Notes, "No such figure at "+strings.Join(none, ", ")+", so no point there.")
				}
			}
		}
		for k := range c.Panels {
			c.Panels[k].XTicks = sweepTicks(v)
		}
		return c, nil
	}
	return j, nil
}

// sweepTicks are the values a sweep's x-axis marks, when they are not
// the chart's to choose: for FP the IFT columns swept over (A7), where
// the figures change, with the ends of the sweep.
func sweepTicks(v vary) []float64 {
	if v.name != "fp" || len(v.values) == 0 {
		return nil
	}
	lo, hi := slices.Min(v.values), slices.Max(v.values)
	ticks := []float64{lo}
	for c := asl.Column(0); ; c++ {
		if fp := c.FP(); fp > lo && fp < hi {
			ticks = append(ticks, fp)
		}
		if c == asl.ColumnFor(math.Inf(1)) {
			break
		}
	}
	return append(ticks, hi)
}

// sweepCols are the columns of a sweep's table and the lines of its
// chart: the swept command's summary figures, or with --metric the
// outcomes of one metric.
type sweepCols struct {
	// metric is the metric shown, "" for the summary figures.
	metric string
	what   string
	// title is what in a player's words, for the chart.
	title string
	names []string
	cells func(*sim.Result) []report.Cell
	// occurred tells, per column, whether its outcome ever happened in a
	// run; for an "at least" column that is the outcome itself, not the
	// sum, which --hide-zero needs.
	occurred func(*sim.Result) []bool
}

func sweepColumns(sa sweepArgs, j *job, subs []string) (sweepCols, error) {
	if !sa.hasMetric && j.figures != nil {
		return sweepCols{what: "each run's summary figures", title: "summary figures", names: j.figures.columns, cells: j.figures.row, occurred: func(res *sim.Result) []bool {
			var out []bool
			for _, c := range j.figures.row(res) {
				out = append(out, c.Valid && c.P != 0)
			}
			return out
		}}, nil
	}
	// The metric is one that every plan or way of the sweep reports at
	// some value (commonMetrics): one that a plan never reports would
	// show it an empty table, and a goal on it never reached. Without
	// --metric, a command with no summary figures shows its lead, or else
	// the first.
	var all []string
	for _, r := range j.runs {
		for _, x := range r.exp.Schema.Metrics {
			if !slices.Contains(all, x.Name) {
				all = append(all, x.Name)
			}
		}
	}
	common := commonMetrics(j.runs, subs)
	want := sa.metric
	if !sa.hasMetric && slices.ContainsFunc(common, func(x sim.Metric) bool { return x.Name == j.lead }) {
		want = j.lead
	}
	var m *sim.Metric
	for i, x := range common {
		if m == nil && (x.Name == want || want == "" && !sa.hasMetric) {
			m = &common[i]
		}
	}
	switch {
	case m == nil && !sa.hasMetric:
		return sweepCols{}, usagef("no metric is reported by every plan or way of the sweep; give --metric, one of %s", strings.Join(all, ", "))
	case m == nil && slices.Contains(all, sa.metric):
		return sweepCols{}, badValue("metric", sa.metric, "not every plan or way of the sweep reports it; want one each does: "+strings.Join(metricNames(common), ", "))
	case m == nil && len(common) == 0:
		return sweepCols{}, badValue("metric", sa.metric, "no such metric, and none is reported by every plan or way of the sweep")
	case m == nil:
		// Only those it may have: one some plan lacks is refused too.
		names := metricNames(common)
		return sweepCols{}, badValue("metric", sa.metric, "no such metric; "+wantOneOf(sa.metric, names, names, ""))
	}
	cumulative := j.common.chart.Cumulative
	probe := sim.MetricSummary{Metric: *m, Outcomes: make([]sim.OutcomeSummary, len(m.Labels))}
	for k, l := range m.Labels {
		probe.Outcomes[k].Label = l
	}
	if cumulative && !report.Ordered(probe) {
		return sweepCols{}, inputErrorf("cumulative", "--cumulative with --metric %s: its outcomes (%s) have no order to read at least; it changes only an ordered or counted metric", m.Name, strings.Join(m.Labels, ", "))
	}
	series := report.MetricSeries(&sim.Result{Method: sim.Exact}, probe, cumulative)
	if cumulative {
		series = report.DropWhole(series, probe)
	}
	names := series.Labels
	what, title := m.Name, report.MetricHeading(*m)
	if m.Title != "" {
		what += ": " + m.Title
	}
	if cumulative && report.Ordered(probe) {
		what += " — at least"
		title += " — at least"
	}
	name := m.Name
	return sweepCols{metric: name, what: what, title: title, names: names, cells: func(res *sim.Result) []report.Cell {
		out := make([]report.Cell, len(names))
		ms := res.Metric(name)
		if ms == nil {
			return out
		}
		series := report.MetricSeries(res, *ms, cumulative)
		for k, n := range names {
			// An outcome this run cannot have is a sure 0.
			out[k] = report.Cell{Valid: true}
			if i := slices.Index(series.Labels, n); i >= 0 {
				out[k] = series.Cells[i]
			}
		}
		return out
	}, occurred: func(res *sim.Result) []bool {
		// A column is an outcome's, read at least with --cumulative; the
		// whole row, left out, is none.
		out := make([]bool, len(names))
		if ms := res.Metric(name); ms != nil {
			for _, o := range ms.Outcomes {
				col := o.Label
				if cumulative && report.Ordered(probe) {
					col = report.AtLeastLabel(col)
				}
				if k := slices.Index(names, col); k >= 0 {
					out[k] = out[k] || o.P != 0
				}
			}
		}
		return out
	}}, nil
}

// dropColumns removes the columns that apply to no row (rubble with no
// building) and, with hideZero, those whose outcome never occurred.
func dropColumns(g report.Grid, occurred []bool, hideZero bool) report.Grid {
	var keep []int
	for j := range g.Columns {
		valid := false
		for _, r := range g.Rows {
			valid = valid || r.Cells[j].Valid
		}
		if valid && (occurred[j] || !hideZero) {
			keep = append(keep, j)
		}
	}
	out := report.Grid{}
	for _, j := range keep {
		out.Columns = append(out.Columns, g.Columns[j])
	}
	for _, r := range g.Rows {
		nr := report.GridRow{Label: r.Label}
		for _, j := range keep {
			nr.Cells = append(nr.Cells, r.Cells[j])
		}
		out.Rows = append(out.Rows, nr)
	}
	return out
}

func writeSweepTable(w io.Writer, rep report.Report, subs []string, gs []report.Grid) error {
	for _, l := range rep.Intro() {
		if strings.HasPrefix(l, "sapper ") {
			// The command swept, kept whole to be copied.
			fmt.Fprintln(w, l)
			continue
		}
		report.WriteText(w, l)
	}
	for k, g := range gs {
		fmt.Fprintln(w)
		if subs[k] != "" {
			fmt.Fprintf(w, "== %s ==\n", subs[k])
		}
		if err := report.WriteGrid(w, g); err != nil {
			return err
		}
	}
	one, many := "value", "values"
	if len(subs) > 1 {
		// compare: each value makes a run of each way, a table a way
		one, many = "run", "runs"
	}
	writeRunsFooter(w, rep, one, many)
	return nil
}

// inputArgs drops the output flags (--format, --plot, --progress, …) from
// args, which a title of the inputs need not repeat; the engine flags
// stay, since they change the figures.
func inputArgs(fs *pflag.FlagSet, args []string) []string {
	output := map[string]bool{"format": true, "plot": true, "progress": true, "hide-zero": true, "cumulative": true, "workers": true}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && len(a) > 1 {
			// A shorthand holds its value as -j1 and -j=1 as well as
			// -j 1.
			f, hasValue = fs.ShorthandLookup(a[1:2]), len(a) > 2
		}
		if f == nil || !strings.HasPrefix(a, "-") || !output[f.Name] {
			out = append(out, a)
			continue
		}
		if !hasValue && f.NoOptDefVal == "" {
			i++ // the flag's value is the next argument
		}
	}
	return out
}

// sweepBase prepares the swept command once, for its flags, engine
// settings and figures. When that fails for want of the very input the
// sweep varies (fire's --fp has no default), it is prepared at the
// range's first value instead, its flags read from the arguments alone so
// that the varied input still counts as not given.
func sweepBase(ctx context.Context, target *command, sa sweepArgs, in input) (*job, error) {
	base, err := target.prepare(ctx, in)
	if err == nil || !sa.hasVary {
		return base, err
	}
	fs := flagsOf(target)
	if parseInput(fs, in) != nil {
		return base, err
	}
	// The base fails, perhaps for want of the varied input: judge the
	// --vary itself, then the command at its first value. An error there
	// that is not the base's own is the value's, and says so.
	v, verr := parseVary(sa.vary, fs)
	if verr != nil {
		return nil, verr
	}
	probe, perr := target.prepare(ctx, in.with(v.name, v.text(0)))
	switch {
	case perr != nil && perr.Error() == err.Error():
		return base, err
	case perr != nil:
		return nil, v.atError(0, perr)
	case probe.help:
		return base, err
	}
	probe.flags = fs
	return probe, nil
}

// prepareAt prepares the swept command with the input at value i, set by
// its name after the command's own.
func (v vary) prepareAt(ctx context.Context, target *command, in input, i int) (*job, error) {
	j, err := target.prepare(ctx, in.with(v.name, v.text(i)))
	if err != nil {
		return nil, v.atError(i, err)
	}
	return j, nil
}

// atError is err, the swept command's, at value i of the --vary.
func (v vary) atError(i int, err error) error {
	return badValue("vary", v.spec, fmt.Sprintf("at %s: %s", v.label(i), err))
}

// writeRunsFooter ends the text of a job of several runs, each a one (a
// run, a value) of many: a line for each run cut short, the methods line
// with the runs' time together, and the notes.
func writeRunsFooter(w io.Writer, rep report.Report, one, many string) {
	var elapsed float64
	for _, r := range rep.Runs {
		elapsed += r.Result.Elapsed.Seconds()
		if !r.Result.Complete {
			fmt.Fprintf(w, "\nINCOMPLETE: the %s run was %s\n", r.Label, report.Incomplete(r.Result))
		}
	}
	fmt.Fprintf(w, "\n%s; %s\n", methodsLine(rep.Runs, one, many), report.Seconds(elapsed))
	writeNotes(w, rep)
}

// plainPoints is what an exact run's intervals are, beside others' intervals.
const plainPoints = "(intervals are points)"

// methodsLine says how the runs were worked out, under a table of several:
// exact enumeration, Monte Carlo, or under --method auto both, naming the
// runs that fell back to Monte Carlo so that no interval is taken for a
// point. one and many name a run ("value", "values").
func methodsLine(runs []report.Run, one, many string) string {
	var mc []string
	points := plainPoints
	for _, r := range runs {
		switch {
		case r.Result.Method != sim.Exact:
			mc = append(mc, r.Label)
		case !r.Result.Complete:
			// sim.Result.Bounds
			points = "(intervals are points, but a run cut short gives lower bounds, and its interval what the paths it left could add)"
		}
	}
	trials, res := mcTrials(runs)
	if res == nil && len(points) == len(plainPoints) {
		return "exact enumeration: every figure is exact"
	}
	if res == nil {
		return "exact enumeration " + points
	}
	line := fmt.Sprintf("%s trials per %s, seed %d, %s%% Wilson intervals below each figure",
		trials, one, res.Seed, report.Percent(res.Confidence))
	exact := len(runs) - len(mc)
	if exact == 0 {
		return "Monte Carlo: " + line
	}
	noun := many
	if exact == 1 {
		noun = one
	}
	return fmt.Sprintf("exact enumeration for %d %s %s, Monte Carlo for %s: %s", exact, noun, points, someOf(mc), line)
}

// mixedMethods is the note a report of several runs carries when
// --method auto ran some exactly and some by Monte Carlo, for a reader of
// the JSON, whose runs say each its method; "" when all ran alike.
func mixedMethods(runs []report.Run) string {
	exact := 0
	for _, r := range runs {
		if r.Result.Method == sim.Exact {
			exact++
		}
	}
	if exact == 0 || exact == len(runs) {
		return ""
	}
	return "--method auto: " + methodsLine(runs, "value", "values")
}

// mcTrials are the trials of the Monte Carlo runs of runs, from least to
// most when they differ (runs stopped on --precision, or cut short), and
// the last such run, for its seed and confidence; nil: none.
func mcTrials(runs []report.Run) (string, *sim.Result) {
	rs := make([]*sim.Result, len(runs))
	for i, r := range runs {
		rs[i] = r.Result
	}
	return report.TrialsOf(rs...)
}

// metricNames are the names of ms.
func metricNames(ms []sim.Metric) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Name)
	}
	return out
}

// commonMetrics are the metrics that every plan or way of the sweep
// (subs, one per run) reports at some value, in the order the runs first
// give them, each with the most labels a run gives it: a count may have
// more outcomes at one value than at another (more dice, more hits), and
// every run's outcomes are matched to its labels by label; a run without
// it (no SW to destroy at sw=0) shows no figure. A metric the plans
// title apart (a plan's first DC, Placed in one and Thrown in another)
// is titled by each plan: "a: …; b: …".
func commonMetrics(runs []plannedRun, subs []string) []sim.Metric {
	var out []sim.Metric
	has := map[string]map[string]bool{} // metric, sub: reported
	titles := map[string][]string{}     // metric: "sub: title", each sub's first
	for i, r := range runs {
		for _, x := range r.exp.Schema.Metrics {
			k := slices.IndexFunc(out, func(y sim.Metric) bool { return y.Name == x.Name })
			switch {
			case k < 0:
				out = append(out, x)
				has[x.Name] = map[string]bool{}
			case len(x.Labels) > len(out[k].Labels):
				out[k] = x
			}
			if !has[x.Name][subs[i]] {
				titles[x.Name] = append(titles[x.Name], subs[i]+": "+x.Title)
			}
			has[x.Name][subs[i]] = true
		}
	}
	for k, x := range out {
		ts := titles[x.Name]
		for _, t := range ts[1:] {
			if _, title, _ := strings.Cut(t, ": "); !strings.HasSuffix(ts[0], ": "+title) {
				out[k].Title = strings.Join(ts, "; ")
				break
			}
		}
	}
	return slices.DeleteFunc(out, func(x sim.Metric) bool {
		for _, sub := range subs {
			if !has[x.Name][sub] {
				return true
			}
		}
		return false
	})
}
