package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// figureRuns are exact results whose metric "m" ends in "yes" with each
// of probs.
func figureRuns(probs ...float64) []*sim.Result {
	var out []*sim.Result
	for _, p := range probs {
		out = append(out, &sim.Result{Method: sim.Exact, Complete: true, Metrics: []sim.MetricSummary{{
			Metric:   sim.Metric{Name: "m", Labels: []string{"yes", "no"}},
			Outcomes: []sim.OutcomeSummary{{Label: "yes", P: p, Lo: p, Hi: p}, {Label: "no", P: 1 - p, Lo: 1 - p, Hi: 1 - p}},
		}}})
	}
	return out
}

func yesGoal(target float64, atMost bool) goal {
	return goal{metric: "m", labels: []string{"yes"}, target: target, atMost: atMost}
}

func TestScanGoals(t *testing.T) {
	// Not monotone: 0.1, 0.6, 0.3, 0.9, 0.95, 0.2.
	runs := figureRuns(0.1, 0.6, 0.3, 0.9, 0.95, 0.2)
	got := scanGoals(len(runs), []goal{yesGoal(0.5, false), yesGoal(0.95, false), yesGoal(0.99, false), yesGoal(0.25, true)},
		func(i int) *sim.Result { return runs[i] })
	type idx struct{ first, before, last, after, again int }
	want := []idx{{1, 0, 1, 2, 3}, {4, 3, 4, 5, -1}, {-1, -1, -1, -1, -1}, {0, -1, 0, 1, 5}}
	for k, w := range want {
		g := got[k]
		if (idx{g.first, g.before, g.last, g.after, g.again}) != w {
			t.Errorf("%s: %+v, want %+v", g.goal, idx{g.first, g.before, g.last, g.after, g.again}, w)
		}
	}
	// A probability a rounding below its exact target still reaches it.
	got = scanGoals(1, []goal{yesGoal(4.0/9, false)}, func(int) *sim.Result { return figureRuns(4.0/9 - 1e-15)[0] })
	if got[0].first != 0 {
		t.Errorf("4/9 less a rounding: %+v", got[0])
	}
}

// TestGoalOnFractions: an exact run with its fractions is judged by them,
// with no slack for rounding. 7643/177147, the chance 10 dice destroy a
// Tide of Iron building (rules/toi.md §5), is 0.0431449587066109…: within
// goalRel of 0.04314495871 as a float, but below it.
func TestGoalOnFractions(t *testing.T) {
	frac := big.NewRat(7643, 177147)
	f, _ := frac.Float64()
	res := figureRuns(f)[0]
	res.Metrics[0].Outcomes[0].Fraction = frac
	res.Metrics[0].Outcomes[1].Fraction = new(big.Rat).Sub(big.NewRat(1, 1), frac)
	metrics := []sim.Metric{res.Metrics[0].Metric}
	for _, c := range []struct {
		spec string
		want bool
	}{
		{"m=yes>=0.04314495871", false},
		{"m=yes>=0.04314495870", true},
		{"m=yes<=0.04314495870", false},
		{"m=yes<=0.04314495871", true},
		{"m=no<=0.95685504129", false}, // the complement, near 1
		{"m=no<=0.9568550413", true},
	} {
		g, err := parseGoal("goal", c.spec, metrics)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.reached(res, g.figure(res)); got != c.want {
			t.Errorf("%s on 7643/177147: reached %v, want %v", c.spec, got, c.want)
		}
	}
}

func TestParseGoal(t *testing.T) {
	metrics := []sim.Metric{{Name: "stack", Labels: []string{"cleared", "not_cleared"}}, sim.CountMetric("out", "out", 2),
		{Name: "good_order.1", Labels: []string{"yes", "no"}}}
	for _, c := range []struct{ spec, err string }{
		{"stack=cleared>=0.5", ""},
		{"stack=cleared|not_cleared<=0.5", "every outcome of stack: their chance is always 1"},
		{"stack=cleared>=0", "a chance of at least 0 is always reached"},
		{"stack=cleared<=1", "a chance of at most 1 is always reached"},
		{"stack=cleared<=0", ""},
		{"stack=cleared>=1", ""},
		{"out.mean>=1.5", ""},
		{"out.mean>=0", "the mean of out is never below 0, so it always reaches 0"},
		{"out.mean<=2", "the mean of out is never above 2, so it is always at most 2"},
		{"out.mean<=1.99", ""},
		{"out.mean>=2", ""},
		{"out.mean>=2.01", "the mean of out is never above 2, so it never reaches 2.01; want 2 or less"},
		{"out.mean>=1e308", "so it never reaches 1e308"},
		{"out.mean<=-0.5", "the mean of out is never below 0, so it is never at most -0.5; want 0 or more"},
		{"stack=cleared", `--goal "stack=cleared": no >= or <= (in a shell, quote the goal`},
		{"stack=cleared>0.5", `--goal "stack=cleared>0.5": a bare > or < is no operator here: use >= or <=`},
		{"stack>=0.5", `"stack" names a metric, not an outcome: want stack=OUTCOME before >=, OUTCOME one of cleared, not_cleared`},
		{"stack.cleared>=0.5", `"stack.cleared": a metric's outcome follows =; did you mean stack=cleared>=0.5?`},
		{"stack:cleared<=0.5", `did you mean stack=cleared<=0.5?`},
		{"good_order.1.yes>=0.5", `did you mean good_order.1=yes>=0.5?`}, // the metric's own dot kept
		{"good_order.1=yes>=0.5", ""},
		{"stack.clear>=0.5", `"stack.clear": want METRIC=OUTCOME or METRIC.mean before >=`},
		{"stack.cleared>=2", `"stack.cleared": a metric's outcome follows =, as in stack=cleared; want METRIC=OUTCOME>=P`}, // no goal offered that is none
		{"stack.cleared|not_cleared<=0.5", `"stack.cleared|not_cleared": a metric's outcome follows =, as in stack=cleared|not_cleared;`},
		{"out>=1.5", `"out" names a count, not an outcome: want out.mean or out=OUTCOME before >=, OUTCOME one of 0, 1, 2`},
		{"cleared>=0.5", `"cleared" is an outcome of stack: name its metric, e.g. stack=cleared>=0.5`},
		// The mended goal is offered whole only where it is one: both
		// outcomes are always reached, a goal refused.
		{"not_cleared|cleared<=0.5", `"not_cleared|cleared" are outcomes of stack: name its metric, e.g. stack=not_cleared|cleared` + "\x00"},
		{"cleared>=\n", `"cleared" is an outcome of stack: name its metric, e.g. stack=cleared` + "\x00"},
		{"clear>=0.5", `"clear": want METRIC=OUTCOME or METRIC.mean before >=`},
		{"stak=cleared>=0.5", `metric "stak": did you mean stack? (want one of stack, out, good_order.1`},
		{"stack=clear>=0.5", `outcome "clear": want one of stack's: cleared, not_cleared`},
		{"stack=clered>=0.5", `outcome "clered": did you mean cleared? (want one of stack's: cleared, not_cleared)`},
		{"zzz=cleared>=0.5", `metric "zzz": want one of stack, out, good_order.1`},
		{"stak.mean>=0.5", `metric "stak": want one of the counts, which have a mean: out`}, // stack is no count
		{"ot.mean>=0.5", `metric "ot": did you mean out? (want one of the counts, which have a mean: out)`},
		{"out=10>=0.5", `outcome "10": want one of out's:`}, // a count's 10 is no misspelt 0
		{"stack.mean>=1", `stack.mean: stack is not a count`},
		{"stack=cleared>=half", `"half" after >= is not a number`},
		{"stack=cleared>=50%", `"50%" after >= is not a number; a probability is from 0 to 1, e.g. 0.5 for 50%`},
		{"stack=cleared>=1.5", `1.5 after >=: a probability is from 0 to 1`},
		{"stack=cleared|cleared>=0.9", `outcome "cleared" given twice`},
	} {
		_, err := parseGoal("goal", c.spec, metrics)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.spec, err)
		// A want ending in \x00 ends the message.
		case c.err != "" && (err == nil || !strings.Contains(err.Error()+"\x00", c.err)):
			t.Errorf("%s: error %v, want it to contain %q", c.spec, err, c.err)
		}
	}
}

// TestGoalMinusZero: a goal of −0 reads as 0, the number it is.
func TestGoalMinusZero(t *testing.T) {
	metrics := []sim.Metric{sim.CountMetric("out", "out", 2)}
	g, err := parseGoal("goal", "out.mean<=-0", metrics)
	if err != nil || g.String() != "mean of out ≤ 0" {
		t.Errorf("goal %q, error %v; want mean of out ≤ 0", g.String(), err)
	}
}

// TestGoalOfValuesRun: a sweep cut short answers its goal of the values it
// ran, and names those it did not: never "never reached", nor "at every
// value after it", of values it has not seen.
func TestGoalOfValuesRun(t *testing.T) {
	var runs []report.Run
	for i, res := range figureRuns(0.9, 0.6) {
		runs = append(runs, report.Run{Label: fmt.Sprintf("tem=%d", i), Result: res})
	}
	notRun := []string{"tem=2", "tem=3"}
	xs := []float64{0, 1, 2, 3}
	one := func(int) string { return "" }
	for _, tc := range []struct {
		goal goal
		want []string
	}{
		{yesGoal(0.5, true), []string{"not reached at the values run; nearest tem=1", "not run, as the sweep was interrupted: tem=2, tem=3"}},
		{yesGoal(0.5, false), []string{"reached from the first value, tem=0", "reached at every value run after it", "not run, as the sweep was interrupted: tem=2, tem=3"}},
	} {
		g := answerGoal(tc.goal, runs, notRun, []string{""}, one, xs)
		var b strings.Builder
		if err := report.WriteGoal(&b, g); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: want %q in\n%s", tc.goal, w, b.String())
			}
		}
		for _, never := range []string{"never reached", "at every value after it"} {
			if strings.Contains(b.String(), never) {
				t.Errorf("%s: %q of values not run:\n%s", tc.goal, never, b.String())
			}
		}
		if s := g.Series[0]; strings.Join(s.NotRun, " ") != "tem=2 tem=3" {
			t.Errorf("%s: not run %q", tc.goal, s.NotRun)
		}
	}
}

// TestGoalReachedAtTheLastValue: a goal first reached at the last value
// swept says nothing of the values after it, of which there are none; one
// reached at a single value swept says it is reached there.
func TestGoalReachedAtTheLastValue(t *testing.T) {
	one := func(int) string { return "" }
	for _, tc := range []struct {
		probs []float64
		want  string
	}{
		{[]float64{0.9, 0.6, 0.4}, "  first reached at tem=2 (40.00%);\n  the last value before it that does not: tem=1 (60.00%)\n"},
		{[]float64{0.4}, "  reached from the first value, tem=0 (40.00%)\n"},
	} {
		var runs []report.Run
		var xs []float64
		for i, res := range figureRuns(tc.probs...) {
			runs = append(runs, report.Run{Label: fmt.Sprintf("tem=%d", i), Result: res})
			xs = append(xs, float64(i))
		}
		g := answerGoal(yesGoal(0.5, true), runs, nil, []string{""}, one, xs)
		var b strings.Builder
		if err := report.WriteGoal(&b, g); err != nil {
			t.Fatal(err)
		}
		if _, body, _ := strings.Cut(b.String(), "\n"); body != tc.want {
			t.Errorf("%v: goal answer\n%s\nwant\n%s", tc.probs, body, tc.want)
		}
	}
}

// TestNearestTiesWithinRounding: a goal never reached names the first
// of the values whose figures stand equally near it, figures a few ulps
// apart counting as one (one fraction summed in two orders), and a
// figure nearer by more than rounding still wins.
func TestNearestTiesWithinRounding(t *testing.T) {
	x := 0.1709348908836115
	for _, c := range []struct {
		probs []float64
		want  int
	}{
		{[]float64{x, x + 2e-17, x + 3e-17}, 0},
		{[]float64{x + 3e-17, x, x + 2e-17}, 0},
		{[]float64{x, x + 1e-6, x}, 1},
		{[]float64{0.3, x, 0.1}, 1},
	} {
		runs := figureRuns(c.probs...)
		got := scanGoals(len(runs), []goal{yesGoal(0.2, false)}, func(i int) *sim.Result { return runs[i] })
		if n := got[0].nearest(); n != c.want {
			t.Errorf("figures %v, goal ≥ 0.2: nearest %d, want %d", c.probs, n, c.want)
		}
	}
	// Near 1 the complements tell figures apart: 3.6e-10 short of 1 is
	// further than 0.7e-10, though the two are within 1e-9 of each other.
	runs := figureRuns(0.99999999964, 0.99999999993, 0.9999999998)
	got := scanGoals(len(runs), []goal{yesGoal(1, false)}, func(i int) *sim.Result { return runs[i] })
	if n := got[0].nearest(); n != 1 {
		t.Errorf("figures near 1, goal ≥ 1: nearest %d, want 1", n)
	}
}

// TestNearestOnFractions: an exact sweep's goal never reached names the
// value whose exact fraction is nearest, in the table and the JSON, over
// any range of values (Tide of Iron dice near certainty).
func TestNearestOnFractions(t *testing.T) {
	for _, r := range []string{"95..100", "90..100", "0..100", "60..100:10"} {
		args := []string{"sweep", "building", "--vary", "dice=" + r, "--method", "exact", "--goal", "building=destroyed>=1"}
		code, table, stderr := cli(t, args...)
		if code != exitOK || !strings.Contains(table, "never reached; nearest dice=100 ") {
			t.Errorf("%s: exit %d, %q\n%s", strings.Join(args, " "), code, stderr, table)
		}
		code, out, _ := cli(t, append(args, "--format", "json")...)
		var v struct {
			Goal struct {
				Series []struct {
					Nearest struct{ Label string } `json:"nearest"`
				} `json:"series"`
			} `json:"goal"`
		}
		if err := json.Unmarshal([]byte(out), &v); code != exitOK || err != nil || len(v.Goal.Series) != 1 || v.Goal.Series[0].Nearest.Label != "dice=100" {
			t.Errorf("%s --format json: exit %d, %v, %+v", strings.Join(args, " "), code, err, v)
		}
	}
}

// FuzzParseGoal: any goal is read or refused in one line that names it,
// never with a panic; one read is read again the same from its parts, and
// names only the metric's own outcomes, at a finite target.
func FuzzParseGoal(f *testing.F) {
	metrics := []sim.Metric{{Name: "stack", Labels: []string{"cleared", "not_cleared"}}, sim.CountMetric("out", "out", 2),
		{Name: "good_order.1", Labels: []string{"yes", "no"}}}
	for _, s := range []string{"stack=cleared>=0.5", "out.mean<=1.5", "stack.cleared>=0.5", "good_order.1=yes|no<=0.1", "stack≥0.5",
		"out=10>=0.5", "stack=cleared>=50%", "x", "", "stack=cleared>=1e-300", "stack=cleared<=-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		g, err := parseGoal("goal", spec, metrics)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "--goal ") {
				t.Fatalf("%q: error %q is not one line naming --goal", spec, msg)
			}
			return
		}
		if math.IsNaN(g.target) || math.IsInf(g.target, 0) {
			t.Fatalf("%q: target %v", spec, g.target)
		}
		i := slices.IndexFunc(metrics, func(m sim.Metric) bool { return m.Name == g.metric })
		if i < 0 {
			t.Fatalf("%q: metric %q is none of the run's", spec, g.metric)
		}
		for _, l := range g.labels {
			if !slices.Contains(metrics[i].Labels, l) {
				t.Fatalf("%q: outcome %q is none of %s's", spec, l, g.metric)
			}
		}
		op := ">="
		if g.atMost {
			op = "<="
		}
		lhs := g.metric + "=" + strings.Join(g.labels, "|")
		if g.mean {
			lhs = g.metric + ".mean"
		}
		again, err := parseGoal("goal", lhs+op+strconv.FormatFloat(g.target, 'g', -1, 64), metrics)
		again.spec = g.spec
		if err != nil || !reflect.DeepEqual(again, g) {
			t.Fatalf("%q: read as %+v, and its parts again as %+v, %v", spec, g, again, err)
		}
	})
}
