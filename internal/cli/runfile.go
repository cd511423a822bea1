package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

var runCommand = &command{
	name:    "run",
	summary: "run a scenario: a YAML file or a built-in one (sapper scenarios)",
	help:    writeRunHelp,
}

func init() {
	runCommand.run = func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
		return runPrepared("run", prepareRun, writeRunHelp)(ctx, stdout, stderr, args)
	}
}

// prepareRun turns a scenario into the command line it stands for and
// prepares that command, placing any error at the scenario's line. ctx
// ends the wait for a scenario file that does not come.
func prepareRun(ctx context.Context, in input) (*job, error) {
	args := in.args
	ended := len(args) > 0 && args[0] == "--" // the end of flags, before a scenario that may start with a dash
	if ended {
		args = args[1:]
	}
	if len(args) == 0 {
		return nil, usagef("want a scenario file or name, e.g. sapper run compare-default (sapper scenarios lists the built-in ones)")
	}
	if !ended && (args[0] == "-h" || args[0] == "--help") {
		return &job{help: true}, nil
	}
	if !ended && len(args[0]) > 1 && args[0][0] == '-' {
		// The scenario names the command, and so which flags there are:
		// it comes before them.
		return nil, usagef("%s before the scenario: the scenario comes first, then its flags, e.g. sapper run two-sq-crossing --method exact", quote(args[0]))
	}
	s, err := loadScenario(ctx, args[0])
	if err != nil {
		return nil, err
	}
	extra := args[1:]
	if s.command.name == activateName {
		// A crossing file is sapper activate's own input: it reads the
		// file, its flags included, and places its own errors; a sweep
		// prepares it at each value.
		in := argv(append([]string{s.ref}, extra...))
		if s.vary != "" {
			j, err := s.sweep(ctx, in)
			var ue *usageError
			if errors.As(err, &ue) && (ue.field == "vary" || ue.field == "metric") {
				// The sweep's own keys, which no crossing field
				// places: at their lines.
				err = s.place(err, true)
			}
			if err == nil && !j.help {
				// Its title as a sweep file's: what the flags after it
				// changed, its range and metric among them.
				if t := s.titled(extra); t != "" {
					j.report.Scenario = t
				}
			}
			return j, err
		}
		if err := notASweep(s, extra); err != nil {
			return nil, err
		}
		return s.command.prepare(ctx, in)
	}
	prepare := func(in input) (*job, error) { return s.command.prepare(ctx, in) }
	if s.vary != "" {
		prepare = func(in input) (*job, error) { return s.sweep(ctx, in) }
	} else if err := notASweep(s, extra); err != nil {
		return nil, err
	}
	j, err := s.merged(input{args: extra, after: in.after}, prepare)
	if err != nil {
		return nil, err
	}
	if j.help {
		return j, nil
	}
	if t := s.titled(extra); t != "" {
		j.report.Scenario = t
	}
	return j, nil
}

// notASweep refuses the sweep's own flags after a file that is no sweep,
// which the command would call unknown: the file sweeps with vary:, or
// the command with sapper sweep.
func notASweep(s *scenario, extra []string) error {
	sa, err := splitSweepArgs(extra)
	if err != nil {
		return nil // the command says what is wrong
	}
	for _, f := range []struct {
		name  string
		given bool
	}{{"vary", sa.hasVary}, {"metric", sa.hasMetric}, {"goal", sa.hasGoal}} {
		if f.given {
			return inputErrorf(f.name, "--%s after %s, which is no sweep: a file sweeps with vary: INPUT=FROM..TO in it, or sweep its command: sapper sweep %s ... --vary INPUT=FROM..TO", f.name, oneLine(clip(s.file)), s.command.name)
		}
	}
	return nil
}

// sweep prepares a sweep scenario: its vary: and metric: keys are the
// sweep's own inputs, which --vary and --metric after the file replace as
// any flag after it replaces the file's (sapper run placed-tem-sweep
// --vary tem=0..8), the flags after the file may add the sweep's others
// (--goal, --cumulative), and the rest of in is the swept command's.
func (s *scenario) sweep(ctx context.Context, in input) (*job, error) {
	sa, err := splitSweepArgs(in.args)
	if err != nil {
		return nil, err
	}
	if replaced := sa.hasVary && sa.vary != s.vary || sa.hasMetric && s.metric != "" && sa.metric != s.metric; replaced {
		// The file's own range and metric are read all the same, as a
		// flag of the file that one after it replaces is: with the
		// file's flags alone, which the flags after it may have changed
		// to suit the new range (--vary drm=-2..0 --tem 3 after a sweep
		// of tem). Only their faults count here, at the file's lines.
		var file []string
		if s.command.name == activateName {
			file = []string{s.ref}
		}
		_, err := s.sweep(ctx, input{before: in.before, args: file, fileVary: in.fileVary})
		if ue := (*usageError)(nil); errors.As(err, &ue) && (ue.field == "vary" || ue.field == "metric") {
			return nil, err
		}
	}
	if sa.hasVary || sa.hasMetric {
		// A range or metric given after the file: what goes wrong with
		// it is the command line's, not the file's.
		if s.given == nil {
			s.given = map[string]bool{}
		}
		s.given["vary"] = s.given["vary"] || sa.hasVary
		s.given["metric"] = s.given["metric"] || sa.hasMetric
	}
	if !sa.hasVary {
		sa.vary, sa.hasVary = s.vary, true
	}
	// The file's cumulative: is the sweep's own, as --cumulative is: it
	// shapes the --metric table as well as the chart, and the swept
	// command would read it as the chart's alone. One after the file
	// stands over it, as any flag after the file does.
	before := in.before[:0:0]
	for _, st := range in.before {
		if st.name != "cumulative" {
			before = append(before, st)
			continue
		}
		if !sa.hasCumulative {
			v, ok := readYesNo(st.value)
			if !ok {
				return nil, badValue("cumulative", st.value, switchWant)
			}
			sa.cumulative, sa.hasCumulative, sa.fileCumulative = v, true, true
		}
	}
	in.before = before
	if s.metric != "" && !sa.hasMetric {
		sa.metric, sa.hasMetric, sa.fileMetric = s.metric, true, true
	}
	return sweepJob(ctx, s.command, sa, input{before: in.before, args: sa.rest, fileVary: true})
}

func writeRunHelp(w io.Writer) {
	fmt.Fprintf(w, `Usage: sapper run FILE|NAME [flags]

Runs a scenario: a YAML file that names a command and gives its flags (the
command one of %s),
or one of the scenarios built into sapper (sapper scenarios lists them).

Flags after FILE are the command's and come after the file's: they replace
a single-valued flag of the file (--method exact, --format json, --plot
odds.png) and add to a repeatable one (--target); --vary and --metric
replace a sweep file's vary: and metric:. Among the run and output
flags every command shares, a flag of the file that a flag after FILE
conflicts with gives way (--method exact drops the file's trials:); any
other conflict between the file and the flags after it is an error naming
both (mode: set in the file, --tem after it). The title says which inputs
differ from the file's, a method other than the file's, and which of the
file's flags gave way.

A scenario file:

  command: dc                  # the command to run (required)
  title: A Thrown DC from the upper level   # one line (≤ 120), above the output
  description: |               # free text, for people
    A 4-6-7 on the second level throws a DC at the squad below.
  flags:                       # the command's flags, without the dashes
    mode: thrown
    target: [4-6-7, leader:8-1]    # a repeatable flag takes a list
    thrower: 4-6-7
    elevation: 2
    method: exact
  vary: tem=0..3               # optional: sweep this input (sapper help sweep)
  metric: ift                  # optional, with vary: the metric the sweep shows

The file is read strictly: an unknown key (a misspelt flag), a list for a
flag that takes one value, or a value the flag rejects is an error that
names the file and the line, and nothing runs (exit status 2):

  sapper run: attack.yaml:7: unknown field "tme" for sapper dc; did you mean
  tem?

Examples:
  sapper run compare-default
  sapper run compare-default --method exact --plot compare.png
  sapper scenarios thrown-from-upper-level > attack.yaml   # a file to edit
  sapper run attack.yaml --format json
`, strings.Join(sweepTargets(), ", "))
}
