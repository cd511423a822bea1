package sim

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Merging equal states in exact mode.
//
// A trial may call [Source.Merge] with a key that determines everything it
// will still draw and record from that point on. The enumeration visits the
// draw tree depth first, so all the paths through one point of one prefix
// are consecutive: the first time a key is seen, the engine opens a
// recording of the subtree below it and, as each path of that subtree ends,
// adds the path's conditional probability (its weight over the weight at
// the key) to the recording, per metric and outcome. When the depth-first
// walk leaves the subtree the recording is complete, and any later path
// that reaches the same key stops there: the recorded distribution, scaled
// by the path's weight, stands for the whole subtree it would have walked.
//
// Only each metric's marginal distribution is reported, so a recording
// keeps, per metric, the probability of each outcome the rest of the trial
// records and the probability that it records nothing there (the value set
// before the key then stands). Recordings nest: a path adds to the
// innermost one open, relative to its key, and a recording, when it
// completes, adds its distribution to the one around it (or to the
// totals), scaled by the weight between the two keys, so that a path
// costs the outcomes it reaches once, however deep it runs.
//
// The calls of a trial that replays the draws of the path before it, up
// to the draw that changed, meet the recordings of that path's merge
// points, open, in order: the engine answers them without their keys
// (Source.Replaying), so that a trial need not build the key of a point
// it has already declared.
//
// A trial that keeps running counts and records them at the end would
// have to name every count in its keys, and paths that differ only in
// what they have counted so far would never meet. With MergeCounts it
// names instead what each count holds at the key, its base: a recording
// keeps a count's outcomes as what the rest of the trial adds to the base
// (outcome k − base), and a path that stops on it reads them from its own
// base. A base of 0 is a plain metric.
//
// A trial whose state has symmetries may name its state by a canonical
// form, the same for states that are one another's relabelling (two
// identical counters whose states are swapped): with MergePermuted it
// hands the engine the key of the canonical state and, per metric, the
// metric the canonical state records in its place. A recording keeps its
// outcomes under the canonical metrics, and a path that stops on it reads
// them back under its own: states that mirror one another are walked
// once.
//
// The memo is kept per root subtree (first draw), so that each root's sums
// are formed in the same order whichever worker walks it and the result is
// the same for any worker count.
//
// A memo is a cache: a state missing from it is walked again, at the cost
// of its paths, and gives the same distribution. So that an enumeration's
// memory stays bounded whatever its paths, each memo holds at most its
// root's share of the memory budget (Config.MaxMemory), counted with
// entryBytes. When it is over, it drops the states whose recordings
// walked the fewest paths — the cheapest to walk again — until it holds
// half its cap. Which states go depends only on the memo's contents,
// themselves a function of the root's walk, so evicting keeps the result
// the same for any worker count; it changes only how many paths are
// walked, and the rounding of the sums, within the 1e-12 the exact figures
// are held to.

// merger is the merging state of one exact enumerator.
type merger struct {
	rec     *Record
	offsets []int
	size    int // outcomes of all metrics; slot size+m is "metric m unwritten"
	memo    map[string]memoEntry
	open    []recording
	// hit is the recorded distribution the current trial stopped on, or
	// nil when it ran to its end; hitBase the bases the trial gave there
	// (nil: none).
	hit     []share
	hitBase []uint16
	// hitInv is, per canonical metric of the hit's recording, the metric
	// the trial records it as (MergePermuted); nil: the identity.
	hitInv []int32
	// sameSize, per metric, the first metric with as many outcomes: a
	// permutation may swap only metrics of one size.
	sameSize []int32
	invBuf   []int32
	// blank is a record with nothing recorded (clearRecord).
	blank []uint16
	// dst are the slots the path just finished adds to (finish).
	dst []int
	// metricOf is the metric of each outcome slot.
	metricOf []int32
	// sum and comp are the enumerator's totals (compensated sums per
	// outcome), names a metric's name for a panic.
	sum, comp []float64
	names     func(int) string
	// bytes is what the memo holds by entryBytes, cap the most it may
	// hold (0: no cap).
	bytes, cap uint64
	// paths counts the paths finished, so that a recording knows how many
	// it walked; opened the recordings opened, one per state met for the
	// first time (or again, once dropped from a full memo); hits the
	// paths that stopped on a state known; dropped the states dropped
	// from a full memo (evict).
	paths, opened, hits, dropped uint64
	// spare holds the accumulators of completed recordings, zeroed, for
	// the next ones.
	spare [][]float64
	// exact is set when the run asks for fractions (fraction.go): each
	// open recording then keeps exact sums beside its floats, in xopen,
	// each memo entry its exact shares (memoEntry.x), xhit holds those of
	// hit, and xspare the exact sums of completed recordings, emptied, for
	// the next ones. Kept apart, they leave the recordings of a run
	// without fractions as they were.
	exact  bool
	xerr   error    // a rounded Dist met opening a recording
	xtotal *fracSum // the enumerator's exact totals
	xt, xd big.Int
	xopen  []*fracSum
	xhit   *fracs
	xspare []*fracSum
}

// memoEntry is a completed recording: its distribution, and the paths its
// walk took, which is what a hit on it saves; x its exact shares when the
// run asks for fractions (nil otherwise).
type memoEntry struct {
	shares []share
	paths  uint64
	x      *fracs
}

// entryBytes is the memory a memo entry takes: its key and shares, and
// about 64 bytes of map slot, headers and allocation rounding; and its
// exact shares x, if any (nil: none).
func entryBytes(key string, shares []share, x *fracs) uint64 {
	n := uint64(64 + len(key) + 16*len(shares))
	if x != nil {
		n += 48 + x.bytes()
	}
	return n
}

// share is one outcome slot of a completed recording and its probability:
// only the slots the subtree reaches are kept, so reusing a recording
// costs what it reaches, not the size of the schema.
type share struct {
	slot int32
	p    float64
}

// recording is the subtree below one key, while it is being walked.
type recording struct {
	key    string
	depth  int     // draws made when the key was reached
	w0     float64 // the path weight there
	paths0 uint64  // paths finished before it
	pre    []uint16
	base   []uint16 // the counts' bases at the key (MergeCounts); nil: none
	// perm is, per metric of the path that opened the recording, the
	// canonical metric its outcomes are kept under, inv its inverse
	// (MergePermuted); nil: the identity.
	perm, inv []int32
	acc       []float64
	// xw is the exact weight of the draws between the recording around
	// this one (or the root) and this one's key, when the run asks for
	// fractions.
	xw *ratio
}

// newMerger returns the merging state of enumerator e, whose memo may
// hold cap bytes (0: no cap).
func newMerger(e *enumerator, size int, cap uint64) *merger {
	metricOf := make([]int32, size)
	for m, o := range e.offsets {
		end := size
		if m+1 < len(e.offsets) {
			end = e.offsets[m+1]
		}
		for i := o; i < end; i++ {
			metricOf[i] = int32(m)
		}
	}
	sameSize := make([]int32, len(e.offsets))
	for m := range e.offsets {
		sameSize[m] = int32(m)
		for j := range m {
			if metricSize(e.offsets, size, j) == metricSize(e.offsets, size, m) {
				sameSize[m] = int32(j)
				break
			}
		}
	}
	return &merger{rec: e.rec, offsets: e.offsets, size: size, memo: map[string]memoEntry{},
		cap: cap, metricOf: metricOf, sameSize: sameSize, sum: e.sum, comp: e.comp, names: e.metricName}
}

// metricSize is the number of outcomes of metric m.
func metricSize(offsets []int, size, m int) int {
	if m+1 < len(offsets) {
		return offsets[m+1] - offsets[m]
	}
	return size - offsets[m]
}

// clearRecord empties the trial's record at a merge point, as
// Record.reset does, by one copy: a trial passes its merge points many
// times a path.
func (g *merger) clearRecord() {
	if !g.rec.direct {
		return // nothing recorded since the path began or the last clear
	}
	if len(g.blank) != len(g.rec.out) {
		g.blank = make([]uint16, len(g.rec.out))
		for i := range g.blank {
			g.blank[i] = unset
		}
	}
	copy(g.rec.out, g.blank)
	g.rec.direct = false
}

// release drops the memo of a walk that is over.
func (g *merger) release() {
	g.memo, g.spare, g.bytes = nil, nil, 0
	g.xspare = nil
}

// Merging reports whether this source merges equal states: true in exact
// mode, and in a Monte Carlo run that keeps its paths when it runs the
// model on a path not walked before (Experiment.KeepPaths). A model builds its state
// keys only then, so other Monte Carlo trials pay nothing for them.
func (s *Source) Merging() bool { return s.mg != nil || s.paths != nil && s.paths.merging }

// KeepsPaths reports whether the source keeps the path its next draw
// takes: a Monte Carlo run that keeps its paths, when it runs the model
// (Experiment.KeepPaths) on a path the graph holds or that grows it. Each
// outcome of a draw is then a branch of a graph, which the run learns by
// running the model before it can walk it. A model that treats several
// outcomes of a Dist alike in the state it is in may then draw that Dist
// merged by what it treats alike (Dist.Merge): the same rolls, so the
// same figures, and fewer branches to learn. Other draws need not pay for
// finding the classes: those of plain runs, and those past the end of
// the path walked in a graph that has stopped growing.
func (s *Source) KeepsPaths() bool {
	return s.paths != nil && (s.paths.growing || s.paths.pos < int32(len(s.paths.walked)))
}

// Replaying reports whether the trial, enumerated with merging, is
// replaying draws of paths already walked: a Merge now can only meet the
// state declared at this point before, whose subtree is being recorded,
// so the trial may pass it a nil key rather than build one. The same holds
// of a Monte Carlo trial replaying the path it walked (Experiment.KeepPaths).
func (s *Source) Replaying() bool {
	if s.paths != nil {
		return s.paths.replaying()
	}
	return s.mg != nil && s.depth >= s.floor && s.depth <= s.moved
}

// Exact reports whether the source enumerates every path. A model may
// draw in another order in exact mode, with the same distribution, to give
// its merge keys more to merge; it must decide that by Exact, not by
// Merging, which is false for the walk that finds the first draw and with
// Config.NoMerge.
func (s *Source) Exact() bool { return s.exact && s.tape == nil && s.paths == nil }

// Merge declares that from this point of the trial on, everything the
// trial will still draw and record is determined by key (which must then
// name the point in the procedure as well as the state). It returns true
// when the rest of the trial is already known: the trial must then return
// at once, drawing and recording nothing more. In Monte Carlo mode, and in
// exact mode the first time a key is seen, it returns false and the trial
// goes on.
//
// A key that does not determine the rest of the trial gives wrong results
// without any error: tests should compare a merged enumeration with an
// unmerged one (Config.NoMerge).
func (s *Source) Merge(key []byte) bool { return s.merge(key, nil, nil) }

// MergeCounts is Merge for a trial that keeps running counts and records
// them at the end: base[m] is what metric m has counted so far (one entry
// per metric, 0 for a metric that is no count), and key must determine
// everything the trial will still draw and how much it will add to each
// count, but not the counts themselves. Paths that differ only in what
// they have counted so far then meet at one key. A count must never be
// recorded below its base: that panics.
func (s *Source) MergeCounts(key []byte, base []int) bool { return s.merge(key, base, nil) }

// MergePermuted is MergeCounts for a trial that names its state by a
// canonical form: key is that of the canonical state, and perm[m] (one
// entry per metric, a permutation) is the metric the canonical state
// records what this trial will record as metric m. The rest of the
// trial must then record, for each metric m, what a trial in the
// canonical state would record for perm[m], in distribution: two states
// that are relabellings of one another, like the states of two identical
// units swapped, meet at one key. Only metrics with the same number of
// outcomes may be swapped, else it panics; base is in the trial's own
// metrics. A nil perm is MergeCounts. A trial replaying its draws
// (Replaying) may pass nil for both key and perm.
func (s *Source) MergePermuted(key []byte, base []int, perm []int32) bool {
	return s.merge(key, base, perm)
}

func (s *Source) merge(key []byte, base []int, perm []int32) bool {
	g := s.mg
	if g == nil && s.paths != nil && s.paths.merging {
		return s.paths.merge(key, base, perm)
	}
	if g == nil || s.depth < s.floor {
		// Before the root draw a subtree would span roots that other
		// enumerators walk.
		return false
	}
	if s.depth <= s.moved {
		// The draws so far are those of the path before, which passed
		// this point too: its recording is open, and the calls meet the
		// open recordings in order.
		if s.calls >= len(g.open) || g.open[s.calls].depth != s.depth || key != nil && g.open[s.calls].key != string(key) {
			panic("sim: a trial replaying its draws passed a merge point its earlier paths did not (not a pure function of its draws?)")
		}
		s.calls++
		g.clearRecord()
		return false
	}
	s.calls++
	if key == nil {
		panic("sim: Merge with a nil key where the trial is not replaying (Source.Replaying)")
	}
	for i := range g.open {
		if r := &g.open[i]; r.depth == s.depth && r.key == string(key) {
			// A later path of the subtree being recorded.
			g.clearRecord()
			return false
		}
	}
	if perm != nil {
		g.checkPerm(perm)
	}
	if e, ok := g.memo[string(key)]; ok {
		g.hits++
		g.hit = e.shares
		g.hitBase = g.hitBase[:0]
		for _, b := range base {
			g.hitBase = append(g.hitBase, uint16(b))
		}
		g.hitInv = nil
		if perm != nil {
			g.hitInv = g.invInto(perm)
		}
		g.xhit = e.x
		s.path = s.path[:s.depth]
		return true
	}
	var acc []float64
	if n := len(g.spare); n > 0 {
		acc, g.spare = g.spare[n-1], g.spare[:n-1]
	} else {
		acc = make([]float64, 2*g.slots())
	}
	var xw *ratio
	if g.exact {
		var x *fracSum
		if n := len(g.xspare); n > 0 {
			x, g.xspare = g.xspare[n-1], g.xspare[:n-1]
		} else {
			x = newFracSum(g.size + len(g.rec.out))
		}
		g.xopen = append(g.xopen, x)
		// The exact weight of the draws since the recording around this
		// one, what this one's exact sums are scaled by when it folds.
		from := 0
		if n := len(g.open); n > 0 {
			from = g.open[n-1].depth
		}
		xw = new(ratio)
		if d := xw.of(s.path[from:s.depth]); d != nil && g.xerr == nil {
			g.xerr = &FractionError{Dist: d}
		}
	}
	var b []uint16
	if base != nil {
		b = make([]uint16, len(base))
		for m, v := range base {
			b[m] = uint16(v)
		}
	}
	var p, inv []int32
	if perm != nil {
		p = append([]int32(nil), perm...)
		inv = make([]int32, len(p))
		for m, c := range p {
			inv[c] = int32(m)
		}
	}
	g.opened++
	g.open = append(g.open, recording{key: string(key), depth: s.depth, w0: s.weight, paths0: g.paths,
		pre: append([]uint16(nil), g.rec.out...), base: b, perm: p, inv: inv, acc: acc, xw: xw})
	g.clearRecord()
	return false
}

// finish adds the trial just run, of weight w, to the innermost open
// recording, or to the totals when none is open. A recording adds what it
// holds to the one around it, or to the totals, when it completes (fold):
// a path costs the outcomes it reaches once, not once per recording open
// around it. When the run asks for fractions, the slots it adds to stay
// in g.dst, in the order of the path's metrics or of the hit's shares,
// for finishExact; endPath then forgets the hit.
func (g *merger) finish(w float64) {
	g.paths++
	cur := g.rec.out
	n := len(g.open)
	var base []uint16
	var to []int32
	if n > 0 {
		base, to = g.open[n-1].base, g.open[n-1].perm
	}
	if !g.exact {
		g.finishFloats(w, cur, base, to)
		return
	}
	dst := g.dst[:0]
	if g.hit == nil {
		for m, k := range cur {
			dst = append(dst, g.slot(m, k, base, to))
		}
	} else {
		for _, sh := range g.hit {
			dst = append(dst, g.reach(sh.slot, cur, g.hitBase, g.hitInv, base, to))
		}
	}
	g.dst = dst
	if n > 0 {
		r := &g.open[n-1]
		f := w / r.w0
		acc := r.acc
		if g.hit == nil {
			for _, i := range dst {
				g.add(acc, i, f)
			}
		} else {
			for j, i := range dst {
				g.add(acc, i, f*g.hit[j].p)
			}
		}
		return
	}
	if g.hit == nil {
		for _, i := range dst {
			g.total(i, w)
		}
	} else {
		for j, i := range dst {
			g.total(i, w*g.hit[j].p)
		}
	}
}

// finishFloats is finish for a run without fractions: each slot is added
// to as it is found, which is faster than keeping them.
func (g *merger) finishFloats(w float64, cur, base []uint16, to []int32) {
	if n := len(g.open); n > 0 {
		r := &g.open[n-1]
		f := w / r.w0
		acc := r.acc
		if g.hit == nil {
			for m, k := range cur {
				g.add(acc, g.slot(m, k, base, to), f)
			}
		} else {
			for _, sh := range g.hit {
				g.add(acc, g.reach(sh.slot, cur, g.hitBase, g.hitInv, base, to), f*sh.p)
			}
		}
		return
	}
	if g.hit == nil {
		for m, k := range cur {
			g.total(g.slot(m, k, nil, nil), w)
		}
	} else {
		for _, sh := range g.hit {
			g.total(g.reach(sh.slot, cur, g.hitBase, g.hitInv, nil, nil), w*sh.p)
		}
	}
}

// endPath forgets the hit of the path just finished.
func (g *merger) endPath() {
	g.hit, g.hitBase, g.hitInv, g.xhit = nil, g.hitBase[:0], nil, nil
}

// total adds x to the totals' slot i.
func (g *merger) total(i int, x float64) {
	if i >= g.size {
		panic("sim: trial recorded no outcome for metric " + g.names(i-g.size))
	}
	neumaier(&g.sum[i], &g.comp[i], x)
}

// fold adds the shares of recording r, just completed or given up, to the
// recording around it, or to the totals when there is none: a share of
// metric m unwritten below r's key lands on what the path wrote between
// the two keys (r.pre).
func (g *merger) fold(n int, shares []share) {
	r := &g.open[n]
	if n > 0 {
		up := &g.open[n-1]
		f := r.w0 / up.w0
		for _, sh := range shares {
			g.add(up.acc, g.reach(sh.slot, r.pre, r.base, r.inv, up.base, up.perm), f*sh.p)
		}
		return
	}
	for _, sh := range shares {
		g.total(g.reach(sh.slot, r.pre, r.base, r.inv, nil, nil), r.w0*sh.p)
	}
}

// foldSlots are the slots fold adds recording n's shares to, one per
// share, in g.dst: found once for its float and its exact sums.
func (g *merger) foldSlots(n int, shares []share) []int {
	r := &g.open[n]
	var base []uint16
	var to []int32
	if n > 0 {
		base, to = g.open[n-1].base, g.open[n-1].perm
	}
	dst := g.dst[:0]
	for _, sh := range shares {
		dst = append(dst, g.reach(sh.slot, r.pre, r.base, r.inv, base, to))
	}
	g.dst = dst
	return dst
}

// foldAt is fold into the slots foldSlots found.
func (g *merger) foldAt(n int, shares []share, dst []int) {
	r := &g.open[n]
	if n > 0 {
		up := &g.open[n-1]
		f := r.w0 / up.w0
		for j, i := range dst {
			g.add(up.acc, i, f*shares[j].p)
		}
		return
	}
	for j, i := range dst {
		g.total(i, r.w0*shares[j].p)
	}
}

// drain folds every open recording into the totals, innermost first, for
// a walk that stops before its end: its sums are then those of the paths
// it walked.
func (g *merger) drain() {
	for n := len(g.open) - 1; n >= 0; n-- {
		var shares []share
		for i, p := range g.sums(g.open[n].acc) {
			if p != 0 {
				shares = append(shares, share{int32(i), p})
			}
		}
		g.fold(n, shares)
	}
	g.open = g.open[:0]
}

// slots is the number of slots of a recording: every outcome, and
// "unwritten" for every metric.
func (g *merger) slots() int { return g.size + len(g.rec.out) }

// add adds x to slot i of a recording's sums acc, compensated (Neumaier),
// as the totals are: the totals now receive a recording's sums in one
// piece, and they keep the precision the totals had when every path went
// to them, so that a figure two runs of different shapes share (a plan's
// Δ of 0) comes out the same in both.
func (g *merger) add(acc []float64, i int, x float64) {
	neumaier(&acc[i], &acc[g.slots()+i], x)
}

// sums folds a recording's compensations into its sums and returns them.
func (g *merger) sums(acc []float64) []float64 {
	n := g.slots()
	for i := range n {
		acc[i] += acc[n+i]
		acc[n+i] = 0
	}
	return acc[:n]
}

// slot is the accumulator slot of value k of metric m in a recording
// whose bases are base (nil: none) and which keeps metric m as metric
// to[m] (nil: as m): its outcome less the base, or "unset" when unset.
func (g *merger) slot(m int, k uint16, base []uint16, to []int32) int {
	c := m
	if to != nil {
		c = int(to[m])
	}
	if k == unset {
		return g.size + c
	}
	i := int(k)
	if i >= metricSize(g.offsets, g.size, m) {
		panic(fmt.Sprintf("sim: trial recorded outcome %d of metric %s, which has %d labels", k, g.names(m), metricSize(g.offsets, g.size, m)))
	}
	if base != nil {
		if i -= int(base[m]); i < 0 {
			panic(fmt.Sprintf("sim: a trial recorded %d for metric %d, below its base %d (MergeCounts)", k, m, base[m]))
		}
	}
	return g.offsets[c] + i
}

// reach is the slot a recorded share lands in on a path whose values are
// cur, in a recording whose bases are base and which keeps metric m as
// to[m] (nil: as m): an outcome slot of metric c, taken in a recording
// read with the bases from and which stands for the path's metric inv[c]
// (nil: c), is placed by base and to; "metric c unwritten" goes to cur's
// value.
func (g *merger) reach(slot int32, cur, from []uint16, inv []int32, base []uint16, to []int32) int {
	if int(slot) >= g.size {
		m := int(slot) - g.size
		if inv != nil {
			m = int(inv[m])
		}
		return g.slot(m, cur[m], base, to)
	}
	if len(base) == 0 && len(from) == 0 && inv == nil && to == nil {
		return int(slot)
	}
	m := int(g.metricOf[slot])
	k := int(slot) - g.offsets[m]
	if inv != nil {
		m = int(inv[m])
	}
	if len(from) > 0 {
		k += int(from[m])
	}
	return g.slot(m, uint16(k), base, to)
}

// checkPerm panics unless perm is a permutation of the metrics that maps
// each to one with as many outcomes.
func (g *merger) checkPerm(perm []int32) {
	if len(perm) != len(g.offsets) {
		panic(fmt.Sprintf("sim: MergePermuted with %d metrics, the schema has %d", len(perm), len(g.offsets)))
	}
	inv := g.invInto(nil)
	for i := range inv {
		inv[i] = -1
	}
	for m, c := range perm {
		if c < 0 || int(c) >= len(perm) || g.sameSize[c] != g.sameSize[m] {
			panic(fmt.Sprintf("sim: MergePermuted maps metric %d to %d, which has another number of outcomes or none", m, c))
		}
		if inv[c] >= 0 {
			panic(fmt.Sprintf("sim: MergePermuted maps two metrics to %d: not a permutation", c))
		}
		inv[c] = int32(m)
	}
}

// invInto returns the inverse of perm in the merger's scratch, which
// has an entry per metric (perm nil: left as it was).
func (g *merger) invInto(perm []int32) []int32 {
	if len(g.invBuf) < len(g.offsets) {
		g.invBuf = make([]int32, len(g.offsets))
	}
	inv := g.invBuf[:len(g.offsets)]
	for m, c := range perm {
		inv[c] = int32(m)
	}
	return inv
}

// complete closes the recordings whose subtree the walk has left: those
// opened below draw p, the one the enumeration just moved (p < 0: the
// walk is over).
func (g *merger) complete(p int) {
	for n := len(g.open); n > 0 && g.open[n-1].depth > p; n-- {
		r := g.open[n-1]
		var shares []share
		var x *fracSum
		if !g.exact {
			sums, nz := g.sums(r.acc), 0
			for _, p := range sums {
				nz += boolInt(p != 0)
			}
			shares = make([]share, 0, nz) // kept by the memo: sized once
			for i, p := range sums {
				if p != 0 {
					shares = append(shares, share{int32(i), p})
				}
			}
		} else {
			x = g.xopen[n-1]
			g.xopen = g.xopen[:n-1]
			shares = x.shares(g.sums(r.acc))
			dst := g.foldSlots(n-1, shares)
			g.foldExact(n-1, x, shares, dst)
			g.foldAt(n-1, shares, dst)
		}
		if !g.exact {
			g.fold(n-1, shares)
		}
		clear(r.acc)
		g.spare = append(g.spare, r.acc)
		if old, ok := g.memo[r.key]; ok { // the key recurred below itself
			g.bytes -= entryBytes(r.key, old.shares, old.x)
		}
		var xs *fracs
		if x != nil {
			xs = x.shareFracs(shares)
			x.reset()
			g.xspare = append(g.xspare, x)
		}
		g.memo[r.key] = memoEntry{shares, g.paths - r.paths0, xs}
		g.bytes += entryBytes(r.key, shares, xs)
		g.open = g.open[:n-1]
	}
	if g.cap > 0 && g.bytes > g.cap {
		g.evict()
	}
}

// evict drops the entries that saved the fewest paths, by powers of two
// of their paths, until the memo holds at most half its cap. The entries
// dropped are a function of the memo's contents only, not of the map's
// order.
func (g *merger) evict() {
	var byLen [65]uint64 // bytes of the entries by bits.Len64 of their paths
	for k, e := range g.memo {
		byLen[bits.Len64(e.paths)] += entryBytes(k, e.shares, e.x)
	}
	cut := -1
	for b := range byLen {
		if g.bytes <= g.cap/2 {
			break
		}
		g.bytes -= byLen[b]
		cut = b
	}
	for k, e := range g.memo {
		if bits.Len64(e.paths) <= cut {
			delete(g.memo, k)
			g.dropped++
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
