package dice

import (
	"slices"

	"github.com/sapperhq/sapper/sim"
)

// Pair is a DR whose white and colored dice matter apart, such as a DC's
// Position DR, whose colored die gives the hit location (C7.346, C3.9).
// Like Coarse it merges what the caller treats alike, but over the 36
// white/colored pairs rather than over the 11 sums: one draw in Monte
// Carlo, one branch per class in exact enumeration.
type Pair struct {
	dist *sim.Dist
	rep  [][2]int8 // a representative (white, colored) of each class
}

// NewPair groups the 36 pairs by key(white, colored); each class is
// represented by its first pair in white-major order. It is meant for
// set-up, not for the trial loop.
func NewPair(key func(white, colored int) int) Pair {
	// At most 36 classes: the keys are searched in turn, cheaper than a
	// map for set-up that builds hundreds of Pairs, and the classes are
	// gathered on the stack and copied out once.
	var keys [36]int
	var weights [36]uint64
	var rep [36][2]int8
	n := 0
	for w := 1; w <= 6; w++ {
		for c := 1; c <= 6; c++ {
			k := key(w, c)
			i := slices.Index(keys[:n], k)
			if i < 0 {
				i = n
				keys[i], rep[i] = k, [2]int8{int8(w), int8(c)}
				n++
			}
			weights[i]++
		}
	}
	return Pair{dist: sim.NewDist(weights[:n]...), rep: slices.Clone(rep[:n])}
}

// Roll draws the DR and returns its class's representative dice.
func (p Pair) Roll(src *sim.Source) (white, colored int) {
	r := p.rep[src.Pick(p.dist)]
	return int(r[0]), int(r[1])
}

// Classes is the number of classes.
func (p Pair) Classes() int { return len(p.rep) }

// Rep is class k's representative dice and its weight out of 36.
func (p Pair) Rep(k int) (white, colored int, weight uint64) {
	w, _ := p.dist.Weight(k)
	return int(p.rep[k][0]), int(p.rep[k][1]), w
}

// Merge returns p with its classes gathered into coarser ones, class[k]
// the coarse class of class k, for a caller that treats them alike in the
// state it is in: it draws the same rolls as p, with fewer outcomes
// (sim.Dist.Merge). A coarse class is represented by the dice of its
// first class. The classes must be numbered 0…n−1, none empty.
func (p Pair) Merge(class []int) Pair {
	d := p.dist.Merge(class)
	rep := make([][2]int8, d.Len())
	for k := len(class) - 1; k >= 0; k-- {
		rep[class[k]] = p.rep[k]
	}
	return Pair{dist: d, rep: rep}
}
