package toi_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// TestRoundedWeightsIsTheEngines: RoundedWeights, which sapper building
// asks before a run, says of every kind of attack, small pools and large,
// what the engine finds when it runs the attack exactly for its fractions
// (sim.FractionError).
func TestRoundedWeightsIsTheEngines(t *testing.T) {
	squad := func(s string) toi.Squad {
		q, err := toi.ParseSquad(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	on := func(dice int) toi.BuildingAttack {
		a := toi.NewBuildingAttack(toi.OnBuilding)
		a.Dice = dice
		return a
	}
	area := func(dice int, suppressive bool) toi.BuildingAttack {
		a := toi.NewBuildingAttack(toi.AreaAttack)
		a.Area, a.Suppressive = dice, suppressive
		if !suppressive {
			a.Dice = dice // the same dice on the building (§4)
		}
		a.Squads = []toi.Squad{squad("4,cover=1"), squad("6")}
		return a
	}
	charges := toi.NewBuildingAttack(toi.ChargesAttack)
	charges.Charges, charges.Squads = 3, []toi.Squad{squad("4")}
	rounded := 0
	for _, a := range []toi.BuildingAttack{on(10), on(37), on(38), on(60), area(8, false), area(60, false), area(60, true), charges} {
		exp, err := a.Experiment()
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		_, err = sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true, Workers: 1})
		var fe *sim.FractionError
		if engine := errors.As(err, &fe); engine != a.RoundedWeights() || err != nil && !engine {
			t.Errorf("%s %d dice (area %d): RoundedWeights %v, the engine's run: %v", a.Kind, a.Dice, a.Area, a.RoundedWeights(), err)
		}
		rounded += b2i(a.RoundedWeights())
	}
	if rounded < 2 {
		t.Errorf("%d of the attacks draw from rounded weights: the test tells nothing", rounded)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
