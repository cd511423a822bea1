package sasl

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestTrialDoesNotAllocate: a second chunk of trials costs no more
// allocations than the engine's own per-chunk ones, so a trial allocates
// nothing. The model runs every trial (sim.Config.NoPaths): a walk's graph
// grows as it learns.
func TestTrialDoesNotAllocate(t *testing.T) {
	c := twoSQ(t)
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(trials uint64) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := sim.RunMC(context.Background(), exp, sim.Config{Trials: trials, Workers: 1, Chunk: 4096, NoPaths: true}); err != nil {
				t.Fatal(err)
			}
		})
	}
	one, two := allocs(4096), allocs(8192)
	if two-one > 20 {
		t.Errorf("4096 more trials cost %.0f more allocations", two-one)
	}
}
