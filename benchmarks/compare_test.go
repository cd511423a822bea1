package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// compareDefault is the default compare job (sapper compare with no flags):
// the Placed (with its Placement under Defensive Fire), Thrown and Set
// runs, one after the other.
func compareDefault(b testing.TB) []sim.Experiment {
	var exps []sim.Experiment
	for _, a := range asl.DefaultComparison().Attacks() {
		exp, err := a.Experiment()
		if err != nil {
			b.Fatal(err)
		}
		exps = append(exps, exp)
	}
	return exps
}

// BenchmarkCompareMonteCarlo measures Monte Carlo trials per second of the
// default compare job on one core, its three runs counted together.
func BenchmarkCompareMonteCarlo(b *testing.B) { monteCarlo(b, compareDefault(b)...) }
