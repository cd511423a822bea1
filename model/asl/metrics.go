package asl

import (
	"strconv"

	"github.com/sapperhq/sapper/internal/enum"
)

// Metric names and outcome labels: stable API (docs/output.md).
const (
	MetricDetonation = "detonation"
	MetricIFT        = "ift"
	MetricStack      = "stack"
	MetricOut        = "out" // targets out of the fight: eliminated, surrendered or broken
	MetricHoB        = "hob" // Heat of Battle triggered in the target Location
	MetricPlacer     = "placer"
	MetricSetting    = "setting"
	MetricSetter     = "setter" // the Setter after the Defensive Fire of Setting during play
	MetricRubble     = "rubble"
	MetricFlame      = "flame"
	MetricShellhole  = "shellhole"
	MetricCowering   = "cowering" // the attack Cowered (A7.9)
	MetricBreach     = "breach"

	MetricCollapse        = "collapse"       // B24.11 upper-level collapse
	MetricFallingRubble   = "falling_rubble" // B24.12
	MetricWire            = "wire"
	MetricRoadblock       = "roadblock"
	MetricBridge          = "bridge"
	MetricBridgeSpans     = "bridge.spans"
	MetricGun             = "gun"
	MetricCave            = "cave"
	MetricCaveDR          = "cave.dr"
	MetricSWDestroyed     = "sw.destroyed"
	MetricSWMalfunctioned = "sw.malfunctioned"
)

// Thrown-DC cave dr outcomes (G11.83).
var caveDRLabels = []string{"in_cave", "dropped"}

// Detonation outcomes.
var detonationLabels = []string{"detonated", "malfunction", "not_placed"}

const (
	detonated = iota
	malfunctioned
	notPlaced
)

// Fate outcomes of target.K and thrower.K, worst first.
var fateLabels = []string{"eliminated", "surrendered", "broken", "berserk", "pinned", "good_order"}

// Fate is what became of a unit at the end of an attack.
type Fate uint8

const (
	Eliminated Fate = iota
	Surrendered
	Broken
	Berserk
	Pinned
	GoodOrder
)

func (f Fate) String() string { return enum.Name("Fate", fateLabels, f) }

var yesNo = []string{"yes", "no"}

var stackLabels = []string{"cleared", "not_cleared"}

// TargetMetric is the name of the fate metric of target k (1-based).
func TargetMetric(k int) string { return "target." + strconv.Itoa(k) }

// ThrowerMetric is the name of the fate metric of thrower k (1-based).
func ThrowerMetric(k int) string { return "thrower." + strconv.Itoa(k) }
