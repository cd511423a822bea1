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
// tallies), so no per-trial loop allocates. The model's own trial is
// measured: a walk of kept paths runs it on a path not walked before, and
// then grows its graph, a cost bounded by the graph's size; the walk itself
// allocates nothing (sim's TestWalkDoesNotAllocate).
func TestHotLoopsDoNotAllocate(t *testing.T) {
	for name, exps := range workloads(t) {
		allocs := func(chunks uint64) float64 {
			return testing.AllocsPerRun(3, func() {
				for _, exp := range exps {
					exp.KeepPaths = false
					cfg := sim.Config{Trials: chunks * sim.DefaultChunk, Seed: 1, Workers: 1}
					if _, err := sim.RunMC(context.Background(), exp, cfg); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
		// A trial loop that allocates does so tens of thousands of times
		// over three more chunks. A run's own set-up may count one
		// allocation more or less from run to run: the runtime packs
		// small ones together per processor, and how many blocks a run
		// opens depends on where its goroutines ran.
		if one, four := allocs(1), allocs(4); four > one+2 {
			t.Errorf("%s: %v allocations over one chunk, %v over four: the trial loop allocates", name, one, four)
		}
	}
}

// TestKeptPathsAreTheModel: every workload that keeps its paths gives,
// walking them, the results of running its model on every trial, to the
// byte, on one worker and on two (sim.Experiment.KeepPaths).
func TestKeptPathsAreTheModel(t *testing.T) {
	kept := 0
	for name, exps := range workloads(t) {
		for i, exp := range exps {
			if !exp.KeepPaths {
				continue
			}
			kept++
			for _, workers := range []int{1, 2} {
				cfg := sim.Config{Trials: 3*sim.DefaultChunk + 7, Seed: 5, Workers: workers}
				got, err := sim.RunMC(context.Background(), exp, cfg)
				if err != nil {
					t.Fatal(err)
				}
				exp.KeepPaths = false
				want, err := sim.RunMC(context.Background(), exp, cfg)
				exp.KeepPaths = true
				if err != nil {
					t.Fatal(err)
				}
				got.Elapsed, want.Elapsed = 0, 0
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, run %d, %d workers: walking the kept paths changed the results", name, i, workers)
				}
			}
		}
	}
	if kept < 6 {
		t.Errorf("%d workloads keep their paths, want at least 6", kept)
	}
}
