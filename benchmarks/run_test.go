package benchmarks

import (
	"context"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// monteCarlo measures Monte Carlo trials per second of exps on one core
// (one worker, one default run of each per iteration, a new seed each
// time), and, in the same iterations, alternating with them, their dice
// limit: the rate of replaying the draws of a recorded run of each, from
// the same source, with no model work (sim.RecordDraws). It reports both
// rates, the first as a share of the second, and the draws of a trial.
// For workloads that keep their paths (sim.Experiment.KeepPaths) it also
// runs the model on every trial (sim.Config.NoPaths), in the same
// iterations, and reports the rate that walking the paths gains over it.
func monteCarlo(b *testing.B, exps ...sim.Experiment) {
	const trials = sim.DefaultTrials
	ctx := context.Background()
	var replays []sim.Experiment
	var cfgs []sim.Config
	var draws float64
	for _, exp := range exps {
		_, d, err := sim.RecordDraws(ctx, exp, sim.Config{Trials: trials, Seed: 1, Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		replays, cfgs = append(replays, d.Replay()), append(cfgs, d.Config())
		n, _ := d.PerTrial()
		draws += n
	}
	kept := false
	for _, exp := range exps {
		kept = kept || exp.KeepPaths
	}
	var model, modelOnly, limit time.Duration
	var seed uint64
	for b.Loop() {
		seed++
		start := time.Now()
		for _, exp := range exps {
			if _, err := sim.RunMC(ctx, exp, sim.Config{Trials: trials, Seed: seed, Workers: 1}); err != nil {
				b.Fatal(err)
			}
		}
		model += time.Since(start)
		if kept {
			start = time.Now()
			for _, exp := range exps {
				if _, err := sim.RunMC(ctx, exp, sim.Config{Trials: trials, Seed: seed, Workers: 1, NoPaths: true}); err != nil {
					b.Fatal(err)
				}
			}
			modelOnly += time.Since(start)
		}
		start = time.Now()
		for i, exp := range replays {
			if _, err := sim.RunMC(ctx, exp, cfgs[i]); err != nil {
				b.Fatal(err)
			}
		}
		limit += time.Since(start)
	}
	n := float64(trials*len(exps)) * float64(b.N)
	b.ReportMetric(n/model.Seconds(), "trials/s")
	b.ReportMetric(n/limit.Seconds(), "dice-limit/s")
	b.ReportMetric(limit.Seconds()/model.Seconds(), "of-limit")
	b.ReportMetric(draws/float64(len(exps)), "draws/trial")
	if kept {
		b.ReportMetric(n/modelOnly.Seconds(), "model-only/s")
		b.ReportMetric(modelOnly.Seconds()/model.Seconds(), "walk-gain")
	}
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
