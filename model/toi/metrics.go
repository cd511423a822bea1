package toi

import (
	"strconv"

	"github.com/sapperhq/sapper/internal/enum"
)

// Metric names and outcome labels: stable API (docs/output.md).
const (
	MetricBuilding         = "building"
	MetricHits             = "hits"
	MetricSquadsEliminated = "squads_eliminated"
)

// Building outcomes.
var buildingLabels = []string{"destroyed", "standing"}

const (
	destroyed = iota
	standing
)

// Fate is what became of a squad (D8), worst first.
type Fate uint8

const (
	Eliminated Fate = iota // no figure left
	Disrupted              // disrupted by a suppressive attack ([M4])
	Pinned                 // pinned: by the collapse (§4, D7), a suppressive attack ([M4]), or before the attack
	Reduced                // lost a figure, not pinned
	Unharmed
	numFates
)

var allFates = []string{"eliminated", "disrupted", "pinned", "reduced", "unharmed"}

func (f Fate) String() string { return enum.Name("Fate", allFates, f) }

// fateLabels are the fates the attack can leave squad s, worst first:
// disrupted only after a suppressive attack, which eliminates and reduces
// no squad; a squad pinned before stays pinned at least. index maps each
// fate to its label, -1 for none.
func (a BuildingAttack) fateLabels(s Squad) (labels []string, index [numFates]int) {
	var reach []Fate
	switch {
	case a.Suppressive && s.Pinned:
		reach = []Fate{Disrupted, Pinned}
	case a.Suppressive:
		reach = []Fate{Disrupted, Pinned, Unharmed}
	case s.Pinned:
		reach = []Fate{Eliminated, Pinned}
	default:
		reach = []Fate{Eliminated, Pinned, Reduced, Unharmed}
	}
	for f := range numFates {
		index[f] = -1
	}
	for _, f := range reach {
		index[f] = len(labels)
		labels = append(labels, allFates[f])
	}
	return labels, index
}

// fate is the fate of a squad of figures that lost lost, pinned before
// the attack or not, in a building that collapsed or not (D8).
func fate(figures, lost int, pinned, collapsed bool) Fate {
	switch {
	case lost >= figures:
		return Eliminated
	case collapsed || pinned:
		return Pinned
	case lost > 0:
		return Reduced
	}
	return Unharmed
}

// Suppressed is the fate of a squad that took hits net hits of a
// suppressive attack, pinned before it or not ([M4]): PinHits pin it,
// DisruptHits, or any hit on a pinned squad, disrupt it. It loses no
// figure.
func (a BuildingAttack) Suppressed(hits int, pinned bool) Fate {
	switch {
	case hits >= a.DisruptHits || pinned && hits > 0:
		return Disrupted
	case hits >= a.PinHits || pinned:
		return Pinned
	}
	return Unharmed
}

// SquadMetric is the name of the fate metric of squad k (1-based); its
// figures lost are SquadMetric(k) + ".lost".
func SquadMetric(k int) string { return "squad." + strconv.Itoa(k) }
