package main

import (
	"context"

	"github.com/sapperhq/sapper/sim"
)

// goalSlack absorbs the rounding of an exact probability computed in
// float64: a probability that is exactly the target as a fraction (4/9)
// may come out a hair below it.
const goalSlack = 1e-12

// goalAnswer is the smallest value of an input that reaches a target
// probability, with the probability it reaches; Found is false when no
// value in the range does.
type goalAnswer struct {
	Target float64
	Value  int
	P      float64
	Found  bool
}

// smallestReaching answers "the smallest integer input x in [lo, hi] whose
// probability prob(x) reaches p" for each target p. It knows nothing of
// games: prob is any exact probability as a function of one input. It
// steps upward from lo, so it needs no monotonicity, and stops as soon as
// every target is reached. On an error from prob it returns the answers
// found so far with the error.
func smallestReaching(lo, hi int, targets []float64, prob func(x int) (float64, error)) ([]goalAnswer, error) {
	out := make([]goalAnswer, len(targets))
	open := len(targets)
	for i, t := range targets {
		out[i].Target = t
	}
	for x := lo; x <= hi && open > 0; x++ {
		p, err := prob(x)
		if err != nil {
			return out, err
		}
		for i := range out {
			if !out[i].Found && p >= out[i].Target-goalSlack {
				out[i] = goalAnswer{Target: out[i].Target, Value: x, P: p, Found: true}
				open--
			}
		}
	}
	return out, nil
}

// exactP runs exp exactly and returns the probability of outcome label
// of metric. An interrupted run is errInterrupted.
func exactP(ctx context.Context, exp sim.Experiment, cfg sim.Config, metric, label string) (float64, error) {
	cfg.Method = sim.Exact
	res, err := sim.Run(ctx, exp, cfg)
	if err != nil {
		return 0, err
	}
	if !res.Complete {
		return 0, errInterrupted
	}
	return res.P(metric, label), nil
}
