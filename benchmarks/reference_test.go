package benchmarks

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkNaivePlacedDC is a yardstick, not sapper: the obvious
// math/rand/v2 loop of a simpler version of the reference attack (a Placed
// DC, 30 column at +1, against three 4-6-7s), with no leaders, Heat of
// Battle, ELR, Casualty MC or Random Selection by dr, and one tally. It
// runs beside BenchmarkPlacedDCMonteCarlo so that the ratio of the two,
// read from one run, says how sapper's hot loop compares with what a
// first attempt on the same machine does with fewer rules.
func BenchmarkNaivePlacedDC(b *testing.B) {
	const trials = 1_000_000
	r := rand.New(rand.NewPCG(1, 2))
	var cleared [4]uint64
	for b.Loop() {
		naivePlacedDC(r, trials, &cleared)
	}
	b.ReportMetric(float64(trials)*float64(b.N)/b.Elapsed().Seconds(), "trials/s")
	if cleared[0]+cleared[1]+cleared[2]+cleared[3] != uint64(trials*b.N) {
		b.Fatal("lost trials")
	}
}

// naivePlacedDC runs trials of the yardstick loop, tallying into cleared
// how many of the three squads each trial breaks or eliminates.
func naivePlacedDC(r *rand.Rand, trials int, cleared *[4]uint64) {
	// Final DR 3…12 on the 30 column: #KIA, K/#, MC DRM (A7, rules/asl.md §2.1).
	kia := [13]int{3: 3, 4: 2, 5: 1}
	k := [13]int{6: 4}
	mc := [13]int{7: 4, 8: 3, 9: 2, 10: 2, 11: 1, 12: 1}
	dr := func() int { return r.IntN(6) + r.IntN(6) + 2 }
	for range trials {
		orig := dr()
		if orig == 12 {
			cleared[0]++ // malfunction
			continue
		}
		final := orig + 1
		out := 0
		switch {
		case kia[final] > 0:
			out = 3 // the KIA'd eliminated, the others broken
		case k[final] > 0:
			for range 3 { // one squad reduced, all take a MC at +#
				if dr()+k[final] > 7 {
					out++
				}
			}
		default:
			for range 3 {
				if dr()+mc[final] > 7 {
					out++
				}
			}
		}
		cleared[out]++
	}
}
