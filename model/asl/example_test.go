package asl_test

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// A Placed DC on a 4-6-7 and an 8-1 in a stone building (TEM +3), built
// and run from Go: exactly, by enumerating every dice path, and by seeded
// Monte Carlo on the same model code. The working shows how the attack DR
// is read: the 30 column at +3, malfunction on an Original 12.
func Example() {
	squad, _ := asl.ParseUnit("4-6-7")
	leader, _ := asl.ParseUnit("leader:8-1")
	a := asl.NewDCAttack(asl.Placed, squad, leader)
	a.Building = asl.Stone
	a.TEM = a.Building.TEM(a.Fortified) // the building does not set the TEM by itself
	exp, err := a.Experiment()
	if err != nil {
		panic(err)
	}
	exact, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		panic(err)
	}
	mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 100_000, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("exact:       cleared %.2f%%, squad broken %.2f%%\n", 100*exact.P(asl.MetricStack, "cleared"), 100*exact.P("target.1", "broken"))
	cleared, err := mc.Outcome(asl.MetricStack, "cleared") // with its interval
	if err != nil {
		panic(err)
	}
	fmt.Printf("Monte Carlo: cleared %.2f%% (%.0f%% interval %.2f–%.2f%%), squad broken %.2f%%\n",
		100*cleared.P, 100*mc.Confidence, 100*cleared.Lo, 100*cleared.Hi, 100*mc.P("target.1", "broken"))
	w := a.Working()
	fmt.Printf("column %s, DRM %+d, malfunction on %d+\n", w.Targets[0].Column.Heading(), w.Targets[0].DRM, w.Malfunction.Value)
	for _, r := range w.Attack[:3] {
		fmt.Printf("Original %d (%d/36): Final %d, %s\n", r.Original, r.Ways, r.Final[0], r.Result[0])
	}
	// Output:
	// exact:       cleared 39.92%, squad broken 55.56%
	// Monte Carlo: cleared 39.93% (95% interval 39.63–40.24%), squad broken 55.55%
	// column 30, DRM +3, malfunction on 12+
	// Original 2 (1/36): Final 5, 1KIA
	// Original 3 (2/36): Final 6, K/4
	// Original 4 (3/36): Final 7, 4MC
}
