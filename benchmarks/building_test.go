package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// areaOnOccupied is the reference Tide of Iron attack: a normal area
// attack of 10 dice on a building hex held by two squads (4 figures with
// the building's 2 cover dice, 3 with 1), then 14 dice against the
// building, whose collapse the squads meet with 1 defense die. Every
// procedure of rules/toi.md but the charges is in the loop.
func areaOnOccupied(b testing.TB) sim.Experiment {
	a := toi.NewBuildingAttack(toi.AreaAttack)
	a.Area, a.Dice, a.CollapseCover = 10, 14, 1
	a.Squads = []toi.Squad{{Figures: 4, Cover: toi.HexCover}, {Figures: 3, Cover: 1}}
	exp, err := a.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkBuildingMonteCarlo measures Monte Carlo trials per second on
// one core (one worker, one chunk per iteration).
func BenchmarkBuildingMonteCarlo(b *testing.B) { monteCarlo(b, areaOnOccupied(b)) }

// BenchmarkBuildingExact measures exact enumeration of the same attack.
func BenchmarkBuildingExact(b *testing.B) { exact(b, areaOnOccupied(b)) }

// BenchmarkBuildingExact30Dice measures the exact odds of a 30-die attack
// on a building, set-up included: one branch per net-hit count.
func BenchmarkBuildingExact30Dice(b *testing.B) {
	var paths uint64
	for b.Loop() {
		a := toi.NewBuildingAttack(toi.OnBuilding)
		a.Dice = 30
		exp, err := a.Experiment()
		if err != nil {
			b.Fatal(err)
		}
		res, err := sim.RunExact(b.Context(), exp, sim.Config{})
		if err != nil {
			b.Fatal(err)
		}
		paths = res.Paths
	}
	b.ReportMetric(float64(paths), "paths")
}
