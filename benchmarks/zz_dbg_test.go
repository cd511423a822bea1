package benchmarks

import (
	"context"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

func TestDbg(t *testing.T) {
	exps := map[string]sim.Experiment{"activate": crossing(t, 2, "4-6-7", "leader:8-1"), "plan": prepThenPlaced(t), "fire": fireOnStack(t), "compare1": compareDefault(t)[1]}
	for name, exp := range exps {
		var on, off time.Duration
		for range 4 {
			exp.KeepPaths = true
			t0 := time.Now()
			sim.RunMC(context.Background(), exp, sim.Config{Trials: 1000000, Seed: 5, Workers: 1})
			on += time.Since(t0)
			exp.KeepPaths = false
			t0 = time.Now()
			sim.RunMC(context.Background(), exp, sim.Config{Trials: 1000000, Seed: 5, Workers: 1})
			off += time.Since(t0)
		}
		t.Logf("%-10s kept %6.1f ms  model %6.1f ms  %.2fx", name, on.Seconds()*250, off.Seconds()*250, off.Seconds()/on.Seconds())
	}
}
