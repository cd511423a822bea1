package asl_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

func units(t *testing.T, ss ...string) []asl.Unit {
	t.Helper()
	var us []asl.Unit
	for _, s := range ss {
		u, err := asl.ParseUnit(s)
		if err != nil {
			t.Fatal(err)
		}
		us = append(us, u)
	}
	return us
}

// vehicleCases are attacks on vehicles that rules/asl.md §9 does not
// publish, each checked against the oracle.
func vehicleCases(t *testing.T) map[string]asl.AFVAttack {
	armor := func(s string) asl.Armor {
		a, err := asl.ParseArmor(s)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	tiger, medium := armor("hull=11/8/8,turret=11/8/8"), armor("hull=8/4/4,turret=8/6/6")
	m := map[string]asl.AFVAttack{}
	add := func(name string, mode asl.Mode, ar asl.Armor, set func(*asl.AFVAttack)) {
		a := asl.NewAFVAttack(mode, ar)
		set(&a)
		m[name] = a
	}
	add("tiger rear, CE, Rider", asl.Placed, tiger, func(a *asl.AFVAttack) {
		a.Facing, a.CE, a.Riders = asl.Rear, true, units(t, "4-6-7")
	})
	add("medium front, in Motion", asl.Placed, medium, func(a *asl.AFVAttack) { a.Facing, a.Motion = asl.Front, true })
	add("tiger CE and concealed, CE Passenger", asl.Placed, tiger, func(a *asl.AFVAttack) {
		a.CE, a.Concealed, a.Passengers = true, true, units(t, "hs:2-4-7")
	})
	add("OT from above, Immobile, Riders", asl.Placed, armor("hull=1/0/0,turret=1/0/0"), func(a *asl.AFVAttack) {
		a.OpenTopped, a.ElevationAdvantage, a.Immobile, a.CE = true, true, true, true
		a.Riders = units(t, "4-6-7", "hs:2-4-7")
	})
	add("thrown in the AFPh from a vehicle", asl.Thrown, medium, func(a *asl.AFVAttack) {
		a.AFPh, a.CX, a.FromVehicle, a.ThrowerTEM = true, true, true, 1
		a.Throwers = units(t, "4-6-8,class=elite", "leader:8-1")
		a.Riders = units(t, "4-6-7")
	})
	add("thrown, Position ≥ 12 on others", asl.Thrown, armor("3/2/2"), func(a *asl.AFVAttack) {
		a.Motion, a.CE, a.TEM = true, true, 2
		a.Others = units(t, "4-6-7", "leader:8-1", "hs:2-4-7,concealed")
		a.Throwers = units(t, "4-6-7")
	})
	add("non-elite, captured DC", asl.Placed, tiger, func(a *asl.AFVAttack) {
		a.User, a.Captured, a.Riders = asl.NonEliteUser, true, units(t, "4-6-7")
	})
	add("red CS#, hull +1 also Shocks", asl.Placed, medium, func(a *asl.AFVAttack) {
		a.RedCS, a.Options.HullPlusOneAlsoShocks, a.Facing, a.CrewML = true, true, asl.Rear, 7
	})
	add("side, CE, Rider, hull +1 also Shocks", asl.Placed, tiger, func(a *asl.AFVAttack) {
		a.CE, a.Riders, a.Options.HullPlusOneAlsoShocks = true, units(t, "4-6-7"), true
		a.Options.HeatOfBattle = false
	})
	add("same hex in Bypass, CE", asl.Placed, tiger, func(a *asl.AFVAttack) { a.Bypass, a.CE, a.CS = true, true, 8 })
	add("given Aerial AF, rear", asl.Placed, armor("hull=26/18/18,turret=18/14/14"), func(a *asl.AFVAttack) {
		a.AerialAF, a.Facing = 4, asl.Rear
	})
	add("Aerial AF fallback", asl.Placed, armor("18/14/14"), func(a *asl.AFVAttack) { a.Options.AerialAFFallback = true })
	add("unarmored facing, CE, Rider", asl.Placed, armor("hull=2/-/-,turret=2/-/-"), func(a *asl.AFVAttack) {
		a.CE, a.Riders = true, units(t, "4-6-7")
	})
	add("unarmored facing, thrown, concealed", asl.Thrown, armor("hull=2/-/-,turret=2/-/-"), func(a *asl.AFVAttack) {
		a.Concealed, a.Passengers = true, units(t, "4-6-7")
	})
	add("truck, thrown, Passengers and others", asl.Thrown, armor("-/-/-"), func(a *asl.AFVAttack) {
		a.Passengers, a.Others, a.TEM = units(t, "4-6-7"), units(t, "4-6-7", "hs:2-4-7"), 1
		a.Options.HeatOfBattle = false
	})
	add("truck, set", asl.Set, armor("-/-/-"), func(a *asl.AFVAttack) { a.Passengers = units(t, "4-6-7") })
	add("set vs AFV, CE, Rider and others", asl.Set, tiger, func(a *asl.AFVAttack) {
		a.CE, a.Concealed, a.Riders, a.Others = true, true, units(t, "4-6-7"), units(t, "4-6-7,concealed")
		a.Options.HeatOfBattle = false
	})
	return m
}

// TestVehicleOracle compares every metric and label of the model with the
// oracle, to 1e-9.
func TestVehicleOracle(t *testing.T) {
	for name, a := range vehicleCases(t) {
		exp, err := a.Experiment()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
		if err != nil {
			t.Fatal(err)
		}
		want := vehicleOracleRun(a)
		var got []string
		for _, m := range res.Metrics {
			got = append(got, m.Name)
			w, ok := want[m.Name]
			if !ok {
				t.Errorf("%s: model metric %s, not in the oracle", name, m.Name)
				continue
			}
			total := 0.0
			for _, o := range m.Outcomes {
				total += w[o.Label]
				if math.Abs(o.P-w[o.Label]) > 1e-9 {
					t.Errorf("%s: %s=%s model %.12f, oracle %.12f", name, m.Name, o.Label, o.P, w[o.Label])
				}
			}
			if math.Abs(total-1) > 1e-9 {
				t.Errorf("%s: oracle %s sums to %v", name, m.Name, total)
			}
		}
		for n := range want {
			if !slices.Contains(got, n) {
				t.Errorf("%s: oracle metric %s, not in the model", name, n)
			}
		}
	}
}
