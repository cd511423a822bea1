package sim

import (
	"fmt"
	"strconv"
)

// Metric is one reported quantity of a trial: a categorical variable with a
// fixed, ordered list of outcome labels. A numeric metric (counts such as
// "targets out of the fight") additionally gives the value of each label, so
// that a mean can be reported.
type Metric struct {
	Name   string
	Title  string
	Labels []string
	// Values, when non-nil, holds the numeric value of each label
	// (len(Values) == len(Labels)).
	Values []float64
	// Ordered says that the labels run from the most severe outcome to the
	// least (an IFT row: 7KIA … 1MC, NMC, PTC, none), so that "this or
	// worse" is a meaningful sum for a chart's cumulative view. A numeric
	// metric is ordered by its Values and needs no flag.
	Ordered bool
}

// Numeric reports whether the metric carries label values.
func (m Metric) Numeric() bool { return m.Values != nil }

// CountMetric builds a numeric metric whose outcomes are the integers
// 0, 1, …, max.
func CountMetric(name, title string, max int) Metric {
	m := Metric{Name: name, Title: title}
	for v := 0; v <= max; v++ {
		m.Labels = append(m.Labels, strconv.Itoa(v))
		m.Values = append(m.Values, float64(v))
	}
	return m
}

// Schema is the ordered list of metrics an experiment reports.
type Schema struct {
	Metrics []Metric
}

// size returns the total number of outcome cells and each metric's offset
// into a flat tally.
func (s Schema) layout() (offsets []int, size int) {
	offsets = make([]int, len(s.Metrics))
	for i, m := range s.Metrics {
		offsets[i] = size
		size += len(m.Labels)
	}
	return offsets, size
}

// Validate checks that the schema is usable: named, non-empty metrics with
// distinct names and at most 65535 outcomes each.
func (s Schema) Validate() error {
	if len(s.Metrics) == 0 {
		return fmt.Errorf("sim: schema has no metrics")
	}
	seen := make(map[string]bool, len(s.Metrics))
	for _, m := range s.Metrics {
		switch {
		case m.Name == "":
			return fmt.Errorf("sim: metric without a name")
		case seen[m.Name]:
			return fmt.Errorf("sim: metric %q declared twice", m.Name)
		case len(m.Labels) == 0 || len(m.Labels) >= unset:
			return fmt.Errorf("sim: metric %q has %d outcomes", m.Name, len(m.Labels))
		case m.Values != nil && len(m.Values) != len(m.Labels):
			return fmt.Errorf("sim: metric %q has %d values for %d labels", m.Name, len(m.Values), len(m.Labels))
		}
		seen[m.Name] = true
	}
	return nil
}

// unset marks a metric no outcome was recorded for.
const unset = 0xFFFF

// Record collects the outcome of each metric for one trial.
type Record struct {
	out []uint16
}

func newRecord(n int) *Record { return &Record{out: isolated[uint16](n, 2)} }

// Set records outcome k (an index into the metric's labels) for metric m.
func (r *Record) Set(m, k int) { r.out[m] = uint16(k) }

func (r *Record) reset() {
	for i := range r.out {
		r.out[i] = unset
	}
}

// Trial runs one trial: it draws from src and records one outcome per
// metric in rec. It must be a pure function of its draws.
type Trial func(src *Source, rec *Record)

// Experiment is what a model hands the engine.
type Experiment struct {
	Schema Schema
	// New returns a Trial with its own scratch state; the engine calls it
	// once per worker, so trials never share memory.
	New func() Trial
}
