package report

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestWritersRefuseWhatTheyCannotWrite: a grid row of more cells than
// columns, or a View that is none of the three, is an error, not a panic
// or a view read as another.
func TestWritersRefuseWhatTheyCannotWrite(t *testing.T) {
	g := Grid{Columns: []string{"a"}, Rows: []GridRow{{Label: "r", Cells: []Cell{{}, {}}}}}
	if err := WriteGrid(io.Discard, g); err == nil || !strings.Contains(err.Error(), `grid row "r" has 2 cells for 1 columns`) {
		t.Errorf("WriteGrid: %v", err)
	}
	res := &sim.Result{Method: sim.Exact, Complete: true, Confidence: 0.95, Metrics: []sim.MetricSummary{{
		Metric:   sim.Metric{Name: "x", Labels: []string{"a"}},
		Outcomes: []sim.OutcomeSummary{{Label: "a", P: 1, Lo: 1, Hi: 1}},
	}}}
	for _, f := range []Format{Table, CSV} {
		if err := Write(io.Discard, f, Report{Result: res}, Options{View: 9}); err == nil || !strings.Contains(err.Error(), "view 9") {
			t.Errorf("%s with View 9: %v", f, err)
		}
	}
}

// TestNumbersNotTheirDomain: a negative number of places is 0, and a
// confidence that is no number prints as Go prints it.
func TestNumbersNotTheirDomain(t *testing.T) {
	if lo, hi := Span(0.1, 0.2, -3); lo != "0.1" || hi != "0.2" { // as Span(…, 0)
		t.Errorf("Span(0.1, 0.2, -3) = %q, %q", lo, hi)
	}
	if got := Percent(math.NaN()); got != "NaN" {
		t.Errorf("Percent(NaN) = %q", got)
	}
}

// TestNoResultNoFigure: a nil result gives an invalid cell, as Figure
// reads one.
func TestNoResultNoFigure(t *testing.T) {
	if Sum(nil, "x", "a").Valid || Mean(nil, "x").Valid {
		t.Error("a nil result gives a valid cell")
	}
}
