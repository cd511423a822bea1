package toi

import (
	"math/big"

	"github.com/sapperhq/sapper/sim"
)

// weights is a distribution over 0, 1, …, len−1 held as exact integer
// weights; the probability of i is w[i] / Σw. Every procedure of the rules
// that does not depend on what other units rolled (a pool of dice, its
// cancels, a collapse) is worked out as weights once per attack, so that
// the trial draws each result in one step: the binomial structure of the
// pools is what lets exact enumeration take 30 or more dice at once.
//
// The weights are big integers because a pool of N dice has 6^N equally
// likely faces, which outgrows 64 bits from 25 dice on.
type weights []*big.Int

// pool is the number of successes among n dice that succeed on `faces` of
// their six faces: C(n,k)·faces^k·(6−faces)^(n−k) for k = 0…n.
func pool(n, faces int) weights {
	w := make(weights, n+1)
	hit, miss := big.NewInt(int64(faces)), big.NewInt(int64(6-faces))
	for k := 0; k <= n; k++ {
		x := new(big.Int).Binomial(int64(n), int64(k))
		x.Mul(x, new(big.Int).Exp(hit, big.NewInt(int64(k)), nil))
		x.Mul(x, new(big.Int).Exp(miss, big.NewInt(int64(n-k)), nil))
		w[k] = x
	}
	return w
}

// point is the certain value v.
func point(v int) weights {
	w := zeros(v + 1)
	w[v].SetInt64(1)
	return w
}

// zeros is n values of weight zero, to be filled in.
func zeros(n int) weights {
	w := make(weights, n)
	for i := range w {
		w[i] = new(big.Int)
	}
	return w
}

// net is successes less cancels, never below zero (rules/toi.md §1): the
// net hits of an attack whose successes are distributed as hits against a
// defense whose cancels are distributed as cancels.
func net(hits, cancels weights) weights {
	w := zeros(len(hits))
	var x big.Int
	for a, wa := range hits {
		for b, wb := range cancels {
			x.Mul(wa, wb)
			h := max(a-b, 0)
			w[h].Add(w[h], &x)
		}
	}
	return w
}

// sum is the distribution of the sum of two independent values.
func sum(x, y weights) weights {
	w := zeros(len(x) + len(y) - 1)
	var p big.Int
	for i, wi := range x {
		for j, wj := range y {
			p.Mul(wi, wj)
			w[i+j].Add(w[i+j], &p)
		}
	}
	return w
}

// capAt merges every value above m into m: a squad of m figures cannot
// lose more than m.
func capAt(x weights, m int) weights {
	if len(x) <= m+1 {
		return x
	}
	w := make(weights, m+1)
	for i := range w {
		w[i] = new(big.Int).Set(x[i])
	}
	for _, wi := range x[m+1:] {
		w[m].Add(w[m], wi)
	}
	return w
}

// largest is the distribution of the largest of k independent values
// distributed as x: P(max ≤ h) = F(h)^k, so the weight of h is
// F(h)^k − F(h−1)^k with F the cumulative weight. k = 0 gives 0.
func largest(x weights, k int) weights {
	if k == 0 {
		return point(0)
	}
	w := make(weights, len(x))
	cum, prev := new(big.Int), new(big.Int)
	ek := big.NewInt(int64(k))
	for h, wh := range x {
		cum.Add(cum, wh)
		now := new(big.Int).Exp(cum, ek, nil)
		w[h] = new(big.Int).Sub(now, prev)
		prev = now
	}
	return w
}

// total is Σw.
func (x weights) total() *big.Int {
	t := new(big.Int)
	for _, w := range x {
		t.Add(t, w)
	}
	return t
}

// prob returns the probability of each value, each rounded once to the
// nearest float64.
func (x weights) prob() []float64 {
	t := x.total()
	p := make([]float64, len(x))
	var r big.Rat
	for i, w := range x {
		p[i], _ = r.SetFrac(w, t).Float64()
	}
	return p
}

// scaleBits is the resolution of weights too large for sim.Dist: 2^62,
// so that the scaled total, rounding included, stays below 2^63.
const scaleBits = 62

// uint64s turns the weights into the engine's 64-bit ones. They are
// divided by their greatest common divisor first, which keeps them exact
// for most pools (5–6 hits: 3^N for N dice, exact up to 40 dice). A total
// still above 2^63 is rounded to multiples of 2^−62 of it, a possible
// value never to weight zero: a Monte Carlo draw is then off by less than
// 2^−62 ≈ 2·10^−19, which no run of trials can see, but a chance below
// that would read as 2^−62 in an exact run, which newDraw therefore gives
// the exact probabilities (sim.Dist.Rounded). rounded reports the
// rounding.
func (x weights) uint64s() (out []uint64, rounded bool) {
	g := new(big.Int)
	for _, w := range x {
		g.GCD(nil, nil, g, w)
	}
	out = make([]uint64, len(x))
	t := x.total()
	if g.Sign() == 0 {
		return out, false
	}
	exact := new(big.Int).Quo(t, g).BitLen() <= 63
	var q, r big.Int
	for i, w := range x {
		if exact {
			out[i] = q.Quo(w, g).Uint64()
			continue
		}
		// round(w · 2^62 / t), at least 1 for w > 0
		q.Lsh(w, scaleBits)
		q.QuoRem(&q, t, &r)
		if r.Lsh(&r, 1).Cmp(t) >= 0 {
			q.Add(&q, big.NewInt(1))
		}
		out[i] = q.Uint64()
		if out[i] == 0 && w.Sign() > 0 {
			out[i] = 1
		}
	}
	return out, !exact
}

// draw is one result of a procedure, ready for the trial: a value known in
// advance costs no draw at all, so a squad the charge cannot touch adds no
// path to an exact enumeration.
type draw struct {
	dist  *sim.Dist // nil: always value
	value int
}

func newDraw(x weights) draw {
	support, last := 0, 0
	for i, w := range x {
		if w.Sign() > 0 {
			support++
			last = i
		}
	}
	if support == 1 {
		return draw{value: last}
	}
	w, rounded := x.uint64s()
	d := sim.NewDist(w...)
	if rounded {
		// An exact run weighs its paths by the probabilities of the
		// exact weights, to float precision, and refuses fractions.
		d = d.Rounded(x.prob())
	}
	return draw{dist: d}
}

func (d draw) roll(src *sim.Source) int {
	if d.dist == nil {
		return d.value
	}
	return src.Pick(d.dist)
}
