package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// prepThenPlaced is the reference plan, the second plan of the built-in
// scenario plans-prep-then-placed: a 4-6-7 and an 8-1 in a stone building
// (TEM +3) take 8 FP of leader-directed Prep Fire (DRM −1), then a Placed
// DC meets whatever that fire left.
func prepThenPlaced(b testing.TB) sim.Experiment {
	var targets []asl.Unit
	for _, s := range []string{"4-6-7", "leader:8-1"} {
		u, err := asl.ParseUnit(s)
		if err != nil {
			b.Fatal(err)
		}
		targets = append(targets, u)
	}
	fire := asl.NewIFTAttack(8)
	fire.Building, fire.TEM, fire.LeaderDirected, fire.DRM = asl.Stone, 3, true, -1
	dc := asl.NewDCAttack(asl.Placed)
	dc.Building, dc.TEM = asl.Stone, 3
	p := asl.Plan{Targets: targets, ELR: 3, Steps: []asl.PlanStep{{Fire: &fire}, {DC: &dc}}}
	exp, err := p.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkPlanMonteCarlo measures Monte Carlo trials per second of the
// reference plan on one core.
func BenchmarkPlanMonteCarlo(b *testing.B) { monteCarlo(b, prepThenPlaced(b)) }

// BenchmarkPlanExact measures its exact enumeration.
func BenchmarkPlanExact(b *testing.B) { exact(b, prepThenPlaced(b)) }
