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
		"(%d outcomes, total %d), so its probabilities are exact to float precision only, not as fractions",
		e.Dist.Len(), e.Dist.total)
}

// Machine words first. A sum's numerators never exceed its common
// denominator (each is a probability, at most 1, over it), and a
// recording's denominator is that of a few draws below its key, so the
// sums and the weights mostly fit machine words: a path's weight and a
// memo entry's shares are kept in 64-bit words (ratio.n and .d, fracs.w),
// a sum in 128 bits (fracSum.w, two words), while they fit, products
// checked with math/bits, and each is moved to math/big for good (wide)
// the first time one would overflow. The fractions are the same either
// way.

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

// u128 is an unsigned integer of two words.
type u128 struct{ hi, lo uint64 }

// mul is a·b, and false when it does not fit 128 bits.
func (a u128) mul(b uint64) (u128, bool) {
	h1, l1 := bits.Mul64(a.lo, b)
	h2, l2 := bits.Mul64(a.hi, b)
	hi, c := bits.Add64(h1, l2, 0)
	return u128{hi, l1}, h2 == 0 && c == 0
}

// divmod is a/d and a mod d, d > 0.
func (a u128) divmod(d uint64) (u128, uint64) {
	qhi, r := a.hi/d, a.hi%d
	qlo, r := bits.Div64(r, a.lo, d)
	return u128{qhi, qlo}, r
}

// mulWide is a·b, and false when it does not fit 128 bits.
func (a u128) mulWide(b u128) (u128, bool) {
	if a.hi != 0 && b.hi != 0 {
		return u128{}, false
	}
	if a.hi != 0 {
		a, b = b, a
	}
	// a fits a word.
	return b.mul(a.lo)
}

// sub is a − b, for a ≥ b.
func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

// quoRem is a/d and a mod d, d > 0 (for a divisor of two words, a trial
// quotient within one of the true one from the top words, then set
// right: Hacker's Delight, §9-5).
func (a u128) quoRem(d u128) (u128, u128) {
	if d.hi == 0 {
		q, r := a.divmod(d.lo)
		return q, u128{0, r}
	}
	n := uint(bits.LeadingZeros64(d.hi))
	d1 := d.hi<<n | d.lo>>(64-n)
	if n == 0 {
		d1 = d.hi
	}
	a1 := u128{a.hi >> 1, a.lo>>1 | a.hi<<63}
	tq, _ := bits.Div64(a1.hi, a1.lo, d1)
	tq >>= 63 - n
	if tq != 0 {
		tq--
	}
	m, _ := d.mul(tq)
	r := a.sub(m)
	if !r.less(d) {
		tq++
		r = r.sub(d)
	}
	return u128{0, tq}, r
}

// u128Of is x, which fits 128 bits.
func u128Of(x *big.Int) u128 {
	var lo, hi big.Int
	lo.SetUint64(^uint64(0)).And(&lo, x)
	hi.Rsh(x, 64)
	return u128{hi.Uint64(), lo.Uint64()}
}

// less reports whether a < b.
func (a u128) less(b u128) bool { return a.hi < b.hi || a.hi == b.hi && a.lo < b.lo }

// set sets z to a and returns z.
func (a u128) set(z *big.Int) *big.Int {
	if a.hi == 0 {
		return z.SetUint64(a.lo)
	}
	if bits.UintSize == 64 {
		return z.SetBits([]big.Word{big.Word(a.lo), big.Word(a.hi)})
	}
	var lo big.Int
	z.SetUint64(a.hi).Lsh(z, 64)
	return z.Or(z, lo.SetUint64(a.lo))
}

// fracSum is an exact sum per slot: wn[i] / w, in 128 bits, while it
// fits, num[i] / den once wide, the denominator common to every slot.
type fracSum struct {
	wide       bool
	w          u128
	wn         []u128
	den        big.Int
	num        []big.Int
	q, r, t, d big.Int // scratch
}

func newFracSum(slots int) *fracSum {
	return &fracSum{w: u128{0, 1}, wn: make([]u128, slots)}
}

// reset empties the sum.
func (f *fracSum) reset() {
	f.wide, f.w = false, u128{0, 1}
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
	f.w.set(&f.den)
	for i, n := range f.wn {
		n.set(&f.num[i])
	}
	f.wide = true
}

// over128 makes w a multiple of d and returns w/d, the factor that puts
// a fraction over d over the common denominator. It reports false, having
// changed nothing, when the new denominator would not fit 128 bits.
func (f *fracSum) over128(d uint64) (u128, bool) {
	q, r := f.w.divmod(d)
	if r == 0 {
		return q, true
	}
	t := d / gcd64(d, r) // gcd(w, d) = gcd(d, w mod d)
	w, ok := f.w.mul(t)
	if !ok {
		return u128{}, false
	}
	f.w = w
	for i, n := range f.wn {
		f.wn[i], _ = n.mul(t) // at most the old w times t
	}
	q, _ = w.divmod(d)
	return q, true
}

// overWide is over128 for a divisor of two words. The first sums of a
// recording grow the denominator; the least common multiple is then
// found in math/big, and the sum stays in words if it fits.
func (f *fracSum) overWide(d u128) (u128, bool) {
	if d.hi == 0 {
		return f.over128(d.lo)
	}
	q, r := f.w.quoRem(d)
	if r == (u128{}) {
		return q, true
	}
	var w, t, g big.Int
	f.w.set(&w)
	d.set(&t)
	g.GCD(nil, nil, &w, &t)
	t.Quo(&t, &g) // what w grows by
	w.Mul(&w, &t)
	if w.BitLen() > 128 {
		return u128{}, false
	}
	tw := u128Of(&t)
	f.w = u128Of(&w)
	for i, n := range f.wn {
		f.wn[i], _ = n.mulWide(tw) // at most the old w times t
	}
	q, _ = f.w.quoRem(d)
	return q, true
}

// over is over128 for a wide sum.
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
func (f *fracSum) weight(n, d uint64, t *big.Int) (u128, bool) {
	if !f.wide {
		if q, ok := f.over128(d); ok {
			if v, ok := q.mul(n); ok {
				return v, true
			}
		}
		f.widen()
	}
	q := f.over(f.d.SetUint64(d))
	t.Mul(t.SetUint64(n), q)
	return u128{}, false
}

// weightWide is weight for a weight whose denominator takes two words.
func (f *fracSum) weightWide(n uint64, d u128, t *big.Int) (u128, bool) {
	if d.hi == 0 {
		return f.weight(n, d.lo, t)
	}
	if !f.wide {
		if q, ok := f.overWide(d); ok {
			if v, ok := q.mul(n); ok {
				return v, true
			}
		}
		f.widen()
	}
	q := f.over(d.set(&f.d))
	t.Mul(t.SetUint64(n), q)
	return u128{}, false
}

// add adds x, already over the common denominator, to slot i of a wide
// sum.
func (f *fracSum) add(i int, x *big.Int) { f.num[i].Add(&f.num[i], x) }

// add128 adds x, over the common denominator, to slot i of a sum in
// words. A probability never passes 1, so the sum never passes the
// denominator.
func (f *fracSum) add128(i int, x u128) {
	n := f.wn[i]
	lo, c := bits.Add64(n.lo, x.lo, 0)
	hi, c := bits.Add64(n.hi, x.hi, c)
	s := u128{hi, lo}
	if c != 0 || f.w.less(s) {
		panic("sim: an exact sum passed 1")
	}
	f.wn[i] = s
}

// mulShare is v·n, a share's numerator n times a weight over the common
// denominator v: at most the denominator, since the share is at most 1.
func mulShare(v, n u128) u128 {
	y, ok := v.mulWide(n)
	if !ok {
		panic("sim: an exact sum passed 1")
	}
	return y
}

// nonzero reports whether slot i holds a share.
func (f *fracSum) nonzero(i int) bool {
	if f.wide {
		return f.num[i].Sign() != 0
	}
	return f.wn[i] != u128{}
}

// rat adds slot i's fraction to x.
func (f *fracSum) rat(x *big.Rat, i int) {
	var r big.Rat
	if f.wide {
		r.SetFrac(&f.num[i], &f.den)
	} else {
		var n, d big.Int
		r.SetFrac(f.wn[i].set(&n), f.w.set(&d))
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
// j-th share in 128 bits, or num[j] / den when wide.
type fracs struct {
	wide bool
	w    u128
	wn   []u128
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
	// Only the powers of two they share are taken out, by a shift: a
	// whole greatest common divisor costs more than the smaller words it
	// leaves save (the fractions reported are reduced in the end).
	if f.wide {
		if f.den.BitLen() > 128 {
			return false
		}
		x.w = u128Of(&f.den)
		x.wn = make([]u128, len(slots))
		for j, sh := range slots {
			x.wn[j] = u128Of(&f.num[sh.slot]) // at most den
		}
	} else {
		x.w = f.w
		x.wn = make([]u128, len(slots))
		for j, sh := range slots {
			x.wn[j] = f.wn[sh.slot]
		}
	}
	zl, zh := x.w.lo, x.w.hi
	for _, n := range x.wn {
		zl, zh = zl|n.lo, zh|n.hi
	}
	k := uint(bits.TrailingZeros64(zl))
	if zl == 0 {
		k = 64 + uint(bits.TrailingZeros64(zh))
	}
	if k == 0 {
		return true
	}
	shift := func(a u128) u128 {
		if k >= 64 {
			return u128{0, a.hi >> (k - 64)}
		}
		return u128{a.hi >> k, a.lo>>k | a.hi<<(64-k)}
	}
	x.w = shift(x.w)
	for j, n := range x.wn {
		x.wn[j] = shift(n)
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
		return uint64(24+16+24) + 16*uint64(len(x.wn))
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
				f.add128(offsets[m]+int(k), v)
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
		// x's shares times r.xw, over to's denominator: v = r.xw.n · q,
		// q = to's denominator / (x.w · r.xw.d), each share's numerator
		// (at most x.w) times v at most to's denominator.
		if d, ok := x.w.mul(r.xw.d); ok {
			if v, ok := to.weightWide(r.xw.n, d, &g.xt); ok {
				for j, sh := range shares {
					if n := x.wn[sh.slot]; n != (u128{}) {
						to.add128(dst[j], mulShare(v, n))
					}
				}
				return
			}
			// to is wide now, and g.xt is r.xw.n times its factor.
			for j, sh := range shares {
				if n := x.wn[sh.slot]; n != (u128{}) {
					g.xd.Mul(&g.xt, n.set(&g.xd))
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
					f.add128(i, v)
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
		if d, ok := h.w.mul(x.w.d); ok {
			if v, ok := f.weightWide(x.w.n, d, &x.t); ok {
				for j, i := range g.dst {
					f.add128(i, mulShare(v, h.wn[j]))
				}
				return
			}
			// f is wide now, and x.t is x.w.n times its factor.
			for j, i := range g.dst {
				x.d.Mul(&x.t, h.wn[j].set(&x.d))
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
		hden = h.w.set(&x.d)
	}
	x.d.Mul(&x.w.den, hden)
	x.t.Mul(&x.w.num, f.over(&x.d))
	for j, i := range g.dst {
		if h.wide {
			x.d.Mul(&x.t, &h.num[j])
		} else {
			x.d.Mul(&x.t, h.wn[j].set(&x.d))
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
