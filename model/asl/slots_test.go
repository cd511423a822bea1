package asl

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestLocationOfSlots: a Location holding Slots units, as a plan's may
// once Heat of Battle has added its heroes to the targets (§8.64), takes
// a 1KIA (A7.301). Random Selection rolls a dr for each of the sixteen
// and eliminates the highest, ties included, so a unit is eliminated
// when it rolls d and the other fifteen roll at most d:
//
//	P(eliminated) = Σ_{d=1..6} (1/6)·(d/6)^15 = Σ d^15 / 6^16,
//
// the same for the first unit and the last; every unit not eliminated
// breaks.
func TestLocationOfSlots(t *testing.T) {
	units := make([]Unit, Slots)
	for i := range units {
		units[i] = mustUnit(t, "2-3-7")
	}
	var num, den int64 = 0, 1
	for d := int64(1); d <= 6; d++ {
		p := int64(1)
		for range Slots - 1 {
			p *= d
		}
		num += p
	}
	for range Slots {
		den *= 6
	}
	for _, i := range []int{0, Slots - 1} {
		p := exactly(t, 3, func(src *sim.Source) int {
			var l loc
			l.setup(units, 3, locRules{})
			var res [Slots]IFT
			for k := range res {
				res[k] = KIA1
			}
			l.kia(src, &res, KIA1)
			for k := range l.n {
				if u := &l.u[k]; !u.elim && !u.broken {
					return 2
				}
			}
			return b2i(l.u[i].elim)
		})
		check(t, "unit "+strconv.Itoa(i)+" eliminated", p[1], num, den)
		if p[2] != 0 {
			t.Errorf("unit %d: a unit neither eliminated nor broken, %v", i, p[2])
		}
	}
}

// TestPlanFillsItsSlots: eight squads under two attacks hold up to 16
// units, the eight and the hero each squad's MC in the first attack may
// create (§8.64): the plan is taken, its heroes metric runs to 16 (eight
// an attack, those of the last attack counted too), and a Monte Carlo run
// of it, which grows its kept paths through the plan's merge points,
// finds every trial a pure function of its draws.
func TestPlanFillsItsSlots(t *testing.T) {
	squads := make([]string, 8)
	for i := range squads {
		squads[i] = "4-6-7"
	}
	p := planOf(t, squads, fireStep(8, nil), fireStep(8, nil))
	exp, err := p.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	if m := exp.Schema.Metrics[slices.IndexFunc(exp.Schema.Metrics, func(m sim.Metric) bool { return m.Name == MetricHeroes })]; len(m.Labels) != 17 {
		t.Errorf("heroes: %d outcomes, want 0…16", len(m.Labels))
	}
	if _, err := sim.Run(context.Background(), exp, sim.Config{Trials: 200_000, Seed: 3, Workers: 2}); err != nil {
		t.Fatal(err)
	}
}
