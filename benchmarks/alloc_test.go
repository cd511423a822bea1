package benchmarks

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestPlacedDCTrialsDoNotAllocate: the reference Placed DC run over one
// chunk and over four allocates the same (its set-up: workers, trial
// scratch, tallies), so the per-trial loop allocates nothing.
func TestPlacedDCTrialsDoNotAllocate(t *testing.T) {
	exp := placedVsThree(t)
	allocs := func(chunks uint64) float64 {
		return testing.AllocsPerRun(3, func() {
			cfg := sim.Config{Trials: chunks * sim.DefaultChunk, Seed: 1, Workers: 1}
			if _, err := sim.RunMC(context.Background(), exp, cfg); err != nil {
				t.Fatal(err)
			}
		})
	}
	if one, four := allocs(1), allocs(4); four > one {
		t.Errorf("%v allocations over one chunk, %v over four: the trial loop allocates", one, four)
	}
}
