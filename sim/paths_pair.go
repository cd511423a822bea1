package sim

import "math/bits"

// Two trials in flight.
//
// A walk step waits on a chain of loads, the node and then its map from
// roll to child, and a trial's next step cannot start before its last
// ends. A core can wait on two such chains at once, so a worker walks two
// chunks together, a step of each in turn: each chunk's trials are drawn
// from its own stream, as when it runs alone, so every figure is the same
// for any number of workers and any pairing of chunks. A kernel of the
// walk alone took 6.7–7.3 ns a step one trial at a time, and 4.8–5.3 ns
// two at a time (benchmarks/README.md).
//
// The worker's own source and its lane (paths.lane) walk the first chunk,
// its other source (worker.alt) and lane (paths.alt) the second; a miss
// of the second runs the model with the two swapped (missOn), so that the
// model's run on a miss knows one lane and one source.

// swapLanes swaps the worker's two sources and its graph's two lanes.
func (w *worker) swapLanes() {
	w.swapSources()
	w.paths.lane, w.paths.alt = w.paths.alt, w.paths.lane
}

// swapSources swaps the worker's two sources.
func (w *worker) swapSources() { w.src, w.alt = w.alt, w.src }

// flight is a lane's trial in flight: where it stands, its hand, and the
// trials its lane has left, this one included.
type flight struct {
	ln   *lane
	src  *Source
	slot int32
	h    Hand
	left uint64
}

// walkPair walks the trials of two lanes at once, a step of each in turn,
// until one of them stands on a node that walkDice or walkUniform would
// leave, or on a leaf that countLeaf would count otherwise than by its
// rows alone (parts that set one metric twice, or more than 64 metrics),
// or ends its last trial. It counts the trials that end on
// the others and starts their lanes' next. It returns which lane stopped,
// 0 for fa and 1 for fb, and whether it stopped for having no trial left.
// Its one step is of the lane in fa, sa and ha, which then trade places
// with the other's: a step of each written once, with no call, the two
// lanes' loads in flight together.
func (p *paths) walkPair(fa, fb *flight) (int, bool) {
	// Only what every step reads is held through the loop: what a leaf
	// alone reads (the counts, the masks) it loads there, and which lane
	// stopped is told at the end, so that the two lanes' slots and hands
	// keep registers the loop would otherwise spill to memory each step.
	kids, luts := p.kids, p.luts
	sa, sb, ha, hb := fa.slot, fb.slot, fa.h, fb.h
	first, done := fa, false
	for {
		a, src := fa.ln, fa.src
		nd := &kids[sa]
		switch {
		case nd.op > 0:
			st := nd.row
			k := st & stepDice
			if len(a.walked) == cap(a.walked) {
				goto stop
			}
			m := uint64(st >> stepKBits & stepMult)
			var r, lo uint64
			// walkUniform's draws, written again: taken out to a call, the
			// draws other than dice cost lhy's walk a sixth.
			switch {
			case k <= int32(ha.left):
				r, lo = bits.Mul64(ha.six, m)
				ha = Hand{lo, ha.left - int8(k)}
			case k == stepUniform:
				r, lo = bits.Mul64(src.rng.next(), m)
				if lo < m {
					for thresh := -m % m; lo < thresh; {
						r, lo = bits.Mul64(src.rng.next(), m)
					}
				}
			case k >= stepTens1 && k < stepTens1+stepMaxTens:
				t := int8(k-stepTens1) + 1
				if src.tenLeft < t {
					src.refillTens()
				}
				r, lo = bits.Mul64(src.ten, m)
				src.ten, src.tenLeft = lo, src.tenLeft-t
			case k == stepGuide:
				sa = a.stepTo(nd, p.guide(src, luts, st))
				goto next
			case k == stepSearch:
				sa = a.stepTo(nd, p.search(src, st))
				goto next
			default:
				goto stop
			}
			sa = a.stepTo(nd, luts[int(st>>stepShift)+int(r)])
		case nd.op == joinNode:
			if !p.join(a, nd) {
				goto stop
			}
			sa = p.pass(kids, sa, nd)
		case nd.op == leafNode && p.words == 1:
			// countLeaf, where the rows count alone.
			row := nd.row
			if a.clash || row >= 0 && a.seenOne&p.masks[row] != 0 {
				goto stop
			}
			counts := p.counts
			for _, r := range a.parts {
				counts[r]++
			}
			if row >= 0 {
				counts[row]++
			}
			src.Keep(ha)
			if fa.left--; fa.left == 0 {
				done = true
				goto stop
			}
			// The lane's next trial: lane.begin, which is too large to
			// inline.
			src.topUp()
			ha = src.Hand()
			a.reset()
			sa = 0
		default:
			goto stop
		}
	next:
		fa, fb, sa, sb, ha, hb = fb, fa, sb, sa, hb, ha
	}
stop:
	fa.slot, fb.slot, fa.h, fb.h = sa, sb, ha, hb
	if fa == first {
		return 0, done
	}
	return 1, done
}

// walkTwo walks na trials on the worker's source and nb on its other, two
// at a time while both have trials left, and returns how many times they
// left the graph.
func (w *worker) walkTwo(na, nb uint64) (misses uint64) {
	p := w.paths
	if na == 0 || nb == 0 {
		if na == 0 {
			w.swapLanes()
			defer w.swapLanes()
		}
		return w.walkTrials(na + nb)
	}
	f := [2]flight{{ln: &p.lane, src: &w.src, left: na}, {ln: &p.alt, src: &w.alt, left: nb}}
	f[0].h, f[1].h = f[0].ln.begin(f[0].src), f[1].ln.begin(f[1].src)
	for {
		i, done := p.walkPair(&f[0], &f[1])
		g := &f[i]
		if !done {
			var ended, missed bool
			g.slot, g.h, ended, missed = w.leftOver(g.ln, g.src, g.slot, g.h)
			if missed {
				misses++
			}
			if !ended {
				continue
			}
			if g.left--; g.left > 0 {
				g.h, g.slot = g.ln.begin(g.src), 0
				continue
			}
		}
		// The other lane walks its trial in flight, and the rest of its
		// trials, alone: walkTrials walks the worker's own lane, so the
		// other is swapped in for it.
		g = &f[1-i]
		misses += w.walkOn(g.ln, g.src, g.slot, g.h)
		switch {
		case g.left > 1 && g.ln == &p.lane:
			misses += w.walkTrials(g.left - 1)
		case g.left > 1:
			w.swapLanes()
			misses += w.walkTrials(g.left - 1)
			w.swapLanes()
		}
		return misses
	}
}

// runPathsTwo is runPaths for two chunks at once, na trials on the
// worker's source and nb on its other, a block of each between two looks
// of the judge. It returns how many of each it walked.
func (w *worker) runPathsTwo(na, nb uint64) (doneA, doneB uint64) {
	p := w.paths
	var misses uint64
	for doneA < na || doneB < nb {
		ka, kb := min(judgeBlock, na-doneA), min(judgeBlock, nb-doneB)
		misses += w.walkTwo(ka, kb)
		doneA, doneB = doneA+ka, doneB+kb
		if w.judge.walkedBlock(ka + kb) {
			w.paths = nil
			break
		}
		p.learning -= min(ka+kb, p.learning)
		p.full = p.full || p.learning == 0
	}
	w.endWalk(p, doneA+doneB, misses)
	return doneA, doneB
}

// chunkTwo runs chunks c1 and c2, of n1 and n2 trials, walking the
// worker's kept paths two trials at a time, and on the model where the
// judge gives the walk up.
func (w *worker) chunkTwo(seed, c1, n1, c2, n2 uint64) {
	if w.paths == nil {
		w.chunk(seed, c1, n1)
		w.chunk(seed, c2, n2)
		return
	}
	w.src.reseed(seed, c1)
	w.alt.reseed(seed, c2)
	a, b := w.runPathsTwo(n1, n2)
	if a < n1 {
		w.runModel(n1 - a)
	}
	if b < n2 {
		w.swapSources()
		defer w.swapSources()
		w.runModel(n2 - b)
	}
}

// pairs reports whether the worker walks two chunks at once: it walks its
// kept paths and its judge has timed the model.
func (w *worker) pairs() bool { return w.paths != nil && !w.judge.probing() }
