package report

import (
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestMethodLine: a chart's heading says how every run was computed, not
// the first run's alone: runs of both methods (a sweep's --method auto),
// trials that differ (--precision), and a run cut short anywhere.
func TestMethodLine(t *testing.T) {
	exact := &sim.Result{Method: sim.Exact, Complete: true, Paths: 1234}
	mc := func(trials uint64, complete bool) *sim.Result {
		return &sim.Result{Method: sim.MonteCarlo, Complete: complete, Trials: trials, Seed: 7, Confidence: 0.95}
	}
	for _, c := range []struct {
		runs []*sim.Result
		want string
	}{
		{[]*sim.Result{exact}, "exact enumeration of 1,234 dice paths (no sampling error)"},
		{[]*sim.Result{exact, exact}, "exact enumeration of every dice path of each run (no sampling error)"},
		{[]*sim.Result{mc(1000, true)}, "Monte Carlo, n = 1,000 trials, seed 7; whiskers and bands are 95% Wilson intervals"},
		{[]*sim.Result{mc(1000, true), mc(1000, true)}, "Monte Carlo, n = 1,000 trials per run, seed 7; whiskers and bands are 95% Wilson intervals"},
		{[]*sim.Result{mc(220000, true), mc(240000, true)}, "Monte Carlo, n = 220,000–240,000 trials per run, seed 7; whiskers and bands are 95% Wilson intervals"},
		{[]*sim.Result{exact, exact, mc(1000, true)}, "exact enumeration of every dice path of 2 runs (no sampling error), Monte Carlo of 1 run: n = 1,000 trials per run, seed 7; whiskers and bands are 95% Wilson intervals"},
		{[]*sim.Result{exact, mc(1000, true)}, "exact enumeration of every dice path of 1 run (no sampling error), Monte Carlo of 1 run: n = 1,000 trials per run, seed 7; whiskers and bands are 95% Wilson intervals"},
		{[]*sim.Result{mc(90, true), mc(30, false)}, "Monte Carlo, n = 30–90 trials per run, seed 7; whiskers and bands are 95% Wilson intervals; INCOMPLETE (interrupted)"},
		{[]*sim.Result{exact, {Method: sim.Exact, Paths: 99}}, "exact enumeration of every dice path of each run (no sampling error); INCOMPLETE (interrupted): an exact figure cut short is a lower bound, its interval what the paths not walked could add"},
	} {
		if got := MethodLine(c.runs...); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
