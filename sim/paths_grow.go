package sim

import (
	"fmt"
	"unsafe"
)

// The model's run on a miss, which grows the graph (paths.go).

// miss runs the model on a trial that walked to an empty slot: it replays
// the values walked and draws the rest, growing the graph by the new path.
// It returns the slot of the kept state the run stopped on, from where the
// walk goes on, or -1 when the trial ran to its end, counted.
//
// The run stops on a kept state though the walk may leave the graph again
// further on and replay the trial from its first draw once more: a quarter
// of the reference crossing's misses are a trial's second or later. A run
// that went on to the trial's end instead, drawing live along the kept
// paths and growing them where they ended, saved those replays but ran
// the model where the walk would have: 5.79–5.86 M trials/s on the
// reference crossing against 5.76–5.90, the fire and plan benchmarks the
// same within their noise.
func (w *worker) miss() int32 {
	p, src, rec := w.paths, &w.src, w.rec
	if p.bytes >= p.cap {
		p.full = true
	}
	p.growing, p.merging = !p.full, !p.full
	p.pos, p.slot = 0, 0
	p.merged, p.drew = false, false
	p.stopped, p.rec = -1, rec
	unsetAll(p.whole)
	p.six, p.left = src.six, src.left
	src.six, src.left = 0, 0
	src.exact, src.paths = true, p
	rec.expand = true
	w.trial(src, rec)
	rec.expand = false
	src.exact, src.paths = false, nil
	src.six, src.left = p.six, p.left
	if int(p.pos) != len(p.walked) {
		panic("sim: trial is not a pure function of its draws (it drew less when replayed)")
	}
	if p.stopped >= 0 {
		p.merging = false
		rec.reset()
		return p.stopped
	}
	p.passJoins()
	p.merging = false
	if p.kids[p.slot].op != emptyNode {
		panic("sim: trial is not a pure function of its draws (it ended where a replayed path went on)")
	}
	overlay(p.whole, rec.out)
	for m, k := range p.whole {
		if k == unset {
			panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
		}
	}
	if p.growing {
		p.kids[p.slot] = pathNode{op: leafNode, row: p.row(rec.out)}
		p.bytes += 12
	}
	p.countOut(w, p.whole)
	rec.reset()
	return -1
}

// row returns the row of outcomes out, kept once however many nodes keep
// it; -1 when out records nothing, or when the graph is full and holds no
// such row.
func (p *paths) row(out []uint16) int32 {
	p.key = p.key[:0]
	none := true
	for _, k := range out {
		p.key = append(p.key, byte(k), byte(k>>8))
		none = none && k == unset
	}
	if none {
		return -1
	}
	if r, ok := p.rowOf[string(p.key)]; ok {
		return r
	}
	if p.full {
		return -1
	}
	r := int32(len(p.counts))
	p.rowOf[string(p.key)] = r
	p.rows = append(p.rows, out...)
	p.counts = append(p.counts, 0)
	for i := range p.words {
		var b uint64
		for m := 64 * i; m < min(64*i+64, len(out)); m++ {
			if out[m] != unset {
				b |= 1 << (m - 64*i)
			}
		}
		p.masks = append(p.masks, b)
	}
	p.bytes += 2*len(out) + 2*len(p.key) + 8*p.words + 64
	return r
}

// draw is a draw of the model run on a miss, over a Dist d or, for a nil
// d, over [0, n): a value walked, replayed, or a new one, drawn from the
// source as a Monte Carlo draw and kept in the graph.
func (p *paths) draw(s *Source, d *Dist, n uint64) int {
	o := drawOp{dist: d, n: n}
	if d != nil {
		o.k, o.t, o.arity = d.sixes, d.tens, d.Len()
	} else {
		o.arity = int(n)
		o.k, o.t = intnDice(n)
	}
	p.passJoins()
	p.drew = true
	nd := &p.kids[p.slot]
	if p.pos < int32(len(p.walked)) {
		if nd.op <= 0 || p.ops[nd.op-1] != o {
			panic("sim: trial is not a pure function of its draws (it drew otherwise when replayed)")
		}
		i := p.walked[p.pos]
		p.pos++
		p.slot = nd.at + i
		return int(i)
	}
	if nd.op != emptyNode {
		panic("sim: trial is not a pure function of its draws (it drew where a replayed path did otherwise)")
	}
	s.six, s.left = p.six, p.left
	i := o.draw(s)
	p.six, p.left = s.six, s.left
	s.six, s.left = 0, 0
	// Walked too: a run that stops on a kept state leaves the rest of
	// the trial to the walk, which must replay these on its next miss.
	p.walked = append(p.walked, int32(i))
	p.pos++
	if !p.growing {
		return i
	}
	if o.arity > maxArity {
		// No node for it: the graph stops growing here, for good.
		p.growing, p.full = false, true
		return i
	}
	op, ok := p.opOf[o]
	if !ok {
		op = int32(len(p.ops))
		p.opOf[o] = op
		p.ops = append(p.ops, o)
		var st int32
		n := len(p.luts)
		st, p.luts = o.step(p.luts)
		if st == noStep {
			st, p.luts = o.guideStep(op, p.luts)
		}
		if st == noStep {
			st = o.searchStep(op)
		}
		p.steps = append(p.steps, st)
		kind := st & stepDice
		p.uniform = p.uniform || kind > stepMaxDice && kind != noStep
		p.bytes += len(p.luts) - n
	}
	at := int32(len(p.kids))
	p.kids = append(p.growKids(o.arity), noKids[:o.arity]...)
	p.kids[p.slot] = pathNode{op: op + 1, at: at, row: p.steps[op]}
	p.bytes += 12 * o.arity
	p.slot = at + int32(i)
	return i
}

// growKids returns p.kids with room for n more nodes. It doubles the
// slice, where append would grow one this large by a quarter and copy it
// four times as often: the reference crossing's graph, some hundreds of
// thousands of nodes, spent a twentieth of a run being copied. The
// doubling stops at the graph's share of pathBytes, which it cannot pass.
func (p *paths) growKids(n int) []pathNode {
	need := len(p.kids) + n
	if need <= cap(p.kids) {
		return p.kids
	}
	size := max(need, min(2*cap(p.kids), p.cap/int(unsafe.Sizeof(pathNode{}))))
	kids := make([]pathNode, len(p.kids), size)
	copy(kids, p.kids)
	return kids
}

// passJoins passes the joins of the path walked for a model run that
// declares no merge points, as one does once the graph is full: its
// records are all in its record at its end.
func (p *paths) passJoins() {
	for !p.merging && p.kids[p.slot].op == joinNode {
		p.slot = p.kids[p.slot].at
	}
}

// replaying is Source.Replaying for the model run on a miss: whether it
// is on the path walked, where a merge point can only be the join there.
func (p *paths) replaying() bool {
	return p.merging && (p.pos < int32(len(p.walked)) || p.kids[p.slot].op == joinNode || p.isShortcut(p.slot))
}

// merge is Source.Merge for the model run on a miss: a merge point passed
// again as the values walked are replayed, or a new one, where the path
// joins the state's subtree, stopping the run if the graph has it.
func (p *paths) merge(key []byte, base []int, perm []int32) bool {
	if p.merged && !p.drew {
		// A second merge point with no draw since the last, a state
		// declared again or its next step: passed, so that a join never
		// leads to another, nor to itself. The rest of the trial still
		// follows from the last state joined.
		return false
	}
	p.merged, p.drew = true, false
	// What the trial recorded since its last merge point, if anything:
	// most merge points follow draws that recorded nothing.
	out := p.rec.out
	wrote := p.rec.direct
	p.rec.direct = false
	if wrote {
		overlay(p.whole, out)
	}
	if p.isShortcut(p.slot) {
		// The join was here: its copy of the state's first node stands
		// for that node.
		p.clearOut(wrote)
		return false
	}
	if nd := p.kids[p.slot]; nd.op != emptyNode {
		if nd.op != joinNode {
			panic("sim: a trial replaying its draws passed a merge point its earlier paths did not (not a pure function of its draws?)")
		}
		p.slot = nd.at
		p.clearOut(wrote)
		return false
	}
	if !p.growing {
		p.clearOut(wrote)
		return false
	}
	if key == nil {
		panic("sim: Merge with a nil key where the trial is not replaying (Source.Replaying)")
	}
	part := int32(-1)
	if wrote {
		part = p.row(out)
		unsetAll(out)
	}
	if part >= 0 {
		p.parts = append(p.parts, part)
	}
	k := p.stateKey(key, base, perm)
	target, known := p.states[string(k)]
	if !known {
		target = int32(len(p.kids))
		p.kids = append(p.growKids(1), pathNode{})
		p.states[string(k)] = target
		p.bytes += len(k) + 76
	}
	p.kids[p.slot] = pathNode{op: joinNode, row: part, at: target}
	p.coverShort(p.slot)
	p.slot = target
	if known {
		p.stopped = target
	}
	return known
}

// clearOut empties the trial's record at a merge point, if it wrote.
func (p *paths) clearOut(wrote bool) {
	if wrote {
		unsetAll(p.rec.out)
	}
}

// stateKey is the key of a merged state in p.states: which of base and
// perm there are, each entry of them, and the model's key. The outcomes a
// join's subtree keeps are the trial's own, so the counts' bases and the
// permutation are part of the state.
func (p *paths) stateKey(key []byte, base []int, perm []int32) []byte {
	b := p.key[:0]
	var flags byte
	if base != nil {
		flags |= 1
	}
	if perm != nil {
		flags |= 2
	}
	b = append(b, flags)
	for _, v := range base {
		b = append(b, byte(v), byte(v>>8))
	}
	for _, v := range perm {
		b = append(b, byte(v), byte(v>>8))
	}
	b = append(b, key...)
	p.key = b
	return b
}

// shortcut puts the node in slot at, the first node of the state that
// the join in slot leads to, in the join's place (pass). The join keeps
// no outcomes, so the walk and the model's run on a miss both go on from
// the copy as they would from the node: a node, once set, never changes,
// and the copy's children are its children. It runs once a join, out of
// the walk's loop, and allocates nothing: merge made short cover the
// join's slot when it wrote the join (coverShort).
//
//go:noinline
func (p *paths) shortcut(slot, at int32) {
	p.short[slot>>6] |= 1 << (slot & 63)
	p.kids[slot] = p.kids[at]
}

// coverShort grows short, if need be, to hold the bit of slot, where a
// join has just been written, for a walk that must not allocate to
// replace it (shortcut).
func (p *paths) coverShort(slot int32) {
	w := int(slot >> 6)
	if w < len(p.short) {
		return
	}
	n := len(p.short)
	p.short = append(p.short, make([]uint64, max(w+1-n, n))...)
	p.bytes += 8 * (len(p.short) - n)
}

// isShortcut reports whether the join in slot has been replaced by a copy
// of its state's first node.
func (p *paths) isShortcut(slot int32) bool {
	w := int(slot >> 6)
	return w < len(p.short) && p.short[w]&(1<<(slot&63)) != 0
}
