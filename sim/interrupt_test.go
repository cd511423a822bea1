package sim

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestInterruptManyWorkers: a run given many more workers than processors
// runs one a processor (running): no more trials are under way at once
// than there are processors, and the run stops soon after its
// interruption, where the scheduler's queue of a thousand preempted
// workers held the cancellation back for seconds. It reports the trials
// it ran as partial.
func TestInterruptManyWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("times an interruption")
	}
	var active, most atomic.Int64
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "odd", Labels: []string{"no", "yes"}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				n := active.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				// about 10 µs of work a trial
				x := uint64(src.Intn(6))
				for i := range uint64(20_000) {
					x = x*6364136223846793005 + i
				}
				rec.Set(0, int(x&1))
				active.Add(-1)
			}
		},
	}
	procs := runtime.GOMAXPROCS(0)
	workers := 64 * procs
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	stopped := make(chan time.Time, 1)
	context.AfterFunc(ctx, func() { stopped <- time.Now() })
	res, err := RunMC(ctx, exp, Config{Trials: 1_000_000_000, Seed: 1, Workers: workers, Chunk: 1000})
	waited := time.Since(<-stopped)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Trials == 0 {
		t.Errorf("interrupted: complete %v after %d trials; want a partial result", res.Complete, res.Trials)
	}
	if m := most.Load(); m > int64(procs) {
		t.Errorf("%d workers on %d processors: %d trials under way at once", workers, procs, m)
	}
	if waited > time.Second {
		t.Errorf("%d workers on %d processors stopped %v after the interruption; want well under a second", workers, procs, waited.Round(time.Millisecond))
	}
	t.Logf("%d workers, %d processors: stopped %v after the interruption, %d trials", workers, procs, waited.Round(time.Millisecond), res.Trials)
}

// TestCancelledAtTheEnd: a run whose context is cancelled as its last
// trial, or its last path, ends has run them all: it is complete, and an
// exact one keeps its fractions.
func TestCancelledAtTheEnd(t *testing.T) {
	const trials = 1000
	for _, method := range []Method{MonteCarlo, Exact} {
		ctx, cancel := context.WithCancel(context.Background())
		var n int
		last := trials
		if method == Exact {
			last = 5 // the probe's first path, then every path of two coin flips
		}
		exp := Experiment{
			Schema: Schema{Metrics: []Metric{{Name: "heads", Labels: []string{"0", "1", "2"}}}},
			New: func() Trial {
				return func(src *Source, rec *Record) {
					rec.Set(0, src.Intn(2)+src.Intn(2))
					if n++; n == last {
						cancel()
					}
				}
			},
		}
		res, err := Run(ctx, exp, Config{Method: method, Trials: trials, Workers: 1, Fractions: method == Exact})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		if !res.Complete || method == Exact && res.Metrics[0].Outcomes[1].Fraction == nil || method == MonteCarlo && res.Trials != trials {
			t.Errorf("%s cancelled as it ended: complete %v, %d trials, fraction %v", method, res.Complete, res.Trials, res.Metrics[0].Outcomes[1].Fraction)
		}
	}
}

// TestPrecisionCancelledInItsLastBatch: a --precision run cancelled while
// the chunks that reach its precision run stops where the run would have
// uncancelled, precision reached, complete: the chunks begun run to
// their end, and are counted in order until the precision is met.
func TestPrecisionCancelledInItsLastBatch(t *testing.T) {
	run := func(cancelAt int) *Result {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var n int
		exp := Experiment{
			Schema: Schema{Metrics: []Metric{{Name: "coin", Labels: []string{"heads", "tails"}}}},
			New: func() Trial {
				return func(src *Source, rec *Record) {
					rec.Set(0, src.Intn(2))
					if n++; n == cancelAt {
						cancel()
					}
				}
			},
		}
		res, err := Run(ctx, exp, Config{Trials: 1_000_000, Chunk: 100, Precision: 0.05, Workers: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	whole := run(0)
	// Chunks of 100 are run 1, 1, 2, 4… at a time: the third batch holds
	// trials 201 to 400.
	cut := run(350)
	if !whole.PrecisionReached || whole.Trials > 400 || whole.Trials <= 200 {
		t.Fatalf("the uncancelled run: %d trials, reached %v; the test wants it to end in the third batch", whole.Trials, whole.PrecisionReached)
	}
	if !cut.Complete || !cut.PrecisionReached || cut.Trials != whole.Trials || cut.Metrics[0].Outcomes[0].Count != whole.Metrics[0].Outcomes[0].Count {
		t.Errorf("cancelled in the batch that reaches the precision: complete %v, reached %v, %d trials; uncancelled %d", cut.Complete, cut.PrecisionReached, cut.Trials, whole.Trials)
	}
}
