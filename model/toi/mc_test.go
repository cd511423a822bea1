package toi_test

import (
	"context"
	"math"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestMonteCarloAgreesWithExact runs each oracle case by Monte Carlo
// (fixed seed) and checks that every exact probability lies in its 99.99%
// Wilson interval: with a few hundred outcomes in all, a chance miss at
// this level is unlikely, and the fixed seed makes the test deterministic.
func TestMonteCarloAgreesWithExact(t *testing.T) {
	for name, a := range oracleCases(t) {
		ex := exact(t, a)
		exp, err := a.Experiment()
		if err != nil {
			t.Fatal(err)
		}
		mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 200_000, Seed: 5, Confidence: 0.9999})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range mc.Metrics {
			total := 0.0
			for k, o := range m.Outcomes {
				p := ex.Metrics[i].Outcomes[k].P
				total += p
				if p < o.Lo || p > o.Hi {
					t.Errorf("%s: %s=%s exact %.6f outside MC [%.6f, %.6f]", name, m.Name, o.Label, p, o.Lo, o.Hi)
				}
			}
			if math.Abs(total-1) > 1e-12 {
				t.Errorf("%s: %s exact probabilities sum to %v", name, m.Name, total)
			}
		}
	}
}
