package sim

import "math/bits"

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
// before the key then stands). Recordings nest: a path adds to every one
// that is open, each relative to its own key.
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
	// nil when it ran to its end.
	hit []share
	cur []uint16 // scratch: the current path's values relative to a level
	// bytes is what the memo holds by entryBytes, cap the most it may
	// hold (0: no cap).
	bytes, cap uint64
	// paths counts the paths finished, so that a recording knows how many
	// it walked.
	paths uint64
	// spare holds the accumulators of completed recordings, zeroed, for
	// the next ones.
	spare [][]float64
	// exact is set when the run asks for fractions (fraction.go): each
	// open recording then keeps exact sums beside its floats, in xopen,
	// xmemo holds the exact shares of each memo entry, xhit those of hit,
	// and xspare the exact sums of completed recordings, emptied, for the
	// next ones. Kept apart, they leave the recordings and the memo of a
	// run without fractions as they were.
	exact  bool
	xopen  []*fracSum
	xmemo  map[string]*fracs
	xhit   *fracs
	xspare []*fracSum
}

// memoEntry is a completed recording: its distribution, and the paths its
// walk took, which is what a hit on it saves.
type memoEntry struct {
	shares []share
	paths  uint64
}

// entryBytes is the memory a memo entry takes: its key and shares, and
// about 64 bytes of map slot, headers and allocation rounding; and its
// exact shares x, if any (nil: none).
func entryBytes(key string, shares []share, x *fracs) uint64 {
	n := uint64(64 + len(key) + 16*len(shares))
	if x != nil {
		n += 48 + x.bytes() // its own map slot too
	}
	return n
}

// xshares returns the exact shares of memo entry key, nil when the run
// asks for no fractions.
func (g *merger) xshares(key string) *fracs {
	if !g.exact {
		return nil
	}
	return g.xmemo[key]
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
	acc    []float64
}

// newMerger returns the merging state of an enumerator whose memo may
// hold cap bytes (0: no cap).
func newMerger(rec *Record, offsets []int, size int, cap uint64) *merger {
	return &merger{rec: rec, offsets: offsets, size: size, memo: map[string]memoEntry{},
		cur: make([]uint16, len(rec.out)), cap: cap}
}

// release drops the memo of a walk that is over.
func (g *merger) release() {
	g.memo, g.spare, g.bytes = nil, nil, 0
	g.xmemo, g.xspare = nil, nil
}

// Merging reports whether this source merges equal states: true in exact
// mode. A model builds its state keys only then, so Monte Carlo trials pay
// nothing for them.
func (s *Source) Merging() bool { return s.mg != nil }

// Exact reports whether the source enumerates every path. A model may
// draw in another order in exact mode, with the same distribution, to give
// its merge keys more to merge; it must decide that by Exact, not by
// Merging, which is false for the walk that finds the first draw and with
// Config.NoMerge.
func (s *Source) Exact() bool { return s.exact && s.tape == nil }

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
func (s *Source) Merge(key []byte) bool {
	g := s.mg
	if g == nil || s.depth < s.floor {
		// Before the root draw a subtree would span roots that other
		// enumerators walk.
		return false
	}
	for i := range g.open {
		if r := &g.open[i]; r.depth == s.depth && r.key == string(key) {
			// A later path of the subtree being recorded.
			g.rec.reset()
			return false
		}
	}
	if e, ok := g.memo[string(key)]; ok {
		g.hit = e.shares
		if g.exact {
			g.xhit = g.xmemo[string(key)]
		}
		s.path = s.path[:s.depth]
		return true
	}
	var acc []float64
	if n := len(g.spare); n > 0 {
		acc, g.spare = g.spare[n-1], g.spare[:n-1]
	} else {
		acc = make([]float64, g.size+len(g.rec.out))
	}
	if g.exact {
		var x *fracSum
		if n := len(g.xspare); n > 0 {
			x, g.xspare = g.xspare[n-1], g.xspare[:n-1]
		} else {
			x = newFracSum(g.size + len(g.rec.out))
		}
		g.xopen = append(g.xopen, x)
	}
	g.open = append(g.open, recording{key: string(key), depth: s.depth, w0: s.weight, paths0: g.paths,
		pre: append([]uint16(nil), g.rec.out...), acc: acc})
	g.rec.reset()
	return false
}

// finish adds the trial just run, of weight w, to every open recording and
// to the totals (sum, comp: compensated sums per outcome).
func (g *merger) finish(w float64, sum, comp []float64, names func(int) string) {
	g.paths++
	cur := g.cur
	copy(cur, g.rec.out)
	for j := len(g.open) - 1; j >= 0; j-- {
		r := &g.open[j]
		f := w / r.w0
		acc := r.acc
		if g.hit == nil {
			for m, k := range cur {
				acc[g.slot(m, k)] += f
			}
		} else {
			for _, sh := range g.hit {
				acc[g.reach(sh.slot, cur)] += f * sh.p
			}
		}
		for m, k := range cur {
			if k == unset {
				cur[m] = r.pre[m]
			}
		}
	}
	add := func(i int, x float64) {
		if i >= g.size {
			panic("sim: trial recorded no outcome for metric " + names(i-g.size))
		}
		neumaier(&sum[i], &comp[i], w*x)
	}
	if g.hit == nil {
		for m, k := range cur {
			add(g.slot(m, k), 1)
		}
	} else {
		for _, sh := range g.hit {
			add(g.reach(sh.slot, cur), sh.p)
		}
	}
	g.hit = nil
}

// slot is the accumulator slot of value k of metric m: its outcome, or
// size+m when unset.
func (g *merger) slot(m int, k uint16) int {
	if k == unset {
		return g.size + m
	}
	return g.offsets[m] + int(k)
}

// reach is the slot a recorded share lands in on a path whose values are
// cur: an outcome slot stays; "metric m unwritten" goes to cur's value.
func (g *merger) reach(slot int32, cur []uint16) int {
	if int(slot) < g.size {
		return int(slot)
	}
	m := int(slot) - g.size
	return g.slot(m, cur[m])
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
			for i, p := range r.acc {
				if p != 0 {
					shares = append(shares, share{int32(i), p})
				}
			}
		} else {
			x = g.xopen[n-1]
			g.xopen = g.xopen[:n-1]
			shares = x.shares(r.acc)
		}
		clear(r.acc)
		g.spare = append(g.spare, r.acc)
		if old, ok := g.memo[r.key]; ok { // the key recurred below itself
			g.bytes -= entryBytes(r.key, old.shares, g.xshares(r.key))
		}
		g.memo[r.key] = memoEntry{shares, g.paths - r.paths0}
		var xs *fracs
		if x != nil {
			xs = x.shareFracs(shares)
			x.reset()
			g.xspare = append(g.xspare, x)
			g.xmemo[r.key] = xs
		}
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
		byLen[bits.Len64(e.paths)] += entryBytes(k, e.shares, g.xshares(k))
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
			if g.exact {
				delete(g.xmemo, k)
			}
		}
	}
}
