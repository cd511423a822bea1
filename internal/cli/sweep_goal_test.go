package cli

import (
	"encoding/json"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
	"github.com/sapperhq/sapper/report"
)

// goalDoc is the part of a sweep's JSON a goal test reads.
type goalDoc struct {
	Runs []struct {
		Label   string `json:"label"`
		Metrics []struct {
			Name     string   `json:"name"`
			Mean     *float64 `json:"mean"`
			Outcomes []struct {
				Value    string  `json:"value"`
				P        float64 `json:"p"`
				Fraction string  `json:"fraction"`
			} `json:"outcomes"`
		} `json:"metrics"`
		Figures []struct {
			Name string   `json:"name"`
			P    *float64 `json:"p"`
		} `json:"figures"`
	} `json:"runs"`
	Goal report.Goal `json:"goal"`
}

// TestSweepGoalAgreesWithBruteScan: on every sweepable command, the
// answer to --goal is what a plain scan of the sweep's own runs gives,
// point by point, and the figure it quotes is the one the runs report.
func TestSweepGoalAgreesWithBruteScan(t *testing.T) {
	for _, c := range []struct {
		args    string
		metric  string
		labels  []string
		mean    bool
		atMost  bool
		target  float64
		figure  string // the summary figure the goal is on, if any
		reached bool   // some series reaches it
	}{
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared>=0.5", "stack", []string{"cleared"}, false, false, 0.5, "cleared", true},
		{"sweep dc --target 4-6-7 --vary drm=-3..3 --goal out.mean<=0.8", "out", nil, true, true, 0.8, "E[out]", true},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared>=0.95", "stack", []string{"cleared"}, false, false, 0.95, "cleared", false},
		{"sweep compare --vary tem=0..3 --goal stack=cleared>=0.25", "stack", []string{"cleared"}, false, false, 0.25, "cleared", true},
		{"sweep afv --vehicle tiger --vary cs=1..3 --goal afv=burning|eliminated>=0.3", "afv", []string{"burning", "eliminated"}, false, false, 0.3, "", true},
		{"sweep fire --target 4-6-7 --drm 2 --vary fp=2..16:2 --goal stack=cleared>=0.2", "stack", []string{"cleared"}, false, false, 0.2, "cleared", true},
		{"sweep building --vary dice=4..24:4 --goal building=destroyed>=0.3", "building", []string{"destroyed"}, false, false, 0.3, "", true},
		{"sweep lhy --target squad:7 --leader 8 --vary sadrm=0..4 --goal unit.squad=casualty|disrupted>=0.4", "unit.squad", []string{"casualty", "disrupted"}, false, false, 0.4, "", true},
		// sw=0 has no SW to destroy: its "—" is passed over, not read as 0
		// and called short of a goal of at most 0.3.
		{"sweep dc --target 4-6-7 --vary sw=0..3 --goal sw.destroyed.mean<=0.3", "sw.destroyed", nil, true, true, 0.3, "", true},
		// A third SW destroyed cannot happen at sw=1 or 2, whose metric
		// has no such outcome: 0, as the table's 0.00%, not no figure.
		{"sweep dc --target 4-6-7 --vary sw=0..3 --goal sw.destroyed=3<=0.1", "sw.destroyed", []string{"3"}, false, true, 0.1, "", true},
		{"sweep activate two-sq-crossing --vary ac=1..3 --attitude advance --method mc --trials 20000 --goal arrived=yes<=0.75", "arrived", []string{"yes"}, false, true, 0.75, "", true},
	} {
		t.Run(c.args, func(t *testing.T) {
			exact := !strings.Contains(c.args, "--trials")
			method := " --method exact"
			if !exact {
				method = ""
			}
			code, stdout, stderr := cli(t, args(c.args+method+" --format json")...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var doc goalDoc
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatal(err)
			}
			// The brute scan: each run's figure read off its outcomes,
			// series by the label's suffix, in order; an exact run's sum
			// of outcomes from their fractions, rounded once, as every
			// exact figure with fractions is.
			type pt struct {
				label string
				fig   float64
			}
			series, missing := map[string][]pt{}, map[string][]string{}
			var order []string
			for _, r := range doc.Runs {
				sub := ""
				if i := strings.Index(r.Label, "/"); i >= 0 {
					sub = r.Label[i+1:]
				}
				if !slices.Contains(order, sub) {
					order = append(order, sub)
				}
				fig, fr, taken, fracs, has := 0.0, new(big.Rat), 0, 0, false
				for _, m := range r.Metrics {
					if m.Name != c.metric {
						continue
					}
					has = true
					if c.mean {
						fig = *m.Mean
					}
					for _, o := range m.Outcomes {
						for _, l := range c.labels {
							if o.Value != l {
								continue
							}
							fig += o.P
							taken++
							if q, ok := new(big.Rat).SetString(o.Fraction); ok {
								fr.Add(fr, q)
								fracs++
							}
						}
					}
				}
				if taken > 1 && fracs == taken {
					fig, _ = fr.Float64()
				}
				for _, f := range r.Figures {
					if f.Name == c.figure && f.P != nil && *f.P != fig {
						t.Errorf("%s: figure %s %v, outcomes give %v", r.Label, f.Name, *f.P, fig)
					}
				}
				if !has {
					// A value that cannot have the metric is passed over
					// (sw.destroyed at sw=0), and named.
					missing[sub] = append(missing[sub], r.Label)
					continue
				}
				series[sub] = append(series[sub], pt{r.Label, fig})
			}
			if len(doc.Goal.Series) != len(order) {
				t.Fatalf("%d series, want %d", len(doc.Goal.Series), len(order))
			}
			anyReached := false
			for k, sub := range order {
				got := doc.Goal.Series[k]
				ps := series[sub]
				if !slices.Equal(got.NoFigure, missing[sub]) {
					t.Errorf("%s: no figure at %v, want %v", sub, got.NoFigure, missing[sub])
				}
				reach := func(x float64) bool {
					if c.atMost {
						return x <= c.target*(1+goalRel)
					}
					return x >= c.target*(1-goalRel)
				}
				first := -1
				for i, p := range ps {
					if reach(p.fig) {
						first = i
						break
					}
				}
				if first < 0 {
					if got.First != nil || got.Nearest == nil {
						t.Errorf("%s: never reached, but the answer is %+v", sub, got)
					}
					continue
				}
				anyReached = true
				last := first
				for last+1 < len(ps) && reach(ps[last+1].fig) {
					last++
				}
				check := func(what string, p *report.GoalPoint, i int) {
					switch {
					case i < 0 || i >= len(ps):
						if p != nil {
							t.Errorf("%s %s: %+v, want none", sub, what, p)
						}
					case p == nil:
						t.Errorf("%s %s: none, want %s", sub, what, ps[i].label)
					case p.Label != ps[i].label || p.Figure != ps[i].fig || exact && !p.Sure:
						t.Errorf("%s %s: %s %v (sure %v), want %s %v", sub, what, p.Label, p.Figure, p.Sure, ps[i].label, ps[i].fig)
					}
				}
				check("first", got.First, first)
				check("before", got.Before, first-1)
				check("last", got.Last, last)
				after := last + 1
				if after >= len(ps) {
					after = -1
				}
				check("after", got.After, after)
			}
			if anyReached != c.reached {
				t.Errorf("reached %v, want %v", anyReached, c.reached)
			}
		})
	}
}

// TestSweepGoalMatchesSeparateRuns: the first value the goal names is the
// first value at which the command run on its own, value by value,
// reaches it.
func TestSweepGoalMatchesSeparateRuns(t *testing.T) {
	code, stdout, stderr := cli(t, args("sweep dc --target 4-6-7 --target 4-6-7 --vary tem=0..4 --goal stack=cleared>=0.5 --method exact --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc goalDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	first := ""
	for tem := 0; tem <= 4 && first == ""; tem++ {
		_, out, _ := cli(t, args("dc --target 4-6-7 --target 4-6-7 --method exact --format json --tem "+strconv.Itoa(tem))...)
		var one resultDoc
		if err := json.Unmarshal([]byte(out), &one); err != nil {
			t.Fatal(err)
		}
		if one.p("stack", "cleared") >= 0.5*(1-goalRel) {
			first = "tem=" + strconv.Itoa(tem)
		}
	}
	if s := doc.Goal.Series[0]; s.First == nil || s.First.Label != first {
		t.Errorf("goal answer %+v, separate runs first reach it at %q", s.First, first)
	}
}

// TestSweepGoalOnFractions: an exact sweep judges its goal by its runs'
// fractions in every format, so the table and the JSON give one answer:
// 10 dice destroy a Tide of Iron building 7643/177147 of the time,
// 0.0431449587066…, a float within a billionth of 0.04314495871 but
// below it, so 11 dice are the first to reach it.
func TestSweepGoalOnFractions(t *testing.T) {
	for _, format := range []string{"table", "json", "csv"} {
		code, stdout, stderr := cli(t, args("sweep building --vary dice=9..12 --goal building=destroyed>=0.04314495871 --method exact --format "+format)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		want := map[string]string{"table": "first reached at dice=11", "json": `"label": "dice=11"`, "csv": "dice=11,goal,first_reached"}[format]
		if !strings.Contains(stdout, want) {
			t.Errorf("%s: want %q in\n%s", format, want, stdout)
		}
	}
}

func TestSweepGoalGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"sweep_goal_table", "sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared>=0.5 --method exact"},
		{"sweep_goal_mc_table", "sweep dc --target 4-6-7 --vary tem=2..5 --goal stack=cleared<=0.6 --trials 4000"},
		{"sweep_goal_never_table", "sweep compare --vary tem=0..2 --goal out.mean>=1.5 --method exact"},
		{"sweep_goal_csv", "sweep dc --target 4-6-7 --vary tem=3..5 --goal stack=cleared>=0.5 --method exact --format csv"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			golden.Check(t, c.name, []byte(scrubElapsed(stdout)))
		})
	}
}

func TestSweepGoalBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared", `sapper sweep: --goal "stack=cleared": no >= or <=`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stak=cleared>=0.5", `--goal "stak=cleared>=0.5": metric "stak": did you mean stack? (want one of`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=clear>=0.5", `outcome "clear": want one of stack's: cleared, not_cleared`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared>=2", `2 after >=: a probability is from 0 to 1`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal ift.mean>=2", `ift.mean: ift is not a count`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared>=0.5 --goal out.mean>=1", `--goal is given twice`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal", `--goal needs a value`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --explain", `--explain shows the working of one attack`},
	} {
		wantUsage(t, c.args, c.want)
	}
}

// resultDoc is a single result's JSON, its metrics.
type resultDoc struct {
	Metrics []metricDoc `json:"metrics"`
}

// p is the probability of outcome of metric, NaN where it has none.
func (d resultDoc) p(metric, outcome string) float64 {
	for _, m := range d.Metrics {
		if m.Name != metric {
			continue
		}
		for _, o := range m.Outcomes {
			if o.Value == outcome {
				return o.P
			}
		}
	}
	return math.NaN()
}
