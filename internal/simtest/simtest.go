// Package simtest holds the checks that every model's tests make of the
// engine's two methods on the same model code: an exact run, and a Monte
// Carlo run whose intervals must hold the exact figures.
package simtest

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// Model is anything the engine can run: an attack of any game.
type Model interface {
	Experiment() (sim.Experiment, error)
}

// ExactOf runs m by exact enumeration, with a path budget large enough
// for any test case.
func ExactOf(t testing.TB, m Model) *sim.Result {
	t.Helper()
	exp, err := m.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, MaxPaths: 1 << 31})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// MonteCarloAgrees runs m exactly and by Monte Carlo (trials, seed) and
// checks that every exact probability lies in its 99.99% Wilson interval
// and that each metric's exact probabilities sum to 1. With a few hundred
// outcomes in all, a chance miss at this level is unlikely, and the fixed
// seed makes the test deterministic.
func MonteCarloAgrees(t testing.TB, name string, m Model, trials, seed uint64) {
	t.Helper()
	ex := ExactOf(t, m)
	exp, err := m.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: trials, Seed: seed, Confidence: 0.9999})
	if err != nil {
		t.Fatal(err)
	}
	for i, met := range mc.Metrics {
		total := 0.0
		for k, o := range met.Outcomes {
			p := ex.Metrics[i].Outcomes[k].P
			total += p
			if p < o.Lo || p > o.Hi {
				t.Errorf("%s: %s=%s exact %.6f outside MC [%.6f, %.6f]", name, met.Name, o.Label, p, o.Lo, o.Hi)
			}
		}
		if math.Abs(total-1) > 1e-12 {
			t.Errorf("%s: %s exact probabilities sum to %v", name, met.Name, total)
		}
	}
}

// SameWithoutMerge checks that m's exact run, which merges the states the
// model declares equal (sim.Source.Merge), gives every probability of the
// run that walks every path, to 1e-12, for one worker and two, and walks
// no more paths. A case whose unmerged walk exceeds budget paths is
// skipped: the walk is the slow reference, not the thing tested.
func SameWithoutMerge(t testing.TB, m Model, budget uint64) {
	t.Helper()
	exp, err := m.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	full, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, NoMerge: true, MaxPaths: budget})
	var be *sim.BudgetError
	if errors.As(err, &be) {
		t.Skipf("the unmerged walk exceeds %d paths", budget)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		merged, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i, met := range full.Metrics {
			for k, o := range met.Outcomes {
				if got := merged.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
					t.Errorf("-j %d: %s=%s merged %.15f, every path %.15f", workers, met.Name, o.Label, got, o.P)
				}
			}
		}
		if merged.Paths > full.Paths {
			t.Errorf("-j %d: merging walked %d paths, more than %d", workers, merged.Paths, full.Paths)
		}
	}
}

// MatchesOracle checks every outcome of every metric of res, a model's
// exact result, against want, an independent calculation's probabilities
// by metric and label, to 1e-9; both must know the same metrics, and an
// outcome the oracle gives a chance must be a label of the model.
func MatchesOracle(t testing.TB, name string, res *sim.Result, want map[string]map[string]float64) {
	t.Helper()
	if len(res.Metrics) != len(want) {
		t.Errorf("%s: model reports %d metrics, the oracle %d", name, len(res.Metrics), len(want))
	}
	for _, m := range res.Metrics {
		w, ok := want[m.Name]
		if !ok {
			t.Errorf("%s: metric %s unknown to the oracle", name, m.Name)
			continue
		}
		for _, o := range m.Outcomes {
			if math.Abs(o.P-w[o.Label]) > 1e-9 {
				t.Errorf("%s: %s=%s: model %.12f, oracle %.12f", name, m.Name, o.Label, o.P, w[o.Label])
			}
		}
		for label, p := range w {
			if m.Outcome(label) == nil && p > 0 {
				t.Errorf("%s: %s=%s (p %.6f) is not a label of the model", name, m.Name, label, p)
			}
		}
	}
}
