package asl

import (
	"sync/atomic"

	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// The morale rolls are drawn as coarse DRs: only the classes of Original DR
// that the rules treat differently are separate branches, so exact
// enumeration of a MC costs at most six branches rather than eleven.
// Tables are indexed by t = ML − DRM (the Final DR equals ML when the
// Original DR equals t), offset so that every reachable t fits.
const (
	tMin = -24
	tMax = 40
)

// noELR stands for a unit that is never ELR-Replaced.
const noELR = 9

var (
	// mcRoll[t−tMin][elr]: a MC (A10): the Original 2 (Heat of Battle) and
	// 12 (Casualty MC) on their own; others by pass / pin / fail and by
	// whether the failure exceeds the ELR (A19.13).
	mcRoll [tMax - tMin + 1][noELR + 1]dice.Coarse
	// tcRoll[t−tMin]: a NTC or TC: pass when Final ≤ ML, nothing else
	// matters (rules/asl.md §8.2).
	tcRoll [tMax - tMin + 1]dice.Coarse
	// hobRoll[drm+hobOff]: Heat of Battle bands ≤4, 5–6, 7–8, 9–11, ≥12
	// (A15.1).
	hobRoll [2*hobOff + 1]dice.Coarse
	// hobRollMMC is hobRoll for a MMC whose hero nothing reads after the
	// attack (one attack: the hero is no target of it, rules/asl.md
	// §8.26): 5–6 (hero and Battle Hardening) merges with 7–8 (Battle
	// Hardening), its representative creating a hero nobody counts. A
	// plan reads him (locRules.heroesRead) and rolls on hobRoll.
	hobRollMMC [2*hobOff + 1]dice.Coarse
	// severity[drm]: the Wound Severity dr, mortal on a Final 5–6 (A17.11):
	// minor, mortal.
	severity [4]*sim.Dist
	// selection[k][n]: Random Selection of the top n among k (A.9),
	// built the first time an attack asks for it (selectionFor): the
	// large ones cost more to build than a short run spends on its trials,
	// and most runs need one or two.
	selection [Slots + 1][8]atomic.Pointer[dice.Selection]
)

const hobOff = 12

func init() {
	for t := tMin; t <= tMax; t++ {
		for elr := 0; elr <= noELR; elr++ {
			mcRoll[t-tMin][elr] = dice.NewCoarse(func(s int) int {
				switch s {
				case 2, 12:
					return s * 100
				}
				margin := s - t // Final − ML
				switch {
				case margin < 0:
					return 0
				case margin == 0:
					return 1
				case margin > elr:
					return 3
				}
				return 2
			})
		}
		tcRoll[t-tMin] = dice.NewCoarse(func(s int) int { return b2i(s > t) })
	}
	for d := -hobOff; d <= hobOff; d++ {
		hobRoll[d+hobOff] = dice.NewCoarse(func(s int) int { return hobBand(s + d) })
		hobRollMMC[d+hobOff] = dice.NewCoarse(func(s int) int {
			switch b := hobBand(s + d); b {
			case 0:
				return -1
			case 1:
				return 2
			default:
				return b
			}
		})
	}
	for d := range severity {
		// dr + d ≥ 5 is mortal: 2+d of the six faces.
		mortal := uint64(min(2+d, 6))
		severity[d] = sim.NewDist(6-mortal, mortal)
	}
}

// hobBand is the Heat of Battle Table row of a Final DR (A15.1).
func hobBand(final int) int {
	switch {
	case final <= 4:
		return 0 // hero creation
	case final <= 6:
		return 1 // hero creation and Battle Hardening
	case final <= 8:
		return 2 // Battle Hardening
	case final <= 11:
		return 3 // berserk
	}
	return 4 // surrender
}

// mcDR rolls a MC's Original DR for a unit of ML ml under DRM drm.
func mcDR(src *sim.Source, ml, drm, elr int) int {
	if elr < 0 || elr > noELR {
		elr = noELR
	}
	return mcRoll[clampT(ml-drm)][elr].Roll(src)
}

// tcDR rolls a NTC/TC's Original DR.
func tcDR(src *sim.Source, ml, drm int) int {
	return tcRoll[clampT(ml-drm)].Roll(src)
}

func clampT(t int) int {
	return min(max(t, tMin), tMax) - tMin
}
