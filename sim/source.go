package sim

import (
	"fmt"
	"math"
	"math/bits"
)

// Source is the only randomness a trial sees. In Monte Carlo mode it draws
// from a seeded PCG stream; in exact mode it replays and extends the current
// path of an enumeration, multiplying the path's weight by each draw's
// probability. Models call the same methods in both modes.
type Source struct {
	exact bool
	rng   pcg
	// six is a reservoir of left dice for Monte Carlo draws (sixes.go),
	// ten one of tenLeft tens (tens.go).
	six     uint64
	left    int8
	ten     uint64
	tenLeft int8

	// Exact enumeration state.
	path   []step
	depth  int
	weight float64
	// floor is how many leading steps are fixed: advance never changes
	// them, so an enumeration can be confined to one subtree.
	floor int
	// mg merges equal states (merge.go); nil in Monte Carlo mode.
	mg *merger
	// moved is the draw advance changed last: the trial replays the draws
	// before it; calls counts the merge points the trial has passed.
	moved, calls int
	// tape, when set, writes down every draw of a Monte Carlo run
	// (draws.go); exact is then set too, so that the draws leave the
	// inline paths for the recording ones.
	tape *Draws
	// paths, when set, is the graph of a worker whose trial it runs on a
	// miss (paths.go); exact is then set too, as for tape.
	paths *paths
	// widest is the most outcomes an enumerated draw may have: the run's
	// path budget, which a wider draw alone would pass (0: none given).
	widest uint64
}

// step is one draw on an enumerated path.
type step struct {
	idx  int32
	n    int32 // > 0: uniform over n; 0: dist
	dist *Dist
}

// uniform returns a uniform integer in [0,n), n > 0, by Lemire's
// multiply-and-reject method: exactly uniform, and a division only on the
// rare rejection path.
func (s *Source) uniform(n uint64) uint64 {
	hi, lo := bits.Mul64(s.rng.next(), n)
	if lo < n {
		return s.reject(hi, lo, n)
	}
	return hi
}

// reject finishes uniform when the first product's low half fell below n:
// the draw stands unless it is below 2^64 mod n.
func (s *Source) reject(hi, lo, n uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(s.rng.next(), n)
	}
	return hi
}

// Intn returns a uniform integer in [0,n). It panics if n <= 0.
func (s *Source) Intn(n int) int {
	if n <= 0 {
		panic("sim: Intn with n <= 0")
	}
	if !s.exact {
		switch k, t := intnDice(uint64(n)); {
		case k > 0:
			return int(s.sixes(k) % uint64(n))
		case t > 0:
			return int(s.tens(t))
		}
		return int(s.uniform(uint64(n)))
	}
	if s.paths != nil {
		return s.paths.draw(s, nil, uint64(n))
	}
	if s.tape != nil {
		return s.tape.intn(s, n)
	}
	if s.depth < len(s.path) {
		st := s.path[s.depth]
		s.depth++
		s.weight /= float64(n)
		return int(st.idx)
	}
	s.extend(uint64(n))
	s.path = append(s.path, step{idx: 0, n: int32(n)})
	s.depth++
	s.weight /= float64(n)
	return 0
}

// Pick draws an outcome index of d.
func (s *Source) Pick(d *Dist) int {
	if !s.exact {
		switch {
		case d.sixes > 0:
			return d.index(s.sixes(d.sixes))
		case d.tens > 0:
			return d.index(s.tens(d.tens))
		}
		return d.index(s.uniform(d.total))
	}
	if s.paths != nil {
		return s.paths.draw(s, d, d.total)
	}
	if s.tape != nil {
		return s.tape.pick(s, d)
	}
	var i int
	if s.depth < len(s.path) {
		i = int(s.path[s.depth].idx)
	} else {
		s.extend(uint64(d.Len()))
		i = d.next(-1)
		s.path = append(s.path, step{idx: int32(i), dist: d})
	}
	s.depth++
	s.weight *= d.prob[i]
	return i
}

// PickValue draws an outcome of d and returns its value (Dist.WithValues).
func (s *Source) PickValue(d *Dist) int32 {
	if d.vlut != nil && !s.exact {
		switch {
		case d.sixes > 0:
			return d.vlut[s.sixes(d.sixes)]
		case d.tens > 0:
			return d.vlut[s.tens(d.tens)]
		}
		return d.vlut[s.uniform(d.total)]
	}
	return d.vals[s.Pick(d)]
}

// Roll is the inline path of a draw over 6^k equally likely values, k ≤ 22
// dice, for a caller that maps the rolls itself (Dist.Rolls): in Monte
// Carlo mode, while the reservoir holds k dice, it returns a uniform roll
// in [0, 6^k), one multiplication, and true. Otherwise, and always in
// exact mode, it draws nothing and returns false, and the caller draws
// with PickValue. It exists for trial loops that draw several dice per
// trial, where a call per draw would cost more than the draw (see also
// Hand).
func (s *Source) Roll(k int) (uint64, bool) {
	r, h, ok := s.Hand().Roll(k)
	if ok {
		s.Keep(h)
	}
	return r, ok
}

// newExactSource returns a source for exact enumeration, padded because
// it is written on every draw.
func newExactSource() *Source {
	return &(&struct {
		_ gap
		s Source
		_ gap
	}{s: Source{exact: true, moved: -1}}).s
}

// MaxDepth is the most draws exact enumeration walks on one path. A path
// is replayed from its start for each path after it, so a longer one
// costs its length on every path, and a trial that may never end (one
// that draws until a die shows 1) would never end its first path: the run
// stops with a *TreeError instead. Where such a trial's ending outcome is
// the first walked, its paths grow one draw at a time, each replayed
// whole, and reaching a depth d costs some d²/2 draws: 2^12 keeps that
// under a second (2^16 took 42 s), over a hundred times the longest path
// of a built-in scenario, under thirty draws (the farm crossing, merged).
const MaxDepth = 1 << 12

// TreeError reports a tree of draws exact enumeration does not walk: a
// path of more than MaxDepth draws, or a draw of more outcomes than a
// step holds (math.MaxInt32).
type TreeError struct {
	// Outcomes is the outcomes of the draw refused; 0 for a path too long.
	Outcomes uint64
}

func (e *TreeError) Error() string {
	if e.Outcomes > 0 {
		return fmt.Sprintf("exact enumeration walks no draw of more than %s outcomes, and a trial drew one of %s", grouped(math.MaxInt32), grouped(e.Outcomes))
	}
	return fmt.Sprintf("exact enumeration walks no path of more than %s draws, and a trial drew more (one that may never end?)", grouped(MaxDepth))
}

// extend checks a draw of n outcomes that the enumeration's path is
// about to take for the first time, and stops the walk (stopWalk) if the
// path would be too long or the draw alone would pass the path budget,
// before a step is kept for it: a step holds at most math.MaxInt32
// outcomes, and a trial that drew Intn(1e7) on every path once set up
// every outcome before the budget was looked at.
func (s *Source) extend(n uint64) {
	switch {
	case len(s.path) >= MaxDepth:
		panic(stopWalk{&TreeError{}})
	case n > math.MaxInt32:
		panic(stopWalk{&TreeError{Outcomes: n}})
	case s.widest > 0 && n > s.widest:
		panic(stopWalk{&BudgetError{Budget: s.widest, Draw: n}})
	}
}

// newMC returns a Monte Carlo source for chunk c of a run seeded with seed.
func newMC(seed, chunk uint64) *Source {
	s := &Source{}
	s.reseed(seed, chunk)
	return s
}

func (s *Source) reseed(seed, chunk uint64) {
	a, b := streamSeed(seed, chunk)
	s.rng.seed(a, b)
	s.six, s.left = 0, 0
	s.ten, s.tenLeft = 0, 0
}

// begin prepares an exact source to replay the current path.
func (s *Source) begin() {
	s.depth = 0
	s.weight = 1
	s.calls = 0
}

// advance moves the enumeration to the next path, reporting false when
// every path has been visited. It panics if the trial just run drew fewer
// times than the path it replayed: such a trial is not a function of its
// draws.
func (s *Source) advance() bool {
	if s.depth != len(s.path) {
		panic("sim: trial is not a pure function of its draws (replayed path diverged)")
	}
	for len(s.path) > s.floor {
		p := len(s.path) - 1
		top := &s.path[p]
		moved := false
		if top.dist != nil {
			if j := top.dist.next(int(top.idx)); j >= 0 {
				top.idx = int32(j)
				moved = true
			}
		} else if top.idx+1 < top.n {
			top.idx++
			moved = true
		}
		if moved {
			s.moved = p
			if s.mg != nil {
				s.mg.complete(p)
			}
			return true
		}
		s.path = s.path[:p]
	}
	if s.mg != nil {
		s.mg.complete(-1)
	}
	return false
}
