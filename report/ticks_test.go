//go:build !js

package report

import (
	"math"
	"slices"
	"testing"
)

// TestNiceTicks: a sweep's x-axis marks its ends and round values
// between, none within half a step of an end; a sweep of whole numbers
// (dice, FP) is marked at whole numbers only (dice from 4 to 24 read 4,
// 5, 7.5, 10 … 22.5, 24).
func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		whole  bool
		want   []float64
	}{
		{4, 24, true, []float64{4, 10, 15, 20, 24}},
		{4, 24, false, []float64{4, 7.5, 10, 12.5, 15, 17.5, 20, 22.5, 24}},
		{0, 1, false, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{1, 200, true, []float64{1, 25, 50, 75, 100, 125, 150, 175, 200}},
		{3, 3, true, []float64{3}},
	} {
		near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
		if got := niceTicks(c.lo, c.hi, c.whole); !slices.EqualFunc(got, c.want, near) {
			t.Errorf("niceTicks(%v, %v, %v) = %v, want %v", c.lo, c.hi, c.whole, got, c.want)
		}
	}
}
