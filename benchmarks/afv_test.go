package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// tigerSide is the reference vehicle attack: a Placed DC through the side
// of the Tiger-like AFV of rules/asl.md R16, CE, with a squad riding it,
// so that the Collateral Attack and the morale rules are in the loop.
func tigerSide(b testing.TB) sim.Experiment {
	p, err := asl.LookupPreset("tiger")
	if err != nil {
		b.Fatal(err)
	}
	a := asl.NewAFVAttack(asl.Placed, p.Armor)
	a.CE = true
	rider, err := asl.ParseUnit("4-6-7")
	if err != nil {
		b.Fatal(err)
	}
	a.Riders = []asl.Unit{rider}
	exp, err := a.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkAFVMonteCarlo measures Monte Carlo trials per second on one
// core (one worker, one chunk per iteration).
func BenchmarkAFVMonteCarlo(b *testing.B) { monteCarlo(b, tigerSide(b)) }

// BenchmarkAFVExact measures exact enumeration of the same attack.
func BenchmarkAFVExact(b *testing.B) { exact(b, tigerSide(b)) }
