package asl_test

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// An 8 FP attack at +2 on a 4-6-7 stacked with an 8-1 leader, by 1st Line
// Infantry, which Cowers on doubles; every dice path enumerated.
func ExampleIFTAttack() {
	squad, _ := asl.ParseUnit("4-6-7")
	leader, _ := asl.ParseUnit("leader:8-1")
	a := asl.NewIFTAttack(8, squad, leader)
	a.DRM = 2
	exp, err := a.Experiment()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("no effect %.4f, Cowered %.4f, squad broken %.4f\n",
		res.P(asl.MetricIFT, "none"), res.P(asl.MetricCowering, "yes"), res.P(asl.TargetMetric(1), "broken"))
	// Output: no effect 0.4167, Cowered 0.1667, squad broken 0.1946
}
