package main

import (
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

// commonFlags are the engine and output flags every simulating command
// shares (DESIGN §4).
type commonFlags struct {
	trials     uint64
	seed       uint64
	workers    int
	method     string
	precision  float64
	confidence float64
	maxPaths   uint64
	format     string
	progress   string
	hideZero   bool
	plot       string
	cumulative bool
	explain    bool
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
	// explain: show the working before the result (--explain).
	explain bool
}

// register adds the common flags to fs, as their own group for help.
func (c *commonFlags) register(fs *pflag.FlagSet) *pflag.FlagSet {
	g := pflag.NewFlagSet("common", pflag.ContinueOnError)
	g.SortFlags = false
	g.Uint64Var(&c.trials, "trials", sim.DefaultTrials, "Monte Carlo trials `N` (> 0),\ne.g. --trials 100000")
	g.Uint64Var(&c.seed, "seed", 1, "Monte Carlo seed `S`: the same seed gives the same\nresult for any -j, e.g. --seed 7")
	g.IntVarP(&c.workers, "workers", "j", 0, "worker goroutines `N` (default: GOMAXPROCS); the output\ndoes not depend on it, e.g. -j 1")
	g.StringVar(&c.method, "method", string(sim.MonteCarlo), "`mc`, exact or auto: exact enumerates every dice path;\nauto is exact when it fits --max-paths, else Monte\nCarlo")
	g.Float64Var(&c.precision, "precision", 0, "stop once every interval half-width is at most `P`;\n0 is off; with no --trials the cap is 1e9 trials,\ne.g. --precision 0.001")
	g.Float64Var(&c.confidence, "confidence", sim.DefaultConfidence, "interval confidence `c` in (0, 1),\ne.g. --confidence 0.99")
	g.Uint64Var(&c.maxPaths, "max-paths", sim.DefaultMaxPaths, "exact enumeration budget `N`: more paths fail (exact)\nor fall back to Monte Carlo (auto)")
	g.StringVar(&c.format, "format", string(report.Table), "output `format`: table, json or csv,\ne.g. --format json")
	g.StringVar(&c.progress, "progress", string(progressAuto), "progress bar on stderr: `auto` (when it is a terminal),\nalways or never")
	g.BoolVar(&c.hideZero, "hide-zero", false, "table and chart: omit outcomes that never occurred")
	g.StringVar(&c.plot, "plot", "", "after the run, draw a chart into `FILE`.png or FILE.svg:\none file, one panel per metric (bars with interval\nwhiskers), compare as grouped bars, sweep as lines with\ninterval bands, e.g. --plot odds.png")
	g.BoolVar(&c.cumulative, "cumulative", false, "chart (and sweep --metric): draw ordered outcomes (IFT\nseverity, counts) as \"at least\" views, e.g. ≥ K/4")
	g.BoolVar(&c.explain, "explain", false, "show the working before the result: the column, every\nDRM and threshold with its rule, and what each Original\nDR does (table and JSON)")
	setWant(g, "explain", "want true or false")
	setWant(g, "trials", "want a whole number > 0")
	setWant(g, "seed", "want a whole number ≥ 0")
	setWant(g, "workers", "want a whole number from 1 to 1024")
	setWant(g, "precision", "want a number in [0, 0.5); 0 is off")
	setWant(g, "confidence", "want a number strictly between 0 and 1, like 0.95")
	setWant(g, "max-paths", "want a whole number > 0")
	setWant(g, "hide-zero", "want true or false")
	setWant(g, "cumulative", "want true or false")
	fs.AddFlagSet(g)
	return g
}

// resolve checks the common flags and turns them into a run configuration.
func (c *commonFlags) resolve(fs *pflag.FlagSet) (common, error) {
	var out common
	raw := func(name string) string { return fs.Lookup(name).Value.String() }
	if c.trials == 0 {
		return out, badValue("trials", raw("trials"), want(fs.Lookup("trials")))
	}
	if fs.Changed("workers") && (c.workers < 1 || c.workers > maxWorkers) {
		return out, badValue("workers", raw("workers"), want(fs.Lookup("workers")))
	}
	method := sim.Method(c.method)
	switch method {
	case sim.MonteCarlo, sim.Exact, sim.Auto:
	default:
		return out, badValue("method", c.method, "want mc, exact or auto")
	}
	if !(c.precision >= 0 && c.precision < 0.5) {
		return out, badValue("precision", raw("precision"), want(fs.Lookup("precision")))
	}
	if c.precision > 0 && method == sim.Exact {
		return out, badValue("precision", raw("precision"), "Monte Carlo only; an exact run has no sampling error (use --method mc or auto)")
	}
	if !(c.confidence > 0 && c.confidence < 1) {
		return out, badValue("confidence", raw("confidence"), want(fs.Lookup("confidence")))
	}
	if c.maxPaths == 0 {
		return out, badValue("max-paths", raw("max-paths"), want(fs.Lookup("max-paths")))
	}
	f, err := report.ParseFormat(c.format)
	if err != nil {
		return out, badValue("format", c.format, "want table, json or csv")
	}
	p, err := parseProgress(c.progress)
	if err != nil {
		return out, badValue("progress", c.progress, "want auto, always or never")
	}
	if c.explain && f == report.CSV {
		return out, usagef("--explain with --format csv: the working is shown in the table and the JSON only")
	}
	plot, plotFormat, err := resolvePlot(c.plot)
	if err != nil {
		return out, err
	}
	trials := c.trials
	if c.precision > 0 && !fs.Changed("trials") {
		trials = precisionTrialCap
	}
	out = common{
		cfg: sim.Config{
			Method:     method,
			Trials:     trials,
			Seed:       c.seed,
			Workers:    c.workers,
			Precision:  c.precision,
			Confidence: c.confidence,
			MaxPaths:   c.maxPaths,
		},
		format:     f,
		progress:   p,
		opt:        report.Options{HideZero: c.hideZero},
		plot:       plot,
		plotFormat: plotFormat,
		chart:      report.ChartOptions{Cumulative: c.cumulative, HideZero: c.hideZero},
		explain:    c.explain,
	}
	return out, nil
}
