package sim

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// RunMCAll runs each of exps by Monte Carlo on one pool of cfg.Workers
// workers. Result i has the figures of RunMC(ctx, exps[i], cfg) to the
// byte: chunk c of every run draws from the stream keyed by (cfg.Seed, c),
// whichever worker runs it. Its Complete says whether it ran every trial,
// and its Elapsed is its share of the pool's time (below).
//
// One pool rather than one run after another, because a worker that keeps
// paths (Experiment.KeepPaths) learns them from its first chunk of a run: run in turn
// on two workers, every run is learnt twice, and the default compare's
// two workers spent 6% more processor time than one. Here a worker claims
// a run no worker has started, runs it to its end, and claims the next;
// only when every run has been claimed does it join the run with the
// most chunks left. Two workers learn twice only the runs they finish
// together.
//
// A run's Elapsed is its share of the pool's wall time, in proportion to
// the time its chunks took, so that the runs' Elapsed add up to the
// pool's. With cfg.Precision the runs go one after another, each stopped
// by its own precision (RunMC). An interrupted batch (ctx cancelled)
// returns every run's result, Complete false for those it cut short: a
// run once begun runs at least one chunk, so the runs with trials come
// first, and those after them have none. It refuses, before any work, a
// configuration RunMC refuses, and an experiment RunMC refuses with a
// *RunError naming it.
func RunMCAll(ctx context.Context, exps []Experiment, cfg Config) ([]*Result, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	for i, exp := range exps {
		if err := check(exp, cfg); err != nil {
			return nil, &RunError{Run: i, Err: err}
		}
	}
	if cfg.Precision > 0 {
		out := make([]*Result, len(exps))
		for i, exp := range exps {
			res, err := runMC(ctx, exp, cfg)
			if err != nil {
				return nil, err
			}
			out[i] = res
		}
		return out, nil
	}
	start := time.Now()
	runs := make([]*pooledRun, len(exps))
	for i, exp := range exps {
		runs[i] = newPooledRun(exp, cfg)
	}
	var claimed atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for range running(cfg.Workers) {
		g.Go(guard(func() error {
			for gctx.Err() == nil {
				r := claim(runs, &claimed)
				if r == nil {
					break
				}
				r.work(gctx)
			}
			return nil
		}))
	}
	mustRun(g.Wait()) // workers fail only by a trial's panic; cancellation is read from ctx
	wall := time.Since(start)
	var busy time.Duration
	for _, r := range runs {
		busy += r.busy
	}
	out := make([]*Result, len(runs))
	for i, r := range runs {
		res := &Result{
			Method:     MonteCarlo,
			Complete:   r.trials == cfg.Trials,
			Trials:     r.trials,
			Seed:       cfg.Seed,
			Chunk:      cfg.Chunk,
			RNG:        RNGName,
			Confidence: cfg.Confidence,
			Metrics:    summarizeCounts(r.exp.Schema, r.total, r.trials, cfg.Confidence),
		}
		if busy > 0 {
			res.Elapsed = time.Duration(float64(wall) * float64(r.busy) / float64(busy))
		}
		out[i] = res
	}
	return out, nil
}

// claim is the run a worker goes to next: the first run no worker has
// claimed, else the one with the most chunks left, nil when none has any.
func claim(runs []*pooledRun, claimed *atomic.Int64) *pooledRun {
	if i := claimed.Add(1) - 1; i < int64(len(runs)) {
		return runs[i]
	}
	var best *pooledRun
	var most uint64
	for _, r := range runs {
		if left := r.left(); left > most {
			best, most = r, left
		}
	}
	return best
}

// pooledRun is one run of a batch: its chunking, the chunk its workers
// take next, and the tally they leave it.
type pooledRun struct {
	exp     Experiment
	mc      *mcRun
	offsets []int
	size    int
	next    atomic.Uint64

	mu     sync.Mutex
	total  []uint64
	trials uint64
	// busy is the time its chunks took, summed over its workers.
	busy time.Duration
}

func newPooledRun(exp Experiment, cfg Config) *pooledRun {
	exp.KeepPaths = exp.KeepPaths && !cfg.NoPaths
	offsets, size := exp.Schema.layout()
	return &pooledRun{
		exp:     exp,
		mc:      newMCRun(cfg),
		offsets: offsets,
		size:    size,
		total:   make([]uint64, size),
	}
}

// left is how many of r's chunks no worker has taken.
func (r *pooledRun) left() uint64 {
	n := r.next.Load()
	if n >= r.mc.nChunks {
		return 0
	}
	return r.mc.nChunks - n
}

// work runs chunks of r until none is left or ctx is cancelled, the
// run's first whatever ctx says, on a
// worker of its own, made on the calling goroutine (runChunks says why)
// only once it has a chunk to run, and adds its tally to r's. The
// worker, and the paths it learnt, are dropped with it: a worker keeps
// the graph of one run at a time.
func (r *pooledRun) work(ctx context.Context) {
	cfg := r.mc.cfg
	var w *worker
	var busy time.Duration
	for {
		// The run's first chunk whatever ctx says: the runs are claimed
		// in order, so the runs with trials are then a prefix of the
		// batch. A worker that would join a run already begun stops.
		if ctx.Err() != nil && r.next.Load() > 0 {
			break
		}
		c := r.next.Add(1) - 1
		if c >= r.mc.nChunks {
			break
		}
		if w == nil {
			w = newRunWorker(r.exp, r.offsets, r.size, cfg)
			w.trial = w.newTrial()
		}
		n := r.mc.trialsIn(c)
		t0 := time.Now()
		if c2, ok := r.mc.second(w, &r.next, r.mc.nChunks, nil); ok {
			n2 := r.mc.trialsIn(c2)
			w.runChunkTwo(cfg.Seed, c, n, c2, n2)
			n += n2
		} else {
			w.runChunk(cfg.Seed, c, n)
		}
		busy += time.Since(t0)
		if cfg.Progress != nil {
			cfg.Progress.Add(n)
		}
		betweenChunks()
	}
	if w == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, c := range w.counts {
		r.total[i] += c
	}
	r.trials += w.trials
	r.busy += busy
}

// RunError is RunMCAll's refusal of one of its experiments.
type RunError struct {
	// Run is the experiment's index.
	Run int
	Err error
}

func (e *RunError) Error() string { return fmt.Sprintf("sim: run %d: %v", e.Run, e.Err) }

func (e *RunError) Unwrap() error { return e.Err }
