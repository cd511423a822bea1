package sim

import (
	"context"
	"reflect"
	"testing"
	"time"
)

// batchExperiments are runs of different shapes and lengths: one that
// keeps no paths, one that keeps them, one whose paths merge.
func batchExperiments() []Experiment {
	kept := pathsExperiment()
	kept.KeepPaths = true
	merged := mergedExperiment()
	merged.KeepPaths = true
	return []Experiment{diceExperiment(), kept, merged, kept}
}

// TestBatchIsEachRunAlone: a batch's results are, but for their Elapsed,
// those of each run by RunMC, for any number of workers, more or fewer
// than the runs.
func TestBatchIsEachRunAlone(t *testing.T) {
	exps := batchExperiments()
	for _, cfg := range []Config{
		{Trials: 30_011, Seed: 5, Workers: 1, Chunk: 1000},
		{Trials: 30_011, Seed: 5, Workers: 2, Chunk: 1000},
		{Trials: 30_011, Seed: 5, Workers: 3, Chunk: 777},
		{Trials: 30_011, Seed: 5, Workers: 8, Chunk: 1000},
		{Trials: 100_000, Seed: 3, Workers: 2, Precision: 0.02},
	} {
		got, err := RunMCAll(context.Background(), exps, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(exps) {
			t.Fatalf("%d results of %d runs", len(got), len(exps))
		}
		var sum time.Duration
		for i, exp := range exps {
			want, err := RunMC(context.Background(), exp, cfg)
			if err != nil {
				t.Fatal(err)
			}
			sum += got[i].Elapsed
			if got[i].Elapsed <= 0 {
				t.Errorf("%+v: run %d: elapsed %v", cfg, i, got[i].Elapsed)
			}
			want.Elapsed, got[i].Elapsed = 0, 0
			if !reflect.DeepEqual(got[i], want) {
				t.Errorf("%+v: run %d in a batch:\n%+v\nalone:\n%+v", cfg, i, got[i], want)
			}
		}
		if sum <= 0 {
			t.Errorf("%+v: the runs' elapsed add up to %v", cfg, sum)
		}
	}
}

// TestBatchRefusesBeforeWork: a batch with one bad experiment runs none.
func TestBatchRefusesBeforeWork(t *testing.T) {
	ran := false
	good := diceExperiment()
	inner := good.New
	good.New = func() Trial { ran = true; return inner() }
	bad := diceExperiment()
	bad.New = nil
	if _, err := RunMCAll(context.Background(), []Experiment{good, bad}, Config{Trials: 10}); err == nil || ran {
		t.Fatalf("err %v, ran %v; want an error and nothing run", err, ran)
	}
}

// TestCancelledBatchIsPartial: a batch interrupted before it began
// returns every run, none complete, none with a trial.
func TestCancelledBatchIsPartial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := RunMCAll(ctx, batchExperiments(), Config{Trials: 1 << 20, Workers: 2})
	if err != nil || len(res) != 4 {
		t.Fatalf("%d results, err %v", len(res), err)
	}
	for i, r := range res {
		if r.Complete || r.Trials != 0 {
			t.Errorf("run %d: complete %v after %d trials", i, r.Complete, r.Trials)
		}
	}
}
