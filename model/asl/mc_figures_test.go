package asl

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestFiguresByMonteCarlo runs the §9 attack cases (R1–R8, R18) by Monte
// Carlo at 2,000,000 trials (seed 1) and checks that every exact
// probability lies inside its 99.9% Wilson interval.
func TestFiguresByMonteCarlo(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000,000 trials per case")
	}
	squad := mustUnit(t, "4-6-7")
	cases := map[string]func() DCAttack{
		"R1": func() DCAttack { return NewDCAttack(Placed, squad) },
		"R2": func() DCAttack { a := NewDCAttack(Placed, squad); a.User = NonEliteUser; return a },
		"R3": func() DCAttack {
			a := NewDCAttack(Placed, squad)
			a.User, a.Captured = NonEliteUser, true
			return a
		},
		"R4":  func() DCAttack { a := NewDCAttack(Placed, squad); a.TEM = 3; return a },
		"R5":  func() DCAttack { a := NewDCAttack(Placed, squad); a.Concealed = true; return a },
		"R6":  func() DCAttack { a := NewDCAttack(Thrown, squad); a.Throwers = []Unit{mustUnit(t, "4-6-8")}; return a },
		"R7":  func() DCAttack { a := NewDCAttack(Set, squad); a.EnemyInfantry = 0; return a },
		"R7b": func() DCAttack { a := NewDCAttack(Set, squad); a.EnemyInfantry = 3; return a },
		"R8": func() DCAttack {
			a := NewDCAttack(Set, squad)
			a.EnemyInfantry, a.Concealed = 0, true
			return a
		},
		"R18": func() DCAttack {
			a := NewDCAttack(Placed, squad)
			a.TEM, a.Options.HeatOfBattle = 2, false
			return a
		},
	}
	for name, mk := range cases {
		exp, err := mk().Experiment()
		if err != nil {
			t.Fatal(err)
		}
		ex, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
		if err != nil {
			t.Fatal(err)
		}
		mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 2_000_000, Seed: 1, Confidence: 0.999})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range mc.Metrics {
			for k, o := range m.Outcomes {
				if p := ex.Metrics[i].Outcomes[k].P; p < o.Lo || p > o.Hi {
					t.Errorf("%s: %s=%s exact %.6f outside [%.6f, %.6f]", name, m.Name, o.Label, p, o.Lo, o.Hi)
				}
			}
		}
	}
}
