package sim

import (
	"context"
	"reflect"
	"testing"
)

// TestPrecisionStop: a precision-stopped run stops at the first chunk
// prefix whose intervals are all within the precision, or at the trial
// cap, saying which; it gives the same result for any worker count, and
// the same figures as a plain run of the trials it stopped at.
func TestPrecisionStop(t *testing.T) {
	cases := []struct {
		name      string
		cfg       Config
		reached   bool
		wantTrial uint64 // 0: not fixed by the case
	}{
		// 33 chunks of 4096: a boundary that a batch of 16 chunks would
		// have overshot to 48.
		{"fine boundary", Config{Precision: 0.002, Trials: 1 << 30, Chunk: 4096}, true, 0},
		{"first chunk", Config{Precision: 0.2, Trials: 1 << 30, Chunk: 4096}, true, 4096},
		// The default chunk: three chunks of 10,000 trials where the
		// batches of 16 chunks ran 160,000.
		{"default chunk", Config{Precision: 0.005, Trials: 1 << 30}, true, 30_000},
		{"at 99.9%", Config{Precision: 0.003, Confidence: 0.999, Trials: 1 << 30, Chunk: 8192}, true, 0},
		// 10,000 = 2·4096 + 1808: the cap ends inside a chunk.
		{"cap first", Config{Precision: 0.002, Trials: 10_000, Chunk: 4096}, false, 10_000},
		{"cap on a chunk", Config{Precision: 0.002, Trials: 3 * 4096, Chunk: 4096}, false, 3 * 4096},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var ref *Result
			for _, j := range []int{1, 2, 3, 7} {
				cfg := tc.cfg
				cfg.Seed, cfg.Workers = 3, j
				res, err := Run(context.Background(), diceExperiment(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				res.Elapsed = 0
				if ref == nil {
					ref = res
				} else if !reflect.DeepEqual(ref, res) {
					t.Fatalf("-j %d: %d trials, -j 1: %d; the results differ", j, res.Trials, ref.Trials)
				}
			}
			cfg := tc.cfg.withDefaults()
			w := ref.MaxHalfWidth()
			switch {
			case !ref.Complete || ref.Precision != cfg.Precision || ref.PrecisionReached != tc.reached:
				t.Fatalf("complete %v, precision %v reached %v; want true, %v, %v",
					ref.Complete, ref.Precision, ref.PrecisionReached, cfg.Precision, tc.reached)
			case tc.reached && w > cfg.Precision:
				t.Errorf("reached, yet the widest half-width is %v > %v", w, cfg.Precision)
			case !tc.reached && w <= cfg.Precision:
				t.Errorf("not reached, yet the widest half-width is %v ≤ %v", w, cfg.Precision)
			case !tc.reached && ref.Trials != cfg.Trials:
				t.Errorf("not reached after %d trials; want the cap, %d", ref.Trials, cfg.Trials)
			case tc.wantTrial != 0 && ref.Trials != tc.wantTrial:
				t.Errorf("stopped after %d trials; want %d", ref.Trials, tc.wantTrial)
			case tc.reached && ref.Trials%uint64(cfg.Chunk) != 0:
				t.Errorf("stopped after %d trials, off a %d-trial chunk boundary", ref.Trials, cfg.Chunk)
			}
			// The same figures as a plain run of as many trials.
			plain := cfg
			plain.Precision, plain.Trials, plain.Seed = 0, ref.Trials, 3
			p, err := Run(context.Background(), diceExperiment(), plain)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(p.Metrics, ref.Metrics) {
				t.Errorf("the figures differ from a plain run of %d trials", ref.Trials)
			}
			// The prefix one chunk shorter was not precise enough.
			if tc.reached && ref.Trials > uint64(cfg.Chunk) {
				plain.Trials = ref.Trials - uint64(cfg.Chunk)
				p, err := Run(context.Background(), diceExperiment(), plain)
				if err != nil {
					t.Fatal(err)
				}
				if w := p.MaxHalfWidth(); w <= cfg.Precision {
					t.Errorf("%d trials were precise enough (±%v), yet the run went on to %d", plain.Trials, w, ref.Trials)
				}
			}
		})
	}
}

// TestPrecisionExact: an exact result, by --method exact or auto, has no
// sampling error and reaches any precision asked; a run that asks none
// records none.
func TestPrecisionExact(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		want float64
	}{
		{"exact", Config{Method: Exact, Precision: 0.01}, 0.01},
		{"auto within budget", Config{Method: Auto, Precision: 0.01}, 0.01},
		{"no precision", Config{Method: Exact}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), diceExperiment(), tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if res.Method != Exact || res.Precision != tc.want || res.PrecisionReached != (tc.want > 0) {
				t.Errorf("method %v, precision %v reached %v; want exact, %v, %v",
					res.Method, res.Precision, res.PrecisionReached, tc.want, tc.want > 0)
			}
		})
	}
}

// TestNoPrecisionNoRecord: a run without a precision records none, and
// reaching is not claimed.
func TestNoPrecisionNoRecord(t *testing.T) {
	res, err := Run(context.Background(), diceExperiment(), Config{Trials: 5000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Precision != 0 || res.PrecisionReached {
		t.Errorf("precision %v reached %v; want 0, false", res.Precision, res.PrecisionReached)
	}
}

// TestPrecisionInterrupted: an interrupted precision run is partial and
// has not reached its precision.
func TestPrecisionInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, diceExperiment(), Config{Trials: 1 << 30, Precision: 0.2, Chunk: 4096})
	if err != nil || res.Complete || res.PrecisionReached || res.Precision != 0.2 {
		t.Fatalf("complete %v, precision %v reached %v, err %v; want false, 0.2, false, nil",
			res.Complete, res.Precision, res.PrecisionReached, err)
	}
}
