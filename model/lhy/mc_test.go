package lhy

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"

	"github.com/sapperhq/sapper/sim"
)

// TestMonteCarloAgreesWithExact runs the §5 figures and the oracle's cases
// by Monte Carlo (fixed seed, 200,000 trials) and checks that every exact
// probability lies in its 99.99% Wilson interval.
func TestMonteCarloAgreesWithExact(t *testing.T) {
	cases := oracleCases()
	for name, a := range figureCases() {
		cases["§5 "+name] = a
	}
	for name, a := range cases {
		simtest.MonteCarloAgrees(t, name, a, 200_000, 11)
	}
}

// TestTrialDoesNotAllocate: a run of many trials allocates no more than a
// run of few in the same number of chunks, so the per-trial loop does not
// allocate.
func TestTrialDoesNotAllocate(t *testing.T) {
	exp, err := oracleCases()["AT fire on an AFV with ATV"].Experiment()
	if err != nil {
		t.Fatal(err)
	}
	// The model's own loop: a walk of kept paths runs it only on a path
	// not walked before, and grows its graph then (the engine's tests hold
	// the walk itself).
	exp.KeepPaths = false
	allocs := func(trials uint64) float64 {
		return testing.AllocsPerRun(5, func() {
			cfg := sim.Config{Trials: trials, Chunk: int(trials), Workers: 1}
			if _, err := sim.RunMC(context.Background(), exp, cfg); err != nil {
				t.Fatal(err)
			}
		})
	}
	if few, many := allocs(100), allocs(50_000); many > few {
		t.Errorf("50,000 trials allocate %v times, 100 trials %v: the trial loop allocates", many, few)
	}
}
