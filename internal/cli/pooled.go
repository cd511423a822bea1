package cli

import (
	"context"
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
// runs, the same figures as one run after another. Interrupted, it
// reports every run that ran a trial (the first whatever), each marked
// incomplete if it was cut short, and lists the others as not run.
func executePooled(ctx context.Context, stderr io.Writer, j *job) (rep report.Report, complete bool, err error) {
	rep = j.report
	cfg := j.common.cfg
	stop := func() {}
	if j.common.progress.shows(stderr) {
		var counter atomic.Uint64
		cfg.Progress = &counter
		label := fmt.Sprintf("%d runs ", len(j.runs))
		stop = startProgress(stderr, &counter, cfg.Trials*uint64(len(j.runs)), "trials", label)
	}
	exps := make([]sim.Experiment, len(j.runs))
	for k, r := range j.runs {
		exps[k] = r.exp
	}
	tuneGC(cfg.Method)
	results, err := sim.RunMCAll(ctx, exps, cfg)
	stop()
	if err != nil {
		return rep, false, err
	}
	complete = true
	var cut []string
	for k, res := range results {
		label := j.runs[k].label
		if res.Trials == 0 && k > 0 {
			rep.NotRun = append(rep.NotRun, label)
			continue
		}
		rep.Runs = append(rep.Runs, report.Run{Label: label, Result: res})
		if !res.Complete {
			cut = append(cut, label)
		}
	}
	if len(cut) == 0 && len(rep.NotRun) == 0 {
		return rep, true, nil
	}
	if len(rep.NotRun) > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("Not run, as the %s interrupted: %s.", cutRuns(cut), someOf(rep.NotRun)))
	}
	return rep, false, nil
}

// cutRuns names the runs an interruption cut short, as the subject of
// "interrupted": one per worker at most.
func cutRuns(cut []string) string {
	switch n := len(cut); {
	case n == 1:
		return cut[0] + " run was"
	case n <= 4:
		return strings.Join(cut[:n-1], ", ") + " and " + cut[n-1] + " runs were"
	default:
		return someOf(cut) + " runs were"
	}
}
