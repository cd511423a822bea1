package toi_test

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// A tank fires 12 dice at a building held by a squad of four; the building
// rolls its two red dice and falls to 6 net hits (rules/toi.md §5: 11.1%),
// and then the squad inside takes the collapse's 4 dice and is pinned.
func Example() {
	a := toi.NewBuildingAttack(toi.OnBuilding)
	a.Dice = 12
	a.Squads = []toi.Squad{{Figures: 4, Cover: toi.HexCover}}
	exp, err := a.Experiment()
	if err != nil {
		panic(err)
	}
	ex, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		panic(err)
	}
	mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 100_000, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("exact:       destroyed %.1f%%, squad pinned %.1f%%\n",
		100*ex.P(toi.MetricBuilding, "destroyed"), 100*ex.P(toi.SquadMetric(1), "pinned"))
	fmt.Printf("Monte Carlo: destroyed %.1f%%, squad pinned %.1f%%\n",
		100*mc.P(toi.MetricBuilding, "destroyed"), 100*mc.P(toi.SquadMetric(1), "pinned"))
	// Output:
	// exact:       destroyed 11.1%, squad pinned 10.4%
	// Monte Carlo: destroyed 11.1%, squad pinned 10.4%
}
