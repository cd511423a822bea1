package main

import (
	"fmt"
	"io"
	"strings"
)

func writeSweepHelp(w io.Writer) {
	fmt.Fprintf(w, `Usage: sapper sweep COMMAND [COMMAND's flags] --vary NAME=FROM..TO[:STEP] [--metric NAME]

Runs COMMAND (one of %s) once for each value of one of its numeric
inputs, from FROM up to TO by STEP (default 1), with every other flag as
given, and reports how the odds move: "how do they change as TEM grows?"

The table has one row per value. Its columns are the command's summary
figures (dc and compare: chain ok, detonates, any KIA, cleared, E[out],
rubble, flame, user out; columns that apply to no value are left out), or
with --metric the outcomes of that metric. compare gives one table per way (placed,
thrown, set). --format json prints every run in full, labelled tem=0,
tem=1, … (compare: tem=0/placed, …), and --format csv one row per outcome
of every run. --plot draws the table as lines, one per column, over the
varied input, each with its interval as a band (one panel per way for
compare; lines at 0%% everywhere are left out). All values are checked
before anything runs, and the seed is the same for each value.

Flags of sweep:
  --vary NAME=FROM..TO[:STEP]
        the input to vary (required), a numeric flag of COMMAND:
%s  --metric NAME
        tabulate and plot the outcomes of this metric, e.g. --metric ift;
        with --cumulative, ordered outcomes "at least" (≥ K/4)

Every other flag is COMMAND's (sapper help dc, sapper help compare), the
engine and output flags included: --method, --trials, --seed, -j, --format,
--plot, --cumulative, --hide-zero.

Examples:
  sapper sweep dc --target 4-6-7 --vary tem=0..5 --method exact
  sapper sweep dc --target 4-6-7 --vary tem=0..5 --method exact --plot tem.png
  sapper sweep dc --target 4-6-7 --vary drm=-3..3 --metric ift --cumulative --hide-zero
  sapper sweep compare --vary tem=0..4 --trials 200000 --plot compare-tem.svg
  sapper sweep dc --mode thrown --target 4-6-7 --thrower 4-6-7 --vary thrower-tem=0..3 --format csv
`, strings.Join(sweepTargets(), " or "), sweepInputList())
}

// sweepInputList lists the inputs --vary accepts, command by command.
func sweepInputList() string {
	var b strings.Builder
	for _, name := range sweepTargets() {
		fmt.Fprintf(&b, "          %-8s %s\n", name+":", strings.Join(sweepable(flagsOf(lookup(name))), ", "))
	}
	return b.String()
}
