package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/internal/enum"
)

// AFVResult is what a DC does to the vehicle (C7.5–C7.7, A7.308), and the
// `afv` metric's outcome.
type AFVResult uint8

const (
	Burning     AFVResult = iota // a burning wreck: every PRC dies (C7.6)
	Wrecked                      // eliminated: PRC roll for Crew Survival (C7.11, D5.6)
	Immobilized                  // plus a Crew TC (C7.5, D5.5)
	Shocked                      // a turret hit: automatic Shock (C7.41)
	NoVehicleEffect
	Dud         // an Original TK DR of 12 (C7.35)
	Malfunction // Original effects DR ≥ X# (A23.4; §8.5)
	// ImmobilizedShocked is Immobilized and Shocked: a hull hit's TK DR
	// of TK# + 1 under the reading that it also Shocks (§8.8, switched).
	// Last, so that the metric has it only when the switch is on.
	ImmobilizedShocked
)

var afvLabels = []string{"burning", "eliminated", "immobilized", "shocked", "no_effect", "dud", "malfunction", "immobilized_shocked"}

// shocks reports whether the result Shocks the AFV (C7.41, §8.8).
func (r AFVResult) shocks() bool { return r == Shocked || r == ImmobilizedShocked }

// Immobilizes reports whether the result leaves the AFV Immobilized
// (C7.5): alone, or Shocked too.
func (r AFVResult) Immobilizes() bool { return r == Immobilized || r == ImmobilizedShocked }

func (r AFVResult) String() string { return enum.Name("AFVResult", afvLabels, r) }

// killed: the vehicle is eliminated by this attack, burning or not.
func (r AFVResult) killed() bool { return r == Burning || r == Wrecked }

// detonated: the DC went off; a malfunction or a Dud does nothing, not
// even a Collateral Attack (D.8) or the attack on the thrower's Location
// (A23.4 EXC, rules/asl.md §8.17).
func (r AFVResult) detonated() bool { return r != Dud && r != Malfunction }

// TKNumber is the Final To Kill number (C7.11): the Basic TK# of a DC,
// +1 through the armored rear Target Facing (Case A, C7.21), less the AF:
// the Aerial AF when Optimally Positioned, else the AF of the facing and
// aspect hit. Case B is on the Position DR instead, Cases C and D never
// apply to a DC (C7.22–C7.24). It is not clamped (rules/asl.md §8.11).
func (a AFVAttack) TKNumber(pos Position, turret bool) int {
	tk := a.BasicTK + b2i(a.TargetFacing() == Rear)
	if pos == Optimal {
		af, _ := a.aerial()
		return tk - int(af)
	}
	armor := a.Armor.Hull
	if turret {
		armor = a.Armor.Turret
	}
	return tk - int(armor[a.TargetFacing()])
}

// ToKill resolves an Original TK DR against Final TK# tk (C7.35–C7.7,
// rules/asl.md §5.4, §8.5, §8.8, §8.10). No DRM applies but the red CS#'s
// −1 for the burning-wreck test. immob reports that the AFV is also
// Immobilized, and so takes a Crew TC (D5.5).
//
//	Original 12             Dud: overrides everything (C7.35)
//	Original ≥ X#           malfunction (A23.4)
//	2·DR ≤ TK#              burning wreck (C7.6; red CS# DR −1, D5.7)
//	DR < TK#                eliminated
//	DR = TK# or TK# + 1     hull: Immobilized (C7.5); turret: Shock (C7.41)
func (a AFVAttack) ToKill(orig, tk int, turret bool) (r AFVResult, immob bool) {
	switch {
	case orig == 12:
		return Dud, false
	case orig >= a.dc().XNumber():
		return Malfunction, false
	case 2*(orig-b2i(a.RedCS)) <= tk:
		return Burning, false
	case orig < tk:
		return Wrecked, false
	case orig == tk || orig == tk+1:
		if turret {
			return Shocked, false
		}
		if orig == tk+1 && a.Options.HullPlusOneAlsoShocks {
			return ImmobilizedShocked, true
		}
		return Immobilized, true
	}
	return NoVehicleEffect, false
}

// KillNumber is the vehicle line's Kill # above IFT column c: 3 on the 1
// column up to 13 on 36+ (A7.308; rules/asl.md §2.2). It panics for c not
// below Columns, as Lookup does.
func KillNumber(c Column) int {
	if c >= Columns {
		panic(fmt.Sprintf("asl: KillNumber of column %d: the IFT has columns 0 to %d", int(c), Columns-1))
	}
	return 3 + int(c)
}

// VehicleLine resolves a Final DR on the vehicle line with Kill # kill
// (A7.308): burning wreck at most half the Kill #, eliminated below it,
// Immobilized on it.
func VehicleLine(final, kill int) AFVResult {
	switch {
	case 2*final <= kill:
		return Burning
	case final < kill:
		return Wrecked
	case final == kill:
		return Immobilized
	}
	return NoVehicleEffect
}

// unlikelyKill is the subsequent dr of an Original 2 on the vehicle line
// (A7.309): 1 burning, 2 eliminated, 3 Immobilized, 4–6 nothing; the
// better of it and the DR's own result applies.
var unlikelyKill = [7]AFVResult{0, Burning, Wrecked, Immobilized, NoVehicleEffect, NoVehicleEffect, NoVehicleEffect}
