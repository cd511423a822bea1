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
	Pinned                 // pinned by the collapse (§4, D7)
	Reduced                // lost a figure, not pinned
	Unharmed
)

var fateLabels = []string{"eliminated", "pinned", "reduced", "unharmed"}

func (f Fate) String() string { return enum.Name("Fate", fateLabels, f) }

// fate is the fate of a squad of figures that lost lost, in a building
// that collapsed or not (D8).
func fate(figures, lost int, collapsed bool) Fate {
	switch {
	case lost >= figures:
		return Eliminated
	case collapsed:
		return Pinned
	case lost > 0:
		return Reduced
	}
	return Unharmed
}

// SquadMetric is the name of the fate metric of squad k (1-based); its
// figures lost are SquadMetric(k) + ".lost".
func SquadMetric(k int) string { return "squad." + strconv.Itoa(k) }
