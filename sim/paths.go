package sim

import "fmt"

// Walking the paths trials have taken.
//
// A trial is a pure function of its draws, so two trials that draw the same
// values record the same outcomes. An experiment that sets KeepPaths lets
// each Monte Carlo worker keep the paths its trials have taken as a tree:
// a node per draw, holding what was drawn there (the Dist, or the range of
// Intn) and a child per value, and a leaf per path, holding the outcomes
// the trial recorded. A trial then walks the tree: it draws at each node as
// the model would have, from the same source, and follows the child of the
// value drawn, to a leaf, whose outcomes it counts once. Only a trial that
// reaches a value no trial of the worker has drawn there runs the model:
// with the values walked so far replayed, and the rest drawn live, as the
// tree grows by its path.
//
// The walk makes the draws of the model, in order, from the same stream,
// and the model, run on a miss, makes the rest: a trial's draws and
// outcomes are the same whether the worker's tree held its path or not, so
// the result is the same for any number of workers and any history. What
// a walk saves is the model's work between its draws, which is most of a
// trial of a model that resolves a stack unit by unit: a walk step is a
// draw, a load and a branch.
//
// The model is run with its hand of dice empty (Hand), so that each roll
// passes through the source one draw at a time and becomes a node: a model
// whose rolls by hand are not the same dice as its rolls through the
// source (Source.Roll) must not set KeepPaths. The tree is bounded: at
// maxPathBytes a worker stops growing it and runs the model on every
// trial that leaves it.

// maxPathBytes is the most memory one worker's tree may take.
const maxPathBytes = 64 << 20

// maxArity is the most values a draw may have to be kept as a node: a draw
// over more (a uniform draw over a large range) stops the tree growing.
const maxArity = 1 << 12

// noKids are the children of a new node.
var noKids [maxArity]int32

// pathNode is a draw of the tree, or a leaf.
type pathNode struct {
	// n is the range of an Intn, or the Dist's total.
	n uint64
	// dist is the Dist drawn from (Pick, PickValue) as its index in
	// paths.dists, -1 for Intn: the nodes hold no pointer for the
	// garbage collector to follow.
	dist int32
	// k is the dice the draw takes (sixes.go), 0 for a uniform draw over
	// n.
	k int8
	// leaf marks the end of a path: at is then its outcomes' row in
	// paths.rows.
	leaf bool
	// at is where the node's children start in paths.kids, one per value;
	// a leaf's row.
	at int32
}

// paths is one worker's tree, and the state of the model's run on a miss.
type paths struct {
	nodes []pathNode
	// dists are the Dists drawn from, distOf their indices.
	dists  []*Dist
	distOf map[*Dist]int32
	// kids holds every node's children, as node index + 1 (0: not yet
	// drawn); kids[0] is the root.
	kids []int32
	// rows are the leaves' outcomes, one per metric, len(metrics) apart;
	// rowOf finds a row already kept.
	rows    []uint16
	rowOf   map[string]int32
	metrics int
	// bytes is what the tree takes, cap the most it may; full: it has
	// stopped growing.
	bytes, cap int
	full       bool

	// counts is the chunk's count of each row.
	counts []uint64
	// walked are the values drawn by the current trial, node by node.
	walked []int32

	// A miss: the model replays walked[:pos] and draws on from the node
	// at (an index into nodes, -1 where the tree ends), whose value goes
	// to kids[slot]. The source's hand is kept here meanwhile.
	pos, at, slot int32
	six           uint64
	left          int8
	key           []byte
}

func newPaths(metrics int) *paths {
	return &paths{kids: []int32{0}, rowOf: map[string]int32{}, distOf: map[*Dist]int32{},
		metrics: metrics, cap: maxPathBytes, at: -1}
}

// runPaths runs the n trials of a chunk by walking w's tree, and folds
// their outcomes into w.counts. The walk rolls from a hand of dice, kept
// in registers, as a trial of the model would through Source.Roll.
func (w *worker) runPaths(n uint64) {
	p, src := w.paths, &w.src
	nodes, kids, dists, counts := p.nodes, p.kids, p.dists, p.counts
	for range n {
		src.topUp()
		h := src.Hand()
		walked := p.walked[:0]
		slot := int32(0)
		for {
			at := kids[slot] - 1
			if at < 0 {
				src.Keep(h)
				p.walked = walked
				w.miss(slot)
				nodes, kids, dists, counts = p.nodes, p.kids, p.dists, p.counts
				h = src.Hand()
				break
			}
			nd := &nodes[at]
			if nd.leaf {
				counts[nd.at]++
				break
			}
			var r uint64
			if nd.k > 0 {
				var next Hand
				var ok bool
				if r, next, ok = h.Roll(int(nd.k)); ok {
					h = next
				} else {
					src.Keep(h)
					r = src.sixes(nd.k)
					h = src.Hand()
				}
			} else {
				r = src.uniform(nd.n)
			}
			var i int
			switch {
			case nd.dist >= 0:
				i = dists[nd.dist].index(r)
			case nd.k > 0:
				i = int(r % nd.n)
			default:
				i = int(r)
			}
			walked = append(walked, int32(i))
			slot = nd.at + int32(i)
		}
		src.Keep(h)
	}
	p.fold(w.counts, w.offsets)
	w.trials += n
	w.checkTotals()
}

// fold adds the rows counted since the last fold to counts.
func (p *paths) fold(counts []uint64, offsets []int) {
	for r, c := range p.counts {
		if c == 0 {
			continue
		}
		row := p.rows[r*p.metrics : (r+1)*p.metrics]
		for m, k := range row {
			counts[offsets[m]+int(k)] += c
		}
		p.counts[r] = 0
	}
}

// miss runs the model on a trial that walked to the empty child slot:
// it replays the values walked and draws the rest, growing the tree by
// the new path, and counts the trial.
func (w *worker) miss(slot int32) {
	p, src, rec := w.paths, &w.src, w.rec
	p.pos, p.slot = 0, 0
	p.at = p.kids[0] - 1
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
	for m, k := range rec.out {
		if k == unset {
			panic(fmt.Sprintf("sim: trial recorded no outcome for metric %q", w.schema.Metrics[m].Name))
		}
	}
	r := p.row(rec.out)
	if r >= 0 {
		p.grow(pathNode{leaf: true, at: r}, 0)
		p.counts[r]++
	} else {
		// The tree is full: the outcomes go straight to the tally.
		for m, k := range rec.out {
			w.counts[w.offsets[m]+int(k)]++
		}
	}
	rec.reset()
}

// row returns the row of outcomes out, kept once however many leaves end
// on it, or -1 when the tree is full.
func (p *paths) row(out []uint16) int32 {
	p.key = p.key[:0]
	for _, k := range out {
		p.key = append(p.key, byte(k), byte(k>>8))
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
	p.bytes += 2*len(out) + 2*len(p.key) + 64
	return r
}

// grow puts nd, with arity children, where the model's path has reached
// the tree's end, and returns its index; -1 when the tree is full.
func (p *paths) grow(nd pathNode, arity int) int32 {
	if p.full || p.at >= 0 {
		return -1
	}
	if arity > maxArity || p.bytes >= p.cap {
		p.full = true
		return -1
	}
	if !nd.leaf {
		nd.at = int32(len(p.kids))
		p.kids = append(p.kids, noKids[:arity]...)
	}
	i := int32(len(p.nodes))
	p.nodes = append(p.nodes, nd)
	p.kids[p.slot] = i + 1
	p.bytes += 40 + 4*arity
	return i
}

// draw is a draw of the model run on a miss, over a Dist d or, for a nil
// d, over [0, n): a value walked, replayed, or a new one, drawn from the
// source as a Monte Carlo draw and kept in the tree.
func (p *paths) draw(s *Source, d *Dist, n uint64) int {
	if p.pos < int32(len(p.walked)) {
		nd := &p.nodes[p.at]
		if nd.dist != p.distIndex(d) || nd.n != n {
			panic("sim: trial is not a pure function of its draws (it drew otherwise when replayed)")
		}
		i := p.walked[p.pos]
		p.pos++
		p.slot = nd.at + i
		p.at = p.kids[p.slot] - 1
		return int(i)
	}
	k := int8(0)
	if d != nil {
		k = d.sixes
	} else if n < uint64(len(smallSixes)) {
		k = smallSixes[n]
	}
	s.six, s.left = p.six, p.left
	var i int
	switch {
	case d == nil && k > 0:
		i = int(s.sixes(k) % n)
	case d == nil:
		i = int(s.uniform(n))
	case k > 0:
		i = d.index(s.sixes(k))
	default:
		i = d.index(s.uniform(n))
	}
	p.six, p.left = s.six, s.left
	s.six, s.left = 0, 0
	arity := int(n)
	if d != nil {
		arity = d.Len()
	}
	if at := p.grow(pathNode{dist: p.distIndex(d), n: n, k: k}, arity); at >= 0 {
		p.slot = p.nodes[at].at + int32(i)
	} else {
		p.full = true
	}
	return i
}

// distIndex is d's index in p.dists, -1 for nil.
func (p *paths) distIndex(d *Dist) int32 {
	if d == nil {
		return -1
	}
	i, ok := p.distOf[d]
	if !ok {
		i = int32(len(p.dists))
		p.distOf[d] = i
		p.dists = append(p.dists, d)
	}
	return i
}
