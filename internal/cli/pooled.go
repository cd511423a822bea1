package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// pooled reports whether a job's runs share one pool of workers
// (sim.RunMCAll): several Monte Carlo runs, each to its trial cap. A pool
// lets each worker learn the paths of its own runs instead of every
// worker learning every run; runs that stop at a precision, or
// enumerate, go one after another.
func pooled(c common, runs int) bool {
	return runs > 1 && c.cfg.Method == sim.MonteCarlo && c.cfg.Precision == 0
}

// executePooled is execute for a pooled job: one progress bar for all its
// runs, the same figures as one run after another. Interrupted, it reports
// the runs up to the last that ran a trial (the first whatever), each
// marked incomplete if it was cut short, and lists those after it as not
// run: the reported runs stay a prefix of the job's, as a sweep's rows
// and a plan's working are read by position.
func executePooled(ctx context.Context, stderr io.Writer, j *job) (rep report.Report, complete bool, err error) {
	rep = j.report
	cfg := j.common.cfg
	stop := func() {}
	if j.common.progress.shows(stderr) {
		var counter atomic.Uint64
		cfg.Progress = &counter
		label := fmt.Sprintf("%d runs ", len(j.runs))
		stop = startProgress(stderr, &counter, cfg.Trials*uint64(len(j.runs)), 0, "trials", label)
	}
	exps := make([]sim.Experiment, len(j.runs))
	for k, r := range j.runs {
		exps[k] = r.exp
	}
	tuneGC(cfg)
	results, err := sim.RunMCAll(ctx, exps, cfg)
	stop()
	if err != nil {
		var re *sim.RunError
		if errors.As(err, &re) && j.runs[re.Run].label != "" {
			err = fmt.Errorf("%s: %w", j.runName(j.runs[re.Run].label), re.Err)
		}
		return rep, false, err
	}
	return rep, collectPooled(&rep, j.runs, results), nil
}

// collectPooled puts a pool's results in rep, as executePooled says, and
// reports whether every run was complete.
func collectPooled(rep *report.Report, runs []plannedRun, results []*sim.Result) (complete bool) {
	last := 0
	for k, res := range results {
		if res.Trials > 0 {
			last = k
		}
	}
	var cut []string
	for k, res := range results[:last+1] {
		rep.Runs = append(rep.Runs, report.Run{Label: runs[k].label, Result: res})
		if !res.Complete {
			cut = append(cut, runs[k].label)
		}
	}
	for _, r := range runs[last+1:] {
		rep.NotRun = append(rep.NotRun, r.label)
	}
	if len(rep.NotRun) > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("Not run, as %s: %s.", cutRuns(inProse(rep.Command, cut)), someOf(inProse(rep.Command, rep.NotRun))))
	}
	return len(cut) == 0 && len(rep.NotRun) == 0
}

// cutRuns says why the runs after the last that ran a trial were not run:
// the runs an interruption cut short, or, when it fell between runs, the
// job's interruption.
func cutRuns(cut []string) string {
	switch n := len(cut); {
	case n == 0:
		return "the job was interrupted"
	case n == 1:
		return "the " + cut[0] + " run was interrupted"
	case n <= 4:
		return "the " + strings.Join(cut[:n-1], ", ") + " and " + cut[n-1] + " runs were interrupted"
	default:
		return "the " + someOf(cut) + " runs were interrupted"
	}
}
