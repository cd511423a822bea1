package sim

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// Walking the paths trials have taken.
//
// A trial is a pure function of its draws, so two trials that draw the same
// values record the same outcomes. An experiment that sets KeepPaths lets
// each Monte Carlo worker keep the paths its trials have taken as a graph:
// a node per draw, holding what was drawn there (the Dist, or the range of
// Intn) and a child per value, and a leaf where a path ends, holding the
// outcomes the trial recorded. A trial then walks the graph: it draws at
// each node as the model would have, from the same source, and follows the
// child of the value drawn, to a leaf, whose outcomes it counts. Only a
// trial that reaches a value no trial of the worker has drawn there runs
// the model: with the values walked so far replayed, and the rest drawn
// live, as the graph grows by its path.
//
// Where the model declares a merge point (Source.Merge, as in exact mode),
// the paths that reach one state there share the rest of the graph: a join
// node leads to the state's subtree, found by its key (with the counts'
// bases and the permutation, if any, since the outcomes kept are the
// trial's own). A model run that reaches a state already kept stops there
// (Merge returns true) and the walk goes on from it, so the graph grows
// with the states met, not with the paths. What a trial records is then
// spread over its path: each join keeps what was recorded since the merge
// point before it, the leaf what was recorded since the last one. A walk
// counts each part on its own when no two set one metric, and the parts
// laid over one another, the later standing, when they do, as the exact
// engine reads a merged record.
//
// The walk makes the draws of the model, in order, from the same stream,
// and the model, run on a miss, makes the rest: a trial's draws and
// outcomes are the same whether the worker's graph held its path or not,
// so the result is the same for any number of workers and any history.
// What a walk saves is the model's work between its draws, which is most
// of a trial of a model that resolves a stack unit by unit: a walk step is
// a roll and two loads, the node and its map from roll to child
// (pathNode.row).
//
// The model is run with its hand of dice empty (Hand), so that each roll
// passes through the source one draw at a time and becomes a node: a model
// whose rolls by hand are not the same dice as its rolls through the
// source (Source.Roll) must not set KeepPaths; and its merge keys must
// determine the rest of a Monte Carlo trial, as they do an exact one's.
// The graphs are bounded: once a worker's holds its share of pathBytes
// it stops growing it and runs the model, without merge points, on every
// trial that leaves it; and once a quarter of the trials it walks of a
// chunk (or of the two it walks at once, paths_pair.go) do, it drops the
// graph and runs the model on every trial. A worker also drops its graph
// once walking it has cost more time than the model
// would have, beyond an allowance, and still does (judge.go).
//
// A graph also stops growing once its worker has walked a third of its
// share of the run (learnShare): a path first met that late is rare, and
// comes back too seldom to pay for learning it. A path first met after
// some t of the worker's n trials has a probability of about 1/t, so it
// comes back about (n−t)/t times. On the reference crossing a miss that
// grows the graph costs 1.2–1.9 µs, one that runs the model without merge
// points 0.73–0.82 µs (the trials that leave a graph are its long ones),
// and a walked trial 0.1 µs: learning pays, roughly, while
// (n−t)/t·(0.75−0.1) > 1.4−0.75, up to t ≈ n/2. Measured, stopping at a
// fifth, a third or half of the share gave one worker the same time
// within the host's noise; two workers, which learn the same paths apart,
// did better stopping early. Against learning to the end, the median of
// 31 interleaved pairs of default runs: the reference crossing 1.09× as
// fast on one worker and 1.10× on two, the plan 1.03× and 1.06×, fire
// 1.03× and 1.04×, compare 1.03× and 0.99×.

// pathBytes is the most memory the graphs of a run's workers may take
// together, each its share.
const pathBytes = 64 << 20

// learnShare: a graph grows during the first 1/learnShare of its worker's
// share of a run's trials, and no longer.
const learnShare = 3

// maxArity is the most values a draw may have to be kept as a node: a draw
// over more (a uniform draw over a large range) stops the graph growing.
const maxArity = 1 << 12

// noKids are the children of a new node.
var noKids [maxArity]pathNode

// A node's kind, in pathNode.op when not a draw's.
const (
	emptyNode = 0
	leafNode  = -1
	joinNode  = -2
)

// pathNode is a node of the graph: a draw, a leaf, a join, or nothing
// yet. Each sits in its parent's slot of paths.kids, so that a walk step
// loads one node, its children a block of slots.
type pathNode struct {
	// op is a draw's op (paths.ops) + 1, or the node's kind.
	op int32
	// at is where a draw's children start in paths.kids, one per value;
	// a join's slot there of the state it joins.
	at int32
	// row is what a leaf or a join keeps of the trial's outcomes: those
	// recorded since the last merge point, as a row of paths.rows; -1:
	// none. A draw's is its op's step (drawOp.step).
	row int32
}

// A draw's step, in its node's row, lets a walk take the draw from the node
// alone: its dice k in the low stepKBits, or stepUniform for a uniform draw
// over m values; 6^k or m in the next stepMBits (the multiplier of the roll or the
// draw, kept here so that the walk loads nothing between the node and the
// draw); and where the draw's map from roll to child starts in paths.luts
// above them. noStep, whose dice no hand holds, sends the walk to the op.
const (
	stepKBits = 5
	stepMBits = 11
	stepShift = stepKBits + stepMBits
	stepDice  = 1<<stepKBits - 1
	stepMult  = 1<<stepMBits - 1
	noStep    = stepDice
	// stepUniform is the dice of a uniform draw's step, which no hand
	// holds either: walkDice leaves it to walkUniform.
	stepUniform = stepDice - 1
	// stepSearch is the dice of the step of a uniform draw from a Dist
	// over too many values for a map (a weighted roll's total, such as
	// a Solitaire ASL Activation's 1,259,712): the Dist maps the draw to
	// its child itself, and the bits above stepKBits hold the draw's op
	// (searchStep), where the draw has no guide (stepGuide). walkUniform
	// takes it too.
	stepSearch = stepDice - 2
	// stepGuide is the dice of the step of such a draw from a Dist of
	// fewer than guideMixed outcomes whose map is a guide (guideStep): the
	// child of each bucket of draws r that share r>>s, the shift s held in
	// the stepMBits above stepKBits. walkUniform takes it too.
	stepGuide = stepSearch - 1
	// stepTens1 is the dice of the step of a draw of one ten from the
	// source's reservoir of them (tens.go), stepTens1+1 of two, and so on
	// to stepMaxTens, whose 10^k must fit stepMBits; walkUniform takes
	// them.
	stepTens1   = stepGuide - stepMaxTens
	stepMaxTens = 3
	stepMaxLUTs = 1<<(31-stepShift) - 1
	// stepMaxDice are the most dice a draw may take to have a step: its
	// map holds 6^k children, and 6^k must fit stepMBits.
	stepMaxDice = 4
)

// The walk tells a step of dice from the other kinds by its dice alone,
// against those a hand holds (up to sixDigits): no other kind may be so
// few. This fails to compile if one is.
const _ = uint(stepTens1 - sixDigits - 1)

// drawOp is what a draw node draws.
type drawOp struct {
	// dist is the Dist drawn from (Pick, PickValue), nil for Intn.
	dist *Dist
	// n is the range of an Intn, or the Dist's total.
	n uint64
	// k is the dice the draw takes (sixes.go), t the tens (tens.go), both
	// 0 for a uniform draw over n.
	k, t  int8
	arity int
}

// draw draws o from s, as a Monte Carlo draw of the model would, and
// returns the child drawn.
func (o *drawOp) draw(s *Source) int {
	switch {
	case o.k > 0:
		return o.child(s.sixes(o.k))
	case o.t > 0:
		return o.child(s.tens(o.t))
	}
	return o.child(s.uniform(o.n))
}

// child is the child of a draw of o that rolled, or drew uniformly, r:
// the Dist's outcome, or the roll's remainder for an Intn over dice.
func (o *drawOp) child(r uint64) int {
	switch {
	case o.dist != nil:
		return o.dist.index(r)
	case o.k > 0:
		return int(r % o.n)
	default:
		return int(r)
	}
}

// step returns the step of a draw of o (pathNode.row), adding its map from
// roll to child to luts: the Dist's own, or each roll's remainder.
func (o drawOp) step(luts []uint8) (int32, []uint8) {
	m := o.n
	if o.k > 0 {
		m = pow6[o.k]
	}
	if o.k < 0 || o.k > stepMaxDice || o.t > stepMaxTens || m > stepMult || o.arity > 1<<8 {
		return noStep, luts
	}
	at := len(luts)
	if at+int(m) > stepMaxLUTs {
		return noStep, luts
	}
	if o.dist != nil {
		luts = append(luts, o.dist.lut...)
	} else {
		for r := range m {
			luts = append(luts, uint8(r%o.n))
		}
	}
	k := int32(o.k)
	switch {
	case o.t > 0:
		k = stepTens1 + int32(o.t) - 1
	case k == 0:
		k = stepUniform
	}
	return int32(at<<stepShift) | int32(m)<<stepKBits | k, luts
}

// A guide (guideStep) has at most 1<<guideBits buckets; a bucket whose
// draws two outcomes share holds guideMixed.
const (
	guideBits  = 10
	guideMixed = 0xff
)

// guideStep is the step of op, the draw o, when it has no map but a
// guide: a uniform draw from a Dist (no dice) of fewer than guideMixed
// outcomes. The guide maps each bucket of draws, those that share their
// bits above s, to their child, or to guideMixed where the bucket holds
// the draws of two outcomes, which the Dist then maps itself (guided).
// Before the guide in luts come op, in 4 bytes, and the Dist's total, in
// 8, so that the walk draws from the node and luts alone. Of the draws of
// a Solitaire ASL Activation (23 outcomes over 1,259,712), 96% fall in a
// bucket of one outcome. It returns noStep where luts has no room.
func (o drawOp) guideStep(op int32, luts []uint8) (int32, []uint8) {
	d := o.dist
	if d == nil || o.k != 0 || o.t != 0 || o.arity >= guideMixed {
		return noStep, luts
	}
	s := max(0, bits.Len64(d.total-1)-guideBits)
	n := int((d.total-1)>>s) + 1
	at := len(luts) + 12
	if at+n > stepMaxLUTs {
		return noStep, luts
	}
	luts = binary.LittleEndian.AppendUint32(luts, uint32(op))
	luts = binary.LittleEndian.AppendUint64(luts, d.total)
	for b := range uint64(n) {
		// Not (b+1)<<s − 1, which wraps for a total near 2⁶⁴.
		first := b << s
		last := min(first+(1<<s-1), d.total-1)
		if i := d.index(first); i == d.index(last) {
			luts = append(luts, uint8(i))
		} else {
			luts = append(luts, guideMixed)
		}
	}
	return int32(at<<stepShift) | int32(s)<<stepKBits | stepGuide, luts
}

// guide draws the child of a draw whose step st is a stepGuide, from src
// as Source.uniform draws over the Dist's total, and mapped by its guide,
// or by the Dist where the guide's bucket is mixed.
func (p *paths) guide(src *Source, luts []uint8, st int32) uint8 {
	at := int(st >> stepShift)
	total := binary.LittleEndian.Uint64(luts[at-8 : at])
	r, lo := bits.Mul64(src.rng.next(), total)
	if lo < total {
		r = src.reject(r, lo, total)
	}
	return p.guideChild(luts, st, r)
}

// guideChild is the child of the uniform draw r of the draw whose step
// st is a stepGuide.
func (p *paths) guideChild(luts []uint8, st int32, r uint64) uint8 {
	at := int(st >> stepShift)
	if c := luts[at+int(r>>(st>>stepKBits&stepMult))]; c != guideMixed {
		return c
	}
	return p.guided(luts, at, r)
}

// guided is guideChild in a mixed bucket, mapped by the Dist.
//
//go:noinline
func (p *paths) guided(luts []uint8, at int, r uint64) uint8 {
	return uint8(p.ops[binary.LittleEndian.Uint32(luts[at-12:at-8])].dist.index(r))
}

// searchStep is the step of op, the draw o, when it has no map: a uniform
// draw from a Dist (no dice) of at most 256 outcomes, which a walk maps to
// its child with the Dist's own index; noStep for any other.
func (o drawOp) searchStep(op int32) int32 {
	if o.dist == nil || o.k != 0 || o.t != 0 || o.arity > 1<<8 || op > math.MaxInt32>>stepKBits {
		return noStep
	}
	return op<<stepKBits | stepSearch
}

// lane is one trial in flight on a graph: the values it has drawn, node
// by node, and the rows of its joins and leaf (parts).
type lane struct {
	walked []int32
	parts  []int32
	// With one word of metrics, seenOne are the metrics the trial's parts
	// set so far, and clash whether two of them set one (disjoint): the
	// walk tells as it goes.
	seenOne uint64
	clash   bool
}

// begin starts the lane's next trial, on src, and returns its hand.
func (ln *lane) begin(src *Source) Hand {
	src.topUp()
	ln.reset()
	return src.Hand()
}

// reset empties the lane for its next trial.
func (ln *lane) reset() {
	ln.walked, ln.parts = ln.walked[:0], ln.parts[:0]
	ln.seenOne, ln.clash = 0, false
}

// paths is one worker's graph, and the state of the model's run on a miss.
type paths struct {
	// kids holds every node, in its parent's slot, and each merged
	// state's first node; kids[0] is the root.
	kids []pathNode
	// ops are what the draws draw, opOf their indices.
	ops  []drawOp
	opOf map[drawOp]int32
	// steps are the ops' steps, luts their maps from roll to child.
	steps []int32
	luts  []uint8
	// states finds the slot of kids where a merged state's subtree
	// starts, by its key (stateKey).
	states map[string]int32
	// rows are outcomes kept, one per metric (unset where not recorded),
	// metrics apart; masks the metrics each sets, words apart; rowOf finds
	// a row already kept.
	rows    []uint16
	masks   []uint64
	rowOf   map[string]int32
	metrics int
	words   int
	// short marks, a bit per slot, the joins that a copy of their state's
	// first node has replaced (pass): the model's run on a miss passes
	// the copy as it would the join.
	short []uint64
	// bytes is what the graph takes, cap the most it may; full: it has
	// stopped growing. learning is the trials the worker may still walk
	// before it stops growing (learnShare).
	bytes, cap int
	full       bool
	learning   uint64

	// counts is the chunk's count of each row.
	counts []uint64
	seen   []uint64
	over   []uint16
	// lane is the trial being walked on the worker's source, alt the one
	// on its other source when the worker walks two chunks at once
	// (paths_pair.go). A miss runs on lane: the worker swaps alt in for
	// a miss of its trial.
	lane
	alt lane
	// uniform: some draw's step is of a kind that walkDice leaves to
	// walkUniform: a uniform draw, tens, a guide or a search.
	uniform bool

	// A miss: the model replays walked[:pos] and goes on from the node in
	// kids[slot]. The source's hand is kept here meanwhile. growing: the
	// run may add to the graph; merging: it declares merge points. whole
	// is all it has recorded, merge points and all; stopped the slot of a
	// kept state its run stopped on, -1 for none.
	pos, slot int32
	six       uint64
	left      int8
	growing   bool
	merging   bool
	rec       *Record
	whole     []uint16
	stopped   int32
	key       []byte
	// merged: the run has passed a merge point; drew: it has drawn since.
	merged, drew bool
}

func newPaths(metrics, workers int) *paths {
	words := (metrics + 63) / 64
	// Padded, as a worker's scratch (Scratch): one worker's walk writes
	// here, and another's graph may be allocated beside it.
	p := &(&struct {
		_ gap
		p paths
		_ gap
	}{}).p
	*p = paths{kids: []pathNode{{}}, rowOf: map[string]int32{}, opOf: map[drawOp]int32{},
		states: map[string]int32{}, metrics: metrics, words: words, cap: pathBytes / workers, learning: math.MaxUint64,
		seen: make([]uint64, words), over: make([]uint16, metrics), whole: make([]uint16, metrics)}
	return p
}

// runPaths walks up to n trials of a chunk on w's graph, folds their
// outcomes into w.counts and returns how many it walked: all n, unless the
// worker's judge gave the walk up (judge.go), which it asks every
// judgeBlock trials, leaving the rest to the model. The walkers (walkDice,
// walkUniform) take most nodes; walkTrials takes what they leave.
func (w *worker) runPaths(n uint64) uint64 {
	if n == 0 {
		return 0
	}
	p := w.paths
	var walked, misses uint64
	for walked < n {
		k := min(judgeBlock, n-walked)
		misses += w.walkTrials(k)
		walked += k
		if w.judge.walkedBlock(k) {
			w.paths = nil
			break
		}
		p.learning -= min(k, p.learning)
		p.full = p.full || p.learning == 0
	}
	w.endWalk(p, walked, misses)
	return walked
}

// endWalk folds the rows counted by the walk of p, of walked trials that
// left it misses times, into the worker's tally, and drops p if they left
// it too often.
func (w *worker) endWalk(p *paths, walked, misses uint64) {
	p.fold(w.counts, w.offsets)
	if p.full && 4*misses > walked {
		// A quarter of the trials still leave a graph that has stopped
		// growing, each run again from its first draw: the model alone is
		// faster, and gives the same results.
		w.paths = nil
	}
	w.trials += walked
	w.checkTotals()
}

// walkTrials walks n trials on the worker's source and returns how many
// times they left the graph. The walk rolls from a hand of dice, kept in
// registers, as a trial of the model would through Source.Roll; this loop
// counts the leaves and leaves the rest of what the walkers leave to
// leftOver.
func (w *worker) walkTrials(n uint64) (misses uint64) {
	p, src, ln := w.paths, &w.src, &w.paths.lane
	for range n {
		h := ln.begin(src)
		slot := int32(0)
		for {
			if p.uniform {
				slot, h = p.walkUniform(ln, src, slot, h)
			} else {
				slot, h = p.walkDice(ln, slot, h)
			}
			if nd := &p.kids[slot]; nd.op == leafNode {
				src.Keep(h)
				p.countLeaf(w, ln, nd)
				break
			}
			var ended, missed bool
			slot, h, ended, missed = w.leftOver(ln, src, slot, h)
			if missed {
				misses++
			}
			if ended {
				break
			}
		}
	}
	return misses
}

// walkOn walks the rest of lane ln's trial, on src, from slot and the hand
// h, and returns how many times it left the graph.
func (w *worker) walkOn(ln *lane, src *Source, slot int32, h Hand) (misses uint64) {
	p := w.paths
	for {
		if p.uniform {
			slot, h = p.walkUniform(ln, src, slot, h)
		} else {
			slot, h = p.walkDice(ln, slot, h)
		}
		var ended, missed bool
		slot, h, ended, missed = w.leftOver(ln, src, slot, h)
		if missed {
			misses++
		}
		if ended {
			return misses
		}
	}
}

// leftOver takes the node in slot that the walkers left to lane ln, on
// src: a draw with no step, an empty node (a miss) or the leaf. It returns
// where the lane goes on from, its hand, whether its trial ended (counted,
// its hand kept in src) and whether it missed.
func (w *worker) leftOver(ln *lane, src *Source, slot int32, h Hand) (int32, Hand, bool, bool) {
	p := w.paths
	nd := &p.kids[slot]
	switch {
	case nd.op == joinNode:
		// Stopped for room, as below.
		ln.parts = slices.Grow(ln.parts, 1)
	case nd.op > 0 && len(ln.walked) == cap(ln.walked):
		ln.walked = slices.Grow(ln.walked, 1)
	case nd.op > 0:
		slot, h = p.draw1(ln, src, nd, h)
	case nd.op == emptyNode:
		src.Keep(h)
		next := w.missOn(ln)
		h = src.Hand()
		if next < 0 {
			return 0, h, true, true
		}
		if p.words == 1 {
			ln.seenOne, ln.clash = p.seen1(ln.parts)
		}
		return next, h, false, true
	default:
		src.Keep(h)
		p.countLeaf(w, ln, nd)
		return 0, h, true, false
	}
	return slot, h, false, false
}

// missOn runs the model on lane ln's miss (miss), on the lane's own source:
// a miss of alt's trial runs with alt and the worker's other source
// swapped in.
func (w *worker) missOn(ln *lane) int32 {
	p := w.paths
	if ln == &p.lane {
		return w.miss()
	}
	w.swapLanes()
	defer w.swapLanes()
	return w.miss()
}

// draw1 takes the draw nd that the walkers leave, one without a step or
// whose dice the hand lacks, and returns the slot of the child drawn and
// the hand.
func (p *paths) draw1(ln *lane, src *Source, nd *pathNode, h Hand) (int32, Hand) {
	src.Keep(h)
	i := p.ops[nd.op-1].draw(src)
	ln.walked = append(ln.walked, int32(i))
	return nd.at + int32(i), src.Hand()
}

// countLeaf counts lane ln's trial, whose walk ended on the leaf nd.
func (p *paths) countLeaf(w *worker, ln *lane, nd *pathNode) {
	if nd.row >= 0 {
		ln.parts = append(ln.parts, nd.row)
		if p.words == 1 {
			ln.clash = ln.clash || ln.seenOne&p.masks[nd.row] != 0
		}
	}
	if p.words == 1 && !ln.clash {
		for _, r := range ln.parts {
			p.counts[r]++
		}
		return
	}
	p.countParts(w, ln.parts)
}

// walkDice walks the trial from slot while it can take each node alone: the
// draws of dice that have a step, while the hand holds their dice, and the
// joins, while the trial's values and parts have room. It returns the node
// it stopped at and the hand. It is the walk's hot loop, apart from the
// rest so that it calls nothing and what it uses stays in registers.
func (p *paths) walkDice(ln *lane, slot int32, h Hand) (int32, Hand) {
	kids, luts := p.kids, p.luts
	for {
		nd := &kids[slot]
		if nd.op > 0 {
			st := nd.row
			k := st & stepDice
			if k > int32(h.left) || len(ln.walked) == cap(ln.walked) {
				return slot, h
			}
			hi, lo := bits.Mul64(h.six, uint64(st>>stepKBits&stepMult))
			h = Hand{lo, h.left - int8(k)}
			slot = ln.stepTo(nd, luts[int(st>>stepShift)+int(hi)])
			continue
		}
		if !p.join(ln, nd) {
			return slot, h
		}
		slot = p.pass(kids, slot, nd)
	}
}

// walkUniform is walkDice for a graph that has uniform draws with steps
// too, which it draws as Source.uniform does. They have a loop of their
// own because drawing them inline costs the walk of dice registers.
func (p *paths) walkUniform(ln *lane, src *Source, slot int32, h Hand) (int32, Hand) {
	kids, luts := p.kids, p.luts
	for {
		nd := &kids[slot]
		if nd.op > 0 {
			st := nd.row
			k := st & stepDice
			if len(ln.walked) == cap(ln.walked) {
				return slot, h
			}
			m := uint64(st >> stepKBits & stepMult)
			var r, lo uint64
			switch {
			case k == stepUniform:
				r, lo = bits.Mul64(src.rng.next(), m)
				if lo < m {
					for thresh := -m % m; lo < thresh; {
						r, lo = bits.Mul64(src.rng.next(), m)
					}
				}
			case k <= int32(h.left):
				r, lo = bits.Mul64(h.six, m)
				h = Hand{lo, h.left - int8(k)}
			case k >= stepTens1 && k < stepTens1+stepMaxTens:
				// Source.tens, inline.
				t := int8(k-stepTens1) + 1
				if src.tenLeft < t {
					src.refillTens()
				}
				r, lo = bits.Mul64(src.ten, m)
				src.ten, src.tenLeft = lo, src.tenLeft-t
			case k == stepGuide:
				slot = ln.stepTo(nd, p.guide(src, luts, st))
				continue
			case k == stepSearch:
				slot = ln.stepTo(nd, p.search(src, st))
				continue
			default:
				return slot, h
			}
			slot = ln.stepTo(nd, luts[int(st>>stepShift)+int(r)])
			continue
		}
		if !p.join(ln, nd) {
			return slot, h
		}
		slot = p.pass(kids, slot, nd)
	}
}

// search draws the child of a draw whose step st is a stepSearch: a
// uniform draw over the Dist's total by Lemire's method, as Source.uniform
// draws it from the same stream, mapped by the Dist. It is apart from
// walkUniform, so that the loop keeps its registers for the draws it maps
// itself.
//
//go:noinline
func (p *paths) search(src *Source, st int32) uint8 {
	d := p.ops[st>>stepKBits].dist
	return uint8(d.index(src.uniform(d.total)))
}

// stepTo notes that the lane's walk drew child i of the draw nd, which
// walked has room for, and returns its slot.
func (ln *lane) stepTo(nd *pathNode, i uint8) int32 {
	n := len(ln.walked)
	ln.walked = ln.walked[:n+1]
	ln.walked[n] = int32(i)
	return nd.at + int32(i)
}

// pass returns the slot a walk goes on from after the join nd in slot.
// A join that keeps no outcomes, once its state's first node is there,
// takes that node's place: the walk then loads one node, not two, where
// the paths of several states meet, and the graph's shape is unchanged,
// since a node, once set, never changes and its children are shared
// (shortcut).
func (p *paths) pass(kids []pathNode, slot int32, nd *pathNode) int32 {
	if nd.row >= 0 || kids[nd.at].op == emptyNode {
		return nd.at
	}
	p.shortcut(slot, nd.at)
	return slot
}

// join reports whether nd is a join lane ln's walk passes, noting its
// part, which the lane's parts have room for.
func (p *paths) join(ln *lane, nd *pathNode) bool {
	if nd.op != joinNode || len(ln.parts) == cap(ln.parts) {
		return false
	}
	if nd.row >= 0 {
		n := len(ln.parts)
		ln.parts = ln.parts[:n+1]
		ln.parts[n] = nd.row
		if p.words == 1 {
			m := p.masks[nd.row]
			ln.clash = ln.clash || ln.seenOne&m != 0
			ln.seenOne |= m
		}
	}
	return true
}

// countParts counts the trial whose path kept the rows parts: each on
// its own when no two set one metric, else the rows laid over one another
// in order.
func (p *paths) countParts(w *worker, parts []int32) {
	if len(parts) == 1 {
		p.counts[parts[0]]++
		return
	}
	if p.disjoint(parts) {
		for _, r := range parts {
			p.counts[r]++
		}
		return
	}
	unsetAll(p.over)
	for _, r := range parts {
		overlay(p.over, p.rows[int(r)*p.metrics:int(r+1)*p.metrics])
	}
	p.countOut(w, p.over)
}

// seen1 is, for a graph of one word of metrics, the metrics the rows set
// and whether two of them set one.
func (p *paths) seen1(rows []int32) (seen uint64, clash bool) {
	for _, r := range rows {
		m := p.masks[r]
		clash = clash || seen&m != 0
		seen |= m
	}
	return seen, clash
}

// disjoint reports whether no two of the rows set one metric.
func (p *paths) disjoint(rows []int32) bool {
	clear(p.seen)
	for _, r := range rows {
		m := p.masks[int(r)*p.words : int(r+1)*p.words]
		for i, b := range m {
			if p.seen[i]&b != 0 {
				return false
			}
			p.seen[i] |= b
		}
	}
	return true
}

// countOut counts one trial of the outcomes out straight into the tally.
// A row of the graph would do as well, but finding it costs a key of every
// metric and a lookup, more than the count itself: most trials that come
// here are misses of a graph that has stopped growing, which holds no row
// of theirs.
func (p *paths) countOut(w *worker, out []uint16) {
	for m, k := range out {
		w.counts[w.offsets[m]+int(k)]++
	}
}

// fold adds the rows counted since the last fold to counts.
func (p *paths) fold(counts []uint64, offsets []int) {
	for r, c := range p.counts {
		if c == 0 {
			continue
		}
		row := p.rows[r*p.metrics : (r+1)*p.metrics]
		for m, k := range row {
			if k != unset {
				counts[offsets[m]+int(k)] += c
			}
		}
		p.counts[r] = 0
	}
}

// unsetAll marks every outcome of out as not recorded.
func unsetAll(out []uint16) {
	for i := range out {
		out[i] = unset
	}
}

// overlay writes over dst the outcomes src records.
func overlay(dst, src []uint16) {
	for m, k := range src {
		if k != unset {
			dst[m] = k
		}
	}
}
