package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// runJob runs j and writes its report on stdout and its chart to --plot.
// An interrupted run still writes its partial result, chart included,
// then returns errInterrupted. The report comes first, so that a chart
// that cannot be written never costs the figures of a long run; and a
// report that cannot be written (a full disk, a reader that closed the
// pipe) does not cost the chart: it is drawn all the same, and the failed
// write is reported after it, unless the chart fails too, which is then
// the error that matters.
func runJob(ctx context.Context, stdout, stderr io.Writer, j *job) (err error) {
	if j.common.explain && j.run == nil && j.explain == nil {
		return inputErrorf("explain", "--explain: sapper %s has no working to show", j.report.Command)
	}
	// A server's limits first: its job writes no file, and no file's
	// directory is looked at for it.
	err = onServer(ctx, j)
	if err == nil {
		err = checkOutputs(j.common)
	}
	if err != nil {
		if j.place != nil {
			return j.place(err)
		}
		return err
	}
	for _, out := range []struct{ flag, name string }{{"plot", j.common.plot}, {"cpuprofile", j.common.cpuprofile}} {
		if err := overwritesInput(ctx, out.flag, out.name); err != nil {
			return err
		}
	}
	if err := checkNotClobbered("cpuprofile", j.common.cpuprofile); j.common.cpuprofile != "" && err != nil {
		return err
	}
	if checkingOnly(ctx) {
		return errChecked
	}
	// Every job profiles its run, a search such as building --needed too.
	if j.common.cpuprofile != "" {
		stop, perr := startCPUProfile(j.common.cpuprofile)
		if perr != nil {
			return perr
		}
		defer func() {
			// A profile not written fails a run that did not fail
			// otherwise, interrupted or not.
			if perr := stop(); perr != nil && (err == nil || errors.Is(err, errInterrupted)) {
				err = perr
			}
		}()
	}
	if j.run != nil {
		return j.run(ctx, stdout, stderr)
	}
	rep, complete, err := execute(ctx, stderr, j)
	if err != nil {
		return err
	}
	rep.HeldTo = heldThat(rep)
	j.finishReport(&rep)
	var werr error
	if j.table != nil && j.common.format == report.Table {
		werr = j.table(stdout, rep)
	} else {
		werr = report.Write(stdout, j.common.format, rep, j.common.opt)
	}
	switch {
	case j.common.plot != "" && rep.NoFigures() && werr == nil:
		// Nothing to draw: a chart of empty panels would read as
		// figures of 0%, and an older chart in its place is left as it is.
		return fmt.Errorf("%w; --plot %s was not written: no trial ran", errInterrupted, j.common.plot)
	case j.common.plot != "":
		if err := j.writeChart(rep); err != nil {
			return err
		}
	}
	if werr != nil {
		return werr
	}
	if !complete {
		return errInterrupted
	}
	return nil
}

// writeChart draws rep and writes it to --plot.
func (j *job) writeChart(rep report.Report) error {
	ch, err := j.chartOf(rep)
	if err != nil {
		return err
	}
	data, err := renderChart(j.common, ch)
	if err != nil {
		return err
	}
	return writeFileAtomic(j.common.plot, data)
}

// finishReport adds to a run's report what is worked out from the
// results: the working (--explain), the command's own finishing step and
// the summary figures. Every front end (the terminal, sapper serve) calls
// it between execute and writing.
func (j *job) finishReport(rep *report.Report) {
	if line := rulesLine(j.flags); line != "" && rep.Title != "" {
		rep.Title += "\n" + line
	}
	if j.common.explain {
		rep.Explain = j.explain()
	}
	if j.figures != nil && len(rep.Runs) > 0 {
		g := j.figures.grid(rep.Runs)
		rep.Figures = &g
	}
	// After the figures, so that a command's own summary may replace them
	// (compare --differences) while a sweep still reads its columns.
	if j.finish != nil {
		j.finish(rep)
	}
	if rep.Headline == nil {
		rep.Headline = headline(*rep)
	}
}

// runName names the run labelled label in a message: "placed run",
// "tem=2 run", and a plan by its label, quoted, since the player chose it
// (plan "a", where "a run" reads as English).
func (j *job) runName(label string) string {
	if j.report.Command == "plans" {
		return fmt.Sprintf("plan %q", label)
	}
	return label + " run"
}

// execute runs j's experiments, in order unless they share a pool of
// workers (executePooled), with a progress bar on stderr when asked, and
// stops after an interrupted one. A run that met its
// trial cap before its --precision says so on stderr, beside the output
// that records it.
func execute(ctx context.Context, stderr io.Writer, j *job) (rep report.Report, complete bool, err error) {
	if pooled(j.common, len(j.runs)) {
		return executePooled(ctx, stderr, j)
	}
	rep = j.report
	note := startJobNote(stderr, j)
	if note != nil {
		defer note.stop()
	}
	for k, r := range j.runs {
		label := ""
		if len(j.runs) > 1 {
			label = fmt.Sprintf("%s (%d of %d) ", r.label, k+1, len(j.runs))
		}
		var counter *atomic.Uint64
		if note != nil {
			counter = note.at(k, label)
		}
		res, err := runOne(ctx, stderr, r.exp, j.common, label, r.label, counter)
		if err != nil {
			if r.label != "" {
				err = fmt.Errorf("%s: %w", j.runName(r.label), err)
			}
			return rep, false, err
		}
		if s := report.PrecisionMissed(res); s != "" {
			run := ""
			if r.label != "" {
				run = j.runName(r.label) + ": "
			}
			who := cmp.Or(j.invoked, rep.Command)
			fmt.Fprintf(stderr, "sapper %s: %s%s; %s\n", who, run, s, moreTrials(rep))
		}
		if len(j.runs) == 1 && r.label == "" {
			rep.Result = res
		} else {
			rep.Runs = append(rep.Runs, report.Run{Label: r.label, Result: res})
		}
		if !res.Complete {
			for _, left := range j.runs[k+1:] {
				rep.NotRun = append(rep.NotRun, left.label)
			}
			if len(rep.NotRun) > 0 {
				rep.Notes = append(rep.Notes, fmt.Sprintf("Not run, as the %s run was interrupted: %s.", inProse(rep.Command, []string{r.label})[0], someOf(inProse(rep.Command, rep.NotRun))))
			}
			return rep, false, nil
		}
	}
	return rep, true, nil
}

// moreTrials is the advice after a precision missed at the trial cap:
// more trials, unless the cap was a server's.
func moreTrials(rep report.Report) string {
	if slices.Contains(rep.HeldTo, "--trials") {
		return "this server's limit (sapper serve --max-trials)"
	}
	return "raise --trials for more"
}

// heldThat is the flags a server held rep's runs to that held them: a
// precision run's lowered cap holds it only if some run reached the cap
// (or was interrupted) before its precision; one that reached its
// precision first gives the same figures without it. A lowered memory
// holds an exact run only if it dropped merged states, which more memory
// would have kept.
func heldThat(rep report.Report) []string {
	results := []*sim.Result{rep.Result}
	if rep.Result == nil {
		results = results[:0]
		for _, r := range rep.Runs {
			results = append(results, r.Result)
		}
	}
	held := rep.HeldTo
	if i := slices.Index(held, "--max-memory"); i >= 0 && len(results) > 0 && len(rep.NotRun) == 0 &&
		!slices.ContainsFunc(results, func(res *sim.Result) bool { return res == nil || res.Dropped > 0 }) {
		held = slices.Delete(slices.Clone(held), i, i+2)
	}
	i := slices.Index(held, "--trials")
	if i < 0 {
		return held
	}
	for _, res := range results {
		if res == nil || res.Method != sim.MonteCarlo || res.Precision == 0 || !res.PrecisionReached {
			return held
		}
	}
	if len(results) == 0 || len(rep.NotRun) > 0 {
		return held
	}
	return slices.Delete(slices.Clone(held), i, i+2)
}

// inProse are labels as the sentences of command's output name its runs:
// a plan's label is the player's own words ("prep then DC"), quoted as
// its headline quotes it; compare's ways and a sweep's values read as
// they are.
func inProse(command string, labels []string) []string {
	if command != "plans" {
		return labels
	}
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = strconv.Quote(l)
	}
	return out
}

// someOf lists labels, the first four and how many more.
func someOf(labels []string) string {
	if len(labels) <= 4 {
		return strings.Join(labels, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(labels[:4], ", "), len(labels)-4)
}

// runOne runs one experiment as c says, drawing the progress bar (after
// label), and says on stderr which method --method auto chose, naming the
// run (tem=2, placed) when it is one of several. A run counting on a
// job's counter (jobNote) leaves a slow note to the job.
func runOne(ctx context.Context, stderr io.Writer, exp sim.Experiment, c common, label, run string, jobCounter *atomic.Uint64) (*sim.Result, error) {
	cfg := c.cfg
	stop := func() {}
	if jobCounter != nil {
		cfg.Progress = jobCounter
	} else if c.progress.shows(stderr) {
		var counter atomic.Uint64
		cfg.Progress = &counter
		total, budget, unit := cfg.Trials, uint64(0), "trials"
		switch {
		case cfg.Method == sim.Exact:
			total, budget, unit = 0, cfg.MaxPaths, "paths"
		case cfg.Method == sim.Auto:
			// Auto counts paths, then trials if it falls back.
			total, unit = 0, "paths/trials"
		case cfg.Precision > 0:
			// The precision, not the cap, usually stops the run: the
			// cap is the most it may reach.
			total, budget = 0, cfg.Trials
		}
		stop = startProgress(stderr, &counter, total, budget, unit, label)
	} else if c.progress == progressAuto && cfg.Method == sim.Exact {
		var counter atomic.Uint64
		cfg.Progress = &counter
		stop = startSlowNote(stderr, &counter, cfg.MaxPaths, "paths", slowExact)
	} else if c.progress == progressAuto && cfg.Method == sim.MonteCarlo && cfg.Precision > 0 {
		var counter atomic.Uint64
		cfg.Progress = &counter
		stop = startSlowNote(stderr, &counter, cfg.Trials, "trials", slowPrecision)
	}
	// Which method auto chose, and why, whatever the format: as soon as
	// it has chosen (a fraction of a second), not when the run is over,
	// and again as soon as an exact try falls back to Monte Carlo; and the
	// result's note at the end when it says more (how far a walk that
	// merges went, fractions the model cannot give).
	said, auto := "", "--method auto"
	if run != "" {
		auto += " (" + run + ")"
	}
	erase := ""
	if c.progress.shows(stderr) {
		erase = "\r\033[K" // the bar's line
	}
	decided := func(_ sim.Method, why string) {
		if why != said {
			fmt.Fprintf(stderr, "%s%s: %s\n", erase, auto, why)
			said = why
		}
	}
	// The bar stops before the result is written, and on a worker's
	// panic too, which would otherwise leave it drawing over the trace.
	res, err := func() (*sim.Result, error) {
		defer stop()
		return runFractions(ctx, exp, cfg, c.impliedFractions, decided)
	}()
	if err != nil {
		var be *sim.BudgetError
		var te *sim.TreeError
		switch {
		case errors.As(err, &be) && be.Draw > 0 && (be.Draw > maxPathsLimit || onServerAt(ctx, be.Draw-1)):
			// No --max-paths this command line, or this server, takes
			// holds the draw.
			return nil, fmt.Errorf("%w; use --method mc (or auto)", err)
		case errors.As(err, &be) && be.Draw > 0:
			// One draw has more outcomes than the budget has paths: a
			// budget of at least as many may hold the whole walk.
			return nil, fmt.Errorf("%w; use --method mc (or auto), or raise --max-paths to %d or more", err, be.Draw)
		case errors.As(err, &be) && be.Budget >= maxPathsLimit:
			return nil, fmt.Errorf("%w, the greatest --max-paths; use --method mc (or auto)%s", err, moreMemory(ctx, be, cfg))
		case errors.As(err, &be) && onServerAt(ctx, be.Budget):
			return nil, fmt.Errorf("%w, the most this server allows (sapper serve --max-paths); use --method mc (or auto), or the command line", err)
		case errors.As(err, &be):
			return nil, fmt.Errorf("%w; use --method mc (or auto), or raise --max-paths above %d%s", err, be.Budget, moreMemory(ctx, be, cfg))
		case errors.As(err, &te):
			return nil, fmt.Errorf("%w; use --method mc (or auto)", err)
		}
		return nil, err
	}
	if cfg.Method == sim.Auto && res.Note != "" && res.Note != said {
		fmt.Fprintf(stderr, "%s: %s\n", auto, res.Note)
	}
	return res, nil
}

// moreMemory is the advice a budget error adds when the run's tables
// dropped merged states, whose paths walked again counted against the
// budget: a run given more memory may walk within it. Fractions (JSON
// output) take more memory a state, so the same run may fit as a table
// and not as JSON.
func moreMemory(ctx context.Context, be *sim.BudgetError, cfg sim.Config) string {
	switch mb := cfg.MaxMemory >> 20; {
	case be.Dropped == 0 || onServerAt(ctx, be.Budget):
		return ""
	case serverMemory(ctx) > 0 && cfg.MaxMemory >= serverMemory(ctx):
		return fmt.Sprintf(" (this server holds a run to %d MB of memory: sapper serve --max-memory)", mb)
	case mb >= uint64(maxMemoryLimit):
		return ""
	default:
		return fmt.Sprintf(" or --max-memory above %d", mb)
	}
}

// chartOf draws the report: the job's own chart if it has one, bars per
// metric for a single result, and for several runs the summary figures as
// grouped bars, or each metric's outcomes grouped by run.
func (j *job) chartOf(rep report.Report) (report.Chart, error) {
	switch {
	case j.chart != nil:
		return j.chart(rep)
	case rep.Result != nil:
		return report.ResultChart(rep, j.common.chart)
	case j.figures != nil:
		return report.GridChart(report.Heading(rep), "summary figures, one bar per run", j.figures.grid(rep.Runs)), nil
	}
	return report.RunsChart(rep, j.common.chart)
}
