package dice

import (
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// MaxSelect is the most candidates Random Selection handles.
const MaxSelect = 16

// Selection is Random Selection (ASL A.9) among k candidates for the top n:
// every candidate rolls a dr; the n highest are selected, and every
// candidate tied with the n-th highest dr is selected too (A7.301; ranking
// for n ≥ 2 is rules/asl.md [M8.22]). With n ≥ k everybody is selected and
// nothing is rolled.
//
// Only the selected set matters, so it is drawn as a set, in one draw over
// the 2^k − 1 non-empty sets. For a given set S of size s ≥ n,
//
//	P(S) = Σ_{t=1..6} ((t−1)/6)^(k−s) · Σ_{j=0..n−1} C(s,j) ((6−t)/6)^j (1/6)^(s−j)
//
// where t is the lowest dr in S: the others all roll below t, and fewer than
// n members of S roll above t; every set of a size is equally likely, by
// symmetry. Exact enumeration thus sees 2^k − 1 branches at most, each with
// its exact weight, instead of 6^k; in Monte Carlo mode the weights' total
// is 6^k, so a Selection among up to four takes its dice from the source's
// reservoir like any dice.
type Selection struct {
	k, n int
	size *sim.Dist // over s = 0…k; weights in units of 6^-k
	sets *sim.Dist // over the masks 0…2^k−1, valued by the mask
}

// NewSelection prepares Random Selection of the top n among k candidates.
// Precondition: 1 ≤ n, 1 ≤ k ≤ MaxSelect.
func NewSelection(k, n int) *Selection {
	if k < 1 || k > MaxSelect || n < 1 {
		panic(fmt.Sprintf("dice: Random Selection of %d among %d", n, k))
	}
	sel := &Selection{k: k, n: n}
	weights := make([]uint64, k+1)
	sets := make([]uint64, 1<<k)
	masks := make([]int32, 1<<k)
	for m := range sets {
		masks[m] = int32(m)
		switch s := popcount(m); {
		case n >= k:
			if s == k {
				sets[m] = 1
			}
		case s >= n:
			sets[m] = setWeight(k, s, n)
		}
		weights[popcount(m)] += sets[m]
	}
	sel.size = sim.NewDist(weights...)
	sel.sets = sim.NewDist(sets...).WithValues(masks)
	return sel
}

// setWeight is 6^k · P(S) for one set S of size s, from the formula on
// Selection.
func setWeight(k, s, n int) uint64 {
	var total uint64
	for t := 1; t <= 6; t++ {
		var inner uint64
		for j := 0; j <= n-1 && j < s; j++ {
			inner += binom(s, j) * pow(uint64(6-t), j)
		}
		total += pow(uint64(t-1), k-s) * inner
	}
	return total
}

// Draw returns the selected candidates as a bit mask (bit i = candidate i).
func (sel *Selection) Draw(src *sim.Source) uint16 { return uint16(src.PickValue(sel.sets)) }

// Sets is the draw Draw makes, as a distribution over the masks valued by
// the mask, for a trial loop that draws inline with sim.Source.Roll.
func (sel *Selection) Sets() *sim.Dist { return sel.sets }

// PSize is the probability that exactly s candidates are selected.
func (sel *Selection) PSize(s int) float64 { return sel.size.Prob(s) }

func popcount(m int) int {
	c := 0
	for ; m != 0; m &= m - 1 {
		c++
	}
	return c
}

func binom(n, k int) uint64 {
	r := uint64(1)
	for i := 1; i <= k; i++ {
		r = r * uint64(n-k+i) / uint64(i)
	}
	return r
}

func pow(b uint64, e int) uint64 {
	r := uint64(1)
	for range e {
		r *= b
	}
	return r
}
