package asl

import (
	"fmt"
	"strconv"

	"github.com/sapperhq/sapper/sim"
)

// Metric names and outcome labels of a DC attack on a vehicle: stable API
// (docs/output.md).
const (
	MetricPosition       = "position"
	MetricHit            = "hit"
	MetricAFV            = "afv"
	MetricKilled         = "killed"
	MetricAbandoned      = "abandoned"
	MetricCrew           = "crew"
	MetricCrewCollateral = "crew.collateral"
	MetricShock          = "shock"
)

var hitLabels = []string{"hull", "turret", "none"}

const noHit = 2

// Crew outcomes: after the vehicle's elimination, the Crew Survival DR
// (D5.6); otherwise still aboard, or bailed out of an Abandoned AFV (D5.5).
var crewLabels = []string{"survived", "lost", "aboard", "bailed_out"}

const (
	crewSurvived = iota
	crewLost
	crewAboard
	crewBailedOut
)

// Effects of a Collateral Attack on a CE crew (D5.34, D5.341, A7.82).
var crewCollateralLabels = []string{"not_attacked", "no_effect", "buttoned_up", "stunned", "recalled"}

const (
	crewNotAttacked = iota
	crewNoEffect
	crewButtonedUp
	crewStunned
	crewRecalled
)

// Shock follow-up (C7.42).
var shockLabels = []string{"not_shocked", "recovered", "uk_recovered", "wrecked"}

const (
	notShocked = iota
	shockRecovered
	shockUKRecovered
	shockWrecked
)

// RiderMetric names the fate metric of Rider k (1-based).
func RiderMetric(k int) string { return "riders." + strconv.Itoa(k) }

// CollateralMetric names the fate metric of CE Passenger k, attacked only by a
// Collateral Attack (1-based).
func CollateralMetric(k int) string { return "collateral." + strconv.Itoa(k) }

// OthersMetric names the fate metric of other unit k of the AFV's Location
// (1-based).
func OthersMetric(k int) string { return "others." + strconv.Itoa(k) }

// afvMetrics is where each metric sits in the record; −1 when absent.
type afvMetrics struct {
	position, hit, afv, killed, abandoned, crew, crewColl, shock int
	units, throwers                                              int
}

func (p *afvPlan) schema() sim.Schema {
	a := p.a
	var m []sim.Metric
	add := func(x sim.Metric) int {
		m = append(m, x)
		return len(m) - 1
	}
	p.m = afvMetrics{position: -1, hit: -1, killed: -1, abandoned: -1, crew: -1, crewColl: -1, shock: -1}
	if p.kase == armoredFacing {
		p.m.position = add(sim.Metric{Name: MetricPosition, Title: fmt.Sprintf("Position DR (C7.346), DRM %+d", p.posDRM), Labels: positionLabels})
		p.m.hit = add(sim.Metric{Name: MetricHit, Title: "hit location if Positioned (Final DR ≤ 8; colored < white: turret)", Labels: hitLabels})
	}
	labels := afvLabels[:ImmobilizedShocked]
	if p.kase == armoredFacing && a.Options.HullPlusOneAlsoShocks {
		labels = afvLabels
	}
	p.m.afv = add(sim.Metric{Name: MetricAFV, Title: p.afvTitle(), Labels: labels})
	if p.kase != setVsAFV {
		p.m.killed = add(sim.Metric{Name: MetricKilled, Title: "vehicle eliminated, burning included", Labels: yesNo})
		p.m.abandoned = add(sim.Metric{Name: MetricAbandoned, Title: "Abandoned: Immobilized and the crew fails its TC (D5.5)", Labels: yesNo})
		p.m.crew = add(sim.Metric{Name: MetricCrew, Title: fmt.Sprintf("crew (Crew Survival on CS# %d after elimination)", a.CS), Labels: crewLabels})
	}
	if p.crewVulnerable {
		p.m.crewColl = add(sim.Metric{Name: MetricCrewCollateral, Title: "the CE crew under Collateral Attack (D5.34)", Labels: crewCollateralLabels})
	}
	if p.kase == armoredFacing {
		p.m.shock = add(sim.Metric{Name: MetricShock, Title: "Shock, by the end of the next two RPh (C7.42)", Labels: shockLabels})
	}
	p.m.units = len(m)
	for i, u := range p.units {
		var name, title string
		switch k := p.indexInGroup(i) + 1; p.groups[i] {
		case rider:
			name, title = RiderMetric(k), fmt.Sprintf("Rider %d (%s)", k, u)
		case passenger:
			name, title = CollateralMetric(k), fmt.Sprintf("CE Passenger %d (%s)", k, u)
		default:
			name, title = OthersMetric(k), fmt.Sprintf("other unit %d (%s)", k, u)
		}
		add(sim.Metric{Name: name, Title: title, Labels: fateLabels})
	}
	p.m.throwers = len(m)
	for k, u := range a.Throwers {
		add(sim.Metric{Name: ThrowerMetric(k + 1), Title: fmt.Sprintf("thrower %d (%s)", k+1, u), Labels: fateLabels})
	}
	return sim.Schema{Metrics: m}
}

func (p *afvPlan) afvTitle() string {
	a := p.a
	switch p.kase {
	case setVsAFV:
		return "AFV (a Set DC never harms it, A23.71)"
	case unarmoredFacing, unarmoredVehicle:
		return fmt.Sprintf("vehicle, on the IFT vehicle line (Kill # %d)", KillNumber(p.lineColumn()))
	}
	tk := func(pos Position, turret bool) int { return a.TKNumber(pos, turret) }
	return fmt.Sprintf("AFV (Final TK#: Optimal %d, Successful hull %d / turret %d)",
		tk(Optimal, false), tk(Successful, false), tk(Successful, true))
}

// indexInGroup is unit i's place among the units of its group.
func (p *afvPlan) indexInGroup(i int) int {
	k := 0
	for j := range i {
		if p.groups[j] == p.groups[i] {
			k++
		}
	}
	return k
}
