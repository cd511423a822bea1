package sim

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Run runs exp as cfg says. An interrupted run (ctx cancelled) returns the
// partial result with Complete false and a nil error.
//
// Auto decides after the exact probe (estimate.go): exact when the
// enumeration is estimated to fit the path budget, else Monte Carlo; an
// exact run that then walks past the budget falls back too. The result's
// Note says which method ran and why, and its Elapsed covers the whole
// run, a failed exact attempt included.
func Run(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	switch cfg.Method {
	case Exact:
		res, err := runExact(ctx, exp, cfg, exactSlack)
		exactPrecision(res, cfg)
		return res, err
	case Auto:
		start := time.Now()
		res, err := runExact(ctx, exp, cfg, autoSlack)
		var be *BudgetError
		switch {
		case errors.As(err, &be):
			res, err = runMC(ctx, exp, cfg)
			if res != nil {
				res.Note = autoNote(be)
				if cfg.Fractions {
					res.Note += ", which gives no exact fractions"
				}
				res.Elapsed = time.Since(start)
			}
			return res, err
		case err == nil && res.Complete:
			res.Note = fmt.Sprintf("auto chose exact enumeration: %d paths, within the budget of %d", res.Paths, cfg.MaxPaths)
		}
		exactPrecision(res, cfg)
		return res, err
	default:
		return runMC(ctx, exp, cfg)
	}
}

// exactPrecision records on an exact result the precision cfg asked for
// (--method auto with --precision): an exact probability has no sampling
// error, so a complete enumeration reaches any precision. An interrupted
// one has only lower bounds, and reaches none.
func exactPrecision(res *Result, cfg Config) {
	if res != nil && res.Method == Exact && cfg.Precision > 0 {
		res.Precision, res.PrecisionReached = cfg.Precision, res.Complete
	}
}

// autoNote says why auto ran Monte Carlo.
func autoNote(be *BudgetError) string {
	if be.Estimate > 0 {
		return fmt.Sprintf("exact enumeration estimated at about %s paths after walking %d, over the budget of %d; ran Monte Carlo",
			approx(be.Estimate), be.Walked, be.Budget)
	}
	return fmt.Sprintf("exact enumeration exceeds %d paths; ran Monte Carlo", be.Budget)
}

// check refuses a configuration or an experiment the engine cannot run:
// every entry point (Run, RunMC, RunExact) calls it before any work, so a
// bad schema is an error, never a panic or a wrong tally mid-run.
func check(exp Experiment, cfg Config) error {
	if err := cfg.validate(); err != nil {
		return err
	}
	if exp.New == nil {
		return fmt.Errorf("sim: experiment without a New (the trial constructor)")
	}
	return exp.Schema.Validate()
}
