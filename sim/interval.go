package sim

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// zScore returns the two-sided standard normal quantile for confidence c,
// Φ⁻¹(1 − (1−c)/2). Precondition: 0 < c < 1. It is mathext's quantile,
// which the unit normal of gonum's stat/distuv returns too, to the bit:
// stat/distuv brings gonum's matrix and solver packages into every
// binary, the browser's engine among them (31 KB of it), for this one
// function.
func zScore(c float64) float64 {
	return mathext.NormalQuantile(1 - (1-c)/2)
}

// Wilson returns the Wilson score interval for x successes in n trials at
// confidence c (Wilson 1927; Brown, Cai and DasGupta 2001 recommend it over
// the Wald interval):
//
//	centre = (p̂ + z²/2n) / (1 + z²/n)
//	half   = z / (1 + z²/n) · √(p̂(1−p̂)/n + z²/4n²)
//
// With n = 0 it returns the vacuous interval [0, 1]. It panics unless
// x ≤ n and 0 < c < 1, the preconditions of a count and a confidence.
func Wilson(x, n uint64, c float64) (lo, hi float64) {
	if x > n || !(c > 0 && c < 1) {
		panic(fmt.Sprintf("sim: Wilson(%d, %d, %v): want successes ≤ trials and a confidence in (0, 1)", x, n, c))
	}
	if n == 0 {
		return 0, 1
	}
	return wilsonZ(float64(x)/float64(n), float64(n), zScore(c))
}

func wilsonZ(p, n, z float64) (lo, hi float64) {
	z2 := z * z
	den := 1 + z2/n
	centre := (p + z2/(2*n)) / den
	half := z / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	lo, hi = centre-half, centre+half
	// The exact bounds at p̂ = 0 or 1 are 0 and 1; rounding may miss them.
	if p == 0 {
		lo = 0
	}
	if p == 1 {
		hi = 1
	}
	return max(lo, 0), min(hi, 1)
}
