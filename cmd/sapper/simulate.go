package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// simulate runs exp as c says, with a progress bar on stderr when asked,
// and writes rep with the result on stdout. An interrupted run still
// writes its partial result, then returns errInterrupted.
func simulate(ctx context.Context, stdout, stderr io.Writer, exp sim.Experiment, c common, rep report.Report) error {
	cfg := c.cfg
	stop := func() {}
	if c.progress.shows(stderr) {
		var counter atomic.Uint64
		cfg.Progress = &counter
		total, unit := cfg.Trials, "trials"
		switch {
		case cfg.Method == sim.Exact:
			total, unit = 0, "paths"
		case cfg.Method == sim.Auto:
			// Auto counts paths, then trials if it falls back.
			total, unit = 0, "paths/trials"
		case cfg.Precision > 0:
			total = 0 // the precision, not the cap, usually stops the run
		}
		stop = startProgress(stderr, &counter, total, unit)
	}
	res, err := sim.Run(ctx, exp, cfg)
	stop()
	if err != nil {
		var be *sim.BudgetError
		if errors.As(err, &be) {
			return fmt.Errorf("%w (--max-paths %d)", err, be.Budget)
		}
		return err
	}
	rep.Result = res
	if err := report.Write(stdout, c.format, rep, c.opt); err != nil {
		return err
	}
	if !res.Complete {
		return errInterrupted
	}
	return nil
}
