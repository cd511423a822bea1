package cli

import (
	"github.com/spf13/pflag"
)

// sweepFlags declares a sweep's own inputs, for its help and describe's
// listing. The command line splits them from the swept command's flags
// (splitSweepArgs), since those are not known until the command is.
func sweepFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("sweep", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.String("vary", "", "the input to vary, `NAME=FROM..TO[:STEP]` (required): a\nnumeric flag of the command (below), stepped exactly by\nSTEP (default 1), at most 200 values, e.g. --vary tem=0..5")
	fs.String("metric", "", "tabulate and plot the outcomes of this `METRIC` instead\nof the summary figures, e.g. --metric ift")
	fs.String("goal", "", "the inverse question, `GOAL`: METRIC=OUTCOME>=P or <=P\n(OUTCOME|OUTCOME sums several); METRIC.mean>=X or <=X\nfor a count; the first value that reaches it, e.g.\n--goal stack=cleared>=0.5")
	fs.Bool("cumulative", false, "read an ordered --metric at least (≥ K) in the table and\nthe chart")
	setGroup(fs, groupAttack, "vary", "goal")
	setGroup(fs, groupOutput, "metric", "cumulative")
	setWant(fs, "cumulative", switchWant)
	return fs
}

func init() { sweepCommand.inputs = sweepFlags }
