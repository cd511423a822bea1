package sim

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// jointDice is diceExperiment recording "six" and "ones" as one code of a
// joint on the trials whose sum is even, and with Set on the others: the
// same draws, so the same tallies.
func jointDice() Experiment {
	exp := diceExperiment()
	var rows [][]uint16
	for six := range 2 {
		for ones := range 3 {
			rows = append(rows, []uint16{uint16(six), uint16(ones)})
		}
	}
	exp.Schema.Joints = []Joint{{Metrics: []int{1, 2}, Rows: rows}}
	sum := NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
	exp.New = func() Trial {
		return func(src *Source, rec *Record) {
			s := src.Pick(sum)
			rec.Set(0, s)
			six := 1
			if src.Intn(6) == 5 {
				six = 0
			}
			ones := 0
			if s+2 >= 10 {
				for range 2 {
					if src.Intn(6) == 0 {
						ones++
					}
				}
			}
			if s%2 == 0 {
				rec.SetJoint(0, six*3+ones)
				return
			}
			rec.Set(1, six)
			rec.Set(2, ones)
		}
	}
	return exp
}

func TestJointTalliesLikeSet(t *testing.T) {
	for _, m := range []Method{MonteCarlo, Exact} {
		cfg := Config{Method: m, Trials: 300_000, Seed: 11, Workers: 2, Chunk: 1 << 12}
		want, err := Run(context.Background(), diceExperiment(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Run(context.Background(), jointDice(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Metrics, want.Metrics) {
			t.Errorf("%s: joint tallies %v, Set tallies %v", m, got.Metrics, want.Metrics)
		}
	}
}

// TestJointOnlyTrials: a trial that records every metric through joints
// takes the engine's one-counter path.
func TestJointOnlyTrials(t *testing.T) {
	exp := Experiment{
		Schema: Schema{
			Metrics: []Metric{{Name: "a", Labels: []string{"0", "1"}}, {Name: "b", Labels: []string{"0", "1", "2"}}},
			Joints:  []Joint{{Metrics: []int{1, 0}, Rows: [][]uint16{{0, 0}, {1, 1}, {2, 1}}}},
		},
		New: func() Trial {
			return func(src *Source, rec *Record) { rec.SetJoint(0, src.Intn(3)) }
		},
	}
	for _, m := range []Method{MonteCarlo, Exact} {
		r, err := Run(context.Background(), exp, Config{Method: m, Trials: 90_000, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		a, b := r.Metric("a").Outcomes, r.Metric("b").Outcomes
		if m == MonteCarlo && (a[0].Count != b[0].Count || a[1].Count != b[1].Count+b[2].Count || r.Trials != 90_000) {
			t.Errorf("mc: a %v, b %v", a, b)
		}
		if m == Exact && (!near(a[1].P, 2.0/3) || !near(b[2].P, 1.0/3)) {
			t.Errorf("exact: P(a=1) %v, P(b=2) %v", a[1].P, b[2].P)
		}
	}
}

func near(x, y float64) bool { return x-y < 1e-12 && y-x < 1e-12 }

// TestJointMisusePanics runs one worker's chunk in this goroutine, where
// the panic can be caught.
func TestJointMisusePanics(t *testing.T) {
	schema := Schema{
		Metrics: []Metric{
			{Name: "a", Labels: []string{"0", "1"}},
			{Name: "b", Labels: []string{"0", "1"}},
			{Name: "c", Labels: []string{"0", "1"}},
		},
		Joints: []Joint{{Metrics: []int{1, 2}, Rows: [][]uint16{{0, 0}, {1, 1}}}},
	}
	for name, c := range map[string]struct {
		trial Trial
		want  string
	}{
		"both ways": {func(_ *Source, rec *Record) { rec.Set(0, 1); rec.Set(1, 0); rec.SetJoint(0, 1) },
			`4 trials recorded the joint of metric "b" 8 times`},
		"outside every joint": {func(_ *Source, rec *Record) { rec.SetJoint(0, 1) }, `no outcome for metric "a"`},
		"joint left out": {func(_ *Source, rec *Record) { rec.Set(0, 1) },
			`4 trials recorded the joint of metric "b" 0 times`},
		"joint twice": {func(_ *Source, rec *Record) { rec.Set(0, 1); rec.SetJoint(0, 1); rec.SetJoint(0, 0) },
			`4 trials recorded the joint of metric "b" 8 times`},
		"joint half Set": {func(_ *Source, rec *Record) { rec.Set(0, 1); rec.Set(1, 1) },
			`4 trials recorded 0 outcomes of metric "c"`},
	} {
		t.Run(name, func(t *testing.T) {
			exp := Experiment{Schema: schema, New: func() Trial { return c.trial }}
			offsets, size := schema.layout()
			w := newWorker(exp, offsets, size, 1)
			w.trial = w.newTrial()
			defer func() {
				if msg, _ := recover().(string); !strings.Contains(msg, c.want) {
					t.Errorf("panic %q, want one with %q", msg, c.want)
				}
			}()
			w.runChunk(1, 0, 4)
		})
	}
}

func TestJointValidation(t *testing.T) {
	m := []Metric{{Name: "a", Labels: []string{"0", "1"}}, {Name: "b", Labels: []string{"0"}}}
	for want, j := range map[string][]Joint{
		"no metrics":     {{Rows: [][]uint16{{}}}},
		"metric 2 of 2":  {{Metrics: []int{2}, Rows: [][]uint16{{0}}}},
		"in two joints":  {{Metrics: []int{0}, Rows: [][]uint16{{0}}}, {Metrics: []int{0}, Rows: [][]uint16{{1}}}},
		"1 outcomes for": {{Metrics: []int{0, 1}, Rows: [][]uint16{{0}}}},
		"outcome 1 of 1": {{Metrics: []int{1}, Rows: [][]uint16{{1}}}},
	} {
		err := Schema{Metrics: m, Joints: j}.Validate()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: error %v, want one with %q", j, err, want)
		}
	}
}
