package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// placedVsThree is the reference attack of the performance bar: a Placed
// DC against three 4-6-7s at +1 TEM with the full morale rules (Heat of
// Battle, ELR, Casualty MC).
func placedVsThree(b testing.TB, extra ...string) sim.Experiment {
	units := append([]string{"4-6-7", "4-6-7", "4-6-7"}, extra...)
	var targets []asl.Unit
	for _, s := range units {
		u, err := asl.ParseUnit(s)
		if err != nil {
			b.Fatal(err)
		}
		targets = append(targets, u)
	}
	a := asl.NewDCAttack(asl.Placed, targets...)
	a.TEM = 1
	exp, err := a.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkPlacedDCMonteCarlo measures Monte Carlo trials per second on
// one core (one worker, one chunk per iteration).
func BenchmarkPlacedDCMonteCarlo(b *testing.B) { monteCarlo(b, placedVsThree(b)) }

// BenchmarkPlacedDCExact measures exact enumeration of the same attack
// with an 8-1 leader added.
func BenchmarkPlacedDCExact(b *testing.B) { exact(b, placedVsThree(b, "leader:8-1")) }
