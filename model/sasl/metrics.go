package sasl

import (
	"fmt"
	"strconv"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// Metric names: stable API (docs/output.md).
const (
	MetricArrived   = "arrived"
	MetricChecked   = "checked"
	MetricActivated = "activated"
	MetricDummies   = "dummies"
	MetricLongRange = "long_range"
)

// GoodOrderMetric is the name of the Good Order metric of step k (1-based).
func GoodOrderMetric(k int) string { return "good_order." + strconv.Itoa(k) }

// GeneratedMetric is the name of the count of item it generated.
func GeneratedMetric(it Item) string { return "generated." + it.String() }

// ReachedMetric is the name of the last Location moving unit k reached.
func ReachedMetric(k int) string { return asl.TargetMetric(k) + ".reached" }

var yesNo = []string{"yes", "no"}

// Long Range Activation outcomes (S17).
var longRangeLabels = []string{"activated", "not_activated", "not_rolled"}

var fateLabels = []string{"eliminated", "surrendered", "broken", "berserk", "pinned", "good_order"}

type metricIndex struct {
	arrived, goodOrder, checked, generated, longRange, targets int
}

func (p *plan) metrics() metricIndex {
	var m metricIndex
	n := 0
	m.arrived = n
	n++
	m.goodOrder = n
	n += len(p.steps)
	m.checked = n
	n += 3
	m.generated = n
	n += int(numItems)
	m.longRange = -1
	if p.anyLong {
		m.longRange = n
		n++
	}
	m.targets = n
	return m
}

// schema lists the metrics in the order of metricIndex.
func (p *plan) schema() sim.Schema {
	c := p.c
	ms := []sim.Metric{{Name: MetricArrived, Title: "some moving unit in Good Order at the last Location (S18)", Labels: yesNo}}
	for k, st := range c.Path {
		ms = append(ms, sim.Metric{Name: GoodOrderMetric(k + 1), Title: stepTitle(k, st.Name), Labels: yesNo})
	}
	n := len(c.SQ)
	ms = append(ms,
		sim.CountMetric(MetricChecked, "S? checked (activated + dummies)", n),
		sim.CountMetric(MetricActivated, "S? Activated", n),
		sim.CountMetric(MetricDummies, "S? found to be dummies", n))
	src := c.Tables.Source
	if c.Tables.Illustrative {
		src = "ILLUSTRATIVE tables, not the official ones"
	}
	for it := range numItems {
		ms = append(ms, sim.CountMetric(GeneratedMetric(it), fmt.Sprintf("%s generated (%s)", itemTitles[it], src), p.maxGen[it]))
	}
	if p.anyLong {
		ms = append(ms, sim.Metric{Name: MetricLongRange, Title: "Long Range Activation (S17)", Labels: longRangeLabels})
	}
	var steps []string
	var values []float64
	for k := range c.Path {
		steps = append(steps, strconv.Itoa(k+1))
		values = append(values, float64(k+1))
	}
	for k, u := range c.Stack {
		name := asl.TargetMetric(k + 1)
		ms = append(ms,
			sim.Metric{Name: name, Title: fmt.Sprintf("moving unit %d (%s)", k+1, u), Labels: fateLabels},
			sim.Metric{Name: name + ".reduced", Title: fmt.Sprintf("moving unit %d reduced", k+1), Labels: yesNo},
			sim.Metric{Name: name + ".replaced", Title: fmt.Sprintf("moving unit %d ELR-Replaced", k+1), Labels: yesNo},
			sim.Metric{Name: ReachedMetric(k + 1), Title: fmt.Sprintf("last Location moving unit %d reached", k+1), Labels: steps, Values: values})
	}
	return sim.Schema{Metrics: ms}
}

var itemTitles = [numItems]string{"squads", "half-squads", "leaders", "SW", "Guns", "AFVs", "SPGs", "fortifications (Hold, {A5} dr ≤ 4)"}

// stepTitle titles the metric of path Location k, named where its
// crossing names it.
func stepTitle(k int, name string) string {
	if name == "" {
		return fmt.Sprintf("some unit in Good Order at Location %d", k+1)
	}
	return fmt.Sprintf("some unit in Good Order at Location %d (%s)", k+1, name)
}
