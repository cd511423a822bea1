package asl

import (
	"context"
	"math"
	"math/rand/v2"
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
			a.Placer = []Unit{mustUnit(t, "4-6-8,class=elite")}
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

// TestShortPathOnRandomAttacks draws attacks at random — stacks of one to
// four units of every kind and Class, leaders among them, in starting
// states, with ELR, TEM, DRM, SW, concealment, terrain (buildings,
// Fortified, burnable terrain, EC, upper levels) and the modes' and the
// rules' options — and requires the trials that take the short path to
// give the whole procedure's figures draw for draw, in Monte Carlo from
// the same seed and in exact enumeration, so that the list of what the
// short path may take can never drift from the procedure it stands for.
func TestShortPathOnRandomAttacks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	attacks, trials, exactly := 120, uint64(20_000), 40
	if testing.Short() {
		attacks, trials, exactly = 60, 5_000, 10
	}
	checked, used, byHand, enumerated := 0, 0, 0, 0
	for i := range attacks {
		a := randomDCAttack(t, r)
		units := a.Targets
		if a.Validate() != nil {
			continue // a combination the rules refuse (a concealed target with Flame, …)
		}
		checked++
		short := newDCPlan(a)
		long := newDCPlan(a)
		shortened := false
		for orig := range long.at {
			shortened = shortened || long.short[orig] != nil
			long.short[orig] = nil
		}
		if shortened {
			used++
		}
		cfgs := []sim.Config{{Trials: trials, Seed: uint64(i + 1), Workers: 1}}
		if shortened && enumerated < exactly {
			enumerated++
			cfgs = append(cfgs, sim.Config{Method: sim.Exact})
		}
		for _, cfg := range cfgs {
			s, err1 := sim.Run(context.Background(), short.experiment(), cfg)
			l, err2 := sim.Run(context.Background(), long.experiment(), cfg)
			if err1 != nil || err2 != nil {
				t.Fatalf("attack %d: %v, %v", i, err1, err2)
			}
			for m, lm := range l.Metrics {
				for k, o := range lm.Outcomes {
					if got := s.Metrics[m].Outcomes[k]; got.Count != o.Count || math.Abs(got.P-o.P) > 1e-12 {
						t.Errorf("attack %d (%s vs %v, TEM %d, ELR %d), %s: %s=%s short path %v (%d), whole procedure %v (%d)",
							i, a.Mode, unitTexts(units), a.TEM, a.ELR, cfg.Method, lm.Name, o.Label, got.P, got.Count, o.P, o.Count)
					}
				}
			}
		}
		// The joints are declared with the experiment, so only now.
		if shortened && short.bare && short.joint {
			byHand++
		}
	}
	t.Logf("%d valid attacks, %d of them with short paths (%d rolled by hand), %d enumerated exactly", checked, used, byHand, enumerated)
	if checked < attacks/2 || used < attacks/4 || byHand < attacks/20 || enumerated < exactly {
		t.Fatalf("of %d random attacks %d were valid, %d with short paths, %d rolled by hand, %d enumerated: the draw tests too little",
			attacks, checked, used, byHand, enumerated)
	}
}

func unitTexts(us []Unit) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.String()
	}
	return out
}
