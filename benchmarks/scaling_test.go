//go:build !js

package benchmarks

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// scaling runs what a command runs on a default run — the experiments
// built from their inputs, then 1,000,000 trials of each — on one worker
// and on two, in the same process and the same iteration, and reports the
// speedup of two over one. Two workers on two cores should come close to
// 2×: a default run is 100 chunks, which two workers split evenly, and
// the set-up, which one worker does alone, takes the rest. Several runs go
// to one pool of workers (sim.RunMCAll), as the command runs them. A
// figure near 1 or below means the workers contend for something they
// should not share (a lock, or a cache line written on every trial by
// both).
//
// It also reports the processor time of the two workers' runs over the
// one worker's (cpu-2/1): the same work, so 1.0 unless the workers slow
// each other down, whatever else the host runs, where the speedup, read
// off the clock, drops as soon as other work takes a core.
func scaling(b *testing.B, build func(testing.TB) []sim.Experiment) {
	const trials = sim.DefaultTrials
	var one, two, cpuOne, cpuTwo time.Duration
	var seed uint64
	run := func(workers int) (time.Duration, time.Duration) {
		start, cpu := time.Now(), cpuTime(b)
		cfg := sim.Config{Trials: trials, Seed: seed, Workers: workers}
		exps := build(b)
		var err error
		if len(exps) == 1 {
			_, err = sim.RunMC(context.Background(), exps[0], cfg)
		} else {
			_, err = sim.RunMCAll(context.Background(), exps, cfg)
		}
		if err != nil {
			b.Fatal(err)
		}
		return time.Since(start), cpuTime(b) - cpu
	}
	for b.Loop() {
		seed++
		w, c := run(1)
		one, cpuOne = one+w, cpuOne+c
		w, c = run(2)
		two, cpuTwo = two+w, cpuTwo+c
	}
	b.ReportMetric(one.Seconds()/two.Seconds(), "speedup")
	b.ReportMetric(cpuTwo.Seconds()/cpuOne.Seconds(), "cpu-2/1")
	b.ReportMetric(float64(trials*len(build(b)))*float64(b.N)/two.Seconds(), "trials/s")
}

// cpuTime is the processor time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// one makes a workload of one experiment a scaling workload.
func one(f func(testing.TB) sim.Experiment) func(testing.TB) []sim.Experiment {
	return func(b testing.TB) []sim.Experiment { return []sim.Experiment{f(b)} }
}

// BenchmarkScalingPlacedDC is the scaling of the reference Placed DC attack.
func BenchmarkScalingPlacedDC(b *testing.B) {
	scaling(b, one(func(b testing.TB) sim.Experiment { return placedVsThree(b) }))
}

// BenchmarkScalingCompare is the scaling of the default compare job: its
// three runs on one pool of workers, as the command runs them.
func BenchmarkScalingCompare(b *testing.B) { scaling(b, compareDefault) }

// BenchmarkScalingAFV is the scaling of the reference vehicle attack.
func BenchmarkScalingAFV(b *testing.B) { scaling(b, one(tigerSide)) }

// BenchmarkScalingBuilding is the scaling of the Tide of Iron reference
// attack.
func BenchmarkScalingBuilding(b *testing.B) { scaling(b, one(areaOnOccupied)) }

// BenchmarkScalingActivate is the scaling of the Solitaire ASL reference
// crossing.
func BenchmarkScalingActivate(b *testing.B) {
	scaling(b, one(func(b testing.TB) sim.Experiment { return crossing(b, 2, "4-6-7", "leader:8-1") }))
}

// BenchmarkScalingLHY is the scaling of The Last Hundred Yards reference
// fire attack.
func BenchmarkScalingLHY(b *testing.B) { scaling(b, one(platoonInTheOpen)) }

// BenchmarkScalingFire is the scaling of the reference fire attack.
func BenchmarkScalingFire(b *testing.B) { scaling(b, one(fireOnStack)) }

// BenchmarkScalingPlan is the scaling of the reference plan.
func BenchmarkScalingPlan(b *testing.B) { scaling(b, one(prepThenPlaced)) }
