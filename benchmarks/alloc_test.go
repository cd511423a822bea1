package benchmarks

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestHotLoopsDoNotAllocate: each benchmarked workload run over one chunk
// and over four allocates the same (its set-up: workers, trial scratch,
// tallies), so no per-trial loop allocates.
func TestHotLoopsDoNotAllocate(t *testing.T) {
	workloads := map[string][]sim.Experiment{
		"placed dc": {placedVsThree(t)},
		"compare":   compareDefault(t),
		"fire":      {fireOnStack(t)},
		"afv":       {tigerSide(t)},
		"building":  {areaOnOccupied(t)},
		"activate":  {crossing(t, 2, "4-6-7", "leader:8-1")},
		"lhy":       {platoonInTheOpen(t)},
	}
	for name, exps := range workloads {
		allocs := func(chunks uint64) float64 {
			return testing.AllocsPerRun(3, func() {
				for _, exp := range exps {
					cfg := sim.Config{Trials: chunks * sim.DefaultChunk, Seed: 1, Workers: 1}
					if _, err := sim.RunMC(context.Background(), exp, cfg); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
		if one, four := allocs(1), allocs(4); four > one {
			t.Errorf("%s: %v allocations over one chunk, %v over four: the trial loop allocates", name, one, four)
		}
	}
}
