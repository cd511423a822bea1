//go:build !js

package report

import (
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

func TestPercent(t *testing.T) {
	cases := []struct {
		c    float64
		want string
	}{
		{0.95, "95"},
		{0.5, "50"},
		{0.999, "99.9"},
		{0.9995, "99.95"},
		{0.999999, "99.9999"},
		{0.123456789, "12.3456789"},
		{0.05, "5"},
		{0.0001, "0.01"},
		{1, "100"},
	}
	for _, tc := range cases {
		if got := Percent(tc.c); got != tc.want {
			t.Errorf("Percent(%v) = %q, want %q", tc.c, got, tc.want)
		}
	}
}

// TestPct: two decimals, save where they would round a p that is neither
// certain nor impossible to 100.00 or 0.00.
func TestPct(t *testing.T) {
	cases := []struct {
		p    float64
		want string
	}{
		{0, "0.00"},
		{1, "100.00"},
		{0.1234, "12.34"},
		{0.5, "50.00"},
		{0.00005, "0.01"},
		{0.0000499, "<0.01"},
		{1e-300, "<0.01"},
		{0.9999, "99.99"},
		{0.99994999, "99.99"},
		{0.99995, ">99.99"},
		{0.9999990966367377, ">99.99"},
		{1 - 1e-16, ">99.99"},
	}
	for _, tc := range cases {
		if got := Pct(tc.p); got != tc.want {
			t.Errorf("Pct(%v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}

// TestAvg: an average to a few decimals, save where they would round one
// above 0 to 0.
func TestAvg(t *testing.T) {
	cases := []struct {
		x      float64
		places int
		want   string
	}{
		{0, 3, "0.000"},
		{0.0005, 3, "0.001"},
		{0.0004999, 3, "<0.001"},
		{1e-300, 3, "<0.001"},
		{0.00004, 4, "<0.0001"},
		{0.2, 0, "<1"},
		{1.2345, 3, "1.234"}, // 1.2345 is below its decimal in binary
		{2.5, 3, "2.500"},
	}
	for _, tc := range cases {
		if got := Avg(tc.x, tc.places); got != tc.want {
			t.Errorf("Avg(%v, %d) = %q, want %q", tc.x, tc.places, got, tc.want)
		}
	}
}

// TestIntervalEndsNeverReadAsImpossible: a Monte Carlo interval's end
// above 0 is written as Pct writes a chance, in a table and a headline:
// an outcome no trial drew, or one of a million, is not 0.00–0.00.
func TestIntervalEndsNeverReadAsImpossible(t *testing.T) {
	res := &sim.Result{Method: sim.MonteCarlo, Complete: true, Trials: 1000000, Confidence: 0.95}
	lo, hi := sim.Wilson(1, res.Trials, res.Confidence)
	if got, want := Figure(res, Cell{P: 1e-6, Lo: lo, Hi: hi, Valid: true}), "<0.01% (95% interval <0.01–<0.01%)"; got != want {
		t.Errorf("Figure = %q, want %q", got, want)
	}
	_, hi = sim.Wilson(0, res.Trials, res.Confidence)
	if got, want := Figure(res, Cell{P: 0, Lo: 0, Hi: hi, Valid: true}), "0.00% (95% interval 0.00–<0.01%)"; got != want {
		t.Errorf("Figure = %q, want %q", got, want)
	}
}

// TestFigureNeverRoundsToCertain: a headline's exact figure a millionth
// short of certain reads as short of it.
func TestFigureNeverRoundsToCertain(t *testing.T) {
	res := &sim.Result{Method: sim.Exact, Complete: true, Paths: 1}
	c := Cell{P: 0.9999990966367377, Valid: true}
	if got := Figure(res, c); got != ">99.99%" {
		t.Errorf("Figure = %q, want >99.99%%", got)
	}
}

// TestFigureOfNoOutcome: Sum of a label the run does not have is no
// figure, and Figure says so rather than 0%.
func TestFigureOfNoOutcome(t *testing.T) {
	res := &sim.Result{Method: sim.Exact, Complete: true, Paths: 1}
	if got := Figure(res, Sum(res, "cleared", "yes")); !strings.HasPrefix(got, "no figure") {
		t.Errorf("Figure of an outcome the run lacks = %q, want no figure", got)
	}
}

// TestChartFigureEnds: a chart's bar label, to one decimal, reads as
// neither certain nor impossible when the figure is neither.
func TestChartFigureEnds(t *testing.T) {
	for p, want := range map[float64]string{0: "0%", 0.0004: "<0.1%", 0.5: "50.0%", 0.9997: ">99.9%", 1: "100.0%"} {
		if got := figure(Cell{P: p}, false); got != want {
			t.Errorf("figure(%v) = %q, want %q", p, got, want)
		}
	}
}
