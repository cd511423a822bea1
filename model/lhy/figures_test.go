package lhy

import (
	"math"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// prob sums the probabilities of labels of metric name.
func prob(t *testing.T, res *sim.Result, name string, labels ...string) float64 {
	t.Helper()
	m := res.Metric(name)
	if m == nil {
		t.Fatalf("no metric %s", name)
	}
	var p float64
	for _, o := range m.Outcomes {
		for _, l := range labels {
			if o.Label == l {
				p += o.P
			}
		}
	}
	return p
}

// figureCases are the attacks of rules/lhy.md §5.
func figureCases() map[string]FireAttack {
	return map[string]FireAttack{
		"two SADRM": {SADRM: []int{1, 3}, Units: []Unit{{Name: "squad", Cohesion: 7}}},
		"leader":    {SADRM: []int{0}, Units: []Unit{{Name: "squad", Cohesion: 7}}, Leader: intp(8)},
		"AT":        {AT: []ATFire{{"tank", 2}}, Vehicles: []Vehicle{{Name: "tank", AV: 8, EAV: -1, AFV: true}}},
		"Tiger +1":  {AT: []ATFire{{"tiger", 1}}, Vehicles: []Vehicle{{Name: "tiger", AV: 12, EAV: -1, AFV: true}}},
		"Tiger +3":  {AT: []ATFire{{"tiger", 3}}, Vehicles: []Vehicle{{Name: "tiger", AV: 12, EAV: -1, AFV: true}}},
		"EAV 21":    {AT: []ATFire{{"tank", 9}}, Vehicles: []Vehicle{{Name: "tank", AV: 12, EAV: 21, AFV: true}}},
	}
}

// TestReferenceFigures checks the exact figures of rules/lhy.md §5.
func TestReferenceFigures(t *testing.T) {
	c := figureCases()
	hit := []string{"casualty", "disrupted"}
	for _, f := range []struct {
		attack, metric string
		labels         []string
		want           float64
	}{
		// Two SADRM at +1 and +3 vs Cohesion 7: 1 − (6/10)(4/10).
		{"two SADRM", "unit.squad", hit, 0.76},
		// Only an FFAR of 8 or 9 Disrupts and so checks; 10+ is a Casualty:
		// P(highest ≤ 9) − P(highest ≤ 7) = (8/10)(6/10) − (6/10)(4/10).
		{"two SADRM", "cohesion_check.squad", []string{"passed", "failed"}, 0.24},
		{"two SADRM", "unit.squad", []string{"casualty"}, 0.52 + 0.24*0.3},
		// +0 with the leader's −1: d10 ≥ 9.
		{"leader", "unit.squad", hit, 0.2},
		// AT +2 vs AV 8: Destroyed on 7+, Shocked on 6.
		{"AT", "vehicle.tank", []string{"destroyed"}, 0.4},
		{"AT", "vehicle.tank", []string{"shocked"}, 0.1},
		{"AT", "collateral", []string{"applied"}, 0},
		// L8: a Tiger's AV 12 is ordinary input. At +1 the FFAR reaches 11
		// at most: never Destroyed, Shocked only by the roll of 10 (11 ≥
		// 12 − 2).
		{"Tiger +1", "vehicle.tiger", []string{"destroyed"}, 0},
		{"Tiger +1", "vehicle.tiger", []string{"shocked"}, 0.1},
		// At +3: Destroyed on 10 (13 > 12), Shocked on 9 (12 = 12).
		{"Tiger +3", "vehicle.tiger", []string{"destroyed"}, 0.1},
		{"Tiger +3", "vehicle.tiger", []string{"shocked"}, 0.1},
		// EAV 21, the most L8 allows, at +9: the roll of 10 (19 ≥ 21 − 2)
		// Shocks; nothing Destroys.
		{"EAV 21", "vehicle.tank", []string{"destroyed"}, 0},
		{"EAV 21", "vehicle.tank", []string{"shocked"}, 0.1},
	} {
		res := exactly(t, c[f.attack])
		if got := prob(t, res, f.metric, f.labels...); math.Abs(got-f.want) > 1e-12 {
			t.Errorf("%s: P(%s ∈ %v) = %v, want %v", f.attack, f.metric, f.labels, got, f.want)
		}
	}
}

// TestCohesionCheckReadings: a squad of Cohesion 7 hit by FFAR 8 or 9
// (+0 DRM: d10 = 8 or 9; 10 is a Casualty outright) fails its check on 8+,
// 3/10: a Casualty by default, a Disruption it already has with
// cohesion-fail=disrupt (rules/lhy.md [M1]).
func TestCohesionCheckReadings(t *testing.T) {
	a := FireAttack{SADRM: []int{0}, Units: []Unit{{Name: "squad", Cohesion: 7}}}
	res := exactly(t, a)
	if got, want := prob(t, res, "unit.squad", "casualty"), 0.1+0.2*0.3; math.Abs(got-want) > 1e-12 {
		t.Errorf("casualty reading: P(casualty) = %v, want %v", got, want)
	}
	a.Options.CohesionFail = FailDisrupt
	res = exactly(t, a)
	if got := prob(t, res, "unit.squad", "casualty"); math.Abs(got-0.1) > 1e-12 {
		t.Errorf("disrupt reading: P(casualty) = %v, want 0.1", got)
	}
	if got := prob(t, res, "cohesion_check.squad", "failed"); math.Abs(got-0.2*0.3) > 1e-12 {
		t.Errorf("disrupt reading: P(failed) = %v, want 0.06", got)
	}
}
