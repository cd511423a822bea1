package toi_test

import (
	"context"
	"math"
	"math/big"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// TestDestroyedFigures: Destroyed gives the exact chances of rules/toi.md
// §5, worked by hand: N dice hitting on 5–6 against 2 red dice cancelling
// on 5–6 need 6 net hits; two charges destroy it when no die cancels,
// (2/3)² = 4/9. And where the engine's weights are rounded, the chance is
// still exact: 100 dice that must all hit, 3⁻¹⁰⁰.
func TestDestroyedFigures(t *testing.T) {
	dice := func(n int) toi.BuildingAttack {
		a := toi.NewBuildingAttack(toi.OnBuilding)
		a.Dice = n
		return a
	}
	charges := toi.NewBuildingAttack(toi.ChargesAttack)
	charges.Charges = 2
	all := dice(100)
	all.Cover, all.Threshold = 0, 100
	for _, c := range []struct {
		name string
		a    toi.BuildingAttack
		want *big.Rat
	}{
		{"10 dice", dice(10), big.NewRat(7643, 177147)},
		{"12 dice", dice(12), big.NewRat(176339, 1594323)},
		{"two charges", charges, big.NewRat(4, 9)},
		{"100 dice, 100 hits", all, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(3), big.NewInt(100), nil))},
	} {
		got, err := c.a.Destroyed()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Cmp(c.want) != 0 {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	for _, n := range []int{16, 20} { // §5, as published to 0.1%
		got, _ := dice(n).Destroyed()
		f, _ := got.Float64()
		if want := map[int]float64{16: 33.2, 20: 58.1}[n]; math.Abs(100*f-want) > 0.05 {
			t.Errorf("%d dice: %.3f%%, want %.1f%%", n, 100*f, want)
		}
	}
}

// TestDestroyedIsTheEngines: Destroyed is the fraction the engine's exact
// run gives the building's "destroyed", for every kind of attack on it,
// wherever the engine has fractions; where its weights are rounded, the
// engine's float is Destroyed's to float precision, down to chances far
// below 2⁻⁶², the rounding's step.
func TestDestroyedIsTheEngines(t *testing.T) {
	var attacks []toi.BuildingAttack
	for _, dice := range []int{0, 1, 6, 12, 25, 39, 45, 100} {
		for _, cover := range []int{0, 2, 5} {
			for _, threshold := range []int{1, 6, 40} {
				a := toi.NewBuildingAttack(toi.OnBuilding)
				a.Dice, a.Cover, a.Threshold = dice, cover, threshold
				attacks = append(attacks, a)
				h := a
				h.HitOn, h.CancelOn = 4, 6
				attacks = append(attacks, h)
			}
		}
	}
	for _, k := range []int{0, 1, 2, 3, 7} {
		for _, per := range []bool{false, true} {
			a := toi.NewBuildingAttack(toi.ChargesAttack)
			a.Charges, a.PerCharge, a.Cover = k, per, 3
			attacks = append(attacks, a)
		}
	}
	for _, a := range attacks {
		want, err := a.Destroyed()
		if err != nil {
			t.Fatal(err)
		}
		exp, err := a.Experiment()
		if err != nil {
			t.Fatal(err)
		}
		cfg := sim.Config{Method: sim.Exact, Workers: 1, Fractions: !a.RoundedWeights()}
		res, err := sim.Run(context.Background(), exp, cfg)
		if err != nil {
			t.Fatal(err)
		}
		o := res.Metric(toi.MetricBuilding).Outcome("destroyed")
		got := new(big.Rat)
		var p float64
		if o != nil {
			p = o.P
			if o.Fraction != nil {
				got = o.Fraction
			}
		}
		f, _ := want.Float64()
		switch {
		case cfg.Fractions && got.Cmp(want) != 0:
			t.Errorf("%s %d dice, cover %d, %d+ (hit on %d, cancel on %d): engine %s, Destroyed %s",
				a.Kind, a.Dice, a.Cover, a.Threshold, a.HitOn, a.CancelOn, got, want)
		case !cfg.Fractions && math.Abs(p-f) > 1e-12*f:
			t.Errorf("%s %d dice, cover %d, %d+ (rounded weights): engine %g, Destroyed %g", a.Kind, a.Dice, a.Cover, a.Threshold, p, f)
		}
	}
}

// TestDestroyedNeedsABuilding: a pillbox hex has no building, and a
// suppressive attack does not attack it; an invalid attack is Validate's
// error.
func TestDestroyedNeedsABuilding(t *testing.T) {
	box := toi.NewBuildingAttack(toi.ChargesAttack)
	box.Charges, box.Pillbox = 1, toi.PillboxInside
	sup := toi.NewBuildingAttack(toi.AreaAttack)
	sup.Area, sup.Suppressive = 4, true
	bad := toi.NewBuildingAttack(toi.OnBuilding)
	bad.Dice = -1
	for _, a := range []toi.BuildingAttack{box, sup, bad} {
		if p, err := a.Destroyed(); err == nil {
			t.Errorf("%+v: %s, want an error", a, p)
		}
	}
}
