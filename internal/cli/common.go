package cli

import (
	"fmt"
	"math"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// precisionTrialCap is the trial cap of a --precision run when --trials
// is not given: high enough that the precision, not the cap, stops it.
const precisionTrialCap = 1_000_000_000

// maxWorkers bounds -j: each worker holds its own tallies and trial state,
// and far more workers than cores only costs memory.
const maxWorkers = 1024

// maxTrials bounds --trials: ten billion trials take tens of minutes on a
// fast machine; a larger count is a typo, not a plan.
const maxTrials = 10_000_000_000

// maxPathsLimit bounds --max-paths: an exact run's memory no longer grows
// with its paths (--max-memory), but its time does, and two hundred
// million merged paths take tens of minutes; a stack that needs more is a
// job for Monte Carlo.
const maxPathsLimit = 200_000_000

// minMemory is the least --max-memory, in MB, below which the
// merged-state tables of any real stack would be evicted as fast as they
// fill; maxMemoryLimit (memlimit.go) the most.
const minMemory = 64

// browserMemoryLimit is the most --max-memory, in MB, of the engine in the
// browser: a WebAssembly program's memory ends at 4 GB, where the engine
// dies mid-run with no result, so its heap is held well within it.
const browserMemoryLimit = 3072

// minPrecision is the finest --precision: the widest interval (p = 1/2)
// reaches ±0.0001 after about 10⁸ trials at 95% (2.7·10⁸ at 99.9%), well
// inside the 10⁹-trial cap; a finer one would only run into the cap.
const minPrecision = 0.0001

// commonFlags are the engine and output flags every simulating command
// shares (docs/output.md, Exit codes).
type commonFlags struct {
	trials     uint64
	seed       uint64
	workers    int
	method     string
	precision  float64
	confidence float64
	maxPaths   uint64
	maxMemory  uint64
	format     string
	progress   string
	hideZero   bool
	view       string
	fractions  bool
	plot       string
	cumulative bool
	cpuprofile string
	explain    bool
	// runsNone, when set, names the input that makes the job run no
	// engine at all (building's --needed, which works its chances out
	// from the dice's weights), and why, or returns "" when none does:
	// the flags that bound, seed or share out a run are then refused,
	// named after it, before any other conflict.
	runsNone func() (by, why string)
	// noFractions, when set, names what leaves the run's output without
	// fractions in any format ("sapper compare", "--needed") and why, or
	// returns "" when it may show them: its refusal of --fractions comes
	// before any other's, which would send the player to a --method that
	// is refused too.
	noFractions func() (with, why string)
}

// tablesOf is a noFractions for a command whose table shows percentages
// and whose JSON gives fractions unasked: with names it.
func tablesOf(with string) func() (string, string) {
	return func() (string, string) { return with, fractionsUnread }
}

// common holds the resolved common flags.
type common struct {
	cfg      sim.Config
	format   report.Format
	progress progressMode
	opt      report.Options
	// plot is the chart file to write after the run ("" for none), in
	// plotFormat, drawn with chart.
	plot       string
	plotFormat report.ChartFormat
	chart      report.ChartOptions
	// cpuprofile is where a CPU profile of the run goes ("" for none).
	cpuprofile string
	// explain: show the working before the result (--explain).
	explain bool
	// impliedFractions: the run finds every probability as a fraction
	// though --fractions was not given (runFractions): the JSON of an
	// exact run carries them, and its floats, in the JSON and the CSV,
	// are each rounded once from its fraction, so that both formats give
	// one figure for each probability and each sum of them.
	impliedFractions bool
}

// register adds the common flags to fs, as their own group for help.
func (c *commonFlags) register(fs *pflag.FlagSet) *pflag.FlagSet {
	g := pflag.NewFlagSet("common", pflag.ContinueOnError)
	g.SortFlags = false
	g.Uint64Var(&c.trials, "trials", sim.DefaultTrials, "Monte Carlo trials `N` (1 to 10¹⁰),\ne.g. --trials 100000")
	g.Uint64Var(&c.seed, "seed", 1, "Monte Carlo seed `S`: the same seed gives the same\nresult on any number of workers, e.g. --seed 7")
	g.IntVarP(&c.workers, "workers", "j", 0, "worker goroutines `N` (default: GOMAXPROCS, also the\nmost that run); the output does not depend on it, e.g. -j 1")
	g.StringVar(&c.method, "method", string(sim.MonteCarlo), "`METHOD`: mc, exact or auto; exact enumerates every dice\npath; auto decides on the first paths, in a fraction of a\nsecond: exact when they show it fits --max-paths (a walk\nthat merges states is held to tighter bounds of its own:\ndocs/engine.md), else Monte Carlo, saying which and why")
	g.Float64Var(&c.precision, "precision", 0, "stop once every outcome's probability interval has a\nhalf-width of at most `P`; averages such as E[out] are not\nheld to it; 0 is off; with no --trials the cap is 1e9\ntrials, e.g. --precision 0.001")
	g.Float64Var(&c.confidence, "confidence", sim.DefaultConfidence, fmt.Sprintf("interval confidence `C`, from %g to %g,\ne.g. --confidence 0.99", sim.MinConfidence, sim.MaxConfidence))
	g.Uint64Var(&c.maxPaths, "max-paths", sim.DefaultMaxPaths, "exact enumeration budget `N`: more paths fail (exact)\nor fall back to Monte Carlo (auto)")
	g.Uint64Var(&c.maxMemory, "max-memory", sim.DefaultMaxMemory>>20, "exact memory budget in `MB`: the run's heap stays within it,\nits tables of merged states within half, dropping the states\ncheapest to walk again when full (exact, auto)")
	g.StringVar(&c.format, "format", string(report.Table), "output `FORMAT`: table, json or csv,\ne.g. --format json")
	g.StringVar(&c.progress, "progress", string(progressAuto), "progress bar on stderr, `WHEN`: auto (when it is a\nterminal; else an exact or --precision run, or a command\nof several runs, still going after 10 s says so once),\nalways or never")
	g.BoolVar(&c.hideZero, "hide-zero", false, "table and chart: omit outcomes that never occurred")
	g.StringVar(&c.view, "view", report.Exactly.String(), "table and CSV: read ordered outcomes (IFT results, counts)\n`VIEW`: exactly, at-least (this or worse: at least 2\nbroken) or at-most (this or milder); JSON carries all three")
	g.BoolVar(&c.fractions, "fractions", false, "exact and auto: every probability also as a reduced\nfraction, computed exactly (2KIA 1/36), in the table\n(an exact run's JSON has them without it); slower")
	g.StringVar(&c.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to `FILE`, for go tool pprof:\nwhere your own scenario spends its time, e.g. --cpuprofile cpu.out")
	g.StringVar(&c.plot, "plot", "", "after the run, draw a chart into `FILE`.png or FILE.svg:\none file, one panel per metric (bars with interval\nwhiskers), compare as grouped bars, sweep as lines with\ninterval bands, e.g. --plot odds.png")
	g.BoolVar(&c.cumulative, "cumulative", false, "chart (and sweep --metric): draw ordered outcomes (IFT\nseverity, counts) as \"at least\" views, e.g. ≥ K/4")
	g.BoolVar(&c.explain, "explain", false, "show the working before the result: the column, every\nDRM and threshold with its rule, and what each Original\nDR does (table and JSON)")
	setWant(g, "explain", "want true or false")
	setRange(g, "trials", 1, uint64(maxTrials))
	setRange(g, "seed", 0, uint64(math.MaxUint64))
	setRange(g, "workers", 1, maxWorkers)
	setRange(g, "max-paths", 1, uint64(maxPathsLimit))
	setRange(g, "max-memory", minMemory, uint64(maxMemoryLimit))
	setWant(g, "precision", fmt.Sprintf("want 0 (off) or a number from %g to below 0.5", minPrecision))
	setWant(g, "confidence", fmt.Sprintf("want a number from %g to %g, like 0.95", sim.MinConfidence, sim.MaxConfidence))
	setWant(g, "hide-zero", "want true or false")
	setWant(g, "cumulative", "want true or false")
	setWant(g, "fractions", "want true or false")
	setGroup(g, groupRun, "trials", "seed", "workers", "method", "precision", "confidence", "max-paths", "max-memory")
	setFromMachine(g, "workers", "the machine: one a processor (GOMAXPROCS)")
	setGroup(g, groupOutput, "format", "progress", "hide-zero", "view", "fractions", "cpuprofile", "plot", "cumulative", "explain")
	setChoices(g, "method", []string{string(sim.MonteCarlo), string(sim.Exact), string(sim.Auto)})
	setChoices(g, "format", []string{string(report.Table), string(report.JSON), string(report.CSV)})
	setChoices(g, "progress", []string{string(progressAuto), string(progressAlways), string(progressNever)})
	setBounds(g, "confidence", sim.MinConfidence, sim.MaxConfidence)
	// 0 is off; the least on is minPrecision, the most below 0.5.
	setOpenBounds(g, "precision", 0, minPrecision, 0.5)
	setChoices(g, "view", report.ViewNames())
	fs.AddFlagSet(g)
	return g
}

// resolve checks the common flags and turns them into a run configuration.
func (c *commonFlags) resolve(fs *pflag.FlagSet) (common, error) {
	var out common
	raw := func(name string) string { return argument(fs.Lookup(name)) }
	method := sim.Method(choice(c.method, string(sim.MonteCarlo), string(sim.Exact), string(sim.Auto)))
	switch method {
	case sim.MonteCarlo, sim.Exact, sim.Auto:
	default:
		return out, badValue("method", c.method, "want mc, exact or auto")
	}
	exact := "--method exact"
	if !(c.precision == 0 || c.precision >= minPrecision && c.precision < 0.5) {
		return out, badValue("precision", raw("precision"), want(fs.Lookup("precision")))
	}
	// The engine's bound, where every interval is finite (sim.MaxConfidence).
	if !(c.confidence >= sim.MinConfidence && c.confidence <= sim.MaxConfidence) {
		return out, badValue("confidence", raw("confidence"), want(fs.Lookup("confidence")))
	}
	f, err := report.ParseFormat(c.format)
	if err != nil {
		return out, badValue("format", c.format, "want table, json or csv")
	}
	if c.runsNone != nil {
		if by, why := c.runsNone(); by != "" {
			var cs []conflict
			for _, name := range []string{"trials", "seed", "precision", "confidence", "max-paths", "max-memory", "workers"} {
				cs = append(cs, flagConflict(fs, name, by, true, why))
			}
			if err := checkConflicts(cs...); err != nil {
				return out, err
			}
		}
	}
	if err := c.conflicts(fs, method, exact, f); err != nil {
		return out, err
	}
	p, err := parseProgress(c.progress)
	if err != nil {
		return out, badValue("progress", c.progress, "want auto, always or never")
	}
	view, err := report.ParseView(c.view)
	if err != nil {
		return out, badValue("view", c.view, "want exactly, at-least or at-most")
	}
	var plot string
	var plotFormat report.ChartFormat
	if fs.Changed("plot") {
		if plot, plotFormat, err = resolvePlot(c.plot); err != nil {
			return out, err
		}
	}
	if fs.Changed("cpuprofile") {
		if c.cpuprofile == "" {
			return out, badValue("cpuprofile", c.cpuprofile, "want a file name")
		}
	}
	if plot != "" && c.cpuprofile != "" && samePath(plot, c.cpuprofile) {
		return out, inputErrorf("plot", "--plot and --cpuprofile name the same file %s; the one would overwrite the other: give each its own", quote(c.plot))
	}
	trials := c.trials
	if c.precision > 0 && !fs.Changed("trials") {
		trials = precisionTrialCap
	}
	out = common{
		cfg: sim.Config{
			Method:      method,
			Trials:      trials,
			Seed:        c.seed,
			Workers:     c.workers,
			Precision:   c.precision,
			Confidence:  c.confidence,
			MaxPaths:    c.maxPaths,
			MaxMemory:   c.maxMemory << 20,
			Fractions:   c.fractions,
			NoPaths:     noPaths,
			KeepWalking: keepWalking,
		},
		format:     f,
		progress:   p,
		opt:        report.Options{HideZero: c.hideZero, View: view},
		plot:       plot,
		plotFormat: plotFormat,
		cpuprofile: c.cpuprofile,
		chart:      report.ChartOptions{Cumulative: c.cumulative, HideZero: c.hideZero},
		explain:    c.explain,
		// An exact figure in the JSON or the CSV is read by programs,
		// which want it exact; the table keeps its columns unless asked.
		impliedFractions: method != sim.MonteCarlo && !c.fractions && (f == report.JSON || f == report.CSV),
	}
	return out, nil
}

// conflicts rejects the engine and output flags that the method or the
// format make meaningless; exact names what makes a run exact.
func (c *commonFlags) conflicts(fs *pflag.FlagSet, method sim.Method, exact string, f report.Format) error {
	noPlot := c.plot == ""
	stop := "an exact run has no sampling error to stop on"
	if fs.Changed("method") {
		stop += " (use --method mc or auto)"
	}
	var noFrac, noFracWhy string
	if c.noFractions != nil {
		noFrac, noFracWhy = c.noFractions()
	}
	return checkConflicts(
		flagConflict(fs, "fractions", noFrac, noFrac != "", noFracWhy),
		flagConflict(fs, "precision", exact, method == sim.Exact, stop),
		flagConflict(fs, "trials", exact, method == sim.Exact, "an exact run enumerates every dice path instead (--max-paths bounds it)"),
		flagConflict(fs, "seed", exact, method == sim.Exact, "an exact run draws no random numbers"),
		flagConflict(fs, "confidence", exact, method == sim.Exact, "an exact run has no sampling error, so no intervals"),
		flagConflict(fs, "max-paths", "--method mc", method == sim.MonteCarlo, "a Monte Carlo run enumerates no paths (--trials bounds it)"),
		flagConflict(fs, "max-memory", "--method mc", method == sim.MonteCarlo, "a Monte Carlo run keeps no tables of merged states"),
		flagConflict(fs, "fractions", "--method mc", method == sim.MonteCarlo,
			"a Monte Carlo run estimates its probabilities; only an exact enumeration gives them as fractions (use --method exact or auto)"),
		flagConflict(fs, "fractions", "--format csv", f == report.CSV,
			"the CSV columns are fixed and hold no fraction; the table and the JSON show them"),
		flagConflict(fs, "fractions", "--format json", f == report.JSON,
			`the JSON of an exact run gives every fraction already ("fraction" beside each "p"); --fractions adds them to the table`),
		flagConflict(fs, "view", "--format json", f == report.JSON,
			"the JSON carries every view: p, at_least and at_most"),
		flagConflict(fs, "hide-zero", "--format "+string(f), f != report.Table && noPlot,
			"JSON and CSV always list every outcome; --hide-zero changes the table and the chart"),
		flagConflict(fs, "cumulative", "no --plot", noPlot, "--cumulative changes the chart (and a sweep's --metric table)"),
		flagConflict(fs, "explain", "--format csv", c.explain && f == report.CSV, "the working is shown in the table and the JSON only"),
		flagConflict(fs, "explain", "the page's engine", c.explain && !canExplain(),
			"it is built without the working, which the command line's sapper shows: the command under Run it again, with --explain"),
	)
}

// noPaths makes every Monte Carlo run ignore the paths its model keeps
// (sim.Config.NoPaths), and keepWalking walk them to the end of the run
// (sim.Config.KeepWalking): for the tests that hold the walk to the model.
var noPaths, keepWalking bool
