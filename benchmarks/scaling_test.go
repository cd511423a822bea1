package benchmarks

import (
	"context"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// scaling runs the same Monte Carlo work on one worker and on two, in the
// same process and the same iteration, and reports the speedup of two over
// one. Two workers on two cores should come close to 2×; a figure near 1
// or below means the workers contend for something they should not share
// (a lock, or a cache line written on every trial by both).
func scaling(b *testing.B, exps ...sim.Experiment) {
	const trials = 16 * sim.DefaultChunk
	var one, two time.Duration
	var seed uint64
	run := func(workers int) time.Duration {
		start := time.Now()
		for _, exp := range exps {
			if _, err := sim.RunMC(context.Background(), exp, sim.Config{Trials: trials, Seed: seed, Workers: workers}); err != nil {
				b.Fatal(err)
			}
		}
		return time.Since(start)
	}
	for b.Loop() {
		seed++
		one += run(1)
		two += run(2)
	}
	b.ReportMetric(one.Seconds()/two.Seconds(), "speedup")
	b.ReportMetric(float64(trials*len(exps))*float64(b.N)/two.Seconds(), "trials/s")
}

// BenchmarkScalingPlacedDC is the scaling of the reference Placed DC attack.
func BenchmarkScalingPlacedDC(b *testing.B) { scaling(b, placedVsThree(b)) }

// BenchmarkScalingCompare is the scaling of the default compare job: its
// three runs one after the other, as the command makes them.
func BenchmarkScalingCompare(b *testing.B) { scaling(b, compareDefault(b)...) }

// BenchmarkScalingAFV is the scaling of the reference vehicle attack.
func BenchmarkScalingAFV(b *testing.B) { scaling(b, tigerSide(b)) }

// BenchmarkScalingBuilding is the scaling of the Tide of Iron reference
// attack.
func BenchmarkScalingBuilding(b *testing.B) { scaling(b, areaOnOccupied(b)) }

// BenchmarkScalingActivate is the scaling of the Solitaire ASL reference
// crossing.
func BenchmarkScalingActivate(b *testing.B) { scaling(b, crossing(b, 2, "4-6-7", "leader:8-1")) }

// BenchmarkScalingLHY is the scaling of The Last Hundred Yards reference
// fire attack.
func BenchmarkScalingLHY(b *testing.B) { scaling(b, platoonInTheOpen(b)) }

// BenchmarkScalingFire is the scaling of the reference fire attack.
func BenchmarkScalingFire(b *testing.B) { scaling(b, fireOnStack(b)) }

// BenchmarkScalingPlan is the scaling of the reference plan.
func BenchmarkScalingPlan(b *testing.B) { scaling(b, prepThenPlaced(b)) }
