package sim

import (
	"context"
	"fmt"
)

// Run runs exp as cfg says. An interrupted run (ctx cancelled) returns the
// partial result with Complete false and a nil error.
//
// Auto decides after the exact probe (RunAuto).
func Run(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	switch cfg.Method {
	case Exact:
		res, err := runExact(ctx, exp, cfg, exactSlack, nil)
		exactPrecision(res, cfg)
		return res, err
	case Auto:
		return RunAuto(ctx, exp, cfg, nil)
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
