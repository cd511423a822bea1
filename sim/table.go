package sim

import (
	"math/bits"
)

// Tables: a step of a trial worked out once, drawn whole.
//
// A step whose end state is a function of its start state and its own
// draws alone (one unit's morale check, say) need not be rolled out draw
// by draw on every trial. Run once under exact enumeration from a start
// state, the step gives the probability of each end state it can reach:
// integer weights over one common denominator, so the distribution is
// exact, not estimated, and a trial can draw the end state in one draw
// from it. The walk is a plain depth-first one on the calling goroutine,
// with no schema, workers or merging: a table is small, and a model
// builds its tables while it sets up a run.

// Table is the exact distribution of a step's end states from one start
// state.
type Table[S comparable] struct {
	dist   *Dist
	states []S
}

// Draw draws an end state. The caller must not modify it.
func (t *Table[S]) Draw(src *Source) *S { return &t.states[src.Pick(t.dist)] }

// Len is the number of distinct end states.
func (t *Table[S]) Len() int { return len(t.states) }

// State returns end state i and its probability as weight/total.
func (t *Table[S]) State(i int) (s *S, weight, total uint64) {
	return &t.states[i], t.dist.weights[i], t.dist.total
}

// Tabulate enumerates every draw path of step and returns the exact
// distribution of the end states it returns, in the order the
// enumeration first reaches them. step must be a pure function of its
// draws. Tabulate returns nil when step walks more than maxPaths paths,
// draws from a rounded Dist (Dist.Rounded), or has path probabilities
// whose common denominator does not fit 64 bits, or a path exact
// enumeration does not walk (TreeError): such a step is drawn draw by
// draw.
func Tabulate[S comparable](step func(src *Source) S, maxPaths int) (t *Table[S]) {
	if err := walkStops(func() { t = tabulate(step, maxPaths) }); err != nil {
		return nil
	}
	return t
}

// tabulate is Tabulate, a path it does not walk stopping it with a panic
// (Source.extend).
func tabulate[S comparable](step func(src *Source) S, maxPaths int) *Table[S] {
	src := newExactSource()
	src.widest = uint64(max(maxPaths, 1))
	index := map[S]int{}
	var states []S
	var weights []uint64
	den := uint64(1) // the common denominator of weights
	for paths := 0; ; paths++ {
		if paths == maxPaths {
			return nil
		}
		src.begin()
		s := step(src)
		num, d, ok := pathRatio(src.path)
		if !ok {
			return nil
		}
		// Put the path over the common denominator, growing it to the
		// least common multiple of the two.
		f := d / gcd64(den, d)
		if f > 1 {
			hi, lo := bits.Mul64(den, f)
			if hi != 0 {
				return nil
			}
			den = lo
			for i := range weights {
				hi, lo := bits.Mul64(weights[i], f)
				if hi != 0 {
					return nil
				}
				weights[i] = lo
			}
		}
		hi, w := bits.Mul64(num, den/d)
		if hi != 0 {
			return nil
		}
		i, seen := index[s]
		if !seen {
			i = len(states)
			index[s] = i
			states = append(states, s)
			weights = append(weights, 0)
		}
		weights[i] += w
		if !src.advance() {
			break
		}
	}
	var sum uint64
	for _, w := range weights {
		sum += w
	}
	if sum != den {
		// The paths' probabilities must add up to one; a step that
		// stops short of its draws would not.
		panic("sim: a tabulated step's paths do not add up to one")
	}
	return &Table[S]{dist: NewDist(weights...), states: states}
}

// pathRatio is the probability of a path as a reduced num/den in 64
// bits, or false when it does not fit or draws from a rounded Dist.
func pathRatio(path []step) (num, den uint64, ok bool) {
	num, den = 1, 1
	for _, st := range path {
		a, b := uint64(1), uint64(st.n)
		if st.dist != nil {
			if st.dist.rounded {
				return 0, 0, false
			}
			a, b = st.dist.weights[st.idx], st.dist.total
		}
		if g := gcd64(a, den); g > 1 {
			a, den = a/g, den/g
		}
		if g := gcd64(num, b); g > 1 {
			num, b = num/g, b/g
		}
		hn, ln := bits.Mul64(num, a)
		hd, ld := bits.Mul64(den, b)
		if hn != 0 || hd != 0 {
			return 0, 0, false
		}
		num, den = ln, ld
	}
	return num, den, true
}
