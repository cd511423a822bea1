package report

import (
	"context"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// mcResult is a hand-made Monte Carlo result: a categorical metric with an
// outcome that never occurred and a numeric metric.
func mcResult() *sim.Result {
	return &sim.Result{
		Method: sim.MonteCarlo, Complete: true,
		Trials: 1000, Seed: 7, Chunk: 256, RNG: "pcg-dxsm", Confidence: 0.95,
		Elapsed: 1234 * time.Millisecond,
		Metrics: []sim.MetricSummary{
			{
				Metric: sim.Metric{Name: "detonation", Title: "DC detonation", Labels: []string{"detonated", "malfunction", "not_placed"}},
				Outcomes: []sim.OutcomeSummary{
					{Label: "detonated", Count: 972, P: 0.972, Lo: 0.9597, Hi: 0.9806},
					{Label: "malfunction", Count: 28, P: 0.028, Lo: 0.0194, Hi: 0.0403},
					{Label: "not_placed", Count: 0, P: 0, Lo: 0, Hi: 0.0038},
				},
			},
			{
				Metric: sim.CountMetric("out", "Targets out of the fight", 2),
				Outcomes: []sim.OutcomeSummary{
					{Label: "0", Count: 500, P: 0.5, Lo: 0.469, Hi: 0.531},
					{Label: "1", Count: 300, P: 0.3, Lo: 0.2724, Hi: 0.3291},
					{Label: "2", Count: 200, P: 0.2, Lo: 0.1766, Hi: 0.2256},
				},
				Mean: 0.7, MeanLo: 0.6515, MeanHi: 0.7485,
			},
		},
	}
}

// incompleteResult is mcResult cut short by an interrupt, with a note.
func incompleteResult() *sim.Result {
	r := mcResult()
	r.Complete = false
	r.Note = "exact enumeration exceeds 100 paths; ran Monte Carlo"
	return r
}

// exactResult runs a tiny real experiment exactly: the sum of two dice
// bucketed into low (2–6), seven and high (8–12), and how many of the two
// dice show a six.
func exactResult(t *testing.T) *sim.Result {
	t.Helper()
	return exactRun(t, false)
}

// fractionsResult is exactResult with its exact fractions.
func fractionsResult(t *testing.T) *sim.Result {
	t.Helper()
	return exactRun(t, true)
}

func exactRun(t *testing.T, fractions bool) *sim.Result {
	t.Helper()
	res, err := sim.Run(context.Background(), twoDice(), sim.Config{Method: sim.Exact, Fractions: fractions})
	if err != nil {
		t.Fatal(err)
	}
	res.Elapsed = 3 * time.Millisecond
	return res
}

// twoDice is the experiment of exactRun.
func twoDice() sim.Experiment {
	return sim.Experiment{
		Schema: sim.Schema{Metrics: []sim.Metric{
			{Name: "sum", Title: "Sum of two dice", Labels: []string{"low", "seven", "high"}},
			sim.CountMetric("sixes", "Dice showing six", 2),
		}},
		New: func() sim.Trial {
			return func(src *sim.Source, rec *sim.Record) {
				a, b := src.Intn(6)+1, src.Intn(6)+1
				switch s := a + b; {
				case s < 7:
					rec.Set(0, 0)
				case s == 7:
					rec.Set(0, 1)
				default:
					rec.Set(0, 2)
				}
				sixes := 0
				for _, d := range []int{a, b} {
					if d == 6 {
						sixes++
					}
				}
				rec.Set(1, sixes)
			}
		},
	}
}
