package dice

import (
	"sync"

	"github.com/sapperhq/sapper/sim"
)

// Coarse is a DR whose sums are merged into classes that the caller treats
// alike. Drawing it costs one draw in Monte Carlo and one branch per class
// (not per sum) in exact enumeration; the returned value is a
// representative Original DR of the drawn class, so code that reads the DR
// is unchanged.
//
// A Coarse is only correct if every sum in a class leads to the same
// outcome; NewCoarse takes the caller's word for that through its key
// function.
type Coarse struct {
	dist *sim.Dist
	rep  []int8
}

// NewCoarse groups the sums 2…12 by key(sum): sums with equal keys form one
// class, represented by the smallest of them. It is meant for set-up, not
// for the trial loop.
func NewCoarse(key func(sum int) int) Coarse {
	// The classes, each sum's class numbered in order of first sum, are
	// all a Coarse depends on, and the tables of a model ask for the same
	// few again and again: each is built once and shared, as a Coarse is
	// never changed.
	var part [11]int8
	var keys [11]int
	n := int8(0)
	for s := 2; s <= 12; s++ {
		k := key(s)
		keys[s-2] = k
		part[s-2] = n
		for t := 2; t < s; t++ {
			if keys[t-2] == k {
				part[s-2] = part[t-2]
				break
			}
		}
		if part[s-2] == n {
			n++
		}
	}
	coarseMu.Lock()
	defer coarseMu.Unlock()
	if c, ok := coarseOf[part]; ok {
		return c
	}
	c := newCoarse(&part, int(n))
	coarseOf[part] = c
	return c
}

var (
	coarseMu sync.Mutex
	coarseOf = map[[11]int8]Coarse{}
)

// newCoarse builds the Coarse of n classes whose sum s falls in class
// part[s-2].
func newCoarse(part *[11]int8, n int) Coarse {
	weights := make([]uint64, n)
	rep := make([]int8, n)
	for s := 12; s >= 2; s-- {
		i := part[s-2]
		w, _ := sum2d6.Weight(s - 2)
		weights[i] += w
		rep[i] = int8(s)
	}
	reps := make([]int32, len(rep))
	for i, r := range rep {
		reps[i] = int32(r)
	}
	return Coarse{dist: sim.NewDist(weights...).WithValues(reps), rep: rep}
}

// Roll draws the DR and returns its class's representative sum.
func (c Coarse) Roll(src *sim.Source) int { return int(src.PickValue(c.dist)) }

// Sums returns the classes as a distribution valued by their
// representative sums, for a trial loop that draws inline with
// sim.Source.Roll and falls back to PickValue: the same draw as Roll.
func (c Coarse) Sums() *sim.Dist { return c.dist }

// Valued returns the classes as a distribution whose class k carries the
// value v[k], for a caller that maps each class to a value of its own
// (sim.Source.PickValue).
func (c Coarse) Valued(v []int32) *sim.Dist { return c.dist.WithValues(v) }

// Classes is the number of classes.
func (c Coarse) Classes() int { return len(c.rep) }

// Class draws the DR and returns its class's index, for a caller that
// has worked out what each class leads to.
func (c Coarse) Class(src *sim.Source) int { return src.Pick(c.dist) }

// Rep is class k's representative sum and its weight out of 36.
func (c Coarse) Rep(k int) (sum int, weight uint64) {
	w, _ := c.dist.Weight(k)
	return int(c.rep[k]), w
}

// Merge returns c with its classes gathered into coarser ones, class[k]
// the coarse class of class k, for a caller that treats them alike in the
// state it is in: it draws the same rolls as c, with fewer outcomes
// (sim.Dist.Merge). A coarse class is represented by the sum of its first
// class, its value too (Sums). The classes must be numbered 0…n−1, none
// empty.
func (c Coarse) Merge(class []int) Coarse {
	d := c.dist.Merge(class)
	rep := make([]int8, d.Len())
	for k := len(class) - 1; k >= 0; k-- {
		rep[class[k]] = c.rep[k]
	}
	return Coarse{dist: d, rep: rep}
}
