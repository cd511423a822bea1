package sim

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// RunMC runs exp by Monte Carlo.
//
// Trials are cut into chunks of cfg.Chunk; chunk c draws from the stream
// keyed by (cfg.Seed, c). Workers pull chunk indices and tally privately;
// the tallies are integer counts, so their sum is the same whatever worker
// ran which chunk and in whatever order they are added: the result is
// identical for any worker count.
func RunMC(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	start := time.Now()
	offsets, size := exp.Schema.layout()
	chunk := uint64(cfg.Chunk)
	nChunks := (cfg.Trials + chunk - 1) / chunk
	batch := nChunks
	if cfg.Precision > 0 {
		batch = batchChunks
	}

	workers := make([]*worker, cfg.Workers)
	for i := range workers {
		workers[i] = &worker{
			newTrial: exp.New,
			rec:      newRecord(len(exp.Schema.Metrics)),
			offsets:  offsets,
			counts:   isolated[uint64](size, 8),
			schema:   exp.Schema,
		}
	}
	total := make([]uint64, size)
	var trials uint64
	complete := true
	var summary []MetricSummary

	for first := uint64(0); first < nChunks; first += batch {
		last := min(first+batch, nChunks)
		var next atomic.Uint64
		next.Store(first)
		g, gctx := errgroup.WithContext(ctx)
		for _, w := range workers {
			g.Go(func() error {
				if w.trial == nil {
					// Made on the worker's own goroutine, so that its
					// scratch comes from that processor's allocation
					// cache, away from the other workers' scratch.
					w.trial = w.newTrial()
				}
				for gctx.Err() == nil {
					c := next.Add(1) - 1
					if c >= last {
						return nil
					}
					n := min(chunk, cfg.Trials-c*chunk)
					w.runChunk(cfg.Seed, c, n)
					if cfg.Progress != nil {
						cfg.Progress.Add(n)
					}
				}
				return nil
			})
		}
		_ = g.Wait() // workers never fail; cancellation is read from ctx below
		for _, w := range workers {
			for i, c := range w.counts {
				total[i] += c
				w.counts[i] = 0
			}
			trials += w.trials
			w.trials = 0
		}
		if ctx.Err() != nil {
			complete = false
			break
		}
		if cfg.Precision > 0 {
			summary = summarizeCounts(exp.Schema, total, trials, cfg.Confidence)
			r := Result{Metrics: summary}
			if r.MaxHalfWidth() <= cfg.Precision {
				break
			}
		}
	}
	if summary == nil || !complete {
		summary = summarizeCounts(exp.Schema, total, trials, cfg.Confidence)
	}
	return &Result{
		Method:     MonteCarlo,
		Complete:   complete,
		Trials:     trials,
		Seed:       cfg.Seed,
		Chunk:      cfg.Chunk,
		RNG:        RNGName,
		Confidence: cfg.Confidence,
		Metrics:    summary,
		Elapsed:    time.Since(start),
	}, nil
}

// worker owns one trial closure and a private tally. The gaps keep the
// generator state, which every draw writes, off the cache lines of any
// other worker's struct.
type worker struct {
	_        gap
	newTrial func() Trial
	trial    Trial
	rec      *Record
	src      Source
	offsets  []int
	counts   []uint64
	trials   uint64
	schema   Schema
	_        gap
}

// runChunk runs the n trials of chunk c: the hot loop.
func (w *worker) runChunk(seed, c, n uint64) {
	w.src.reseed(seed, c)
	trial, rec, src, counts, offsets := w.trial, w.rec, &w.src, w.counts, w.offsets
	out := rec.out
	for range n {
		for i := range out {
			out[i] = unset
		}
		trial(src, rec)
		for m, k := range out {
			if k == unset {
				panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
			}
			counts[offsets[m]+int(k)]++
		}
	}
	w.trials += n
}
