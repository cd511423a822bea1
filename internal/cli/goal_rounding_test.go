package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// TestGoalWithinRounding: a goal is reached within the rounding of a
// float64 sum and no further, at either end of the scale: a figure of 0
// never reaches a tiny target, and a building that still stands
// 6.9·10⁻¹³ of the time is not destroyed every time.
func TestGoalWithinRounding(t *testing.T) {
	at := func(spec string, atMost bool, target float64) goal {
		return goal{spec: spec, metric: "m", labels: []string{"a"}, atMost: atMost, target: target}
	}
	for _, c := range []struct {
		g    goal
		x, q float64
		want bool
	}{
		{at(">=0.5", false, 0.5), 0.49999999999999994, 0.5000000000000001, true}, // 1/2 rounded down
		{at(">=4/9", false, 4.0/9), 0.4444444444444443, 0.5555555555555556, true},
		{at(">=1e-13", false, 1e-13), 0, 1, false},
		{at(">=1", false, 1), 1 - 6.9e-13, 6.9e-13, false},
		{at(">=1", false, 1), 1, 0, true},
		{at("<=0", true, 0), 6.9e-13, 1 - 6.9e-13, false},
		{at("<=0", true, 0), 0, 1, true},
		{at("<=0.9", true, 0.9), 0.9000000000000001, 0.09999999999999998, true},
		{at("<=0.9", true, 0.9), 0.9000001, 0.0999999, false},
		{at(">=0.999999999999", false, 0.999999999999), 0.9999999999995, 5e-13, true},
		{at(">=0.9999999999999", false, 0.9999999999999), 0.9999999999990, 1e-12, false},
	} {
		if got := c.g.meets(c.x, c.q); got != c.want {
			t.Errorf("%s: %v (the rest %v) meets it: %v, want %v", c.g.spec, c.x, c.q, got, c.want)
		}
	}

	// An exact run cut short reaches a goal only if its whole interval
	// does: 26% is a lower bound of a figure up to 94%.
	cut := &sim.Result{Method: sim.Exact, Complete: false}
	c := report.Cell{Valid: true, P: 0.26, Lo: 0.26, Hi: 0.94}
	if at("<=0.3", true, 0.3).reached(cut, c) {
		t.Errorf("a lower bound of 26%% (up to 94%%) reaches ≤ 0.3")
	}
	if !at(">=0.2", false, 0.2).reached(cut, c) {
		t.Errorf("a lower bound of 26%% does not reach ≥ 0.2")
	}
	var b strings.Builder
	g := &report.Goal{What: "P(m = a) ≤ 0.3", Bounds: true, Series: []report.GoalSeries{{
		Nearest: &report.GoalPoint{Label: "tem=0", Figure: 0.26, Lo: 0.26, Hi: 0.94}}}}
	if err := report.WriteGoal(&b, g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "an exact run cut short has only bounds; run it to its end") {
		t.Errorf("the answer of a cut exact run:\n%s", b.String())
	}

	// from the command line, exactly
	for _, c := range []struct{ cmdline, want string }{
		{"building --needed 0.0000000000001", `"dice":{"reachable":true,"value":6`},
		{"building --needed 1 --cover 0 --threshold 3", `"dice":{"reachable":false,"searched":true},"charges":{"reachable":true,"value":1,"p":1,`},
	} {
		code, out, stderr := cli(t, args(c.cmdline+" --format json")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.cmdline, code, stderr)
		}
		var doc struct{ Needed []json.RawMessage }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, doc.Needed[0]); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(compact.String(), c.want) {
			t.Errorf("%s: %s, want %s", c.cmdline, compact.String(), c.want)
		}
	}
	for _, c := range []string{
		"sweep building --vary dice=0..3 --method exact --goal building=destroyed>=0.0000000000005",
		"sweep building --vary dice=80..90 --cover 0 --threshold 3 --method exact --goal building=standing<=0",
	} {
		code, out, stderr := cli(t, args(c)...)
		if code != exitOK || !strings.Contains(out, "never reached") {
			t.Errorf("%s: exit %d, %s%s; want never reached", c, code, out, stderr)
		}
	}
}
