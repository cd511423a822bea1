package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestMergeDrawsTheClass: a merged Dist maps every roll to the class of
// the outcome the Dist maps it to, weighs each class as its outcomes
// together, and a Monte Carlo draw of it takes what a draw of the Dist
// takes, so that two sources on one stream stay together.
func TestMergeDrawsTheClass(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	weights := func(n int, total uint64) []uint64 {
		w := make([]uint64, n)
		for i := range w {
			w[i] = 1
		}
		for range total - uint64(n) {
			w[rng.IntN(n)]++
		}
		return w
	}
	dists := map[string]*Dist{
		"2d6 sums":            NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1),
		"36 pairs":            NewDist(weights(36, 36)...),
		"three dice":          NewDist(weights(40, 216)...),
		"a d10":               NewDist(weights(7, 10)...),
		"two tens":            NewDist(weights(30, 100)...),
		"uniform over 1,000":  NewDist(weights(200, 1000)...),
		"with a zero weight":  NewDist(3, 0, 30, 3),
		"valued 2d6 sums":     NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1).WithValues([]int32{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
		"a single outcome":    NewDist(36),
		"one class for 36 of": NewDist(weights(36, 36)...),
	}
	for name, d := range dists {
		for round := range 20 {
			class := randomClasses(rng, d.Len(), round)
			if name == "one class for 36 of" {
				class = make([]int, d.Len())
			}
			m := d.Merge(class)
			where := fmt.Sprintf("%s, classes %v", name, class)
			for r := range d.total {
				if got, want := m.index(r), class[d.index(r)]; got != want {
					t.Fatalf("%s: roll %d drew class %d, want %d", where, r, got, want)
				}
			}
			sums := make([]uint64, m.Len())
			for i, c := range class {
				w, _ := d.Weight(i)
				sums[c] += w
			}
			for c, want := range sums {
				if w, total := m.Weight(c); w != want || total != d.total {
					t.Fatalf("%s: class %d weighs %d/%d, want %d/%d", where, c, w, total, want, d.total)
				}
				if p, want := m.Prob(c), float64(want)/float64(d.total); p != want {
					t.Fatalf("%s: class %d has probability %v, want %v", where, c, p, want)
				}
			}
			a, b := newMC(uint64(round), 1), newMC(uint64(round), 1)
			for range 2000 {
				a.topUp()
				b.topUp()
				i, c := a.Pick(d), b.Pick(m)
				if class[i] != c {
					t.Fatalf("%s: a source drew outcome %d of the Dist and its twin class %d of the merged one", where, i, c)
				}
				if d.vals != nil {
					if v := m.vals[c]; v != d.vals[firstOf(class, c)] {
						t.Fatalf("%s: class %d valued %d, want its first outcome's %d", where, c, v, d.vals[firstOf(class, c)])
					}
				}
			}
			if x, y := a.Intn(1<<20), b.Intn(1<<20); x != y {
				t.Fatalf("%s: the two sources parted: %d and %d", where, x, y)
			}
		}
	}
}

// randomClasses is a numbering of n outcomes into classes 0…k−1, none
// empty, k from 1 to n.
func randomClasses(rng *rand.Rand, n, round int) []int {
	k := 1 + rng.IntN(n)
	if round == 0 {
		k = n
	}
	class := make([]int, n)
	for i := range class {
		class[i] = rng.IntN(k)
	}
	// Renumber in order of first outcome, so that every class is used.
	seen := map[int]int{}
	for i, c := range class {
		if _, ok := seen[c]; !ok {
			seen[c] = len(seen)
		}
		class[i] = seen[c]
	}
	return class
}

func firstOf(class []int, c int) int {
	for i, x := range class {
		if x == c {
			return i
		}
	}
	return -1
}

// TestMergeRefuses: a Dist with no table of draws, and classes that are
// not a numbering 0…n−1 of its outcomes, panic.
func TestMergeRefuses(t *testing.T) {
	wide := NewDist(1, 1_259_711)
	small := NewDist(1, 2, 3)
	for name, f := range map[string]func(){
		"no table":        func() { wide.Merge([]int{0, 0}) },
		"too few classes": func() { small.Merge([]int{0, 0}) },
		"a class skipped": func() { small.Merge([]int{0, 2, 2}) },
		"a negative one":  func() { small.Merge([]int{0, -1, 1}) },
		"past the last":   func() { small.Merge([]int{0, 1, 3}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Merge did not panic", name)
				}
			}()
			f()
		}()
	}
}
