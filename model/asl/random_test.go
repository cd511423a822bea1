package asl

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// Random units, attacks and plans.

var (
	randomCounters = []string{"4-6-7", "4-6-8", "5-4-8", "6-2-8", "4-4-7", "3-4-7", "8-3-8",
		"hs:2-4-7", "hs:2-3-7", "hs:3-4-8", "crew:2-2-8", "hero:1-4-9"}
	randomLeaders = []string{"leader:8-1", "leader:9-2", "leader:7-0", "leader:8+1", "leader:10-3"}
	randomClasses = []string{"", ",class=elite", ",class=first", ",class=second", ",class=green", ",class=conscript"}
)

// randomUnit draws a unit of every kind and Class, a leader one time in
// six, in a starting state (rules/asl.md §7.5) one time in four, with an
// ELR, an underscored ML, a DRM or SW now and then.
func randomUnit(t testing.TB, r *rand.Rand) Unit {
	s := randomCounters[r.IntN(len(randomCounters))]
	if r.IntN(6) == 0 {
		s = randomLeaders[r.IntN(len(randomLeaders))]
	}
	if !strings.HasPrefix(s, "leader:") && !strings.HasPrefix(s, "hero:") {
		s += randomClasses[r.IntN(len(randomClasses))]
	}
	if state := []string{",broken", ",pinned", ",berserk", ",disrupted"}[r.IntN(4)]; r.IntN(4) == 0 &&
		!(strings.HasPrefix(s, "crew:") && (state == ",berserk" || state == ",disrupted")) &&
		!(strings.HasPrefix(s, "hero:") && state != ",berserk") {
		s += state
	}
	// Crews and heroes are never ELR Replaced (A19.11); only a squad's or
	// a HS's ML is underscored (A19.13).
	replaced := !strings.HasPrefix(s, "crew:") && !strings.HasPrefix(s, "hero:")
	if r.IntN(6) == 0 && replaced {
		s += fmt.Sprintf(",elr=%d", r.IntN(6))
	}
	if r.IntN(6) == 0 && replaced && !strings.HasPrefix(s, "leader:") {
		s += ",underscore"
	}
	if r.IntN(8) == 0 {
		s += fmt.Sprintf(",drm=%d", r.IntN(3)-1)
	}
	if r.IntN(8) == 0 {
		s += fmt.Sprintf(",sw=%d", 1+r.IntN(2))
	}
	return mustUnit(t, s)
}

// randomPlan draws a plan of one to three attacks, DCs Placed or Set and
// fire attacks of 1 to 16 FP, on one to three units in one Location, in
// or out of a building, some of them concealed (§8.63); Validate may
// refuse it.
func randomPlan(t testing.TB, r *rand.Rand) Plan {
	p := Plan{ELR: r.IntN(6)}
	// Targets concealed by their own ",concealed", which a Revealed
	// attack does not read, or by the attack's (§8.63).
	some, all := false, true
	for range 1 + r.IntN(3) {
		u := randomUnit(t, r)
		u.Concealed = r.IntN(5) == 0
		some, all = some || u.Concealed, all && u.Concealed
		p.Targets = append(p.Targets, u)
	}
	building, tem, fortified := []Building{NoBuilding, Wooden, Stone}[r.IntN(3)], r.IntN(4), false
	if building != NoBuilding {
		fortified = r.IntN(4) == 0
	}
	hob, known, bh := r.IntN(5) != 0, r.IntN(3) == 0, r.IntN(3) == 0
	for range 1 + r.IntN(3) {
		var s PlanStep
		if r.IntN(3) == 0 {
			a := NewDCAttack([]Mode{Placed, Set}[r.IntN(2)])
			a.Building, a.TEM, a.Fortified, a.DRM = building, tem, fortified, r.IntN(3)-1
			a.Concealed = !all && r.IntN(6) == 0
			a.Options.HeatOfBattle, a.Options.KnownEnemyInLOS, a.Options.AcceptBattleHardening = hob, known, bh
			s.DC = &a
		} else {
			a := NewIFTAttack([]float64{1, 2, 4, 6, 8, 12, 16}[r.IntN(7)])
			a.Building, a.TEM, a.Fortified, a.DRM = building, tem, fortified, r.IntN(5)-2
			a.LeaderDirected = r.IntN(2) == 0
			a.Concealed = !all && r.IntN(6) == 0
			a.Options.HeatOfBattle, a.Options.KnownEnemyInLOS, a.Options.AcceptBattleHardening = hob, known, bh
			s.Fire = &a
		}
		s.Revealed = some && r.IntN(3) == 0
		p.Steps = append(p.Steps, s)
	}
	return p
}

// TestRandomPlans: on random plans, the merged enumeration (the
// Location's state between two attacks, and within one) gives every
// probability of the unmerged walk to 1e-12, the same for one worker and
// two; every exact probability lies in the Monte Carlo 99.999% interval;
// and the kept paths walked give the model's figures to the byte.
func TestRandomPlans(t *testing.T) {
	n, budget := 48, uint64(400_000)
	if testing.Short() {
		n, budget = 10, 100_000
	}
	r := rand.New(rand.NewPCG(75, 64))
	valid, exact := 0, 0
	for i := range n {
		p := randomPlan(t, r)
		if p.Validate() != nil {
			continue
		}
		valid++
		name := fmt.Sprintf("plan %d (%v)", i, p)
		exp, err := p.Experiment()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		run := func(cfg sim.Config) (*sim.Result, error) {
			res, err := sim.Run(context.Background(), exp, cfg)
			if res != nil {
				res.Elapsed = 0
			}
			return res, err
		}
		mc := sim.Config{Trials: 20_000, Chunk: 2_000, Seed: uint64(i), Confidence: 0.99999}
		walked, err := run(mc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, workers := range []int{1, 2} {
			cfg := mc
			cfg.Workers, cfg.NoPaths = workers, true
			model, err := run(cfg)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cfg.NoPaths, cfg.KeepWalking = false, true
			kept, err := run(cfg)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(kept, model) || !reflect.DeepEqual(walked, model) {
				t.Errorf("%s, -j %d: walking kept paths changed the figures", name, workers)
			}
		}
		full, err := run(sim.Config{Method: sim.Exact, Workers: 1, NoMerge: true, MaxPaths: budget})
		var be *sim.BudgetError
		if errors.As(err, &be) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		exact++
		var first *sim.Result
		for _, workers := range []int{1, 2} {
			merged, err := run(sim.Config{Method: sim.Exact, Workers: workers})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for m, fm := range full.Metrics {
				for k, o := range fm.Outcomes {
					got := merged.Metrics[m].Outcomes[k].P
					if math.Abs(got-o.P) > tol {
						t.Errorf("%s, -j %d: %s=%s merged %.15f, every path %.15f", name, workers, fm.Name, o.Label, got, o.P)
					}
					if first != nil && got != first.Metrics[m].Outcomes[k].P {
						t.Errorf("%s, -j %d: %s=%s %v, -j 1 %v", name, workers, fm.Name, o.Label, got, first.Metrics[m].Outcomes[k].P)
					}
				}
			}
			first = merged
		}
		for m, em := range first.Metrics {
			for k, o := range em.Outcomes {
				s := walked.Metrics[m].Outcomes[k]
				slack := 0.1 * (s.Hi - s.Lo)
				if o.P < s.Lo-slack-tol || o.P > s.Hi+slack+tol {
					t.Errorf("%s: %s=%s exact %.5f outside Monte Carlo [%.5f, %.5f]", name, em.Name, o.Label, o.P, s.Lo, s.Hi)
				}
			}
		}
	}
	t.Logf("%d of %d plans valid, %d enumerated both ways", valid, n, exact)
	if valid < n/2 || exact < n/4 {
		t.Errorf("of %d random plans %d were valid and %d enumerated both ways: the draw tests too little", n, valid, exact)
	}
}
