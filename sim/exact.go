package sim

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// RunExact enumerates every path of draws of exp. It returns a
// *BudgetError, and no result, when the paths exceed cfg.MaxPaths.
//
// The subtrees under the first draw's outcomes are enumerated by the
// workers in parallel, each summing its own paths in a fixed order; the
// subtree sums are then added in outcome order, so the result is the same
// for any worker count. It refuses, before any work, what Run refuses: a
// bad configuration or schema.
func RunExact(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	return runExact(ctx, exp, cfg)
}

// runExact is RunExact on a configuration with its defaults, checked.
func runExact(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
	start := time.Now()
	_, size := exp.Schema.layout()

	// The first path tells what the first draw is.
	probe := newEnumerator(exp, size)
	probe.src.begin()
	probe.rec.reset()
	probe.trial(probe.src, probe.rec)
	probe.record(1)
	var roots []step
	if len(probe.src.path) > 0 {
		first := probe.src.path[0]
		for i := first.idx; i >= 0; i = first.nextIdx(i) {
			roots = append(roots, step{idx: i, n: first.n, dist: first.dist})
		}
	}
	if len(roots) == 0 { // a trial that draws nothing has one path
		roots = append(roots, step{idx: -1})
	}

	sums := make([]*enumerator, len(roots))
	var next atomic.Int64
	var paths atomic.Uint64
	g, gctx := errgroup.WithContext(ctx)
	for range min(cfg.Workers, len(roots)) {
		g.Go(func() error {
			e := newEnumerator(exp, size)
			for {
				r := int(next.Add(1) - 1)
				if r >= len(roots) || gctx.Err() != nil {
					return nil
				}
				sub := newEnumerator(exp, size)
				sub.trial = e.trial
				if !cfg.NoMerge {
					sub.src.mg = newMerger(sub.rec, sub.offsets, size)
				}
				if err := sub.walk(gctx, roots[r], &paths, cfg); err != nil {
					return err
				}
				sums[r] = sub
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	total := make([]float64, size)
	comp := make([]float64, size)
	complete := ctx.Err() == nil
	for _, s := range sums {
		if s == nil {
			complete = false
			continue
		}
		for i := range total {
			neumaier(&total[i], &comp[i], s.sum[i]+s.comp[i])
		}
	}
	for i := range total {
		total[i] += comp[i]
	}
	return &Result{
		Method:     Exact,
		Complete:   complete,
		Paths:      paths.Load(),
		Confidence: cfg.Confidence,
		Metrics:    summarizeWeights(exp.Schema, total),
		Elapsed:    time.Since(start),
	}, nil
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
	_         gap
}

func newEnumerator(exp Experiment, size int) *enumerator {
	offsets, _ := exp.Schema.layout()
	return &enumerator{
		exp:     exp,
		trial:   exp.New(),
		src:     newExactSource(),
		rec:     NewRecord(exp.Schema),
		offsets: offsets,
		sum:     isolated[float64](size, 8),
		comp:    isolated[float64](size, 8),
	}
}

// walk enumerates every path that starts with root (root.idx < 0: the
// whole tree of a trial that never draws).
func (e *enumerator) walk(ctx context.Context, root step, paths *atomic.Uint64, cfg Config) error {
	src := e.src
	src.path = src.path[:0]
	if root.idx >= 0 {
		src.path = append(src.path, root)
		src.floor = 1
	}
	var local uint64
	for {
		if local&4095 == 4095 {
			if n := paths.Add(4096); n > cfg.MaxPaths {
				return &BudgetError{Budget: cfg.MaxPaths}
			}
			if cfg.Progress != nil {
				cfg.Progress.Add(4096)
			}
			if ctx.Err() != nil {
				return nil
			}
		}
		src.begin()
		e.rec.reset()
		e.trial(src, e.rec)
		local++
		if src.mg != nil {
			src.mg.finish(src.weight, e.sum, e.comp, e.metricName)
		} else {
			e.record(src.weight)
		}
		if !src.advance() {
			break
		}
	}
	if n := paths.Add(local & 4095); n > cfg.MaxPaths {
		return &BudgetError{Budget: cfg.MaxPaths}
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
		i := e.offsets[m] + int(k)
		neumaier(&e.sum[i], &e.comp[i], w)
	}
}

// neumaier adds x to the compensated sum (s, c) (Neumaier 1974).
func neumaier(s, c *float64, x float64) {
	t := *s + x
	if abs(*s) >= abs(x) {
		*c += (*s - t) + x
	} else {
		*c += (x - t) + *s
	}
	*s = t
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
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
