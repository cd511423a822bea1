package cli

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

// TestCompareIsPlans: the built-in comparison has, exactly, the figures
// of sapper plans given its three ways as plans of one attack, metric by
// metric and fraction by fraction, the chain's metrics under the plan's
// names for its attack 1. Only the Thrown DC's attack on the thrower's own
// Location, which a plan leaves to one DC attack, is compare's alone.
func TestCompareIsPlans(t *testing.T) {
	cmp := runJSON(t, args("compare --method exact --format json")...)
	plans := runJSON(t, "plans", "--target", "4-6-7", "--target", "leader:8-1", "--building", "stone",
		"--plan", "placed: dc placed placer=4-6-8,class=elite dff=8:-1",
		"--plan", "thrown: dc thrown",
		"--plan", "set: dc set setter=4-6-8,class=elite dff=8:-1 preset=false",
		"--method", "exact", "--format", "json")
	if len(cmp) != 3 || len(plans) != 3 {
		t.Fatalf("%d compare runs, %d plans", len(cmp), len(plans))
	}
	for i, c := range cmp {
		p := plans[i]
		if c.Label != p.Label {
			t.Fatalf("run %d: compare %s, plan %s", i, c.Label, p.Label)
		}
		shared := 0
		for _, m := range c.Metrics {
			if strings.HasPrefix(m.Name, "thrower") {
				continue // the thrower's own Location: not the plan's
			}
			name := m.Name
			switch name {
			case "detonation", "placer", "setting":
				name = "dc.1." + name
			}
			found := false
			for _, pm := range p.Metrics {
				found = found || pm.Name == name
			}
			if !found {
				continue
			}
			shared++
			for _, o := range m.Outcomes {
				if got, want := p.fractionOf(name, o.Value), c.fractionOf(m.Name, o.Value); got == "" || got != want {
					t.Errorf("%s: %s=%s: plan %q, compare %q", c.Label, m.Name, o.Value, got, want)
				}
			}
		}
		if shared < 12 {
			t.Errorf("%s: only %d metrics shared", c.Label, shared)
		}
	}
}

// TestCompareDifferences: --differences reads compare as plans are read,
// each way's figure and its difference from placed, in the table and in
// the JSON's figures, and leaves the default view alone.
func TestCompareDifferences(t *testing.T) {
	code, stdout, stderr := cli(t, args("compare --method exact --differences")...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"thrown − placed", "set − placed", "stack cleared", "every figure and difference is exact",
		"thrown − placed, set − placed: the way's figures minus placed's, in percentage", "user out: the Placer, thrower or Setter eliminated, surrendered or broken."} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "chain ok") {
		t.Errorf("the differences table has the DC figures too:\n%s", stdout)
	}
	code, stdout, _ = cli(t, args("compare --method exact --differences --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Runs []struct {
			Label   string `json:"label"`
			Figures []struct {
				Name     string  `json:"name"`
				P        float64 `json:"p"`
				Fraction string  `json:"fraction"`
			} `json:"figures"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	// The exact figures: cleared 17.09% placed, 7.30% set (docs/compare.md),
	// and their difference exactly.
	fig := func(run int, name string) *big.Rat {
		for _, f := range doc.Runs[run].Figures {
			if x, ok := new(big.Rat).SetString(f.Fraction); f.Name == name && ok {
				return x
			}
		}
		t.Fatalf("run %d has no figure %q with a fraction", run, name)
		return nil
	}
	placed, set := fig(0, "stack cleared"), fig(2, "stack cleared")
	d := fig(2, "Δ stack cleared")
	if want := new(big.Rat).Sub(set, placed); d.Cmp(want) != 0 || d.FloatString(3) != "-0.098" {
		t.Errorf("Δ stack cleared %v, want %v − %v", d, set, placed)
	}
	// The user's own risk, which no metric every way shares: the
	// Placer's, the thrower's and the Setter's, as the default view reads
	// them (43.60%, 51.46%, 63.35%), and their differences exactly.
	users := []*big.Rat{fig(0, "user out"), fig(1, "user out"), fig(2, "user out")}
	for i, want := range []string{"0.4360", "0.5146", "0.6335"} {
		if got := users[i].FloatString(4); got != want {
			t.Errorf("%s user out %s, want %s", doc.Runs[i].Label, got, want)
		}
	}
	if d, want := fig(1, "Δ user out"), new(big.Rat).Sub(users[1], users[0]); d.Cmp(want) != 0 {
		t.Errorf("Δ user out %v, want %v", d, want)
	}
	_, def, _ := cli(t, args("compare --method exact")...)
	if strings.Contains(def, "Δ") {
		t.Errorf("the default view has differences:\n%s", def)
	}
	if !strings.Contains(def, "43.60%") || !strings.Contains(def, "51.46%") || !strings.Contains(def, "63.35%") {
		t.Errorf("the default view's user out is not the differences':\n%s", def)
	}
}
