package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// fireOnStack is the reference fire attack: 8 FP at +2 by 1st Line
// Infantry (Cowering on doubles) on three 4-6-7s and an 8-1 leader in a
// wooden building, with the full morale rules.
func fireOnStack(b testing.TB) sim.Experiment {
	a := asl.NewIFTAttack(8)
	for _, s := range []string{"4-6-7", "4-6-7", "4-6-7", "leader:8-1"} {
		u, err := asl.ParseUnit(s)
		if err != nil {
			b.Fatal(err)
		}
		a.Targets = append(a.Targets, u)
	}
	a.TEM = 2
	exp, err := a.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkFireMonteCarlo measures Monte Carlo trials per second of the
// reference fire attack on one core.
func BenchmarkFireMonteCarlo(b *testing.B) { monteCarlo(b, fireOnStack(b)) }

// BenchmarkFireExact measures its exact enumeration.
func BenchmarkFireExact(b *testing.B) { exact(b, fireOnStack(b)) }
