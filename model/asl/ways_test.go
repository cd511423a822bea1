package asl

import "testing"

// TestWays: the ways two dice sum to each DR, counted die by die, and
// none outside 2…12.
func TestWays(t *testing.T) {
	var want [20]int
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			want[a+b]++
		}
	}
	for dr := -3; dr < len(want); dr++ {
		w := 0
		if dr >= 0 {
			w = want[dr]
		}
		if got := Ways(dr); got != w {
			t.Errorf("Ways(%d) = %d, want %d", dr, got, w)
		}
	}
}
