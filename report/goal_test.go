package report

import (
	"strings"
	"testing"
)

// TestGoalFigureToldFromTheTarget: a figure that two decimals would print
// as the goal's own is printed to the decimals that tell them apart, on
// the side it is on; one that two decimals tell apart, or that is the
// target, keeps two.
func TestGoalFigureToldFromTheTarget(t *testing.T) {
	for _, c := range []struct {
		target, x float64
		mean      bool
		want      string
	}{
		{0.5516, 4289.0 / 7776, false, "55.157%"}, // 0.551569…, below the goal
		{0.847, 0.84697, false, "84.697%"},
		{0.5, 4289.0 / 7776, false, "55.16%"},
		{0.5, 0.5, false, "50.00%"},
		{0.5, 0.4999999999, false, "49.99999999%"},
		// nor reads as certain, or impossible, when it is not (Pct)
		{0.5, 0.99997, false, ">99.99%"},
		{0.5, 0.00003, false, "<0.01%"},
		{0.9999999, 0.99999995, false, "99.999995%"}, // told from the goal first
		{0.5, 1, false, "100.00%"},
		{0.5, 0, false, "0.00%"},
		{1.25, 1.2504, true, "1.2504"},
		{1.25, 1.3, true, "1.300"},
		// an average above 0 never reads as 0 (Avg)
		{1.25, 0.0002, true, "<0.001"},
		{1.25, 0, true, "0.000"},
	} {
		g := &Goal{Target: c.target, Mean: c.mean}
		if got := g.figure(c.x); got != c.want {
			t.Errorf("target %v, figure %v: %q, want %q", c.target, c.x, got, c.want)
		}
	}
	var b strings.Builder
	g := &Goal{What: "P(stack = cleared) ≥ 0.5516", Target: 0.5516, Series: []GoalSeries{{
		Nearest: &GoalPoint{Label: "tem=4", Figure: 4289.0 / 7776, Lo: 4289.0 / 7776, Hi: 4289.0 / 7776, Sure: true}}}}
	if err := WriteGoal(&b, g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "never reached; nearest tem=4 (55.157%)") {
		t.Errorf("the answer:\n%s", b.String())
	}
}
