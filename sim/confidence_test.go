package sim

import (
	"context"
	"math"
	"testing"
)

// TestConfidenceBounds: the engine refuses a confidence outside
// [MinConfidence, MaxConfidence], and within it every interval is finite.
func TestConfidenceBounds(t *testing.T) {
	cases := []struct {
		c  float64
		ok bool
	}{
		{MinConfidence, true},
		{0.95, true},
		{MaxConfidence, true},
		{math.Nextafter(MinConfidence, 0), false},
		{math.Nextafter(MaxConfidence, 1), false},
		{0.9999999999999999, false},
		{1, false},
		{0.1, false},
		{-0.95, false},
		{math.NaN(), false},
	}
	for _, tc := range cases {
		res, err := Run(context.Background(), diceExperiment(), Config{Trials: 1000, Seed: 1, Confidence: tc.c})
		if (err == nil) != tc.ok {
			t.Errorf("confidence %v: err %v; want ok %v", tc.c, err, tc.ok)
			continue
		}
		if err != nil {
			continue
		}
		for _, m := range res.Metrics {
			for _, o := range m.Outcomes {
				if math.IsNaN(o.Lo) || math.IsNaN(o.Hi) || o.Lo > o.P || o.Hi < o.P {
					t.Errorf("confidence %v: %s=%s: p %v in [%v, %v]", tc.c, m.Name, o.Label, o.P, o.Lo, o.Hi)
				}
			}
			if math.IsNaN(m.MeanLo) || math.IsNaN(m.MeanHi) {
				t.Errorf("confidence %v: %s: mean interval [%v, %v]", tc.c, m.Name, m.MeanLo, m.MeanHi)
			}
		}
	}
}
