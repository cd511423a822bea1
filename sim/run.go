package sim

import (
	"context"
	"errors"
	"fmt"
)

// Run runs exp as cfg says. An interrupted run (ctx cancelled) returns the
// partial result with Complete false and a nil error.
func Run(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	switch cfg.Method {
	case Exact:
		return runExact(ctx, exp, cfg)
	case Auto:
		res, err := runExact(ctx, exp, cfg)
		var be *BudgetError
		if errors.As(err, &be) {
			res, err = runMC(ctx, exp, cfg)
			if res != nil {
				res.Note = fmt.Sprintf("exact enumeration exceeds %d paths; ran Monte Carlo", be.Budget)
			}
		}
		return res, err
	default:
		return RunMC(ctx, exp, cfg)
	}
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
