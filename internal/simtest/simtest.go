// Package simtest holds the checks that every model's tests make of the
// engine's two methods on the same model code: an exact run, and a Monte
// Carlo run whose intervals must hold the exact figures.
package simtest

import (
	"context"
	"errors"
	"math"
	"reflect"
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

// HoldsToModel is the check of a model's random inputs. It runs m by
// Monte Carlo (20,000 trials, seed) and checks that walking its kept
// paths (sim.Experiment.KeepPaths) to the end of the run gives the
// figures of its model run on every trial, to the byte, at one worker and
// two. When m's unmerged enumeration takes at most budget paths, it also
// checks that the merged enumeration gives every one of its probabilities
// to 1e-12, the same at one worker and two, and that each lies in the
// Monte Carlo 99.999% interval widened by a tenth; over a few thousand
// outcomes a chance miss at that level is unlikely, and the fixed seed
// makes the check deterministic. It reports whether m was enumerated.
func HoldsToModel(t testing.TB, name string, m Model, seed, budget uint64) bool {
	t.Helper()
	exp, err := m.Experiment()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	run := func(cfg sim.Config) *sim.Result {
		t.Helper()
		res, err := sim.Run(context.Background(), exp, cfg)
		if err != nil {
			var be *sim.BudgetError
			if errors.As(err, &be) && cfg.NoMerge {
				return nil
			}
			t.Fatalf("%s: %v", name, err)
		}
		res.Elapsed = 0
		return res
	}
	mc := sim.Config{Trials: 20_000, Chunk: 2_000, Seed: seed, Confidence: 0.99999}
	walked := run(mc)
	for _, workers := range []int{1, 2} {
		cfg := mc
		cfg.Workers, cfg.NoPaths = workers, true
		model := run(cfg)
		cfg.NoPaths, cfg.KeepWalking = false, true
		if kept := run(cfg); !reflect.DeepEqual(kept, model) || !reflect.DeepEqual(walked, model) {
			t.Errorf("%s, -j %d: walking kept paths changed the figures", name, workers)
		}
	}
	full := run(sim.Config{Method: sim.Exact, Workers: 1, NoMerge: true, MaxPaths: budget})
	if full == nil {
		return false
	}
	var first *sim.Result
	for _, workers := range []int{1, 2} {
		merged := run(sim.Config{Method: sim.Exact, Workers: workers})
		for i, fm := range full.Metrics {
			for k, o := range fm.Outcomes {
				got := merged.Metrics[i].Outcomes[k].P
				if math.Abs(got-o.P) > 1e-12 {
					t.Errorf("%s, -j %d: %s=%s merged %.15f, every path %.15f", name, workers, fm.Name, o.Label, got, o.P)
				}
				if first != nil && got != first.Metrics[i].Outcomes[k].P {
					t.Errorf("%s, -j %d: %s=%s %v, -j 1 %v", name, workers, fm.Name, o.Label, got, first.Metrics[i].Outcomes[k].P)
				}
			}
		}
		first = merged
	}
	for i, em := range first.Metrics {
		for k, o := range em.Outcomes {
			s := walked.Metrics[i].Outcomes[k]
			slack := 0.1 * (s.Hi - s.Lo)
			if o.P < s.Lo-slack-1e-12 || o.P > s.Hi+slack+1e-12 {
				t.Errorf("%s: %s=%s exact %.5f outside Monte Carlo [%.5f, %.5f]", name, em.Name, o.Label, o.P, s.Lo, s.Hi)
			}
		}
	}
	return true
}

// HoldsOnRandom draws n inputs of a model, input i by draw(i), and holds
// each that the model takes (draw's error nil) to HoldsToModel, seeded by
// i, with every path enumerated up to 400,000; with -short, an eighth of
// them up to 100,000. It fails if fewer than half the inputs were taken,
// or fewer than a quarter enumerated: a draw that tests too little. what
// names the inputs in the log.
func HoldsOnRandom(t *testing.T, what string, n int, draw func(i int) (m Model, name string, err error)) {
	t.Helper()
	budget := uint64(400_000)
	if testing.Short() {
		n, budget = max(n/8, 4), 100_000
	}
	valid, exact := 0, 0
	for i := range n {
		m, name, err := draw(i)
		if err != nil {
			continue
		}
		valid++
		if HoldsToModel(t, name, m, uint64(i), budget) {
			exact++
		}
	}
	t.Logf("%d of %d %s taken, %d enumerated both ways", valid, n, what, exact)
	if valid < n/2 || exact < n/4 {
		t.Errorf("of %d random %s %d were taken and %d enumerated both ways: the draw tests too little", n, what, valid, exact)
	}
}
