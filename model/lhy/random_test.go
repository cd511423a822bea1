package lhy

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
)

// randomAttack draws a fire resolution: one to three SADRMs, a mortar
// now and then, one to four units of every kind and target priority
// group, up to two vehicles (an AFV, a truck or a towed Gun) with ATDRMs
// against them, a platoon leader, the terrain's flags and either reading
// of a failed Cohesion check; Validate may refuse it.
func randomAttack(r *rand.Rand) FireAttack {
	drm := func() int { return r.IntN(9) - 3 }
	var a FireAttack
	for range r.IntN(4) {
		a.SADRM = append(a.SADRM, drm())
	}
	carrier, towed := -1, false // a vehicle that is not a towed Gun; a towed Gun
	for i := range r.IntN(3) {
		v := Vehicle{Name: fmt.Sprintf("v%d", i), AV: 2 + r.IntN(12), EAV: -1, ATV: r.IntN(2) * (1 + r.IntN(4))}
		switch r.IntN(3) {
		case 0:
			v.AFV = true
		case 1:
			v.TowedGun = true
		}
		if r.IntN(4) == 0 {
			v.EAV = r.IntN(v.AV + 3)
		}
		if !v.TowedGun {
			carrier = i
		}
		towed = towed || v.TowedGun
		a.Vehicles = append(a.Vehicles, v)
		for range 1 + r.IntN(2) {
			a.AT = append(a.AT, ATFire{Vehicle: v.Name, DRM: drm()})
		}
	}
	if len(a.SADRM) == 0 || r.IntN(3) == 0 {
		m := drm()
		a.MDRM, a.MV = &m, 1
		if carrier >= 0 {
			a.MV += r.IntN(3)
		}
	}
	for i := range 1 + r.IntN(4) {
		u := Unit{Name: fmt.Sprintf("u%d", i), Cohesion: 4 + r.IntN(6), AssaultValue: r.IntN(4), SAV: r.IntN(3)}
		switch r.IntN(8) {
		case 0:
			u.Concealed = true
		case 1:
			u.Disrupted = true
		case 2:
			u.NonCombat = true
		case 3:
			u.Heroic = true
		case 4:
			if carrier >= 0 {
				u.RNP, u.Rider = true, r.IntN(2) == 0
				u.On = a.Vehicles[carrier].Name
			}
		}
		u.Nationality = Nationality(r.IntN(5) / 3 * (1 + r.IntN(2)))
		a.Units = append(a.Units, u)
	}
	if r.IntN(3) == 0 {
		l := 5 + r.IntN(5)
		a.Leader = &l
	}
	// The open-terrain step of Collateral Damage, where a vehicle can be
	// Destroyed (13.3.6, 13.3.7).
	if len(a.Vehicles) > 0 && r.IntN(2) == 0 {
		a.OpenTerrain, a.IP, a.Assault = true, r.IntN(3) == 0, r.IntN(4) == 0
		a.ATFromMG = towed && r.IntN(2) == 0
	}
	a.Options.CohesionFail = CohesionFail(r.IntN(2))
	a.Normalize()
	return a
}

// TestRandomAttacks holds random fire resolutions to their model and its
// enumeration (simtest.HoldsToModel): the kept paths walked give the
// model's figures to the byte, the merged enumeration the unmerged one's,
// and every exact probability lies in the Monte Carlo interval.
func TestRandomAttacks(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 13))
	simtest.HoldsOnRandom(t, "attacks", 128, func(i int) (simtest.Model, string, error) {
		a := randomAttack(r)
		return a, fmt.Sprintf("attack %d (%+v)", i, a), a.Validate()
	})
}
