package asl

import "github.com/sapperhq/sapper/internal/enum"

// Position is the result of a DC's Position DR against an AFV (C7.346).
type Position uint8

const (
	Optimal    Position = iota // Final ≤ 5: the AFV's Aerial AF
	Successful                 // 6–8: the AF of the facing and aspect hit
	Poor                       // 9–11: no effect on the AFV; Collateral Attack on its Vulnerable PRC
	NoPosition                 // ≥ 12: only the other units in the Location, by Area Fire
)

var positionLabels = []string{"optimal", "successful", "poor", "none"}

func (p Position) String() string { return enum.Name("Position", positionLabels, p) }

// PositionOf reads a Final Position DR (C7.346).
func PositionOf(final int) Position {
	switch {
	case final <= 5:
		return Optimal
	case final <= 8:
		return Successful
	case final <= 11:
		return Poor
	}
	return NoPosition
}

// TurretHit reads the hit location off a DR's dice: the colored die below
// the white is a turret or upper-superstructure hit, anything else,
// doubles included, a hull hit (C7.346 → C3.9).
func TurretHit(white, colored int) bool { return colored < white }

// PositionDRM is the sum of the C7.346 Position DRMs, all cumulative:
//
//	+2  the AFV is non-Stopped, in Motion or concealed, once however many
//	    hold (rules/asl.md §8.7)
//	+2  Thrown (+3 from a Motion vehicle or by Cavalry) (A23.6)
//	+1  through the hull front Target Facing; −1 through the hull rear
//	+1  the AFV is CE
//	+1  Thrown in the AFPh (A23.62)
//	+1  the Placer or Thrower is CX (A23.4)
//	−1  elevation advantage, −2 against an Open-Topped AFV (Case B
//	    reversed, C7.22)
//	−2  each of: Immobile, Open-Topped, in Bypass in the user's hex
func (a AFVAttack) PositionDRM() int {
	d := 0
	if a.Motion || a.Concealed {
		d += 2
	}
	if a.Mode == Thrown {
		d += 2 + b2i(a.FromVehicle) + b2i(a.AFPh)
	}
	switch a.TargetFacing() {
	case Front:
		d++
	case Rear:
		d--
	}
	d += b2i(a.CE) + b2i(a.CX)
	if a.ElevationAdvantage {
		d -= 1 + b2i(a.OpenTopped)
	}
	d -= 2 * (b2i(a.Immobile) + b2i(a.OpenTopped) + b2i(a.Bypass))
	return d
}
