package sim

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Exact fractions (Config.Fractions).
//
// Every draw of an exact enumeration has a rational probability: 1/n for
// Intn(n), w/total for a Dist's outcome of integer weight w. A path's
// weight is the product of its draws' probabilities, so it too is an
// integer over an integer, and so is the sum of the weights of the paths
// that reach an outcome. When a run asks for fractions, each enumerator
// keeps, beside its float sums, exact ones: integer numerators over one
// common denominator, grown to the least common multiple of the path
// denominators it meets (dice give products of 2, 3 and 5, so it settles
// after the first paths), in math/big. Nothing of it runs without
// Config.Fractions: the float walk is untouched.
//
// Merging carries exact shares too: a recording of the subtree below a
// key sums each path's exact conditional weight (the product of the
// draws below the key) over its own common denominator, and the memo
// keeps those shares, reduced, beside the float ones (in a map of their
// own, merger.xmemo), so a later path that stops on the key adds its
// exact weight times each exact share. An evicted state walked again
// gives the same exact shares; the memo counts their bytes against its
// cap and evicts them with their entry.
//
// A Dist whose integer weights were rounded from larger ones
// (Dist.Rounded) has no exact fractions to give: a run asked for them
// fails on the first path that draws from it (*FractionError) rather
// than report the fractions of the rounded weights.

// FractionError reports an exact run asked for fractions of a model that
// draws from a distribution whose weights were rounded (Dist.Rounded):
// its probabilities are exact to float precision, not as fractions.
type FractionError struct {
	Dist *Dist
}

func (e *FractionError) Error() string {
	return fmt.Sprintf("exact fractions refused: the model draws from a distribution whose weights were rounded to fit 64 bits "+
		"(%d outcomes, total %d), so its probabilities are exact to float precision only, not as fractions; run without --fractions",
		e.Dist.Len(), e.Dist.total)
}

// ratio is a product of draw probabilities, num/den, not reduced.
type ratio struct {
	num, den, tmp big.Int
}

// of sets r to the product of the probabilities of steps, and returns the
// rounded Dist of a step, if any, instead.
func (r *ratio) of(steps []step) *Dist {
	n, d := uint64(1), uint64(1)
	wide := false
	for _, st := range steps {
		a, b := uint64(1), uint64(st.n)
		if st.dist != nil {
			if st.dist.rounded {
				return st.dist
			}
			a, b = st.dist.weights[st.idx], st.dist.total
		}
		hn, ln := bits.Mul64(n, a)
		hd, ld := bits.Mul64(d, b)
		if hn == 0 && hd == 0 {
			n, d = ln, ld
			continue
		}
		// A word overflows: move the products so far into r.
		if !wide {
			r.num.SetUint64(1)
			r.den.SetUint64(1)
			wide = true
		}
		r.num.Mul(&r.num, r.tmp.SetUint64(n))
		r.den.Mul(&r.den, r.tmp.SetUint64(d))
		n, d = a, b
	}
	if !wide {
		r.num.SetUint64(n)
		r.den.SetUint64(d)
		return nil
	}
	r.num.Mul(&r.num, r.tmp.SetUint64(n))
	r.den.Mul(&r.den, r.tmp.SetUint64(d))
	return nil
}

// fracSum is an exact sum per slot: num[i] / den, with den > 0 common to
// every slot.
type fracSum struct {
	den     big.Int
	num     []big.Int
	q, r, t big.Int // scratch
}

func newFracSum(slots int) *fracSum {
	f := &fracSum{num: make([]big.Int, slots)}
	f.den.SetUint64(1)
	return f
}

// reset empties the sum.
func (f *fracSum) reset() {
	f.den.SetUint64(1)
	for i := range f.num {
		f.num[i].SetUint64(0)
	}
}

// over makes den a multiple of d and returns den/d, the factor that puts
// a fraction over d over the common denominator. The result lives until
// the next call.
func (f *fracSum) over(d *big.Int) *big.Int {
	f.q.QuoRem(&f.den, d, &f.r)
	if f.r.Sign() == 0 {
		return &f.q
	}
	// den · d/gcd(den, d) is the least common multiple.
	f.r.GCD(nil, nil, &f.den, d)
	f.t.Quo(d, &f.r)
	f.den.Mul(&f.den, &f.t)
	for i := range f.num {
		if f.num[i].Sign() != 0 {
			f.num[i].Mul(&f.num[i], &f.t)
		}
	}
	f.q.Quo(&f.den, d)
	return &f.q
}

// add adds x, already over the common denominator, to slot i.
func (f *fracSum) add(i int, x *big.Int) { f.num[i].Add(&f.num[i], x) }

// rat adds slot i's fraction to x.
func (f *fracSum) rat(x *big.Rat, i int) {
	var r big.Rat
	r.SetFrac(&f.num[i], &f.den)
	x.Add(x, &r)
}

// shares are the shares of a completed recording whose float sums are
// acc and exact sums f: every slot either reaches. A path weight too small
// for a float leaves an exact share beside a float zero.
func (f *fracSum) shares(acc []float64) []share {
	var shares []share
	for i, p := range acc {
		if p != 0 || f.num[i].Sign() != 0 {
			shares = append(shares, share{int32(i), p})
		}
	}
	return shares
}

// fracs are the exact shares of a completed recording, num[j] / den for
// its j-th share.
type fracs struct {
	den big.Int
	num []big.Int
}

// shareFracs returns the exact shares of slots, reduced by the greatest
// common divisor of the numerators and the denominator.
func (f *fracSum) shareFracs(slots []share) *fracs {
	x := &fracs{num: make([]big.Int, len(slots))}
	if x.shareSmall(f, slots) {
		return x
	}
	var g big.Int
	g.Set(&f.den)
	for _, sh := range slots {
		g.GCD(nil, nil, &g, &f.num[sh.slot])
	}
	x.den.Quo(&f.den, &g)
	for j, sh := range slots {
		x.num[j].Quo(&f.num[sh.slot], &g)
	}
	return x
}

// shareSmall is shareFracs for sums whose denominator and numerators
// each fit a word, as a recording's sums of a few draws mostly do: their
// greatest common divisor in machine words, where math/big's would
// allocate. It reports false, having set nothing, when one does not fit.
func (x *fracs) shareSmall(f *fracSum, slots []share) bool {
	if !f.den.IsUint64() {
		return false
	}
	g := f.den.Uint64()
	for _, sh := range slots {
		n := &f.num[sh.slot]
		if !n.IsUint64() {
			return false
		}
		g = gcd64(g, n.Uint64())
	}
	x.den.SetUint64(f.den.Uint64() / g)
	for j, sh := range slots {
		x.num[j].SetUint64(f.num[sh.slot].Uint64() / g)
	}
	return true
}

// gcd64 is the greatest common divisor of a and b (Euclid), a > 0.
func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// bytes is the memory x takes, about: its ints' headers and words.
func (x *fracs) bytes() uint64 {
	n := uint64(24 + 32 + 8*len(x.den.Bits()))
	for i := range x.num {
		n += uint64(32 + 8*len(x.num[i].Bits()))
	}
	return n
}

// exactSums are an enumerator's exact sums (Config.Fractions).
type exactSums struct {
	total *fracSum
	w     ratio
	t, d  big.Int // scratch
}

// addPath adds the weight of the path just walked to the exact sums of
// the outcomes in out, slot per metric as offsets says. It fails on a
// path that drew from a rounded Dist.
func (x *exactSums) addPath(path []step, out []uint16, offsets []int) error {
	if d := x.w.of(path); d != nil {
		return &FractionError{Dist: d}
	}
	q := x.total.over(&x.w.den)
	x.t.Mul(&x.w.num, q)
	for m, k := range out {
		x.total.add(offsets[m]+int(k), &x.t)
	}
	return nil
}

// newExactSums returns the exact sums of an enumerator whose schema has
// size outcomes over metrics metrics. The totals have a slot per metric
// beyond the outcomes, as a recording has, so that a trial that leaves a
// metric unwritten reaches the float sums' own panic.
func newExactSums(size, metrics int) *exactSums {
	return &exactSums{total: newFracSum(size + metrics)}
}

// finishExact is finish for the exact sums: it adds the path just walked,
// or stopped on a merged state, to the exact sums of the innermost open
// recording, or to the totals when none is open (a recording folds into
// the one around it when it completes, foldExact). It runs before
// finish, which clears the hit, and fails on a path that drew from a
// rounded Dist.
func (g *merger) finishExact(path []step, x *exactSums) error {
	if g.xerr != nil {
		return g.xerr
	}
	f, from, base, to := x.total, 0, []uint16(nil), []int32(nil)
	if n := len(g.open); n > 0 {
		r := &g.open[n-1]
		f, from, base, to = g.xopen[n-1], r.depth, r.base, r.perm
	}
	if d := x.w.of(path[from:]); d != nil {
		return &FractionError{Dist: d}
	}
	g.addExact(f, x, g.rec.out, base, to)
	g.xhit = nil
	return nil
}

// foldExact adds the exact sums x of recording n, just completed, whose
// shares are shares, to those of the recording around it, or to the
// totals when there is none, scaled by the exact weight of the draws
// between the two.
func (g *merger) foldExact(n int, x *fracSum, shares []share) {
	r := &g.open[n]
	to, base, perm := g.xtotal, []uint16(nil), []int32(nil)
	if n > 0 {
		to, base, perm = g.xopen[n-1], g.open[n-1].base, g.open[n-1].perm
	}
	g.xd.Mul(&x.den, &r.xw.den)
	q := to.over(&g.xd)
	for _, sh := range shares {
		if x.num[sh.slot].Sign() == 0 {
			continue
		}
		g.xt.Mul(&x.num[sh.slot], &r.xw.num)
		g.xt.Mul(&g.xt, q)
		to.add(g.reach(sh.slot, r.pre, r.base, r.inv, base, perm), &g.xt)
	}
}

// addExact adds the weight x.w times the outcomes of a path whose values
// are cur to f, of a recording whose bases are base (nil: the totals, or
// none) and which keeps metric m as to[m] (nil: as m): one for each
// value, or the hit's exact shares.
func (g *merger) addExact(f *fracSum, x *exactSums, cur, base []uint16, to []int32) {
	if g.xhit == nil {
		x.t.Mul(&x.w.num, f.over(&x.w.den))
		for m, k := range cur {
			f.add(g.slot(m, k, base, to), &x.t)
		}
		return
	}
	x.d.Mul(&x.w.den, &g.xhit.den)
	x.t.Mul(&x.w.num, f.over(&x.d))
	for j, sh := range g.hit {
		x.d.Mul(&x.t, &g.xhit.num[j])
		f.add(g.reach(sh.slot, cur, g.hitBase, g.hitInv, base, to), &x.d)
	}
}

// fractions adds the exact sums of every root into one fraction per
// outcome of a schema of size outcomes.
func fractions(subs []*enumerator, size int) []big.Rat {
	fr := make([]big.Rat, size)
	for _, e := range subs {
		for i := range fr {
			e.ex.total.rat(&fr[i], i)
		}
	}
	return fr
}
