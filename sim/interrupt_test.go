package sim

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// TestStopBlock: a worker looks at the stop flag once a chunk while each
// has a processor, and more often as more workers share them, never below
// minStopBlock trials but for a shorter chunk.
func TestStopBlock(t *testing.T) {
	for _, c := range []struct {
		chunk          uint64
		workers, procs int
		want           uint64
	}{
		{10_000, 1, 2, 10_000},
		{10_000, 2, 2, 10_000},
		{10_000, 8, 2, 2_500},
		{10_000, 1024, 2, minStopBlock},
		{100, 1024, 2, 100},
	} {
		if got := stopBlock(c.chunk, c.workers, c.procs); got != c.want {
			t.Errorf("stopBlock(%d, %d, %d) = %d, want %d", c.chunk, c.workers, c.procs, got, c.want)
		}
	}
}

// TestInterruptManyWorkers: a run on many more workers than processors
// stops soon after its interruption, not once every chunk its workers
// have begun is done (each of these chunks takes some 100 ms of one
// processor, 128 of them some seconds of two), and reports the trials it
// ran as partial.
func TestInterruptManyWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("times an interruption")
	}
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "odd", Labels: []string{"no", "yes"}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				// about 10 µs of work a trial
				x := uint64(src.Intn(6))
				for i := range uint64(20_000) {
					x = x*6364136223846793005 + i
				}
				rec.Set(0, int(x&1))
			}
		},
	}
	workers := 64 * runtime.GOMAXPROCS(0)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	stopped := make(chan time.Time, 1)
	context.AfterFunc(ctx, func() { stopped <- time.Now() })
	res, err := RunMC(ctx, exp, Config{Trials: 1_000_000_000, Seed: 1, Workers: workers, Chunk: DefaultChunk})
	waited := time.Since(<-stopped)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Trials == 0 {
		t.Errorf("interrupted: complete %v after %d trials; want a partial result", res.Complete, res.Trials)
	}
	if waited > 2*time.Second {
		t.Errorf("%d workers on %d processors stopped %v after the interruption; want well under 2 s", workers, runtime.GOMAXPROCS(0), waited.Round(time.Millisecond))
	}
	t.Logf("%d workers, %d processors: stopped %v after the interruption, %d trials", workers, runtime.GOMAXPROCS(0), waited.Round(time.Millisecond), res.Trials)
}
