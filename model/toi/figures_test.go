package toi_test

// The reference figures of rules/toi.md §5, each an exact test of the
// model.

import (
	"math"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

func checkExact(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15f, want %.15f", what, got, want)
	}
}

// §5: building destroyed by N attack dice vs 2 red dice, as published to
// 0.1%.
func TestFigureBuildingDestroyed(t *testing.T) {
	for _, c := range []struct {
		dice    int
		percent float64
	}{{10, 4.3}, {12, 11.1}, {16, 33.2}, {20, 58.1}} {
		a := toi.NewBuildingAttack(toi.OnBuilding)
		a.Dice = c.dice
		got := exact(t, a).P(toi.MetricBuilding, "destroyed")
		if math.Abs(100*got-c.percent) > 0.05 {
			t.Errorf("N=%d: P(destroyed) = %.3f%%, want %.1f%%", c.dice, 100*got, c.percent)
		}
	}
}

// lostDist is squad k's distribution of figures lost.
func lostDist(res *sim.Result, k int) []float64 {
	m := res.Metric(toi.SquadMetric(k) + ".lost")
	var p []float64
	for _, o := range m.Outcomes {
		p = append(p, o.P)
	}
	return p
}

// §5: collapse damage, 4 dice hitting on 4–6: 0…4 hits with 1, 4, 6, 4, 1
// sixteenths. A building with no red dice hit by 6 dice that always
// succeed falls for certain, so the collapse is all a squad of 4 takes.
func TestFigureCollapseDamage(t *testing.T) {
	a := toi.NewBuildingAttack(toi.OnBuilding)
	a.Dice, a.HitOn, a.Cover = 6, 1, 0
	a.Squads = []toi.Squad{squad(t, "4")}
	res := exact(t, a)
	checkExact(t, "P(destroyed)", res.P(toi.MetricBuilding, "destroyed"), 1)
	for h, w := range []float64{1, 4, 6, 4, 1} {
		checkExact(t, "P(collapse hits "+string(rune('0'+h))+")", lostDist(res, 1)[h], w/16)
	}
	checkExact(t, "P(pinned)", res.P(toi.SquadMetric(1), "pinned"), 15.0/16)
}

// §5: one charge (3 hits) vs c cover dice. A squad of 4 figures loses its
// net hits; one charge cannot bring the building down (3 < 6), so no
// collapse adds to them.
func TestFigureOneCharge(t *testing.T) {
	for _, c := range []struct {
		cover int
		want  []float64 // figures lost 0…3
	}{
		{0, []float64{0, 0, 0, 1}},
		{2, []float64{0, 1.0 / 9, 4.0 / 9, 4.0 / 9}},
		{3, []float64{1.0 / 27, 6.0 / 27, 12.0 / 27, 8.0 / 27}},
	} {
		a := toi.NewBuildingAttack(toi.ChargesAttack)
		a.Charges = 1
		a.Squads = []toi.Squad{{Figures: 4, Cover: c.cover}}
		res := exact(t, a)
		for h, w := range c.want {
			checkExact(t, "cover "+string(rune('0'+c.cover))+": P(lost "+string(rune('0'+h))+")", lostDist(res, 1)[h], w)
		}
		checkExact(t, "P(destroyed)", res.P(toi.MetricBuilding, "destroyed"), 0)
	}
	// The building's own roll against the one charge: 2 red dice.
	a := toi.NewBuildingAttack(toi.ChargesAttack)
	a.Charges = 1
	res := exact(t, a)
	for h, w := range []float64{0, 1.0 / 9, 4.0 / 9, 4.0 / 9} {
		checkExact(t, "building hits "+string(rune('0'+h)), res.P(toi.MetricHits, string(rune('0'+h))), w)
	}
}

// §5: two charges (6 hits) vs a building's 2 red dice: destroyed iff no
// die cancels, (2/3)² = 4/9.
func TestFigureTwoCharges(t *testing.T) {
	a := toi.NewBuildingAttack(toi.ChargesAttack)
	a.Charges = 2
	checkExact(t, "P(destroyed)", exact(t, a).P(toi.MetricBuilding, "destroyed"), 4.0/9)
	// D4: one by one, each charge is 3 hits and the building never falls.
	a.PerCharge = true
	checkExact(t, "P(destroyed) per charge", exact(t, a).P(toi.MetricBuilding, "destroyed"), 0)
}

// [M4]: a suppressive attack of 3 dice on a squad with no cover: 0, 1 and
// 2 or more successes of three dice each a third, 8/27, 12/27 and 7/27,
// leave it unharmed, pinned and disrupted; pinned before, 1 hit or more
// disrupts it (19/27) and none leaves it pinned. No figure is lost and
// the building is not attacked (§4): neither is reported.
func TestFigureSuppressive(t *testing.T) {
	for _, c := range []struct {
		squad                       string
		unharmed, pinned, disrupted float64
	}{{"4,cover=0", 8.0 / 27, 12.0 / 27, 7.0 / 27}, {"4,cover=0,pinned", 0, 8.0 / 27, 19.0 / 27}} {
		a := toi.NewBuildingAttack(toi.AreaAttack)
		a.Area, a.Dice, a.Suppressive = 3, 0, true
		a.Squads = []toi.Squad{squad(t, c.squad)}
		res := exact(t, a)
		checkExact(t, c.squad+" unharmed", res.P(toi.SquadMetric(1), "unharmed"), c.unharmed)
		checkExact(t, c.squad+" pinned", res.P(toi.SquadMetric(1), "pinned"), c.pinned)
		checkExact(t, c.squad+" disrupted", res.P(toi.SquadMetric(1), "disrupted"), c.disrupted)
		for _, m := range []string{toi.MetricBuilding, toi.MetricHits, toi.SquadMetric(1) + ".lost", toi.MetricSquadsEliminated} {
			if res.Metric(m) != nil {
				t.Errorf("%s: %s reported", c.squad, m)
			}
		}
	}
}
