package cli

import (
	"fmt"
	"io"
	"strings"
)

func writeSweepHelp(w io.Writer) {
	fmt.Fprintf(w, `Usage: sapper sweep COMMAND [COMMAND's flags] --vary NAME=FROM..TO[:STEP]
                    [--metric NAME] [--goal GOAL]

Runs COMMAND (%s)
once for each value of one of its numeric inputs, from FROM up to TO by
STEP (default 1), with every other flag as given, and reports how the odds
move: "how do they change as TEM grows?" FROM, TO and STEP are decimal
numbers, whole for a whole-number input, and are stepped exactly:
1..1.3:0.1 is 1, 1.1, 1.2 and 1.3; a STEP must land on TO (0..5:2 is
refused, not cut at 4). A sweep has at most %d values.

The table has one row per value. Its columns are the command's summary
figures (dc and compare: chain ok, detonates, any KIA, cleared, E[out],
rubble, flame, user out; columns that apply to no value are left out), or
with --metric the outcomes of that metric. compare gives one table per way
(placed, thrown, set). --format json prints every run in full, labelled tem=0,
tem=1, … (compare: tem=0/placed, …), and --format csv one row per outcome
of every run. --plot draws the table as lines, one per column, over the
varied input, each with its interval as a band (for compare, a panel per
figure with placed, thrown and set as its lines; lines at 0%% everywhere
are left out). All values are checked before anything runs, and the seed
is the same for each value. The JSON and CSV carry the summary figures of
each run too, for a command that has them (plans has none: its table shows
stack, the Location cleared, unless --metric names another metric every
plan reports).

--goal asks the inverse question, "how much do I need?": above the table,
the first value that reaches the goal and the last before it that does
not, and where it stops being reached, for each way of compare. Exact runs
give exact answers; Monte Carlo ones quote each figure's interval and say
when it straddles the goal. A goal never reached says so, with the value
nearest to it, and still exits 0.

Flags of sweep:
%s
The inputs --vary takes, command by command:
%s
Every other flag is COMMAND's (sapper help dc, sapper help compare), the
engine and output flags included: --method, --trials, --seed, -j, --format,
--plot, --cumulative, --hide-zero.

Examples:
  sapper sweep dc --target 4-6-7 --vary tem=0..5 --method exact
  sapper sweep dc --target 4-6-7 --vary tem=0..5 --method exact --plot tem.png
  sapper sweep dc --target 4-6-7 --vary drm=-3..3 --metric ift --cumulative \
    --hide-zero
  sapper sweep dc --target 4-6-7 --vary tem=0..5 --goal 'stack=cleared>=0.5' \
    --method exact
  sapper sweep building --vary dice=4..30 --goal 'building=destroyed>=0.5' \
    --method exact
  sapper sweep compare --vary tem=0..4 --trials 200000 --plot compare-tem.svg
  sapper sweep dc --mode thrown --target 4-6-7 --thrower 4-6-7 \
    --vary thrower-tem=0..3 --format csv
`, strings.Join(sweepTargets(), ", "), maxSweepValues, flagUsages(sweepFlags()), sweepInputList())
}

// sweepInputList lists the inputs --vary accepts, command by command.
func sweepInputList() string {
	var b strings.Builder
	for _, name := range sweepTargets() {
		lines := wrapLines([]string{strings.Join(sweepable(flagsOf(lookup(name))), ", ")}, helpWidth-12)
		fmt.Fprintf(&b, "  %-9s %s\n", name+":", strings.Join(lines, "\n"+strings.Repeat(" ", 12)))
	}
	return b.String()
}
