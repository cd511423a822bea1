package benchmarks

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// monteCarlo measures Monte Carlo trials per second of exps on one core:
// one worker, one chunk of each per iteration, a new seed each time.
func monteCarlo(b *testing.B, exps ...sim.Experiment) {
	const trials = sim.DefaultTrials
	var seed uint64
	for b.Loop() {
		seed++
		for _, exp := range exps {
			if _, err := sim.RunMC(context.Background(), exp, sim.Config{Trials: trials, Seed: seed, Workers: 1}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(trials*len(exps))*float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// exact measures exact enumeration of exp and reports its path count.
func exact(b *testing.B, exp sim.Experiment) {
	var paths uint64
	for b.Loop() {
		res, err := sim.RunExact(context.Background(), exp, sim.Config{})
		if err != nil {
			b.Fatal(err)
		}
		paths = res.Paths
	}
	b.ReportMetric(float64(paths), "paths")
}
