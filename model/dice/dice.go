// Package dice builds the dice of tactical wargames on the engine's uniform
// draws: the six-sided dr, the two-dice DR (white and colored, or its sum
// alone), the d10, and Random Selection.
//
// Primitives are chosen so that exact enumeration stays small: a DR whose
// dice matter only through their sum is one draw over 11 weighted sums, not
// two draws over 36 pairs, and a [Coarse] DR merges the sums a model treats
// alike into one weighted branch.
package dice

import "github.com/sapperhq/sapper/sim"

// Dr rolls one six-sided die: 1–6 (ASL A.1).
func Dr(src *sim.Source) int { return src.Intn(6) + 1 }

// D10 rolls one ten-sided die reading 1–10.
func D10(src *sim.Source) int { return src.Intn(10) + 1 }

// sum2d6 weights the sums 2…12 of two six-sided dice: 1,2,3,4,5,6,5,4,3,2,1
// out of 36.
var sum2d6 = sim.NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)

// DR rolls two six-sided dice and returns their sum, 2–12, as one draw.
// Use it when neither die matters on its own.
func DR(src *sim.Source) int { return src.Pick(sum2d6) + 2 }

// WhiteColored rolls the white and the colored die of a DR separately, for
// rolls where one die has a meaning of its own (hit location, C3.9; falling
// rubble direction, B24.12).
func WhiteColored(src *sim.Source) (white, colored int) {
	return Dr(src), Dr(src)
}

// PDR is the probability that a DR sums to n, n in 2…12.
func PDR(n int) float64 {
	if n < 2 || n > 12 {
		return 0
	}
	return sum2d6.Prob(n - 2)
}
