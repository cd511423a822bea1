package sasl

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestExperimentIsASnapshot: an experiment made from a crossing gives the
// same figures after the caller changes the crossing: a unit's DRM, an
// S? eligible from further off, a unit appended (which once indexed past
// the experiment's own tables, and panicked).
func TestExperimentIsASnapshot(t *testing.T) {
	c := twoSQ(t)
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	arrived := func() float64 {
		res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res.Metrics[0].Outcomes[0].P
	}
	before := arrived()
	c.Stack[0].DRM = 3
	c.Path[0].Eligible[0].Range = 9
	c.Stack = append(c.Stack, mustUnits(t, "4-6-7", "4-6-7")...)
	if after := arrived(); after != before {
		t.Errorf("the experiment's first figure went from %v to %v with the crossing it was made from", before, after)
	}
}
