package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Metric is one reported quantity of a trial: a categorical variable with a
// fixed, ordered list of outcome labels. A numeric metric (counts such as
// "targets out of the fight") additionally gives the value of each label, so
// that a mean can be reported.
//
// A model may share a Metric's Labels and Values among the experiments it
// builds: change them in a copy (slices.Clone), not in place. A Result's
// are its own.
type Metric struct {
	// Name is the metric's stable name, as outputs and goals name it.
	Name string
	// Title says in words what the metric is, for a table's heading.
	Title string
	// Labels name the outcomes, each once and none empty.
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

// own is m with labels and values of its own: a model's schema shares
// them among its runs, and a result is its caller's to change.
func (m Metric) own() Metric {
	m.Labels = slices.Clone(m.Labels)
	m.Values = slices.Clone(m.Values)
	return m
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
	// Joints are groups of metrics a trial may record at once
	// (Record.SetJoint); a metric belongs to one joint at most.
	Joints []Joint
}

// Joint is a group of metrics that a trial may record together, as one
// code. The model lists once, per experiment, what each code stands for:
// Rows[code][t] is the outcome of metric Metrics[t]. A Monte Carlo trial
// that records a code then costs one counter instead of one per metric;
// the counts of each code are spread over its metrics' outcomes after
// each chunk, which gives the same tallies as recording the metrics one
// by one. Codes suit a group whose outcomes follow from a few small
// integers, such as each unit's state in a stack of units.
type Joint struct {
	Metrics []int
	Rows    [][]uint16
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
// distinct names and at most 65,534 outcomes each (65,535 marks an outcome
// not recorded).
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
			return fmt.Errorf("sim: metric %q has %d outcomes; want 1 to %d", m.Name, len(m.Labels), unset-1)
		case m.Values != nil && len(m.Values) != len(m.Labels):
			return fmt.Errorf("sim: metric %q has %d values for %d labels", m.Name, len(m.Values), len(m.Labels))
		}
		if err := m.validateOutcomes(); err != nil {
			return err
		}
		seen[m.Name] = true
	}
	return s.validateJoints()
}

// validateOutcomes refuses two outcomes of one metric under one label,
// which every report would read as one, an empty label, and a value that is not a finite
// number, which would make its mean and interval NaN.
func (m Metric) validateOutcomes() error {
	labels := make(map[string]bool, len(m.Labels))
	for i, l := range m.Labels {
		if l == "" {
			return fmt.Errorf("sim: metric %q has an outcome without a label, which no report could name", m.Name)
		}
		if labels[l] {
			return fmt.Errorf("sim: metric %q has outcome %q twice", m.Name, l)
		}
		labels[l] = true
		if m.Values != nil && (math.IsNaN(m.Values[i]) || math.IsInf(m.Values[i], 0)) {
			return fmt.Errorf("sim: metric %q gives outcome %q the value %v, not a finite number", m.Name, l, m.Values[i])
		}
	}
	return nil
}

func (s Schema) validateJoints() error {
	if len(s.Joints) > maxJoints {
		return fmt.Errorf("sim: %d joints, at most %d", len(s.Joints), maxJoints)
	}
	owner := make([]int, len(s.Metrics))
	for j, jt := range s.Joints {
		if len(jt.Metrics) == 0 || len(jt.Rows) == 0 {
			return fmt.Errorf("sim: joint %d has no metrics or no rows", j)
		}
		for _, m := range jt.Metrics {
			if m < 0 || m >= len(s.Metrics) {
				return fmt.Errorf("sim: joint %d names metric %d of %d", j, m, len(s.Metrics))
			}
			if owner[m] != 0 {
				return fmt.Errorf("sim: metric %q is in two joints", s.Metrics[m].Name)
			}
			owner[m] = j + 1
		}
		for c, row := range jt.Rows {
			if len(row) != len(jt.Metrics) {
				return fmt.Errorf("sim: joint %d row %d has %d outcomes for %d metrics", j, c, len(row), len(jt.Metrics))
			}
			for t, k := range row {
				if m := s.Metrics[jt.Metrics[t]]; int(k) >= len(m.Labels) {
					return fmt.Errorf("sim: joint %d row %d gives metric %q outcome %d of %d", j, c, m.Name, k, len(m.Labels))
				}
			}
		}
	}
	return nil
}

// maxJoints is the most joints a schema may declare (the bits of a mask in
// the Monte Carlo tally).
const maxJoints = 64

// unset marks a metric no outcome was recorded for.
const unset = 0xFFFF

// Record collects the outcome of each metric for one trial: metric by
// metric with Set, or a whole group at once with SetJoint.
type Record struct {
	out    []uint16
	joints []Joint
	// tally counts, per joint, the trials of the current Monte Carlo chunk
	// that recorded each code.
	tally [][]uint64
	// expand writes a joint's outcomes out at once (exact mode, where each
	// path's outcomes are weighted one by one anyway).
	expand bool
	// direct is set by Set: the trial recorded some metric on its own;
	// in expand mode, by SetJoint too: a merge point with nothing
	// recorded since the last has nothing to keep (paths.merge).
	direct bool
}

// newRecord returns an empty record for s, padded because a worker writes
// it on every trial.
func newRecord(s Schema) *Record {
	r := &(&struct {
		_ gap
		r Record
		_ gap
	}{}).r
	r.out = isolated[uint16](len(s.Metrics), 2)
	r.joints = s.Joints
	for _, jt := range s.Joints {
		r.tally = append(r.tally, isolated[uint64](len(jt.Rows), 8))
	}
	r.reset()
	return r
}

// NewRecord returns an empty record for s, for a model that works out the
// rows of a Joint by running its own recording code once per code and
// reading the outcomes back with Get.
func NewRecord(s Schema) *Record {
	r := newRecord(s)
	r.expand = true
	return r
}

// Set records outcome k (an index into the metric's labels) for metric m.
// It panics for a k no metric's labels reach, which would otherwise wrap
// to another outcome; one past its own metric's labels panics when the
// trial's chunk is counted.
func (r *Record) Set(m, k int) {
	if uint(k) >= unset {
		badOutcome(m, k)
	}
	r.out[m] = uint16(k)
	r.direct = true
}

// badOutcome panics for outcome k of metric m, past any labels. It is
// apart from Set, so that Set stays small enough to inline.
//
//go:noinline
func badOutcome(m, k int) {
	panic(fmt.Sprintf("sim: outcome %d of metric %d is past any metric's labels (at most %d)", k, m, unset-1))
}

// SetJoint records code of joint j (Schema.Joints): for every metric of
// the joint, the outcome its row gives. A trial records each metric once,
// with Set or through a joint, never both, and each joint at most once.
func (r *Record) SetJoint(j, code int) {
	if r.expand {
		jt := &r.joints[j]
		row := jt.Rows[code]
		for t, m := range jt.Metrics {
			r.out[m] = row[t]
		}
		r.direct = true
		return
	}
	r.tally[j][code]++
}

// Get returns the outcome recorded for metric m, and false when none is.
func (r *Record) Get(m int) (int, bool) {
	k := r.out[m]
	return int(k), k != unset
}

func (r *Record) reset() {
	for i := range r.out {
		r.out[i] = unset
	}
	r.direct = false
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
	// KeepPaths lets each Monte Carlo worker keep the paths its trials
	// take and walk them instead of running the trial, which then runs
	// only on a path not walked before. The result is the same
	// either way, provided the trial's rolls by hand (Hand, Source.Roll)
	// are the same dice as its draws through the source would be.
	KeepPaths bool
}

// trial calls New, refusing a nil Trial with a panic that says so rather
// than a nil call's, wherever the run calls it.
func (exp Experiment) trial() Trial {
	t := exp.New()
	if t == nil {
		panic("sim: Experiment.New returned a nil Trial")
	}
	return t
}
