package sim

import (
	"context"
	"strings"
	"testing"
)

// TestOutcomePastLabels: a trial that records an outcome past a metric's
// labels is refused with a panic naming the metric, under every method,
// merging or not, walking its paths or not. Before, the hot loops counted
// it as the next metric's outcome: a Monte Carlo P(b = x) of 1.487 and an
// exact one of 1.5, returned as results. An outcome past the last
// metric's labels, past every count, is named too, not left to the
// runtime's index error.
func TestOutcomePastLabels(t *testing.T) {
	for _, last := range []bool{false, true} {
		outcomePastLabels(t, last)
	}
}

func outcomePastLabels(t *testing.T, last bool) {
	schema := Schema{Metrics: []Metric{{Name: "b", Labels: []string{"x", "y"}}, {Name: "a", Labels: []string{"x", "y"}}}}
	at, other := 1, 0
	if !last {
		schema.Metrics[0], schema.Metrics[1] = schema.Metrics[1], schema.Metrics[0]
		at, other = 0, 1
	}
	trial := func(merge, keep bool) Experiment {
		return Experiment{Schema: schema, KeepPaths: keep, New: func() Trial {
			return func(src *Source, rec *Record) {
				first := src.Intn(2)
				if merge && src.Merge([]byte{byte(first)}) {
					return
				}
				rec.Set(other, 0)
				rec.Set(at, first+src.Intn(2)*1000)
			}
		}}
	}
	for _, c := range []struct {
		name        string
		merge, keep bool
		method      Method
	}{
		{"mc", false, false, MonteCarlo},
		{"mc walked", false, true, MonteCarlo},
		{"mc merging, walked", true, true, MonteCarlo},
		{"exact", false, false, Exact},
		{"exact merging", true, false, Exact},
	} {
		for _, workers := range []int{1, 2} {
			func() {
				defer func() {
					v := recover()
					if v == nil || !strings.Contains(textOf(v), `metric "a"`) || !strings.Contains(textOf(v), "2 labels") {
						t.Errorf("%s, -j %d, last %v: panic %v, want one naming metric \"a\" and its 2 labels", c.name, workers, last, v)
					}
				}()
				res, err := Run(context.Background(), trial(c.merge, c.keep), Config{Method: c.method, Trials: 100_000, Workers: workers, Seed: 1})
				t.Errorf("%s, -j %d: no panic: %v, %v", c.name, workers, res, err)
			}()
		}
	}
}

// TestOutcomePastAnyLabels: an outcome too large for any metric's labels
// (65,536, which a uint16 wraps to 0; a negative one) panics in Set,
// where it would otherwise be counted as an outcome within the labels.
func TestOutcomePastAnyLabels(t *testing.T) {
	schema := Schema{Metrics: []Metric{{Name: "a", Labels: []string{"x", "y"}}}}
	for _, k := range []int{1 << 16, -65535, -1} {
		for _, method := range []Method{MonteCarlo, Exact} {
			func() {
				defer func() {
					if v := recover(); v == nil || !strings.Contains(textOf(v), "past any metric's labels") {
						t.Errorf("outcome %d, %s: panic %v", k, method, v)
					}
				}()
				exp := Experiment{Schema: schema, New: func() Trial {
					return func(src *Source, rec *Record) { rec.Set(0, k*src.Intn(2)+k) }
				}}
				res, err := Run(context.Background(), exp, Config{Method: method, Trials: 1000, Workers: 1})
				t.Errorf("outcome %d, %s: no panic: %v, %v", k, method, res, err)
			}()
		}
	}
}
