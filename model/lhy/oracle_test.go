package lhy

import (
	"math"
	"slices"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"

	"github.com/sapperhq/sapper/sim"
)

// The oracle resolves a fire attack from rules/lhy.md alone, with none of
// the model's code: every d10 is rolled on its own (one per SADRM, the
// MDRM, one per ATDRM, one per Cohesion check) and every random pick is a
// uniform choice, all enumerated by brute force. It only shares the input
// types.

// oracleDice enumerates every sequence of choices by depth-first replay:
// each run of a resolution replays the current prefix and extends it with
// 0s; next advances the last choice that has more options.
type oracleDice struct {
	choice, size []int
	pos          int
	weight       float64
}

func (d *oracleDice) roll(n int) int {
	if d.pos == len(d.choice) {
		d.choice, d.size = append(d.choice, 0), append(d.size, n)
	}
	c := d.choice[d.pos]
	d.pos++
	d.weight /= float64(n)
	return c
}

func (d *oracleDice) d10() int { return d.roll(10) + 1 }

func (d *oracleDice) next() bool {
	d.choice, d.size = d.choice[:d.pos], d.size[:d.pos]
	for len(d.choice) > 0 {
		last := len(d.choice) - 1
		if d.choice[last]+1 < d.size[last] {
			d.choice[last]++
			return true
		}
		d.choice, d.size = d.choice[:last], d.size[:last]
	}
	return false
}

// oracle returns P(metric = label) for every outcome of every metric.
func oracle(a FireAttack) map[string]map[string]float64 {
	p := map[string]map[string]float64{}
	d := &oracleDice{}
	for {
		d.pos, d.weight = 0, 1
		for m, l := range oracleResolve(a, d) {
			if p[m] == nil {
				p[m] = map[string]float64{}
			}
			p[m][l] += d.weight
		}
		if !d.next() {
			return p
		}
	}
}

// Severity ranks, most severe first, as rules/lhy.md L3 lists them.
var (
	oracleUnitRank  = []string{"casualty", "disrupted", "regrouping", "concealment_lost", "unaffected"}
	oracleCheckRank = []string{"failed", "passed", "none"}
	oracleVehRank   = []string{"destroyed", "shocked", "unaffected"}
)

func worse(rank []string, a, b string) string {
	if slices.Index(rank, b) < slices.Index(rank, a) {
		return b
	}
	return a
}

func oracleResolve(a FireAttack, dice *oracleDice) map[string]string {
	units, vehicles := a.Units, a.Vehicles
	// L6: where each RNP or Rider rides.
	ride := make([]string, len(units))
	for i, u := range units {
		if !u.RNP && !u.Rider {
			continue
		}
		ride[i] = u.On
		if ride[i] == "" {
			for _, v := range vehicles {
				if !v.TowedGun {
					ride[i] = v.Name
				}
			}
		}
	}
	fate := make([]string, len(units))
	check := make([]string, len(units))
	disrupted := make([]bool, len(units))
	for i, u := range units {
		fate[i], check[i], disrupted[i] = "unaffected", "none", u.Disrupted
	}
	jr := func(i int) bool { return units[i].Nationality == Japanese || units[i].Nationality == Russian }
	disrupt := func(i int) {
		if jr(i) {
			fate[i] = worse(oracleUnitRank, fate[i], "regrouping")
			return
		}
		fate[i] = worse(oracleUnitRank, fate[i], "disrupted")
		disrupted[i] = true
	}
	cohesionCheck := func(i int) {
		if jr(i) || fate[i] == "casualty" {
			return
		}
		if dice.d10() <= units[i].Cohesion {
			check[i] = worse(oracleCheckRank, check[i], "passed")
			return
		}
		check[i] = "failed"
		if a.Options.CohesionFail == FailCasualty {
			fate[i] = "casualty"
		} else if !disrupted[i] {
			disrupt(i)
		}
	}

	// §1, §2.1: one d10 per SADRM and for the MDRM; the highest counts.
	haveSA, bestSA := false, 0
	for _, drm := range a.SADRM {
		if r := dice.d10() + drm; !haveSA || r > bestSA {
			haveSA, bestSA = true, r
		}
	}
	mortarRoll := 0
	if a.MDRM != nil {
		mortarRoll = dice.d10()
	}
	eligible := func(mortar bool) []int {
		var out []int
		for i := range units {
			if !mortar || ride[i] == "" {
				out = append(out, i)
			}
		}
		return out
	}
	result, pool := bestSA, []int(nil)
	if haveSA {
		pool = eligible(false)
	}
	if a.MDRM != nil {
		m := mortarRoll + *a.MDRM
		if mp := eligible(true); len(mp) > 0 && (!haveSA || m > bestSA) {
			result, pool = m, mp
		}
	}
	selected := "none"
	if len(pool) > 0 {
		// §2.2: the priority group first, then Cohesion, Assault Value, SAV.
		group := func(u Unit) int {
			switch {
			case u.NonCombat:
				return 4
			case u.Disrupted:
				return 3
			case u.Concealed:
				return 2
			}
			return 1
		}
		for _, key := range []func(Unit) int{
			func(u Unit) int { return -group(u) },
			func(u Unit) int { return u.Cohesion },
			func(u Unit) int { return u.AssaultValue },
			func(u Unit) int { return u.SAV },
		} {
			top := math.MinInt
			for _, i := range pool {
				top = max(top, key(units[i]))
			}
			var keep []int
			for _, i := range pool {
				if key(units[i]) == top {
					keep = append(keep, i)
				}
			}
			pool = keep
		}
		t := pool[0]
		if len(pool) > 1 {
			t = pool[dice.roll(len(pool))]
		}
		selected = units[t].Name
		u := units[t]
		f := result
		if a.Leader != nil && *a.Leader > u.Cohesion {
			f--
		}
		if f >= u.Cohesion && u.Concealed {
			fate[t] = worse(oracleUnitRank, fate[t], "concealment_lost")
		}
		if f > u.Cohesion {
			if u.Heroic || jr(t) || f >= 10 {
				fate[t] = "casualty"
			} else {
				disrupt(t)
				cohesionCheck(t)
			}
		}
	}

	vfate := make([]string, len(vehicles))
	for v := range vfate {
		vfate[v] = "unaffected"
	}
	collateral := false
	// §2.6, L4: the mortar's 10 with MV ≥ 2 hits a random vehicle, never a
	// towed Gun.
	if mortarRoll == 10 && a.MV >= 2 {
		var hit []int
		for v, veh := range vehicles {
			if !veh.TowedGun {
				hit = append(hit, v)
			}
		}
		if len(hit) > 0 {
			v := hit[0]
			if len(hit) > 1 {
				v = hit[dice.roll(len(hit))]
			}
			if vehicles[v].AFV {
				vfate[v] = worse(oracleVehRank, vfate[v], "shocked")
			} else {
				vfate[v], collateral = "destroyed", true
			}
		}
	}
	// §3, L5: each ATDRM rolls; rolls of 2 or less are ignored; the highest
	// result counts, a 10 before an equal result.
	for v, veh := range vehicles {
		counted, res, ten := false, 0, false
		for _, f := range a.AT {
			if f.Vehicle != veh.Name {
				continue
			}
			d := dice.d10()
			if d <= 2 {
				continue
			}
			if r := d + f.DRM; !counted || r > res || r == res && d == 10 {
				counted, res, ten = true, r, d == 10
			}
		}
		if !counted {
			continue
		}
		armor := veh.AV
		if veh.EAV >= 0 {
			armor = veh.EAV
		}
		switch {
		case res > armor:
			vfate[v] = "destroyed"
			if veh.ATV > 0 {
				collateral = true
			}
		case veh.AFV && (res == armor || ten && res >= armor-2):
			vfate[v] = worse(oracleVehRank, vfate[v], "shocked")
		}
	}
	// 13.3.5, L2: the Riders of a Shocked AFV check.
	for i, u := range units {
		if !u.Rider {
			continue
		}
		for v, veh := range vehicles {
			if veh.Name == ride[i] && vfate[v] == "shocked" {
				cohesionCheck(i)
			}
		}
	}
	// 13.3.7, L7: once, at the end.
	if collateral {
		for i := range units {
			for v, veh := range vehicles {
				if ride[i] != "" && veh.Name == ride[i] && vfate[v] == "destroyed" {
					disrupt(i)
					cohesionCheck(i)
				}
			}
		}
		for v, veh := range vehicles {
			if veh.TowedGun && !a.ATFromMG {
				vfate[v] = "destroyed"
			}
		}
		if a.OpenTerrain && !a.IP && !a.Assault {
			var foot []int
			for i := range units {
				if ride[i] == "" && !disrupted[i] && fate[i] != "casualty" {
					foot = append(foot, i)
				}
			}
			if len(foot) == 1 {
				disrupt(foot[0])
			} else if len(foot) > 1 {
				disrupt(foot[dice.roll(len(foot))])
			}
		}
	}

	out := map[string]string{}
	if len(units) > 0 {
		out["selected"] = selected
	}
	for i, u := range units {
		out["unit."+u.Name] = fate[i]
		out["cohesion_check."+u.Name] = check[i]
	}
	for v, veh := range vehicles {
		out["vehicle."+veh.Name] = vfate[v]
	}
	if len(vehicles) > 0 {
		out["collateral"] = map[bool]string{true: "applied", false: "not_applied"}[collateral]
	}
	return out
}

// exactly runs the model's experiment by exact enumeration.
func exactly(t testing.TB, a FireAttack) *sim.Result { t.Helper(); return simtest.ExactOf(t, a) }

// checkOracle compares the model's exact result with the oracle's
// (simtest.MatchesOracle).
func checkOracle(t *testing.T, name string, a FireAttack) {
	t.Helper()
	simtest.MatchesOracle(t, name, exactly(t, a), oracle(a))
}

func intp(x int) *int { return &x }

// oracleCases are the unpublished cases of the issue, and more: several
// SADRM and an MDRM on a mixed stack, ties broken by Assault Value and SAV
// and at random, a Mortar Fire Action's roll of 10 with MV 2, AT fire on
// an AFV with ATV, Riders, Collateral Damage in open terrain.
func oracleCases() map[string]FireAttack {
	m := map[string]FireAttack{}
	m["two SADRM and an MDRM on a mixed stack"] = FireAttack{
		SADRM: []int{1, 3}, MDRM: intp(2), MV: 1,
		Units: []Unit{
			{Name: "rifle", Cohesion: 7, AssaultValue: 3},
			{Name: "mg", Cohesion: 7, Concealed: true},
			{Name: "hq", Cohesion: 8, NonCombat: true},
			{Name: "scouts", Cohesion: 6, Disrupted: true},
			{Name: "riders", Cohesion: 8, Rider: true},
		},
		Vehicles: []Vehicle{{Name: "tank", AV: 6, EAV: -1, AFV: true}},
		Leader:   intp(8),
	}
	m["three SADRM, ties by Assault Value and SAV"] = FireAttack{
		SADRM: []int{0, 2, -1},
		Units: []Unit{
			{Name: "a", Cohesion: 6, AssaultValue: 2, SAV: 1},
			{Name: "b", Cohesion: 6, AssaultValue: 2, SAV: 3},
			{Name: "c", Cohesion: 6, AssaultValue: 1, SAV: 9},
			{Name: "d", Cohesion: 5, Heroic: true},
		},
	}
	m["a random tie, Japanese and Russian units"] = FireAttack{
		SADRM: []int{2}, MDRM: intp(4), MV: 1,
		Units: []Unit{
			{Name: "jap", Cohesion: 7, Nationality: Japanese, AssaultValue: 2},
			{Name: "rus", Cohesion: 7, Nationality: Russian, AssaultValue: 2},
			{Name: "plain", Cohesion: 7, AssaultValue: 2},
		},
		Leader: intp(6),
	}
	m["an MFA roll of 10 with MV 2"] = FireAttack{
		MDRM: intp(1), MV: 2,
		Units: []Unit{
			{Name: "crew", Cohesion: 6, RNP: true, On: "truck"},
			{Name: "tankers", Cohesion: 7, Rider: true, On: "tank"},
			{Name: "squad", Cohesion: 5},
			{Name: "jsquad", Cohesion: 6, Nationality: Japanese},
		},
		Vehicles: []Vehicle{
			{Name: "truck", AV: 0, EAV: -1},
			{Name: "tank", AV: 7, EAV: -1, AFV: true},
			{Name: "gun", AV: 1, EAV: -1, TowedGun: true},
		},
		OpenTerrain: true,
	}
	m["AT fire on an AFV with ATV"] = FireAttack{
		AT: []ATFire{{"panzer", 2}, {"panzer", 4}, {"halftrack", 1}},
		Units: []Unit{
			{Name: "pzgren", Cohesion: 7, Rider: true, On: "panzer"},
			{Name: "pass", Cohesion: 6, RNP: true, On: "halftrack"},
			{Name: "foot", Cohesion: 6},
			{Name: "foot2", Cohesion: 8, Disrupted: true},
		},
		Vehicles: []Vehicle{
			{Name: "panzer", AV: 8, EAV: 9, ATV: 3, AFV: true},
			{Name: "halftrack", AV: 3, EAV: -1},
			{Name: "pak", AV: 2, EAV: -1, TowedGun: true},
		},
		OpenTerrain: true,
	}
	a := m["AT fire on an AFV with ATV"]
	a.ATFromMG, a.Options.CohesionFail = true, FailDisrupt
	a.OpenTerrain, a.Assault = true, true
	m["AT fire from an MG, failures Disrupt, during an Assault"] = a
	m["small arms and a mortar on Riders under AT fire"] = FireAttack{
		SADRM: []int{3}, MDRM: intp(3), MV: 3,
		AT: []ATFire{{"sherman", 3}},
		Units: []Unit{
			{Name: "r1", Cohesion: 8, Rider: true},
			{Name: "r2", Cohesion: 5, Rider: true, Concealed: true},
		},
		Vehicles: []Vehicle{{Name: "sherman", AV: 7, EAV: -1, ATV: 1, AFV: true}},
		Options:  Options{CohesionFail: FailDisrupt},
	}
	return m
}

func TestOracle(t *testing.T) {
	for name, a := range oracleCases() {
		checkOracle(t, name, a)
	}
}
