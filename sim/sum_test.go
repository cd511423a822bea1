package sim

import (
	"math"
	"testing"
)

// branchy is Neumaier's compensated addition as he wrote it: the rounding
// error of s+x found by Fast2Sum, with the larger of |s| and |x| first.
func branchy(s, c *float64, x float64) {
	t := *s + x
	if math.Abs(*s) >= math.Abs(x) {
		*c += (*s - t) + x
	} else {
		*c += (x - t) + *s
	}
	*s = t
}

// TestNeumaierIsFast2Sum: neumaier, which finds each addition's rounding
// error by TwoSum with no branch, keeps the same sum and compensation as
// the branch on the larger term, to the bit, over long runs of terms of
// both signs and magnitudes 2^-60 to 2^20 (the weights of exact mode's
// paths and the shares of its memo are in (0, 1]), and over the terms
// that make Fast2Sum's order matter: equal magnitudes, cancellation, zeros.
func TestNeumaierIsFast2Sum(t *testing.T) {
	var g pcg
	g.seed(7, 0)
	for run := range 200 {
		var s1, c1, s2, c2 float64
		for i := range 5000 {
			u := g.next()
			x := math.Ldexp(float64(u>>11)/(1<<53), int(u%81)-60)
			if u>>10&1 == 1 {
				x = -x
			}
			switch u >> 12 % 16 {
			case 0:
				x = -s1
			case 1:
				x = s1
			case 2:
				x = 0
			}
			neumaier(&s1, &c1, x)
			branchy(&s2, &c2, x)
			if math.Float64bits(s1) != math.Float64bits(s2) || math.Float64bits(c1) != math.Float64bits(c2) {
				t.Fatalf("run %d, term %d (%g): sum %g + %g, want %g + %g", run, i, x, s1, c1, s2, c2)
			}
		}
	}
}
