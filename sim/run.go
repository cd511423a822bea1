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
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if err := exp.Schema.Validate(); err != nil {
		return nil, err
	}
	switch cfg.Method {
	case Exact:
		res, err := RunExact(ctx, exp, cfg)
		exactPrecision(res, cfg)
		return res, err
	case Auto:
		res, err := RunExact(ctx, exp, cfg)
		var be *BudgetError
		if errors.As(err, &be) {
			res, err = RunMC(ctx, exp, cfg)
			if res != nil {
				res.Note = fmt.Sprintf("exact enumeration exceeds %d paths; ran Monte Carlo", be.Budget)
			}
			return res, err
		}
		exactPrecision(res, cfg)
		return res, err
	default:
		return RunMC(ctx, exp, cfg)
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
