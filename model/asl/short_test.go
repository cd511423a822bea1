package asl

import (
	"context"
	"math"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestShortPathIsTheWholeProcedure: on leaderless stacks, the trials that
// take the short path give, exactly and draw for draw, what the whole
// procedure gives: the same exact figures, and the same Monte Carlo counts
// from the same seed.
func TestShortPathIsTheWholeProcedure(t *testing.T) {
	for _, c := range []struct {
		name  string
		units []string
		set   func(*DCAttack)
	}{
		{"three squads +1", []string{"4-6-7", "4-6-7", "4-6-7"}, func(a *DCAttack) { a.TEM = 1 }},
		{"classes, ELR 1, wooden", []string{"4-6-8,class=elite", "4-4-7,class=green", "hs:2-4-7"},
			func(a *DCAttack) { a.ELR, a.Building = 1, Wooden }},
		{"broken and crew, concealed", []string{"4-6-7,broken", "crew:2-2-8", "hero:1-4-9"},
			func(a *DCAttack) { a.Concealed, a.TEM = true, 2 }},
		{"two squads", []string{"4-6-7", "5-4-8"}, func(a *DCAttack) { a.TEM = 0 }},
		{"four half-squads", []string{"hs:2-4-7", "hs:2-4-7", "hs:2-3-7", "hs:2-4-8"}, func(a *DCAttack) { a.TEM = 1 }},
		{"a lone squad, ELR 0", []string{"4-6-7"}, func(a *DCAttack) { a.ELR = 0 }},
		{"under Defensive Fire", []string{"4-6-7", "4-6-7"}, func(a *DCAttack) {
			a.Placer = []Unit{mustUnit(t, "4-6-8")}
			a.DFF = []FireAttack{{FP: 4, DRM: 1}}
		}},
	} {
		var units []Unit
		for _, s := range c.units {
			units = append(units, mustUnit(t, s))
		}
		a := NewDCAttack(Placed, units...)
		c.set(&a)
		if err := a.Validate(); err != nil {
			t.Fatal(err)
		}
		short := newDCPlan(a)
		long := newDCPlan(a)
		used := false
		for orig := range long.at {
			used = used || long.short[orig] != nil
			long.short[orig] = nil
		}
		if !used {
			t.Fatalf("%s: no Original DR takes the short path", c.name)
		}
		run := func(p *dcPlan, cfg sim.Config) *sim.Result {
			res, err := sim.Run(context.Background(), p.experiment(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		for _, cfg := range []sim.Config{{Method: sim.Exact}, {Trials: 100_000, Seed: 3}} {
			s, l := run(short, cfg), run(long, cfg)
			t.Logf("%s: %d end states, joints %v, rolled by hand %v", c.name, len(short.states.list), short.joint, short.bare && short.joint)
			for i, m := range l.Metrics {
				for k, o := range m.Outcomes {
					if got := s.Metrics[i].Outcomes[k]; got.Count != o.Count || math.Abs(got.P-o.P) > 1e-12 {
						t.Errorf("%s %s: %s=%s short path %v (%d), whole procedure %v (%d)",
							c.name, cfg.Method, m.Name, o.Label, got.P, got.Count, o.P, o.Count)
					}
				}
			}
		}
	}
}
