package sim

import (
	"math"
	"testing"
)

// TestTabulate: a step's end states with their exact weights over the
// least common multiple of its paths' denominators, in the order first
// reached.
func TestTabulate(t *testing.T) {
	// The sum of two dice, then whether a third die is even: 36·6 paths,
	// but only the sum's parity and the die's matter.
	d6 := NewDist(1, 1, 1, 1, 1, 1)
	type end struct{ sumOdd, even bool }
	tb := Tabulate(func(src *Source) end {
		s := src.Pick(d6) + src.Pick(d6) + 2
		return end{s%2 == 1, src.Pick(d6)%2 == 1}
	}, 1000)
	if tb == nil || tb.Len() != 4 {
		t.Fatalf("table %v, want 4 end states", tb)
	}
	for i := range tb.Len() {
		s, w, total := tb.State(i)
		if w != 54 || total != 216 {
			t.Errorf("state %d %+v: %d/%d, want 54/216", i, *s, w, total)
		}
	}
	if s, _, _ := tb.State(0); *s != (end{false, false}) {
		t.Errorf("first state %+v, want the first path's", *s)
	}

	// Paths of unequal denominators: 1/2, then 1/2 · 1/3 twice, over 6.
	tb3 := Tabulate(func(src *Source) int {
		if src.Intn(2) == 0 {
			return 0
		}
		return 1 + min(src.Intn(3), 1)
	}, 10)
	for i, want := range []uint64{3, 1, 2} {
		if s, w, total := tb3.State(i); *s != i || w != want || total != 6 {
			t.Errorf("state %d: %d, %d/%d, want %d, %d/6", i, *s, w, total, i, want)
		}
	}

	if Tabulate(func(src *Source) int { return src.Intn(6) + src.Intn(6) }, 35) != nil {
		t.Error("a step of 36 paths tabulated within 35")
	}
	r := NewDist(1, 2).Rounded([]float64{1.0 / 3, 2.0 / 3})
	if Tabulate(func(src *Source) int { return src.Pick(r) }, 10) != nil {
		t.Error("a step drawing from a rounded Dist tabulated: its weights are not exact")
	}
}

// TestTabulatedDrawsHaveTheLaw: a Monte Carlo draw from a table gives the
// end states their weights.
func TestTabulatedDrawsHaveTheLaw(t *testing.T) {
	tb := Tabulate(func(src *Source) int { return src.Intn(6) + src.Intn(6) }, 100)
	src := newMC(1, 0)
	const n = 360_000
	counts := make([]int, 11)
	for range n {
		counts[*tb.Draw(src)]++
	}
	for s := range 11 {
		ways := 6 - math.Abs(float64(s-5))
		p := ways / 36
		lo, hi := Wilson(uint64(counts[s]), n, 0.9999)
		if p < lo || p > hi {
			t.Errorf("sum %d: %d of %d, outside [%g, %g] of %g", s+2, counts[s], n, lo, hi, p)
		}
	}
}
