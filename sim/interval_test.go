package sim

import (
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestZScoreIsTheNormalQuantile: zScore gives stat/distuv's unit normal
// quantile to the bit, so that no interval moved when it stopped linking
// stat/distuv; 1.959963984540054 is Φ⁻¹(0.975) to the digits tables give.
func TestZScoreIsTheNormalQuantile(t *testing.T) {
	for _, c := range []float64{0.5, 0.68, 0.8, 0.9, 0.95, 0.975, 0.99, 0.995, 0.999, 0.9999, 1e-6, 1 - 1e-9} {
		if got, want := zScore(c), distuv.UnitNormal.Quantile(1-(1-c)/2); got != want {
			t.Errorf("zScore(%v) = %.17g, stat/distuv %.17g", c, got, want)
		}
	}
	if z := zScore(0.95); z < 1.959963984540053 || z > 1.959963984540055 {
		t.Errorf("zScore(0.95) = %.17g", z)
	}
}
