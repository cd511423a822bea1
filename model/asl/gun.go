package asl

import "github.com/sapperhq/sapper/internal/enum"

// GunEffect is what a DC does to a Gun in its Location (C11.6 DC column).
type GunEffect uint8

const (
	GunEliminated    GunEffect = iota // any KIA: the Gun and its manning Infantry
	GunMalfunctioned                  // K/#: the Gun malfunctions, its crew is Casualty Reduced
	GunUnaffected                     // anything else, or no detonation
)

var gunLabels = []string{"eliminated", "malfunctioned", "unaffected"}

func (g GunEffect) String() string { return enum.Name("GunEffect", gunLabels, g) }

// gunEffect reads the DC's Final DR result against the Gun, judged without
// any gunshield DRM (C11.6; rules/asl.md §6.1). A DC never scores a
// Critical Hit, and a Set DC uses the same table (§8.38).
func gunEffect(r IFT) GunEffect {
	switch {
	case r.KIA() > 0:
		return GunEliminated
	case r.K() > 0:
		return GunMalfunctioned
	}
	return GunUnaffected
}

// gunResults turns the attack's results into what the Location's units
// take once the Gun's result is applied (C11.6, rules/asl.md §8.38): on a
// KIA the manning Infantry (unit 0) are eliminated with the Gun and the
// others take the attack normally; on a K/# the manning Infantry are the
// Casualty Reduction, so Random Selection is not used and every unit,
// a squad's new HS included, takes the #MC.
func gunResults(res [Slots]IFT, n int) (GunEffect, [Slots]IFT) {
	g := gunEffect(res[0])
	switch g {
	case GunEliminated:
		res[0] = NoAttack
	case GunMalfunctioned:
		for i := range n {
			if k := res[i].K(); k > 0 {
				res[i] = MC4 + IFT(4-k)
			}
		}
	}
	return g, res
}
