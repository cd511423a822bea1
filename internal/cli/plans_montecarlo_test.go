package cli

import (
	"context"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// plansRun is what the Monte Carlo tests read of a plans run's JSON.
type plansRun struct {
	Label   string `json:"label"`
	Method  string `json:"method"`
	Figures []struct {
		Name     string  `json:"name"`
		P        float64 `json:"p"`
		Fraction string  `json:"fraction"`
		Lo       float64 `json:"lo"`
		Hi       float64 `json:"hi"`
	} `json:"figures"`
	Metrics []struct {
		Name     string `json:"name"`
		Outcomes []struct {
			Value string  `json:"value"`
			P     float64 `json:"p"`
			Lo    float64 `json:"lo"`
			Hi    float64 `json:"hi"`
		} `json:"outcomes"`
	} `json:"metrics"`
}

func plansRuns(t *testing.T, argv ...string) []plansRun {
	t.Helper()
	code, stdout, stderr := cli(t, argv...)
	if code != exitOK || stderr != "" {
		t.Fatalf("%v: exit %d, stderr %q", argv, code, stderr)
	}
	var doc struct {
		Runs []plansRun `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Runs
}

// TestPlansMonteCarloAgrees: on every built-in scenario of sapper plans,
// a seeded Monte Carlo run agrees with the exact enumeration: every exact
// probability of every plan lies in its 99.99% Wilson interval, and every
// exact difference from the first plan in its 99.99% Newcombe interval.
// The exact run's differences are points, and exactly the differences of
// the plans' fractions.
func TestPlansMonteCarloAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("Monte Carlo runs of every built-in plan")
	}
	const tol = 1e-12 // an exact sum may be a hair off its fraction
	n := 0
	for _, name := range builtinPlans(t) {
		n++
		t.Run(name, func(t *testing.T) {
			ex := plansRuns(t, "run", name, "--method", "exact", "--format", "json")
			mc := plansRuns(t, "run", name, "--method", "mc", "--trials", "200000", "--seed", "3",
				"--confidence", "0.9999", "--progress", "never", "--format", "json")
			if len(ex) != len(mc) || len(ex) < 2 {
				t.Fatalf("%d exact plans, %d Monte Carlo", len(ex), len(mc))
			}
			for i, e := range ex {
				m := mc[i]
				if e.Method != "exact" || m.Method != "mc" || len(e.Metrics) != len(m.Metrics) || len(e.Figures) != len(m.Figures) {
					t.Fatalf("%s: methods %s and %s, %d and %d metrics", e.Label, e.Method, m.Method, len(e.Metrics), len(m.Metrics))
				}
				for k, em := range e.Metrics {
					for j, o := range em.Outcomes {
						q := m.Metrics[k].Outcomes[j]
						if o.P < q.Lo-tol || o.P > q.Hi+tol {
							t.Errorf("%s: %s=%s exact %.6f outside Monte Carlo [%.6f, %.6f]", e.Label, em.Name, o.Value, o.P, q.Lo, q.Hi)
						}
					}
				}
				for k, f := range e.Figures {
					q := m.Figures[k]
					if f.Name != q.Name || f.Lo != f.P || f.Hi != f.P {
						t.Fatalf("%s: figure %s (%s): exact interval [%v, %v] around %v", e.Label, f.Name, q.Name, f.Lo, f.Hi, f.P)
					}
					if f.P < q.Lo-tol || f.P > q.Hi+tol || q.P < q.Lo || q.P > q.Hi {
						t.Errorf("%s: %s exact %.6f, Monte Carlo %.6f [%.6f, %.6f]", e.Label, f.Name, f.P, q.P, q.Lo, q.Hi)
					}
				}
				checkExactDifferences(t, ex[0], e)
			}
		})
	}
	if n < 4 {
		t.Errorf("%d built-in plans scenarios; the four classic questions have one each", n)
	}
}

// checkExactDifferences: each Δ figure of plan r is its figure's fraction
// minus the first plan's, exactly.
func checkExactDifferences(t *testing.T, first, r plansRun) {
	t.Helper()
	frac := func(run plansRun, name string) *big.Rat {
		for _, f := range run.Figures {
			if x, ok := new(big.Rat).SetString(f.Fraction); f.Name == name && ok {
				return x
			}
		}
		return nil
	}
	diffs := 0
	for _, f := range r.Figures {
		name, ok := cutDelta(f.Name)
		if !ok {
			continue
		}
		diffs++
		d, a, b := frac(r, f.Name), frac(first, name), frac(r, name)
		if d == nil || a == nil || b == nil || d.Cmp(new(big.Rat).Sub(b, a)) != 0 {
			t.Errorf("%s: %s is %v, want %v − %v", r.Label, f.Name, d, b, a)
		}
	}
	if r.Label != first.Label && diffs == 0 {
		t.Errorf("%s: no differences", r.Label)
	}
}

func cutDelta(name string) (string, bool) {
	const delta = "Δ "
	if len(name) > len(delta) && name[:len(delta)] == delta {
		return name[len(delta):], true
	}
	return "", false
}

// TestNewcombeCoverage: over many seeded pairs of binomial samples, the
// 95% difference interval holds the true difference about 95% of the
// time, as Newcombe found for his method 10, including near the bounds
// where a Wald interval fails.
func TestNewcombeCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	for _, c := range []struct {
		p1, p2 float64
		n      uint64
	}{{0.3, 0.5, 200}, {0.02, 0.05, 300}, {0.6, 0.6, 100}} {
		const reps = 4000
		covered := 0
		for range reps {
			var x1, x2 uint64
			for range c.n {
				if rng.Float64() < c.p1 {
					x1++
				}
				if rng.Float64() < c.p2 {
					x2++
				}
			}
			lo1, hi1 := sim.Wilson(x1, c.n, 0.95)
			lo2, hi2 := sim.Wilson(x2, c.n, 0.95)
			a := report.Cell{P: float64(x1) / float64(c.n), Lo: lo1, Hi: hi1, Valid: true}
			b := report.Cell{P: float64(x2) / float64(c.n), Lo: lo2, Hi: hi2, Valid: true}
			d := difference(a, b)
			if d.Lo <= c.p2-c.p1 && c.p2-c.p1 <= d.Hi {
				covered++
			}
		}
		if cov := float64(covered) / reps; cov < 0.93 || cov > 0.975 {
			t.Errorf("p %v vs %v, n %d: coverage %.3f, want about 0.95", c.p1, c.p2, c.n, cov)
		}
	}
}

// builtinPlans are the names of the built-in scenarios of sapper plans.
func builtinPlans(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, name := range builtinNames() {
		s, err := loadScenario(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if s.command == plansCommand {
			names = append(names, name)
		}
	}
	return names
}
