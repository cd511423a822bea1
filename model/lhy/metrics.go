package lhy

import "github.com/sapperhq/sapper/sim"

// Metric names and labels (rules/lhy.md L3): stable API of the JSON output.
const (
	MetricSelected   = "selected"
	MetricCollateral = "collateral"
	noneLabel        = "none"
)

// UnitMetric names the metric of what befell the unit called name.
func UnitMetric(name string) string { return "unit." + name }

// CheckMetric names the metric of the Cohesion check of the unit called
// name.
func CheckMetric(name string) string { return "cohesion_check." + name }

// VehicleMetric names the metric of what befell the vehicle called name.
func VehicleMetric(name string) string { return "vehicle." + name }

var (
	unitLabels       = []string{"casualty", "disrupted", "regrouping", "concealment_lost", "unaffected"}
	checkLabels      = []string{"passed", "failed", "none"}
	vehicleLabels    = []string{"destroyed", "shocked", "unaffected"}
	collateralLabels = []string{"applied", "not_applied"}
)

// layout is where each metric sits in a trial's record; −1 for a metric
// the attack does not report.
type layout struct {
	selected, units, checks, vehicles, collateral int
}

// schema lists the metrics: selected when there are units, then each
// unit's outcome, each unit's Cohesion check, each vehicle's outcome and
// collateral when there are vehicles.
func (a *FireAttack) schema() (sim.Schema, layout) {
	var s sim.Schema
	l := layout{selected: -1, collateral: -1}
	add := func(m sim.Metric) int {
		s.Metrics = append(s.Metrics, m)
		return len(s.Metrics) - 1
	}
	if len(a.Units) > 0 {
		labels := make([]string, 0, len(a.Units)+1)
		for _, u := range a.Units {
			labels = append(labels, u.Name)
		}
		l.selected = add(sim.Metric{Name: MetricSelected, Title: "unit the small-arms or mortar result falls on (13.1.3)",
			Labels: append(labels, noneLabel)})
	}
	l.units = len(s.Metrics)
	for _, u := range a.Units {
		add(sim.Metric{Name: UnitMetric(u.Name), Title: "worst effect of the fire on " + u.Name, Labels: unitLabels, Ordered: true})
	}
	l.checks = len(s.Metrics)
	for _, u := range a.Units {
		add(sim.Metric{Name: CheckMetric(u.Name), Title: "Cohesion check of " + u.Name, Labels: checkLabels})
	}
	l.vehicles = len(s.Metrics)
	for _, v := range a.Vehicles {
		add(sim.Metric{Name: VehicleMetric(v.Name), Title: "fate of " + v.Name, Labels: vehicleLabels, Ordered: true})
	}
	if len(a.Vehicles) > 0 {
		l.collateral = add(sim.Metric{Name: MetricCollateral, Title: "Collateral Damage (13.3.7)", Labels: collateralLabels})
	}
	return s, l
}
