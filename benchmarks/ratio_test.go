package benchmarks

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// minHotLoopRatio is the least ratio of the reference attack's Monte Carlo
// rate to the naive yardstick's that CI accepts. It measured about 1.9
// when it was set: a drop below 1.5 is a real slowdown of the hot loop,
// not the noise of a busy host, which slows both loops alike.
const minHotLoopRatio = 1.5

// hotLoopRounds is how many times each loop is timed, alternating, so that
// a stretch of host noise slows both; the best of each is compared.
const hotLoopRounds = 7

// hotLoopTrials is the trials of one timing: about a tenth of a second of
// each loop, long enough to hide the set-up of a run.
const hotLoopTrials = 5_000_000

// BenchmarkHotLoopRatio times the reference attack (as
// BenchmarkPlacedDCMonteCarlo, one worker) and the naive yardstick (as
// BenchmarkNaivePlacedDC) alternately in one process, best of
// hotLoopRounds each, reports both rates and their ratio, and fails when
// the ratio is below minHotLoopRatio. A rate read from one run against
// another's on the same machine is what CI can hold: absolute rates move
// with the host.
func BenchmarkHotLoopRatio(b *testing.B) {
	exp := placedVsThree(b)
	r := rand.New(rand.NewPCG(1, 2))
	var cleared [4]uint64
	rate := func(run func()) float64 {
		start := time.Now()
		run()
		return hotLoopTrials / time.Since(start).Seconds()
	}
	var best, naive float64
	var seed uint64
	for b.Loop() {
		for range hotLoopRounds {
			seed++
			best = max(best, rate(func() {
				cfg := sim.Config{Trials: hotLoopTrials, Seed: seed, Workers: 1}
				if _, err := sim.RunMC(context.Background(), exp, cfg); err != nil {
					b.Fatal(err)
				}
			}))
			naive = max(naive, rate(func() { naivePlacedDC(r, hotLoopTrials, &cleared) }))
		}
	}
	ratio := best / naive
	b.ReportMetric(best, "trials/s")
	b.ReportMetric(naive, "naive-trials/s")
	b.ReportMetric(ratio, "ratio")
	if ratio < minHotLoopRatio {
		b.Fatalf("the reference attack runs %.3g trials/s, %.2f× the naive yardstick's %.3g: below the %.1f× CI holds it to", best, ratio, naive, minHotLoopRatio)
	}
}
