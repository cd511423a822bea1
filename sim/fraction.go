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
// after the first paths), in machine words while they fit and in
// math/big beyond (below). Nothing of it runs without
// Config.Fractions: the float walk is untouched.
//
// Merging carries exact shares too: a recording of the subtree below a
// key sums each path's exact conditional weight (the product of the
// draws below the key) over its own common denominator, and the memo
// keeps those shares, reduced, beside the float ones (memoEntry.x), so a
// later path that stops on the key adds its exact weight times each exact
// share. An evicted state walked again
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

// Machine words first. A sum's numerators never exceed its common
// denominator (each is a probability, at most 1, over it), and a
// recording's denominator is that of a few draws below its key, so the
// sums and the weights mostly fit 64-bit words: each is kept in a word
// (fracSum.w, ratio.n and .d, fracs.w) while it fits, products checked
// with math/bits, and moved to math/big for good (wide) the first time
// one would overflow. The fractions are the same either way.

// ratio is a product of draw probabilities, n/d, not reduced; num/den
// when wide.
type ratio struct {
	wide          bool
	n, d          uint64
	num, den, tmp big.Int
}

// of sets r to the product of the probabilities of steps, and returns the
// rounded Dist of a step, if any, instead.
func (r *ratio) of(steps []step) *Dist {
	n, d := uint64(1), uint64(1)
	r.wide = false
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
		if !r.wide {
			r.num.SetUint64(1)
			r.den.SetUint64(1)
			r.wide = true
		}
		r.num.Mul(&r.num, r.tmp.SetUint64(n))
		r.den.Mul(&r.den, r.tmp.SetUint64(d))
		n, d = a, b
	}
	if !r.wide {
		r.n, r.d = n, d
		return nil
	}
	r.num.Mul(&r.num, r.tmp.SetUint64(n))
	r.den.Mul(&r.den, r.tmp.SetUint64(d))
	return nil
}

// widen makes num/den hold the ratio.
func (r *ratio) widen() {
	if !r.wide {
		r.num.SetUint64(r.n)
		r.den.SetUint64(r.d)
		r.wide = true
	}
}

// fracSum is an exact sum per slot: wn[i] / w while it fits words,
// num[i] / den once wide, the denominator common to every slot.
type fracSum struct {
	wide       bool
	w          uint64
	wn         []uint64
	den        big.Int
	num        []big.Int
	q, r, t, d big.Int // scratch
}

func newFracSum(slots int) *fracSum {
	return &fracSum{w: 1, wn: make([]uint64, slots)}
}

// reset empties the sum.
func (f *fracSum) reset() {
	f.wide, f.w = false, 1
	clear(f.wn)
}

// widen moves the sums into math/big.
func (f *fracSum) widen() {
	if f.wide {
		return
	}
	if f.num == nil {
		f.num = make([]big.Int, len(f.wn))
	}
	f.den.SetUint64(f.w)
	for i, n := range f.wn {
		f.num[i].SetUint64(n)
	}
	f.wide = true
}

// over64 makes w a multiple of d and returns w/d, the factor that puts a
// fraction over d over the common denominator. It reports false, having
// changed nothing, when the new denominator would not fit a word.
func (f *fracSum) over64(d uint64) (uint64, bool) {
	if f.w%d == 0 {
		return f.w / d, true
	}
	t := d / gcd64(f.w, d)
	hi, w := bits.Mul64(f.w, t)
	if hi != 0 {
		return 0, false
	}
	f.w = w
	for i, n := range f.wn {
		f.wn[i] = n * t // at most the old w times t
	}
	return w / d, true
}

// over is over64 for a wide sum.
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

// weight puts the weight n/d, in words, over the common denominator: it
// returns the numerator and true while the sum stays in words; otherwise
// the sum is wide and t is set to the numerator.
func (f *fracSum) weight(n, d uint64, t *big.Int) (uint64, bool) {
	if !f.wide {
		if q, ok := f.over64(d); ok {
			if hi, v := bits.Mul64(n, q); hi == 0 {
				return v, true
			}
		}
		f.widen()
	}
	q := f.over(f.d.SetUint64(d))
	t.Mul(t.SetUint64(n), q)
	return 0, false
}

// add adds x, already over the common denominator, to slot i of a wide
// sum.
func (f *fracSum) add(i int, x *big.Int) { f.num[i].Add(&f.num[i], x) }

// add64 adds x, over the common denominator, to slot i of a sum in words.
// A probability never passes 1, so the sum never passes the denominator.
func (f *fracSum) add64(i int, x uint64) {
	s, c := bits.Add64(f.wn[i], x, 0)
	if c != 0 || s > f.w {
		panic("sim: an exact sum passed 1")
	}
	f.wn[i] = s
}

// nonzero reports whether slot i holds a share.
func (f *fracSum) nonzero(i int) bool {
	if f.wide {
		return f.num[i].Sign() != 0
	}
	return f.wn[i] != 0
}

// rat adds slot i's fraction to x.
func (f *fracSum) rat(x *big.Rat, i int) {
	var r big.Rat
	if f.wide {
		r.SetFrac(&f.num[i], &f.den)
	} else {
		var n, d big.Int
		r.SetFrac(n.SetUint64(f.wn[i]), d.SetUint64(f.w))
	}
	x.Add(x, &r)
}

// shares are the shares of a completed recording whose float sums are
// acc and exact sums f: every slot either reaches. A path weight too small
// for a float leaves an exact share beside a float zero.
func (f *fracSum) shares(acc []float64) []share {
	nz := 0
	for i, p := range acc {
		nz += boolInt(p != 0 || f.nonzero(i))
	}
	shares := make([]share, 0, nz) // kept by the memo: sized once
	for i, p := range acc {
		if p != 0 || f.nonzero(i) {
			shares = append(shares, share{int32(i), p})
		}
	}
	return shares
}

// fracs are the exact shares of a completed recording, wn[j] / w for its
// j-th share, or num[j] / den when wide.
type fracs struct {
	wide bool
	w    uint64
	wn   []uint64
	den  big.Int
	num  []big.Int
}

// len is the number of shares.
func (x *fracs) len() int {
	if x.wide {
		return len(x.num)
	}
	return len(x.wn)
}

// shareFracs returns the exact shares of slots, reduced: by the greatest
// common divisor of the numerators and the denominator when they are
// wide, by the power of two they share when they fit words.
func (f *fracSum) shareFracs(slots []share) *fracs {
	x := &fracs{}
	if x.shareSmall(f, slots) {
		return x
	}
	x.wide = true
	x.num = make([]big.Int, len(slots))
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
// each fit a word, as a recording's sums of a few draws mostly do, in
// machine words. It reports false, having set nothing, when one does not
// fit.
func (x *fracs) shareSmall(f *fracSum, slots []share) bool {
	var w uint64
	if !f.wide {
		w = f.w
	} else {
		if !f.den.IsUint64() {
			return false
		}
		for _, sh := range slots {
			if !f.num[sh.slot].IsUint64() {
				return false
			}
		}
		w = f.den.Uint64()
	}
	num := func(i int32) uint64 {
		if f.wide {
			return f.num[i].Uint64()
		}
		return f.wn[i]
	}
	// Only the powers of two they share are taken out, by a shift: a
	// whole greatest common divisor costs more than the smaller words
	// it leaves save (the fractions reported are reduced in the end).
	z := w
	for _, sh := range slots {
		z |= num(sh.slot)
	}
	k := bits.TrailingZeros64(z)
	x.w = w >> k
	x.wn = make([]uint64, len(slots))
	for j, sh := range slots {
		x.wn[j] = num(sh.slot) >> k
	}
	return true
}

// gcd64 is the greatest common divisor of a and b, a > 0 (Stein's
// binary algorithm: shifts and subtractions, no division).
func gcd64(a, b uint64) uint64 {
	if b == 0 {
		return a
	}
	k := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	for b != 0 {
		b >>= bits.TrailingZeros64(b)
		if a > b {
			a, b = b, a
		}
		b -= a
	}
	return a << k
}

// bytes is the memory x takes, about: its ints' headers and words.
func (x *fracs) bytes() uint64 {
	if !x.wide {
		return uint64(24+8+24) + 8*uint64(len(x.wn))
	}
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
	f := x.total
	if !x.w.wide {
		if v, ok := f.weight(x.w.n, x.w.d, &x.t); ok {
			for m, k := range out {
				f.add64(offsets[m]+int(k), v)
			}
			return nil
		}
	} else {
		f.widen()
		x.t.Mul(&x.w.num, f.over(&x.w.den))
	}
	for m, k := range out {
		f.add(offsets[m]+int(k), &x.t)
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
// the one around it when it completes, foldExact), in the slots finish
// found. It runs after finish and before endPath, which forgets the hit,
// and fails on a path that drew from a rounded Dist.
func (g *merger) finishExact(path []step, x *exactSums) error {
	if g.xerr != nil {
		return g.xerr
	}
	f, from := x.total, 0
	if n := len(g.open); n > 0 {
		f, from = g.xopen[n-1], g.open[n-1].depth
	}
	if d := x.w.of(path[from:]); d != nil {
		return &FractionError{Dist: d}
	}
	g.addExact(f, x)
	return nil
}

// foldExact adds the exact sums x of recording n, just completed, whose
// shares are shares, to those of the recording around it, or to the
// totals when there is none, in the slots dst (foldSlots), scaled by the
// exact weight of the draws between the two.
func (g *merger) foldExact(n int, x *fracSum, shares []share, dst []int) {
	r := &g.open[n]
	to := g.xtotal
	if n > 0 {
		to = g.xopen[n-1]
	}
	if !x.wide && !r.xw.wide {
		// x's shares times r.xw, over to's denominator: t = r.xw.n · q,
		// q = to's denominator / (x.w · r.xw.d), each share's numerator
		// times t at most to's denominator.
		if hi, d := bits.Mul64(x.w, r.xw.d); hi == 0 {
			if v, ok := to.weight(r.xw.n, d, &g.xt); ok {
				for j, sh := range shares {
					if n := x.wn[sh.slot]; n != 0 {
						hi, y := bits.Mul64(n, v)
						if hi != 0 {
							panic("sim: an exact sum passed 1")
						}
						to.add64(dst[j], y)
					}
				}
				return
			}
			// to is wide now, and g.xt is r.xw.n times its factor.
			for j, sh := range shares {
				if n := x.wn[sh.slot]; n != 0 {
					g.xd.Mul(&g.xt, g.xd.SetUint64(n))
					to.add(dst[j], &g.xd)
				}
			}
			return
		}
	}
	x.widen()
	r.xw.widen()
	to.widen()
	g.xd.Mul(&x.den, &r.xw.den)
	q := to.over(&g.xd)
	for j, sh := range shares {
		if x.num[sh.slot].Sign() == 0 {
			continue
		}
		g.xt.Mul(&x.num[sh.slot], &r.xw.num)
		g.xt.Mul(&g.xt, q)
		to.add(dst[j], &g.xt)
	}
}

// addExact adds the weight x.w times the outcomes of the path just
// finished to f, in the slots finish found (g.dst): one for each value,
// or the hit's exact shares.
func (g *merger) addExact(f *fracSum, x *exactSums) {
	h := g.xhit
	if h == nil {
		if !x.w.wide {
			if v, ok := f.weight(x.w.n, x.w.d, &x.t); ok {
				for _, i := range g.dst {
					f.add64(i, v)
				}
				return
			}
		} else {
			f.widen()
			x.t.Mul(&x.w.num, f.over(&x.w.den))
		}
		for _, i := range g.dst {
			f.add(i, &x.t)
		}
		return
	}
	if !x.w.wide && !h.wide {
		if hi, d := bits.Mul64(x.w.d, h.w); hi == 0 {
			if v, ok := f.weight(x.w.n, d, &x.t); ok {
				for j, i := range g.dst {
					hi, y := bits.Mul64(v, h.wn[j])
					if hi != 0 {
						panic("sim: an exact sum passed 1")
					}
					f.add64(i, y)
				}
				return
			}
			// f is wide now, and x.t is x.w.n times its factor.
			for j, i := range g.dst {
				x.d.Mul(&x.t, x.d.SetUint64(h.wn[j]))
				f.add(i, &x.d)
			}
			return
		}
	}
	x.w.widen()
	f.widen()
	var hden *big.Int
	if h.wide {
		hden = &h.den
	} else {
		hden = x.d.SetUint64(h.w)
	}
	x.d.Mul(&x.w.den, hden)
	x.t.Mul(&x.w.num, f.over(&x.d))
	for j, i := range g.dst {
		if h.wide {
			x.d.Mul(&x.t, &h.num[j])
		} else {
			x.d.Mul(&x.t, x.d.SetUint64(h.wn[j]))
		}
		f.add(i, &x.d)
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
