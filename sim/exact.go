package sim

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// RunExact enumerates every path of draws of exp. It returns a
// *BudgetError, and no result, when the paths exceed cfg.MaxPaths, when
// the first paths of every subtree show that they would exceed it eight
// times over (a walk that has met no merged state: the first paths of one
// that has are no guide), or when one draw has more outcomes than it;
// and a *TreeError when a path draws more than MaxDepth times or a draw
// has more than math.MaxInt32 outcomes. It refuses, before any work,
// what Run refuses: a bad configuration or schema.
//
// The subtrees under the first draw's outcomes (the roots) are enumerated
// by the workers in parallel, each summing its own paths in a fixed order;
// the subtree sums are then added in outcome order, so the result is the
// same for any worker count. Each root keeps its own table of merged
// states, capped at its share of cfg.MaxMemory, so the memory of a run
// does not grow with its paths.
func RunExact(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	return runExact(ctx, exp, cfg, exactSlack, nil)
}

// runExact is RunExact on a configuration with its defaults, checked. It
// gives up after the probe when the estimated paths exceed slack times
// the budget. With decided (auto), the probe's estimate is final for a
// walk that merges no states: when it fits, decided is called with it,
// the paths walked and whether the walk merges, and the walk goes on to
// its end, or to the budget, without estimating again. A walk whose
// paths stop on known states is held to auto's bounds from the probe on,
// estimated again after each step until it fits, and not given up on its
// estimate (estimate.go).
func runExact(ctx context.Context, exp Experiment, cfg Config, slack float64, decided func(est float64, walked uint64, merges bool)) (*Result, error) {
	start := time.Now()
	_, size := exp.Schema.layout()
	roots, err := rootsOf(exp, size, cfg)
	if err != nil {
		return nil, err
	}
	// At least a byte: a cap of 0 is none, and a budget too small to
	// share out must still hold each table to the least it can keep.
	tableCap := max(1, cfg.MaxMemory/2/uint64(len(roots)))
	subs := make([]*enumerator, len(roots))
	for r, root := range roots {
		subs[r] = newEnumerator(exp, size)
		subs[r].src.widest = cfg.MaxPaths
		subs[r].start(root)
		if !cfg.NoMerge {
			subs[r].src.mg = newMerger(subs[r], size, tableCap)
		}
		if cfg.Fractions {
			subs[r].ex = newExactSums(size, len(exp.Schema.Metrics))
			if mg := subs[r].src.mg; mg != nil {
				mg.exact, mg.xtotal = true, subs[r].ex.total
			}
		}
	}
	var paths atomic.Uint64

	// Every root walks its first paths, the same ones whatever the worker
	// count, and their coverage estimates the whole walk (estimate.go);
	// then the roots walk on in steps that double their paths, each
	// followed by a sharper estimate, until they are done.
	trials := make([]Trial, running(cfg.Workers))
	limit := max(min(cfg.MaxPaths, probePaths)/uint64(len(roots)), 1)
	draws := max(probeDraws/uint64(len(roots)), 1)
	probed := false
	for ; ; limit, draws = 2*limit, 2*draws {
		for _, s := range subs {
			s.drawLimit = draws
		}
		if err := walkAll(ctx, subs, cfg, &paths, limit, trials); err != nil {
			var be *BudgetError
			if errors.As(err, &be) && be.Estimate == 0 && be.Draw == 0 && !merging(subs) {
				be.Estimate = estimate(roots, subs)
			}
			if be != nil {
				be.Dropped = dropped(subs)
			}
			return nil, err
		}
		if ctx.Err() != nil || allDone(subs) {
			break
		}
		if decided != nil {
			// The estimate of a walk whose paths stop on known states
			// errs by orders of magnitude, either way (estimate.go):
			// auto holds such a walk to its bounds whatever it chose,
			// and walks on one estimated over the budget, to its end or
			// those bounds.
			states, hits := opened(subs)
			merges := hits > 0
			if merges {
				bound := uint64(autoMergedStates)
				if !probed {
					bound = autoOverStates
				}
				pe := &probeError{walked: paths.Load(), draws: drawn(subs), states: states}
				pe.passed = pe.past(bound)
				if pe.passed == "" && !probed && pe.draws >= autoOverDraws {
					budget := float64(cfg.MaxPaths)
					if est := estimate(roots, subs); est > autoOverSlack*budget || est > slack*budget && states >= autoOverStates/2 {
						pe.passed, pe.estimate, pe.budget = grouped(autoOverDraws)+" draws", est, budget
					}
				}
				if pe.passed != "" {
					return nil, pe
				}
			}
			if probed {
				continue
			}
			est := estimate(roots, subs)
			if est > slack*float64(cfg.MaxPaths) {
				if merges {
					continue
				}
				return nil, &BudgetError{Budget: cfg.MaxPaths, Estimate: est, Walked: paths.Load()}
			}
			probed = true
			decided(est, paths.Load(), merges)
			continue
		}
		// A walk that merges states meets more merges the further it
		// goes, so its early estimate errs high, by orders of magnitude
		// on a crossing of several Locations: an exact run then stops
		// only at the budget itself.
		if merging(subs) {
			continue
		}
		est := estimate(roots, subs)
		if est > slack*float64(cfg.MaxPaths) {
			return nil, &BudgetError{Budget: cfg.MaxPaths, Estimate: est, Walked: paths.Load()}
		}
	}

	total := make([]float64, size)
	comp := make([]float64, size)
	// Complete when every root walked to its end, whether or not the run
	// was cancelled as its last path ended.
	complete := true
	for _, s := range subs {
		if s.src.mg != nil && !s.done {
			s.src.mg.drain() // an interrupted walk's open recordings hold paths it walked
		}
		complete = complete && s.done
		for i := range total {
			neumaier(&total[i], &comp[i], s.sum[i]+s.comp[i])
		}
	}
	for i := range total {
		total[i] += comp[i]
	}
	// An interrupted enumeration's sums are lower bounds: no fractions.
	var fr []big.Rat
	note := ""
	if cfg.Fractions {
		if complete {
			fr = fractions(subs, size)
		} else {
			note = NoFractionsInterrupted
		}
	}
	r := &Result{
		Method:     Exact,
		Complete:   complete,
		Paths:      paths.Load(),
		Dropped:    dropped(subs),
		Confidence: cfg.Confidence,
		Metrics:    summarizeWeights(exp.Schema, total, fr, complete),
		Elapsed:    time.Since(start),
		Note:       note,
	}
	r.boundInterrupted()
	return r, nil
}

// NoFractionsInterrupted is the note of an interrupted exact run asked for
// fractions: it gives none.
const NoFractionsInterrupted = "no exact fractions: the enumeration was interrupted, so its figures are lower bounds"

// merging reports whether any root's walk has opened a merged state,
// known or not (every state known was opened first): a walk that
// declares merge points, whose first paths are no guide to the rest.
func merging(subs []*enumerator) bool {
	states, _ := opened(subs)
	return states > 0
}

// opened is how many merged states the roots' walks have opened, and
// how many of their paths stopped on one known.
func opened(subs []*enumerator) (states, hits uint64) {
	for _, e := range subs {
		if e.src.mg != nil {
			states += e.src.mg.opened
			hits += e.src.mg.hits
		}
	}
	return states, hits
}

// dropped is how many merged states the roots' walks dropped from their
// full memos.
func dropped(subs []*enumerator) (n uint64) {
	for _, e := range subs {
		if e.src.mg != nil {
			n += e.src.mg.dropped
		}
	}
	return n
}

// drawn is the draws of the paths the roots have walked.
func drawn(subs []*enumerator) (n uint64) {
	for _, e := range subs {
		n += e.drawnAll
	}
	return n
}

// allDone reports whether every root's walk is over.
func allDone(subs []*enumerator) bool {
	for _, e := range subs {
		if !e.done {
			return false
		}
	}
	return true
}

// maxRoots is the most subtrees a run shares out among its workers: a
// first draw of more outcomes (Intn(1e6)) is walked as one tree, where a
// root each had set up a million enumerators before the budget was
// looked at. The models' first draws have far fewer.
const maxRoots = 4096

// rootsOf runs the first path of exp to learn its first draw, and returns
// one step per outcome of that draw: the roots of the subtrees the
// workers share out. A trial that draws nothing has one root, idx -1.
func rootsOf(exp Experiment, size int, cfg Config) (roots []step, err error) {
	probe := newEnumerator(exp, size)
	probe.trial = exp.trial()
	probe.src.widest = cfg.MaxPaths
	probe.src.begin()
	probe.rec.reset()
	if err := walkStops(func() { probe.trial(probe.src, probe.rec) }); err != nil {
		return nil, err
	}
	probe.record(1) // a trial that leaves a metric unrecorded panics here, on the caller's goroutine
	if len(probe.src.path) > 0 {
		first := probe.src.path[0]
		for i := first.idx; i >= 0; i = first.nextIdx(i) {
			if len(roots) == maxRoots {
				// One subtree, whose walk draws the first draw's
				// outcomes in turn: each root keeps tables of its own.
				return []step{{idx: -1}}, nil
			}
			roots = append(roots, step{idx: i, n: first.n, dist: first.dist})
		}
	}
	if len(roots) == 0 {
		roots = append(roots, step{idx: -1})
	}
	return roots, nil
}

// walkAll walks every root not yet done on the workers, each until it is
// done or, when limit > 0, until it has walked limit paths in all.
//
// trials holds a trial per worker, made on the worker's first root and
// kept from one call to the next (a walk is called once a step), so that
// Experiment.New runs once a worker in a run: a trial is a pure function
// of its draws, whatever it ran before.
func walkAll(ctx context.Context, subs []*enumerator, cfg Config, paths *atomic.Uint64, limit uint64, trials []Trial) error {
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for k := range min(len(trials), len(subs)) {
		g.Go(guardWalk(func() error {
			for {
				r := int(next.Add(1) - 1)
				if r >= len(subs) || gctx.Err() != nil {
					return nil
				}
				if subs[r].done {
					continue
				}
				if trials[k] == nil {
					trials[k] = subs[0].exp.trial()
				}
				subs[r].trial = trials[k]
				if err := subs[r].walk(gctx, paths, cfg, limit); err != nil {
					return err
				}
			}
		}))
	}
	return rethrow(g.Wait())
}

// enumerator walks one subtree of the draw tree. Its sums are written on
// every path, so they and the source are kept off other workers' lines.
type enumerator struct {
	_         gap
	exp       Experiment
	trial     Trial
	src       *Source
	rec       *Record
	offsets   []int
	sum, comp []float64
	// walked counts the paths walked so far, flushed the part of it
	// already added to the run's count; covered is the probability of the
	// paths walked (a merged path standing for its whole subtree), and
	// done is set when the walk is over.
	walked, flushed uint64
	// drawn counts the draws of the paths walked since the last flush,
	// so that a walk of long paths looks at its context as often as one
	// of short paths: every 4096 paths or 2²⁰ draws.
	drawn uint64
	// drawnAll counts the draws of every path walked; a walk stops at
	// drawLimit of them, as at its limit of paths, unless it is 0.
	drawnAll, drawLimit uint64
	covered             float64
	done                bool
	// ex are the exact sums, when the run asks for fractions.
	ex *exactSums
	_  gap
}

func newEnumerator(exp Experiment, size int) *enumerator {
	offsets, _ := exp.Schema.layout()
	return &enumerator{
		exp:     exp,
		src:     newExactSource(),
		rec:     NewRecord(exp.Schema),
		offsets: offsets,
		sum:     isolated[float64](size, 8),
		comp:    isolated[float64](size, 8),
	}
}

// start confines the enumerator to the paths that begin with root
// (root.idx < 0: the whole tree of a trial that never draws).
func (e *enumerator) start(root step) {
	src := e.src
	src.path = src.path[:0]
	src.moved = -1 // nothing to replay yet
	if root.idx >= 0 {
		src.path = append(src.path, root)
		src.floor = 1
	}
}

// walk enumerates the paths of the enumerator's subtree from where it
// stands, until the walk is done or, when limit > 0, until limit paths
// have been walked in all; a later call goes on from there. Every 4096
// paths it adds them to the run's count, which the budget bounds.
func (e *enumerator) walk(ctx context.Context, paths *atomic.Uint64, cfg Config, limit uint64) error {
	if e.trial == nil {
		// Walked on its own: a run's workers each hand theirs to the
		// roots they walk (walkAll), so that New runs once a worker.
		e.trial = e.exp.trial()
	}
	src := e.src
	for !e.done && (limit == 0 || e.walked < limit) && (e.drawLimit == 0 || e.drawnAll < e.drawLimit) {
		if e.walked-e.flushed >= 4096 || e.drawn >= 1<<20 {
			if err := e.flush(paths, cfg); err != nil {
				return err
			}
			// In a browser, where a Cancel waits on the event loop, the
			// run lets it run now and then, as Monte Carlo chunks do.
			betweenChunks()
			if ctx.Err() != nil {
				return nil
			}
		}
		src.begin()
		e.rec.reset()
		e.trial(src, e.rec)
		e.walked++
		e.drawn += uint64(src.depth)
		e.drawnAll += uint64(src.depth)
		e.covered += src.weight
		if src.mg != nil {
			src.mg.finish(src.weight)
			if e.ex != nil {
				if err := src.mg.finishExact(src.path, e.ex); err != nil {
					return err
				}
			}
			src.mg.endPath()
		} else {
			e.record(src.weight)
			if e.ex != nil {
				if err := e.ex.addPath(src.path, e.rec.out, e.offsets); err != nil {
					return err
				}
			}
		}
		if !src.advance() {
			e.done = true
			if src.mg != nil {
				src.mg.release() // its states serve no other subtree
			}
		}
	}
	return e.flush(paths, cfg)
}

// flush adds the paths walked since the last flush to the run's count and
// the progress counter, and fails when the count exceeds the budget.
func (e *enumerator) flush(paths *atomic.Uint64, cfg Config) error {
	d := e.walked - e.flushed
	e.flushed, e.drawn = e.walked, 0
	if cfg.Progress != nil && d > 0 {
		cfg.Progress.Add(d)
	}
	if n := paths.Add(d); n > cfg.MaxPaths {
		return &BudgetError{Budget: cfg.MaxPaths, Walked: n}
	}
	return nil
}

func (e *enumerator) metricName(m int) string { return fmt.Sprintf("%q", e.exp.Schema.Metrics[m].Name) }

// record adds weight w to the outcomes of the trial just run.
func (e *enumerator) record(w float64) {
	for m, k := range e.rec.out {
		if k == unset {
			panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", e.exp.Schema.Metrics[m].Name))
		}
		if n := len(e.exp.Schema.Metrics[m].Labels); int(k) >= n {
			panic(fmt.Sprintf("sim: trial recorded outcome %d of metric %s, which has %d labels", k, e.metricName(m), n))
		}
		i := e.offsets[m] + int(k)
		neumaier(&e.sum[i], &e.comp[i], w)
	}
}

// neumaier adds x to the compensated sum (s, c) (Neumaier 1974): c keeps
// the rounding error of each addition to s. The error is found by Knuth's
// TwoSum, six additions with no branch, which gives exactly the error that
// Neumaier's branch on the larger of |s| and |x| gives (both are the exact
// error of a floating-point addition, which is representable): the sums are
// the same to the bit, and an unpredictable branch is gone from the exact
// engine's hottest loop.
func neumaier(s, c *float64, x float64) {
	t := *s + x
	xv := t - *s
	*c += (*s - (t - xv)) + (x - xv)
	*s = t
}

// nextIdx is the outcome after i of this step's draw, or -1.
func (st step) nextIdx(i int32) int32 {
	if st.dist != nil {
		return int32(st.dist.next(int(i)))
	}
	if i+1 < st.n {
		return i + 1
	}
	return -1
}
