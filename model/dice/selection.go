package dice

import (
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// MaxSelect is the most candidates Random Selection handles.
const MaxSelect = 12

// Selection is Random Selection (ASL A.9) among k candidates for the top n:
// every candidate rolls a dr; the n highest are selected, and every
// candidate tied with the n-th highest dr is selected too (A7.301; ranking
// for n ≥ 2 is rules/asl.md [M8.22]). With n ≥ k everybody is selected and
// nothing is rolled.
//
// Only the selected set matters, so it is drawn as a set: first its size s,
// then one of the C(k,s) sets of that size uniformly (by symmetry every set
// of a size is equally likely). For a given set S of size s ≥ n,
//
//	P(S) = Σ_{t=1..6} ((t−1)/6)^(k−s) · Σ_{j=0..n−1} C(s,j) ((6−t)/6)^j (1/6)^(s−j)
//
// where t is the lowest dr in S: the others all roll below t, and fewer than
// n members of S roll above t. Exact enumeration thus sees 2^k − 1 branches
// at most, each with its exact weight, instead of 6^k.
type Selection struct {
	k, n  int
	size  *sim.Dist // over s = 0…k; weights in units of 6^-k
	masks [][]uint16
}

// NewSelection prepares Random Selection of the top n among k candidates.
// Precondition: 1 ≤ n, 1 ≤ k ≤ MaxSelect.
func NewSelection(k, n int) *Selection {
	if k < 1 || k > MaxSelect || n < 1 {
		panic(fmt.Sprintf("dice: Random Selection of %d among %d", n, k))
	}
	sel := &Selection{k: k, n: n, masks: make([][]uint16, k+1)}
	for m := 1; m < 1<<k; m++ {
		s := popcount(m)
		sel.masks[s] = append(sel.masks[s], uint16(m))
	}
	weights := make([]uint64, k+1)
	if n >= k {
		weights[k] = 1
	} else {
		for s := n; s <= k; s++ {
			weights[s] = uint64(len(sel.masks[s])) * setWeight(k, s, n)
		}
	}
	sel.size = sim.NewDist(weights...)
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
func (sel *Selection) Draw(src *sim.Source) uint16 {
	s := src.Pick(sel.size)
	sets := sel.masks[s]
	if len(sets) == 1 {
		return sets[0]
	}
	return sets[src.Intn(len(sets))]
}

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
