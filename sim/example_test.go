package sim_test

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// The engine knows no game: an experiment is a schema and a trial that
// draws and records. Here, two six-sided dice: how often do they show
// doubles, and how many sixes do they show? The same trial runs by exact
// enumeration (every draw path, weighted) and by seeded Monte Carlo.
func Example() {
	exp := sim.Experiment{
		Schema: sim.Schema{Metrics: []sim.Metric{
			{Name: "doubles", Labels: []string{"yes", "no"}},
			sim.CountMetric("sixes", "sixes shown", 2),
		}},
		New: func() sim.Trial {
			return func(src *sim.Source, rec *sim.Record) {
				a, b := src.Intn(6)+1, src.Intn(6)+1
				doubles, sixes := 1, 0
				if a == b {
					doubles = 0 // the index of "yes"
				}
				for _, d := range []int{a, b} {
					if d == 6 {
						sixes++
					}
				}
				rec.Set(0, doubles)
				rec.Set(1, sixes)
			}
		},
	}
	exact, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		panic(err)
	}
	mc, err := sim.Run(context.Background(), exp, sim.Config{Trials: 200_000, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("exact (%d paths): doubles %.4f, mean sixes %.4f\n", exact.Paths, exact.P("doubles", "yes"), exact.Metric("sixes").Mean)
	fmt.Printf("Monte Carlo:      doubles %.3f, mean sixes %.3f\n", mc.P("doubles", "yes"), mc.Metric("sixes").Mean)
	// Output:
	// exact (36 paths): doubles 0.1667, mean sixes 0.3333
	// Monte Carlo:      doubles 0.168, mean sixes 0.334
}
