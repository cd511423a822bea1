package asl

import (
	"context"
	"math"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// experimenter is an attack the engine can run: a DCAttack or an
// AFVAttack.
type experimenter interface {
	Experiment() (sim.Experiment, error)
}

// exactOf runs x by exact enumeration.
func exactOf(t testing.TB, x experimenter) *sim.Result {
	t.Helper()
	exp, err := x.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkMonteCarlo runs x by Monte Carlo (fixed seed, 400,000 trials) and
// checks that every exact probability lies in its 99.99% Wilson interval
// and that each metric's exact probabilities sum to 1: with a few hundred
// outcomes in all, a chance miss at this level is unlikely, and the seed
// is fixed so the test is deterministic.
func checkMonteCarlo(t *testing.T, name string, x experimenter) {
	t.Helper()
	ex := exactOf(t, x)
	exp, err := x.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 400_000, Seed: 5, Confidence: 0.9999})
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
