package benchmarks

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// tigerSide is the reference vehicle attack: a Placed DC through the side
// of the Tiger-like AFV of rules/asl.md R16, CE, with a squad riding it,
// so that the Collateral Attack and the morale rules are in the loop.
func tigerSide(b *testing.B) sim.Experiment {
	p, err := asl.LookupPreset("tiger")
	if err != nil {
		b.Fatal(err)
	}
	a := asl.NewAFVAttack(asl.Placed, p.Armor)
	a.CE = true
	rider, err := asl.ParseUnit("4-6-7")
	if err != nil {
		b.Fatal(err)
	}
	a.Riders = []asl.Unit{rider}
	exp, err := a.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkAFVMonteCarlo measures Monte Carlo trials per second on one
// core (one worker, one chunk per iteration).
func BenchmarkAFVMonteCarlo(b *testing.B) {
	exp := tigerSide(b)
	const trials = sim.DefaultChunk
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := sim.RunMC(context.Background(), exp, sim.Config{Trials: trials, Seed: seed, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(trials)*float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// BenchmarkAFVExact measures exact enumeration of the same attack.
func BenchmarkAFVExact(b *testing.B) {
	exp := tigerSide(b)
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
