package sim

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestWorkerPanicReachesCaller: a trial's panic in a worker's goroutine
// reaches the caller's, where it can be recovered, under every entry
// point and worker count, carrying what the trial panicked with.
func TestWorkerPanicReachesCaller(t *testing.T) {
	schema := Schema{Metrics: []Metric{{Name: "a", Labels: []string{"x", "y"}}}}
	for name, c := range map[string]struct {
		exp  Experiment
		want string
	}{
		"trial panics": {Experiment{Schema: schema, New: func() Trial {
			return func(src *Source, rec *Record) {
				if a, b := src.Intn(6), src.Intn(6); a == 5 && b == 5 {
					panic("boom")
				}
				rec.Set(0, 0)
			}
		}}, "boom"},
		"bad outcome": {Experiment{Schema: schema, New: func() Trial {
			return func(src *Source, rec *Record) { rec.Set(0, 1+src.Intn(6)) }
		}}, "index out of range|recorded no outcome|which has 2 labels"},
		"Intn(0)": {Experiment{Schema: schema, New: func() Trial {
			return func(src *Source, rec *Record) { rec.Set(0, src.Intn(src.Intn(6)%2)) }
		}}, "Intn with n <= 0"},
		"nil trial": {Experiment{Schema: schema, New: func() Trial { return nil }}, "New returned a nil Trial"},
	} {
		for _, run := range []struct {
			name string
			f    func(context.Context, Experiment, Config) (*Result, error)
		}{
			{"RunMC", RunMC},
			{"RunExact", RunExact},
			{"RunMCAll", func(ctx context.Context, exp Experiment, cfg Config) (*Result, error) {
				res, err := RunMCAll(ctx, []Experiment{exp, exp}, cfg)
				if err != nil {
					return nil, err
				}
				return res[0], nil
			}},
		} {
			for _, workers := range []int{1, 2} {
				func() {
					defer func() {
						v := recover()
						if v == nil {
							t.Errorf("%s, %s, -j %d: no panic", name, run.name, workers)
							return
						}
						if !containsAny(textOf(v), strings.Split(c.want, "|")) {
							t.Errorf("%s, %s, -j %d: panic %q, want one with %q", name, run.name, workers, textOf(v), c.want)
						}
					}()
					_, _ = run.f(context.Background(), c.exp, Config{Trials: 100_000, Workers: workers, Seed: 1})
				}()
			}
		}
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func textOf(v any) string {
	switch v := v.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return ""
}

// TestWideDrawRefused: a draw with more outcomes than the path budget
// fails the enumeration at once, first or later on the path, where a
// first draw of a million outcomes set up an enumerator for each, and one
// of more than 2³¹ was held in a step as fewer.
func TestWideDrawRefused(t *testing.T) {
	schema := Schema{Metrics: []Metric{{Name: "a", Labels: []string{"even", "odd"}}}}
	for _, c := range []struct {
		name  string
		first bool
		n     uint64
		cfg   Config
	}{
		{"first of 1e7", true, 1e7, Config{MaxPaths: 1000}},
		{"later of 1e7", false, 1e7, Config{MaxPaths: 1000}},
		{"first of 2^32+2", true, 1<<32 + 2, Config{MaxPaths: 1 << 40}},
		{"later of 2^32+2", false, 1<<32 + 2, Config{MaxPaths: 1 << 40}},
		{"later of 2^32+2, no budget to speak of", false, 1<<32 + 2, Config{MaxPaths: 1 << 62}},
	} {
		exp := Experiment{Schema: schema, New: func() Trial {
			return func(src *Source, rec *Record) {
				if !c.first {
					src.Intn(6)
				}
				rec.Set(0, src.Intn(int(c.n))%2)
			}
		}}
		start := time.Now()
		cfg := c.cfg
		cfg.Method, cfg.Workers = Exact, 2
		res, err := Run(context.Background(), exp, cfg)
		var be *BudgetError
		var te *TreeError
		switch {
		case res != nil:
			t.Errorf("%s: a result, err %v", c.name, err)
		case c.n > c.cfg.MaxPaths && (!errors.As(err, &be) || be.Draw != c.n || !strings.Contains(err.Error(), "outcomes), more than the budget of")):
			t.Errorf("%s: err %v; want a budget error of a draw of %d outcomes", c.name, err, c.n)
		case c.n <= c.cfg.MaxPaths && (!errors.As(err, &te) || te.Outcomes != uint64(c.n)):
			t.Errorf("%s: err %v; want a *TreeError of %d outcomes", c.name, err, c.n)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: refused after %v", c.name, d)
		}
	}
}

// TestEndlessTrial: a trial that draws until a coin shows heads has an
// endless path, which exact enumeration refuses after MaxDepth draws, and
// auto then runs by Monte Carlo; a trial of long paths is interrupted as
// promptly as one of short paths.
func TestEndlessTrial(t *testing.T) {
	schema := Schema{Metrics: []Metric{{Name: "tails", Labels: []string{"none", "some"}}}}
	endless := Experiment{Schema: schema, New: func() Trial {
		return func(src *Source, rec *Record) {
			n := 0
			for src.Intn(2) == 0 {
				n++
			}
			rec.Set(0, min(n, 1))
		}
	}}
	_, err := Run(context.Background(), endless, Config{Method: Exact})
	var de *TreeError
	if !errors.As(err, &de) {
		t.Errorf("exact: err %v, want a *TreeError", err)
	}
	res, err := Run(context.Background(), endless, Config{Method: Auto, Trials: 10_000})
	if err != nil || res.Method != MonteCarlo || !strings.Contains(res.Note, "ran Monte Carlo") {
		t.Errorf("auto: err %v, res %+v; want Monte Carlo", err, res)
	}
	// Its ending outcome walked first: a path one draw longer each time,
	// every one replayed whole, to MaxDepth.
	ending := Experiment{Schema: schema, New: func() Trial {
		return func(src *Source, rec *Record) {
			n := 0
			for src.Intn(2) != 0 {
				n++
			}
			rec.Set(0, min(n, 1))
		}
	}}
	if _, err := Run(context.Background(), ending, Config{Method: Exact}); !errors.As(err, &de) {
		t.Errorf("exact, ending first: err %v, want a *TreeError", err)
	}

	long := Experiment{Schema: schema, New: func() Trial {
		return func(src *Source, rec *Record) {
			n := 0
			for range MaxDepth - 1 {
				n += src.Intn(2)
			}
			rec.Set(0, min(n, 1))
		}
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = Run(ctx, long, Config{Method: Exact, MaxPaths: 1 << 40, Workers: 2})
	if err != nil || res.Complete {
		t.Errorf("long paths: err %v, complete %v; want a partial result", err, res != nil && res.Complete)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("long paths: interrupted after %v", d)
	}
}

// TestTabulateStopsQuietly: a step that Tabulate cannot walk, endless or
// too wide, gives no table (it is drawn draw by draw), where the source's
// stop escaped as a panic, and inside a Monte Carlo trial was swallowed,
// the run reporting itself complete after no trial.
func TestTabulateStopsQuietly(t *testing.T) {
	endless := func(src *Source) int {
		n := 0
		for src.Intn(2) == 0 {
			n++
		}
		return min(n, 1)
	}
	wide := func(src *Source) int { return src.Intn(1<<40) % 2 }
	if Tabulate(endless, 1000) != nil || Tabulate(wide, 1000) != nil {
		t.Error("a table of a step exact enumeration does not walk")
	}
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "a", Labels: []string{"x", "y"}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				if src.Intn(1000) == 0 && Tabulate(endless, 1000) != nil {
					panic("a table")
				}
				rec.Set(0, src.Intn(2))
			}
		},
	}
	res, err := RunMC(context.Background(), exp, Config{Trials: 20_000, Workers: 2, Seed: 1})
	if err != nil || !res.Complete || res.Trials != 20_000 {
		t.Errorf("err %v, %+v", err, res)
	}
}
