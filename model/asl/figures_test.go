package asl

import (
	"math"
	"math/big"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// Reference figures are rules/asl.md §9 (R1–R9, R17–R21), derived there by
// hand from the 2d6 table of §1. Exact results must equal them to 1e-12.
const tol = 1e-12

func mustUnit(t testing.TB, s string) Unit {
	t.Helper()
	u, err := ParseUnit(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func exactRun(t testing.TB, a DCAttack) *sim.Result { t.Helper(); return exactOf(t, a) }

// sum adds the probabilities of the given labels of a metric.
func sum(res *sim.Result, metric string, labels ...string) float64 {
	total := 0.0
	for _, l := range labels {
		p := res.P(metric, l)
		if math.IsNaN(p) {
			panic("no outcome " + metric + "=" + l)
		}
		total += p
	}
	return total
}

var (
	kiaLabels = []string{"7KIA", "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA"}
	mcLabels  = []string{"4MC", "3MC", "2MC", "1MC", "NMC"}
)

func check(t *testing.T, what string, got float64, num, den int64) {
	t.Helper()
	want, _ := big.NewRat(num, den).Float64()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.15f, want %d/%d = %.15f", what, got, num, den, want)
	}
}

func TestR1toR8AttackDR(t *testing.T) {
	squad := mustUnit(t, "4-6-7")
	type fig struct {
		label string
		num   int64
	}
	cases := []struct {
		name string
		a    func() DCAttack
		want []fig // over 36
	}{
		{"R1 placed, DRM 0", func() DCAttack { return NewDCAttack(Placed, squad) },
			[]fig{{"KIA", 10}, {"K/4", 5}, {"MC", 20}, {"malf", 1}}},
		{"R2 non-elite own DC", func() DCAttack {
			a := NewDCAttack(Placed, squad)
			a.User = NonEliteUser
			return a
		}, []fig{{"malf", 6}, {"MC", 15}}},
		{"R3 non-elite captured", func() DCAttack {
			a := NewDCAttack(Placed, squad)
			a.User, a.Captured = NonEliteUser, true
			return a
		}, []fig{{"malf", 15}}},
		{"R4 stone building +3", func() DCAttack {
			a := NewDCAttack(Placed, squad)
			a.TEM = 3
			return a
		}, []fig{{"KIA", 1}, {"K/4", 2}, {"PTC", 2}, {"MC", 30}, {"malf", 1}}},
		{"R5 concealed", func() DCAttack {
			a := NewDCAttack(Placed, squad)
			a.Concealed = true
			return a
		}, []fig{{"KIA", 1}, {"K/3", 2}, {"MC", 27}, {"PTC", 3}, {"none", 2}, {"malf", 1}}},
		{"R6 thrown, no TEM", func() DCAttack { return NewDCAttack(Thrown, squad) },
			[]fig{{"KIA", 3}, {"malf", 1}}},
		{"R7 set, no enemy Infantry", func() DCAttack {
			a := NewDCAttack(Set, squad)
			a.EnemyInfantry = 0
			return a
		}, []fig{{"KIA", 30}, {"K/4", 3}, {"MC", 2}, {"malf", 1}}},
		{"R7b set, 3 enemy Infantry", func() DCAttack {
			a := NewDCAttack(Set, squad)
			a.EnemyInfantry = 3
			return a
		}, []fig{{"KIA", 26}, {"malf", 10}}},
		{"R8 set, concealed", func() DCAttack {
			a := NewDCAttack(Set, squad)
			a.EnemyInfantry, a.Concealed = 0, true
			return a
		}, []fig{{"KIA", 15}}},
	}
	for _, c := range cases {
		res := exactRun(t, c.a())
		for _, f := range c.want {
			var got float64
			switch f.label {
			case "KIA":
				got = sum(res, MetricIFT, kiaLabels...)
			case "MC":
				got = sum(res, MetricIFT, mcLabels...)
			case "malf":
				got = res.P(MetricDetonation, "malfunction")
			default:
				got = res.P(MetricIFT, f.label)
			}
			check(t, c.name+" "+f.label, got, f.num, 36)
		}
	}
}

// TestR7bMalfunction: a Set DC malfunctions on Original + n ≥ 12.
func TestR7bMalfunction(t *testing.T) {
	for n, want := range []int64{1, 3, 6, 10} {
		a := NewDCAttack(Set, mustUnit(t, "4-6-7"))
		a.EnemyInfantry = n
		check(t, "malfunction", exactRun(t, a).P(MetricDetonation, "malfunction"), want, 36)
	}
}

// TestR6ThrowerLocation: the thrower's Location is attacked at +3, so a KIA
// needs Original 2 (1/36), and only when the DC detonates.
func TestR6ThrowerLocation(t *testing.T) {
	a := NewDCAttack(Thrown, mustUnit(t, "4-6-7"))
	a.Throwers = []Unit{mustUnit(t, "4-6-8")}
	p := newDCPlan(a)
	var kia int64
	for s := 2; s <= 12; s++ {
		if p.throwRes[s][0].KIA() > 0 {
			kia += int64(36 * dicePDR(s))
		}
	}
	check(t, "thrower P(KIA)", float64(kia)/36, 1, 36)
}

func dicePDR(s int) float64 {
	return float64(6-abs(s-7)) / 36
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestR18LoneSquad: a lone 4-6-7 (ML 7, ELR 3) in a wooden building (+2),
// Placed DC, Heat of Battle outcomes ignored. §9 R18 lists the joint
// outcomes over 1296; the metrics are their marginals.
func TestR18LoneSquad(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.TEM = 2
	a.Options.HeatOfBattle = false
	res := exactRun(t, a)
	check(t, "eliminated", res.P("target.1", "eliminated"), 108+3, 1296)
	check(t, "broken", res.P("target.1", "broken"), 428+288+29+36+60, 1296)
	check(t, "pinned", res.P("target.1", "pinned"), 114+6, 1296)
	check(t, "good order", res.P("target.1", "good_order"), 185+3+36, 1296)
	check(t, "reduced", res.P("target.1.reduced", "yes"), 29+36+60+6+3, 1296)
	check(t, "replaced", res.P("target.1.replaced", "yes"), 288+29+60, 1296)
	check(t, "malfunction", res.P(MetricDetonation, "malfunction"), 36, 1296)
	check(t, "HoB DR", res.P(MetricHoB, "yes"), 32, 1296)
}
