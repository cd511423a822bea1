package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

// diceExperiment records the sum of two dice (as a 2d6 Dist) and whether a
// third die, drawn with Intn, shows a six: a small model whose exact figures
// are known by hand.
func diceExperiment() Experiment {
	sum := NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
	labels := []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}
	return Experiment{
		Schema: Schema{Metrics: []Metric{
			{Name: "sum", Labels: labels},
			{Name: "six", Labels: []string{"yes", "no"}},
			CountMetric("ones", "dice showing 1 on a reroll of the sum ≥ 10", 2),
		}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				s := src.Pick(sum)
				rec.Set(0, s)
				if src.Intn(6) == 5 {
					rec.Set(1, 0)
				} else {
					rec.Set(1, 1)
				}
				ones := 0
				if s+2 >= 10 { // a path-dependent number of draws
					for range 2 {
						if src.Intn(6) == 0 {
							ones++
						}
					}
				}
				rec.Set(2, ones)
			}
		},
	}
}

func TestExactDice(t *testing.T) {
	res, err := Run(context.Background(), diceExperiment(), Config{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	want2d6 := []float64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}
	for i, w := range want2d6 {
		if got := res.Metrics[0].Outcomes[i].P; math.Abs(got-w/36) > 1e-15 {
			t.Errorf("P(sum=%d) = %v, want %v/36", i+2, got, w)
		}
	}
	if got := res.P("six", "yes"); math.Abs(got-1.0/6) > 1e-15 {
		t.Errorf("P(six) = %v, want 1/6", got)
	}
	// P(sum ≥ 10) = 6/36; then two ones 1/36, exactly one 10/36.
	if got, want := res.P("ones", "2"), 6.0/36/36; math.Abs(got-want) > 1e-15 {
		t.Errorf("P(two ones) = %v, want %v", got, want)
	}
	if got, want := res.Metrics[2].Mean, 6.0/36*2.0/6; math.Abs(got-want) > 1e-15 {
		t.Errorf("mean ones = %v, want %v", got, want)
	}
	// 11 sums × 6 for the third die, 36 extra leaves under the 3 high sums.
	if want := uint64(8*6 + 3*6*36); res.Paths != want {
		t.Errorf("paths = %d, want %d", res.Paths, want)
	}
}

func TestMCAgreesWithExact(t *testing.T) {
	exp := diceExperiment()
	ex, err := Run(context.Background(), exp, Config{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	mc, err := Run(context.Background(), exp, Config{Trials: 400_000, Seed: 11, Confidence: 0.999})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range mc.Metrics {
		for k, o := range m.Outcomes {
			p := ex.Metrics[i].Outcomes[k].P
			if p < o.Lo || p > o.Hi {
				t.Errorf("%s=%s: exact %v outside MC interval [%v, %v]", m.Name, o.Label, p, o.Lo, o.Hi)
			}
		}
	}
}

func TestWorkerCountInvariance(t *testing.T) {
	exp := diceExperiment()
	var ref *Result
	for _, j := range []int{1, 2, 3, 8} {
		res, err := Run(context.Background(), exp, Config{Trials: 300_001, Seed: 7, Workers: j, Chunk: 4096})
		if err != nil {
			t.Fatal(err)
		}
		res.Elapsed = 0
		if ref == nil {
			ref = res
			continue
		}
		if !reflect.DeepEqual(ref, res) {
			t.Fatalf("-j %d differs from -j 1", j)
		}
	}
	if ref.Trials != 300_001 {
		t.Errorf("trials = %d", ref.Trials)
	}
}

func TestSeedsDiffer(t *testing.T) {
	exp := diceExperiment()
	a, _ := Run(context.Background(), exp, Config{Trials: 10_000, Seed: 1})
	b, _ := Run(context.Background(), exp, Config{Trials: 10_000, Seed: 2})
	if reflect.DeepEqual(a.Metrics, b.Metrics) {
		t.Error("seeds 1 and 2 gave identical tallies")
	}
}

func TestPathBudget(t *testing.T) {
	_, err := Run(context.Background(), diceExperiment(), Config{Method: Exact, MaxPaths: 100})
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want a BudgetError", err)
	}
	res, err := Run(context.Background(), diceExperiment(), Config{Method: Auto, MaxPaths: 100, Trials: 1000})
	if err != nil || res.Method != MonteCarlo || res.Note == "" {
		t.Fatalf("auto fallback: res=%+v err=%v", res, err)
	}
	res, err = Run(context.Background(), diceExperiment(), Config{Method: Auto})
	if err != nil || res.Method != Exact {
		t.Fatalf("auto within budget: method=%v err=%v", res.Method, err)
	}
}

func TestCancelledRunIsPartial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, diceExperiment(), Config{Trials: 1 << 20})
	if err != nil || res.Complete {
		t.Fatalf("res.Complete=%v err=%v", res.Complete, err)
	}
}

func TestWilson(t *testing.T) {
	// Reference values: Newcombe (1998), Table I, 95%: 81/263 → 0.2553–0.3662
	// and 0/10 → 0–0.2775.
	lo, hi := Wilson(81, 263, 0.95)
	if math.Abs(lo-0.2553) > 5e-5 || math.Abs(hi-0.3662) > 5e-5 {
		t.Errorf("Wilson(81, 263) = [%.4f, %.4f]", lo, hi)
	}
	lo, hi = Wilson(0, 10, 0.95)
	if lo != 0 || math.Abs(hi-0.2775) > 5e-5 {
		t.Errorf("Wilson(0, 10) = [%.4f, %.4f]", lo, hi)
	}
	// Outside its preconditions it panics, naming them, where 5 of 3 gave
	// NaN and a confidence of 1.5 a panic of the normal distribution's.
	for _, c := range []struct {
		x, n uint64
		conf float64
	}{{5, 3, 0.95}, {1, 2, 1.5}, {1, 2, 0}, {1, 2, math.NaN()}} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "want successes ≤ trials and a confidence in (0, 1)") {
					t.Errorf("Wilson(%d, %d, %v): %v", c.x, c.n, c.conf, r)
				}
			}()
			Wilson(c.x, c.n, c.conf)
		}()
	}
}

func TestUnrecordedMetricPanics(t *testing.T) {
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "a", Labels: []string{"x"}}}},
		New:    func() Trial { return func(*Source, *Record) {} },
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic for a trial that records nothing")
		}
	}()
	_, _ = RunExact(context.Background(), exp, Config{})
}

func TestExactWorkerCountInvariance(t *testing.T) {
	var ref *Result
	for _, j := range []int{1, 2, 5} {
		res, err := Run(context.Background(), diceExperiment(), Config{Method: Exact, Workers: j})
		if err != nil {
			t.Fatal(err)
		}
		res.Elapsed = 0
		if ref == nil {
			ref = res
		} else if !reflect.DeepEqual(ref, res) {
			t.Fatalf("exact -j %d differs from -j 1", j)
		}
	}
}

// TestOutcomeNamesWhatThereIs holds Result.Outcome to the figure P gives
// and to an error that lists the names a misspelt one could have meant,
// where P only answers NaN.
func TestOutcomeNamesWhatThereIs(t *testing.T) {
	res, err := Run(context.Background(), diceExperiment(), Config{Method: Exact, Fractions: true})
	if err != nil {
		t.Fatal(err)
	}
	o, err := res.Outcome("six", "yes")
	if err != nil {
		t.Fatal(err)
	}
	if o.P != res.P("six", "yes") || o.Fraction == nil || o.Fraction.String() != "1/6" {
		t.Errorf("six yes = %v (%v), want 1/6", o.P, o.Fraction)
	}
	for _, c := range []struct{ name, label, want string }{
		{"sixes", "yes", `sim: no metric "sixes": want one of sum, six, ones`},
		{"six", "Yes", `sim: metric "six" has no outcome "Yes": want one of yes, no`},
	} {
		if _, err := res.Outcome(c.name, c.label); err == nil || err.Error() != c.want {
			t.Errorf("Outcome(%q, %q) = %v, want %s", c.name, c.label, err, c.want)
		}
		if p := res.P(c.name, c.label); !math.IsNaN(p) {
			t.Errorf("P(%q, %q) = %v, want NaN", c.name, c.label, p)
		}
		if o := res.Metric(c.name).Outcome(c.label); o != nil {
			t.Errorf("Metric(%q).Outcome(%q) = %+v, want nil", c.name, c.label, o)
		}
	}
}

// TestNewOncePerWorker: an exact run calls Experiment.New once for the
// first path it probes and once a worker, not once a root nor once a
// step of its walk: a model's scratch (a Solitaire ASL stack) is made as
// often as a Monte Carlo run makes it, whatever its first draw's
// outcomes. 200,000 paths take the walk past its probe, in steps.
func TestNewOncePerWorker(t *testing.T) {
	var calls atomic.Int64
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "odd", Labels: []string{"no", "yes"}}}},
		New: func() Trial {
			calls.Add(1)
			return func(src *Source, rec *Record) { rec.Set(0, (src.Intn(1000)+src.Intn(200))%2) }
		},
	}
	for _, workers := range []int{1, 2} {
		calls.Store(0)
		res, err := Run(context.Background(), exp, Config{Method: Exact, Workers: workers})
		if err != nil || res.Paths != 200_000 {
			t.Fatalf("%v, %+v", err, res)
		}
		if n := calls.Load(); n > int64(1+workers) {
			t.Errorf("-j %d: New called %d times for 1,000 roots", workers, n)
		}
	}
}

// TestResultLabelsAreItsOwn: a result's labels and values are its
// caller's to change; the experiment's schema, which a model shares among
// its runs, and the next run's result keep theirs.
func TestResultLabelsAreItsOwn(t *testing.T) {
	exp := diceExperiment()
	for _, method := range []Method{Exact, MonteCarlo} {
		cfg := Config{Method: method, Trials: 1000, Seed: 1}
		first, err := Run(context.Background(), exp, cfg)
		if err != nil {
			t.Fatal(err)
		}
		first.Metric("six").Labels[0] = "changed"
		first.Metric("ones").Values[0] = 99
		second, err := Run(context.Background(), exp, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if exp.Schema.Metrics[1].Labels[0] != "yes" || exp.Schema.Metrics[2].Values[0] != 0 {
			t.Errorf("%s: a change to a result's labels reached the schema: %v %v", method, exp.Schema.Metrics[1].Labels, exp.Schema.Metrics[2].Values)
		}
		if p := second.P("six", "yes"); math.IsNaN(p) || second.Metric("ones").Values[0] != 0 {
			t.Errorf("%s: the next result: P(six=yes) = %v, ones' values %v", method, p, second.Metric("ones").Values)
		}
		if first.Metric("sum").Numeric() || !first.Metric("ones").Numeric() {
			t.Errorf("%s: a result's metric lost or gained its values", method)
		}
	}
}
