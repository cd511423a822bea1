package benchmarks

import (
	"context"
	"reflect"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// workloads are the benchmarked Monte Carlo workloads by name.
func workloads(t testing.TB) map[string][]sim.Experiment {
	return map[string][]sim.Experiment{
		"placed dc": {placedVsThree(t)},
		"compare":   compareDefault(t),
		"fire":      {fireOnStack(t)},
		"afv":       {tigerSide(t)},
		"building":  {areaOnOccupied(t)},
		"activate":  {crossing(t, 2, "4-6-7", "leader:8-1")},
		"lhy":       {platoonInTheOpen(t)},
		"plan":      {prepThenPlaced(t)},
	}
}

// TestDiceLimitRecordsTheRun: recording a workload's draws for its dice
// limit leaves its results as they are, so the draws replayed are those
// of the very run measured, whatever the model asks of its source.
func TestDiceLimitRecordsTheRun(t *testing.T) {
	for name, exps := range workloads(t) {
		for i, exp := range exps {
			cfg := sim.Config{Trials: 2*sim.DefaultChunk + 5, Seed: 3, Workers: 1}
			want, err := sim.RunMC(context.Background(), exp, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got, d, err := sim.RecordDraws(context.Background(), exp, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got.Elapsed, want.Elapsed = 0, 0
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, run %d: recording its draws changed its results", name, i)
			}
			if draws, _ := d.PerTrial(); draws < 1 {
				t.Errorf("%s, run %d: %v", name, i, d)
			}
		}
	}
}

// TestHotLoopsDoNotAllocate: each benchmarked workload run over one chunk
// and over four allocates the same (its set-up: workers, trial scratch,
// tallies), so no per-trial loop allocates.
func TestHotLoopsDoNotAllocate(t *testing.T) {
	for name, exps := range workloads(t) {
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
