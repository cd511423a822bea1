package sim

import (
	"fmt"
	"math/bits"
	"slices"
)

// Dist is a discrete distribution over the indices 0…len(weights)-1 with
// integer weights, so that every probability is an exact rational
// weight/total. Models build their Dists once, outside the trial loop.
type Dist struct {
	weights []uint64
	cum     []uint64  // cum[i] = weights[0] + … + weights[i]
	prob    []float64 // weights[i] / total, for exact enumeration
	total   uint64
	lut     []uint8 // index by uniform draw in [0,total) when total is small
	// guide, without lut, is the outcome of the least draw of each bucket
	// of draws (those with equal draw >> shift), where index starts its
	// search: a step or two instead of a binary search of cum, whose
	// branches a draw makes unpredictable.
	guide []int32
	shift uint8
	// vals are the outcomes' values (WithValues); vlut is lut mapped
	// through them.
	vals []int32
	vlut []int32
	// sixes is k when total is 6^k (k ≤ maxSixes): a Monte Carlo draw
	// then takes k dice from the source's reservoir (sixes.go).
	sixes int8
	// tens is k when total is 10^k (k ≤ maxTens): a Monte Carlo draw
	// takes k tens from the source's reservoir of them (tens.go).
	tens int8
	// rounded marks weights rounded from exact ones too large for them
	// (Rounded).
	rounded bool
}

// maxLUT bounds the lookup table that turns a uniform draw into an index in
// one load; larger totals fall back to a scan of the cumulative weights.
const maxLUT = 1 << 12

// NewDist returns the distribution with the given weights. At least one
// weight must be positive and the total must not overflow uint64: it
// panics otherwise, as models build their Dists from tables, once.
func NewDist(weights ...uint64) *Dist {
	d := &Dist{weights: append([]uint64(nil), weights...)}
	for _, w := range weights {
		if d.total+w < d.total {
			panic("sim: Dist weights overflow")
		}
		d.total += w
		d.cum = append(d.cum, d.total)
	}
	if d.total == 0 {
		panic("sim: Dist with no positive weight")
	}
	if k := sixesFor(d.total); k > 0 && pow6[k] == d.total {
		d.sixes = k
	}
	d.tens = tensFor(d.total)
	for _, w := range weights {
		d.prob = append(d.prob, float64(w)/float64(d.total))
	}
	if d.total <= maxLUT && len(weights) <= 256 {
		d.lut = make([]uint8, d.total)
		i := 0
		for r := range d.lut {
			for uint64(r) >= d.cum[i] {
				i++
			}
			d.lut[r] = uint8(i)
		}
		return d
	}
	// About four buckets an outcome: most searches then end where they
	// start.
	bucketBits := min(bits.Len(uint(len(weights)))+2, 16)
	d.shift = uint8(max(bits.Len64(d.total-1)-bucketBits, 0))
	d.guide = make([]int32, (d.total-1)>>d.shift+1)
	for j := range d.guide {
		d.guide[j] = int32(d.search(uint64(j) << d.shift))
	}
	return d
}

// WithValues returns d with outcome i carrying the value v[i], for
// Source.PickValue: a model that would map a drawn index through a table
// of its own gets the value in one lookup. It panics unless v has one value
// per outcome.
func (d *Dist) WithValues(v []int32) *Dist {
	if len(v) != len(d.weights) {
		panic(fmt.Sprintf("sim: %d values for a Dist of %d outcomes", len(v), len(d.weights)))
	}
	c := *d
	c.vals = append([]int32(nil), v...)
	c.vlut = nil
	if d.lut != nil {
		c.vlut = make([]int32, len(d.lut))
		for r, i := range d.lut {
			c.vlut[r] = v[i]
		}
	}
	return &c
}

// Merge returns d with its outcomes gathered into classes, for a model
// that treats the outcomes of one class alike in the state it is in:
// class[i] is the class of outcome i, the classes numbered 0…n−1 and none
// empty. Outcome c of the result weighs what the outcomes of class c
// weigh together, and a Monte Carlo draw of it takes the very rolls a
// draw of d takes and returns the class of the outcome d would have
// drawn: drawing either gives a trial the same figures. The merged Dist
// has fewer outcomes, which is cheaper where each outcome costs a branch:
// in exact enumeration, and in the graph of a run that keeps its paths
// (Source.KeepsPaths), which must learn each branch before it walks it.
//
// A class takes the value of its first outcome, if d has values
// (WithValues). d must map its draws by a table (a total of at most 4,096
// and at most 256 outcomes, as a Dist of dice has); Merge panics
// otherwise, or if class is not such a numbering.
func (d *Dist) Merge(class []int) *Dist {
	if d.lut == nil {
		panic("sim: Merge of a Dist that maps its draws by no table")
	}
	if len(class) != len(d.weights) {
		panic(fmt.Sprintf("sim: Merge with %d classes for a Dist of %d outcomes", len(class), len(d.weights)))
	}
	n := 0
	for _, c := range class {
		if c < 0 || c >= len(d.weights) {
			panic(fmt.Sprintf("sim: Merge into class %d of a Dist of %d outcomes", c, len(d.weights)))
		}
		n = max(n, c+1)
	}
	m := &Dist{weights: make([]uint64, n), total: d.total, sixes: d.sixes, tens: d.tens, rounded: d.rounded}
	for i, w := range d.weights {
		m.weights[class[i]] += w
	}
	var cum uint64
	for c, w := range m.weights {
		if !slices.Contains(class, c) {
			panic(fmt.Sprintf("sim: Merge with class %d empty (classes must be numbered 0…%d)", c, n-1))
		}
		cum += w
		m.cum = append(m.cum, cum)
		m.prob = append(m.prob, float64(w)/float64(d.total))
	}
	// The table is d's, mapped through the classes: not the cumulative
	// weights' order, so that a roll draws the class of d's outcome.
	m.lut = make([]uint8, len(d.lut))
	for r, i := range d.lut {
		m.lut[r] = uint8(class[i])
	}
	if d.vals == nil {
		return m
	}
	vals := make([]int32, n)
	for i := len(class) - 1; i >= 0; i-- {
		vals[class[i]] = d.vals[i]
	}
	return m.WithValues(vals)
}

// Rounded returns d marked as rounded: its weights were rounded from
// exact ones that do not fit 64 bits, and prob[i] is outcome i's exact
// probability to float precision, worked out by the model from the exact
// weights. A Monte Carlo run draws by the rounded weights, whose error,
// below 2^−62 a draw, no run of trials can see. An exact run weighs its
// paths by prob instead, so that an outcome the rounding would have made
// 2^−62 likely (the 100 hits of 100 dice, 3^−100) keeps its own chance; and
// one asked for fractions (Config.Fractions) refuses it with a
// *FractionError rather than report fractions of the rounded weights. A
// model must mark every Dist whose weights it rounded or scaled
// inexactly. Rounded panics unless prob has one probability per outcome,
// each positive where the outcome's weight is and 0 where it is not.
func (d *Dist) Rounded(prob []float64) *Dist {
	if len(prob) != len(d.weights) {
		panic(fmt.Sprintf("sim: %d probabilities for a Dist of %d outcomes", len(prob), len(d.weights)))
	}
	for i, p := range prob {
		if (p > 0) != (d.weights[i] > 0) || p > 1 {
			panic(fmt.Sprintf("sim: probability %g for an outcome of weight %d", p, d.weights[i]))
		}
	}
	c := *d
	c.prob = append([]float64(nil), prob...)
	c.rounded = true
	return &c
}

// IsRounded reports whether d was marked Rounded: a model can tell
// before a run that an exact one asked for fractions would refuse it.
func (d *Dist) IsRounded() bool { return d.rounded }

// Rolls returns, for a Dist with values (WithValues) whose total is 6^k
// with k ≤ 4, k and the value of each of its 6^k equally likely rolls, for
// Source.Roll; 0 and nil for any other Dist.
func (d *Dist) Rolls() (k int, vals []int32) {
	if d.sixes == 0 || d.vlut == nil {
		return 0, nil
	}
	return int(d.sixes), d.vlut
}

// Len is the number of outcomes, zero-weight ones included.
func (d *Dist) Len() int { return len(d.weights) }

// Weight returns the weight of outcome i and the total weight.
func (d *Dist) Weight(i int) (w, total uint64) { return d.weights[i], d.total }

// Prob returns the probability of outcome i.
func (d *Dist) Prob(i int) float64 { return d.prob[i] }

// index maps a uniform draw r in [0,total) to its outcome: the first i
// with r < cum[i].
func (d *Dist) index(r uint64) int {
	if d.lut != nil {
		return int(d.lut[r])
	}
	i := int(d.guide[r>>d.shift])
	for r >= d.cum[i] {
		i++
	}
	return i
}

// search is index by binary search of cum.
func (d *Dist) search(r uint64) int {
	lo, hi := 0, len(d.cum)-1
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if r < d.cum[mid] {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// next returns the first outcome after i with a positive weight, or -1.
func (d *Dist) next(i int) int {
	for i++; i < len(d.weights); i++ {
		if d.weights[i] != 0 {
			return i
		}
	}
	return -1
}

func (d *Dist) String() string { return fmt.Sprintf("Dist%v/%d", d.weights, d.total) }
