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
// exact one of 1.5, returned as results.
func TestOutcomePastLabels(t *testing.T) {
	schema := Schema{Metrics: []Metric{{Name: "a", Labels: []string{"x", "y"}}, {Name: "b", Labels: []string{"x", "y"}}}}
	trial := func(merge, keep bool) Experiment {
		return Experiment{Schema: schema, KeepPaths: keep, New: func() Trial {
			return func(src *Source, rec *Record) {
				first := src.Intn(2)
				if merge && src.Merge([]byte{byte(first)}) {
					return
				}
				rec.Set(0, first+src.Intn(2))
				rec.Set(1, 0)
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
						t.Errorf("%s, -j %d: panic %v, want one naming metric \"a\" and its 2 labels", c.name, workers, v)
					}
				}()
				res, err := Run(context.Background(), trial(c.merge, c.keep), Config{Method: c.method, Trials: 100_000, Workers: workers, Seed: 1})
				t.Errorf("%s, -j %d: no panic: %v, %v", c.name, workers, res, err)
			}()
		}
	}
}
