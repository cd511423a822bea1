package cli

import (
	"context"
	"io"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// job is a checked invocation of a simulating command: everything is
// parsed and validated, nothing has run. Splitting "parse" from "run" is
// what lets sweep re-prepare a command with one input changed and run
// turn a scenario file into a command's flags.
type job struct {
	// flags is the command's flag set, as parsed.
	flags *pflag.FlagSet
	// place, when set, puts an error about an input at the line of the
	// scenario file that gave it (scenario.place): a job prepared from a
	// file, whose inputs a server may refuse only once it is prepared.
	place func(error) error
	// invoked is the command the user ran (run, for a scenario of dc),
	// which its notes on stderr name, as its errors do.
	invoked string
	// help is set when -h or --help was given; nothing else was checked.
	help   bool
	common common
	// report holds the command, the title and the inputs; running fills
	// in the results.
	report report.Report
	// runs are the experiments, in order. A single unlabelled run becomes
	// the report's Result; several become its Runs.
	runs []plannedRun
	// figures, when set, are the command's summary figures: compare's
	// grid, a sweep's rows and the chart of several runs.
	figures *figures
	// lead, when set, is the metric a sweep follows when the command has
	// no summary figures and --metric names none: plans', the Location
	// cleared, which their headline reads.
	lead string
	// table, when set, writes the table in place of report.WriteTable.
	table func(io.Writer, report.Report) error
	// explain, when set, is the working of each run, in run order, that
	// --explain shows before the result: the command's own hook, built
	// from the model's plan (explain_*.go).
	explain func() []*report.Explanation
	// finish, when set, adds to the report what the command reads off its
	// results once they are in (sweep's answer to --goal).
	finish func(*report.Report)
	// chart, when set, draws the --plot chart in place of the default one.
	chart func(report.Report) (report.Chart, error)
	// run, when set, is the whole job: it writes its own output, for a
	// question that is not one run of experiments (building --needed
	// searches an input). Such a job cannot be swept.
	run func(ctx context.Context, stdout, stderr io.Writer) error
	// unswept, when set, names a flag given that shapes the output of
	// one run of the command, which a sweep's table of values cannot
	// show (compare --differences), and says why: a sweep refuses it
	// rather than echo it unheeded.
	unswept, unsweptWhy string
}

type plannedRun struct {
	label string
	exp   sim.Experiment
}

// single is the job of a command that makes one run.
func single(fs *pflag.FlagSet, c common, rep report.Report, exp sim.Experiment, f *figures) *job {
	return &job{flags: fs, common: c, report: rep, runs: []plannedRun{{exp: exp}}, figures: f}
}

// figures are a command's headline numbers, one row per run: what compare
// shows side by side and a sweep shows per value.
type figures struct {
	columns []string
	row     func(*sim.Result) []report.Cell
	// notes explain some columns under a table, by column.
	notes map[string]string
}

func (f *figures) grid(runs []report.Run) report.Grid {
	g := report.Grid{Columns: f.columns}
	for _, r := range runs {
		g.Rows = append(g.Rows, report.GridRow{Label: r.Label, Cells: f.row(r.Result)})
	}
	return g
}

// flagsOf is the flag set of a command that can be prepared, or the own
// flags of one that runs others.
func flagsOf(c *command) *pflag.FlagSet {
	if c.inputs != nil {
		return c.inputs()
	}
	j, err := c.prepare(context.Background(), argv([]string{"--help"})) // --help reads nothing
	if err != nil {
		panic(err) // --help alone is always accepted
	}
	return j.flags
}

// attack is a model input that the engine can run.
type attack interface {
	Experiment() (sim.Experiment, error)
}

// prepareAttack is the prepare step of a command that makes one run of
// one attack: parse the flags (register declares them and returns the
// common ones), resolve them into the attack, and build its experiment,
// running nothing, so that all bad input is found before any work starts.
// explain, if not nil, is the command's --explain hook.
func prepareAttack[A attack](name string, register func(*pflag.FlagSet) *commonFlags, resolve func(*pflag.FlagSet) (A, error),
	describe func(A) string, f *figures, explain func(A) *report.Explanation, in input) (*job, error) {
	fs, c, help, err := parseCommand(name, register, in)
	if err != nil {
		return nil, err
	}
	if help {
		return &job{flags: fs, help: true}, nil
	}
	a, err := resolve(fs)
	if err != nil {
		return nil, err
	}
	exp, err := a.Experiment()
	if err != nil {
		return nil, modelError(fs, err)
	}
	rep := report.Report{Command: name, Title: describe(a), Inputs: a}
	j := single(fs, c, rep, exp, f)
	if explain != nil {
		j.explainWith(func() *report.Explanation { return explain(a) })
	}
	return j, nil
}
