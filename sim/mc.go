package sim

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// RunMC runs exp by Monte Carlo, whatever cfg.Method says (Run reads it).
//
// Trials are cut into chunks of cfg.Chunk; chunk c draws from the stream
// keyed by (cfg.Seed, c). Workers pull chunk indices and tally privately;
// the tallies are integer counts, so their sum is the same whatever worker
// ran which chunk and in whatever order they are added: the result is
// identical for any worker count. With cfg.Precision the run stops at the
// first chunk prefix precise enough, the same prefix for any worker
// count. It refuses, before any
// work, what Run refuses: a bad configuration or schema.
func RunMC(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	return runMC(ctx, exp, cfg)
}

// runMC is RunMC on a configuration with its defaults, checked.
func runMC(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	start := time.Now()
	exp.KeepPaths = exp.KeepPaths && !cfg.NoPaths
	offsets, size := exp.Schema.layout()
	r := newMCRun(cfg)
	r.workers = make([]*worker, running(cfg.Workers))
	for i := range r.workers {
		r.workers[i] = newRunWorker(exp, offsets, size, cfg)
	}
	total := make([]uint64, size)
	var trials uint64
	complete, reached := true, false
	if cfg.Precision > 0 {
		trials, reached = r.runPrecise(ctx, total)
	} else {
		r.runChunks(ctx, 0, r.nChunks, nil)
		for _, w := range r.workers {
			for i, c := range w.counts {
				total[i] += c
			}
			trials += w.trials
		}
	}
	if ctx.Err() != nil {
		// Cancelled as its last trials ended, a run may have run them
		// all, or reached its precision: it is complete all the same.
		complete = trials == cfg.Trials || reached
	}
	res := &Result{
		Method:     MonteCarlo,
		Complete:   complete,
		Trials:     trials,
		Seed:       cfg.Seed,
		Chunk:      cfg.Chunk,
		RNG:        RNGName,
		Confidence: cfg.Confidence,
		Metrics:    summarizeCounts(exp.Schema, total, trials, cfg.Confidence),
		Elapsed:    time.Since(start),
	}
	if cfg.Precision > 0 {
		res.Precision, res.PrecisionReached = cfg.Precision, reached
	}
	return res, nil
}

// mcRun is a Monte Carlo run's chunking and its workers.
type mcRun struct {
	cfg     Config
	chunk   uint64
	nChunks uint64
	workers []*worker
}

// newMCRun is the chunking of a run under cfg, with no workers yet.
func newMCRun(cfg Config) *mcRun {
	chunk := uint64(cfg.Chunk)
	// Not (Trials + chunk − 1)/chunk, which wraps for Trials near 2⁶⁴ and
	// would run no chunk at all.
	n := cfg.Trials / chunk
	if cfg.Trials%chunk != 0 {
		n++
	}
	return &mcRun{cfg: cfg, chunk: chunk, nChunks: n}
}

// chunkTally is the tally of one finished chunk: its counts and its trial
// count, 0 for a chunk not run.
type chunkTally struct {
	counts []uint64
	trials uint64
}

// trialsIn is the number of trials of chunk c: a whole chunk, but for the
// last, which ends at the trial cap.
func (r *mcRun) trialsIn(c uint64) uint64 {
	return min(r.chunk, r.cfg.Trials-c*r.chunk)
}

// runChunks runs chunks [first, last) on the workers, until ctx is
// cancelled. Without slots, each worker adds every chunk it runs to its
// own tally, and a worker that walks its kept paths takes two chunks at a
// time, walking them at once (paths_pair.go). With slots, a worker moves
// each finished chunk's tally into slots[c-first], once per chunk and
// after its trials, so that the caller can add them in chunk order.
//
// A worker that keeps the paths its trials take (paths.go) learns them on
// its own from its first chunk, and writes to no graph but its own: a
// graph shared by the workers, or copied from one to the others, learns
// each path once, but makes every walk step, or the start of every
// worker, cost more than the learning it saves on all but the longest
// learners (benchmarks/README.md, "One graph for a run's workers"). Where
// a job has several runs, they share one pool instead, each worker
// learning runs of its own (RunMCAll).
func (r *mcRun) runChunks(ctx context.Context, first, last uint64, slots []chunkTally) {
	var next atomic.Uint64
	next.Store(first)
	g, gctx := errgroup.WithContext(ctx)
	for _, w := range r.workers {
		g.Go(guard(func() error {
			for gctx.Err() == nil {
				c := next.Add(1) - 1
				if c >= last {
					break
				}
				if w.trial == nil {
					// Made on the worker's own goroutine, so that its
					// scratch comes from that processor's allocation
					// cache, away from the other workers' scratch.
					w.trial = w.newTrial()
				}
				n := r.trialsIn(c)
				if c2, ok := r.second(w, &next, last, slots); ok {
					n2 := r.trialsIn(c2)
					w.runChunkTwo(r.cfg.Seed, c, n, c2, n2)
					n += n2
				} else {
					w.runChunk(r.cfg.Seed, c, n)
					if slots != nil {
						w.moveTo(&slots[c-first])
					}
				}
				if r.cfg.Progress != nil {
					r.cfg.Progress.Add(n)
				}
				betweenChunks()
			}
			return nil
		}))
	}
	mustRun(g.Wait()) // workers fail only by a trial's panic; cancellation is read from ctx
}

// second takes a chunk for w to run beside the one it has taken, if it
// walks two at once (worker.pairs), the run adds every chunk a worker runs
// to its one tally (no slots), and at least two chunks for each worker
// are still untaken: at the run's end the workers take one chunk at a
// time, so that they end together.
func (r *mcRun) second(w *worker, next *atomic.Uint64, last uint64, slots []chunkTally) (uint64, bool) {
	if slots != nil || !w.pairs() || next.Load()+2*uint64(running(r.cfg.Workers)) > last {
		return 0, false
	}
	c := next.Add(1) - 1
	return c, c < last
}

// running is how many workers a run of workers (-j) runs: no more than
// the processors Go may use, as the figures are the same for any number.
// More would take turns by the scheduler, each preempted worker joining
// the queue of goroutines to run, behind which an interrupt, and the
// cancellation it brings, waited ten seconds on two processors while a
// thousand workers ran on; and each would learn its paths in a share of
// the memory of those that ran.
func running(workers int) int {
	return max(1, min(workers, runtime.GOMAXPROCS(0)))
}

// moveTo moves the worker's tally, one chunk's, into t.
func (w *worker) moveTo(t *chunkTally) {
	copy(t.counts, w.counts)
	clear(w.counts)
	t.trials, w.trials = w.trials, 0
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
	// alt is the source of the second of two chunks walked at once
	// (paths_pair.go).
	alt     Source
	offsets []int
	counts  []uint64
	trials  uint64
	schema  Schema
	// jointOf is each metric's joint, -1 for none; direct counts, per
	// joint, the chunk's trials that recorded its metrics with Set instead
	// of a code.
	jointOf []int
	direct  []uint64
	// free: some metric is in no joint, so no trial can do without Set.
	free bool
	// paths is the graph of the paths the worker's trials took, for an
	// experiment that keeps them (paths.go), and judge its account of
	// whether walking it pays (judge.go).
	paths *paths
	judge walkJudge
	_     gap
}

// newRunWorker is a worker of a run under cfg, judged when it keeps its
// paths (judge.go), which it learns for a part of its share of the trials
// when the run's length is known (learnShare).
func newRunWorker(exp Experiment, offsets []int, size int, cfg Config) *worker {
	w := newWorker(exp, offsets, size, running(cfg.Workers))
	if exp.KeepPaths {
		w.judge = newJudge(cfg)
		if cfg.Precision == 0 {
			w.paths.learning = cfg.Trials / uint64(running(cfg.Workers)) / learnShare
		}
	}
	return w
}

func newWorker(exp Experiment, offsets []int, size, workers int) *worker {
	s := exp.Schema
	w := &worker{
		newTrial: exp.trial,
		rec:      newRecord(s),
		offsets:  offsets,
		counts:   isolated[uint64](size, 8),
		schema:   s,
		jointOf:  make([]int, len(s.Metrics)),
		direct:   make([]uint64, len(s.Joints)),
	}
	for m := range w.jointOf {
		w.jointOf[m] = -1
	}
	if exp.KeepPaths {
		w.paths = newPaths(len(s.Metrics), workers)
	}
	for j, jt := range s.Joints {
		for _, m := range jt.Metrics {
			w.jointOf[m] = j
		}
	}
	for _, j := range w.jointOf {
		w.free = w.free || j < 0
	}
	return w
}

// runChunk runs the n trials of chunk c (chunk), naming an outcome past
// its metric's labels should the chunk end in a panic (pastLabels).
func (w *worker) runChunk(seed, c, n uint64) {
	ran := false
	defer func() {
		if !ran {
			w.pastLabels()
		}
	}()
	w.chunk(seed, c, n)
	ran = true
}

// runChunkTwo is runChunk for chunks c1 and c2 at once (chunkTwo).
func (w *worker) runChunkTwo(seed, c1, n1, c2, n2 uint64) {
	ran := false
	defer func() {
		if !ran {
			w.pastLabels()
		}
	}()
	w.chunkTwo(seed, c1, n1, c2, n2)
	ran = true
}

// chunk runs the n trials of chunk c, walking the worker's kept paths
// where it has them (paths.go) and it pays (judge.go), else on the model.
func (w *worker) chunk(seed, c, n uint64) {
	w.src.reseed(seed, c)
	if w.paths == nil {
		w.runModel(n)
		return
	}
	// The trials of a chunk come one after another from its stream, so
	// the model may run some and the walk the rest: the same draws, the
	// same outcomes.
	var done uint64
	if w.judge.probing() {
		done = w.probe(n)
	}
	done += w.runPaths(n - done)
	if done < n {
		w.runModel(n - done)
	}
}

// probe runs the model on the chunk's first trials, up to n, a block at a
// time, until the judge knows the model's time (judge.go), and returns
// how many it ran: a chunk shorter than the probe leaves the rest of it to
// the next.
func (w *worker) probe(n uint64) uint64 {
	var done uint64
	for done < n && w.judge.probing() {
		k := min(probeBlock, n-done)
		w.runModel(k)
		w.judge.probed(k)
		done += k
	}
	return done
}

// runModel runs the next n trials of the chunk on the model: the hot
// loop. A trial that records only joints has had its codes counted by
// Record.SetJoint, and costs the loop nothing more; that every trial
// recorded every metric once is checked on the trials' totals (fold,
// checkTotals).
func (w *worker) runModel(n uint64) {
	trial, rec, src, free := w.trial, w.rec, &w.src, w.free
	if len(w.direct) == 0 {
		w.runDirect(n)
		return
	}
	for range n {
		src.topUp()
		trial(src, rec)
		if rec.direct {
			w.tallyDirect()
		} else if free {
			w.unrecorded()
		}
	}
	w.fold(n)
	w.trials += n
	w.checkTotals()
}

// runDirect is runChunk for an experiment without joints.
func (w *worker) runDirect(n uint64) {
	trial, rec, src, counts, offsets := w.trial, w.rec, &w.src, w.counts, w.offsets
	out := rec.out
	for range n {
		src.topUp()
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
	w.checkTotals()
}

// tallyDirect tallies a trial that recorded some metrics with Set, and
// clears its record for the next. A metric of a joint that the trial did
// not Set is taken to be in the joint's code; fold checks that it was.
func (w *worker) tallyDirect() {
	rec, counts, offsets := w.rec, w.counts, w.offsets
	var direct uint64 // joints whose metrics were Set
	for m, k := range rec.out {
		j := w.jointOf[m]
		switch {
		case k == unset:
			if j < 0 {
				panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
			}
			continue
		case j >= 0:
			direct |= 1 << j
		}
		counts[offsets[m]+int(k)]++
		rec.out[m] = unset
	}
	for j := range w.direct {
		if direct&(1<<j) != 0 {
			w.direct[j]++
		}
	}
	rec.direct = false
}

// unrecorded panics naming the first metric outside every joint: a trial
// that recorded only joints left it without an outcome.
func (w *worker) unrecorded() {
	for m, j := range w.jointOf {
		if j < 0 {
			panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
		}
	}
	panic("sim: trial recorded no outcome for some metric")
}

// fold spreads the chunk's joint counts over the outcomes their rows
// give. Every one of the chunk's n trials recorded each joint once, by
// code or metric by metric: any other count means a trial recorded a joint
// twice, both ways, or not at all.
func (w *worker) fold(n uint64) {
	for j, jc := range w.rec.tally {
		jt := &w.schema.Joints[j]
		sum := w.direct[j]
		for c, k := range jc {
			if k == 0 {
				continue
			}
			sum += k
			for t, m := range jt.Metrics {
				w.counts[w.offsets[m]+int(jt.Rows[c][t])] += k
			}
			jc[c] = 0
		}
		if sum != n {
			panic(fmt.Sprintf("sim: %d trials recorded the joint of metric %q %d times, by code or with Set",
				n, w.schema.Metrics[jt.Metrics[0]].Name, sum))
		}
		w.direct[j] = 0
	}
}

// pastLabels panics naming the metric and the outcome when the panic the
// chunk is ending in may be a hot loop's index past the counts: an
// outcome past a metric's labels that no count holds, which checkTotals
// would name had it been counted. It runs while the panic unwinds, so the
// first panic and its stack are kept beneath this one; a panic with no
// such outcome in the record goes on as it was.
func (w *worker) pastLabels() {
	outs := [][]uint16{w.rec.out}
	if w.paths != nil {
		outs = append(outs, w.paths.whole)
	}
	for _, out := range outs {
		for m, k := range out {
			if n := len(w.schema.Metrics[m].Labels); k != unset && int(k) >= n {
				panic(fmt.Sprintf("sim: trial recorded outcome %d of metric %q, which has %d labels", k, w.schema.Metrics[m].Name, n))
			}
		}
	}
}

// checkTotals panics unless every metric has one outcome per trial run: a
// trial that Set some metrics of a joint and left the others to no code
// would leave them short, and an outcome past a metric's labels, which
// the hot loops count without looking, is counted as the next metric's
// (or past the counts), leaving its own short. It runs once a chunk.
func (w *worker) checkTotals() {
	for m, metric := range w.schema.Metrics {
		var sum uint64
		for _, k := range w.counts[w.offsets[m] : w.offsets[m]+len(metric.Labels)] {
			sum += k
		}
		if sum != w.trials {
			panic(fmt.Sprintf("sim: %d trials recorded %d outcomes of metric %q, which has %d labels: "+
				"a trial recorded an outcome past a metric's labels, or left a joint's metric to no code",
				w.trials, sum, metric.Name, len(metric.Labels)))
		}
	}
}
