package sim

import (
	"context"
	"strings"
	"testing"
)

// TestEntryPointsValidate: Run, RunMC and RunExact refuse the same bad
// configurations and schemas, with an error naming what is wrong and no
// result, before running a trial — among them more joints than the Monte
// Carlo tally's 64-bit mask holds.
func TestEntryPointsValidate(t *testing.T) {
	many := diceExperiment()
	many.Schema.Metrics = nil
	for i := range maxJoints + 1 {
		many.Schema.Metrics = append(many.Schema.Metrics, Metric{Name: "m" + itoa3(i), Labels: []string{"a", "b"}})
		many.Schema.Joints = append(many.Schema.Joints, Joint{Metrics: []int{i}, Rows: [][]uint16{{0}, {1}}})
	}
	many.New = func() Trial {
		return func(src *Source, rec *Record) {
			for j := range maxJoints + 1 {
				rec.SetJoint(j, src.Intn(2))
			}
		}
	}
	noNew := diceExperiment()
	noNew.New = nil
	dup := diceExperiment()
	dup.Schema.Metrics = append([]Metric{}, dup.Schema.Metrics...)
	dup.Schema.Metrics[1].Name = dup.Schema.Metrics[0].Name
	empty := diceExperiment()
	empty.Schema.Metrics = nil

	for _, c := range []struct {
		name string
		exp  Experiment
		cfg  Config
		want string
	}{
		{"65 joints", many, Config{}, "65 joints, at most 64"},
		{"no New", noNew, Config{}, "without a New"},
		{"duplicate metric", dup, Config{}, `"sum" declared twice`},
		{"no metrics", empty, Config{}, "no metrics"},
		{"confidence", diceExperiment(), Config{Confidence: 1.5}, "confidence 1.5 outside [0.5, 0.999999]"},
		{"precision", diceExperiment(), Config{Precision: 0.5}, "precision 0.5 outside [0, 0.5)"},
		{"method", diceExperiment(), Config{Method: "fast"}, `unknown method "fast"`},
	} {
		for name, run := range map[string]func(context.Context, Experiment, Config) (*Result, error){
			"Run": Run, "RunMC": RunMC, "RunExact": RunExact,
		} {
			cfg := c.cfg
			cfg.Trials, cfg.Workers = 1000, 2
			res, err := run(context.Background(), c.exp, cfg)
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, %s: res %v, err %v; want an error with %q", name, c.name, res != nil, err, c.want)
			}
		}
	}
}

func itoa3(i int) string {
	return string([]byte{byte('0' + i/100), byte('0' + i/10%10), byte('0' + i%10)})
}
