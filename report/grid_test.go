package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

func TestSumAndGrid(t *testing.T) {
	res := &sim.Result{Method: sim.MonteCarlo, Trials: 1000, Confidence: 0.95, Metrics: []sim.MetricSummary{{
		Metric: sim.Metric{Name: "x", Labels: []string{"a", "b", "c"}},
		Outcomes: []sim.OutcomeSummary{
			{Label: "a", Count: 100, P: 0.1}, {Label: "b", Count: 300, P: 0.3}, {Label: "c", Count: 600, P: 0.6},
		},
	}}}
	c := Sum(res, "x", "a", "b")
	lo, hi := sim.Wilson(400, 1000, 0.95)
	if math.Abs(c.P-0.4) > 1e-15 || c.Lo != lo || c.Hi != hi || !c.Valid {
		t.Errorf("Sum = %+v", c)
	}
	// Labels are a set: naming an outcome twice counts it once, so no sum
	// passes 1.
	if twice := Sum(res, "x", "c", "c", "a", "b", "a"); math.Abs(twice.P-1) > 1e-15 {
		t.Errorf("Sum(c, c, a, b, a) = %v, want 1", twice.P)
	}
	if Sum(res, "nope", "a").Valid {
		t.Error("an absent metric gives a valid cell")
	}
	// A misspelt outcome is no sure 0, alone or beside real ones.
	if Sum(res, "x", "cc").Valid || Sum(res, "x", "a", "bb").Valid {
		t.Error("an outcome the metric lacks gives a valid cell")
	}
	if h := NewHeadline(res, "x", []string{"claered"}, "Cleared"); h != nil {
		t.Errorf("a headline on an outcome the metric lacks: %+v", h)
	}
	var buf bytes.Buffer
	g := Grid{Columns: []string{"P(a or b)", "n/a"}, Rows: []GridRow{{Label: "run", Cells: []Cell{c, {}}}}}
	if err := WriteGrid(&buf, g); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"P(a or b)", "40.00%", "37.0–43.1", "—"} {
		if !strings.Contains(out, want) {
			t.Errorf("grid lacks %q:\n%s", want, out)
		}
	}
}

// TestSumOfCounts: a Monte Carlo sum of outcomes is the share of the
// trials they counted together, as an outcome's own share is, not the sum
// of their shares rounded apart (0.1 + 0.2 is not 0.3 in floating point).
func TestSumOfCounts(t *testing.T) {
	res := &sim.Result{Method: sim.MonteCarlo, Complete: true, Trials: 20000, Confidence: 0.95,
		Metrics: []sim.MetricSummary{{Metric: sim.Metric{Name: "m", Labels: []string{"a", "b", "c"}}, Outcomes: []sim.OutcomeSummary{
			{Label: "a", Count: 2000, P: 0.1}, {Label: "b", Count: 4000, P: 0.2}, {Label: "c", Count: 14000, P: 0.7}}}}}
	if c := Sum(res, "m", "a", "b"); c.P != 0.3 {
		t.Errorf("P(a or b) = %v, want 0.3 (6,000 of 20,000)", c.P)
	}
}
