package asl

import (
	"context"
	"reflect"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestExperimentIsASnapshot: an experiment made from an attack gives the
// same figures after the caller changes the attack's slices and pointers
// (a target broken, a unit appended, a plan's attack's FP, a rule switch),
// as a sweep that makes its experiments first and runs them later needs.
func TestExperimentIsASnapshot(t *testing.T) {
	squad := func() Unit {
		u, err := ParseUnit("4-6-7")
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	fire := NewIFTAttack(8, squad(), squad())
	dc := NewDCAttack(Placed, squad(), squad())
	step, placed := NewIFTAttack(8), NewDCAttack(Placed)
	plan := Plan{Targets: []Unit{squad(), squad()}, ELR: 3, Steps: []PlanStep{{Fire: &step}, {DC: &placed}}}
	for _, c := range []struct {
		name   string
		exp    func() (sim.Experiment, error)
		change func()
	}{
		{"fire", fire.Experiment, func() {
			fire.Targets[0].Broken = true
			fire.Targets = append(fire.Targets, squad())
		}},
		{"dc", dc.Experiment, func() {
			dc.Targets[1].Broken = true
			*dc.Options.Surrender = !*dc.Options.Surrender
		}},
		{"plan", plan.Experiment, func() {
			plan.Targets[0].Broken = true
			plan.Steps[0].Fire.FP = 30
		}},
	} {
		exp, err := c.exp()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		before := figures(t, exp)
		c.change()
		if after := figures(t, exp); !reflect.DeepEqual(before, after) {
			t.Errorf("%s: the experiment's figures changed with the attack it was made from", c.name)
		}
	}
}

// figures are an exact run's probabilities, metric by metric.
func figures(t *testing.T, exp sim.Experiment) [][]float64 {
	t.Helper()
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out [][]float64
	for _, m := range res.Metrics {
		var ps []float64
		for _, o := range m.Outcomes {
			ps = append(ps, o.P)
		}
		out = append(out, ps)
	}
	return out
}
