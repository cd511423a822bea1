package toi

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
)

// randomAttack draws an attack of every kind on a building, or a pillbox
// hex, with up to three squads of their own cover or the hex's, pinned
// or not, and the rules' numbers off their defaults now and then;
// Validate may refuse it.
func randomAttack(r *rand.Rand) BuildingAttack {
	a := NewBuildingAttack([]Kind{OnBuilding, AreaAttack, ChargesAttack}[r.IntN(3)])
	switch a.Kind {
	case OnBuilding:
		a.Dice = 1 + r.IntN(12)
		for range r.IntN(3) {
			a.Combined = append(a.Combined, 1+r.IntN(6))
		}
		a.FireAndMove = len(a.Combined) == 0 && r.IntN(4) == 0
	case AreaAttack:
		a.Area = 1 + r.IntN(10)
		if r.IntN(3) == 0 {
			a.Suppressive = true
		} else {
			a.Dice = r.IntN(a.Area + 1)
		}
	case ChargesAttack:
		a.Charges, a.ChargeHits, a.PerCharge = 1+r.IntN(3), 1+r.IntN(4), r.IntN(2) == 0
	}
	if r.IntN(6) == 0 {
		a.Pillbox = []Pillbox{PillboxInside, PillboxOutside}[r.IntN(2)]
	}
	a.Cover, a.Threshold = 1+r.IntN(3), 3+r.IntN(6)
	if r.IntN(4) == 0 {
		a.HitOn, a.CancelOn = 4+r.IntN(3), 4+r.IntN(3)
	}
	for range r.IntN(4) {
		s := Squad{Figures: 1 + r.IntN(4), Cover: HexCover, Pinned: r.IntN(5) == 0}
		if r.IntN(3) == 0 {
			s.Cover = r.IntN(3)
		}
		s.InPillbox = a.Pillbox != NoPillbox && r.IntN(2) == 0
		a.Squads = append(a.Squads, s)
	}
	if len(a.Squads) > 0 && r.IntN(3) == 0 {
		a.CollapseCover = r.IntN(3)
	}
	return a
}

// TestRandomAttacks holds random attacks to their model's enumeration
// (simtest.HoldsToModel): every exact probability lies in the Monte
// Carlo interval, alike at one worker and two.
func TestRandomAttacks(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 1))
	simtest.HoldsOnRandom(t, "attacks", 96, func(i int) (simtest.Model, string, error) {
		a := randomAttack(r)
		return a, fmt.Sprintf("attack %d (%+v)", i, a), a.Validate()
	})
}
