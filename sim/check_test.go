package sim

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
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
	twice := diceExperiment()
	twice.Schema.Metrics = append([]Metric{}, twice.Schema.Metrics...)
	twice.Schema.Metrics[0].Labels = append([]string{}, twice.Schema.Metrics[0].Labels...)
	twice.Schema.Metrics[0].Labels[1] = twice.Schema.Metrics[0].Labels[0]
	unlabelled := diceExperiment()
	unlabelled.Schema.Metrics = append([]Metric{}, unlabelled.Schema.Metrics...)
	unlabelled.Schema.Metrics[0].Labels = append([]string{}, unlabelled.Schema.Metrics[0].Labels...)
	unlabelled.Schema.Metrics[0].Labels[1] = ""
	nan := diceExperiment()
	nan.Schema.Metrics = append([]Metric{}, nan.Schema.Metrics...)
	nan.Schema.Metrics[2].Values = append([]float64{}, nan.Schema.Metrics[2].Values...)
	nan.Schema.Metrics[2].Values[2] = math.NaN()

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
		{"label twice", twice, Config{}, "twice"},
		{"empty label", unlabelled, Config{}, `metric "sum" has an outcome without a label`},
		{"NaN value", nan, Config{}, "the value NaN, not a finite number"},
		{"negative workers", diceExperiment(), Config{Workers: -1}, "workers -1: want 0"},
		{"negative chunk", diceExperiment(), Config{Chunk: -5}, "chunk -5: want 0"},
		{"chunk past the context's reach", diceExperiment(), Config{Chunk: MaxChunk + 1}, "chunk 1048577: want 0 (10000 trials) to 1048576, so that a cancelled context stops the run within one chunk"},
		{"NaN precision", diceExperiment(), Config{Precision: math.NaN()}, "precision NaN outside [0, 0.5)"},
		{"confidence", diceExperiment(), Config{Confidence: 1.5}, "confidence 1.5 outside [0.5, 0.999999]"},
		{"precision", diceExperiment(), Config{Precision: 0.5}, "precision 0.5 outside [0, 0.5)"},
		{"method", diceExperiment(), Config{Method: "fast"}, `unknown method "fast"`},
	} {
		for name, run := range map[string]func(context.Context, Experiment, Config) (*Result, error){
			"Run": Run, "RunMC": RunMC, "RunExact": RunExact,
		} {
			cfg := c.cfg
			cfg.Trials = 1000
			if cfg.Workers == 0 {
				cfg.Workers = 2
			}
			res, err := run(context.Background(), c.exp, cfg)
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, %s: res %v, err %v; want an error with %q", name, c.name, res != nil, err, c.want)
			}
			// a bad Config, and only that, is a *ConfigError naming its field
			var ce *ConfigError
			if isConfig := c.cfg != (Config{}); errors.As(err, &ce) != isConfig || isConfig && !strings.Contains(strings.ToLower(c.name), strings.ToLower(ce.Field)) {
				t.Errorf("%s, %s: %#v; want a *ConfigError only for a bad Config, naming its field", name, c.name, err)
			}
		}
	}
}

func itoa3(i int) string {
	return string([]byte{byte('0' + i/100), byte('0' + i/10%10), byte('0' + i%10)})
}

// TestTrialsNearTheTop: a trial count within a chunk of 2⁶⁴ runs (until
// its context ends), where the chunk count once wrapped to nothing and
// the run reported itself complete after no trial.
func TestTrialsNearTheTop(t *testing.T) {
	for _, cfg := range []Config{
		{Trials: math.MaxUint64},
		{Trials: math.MaxUint64 - 9998},
		{Trials: math.MaxUint64, Precision: 1e-9},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		cfg.Workers = 2
		res, err := Run(ctx, diceExperiment(), cfg)
		cancel()
		if err != nil || res.Complete || res.Trials == 0 {
			t.Errorf("%+v: trials %d, complete %v, err %v; want some trials, cut short", cfg, res.Trials, res.Complete, err)
		}
	}
}
