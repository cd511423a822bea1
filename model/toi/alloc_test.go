package toi_test

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// TestTrialDoesNotAllocate: a Monte Carlo run of 65,536 trials on one
// worker allocates only its set-up, not per trial.
func TestTrialDoesNotAllocate(t *testing.T) {
	a := toi.NewBuildingAttack(toi.AreaAttack)
	a.Area, a.Dice, a.CollapseCover = 8, 12, 1
	a.Squads = []toi.Squad{{Figures: 4, Cover: toi.HexCover}, {Figures: 3, Cover: 1}}
	exp, err := a.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := sim.RunMC(context.Background(), exp, sim.Config{Trials: 1 << 16, Workers: 1}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1000 {
		t.Errorf("%v allocations for 65,536 trials", allocs)
	}
}
