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
		workers[i] = newWorker(exp, offsets, size)
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
	// jointOf is each metric's joint, -1 for none; width is each joint's
	// number of metrics; joint[j][c] counts the trials that recorded code
	// c of joint j in the current chunk.
	jointOf []int
	width   []int
	joint   [][]uint64
	_       gap
}

func newWorker(exp Experiment, offsets []int, size int) *worker {
	s := exp.Schema
	w := &worker{
		newTrial: exp.New,
		rec:      newRecord(s),
		offsets:  offsets,
		counts:   isolated[uint64](size, 8),
		schema:   s,
		jointOf:  make([]int, len(s.Metrics)),
	}
	for m := range w.jointOf {
		w.jointOf[m] = -1
	}
	for j, jt := range s.Joints {
		for _, m := range jt.Metrics {
			w.jointOf[m] = j
		}
		w.width = append(w.width, len(jt.Metrics))
		w.joint = append(w.joint, isolated[uint64](len(jt.Rows), 8))
	}
	return w
}

// runChunk runs the n trials of chunk c: the hot loop.
func (w *worker) runChunk(seed, c, n uint64) {
	w.src.reseed(seed, c)
	trial, rec, src, joint, width := w.trial, w.rec, &w.src, w.joint, w.width
	codes, all := rec.code, len(rec.out)
	if len(codes) == 0 {
		w.runDirect(n)
		return
	}
	for range n {
		trial(src, rec)
		if rec.direct {
			w.tallyDirect()
			continue
		}
		covered := 0
		for j, c := range codes {
			if c >= 0 {
				joint[j][c]++
				covered += width[j]
				codes[j] = -1
			}
		}
		if covered != all {
			w.unrecorded()
		}
	}
	w.fold()
	w.trials += n
}

// runDirect is runChunk for an experiment without joints.
func (w *worker) runDirect(n uint64) {
	trial, rec, src, counts, offsets := w.trial, w.rec, &w.src, w.counts, w.offsets
	out := rec.out
	for range n {
		trial(src, rec)
		for m, k := range out {
			if k == unset {
				panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
			}
			counts[offsets[m]+int(k)]++
			out[m] = unset
		}
	}
	w.trials += n
}

// tallyDirect tallies a trial that recorded some metrics with Set, and
// clears its record for the next.
func (w *worker) tallyDirect() {
	rec, counts, offsets := w.rec, w.counts, w.offsets
	codes := rec.code
	for m, k := range rec.out {
		j := w.jointOf[m]
		switch {
		case k == unset:
			if j < 0 || codes[j] < 0 {
				panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
			}
			continue
		case j >= 0 && codes[j] >= 0:
			panic(fmt.Sprintf("sim: trial recorded metric %q both with Set and in a joint", w.schema.Metrics[m].Name))
		}
		counts[offsets[m]+int(k)]++
		rec.out[m] = unset
	}
	for j, c := range codes {
		if c >= 0 {
			w.joint[j][c]++
			codes[j] = -1
		}
	}
	rec.direct = false
}

// unrecorded panics naming the first metric the trial just run left
// without an outcome.
func (w *worker) unrecorded() {
	rec := w.rec
	for m, k := range rec.out {
		if j := w.jointOf[m]; k == unset && (j < 0 || rec.code[j] < 0) {
			panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
		}
	}
	panic("sim: trial recorded no outcome for some metric")
}

// fold spreads the chunk's joint counts over the outcomes their rows give.
func (w *worker) fold() {
	for j, jc := range w.joint {
		jt := &w.schema.Joints[j]
		for c, n := range jc {
			if n == 0 {
				continue
			}
			for t, m := range jt.Metrics {
				w.counts[w.offsets[m]+int(jt.Rows[c][t])] += n
			}
			jc[c] = 0
		}
	}
}
