package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// TestPooledRunsAnyWorkers: runs that share a pool of workers (compare,
// plans, a sweep) give the same JSON, to the byte but for the clock,
// whatever the workers, fewer or more than the runs.
func TestPooledRunsAnyWorkers(t *testing.T) {
	for _, cmdline := range []string{
		"compare --trials 50000 --seed 3 --format json",
		"sweep dc --target 4-6-7 --vary tem=0..3 --trials 20000 --seed 3 --format json",
	} {
		var want []byte
		for _, j := range []string{"1", "2", "3", "5"} {
			code, stdout, stderr := cli(t, append(args(cmdline), "-j", j)...)
			if code != 0 {
				t.Fatalf("%s -j %s: exit %d: %s", cmdline, j, code, stderr)
			}
			got := elapsedJSON.ReplaceAll([]byte(stdout), nil)
			if want == nil {
				want = got
			} else if !bytes.Equal(got, want) {
				t.Errorf("%s: -j %s differs from -j 1:\n%s\n---\n%s", cmdline, j, got, want)
			}
		}
	}
}

// TestCutRuns: the note of an interrupted pool names the runs it cut.
func TestCutRuns(t *testing.T) {
	for _, tc := range []struct {
		cut  []string
		want string
	}{
		{nil, "the job was interrupted"},
		{[]string{"placed"}, "the placed run was interrupted"},
		{[]string{"placed", "thrown"}, "the placed and thrown runs were interrupted"},
		{[]string{"a", "b", "c"}, "the a, b and c runs were interrupted"},
		{[]string{"a", "b", "c", "d", "e"}, "the a, b, c, d and 1 more runs were interrupted"},
	} {
		if got := cutRuns(tc.cut); got != tc.want {
			t.Errorf("cutRuns(%q) = %q, want %q", tc.cut, got, tc.want)
		}
	}
}

// TestCollectPooled: an interrupted pool reports its runs up to the last
// that ran a trial, whatever the others, so that a sweep's rows keep
// their values, and names the rest as not run, an interruption between
// runs included.
func TestCollectPooled(t *testing.T) {
	runs := []plannedRun{{label: "a"}, {label: "b"}, {label: "c"}, {label: "d"}}
	done := &sim.Result{Trials: 100, Complete: true}
	part := &sim.Result{Trials: 40}
	none := &sim.Result{}
	for _, tc := range []struct {
		results  []*sim.Result
		reported int
		notRun   string
		note     string
		complete bool
	}{
		{[]*sim.Result{done, done, done, done}, 4, "", "", true},
		{[]*sim.Result{done, part, none, none}, 2, "c d", "Not run, as the b run was interrupted: c, d.", false},
		// A run claimed but not begun before a later one ran: reported, so
		// that the later one keeps its place.
		{[]*sim.Result{part, none, part, none}, 3, "d", "Not run, as the a, b and c runs were interrupted: d.", false},
		// Interrupted as the first run ended: no run was cut.
		{[]*sim.Result{done, none, none, none}, 1, "b c d", "Not run, as the job was interrupted: b, c, d.", false},
		// Interrupted before any trial: the first run stands for the job.
		{[]*sim.Result{none, none, none, none}, 1, "b c d", "Not run, as the a run was interrupted: b, c, d.", false},
	} {
		var rep report.Report
		complete := collectPooled(&rep, runs, tc.results)
		note := ""
		if len(rep.Notes) > 0 {
			note = rep.Notes[len(rep.Notes)-1]
		}
		if len(rep.Runs) != tc.reported || strings.Join(rep.NotRun, " ") != tc.notRun || note != tc.note || complete != tc.complete {
			t.Errorf("%d runs reported, not run %q, note %q, complete %v; want %d, %q, %q, %v",
				len(rep.Runs), rep.NotRun, note, complete, tc.reported, tc.notRun, tc.note, tc.complete)
		}
		for k, r := range rep.Runs {
			if r.Label != runs[k].label || r.Result != tc.results[k] {
				t.Errorf("reported run %d is %q, want %q", k, r.Label, runs[k].label)
			}
		}
	}
}

// TestPlansNamedInProse: the sentences of an interrupted plans run quote
// its plans, as its headline does, since a plan's label is the player's
// own words; its data (not_run) keeps the labels as they are.
func TestPlansNamedInProse(t *testing.T) {
	runs := []plannedRun{{label: "prep then DC"}, {label: "DC alone"}, {label: "fire twice"}}
	rep := report.Report{Command: "plans"}
	collectPooled(&rep, runs, []*sim.Result{{Trials: 40}, {}, {}})
	if want := `Not run, as the "prep then DC" run was interrupted: "DC alone", "fire twice".`; len(rep.Notes) != 1 || rep.Notes[0] != want {
		t.Errorf("notes %q, want %q", rep.Notes, want)
	}
	if strings.Join(rep.NotRun, "|") != "DC alone|fire twice" {
		t.Errorf("not run %q: the labels as they are", rep.NotRun)
	}
}

// TestInterruptedExplain: side by side with their working, cut short
// before most runs ran, shows the working of those that did.
func TestInterruptedExplain(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cmdline := range []string{
		"compare --explain",
		"compare --explain --method exact",
		"plans --target 4-6-7 --plan A:fire_8 --plan B:fire_4;fire_4 --explain",
	} {
		a := args(cmdline)
		for i := range a {
			a[i] = strings.ReplaceAll(a[i], "_", " ")
		}
		code, stdout, stderr := cliCtx(t, ctx, a...)
		if code != exitInterrupted || strings.Count(stdout, "== ") != 1 || !strings.Contains(stdout, "Not run") {
			t.Errorf("%s cut short: exit %d, stdout\n%s\nstderr %s", cmdline, code, stdout, stderr)
		}
	}
}

// TestInterruptedSweepSaysWhatDidNotRun: a sweep cut short names, below
// its table, the values it never ran.
func TestInterruptedSweepSaysWhatDidNotRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, method := range []string{"mc", "exact"} {
		code, stdout, _ := cliCtx(t, ctx, args("sweep dc --target 4-6-7 --vary tem=0..2 --method "+method)...)
		if want := "Not run, as the tem=0 run was interrupted: tem=1, tem=2."; code != exitInterrupted || !strings.Contains(stdout, want) {
			t.Errorf("sweep --method %s cut short: exit %d, want %q in\n%s", method, code, want, stdout)
		}
	}
}

// TestInterruptedBeforeFlame: plans cut short before the plan that can
// place Flame ran say nothing of Flame, rather than an empty list, and
// compare no plan that ran with those that did not.
func TestInterruptedBeforeFlame(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := []string{"plans", "--target", "4-6-7", "--building", "stone", "--plan", "fire: fire 8", "--plan", "DC: dc placed"}
	code, stdout, _ := cliCtx(t, ctx, a...)
	if code != exitInterrupted || strings.Contains(stdout, "After a Flame") || !strings.Contains(stdout, "Not run") {
		t.Errorf("exit %d, output\n%s", code, stdout)
	}
	// One plan ran, stopped before its first trial: it is no "most
	// often", nor is one way of compare, nor a 0.00% of no trials.
	for _, out := range []string{stdout, func() string { _, o, _ := cliCtx(t, ctx, "compare"); return o }()} {
		if first, _, _ := strings.Cut(out, "\n"); first != "No figures: stopped before the first trial." {
			t.Errorf("headline of one run of several, of no trials: %q", first)
		}
	}
	code, stdout, _ = cli(t, append(a, "--trials", "20000")...)
	if code != exitOK || !strings.Contains(stdout, "\nAfter a Flame (the flame row)") || !strings.Contains(stdout, "\nflame ") {
		t.Errorf("run to its end: exit %d, output\n%s", code, stdout)
	}
}
