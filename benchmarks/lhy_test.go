package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/sim"
)

// platoonInTheOpen is the reference fire resolution, the built-in
// scenario lhy-platoon-in-the-open: two SADRM, an MDRM with MV 2 and an
// ATDRM on a hex of four units, a leader, an AFV with ATV and a truck, in
// open terrain, so that target selection, the mortar's 10, Shock, Riders'
// checks and Collateral Damage are all in the loop.
func platoonInTheOpen(b testing.TB) sim.Experiment {
	mdrm, leader := 2, 8
	a := lhy.FireAttack{
		SADRM: []int{1, 2}, MDRM: &mdrm, MV: 2,
		AT: []lhy.ATFire{{Vehicle: "sherman", DRM: 3}},
		Units: []lhy.Unit{
			{Name: "rifle", Cohesion: 7, AssaultValue: 2},
			{Name: "bar", Cohesion: 6, Concealed: true},
			{Name: "riders", Cohesion: 6, Rider: true, On: "sherman"},
			{Name: "hq", Cohesion: 8, NonCombat: true},
		},
		Leader: &leader,
		Vehicles: []lhy.Vehicle{
			{Name: "sherman", AV: 7, EAV: -1, ATV: 1, AFV: true},
			{Name: "jeep", AV: 1, EAV: -1},
		},
		OpenTerrain: true,
	}
	exp, err := a.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkLHYMonteCarlo measures Monte Carlo trials per second on one
// core (one worker, one chunk per iteration).
func BenchmarkLHYMonteCarlo(b *testing.B) { monteCarlo(b, platoonInTheOpen(b)) }

// BenchmarkLHYExact measures exact enumeration of the same fire.
func BenchmarkLHYExact(b *testing.B) { exact(b, platoonInTheOpen(b)) }
