package sim

import (
	"context"
	"errors"
	"reflect"
	"sync/atomic"
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
		var progress atomic.Uint64
		cfg.Progress = &progress
		got, err := RunMCAll(context.Background(), exps, cfg)
		cfg.Progress = nil
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(exps) {
			t.Fatalf("%d results of %d runs", len(got), len(exps))
		}
		if n := progress.Load(); n != cfg.Trials*uint64(len(exps)) && cfg.Precision == 0 {
			t.Errorf("%+v: progress counted %d trials of %d", cfg, n, cfg.Trials*uint64(len(exps)))
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

// TestBatchRefusesBeforeWork: a batch with one bad experiment runs none,
// and says which it refused.
func TestBatchRefusesBeforeWork(t *testing.T) {
	ran := false
	good := diceExperiment()
	inner := good.New
	good.New = func() Trial { ran = true; return inner() }
	bad := diceExperiment()
	bad.New = nil
	_, err := RunMCAll(context.Background(), []Experiment{good, bad}, Config{Trials: 10})
	var re *RunError
	if !errors.As(err, &re) || re.Run != 1 || ran {
		t.Fatalf("err %v, ran %v; want run 1 refused and nothing run", err, ran)
	}
	if _, err := RunMCAll(context.Background(), []Experiment{good}, Config{Method: "dice"}); err == nil || errors.As(err, &re) || ran {
		t.Fatalf("a bad configuration: err %v, ran %v; want it refused as such", err, ran)
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

// TestInterruptedBatch: a batch cancelled while it runs reports of every
// run the chunks its workers finished, a prefix of its chunks, with the
// figures RunMC gives that many trials; it is complete only if it ran
// them all.
func TestInterruptedBatch(t *testing.T) {
	for _, workers := range []int{1, 2, 3} {
		for _, after := range []int64{1, 2500, 5999, 6000} {
			ctx, cancel := context.WithCancel(context.Background())
			exps := batchExperiments()
			// The first run, which keeps no paths, runs its model on every
			// trial: it cancels the batch after its first `after` trials.
			var calls atomic.Int64
			inner := exps[0].New
			exps[0].New = func() Trial {
				trial := inner()
				return func(src *Source, rec *Record) {
					if calls.Add(1) == after {
						cancel()
					}
					trial(src, rec)
				}
			}
			// The later runs wait for the cancel: on a busy host the other
			// workers could otherwise run all of them while the first
			// run's worker stalls, and nothing would be cut.
			for i := 1; i < len(exps); i++ {
				inner := exps[i].New
				exps[i].New = func() Trial {
					trial := inner()
					return func(src *Source, rec *Record) {
						<-ctx.Done()
						trial(src, rec)
					}
				}
			}
			cfg := Config{Trials: 6_000, Seed: 11, Workers: workers, Chunk: 1000}
			got, err := RunMCAll(ctx, exps, cfg)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			cut := false
			for i, res := range got {
				if i > 0 && res.Trials > 0 && got[i-1].Trials == 0 {
					t.Errorf("-j %d, cancelled after %d: run %d ran %d trials after run %d ran none", workers, after, i, res.Trials, i-1)
				}
				if res.Complete != (res.Trials == cfg.Trials) {
					t.Errorf("-j %d, cancelled after %d: run %d complete %v after %d trials", workers, after, i, res.Complete, res.Trials)
				}
				cut = cut || !res.Complete
				if res.Trials == 0 {
					continue
				}
				alone := cfg
				alone.Trials = res.Trials
				want, err := RunMC(context.Background(), batchExperiments()[i], alone)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(res.Metrics, want.Metrics) {
					t.Errorf("-j %d, cancelled after %d: run %d's %d trials differ from RunMC's", workers, after, i, res.Trials)
				}
			}
			if !cut {
				t.Errorf("-j %d, cancelled after %d: every run complete", workers, after)
			}
		}
	}
}
