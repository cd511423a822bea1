package sim

import (
	"context"
	"errors"
	"fmt"
	"time"
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
		return RunExact(ctx, exp, cfg)
	case Auto:
		res, err := RunExact(ctx, exp, cfg)
		var be *BudgetError
		if errors.As(err, &be) {
			res, err = RunMC(ctx, exp, cfg)
			if res != nil {
				res.Note = fmt.Sprintf("exact enumeration exceeds %d paths; ran Monte Carlo", be.Budget)
			}
		}
		return res, err
	default:
		return RunMC(ctx, exp, cfg)
	}
}

// RunExact enumerates every path of draws of exp. It returns a
// *BudgetError, and no result, when the paths exceed cfg.MaxPaths.
func RunExact(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	start := time.Now()
	offsets, size := exp.Schema.layout()
	nm := len(exp.Schema.Metrics)
	// Neumaier-compensated sums keep the total error near one ulp even
	// over millions of paths.
	sum := make([]float64, size)
	comp := make([]float64, size)
	src := &Source{exact: true}
	rec := newRecord(nm)
	trial := exp.New()
	var paths uint64
	complete := true
	for {
		if paths&4095 == 0 && paths > 0 {
			if cfg.Progress != nil {
				cfg.Progress.Add(4096)
			}
			if ctx.Err() != nil {
				complete = false
				break
			}
		}
		if paths == cfg.MaxPaths {
			return nil, &BudgetError{Budget: cfg.MaxPaths}
		}
		src.begin()
		rec.reset()
		trial(src, rec)
		paths++
		w := src.weight
		for m, k := range rec.out {
			if k == unset {
				panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", exp.Schema.Metrics[m].Name))
			}
			i := offsets[m] + int(k)
			t := sum[i] + w
			if abs(sum[i]) >= w {
				comp[i] += (sum[i] - t) + w
			} else {
				comp[i] += (w - t) + sum[i]
			}
			sum[i] = t
		}
		if !src.advance() {
			break
		}
	}
	for i := range sum {
		sum[i] += comp[i]
	}
	return &Result{
		Method:     Exact,
		Complete:   complete,
		Paths:      paths,
		Confidence: cfg.Confidence,
		Metrics:    summarizeWeights(exp.Schema, sum),
		Elapsed:    time.Since(start),
	}, nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
