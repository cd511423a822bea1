package asl_test

// The reference figures of rules/asl.md §9 that the oracle can express,
// checked against the oracle alone.

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/sapperhq/sapper/model/asl"
)

const oracleTol = 1e-12

// mustUnit parses a unit string; t may be nil in package-level tables.
func mustUnit(t testing.TB, s string) asl.Unit {
	u, err := asl.ParseUnit(s)
	if err != nil {
		if t == nil {
			panic(err)
		}
		t.Helper()
		t.Fatal(err)
	}
	return u
}

func checkP(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > oracleTol {
		t.Errorf("%s = %.15f, want %.15f", what, got, want)
	}
}

// sumLabels adds the probabilities of the named labels of one metric.
func sumLabels(m map[string]float64, labels ...string) float64 {
	s := 0.0
	for _, l := range labels {
		s += m[l]
	}
	return s
}

var (
	kiaLabels = []string{"7KIA", "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA"}
	mcLabels  = []string{"4MC", "3MC", "2MC", "1MC", "NMC"}
)

// TestOracleIFTFigures: §9 R1–R8 (R9, the setting dr, is not part of a
// DCAttack).
func TestOracleIFTFigures(t *testing.T) {
	squad := mustUnit(t, "4-6-7")
	zero := func(n int) func(asl.DCAttack) asl.DCAttack {
		return func(a asl.DCAttack) asl.DCAttack { a.EnemyInfantry = n; return a }
	}
	type fig struct {
		label string
		want  float64
		get   func(map[string]map[string]float64) float64
	}
	kia := func(want float64) fig {
		return fig{"any KIA", want, func(m map[string]map[string]float64) float64 { return sumLabels(m["ift"], kiaLabels...) }}
	}
	mc := func(want float64) fig {
		return fig{"MC-type", want, func(m map[string]map[string]float64) float64 { return sumLabels(m["ift"], mcLabels...) }}
	}
	ift := func(l string, want float64) fig {
		return fig{l, want, func(m map[string]map[string]float64) float64 { return m["ift"][l] }}
	}
	malf := func(want float64) fig {
		return fig{"malfunction", want, func(m map[string]map[string]float64) float64 { return m["detonation"]["malfunction"] }}
	}
	cases := []struct {
		name string
		mode asl.Mode
		set  func(asl.DCAttack) asl.DCAttack
		figs []fig
	}{
		{"R1 placed", asl.Placed, nil, []fig{kia(10.0 / 36), ift("K/4", 5.0/36), mc(20.0 / 36), malf(1.0 / 36)}},
		{"R2 non-elite", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.User = asl.NonEliteUser; return a },
			[]fig{malf(6.0 / 36), mc(15.0 / 36)}},
		{"R3 non-elite captured", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.User, a.Captured = asl.NonEliteUser, true; return a },
			[]fig{malf(15.0 / 36)}},
		{"R3b inexperienced", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.User = asl.Inexperienced; return a },
			[]fig{malf(10.0 / 36)}},
		{"R3c inexperienced captured", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.User, a.Captured = asl.Inexperienced, true; return a },
			[]fig{malf(21.0 / 36)}},
		{"R3d elite captured", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.Captured = true; return a },
			[]fig{malf(6.0 / 36)}},
		{"R4 stone", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.TEM = 3; return a },
			[]fig{kia(1.0 / 36), ift("K/4", 2.0/36), ift("PTC", 2.0/36), mc(30.0 / 36), malf(1.0 / 36)}},
		{"R5 concealed", asl.Placed, func(a asl.DCAttack) asl.DCAttack { a.Concealed = true; return a },
			[]fig{kia(1.0 / 36), ift("K/3", 2.0/36), mc(27.0 / 36), ift("PTC", 3.0/36), ift("none", 2.0/36), malf(1.0 / 36)}},
		{"R6 thrown", asl.Thrown, nil, []fig{kia(3.0 / 36), malf(1.0 / 36)}},
		{"R7 set", asl.Set, zero(0), []fig{kia(30.0 / 36), ift("K/4", 3.0/36), mc(2.0 / 36), malf(1.0 / 36)}},
		{"R7b n=1", asl.Set, zero(1), []fig{malf(3.0 / 36)}},
		{"R7b n=2", asl.Set, zero(2), []fig{malf(6.0 / 36)}},
		{"R7b n=3", asl.Set, zero(3), []fig{malf(10.0 / 36), kia(26.0 / 36)}},
		{"R7b default n = targets (1)", asl.Set, nil, []fig{malf(3.0 / 36)}},
		{"R8 set concealed", asl.Set, func(a asl.DCAttack) asl.DCAttack { a.EnemyInfantry, a.Concealed = 0, true; return a },
			[]fig{kia(15.0 / 36)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := asl.NewDCAttack(tc.mode, squad)
			if tc.set != nil {
				a = tc.set(a)
			}
			m := oracle(a)
			for _, f := range tc.figs {
				checkP(t, f.label, f.get(m), f.want)
			}
		})
	}
}

// TestOracleR6ThrowerLocation: §9 R6, the thrower's Location: KIA on
// Original 2 only (Orig + 3 ≤ 5), and only when the DC detonates.
func TestOracleR6ThrowerLocation(t *testing.T) {
	a := asl.NewDCAttack(asl.Thrown, mustUnit(t, "4-6-7"))
	a.Throwers = []asl.Unit{mustUnit(t, "4-6-7")}
	loc, start := throwerLocation(a)
	loc.track = true
	kia := 0.0
	for w, p := range loc.resolve(start) {
		if oracleIFTLabels[w.ift] == "1KIA" {
			kia += p
		}
	}
	checkP(t, "thrower Location P(KIA)", kia, 1.0/36)
	// A squad thrower is eliminated by the KIA, or as the HS of a K/4
	// (Orig 3) that rolls a Casualty MC; only if the DC detonates.
	m := oracle(a)
	checkP(t, "thrower.1 eliminated", m["thrower.1"]["eliminated"], 35.0/36*(1.0/36+2.0/36*1.0/36))
}

// mcWorld is a Location whose only task is unit 0's IFT MC at +n.
func mcWorld(t *testing.T, n int, units ...string) world {
	var w world
	for k, s := range units {
		w.addPiece(newPiece(mustUnit(t, s), k, 3))
	}
	w.p[0].mc = int8(n)
	w.pushTasks(task{op: opMC, who: 0})
	return w
}

// TestOracleR17: a 2MC on a 4-6-7 with an 8-1 (net +1), ELR 3.
func TestOracleR17(t *testing.T) {
	opts := asl.DefaultOptions()
	opts.HeatOfBattle = false
	loc := &location{opts: opts, surrender: true, track: true}
	var unaffected, pinned, broken, replaced, casualty float64
	for w, p := range loc.resolve(mcWorld(t, 2, "4-6-7", "leader:8-1")) {
		u := w.p[0]
		switch {
		case u.reduced && u.replaced && u.broken:
			casualty += p
		case u.broken && u.replaced:
			replaced += p
		case u.broken:
			broken += p
		case u.pinned:
			pinned += p
		default:
			unaffected += p
		}
	}
	checkP(t, "unaffected", unaffected, 10.0/36)
	checkP(t, "pinned", pinned, 5.0/36)
	checkP(t, "broken", broken, 15.0/36)
	checkP(t, "broken + Replaced", replaced, 5.0/36)
	checkP(t, "Casualty MC", casualty, 1.0/36)

	loc.opts.HeatOfBattle = true
	hob := 0.0
	for w, p := range loc.resolve(mcWorld(t, 2, "4-6-7", "leader:8-1")) {
		if w.hob {
			hob += p
		}
	}
	checkP(t, "HoB triggered", hob, 1.0/36)
}

// TestOracleR18: a lone 4-6-7 in a wooden building (+2), Placed DC, HoB
// outcomes ignored; every joint outcome of §9 R18, in 1296ths.
func TestOracleR18(t *testing.T) {
	a := asl.NewDCAttack(asl.Placed, mustUnit(t, "4-6-7"))
	a.TEM = 2
	a.Options.HeatOfBattle = false
	got := map[string]float64{}
	loc, start := targetLocation(a)
	loc.track = true
	for w, p := range loc.resolve(start) {
		u := w.p[0]
		k4 := oracleIFTLabels[w.ift] == "K/4"
		var cat string
		switch {
		case w.det == detMalfunction:
			cat = "malfunction"
		case !k4 && u.gone == goneEliminated:
			cat = "eliminated"
		case k4 && u.gone == goneEliminated:
			cat = "K/4 HS eliminated"
		case u.kind == asl.Squad && u.broken && u.replaced:
			cat = "broken + Replaced"
		case u.kind == asl.Squad && u.broken:
			cat = "broken"
		case u.kind == asl.Squad && u.pinned:
			cat = "pinned"
		case u.kind == asl.Squad:
			cat = "unaffected"
		case !k4 && u.broken && u.replaced:
			cat = "Casualty MC HS"
		case k4 && u.broken && u.replaced:
			cat = "K/4 HS broken + Replaced"
		case k4 && u.broken:
			cat = "K/4 HS broken"
		case k4 && u.pinned:
			cat = "K/4 HS pinned"
		case k4:
			cat = "K/4 HS unaffected"
		default:
			cat = "other"
		}
		got[cat] += p
	}
	want := map[string]float64{
		"eliminated": 108, "broken": 428, "broken + Replaced": 288, "pinned": 114, "unaffected": 185,
		"Casualty MC HS": 29, "K/4 HS broken": 36, "K/4 HS broken + Replaced": 60, "K/4 HS pinned": 6,
		"K/4 HS unaffected": 3, "K/4 HS eliminated": 3, "malfunction": 36,
	}
	for cat, n := range want {
		checkP(t, cat, got[cat], n/1296)
	}
	checkP(t, "other", got["other"], 0)

	// P(a HoB DR occurs) = 32/1296.
	a.Options.HeatOfBattle = true
	loc, start = targetLocation(a)
	loc.track = true
	hob := 0.0
	for w, p := range loc.resolve(start) {
		if w.hob {
			hob += p
		}
	}
	checkP(t, "HoB DR", hob, 32.0/1296)

	// The public metrics agree with the joint figures.
	a.Options.HeatOfBattle = false
	m := oracle(a)
	checkP(t, "target.1 eliminated", m["target.1"]["eliminated"], 111.0/1296)
	checkP(t, "target.1 broken", m["target.1"]["broken"], 841.0/1296)
	checkP(t, "target.1 pinned", m["target.1"]["pinned"], 120.0/1296)
	checkP(t, "target.1 good_order", m["target.1"]["good_order"], 224.0/1296)
	checkP(t, "target.1.reduced", m["target.1.reduced"]["yes"], 134.0/1296)
	checkP(t, "target.1.replaced", m["target.1.replaced"]["yes"], 377.0/1296)
	checkP(t, "stack cleared", m["stack"]["cleared"], 952.0/1296)
	checkP(t, "out 1", m["out"]["1"], 952.0/1296)
}

// TestOracleR19: Random Selection among k candidates.
func TestOracleR19(t *testing.T) {
	for _, tc := range []struct {
		k              int
		picked, expect float64
	}{
		{2, 7.0 / 12, 7.0 / 6},
		{3, 91.0 / 216, 91.0 / 72},
		{4, 49.0 / 144, 4 * 49.0 / 144},
	} {
		cands := make([]int, tc.k)
		for i := range cands {
			cands[i] = i
		}
		var picked, expect float64
		explore(func(r *roller) {
			sel, _ := randomSelect(r, cands, 1)
			if sel[0] == 0 {
				picked += r.p
			}
			expect += float64(len(sel)) * r.p
		})
		checkP(t, "P(picked)", picked, tc.picked)
		checkP(t, "E(number picked)", expect, tc.expect)
	}
	// §8.22: a 2KIA on four units with dice 5, 3, 3, 1 takes the 5 and
	// both 3s.
	r := &roller{prefix: []int{4, 2, 2, 0}, p: 1}
	sel, others := randomSelect(r, []int{0, 1, 2, 3}, 2)
	if len(sel) != 3 || len(others) != 1 || others[0] != 3 {
		t.Errorf("2KIA on 5,3,3,1: selected %v, others %v", sel, others)
	}
}

// TestOracleR20: Wound Severity.
func TestOracleR20(t *testing.T) {
	for _, tc := range []struct {
		unit       string
		casualtyMC bool
		mortal     float64
	}{
		{"leader:8-1", false, 2.0 / 6},
		{"leader:8-1,wounded", false, 3.0 / 6},
		{"hero:1-4-9", true, 3.0 / 6},
		{"hero:1-4-9,wounded", true, 3.0 / 6}, // A10.31: "as if already wounded", not twice
	} {
		mortal := 0.0
		explore(func(r *roller) {
			var w world
			w.addPiece(newPiece(mustUnit(t, tc.unit), 0, 3))
			c := ctx{loc: &location{}, w: &w, r: r}
			c.wound(0, c.snap(0), tc.casualtyMC)
			if w.p[0].gone == goneEliminated {
				mortal += r.p
			}
		})
		checkP(t, tc.unit+" mortal", mortal, tc.mortal)
	}
}

// TestOracleR21: the Heat of Battle bands with DRM 0, on an 8-0 leader so
// that each result is visible: R21 with the leader's A1.11 eliteness
// switched off (§8.51), and with it on, the same bands at DRM −1 (Final
// ≤ 4 at Original ≤ 5: 10/36; 5–6: 11/36; 7–8: 9/36; 9–11: Original 10–12,
// 6/36; a Final 12 cannot happen).
func TestOracleR21(t *testing.T) {
	for _, tc := range []struct {
		elite bool
		want  map[string]float64
	}{
		{false, map[string]float64{"hero": 6, "hero + BH": 9, "BH": 11, "berserk": 9, "surrender": 1, "other": 0}},
		{true, map[string]float64{"hero": 10, "hero + BH": 11, "BH": 9, "berserk": 6, "surrender": 0, "other": 0}},
	} {
		opts := asl.DefaultOptions()
		opts.LeadersElite = tc.elite
		got := map[string]float64{}
		explore(func(r *roller) {
			var w world
			w.addPiece(newPiece(mustUnit(t, "leader:8-0"), 0, 3))
			c := ctx{loc: &location{opts: opts, surrender: true}, w: &w, r: r}
			c.heatOfBattle(0)
			u := w.p[0]
			switch {
			case u.gone == goneSurrendered:
				got["surrender"] += r.p
			case u.berserk:
				got["berserk"] += r.p
			case u.heroic && u.mod == -1:
				got["hero + BH"] += r.p
			case u.heroic:
				got["hero"] += r.p
			case u.mod == -1:
				got["BH"] += r.p
			default:
				got["other"] += r.p
			}
		})
		for cat, n := range tc.want {
			checkP(t, fmt.Sprintf("%s (leaders elite %v)", cat, tc.elite), got[cat], n/36)
		}
	}
}

// TestOracleStackSpeed: three 4-6-7s and an 8-1 in every mode resolve
// quickly, and every metric sums to 1.
func TestOracleStackSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("a wall-clock bound on a brute-force enumeration; the plain run covers it")
	}
	units := []asl.Unit{mustUnit(t, "4-6-7"), mustUnit(t, "4-6-7"), mustUnit(t, "4-6-7"), mustUnit(t, "leader:8-1")}
	for _, mode := range []asl.Mode{asl.Placed, asl.Thrown, asl.Set} {
		a := asl.NewDCAttack(mode, units...)
		if mode == asl.Thrown {
			a.Throwers = []asl.Unit{mustUnit(t, "4-6-7"), mustUnit(t, "leader:9-1")}
		}
		start := time.Now()
		m := oracle(a)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v: %v", mode, d)
		}
		for name, labels := range m {
			s := 0.0
			for _, p := range labels {
				s += p
			}
			checkP(t, mode.String()+" "+name+" sum", s, 1)
		}
	}
}
