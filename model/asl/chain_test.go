package asl

import "testing"

// TestR10Rubble: Σ P(Orig) × P(dr [+1] ≤ KIA#) on the 30 column whatever
// the TEM or concealment: wooden 20/216, stone 10/216 (rules/asl.md §9).
func TestR10Rubble(t *testing.T) {
	for _, mode := range []Mode{Placed, Thrown} {
		for _, c := range []struct {
			b    Building
			want int64
		}{{Wooden, 20}, {Stone, 10}} {
			for _, concealed := range []bool{false, true} {
				a := NewDCAttack(mode, mustUnit(t, "4-6-7"), mustUnit(t, "leader:8-1"))
				a.Building, a.TEM, a.Concealed = c.b, c.b.TEM(false), concealed
				check(t, mode.String()+" "+c.b.String()+" rubble", exactRun(t, a).P(MetricRubble, "yes"), c.want, 216)
			}
		}
	}
}

// TestR11Flame: [P(Orig KIA) − P(rubble)] × P(2d6 ≥ Kindling): wooden
// 35/324, stone 125/1296.
func TestR11Flame(t *testing.T) {
	for _, c := range []struct {
		b        Building
		num, den int64
	}{{Wooden, 35, 324}, {Stone, 125, 1296}} {
		a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
		a.Building, a.TEM = c.b, c.b.TEM(false)
		check(t, c.b.String()+" flame", exactRun(t, a).P(MetricFlame, "yes"), c.num, c.den)
	}
}

// TestFlameOfConcealedTargets: against concealed targets Flame reads the
// 12 column their attack uses (§8.14: wooden, Original 2 alone, and no
// Rubble there: 7/1296); under FlameIgnoresConcealment the 30 column of
// R11 (35/324), whether the attack or the unit is concealed. A stack of
// concealed and unconcealed units reads the highest column used against
// them, the 30, in either order: one Original DR reads every unit's
// column, and the 30 shows a KIA whenever the 12 does.
func TestFlameOfConcealedTargets(t *testing.T) {
	for _, c := range []struct {
		name           string
		units          []string
		attack, ignore bool
		num, den       int64
	}{
		{"attack concealed", []string{"4-6-7"}, true, false, 7, 1296},
		{"unit concealed", []string{"4-6-7,concealed"}, false, false, 7, 1296},
		{"attack concealed, option", []string{"4-6-7"}, true, true, 35, 324},
		{"unit concealed, option", []string{"4-6-7,concealed"}, false, true, 35, 324},
		{"two concealed", []string{"4-6-7,concealed", "4-4-7,concealed"}, false, false, 7, 1296},
		{"concealed first", []string{"4-6-7,concealed", "4-6-7"}, false, false, 35, 324},
		{"concealed last", []string{"4-6-7", "4-6-7,concealed"}, false, false, 35, 324},
	} {
		var units []Unit
		for _, u := range c.units {
			units = append(units, mustUnit(t, u))
		}
		a := NewDCAttack(Placed, units...)
		a.Building, a.TEM, a.Concealed = Wooden, Wooden.TEM(false), c.attack
		a.Options.FlameIgnoresConcealment = c.ignore
		check(t, c.name, exactRun(t, a).P(MetricFlame, "yes"), c.num, c.den)
	}
}

// TestSetDCDestroysBuilding: a Set DC's Final KIA (Original ≤ 9 on the 36+
// column at −3) destroys the level and all in it (A23.71, B24.11).
func TestSetDCDestroysBuilding(t *testing.T) {
	a := NewDCAttack(Set, mustUnit(t, "4-6-7"))
	a.Building, a.EnemyInfantry = Stone, 0
	res := exactRun(t, a)
	check(t, "destroyed", res.P(MetricRubble, "yes"), 30, 36)
	if p := res.P("target.1", "eliminated"); p < 30.0/36 {
		t.Errorf("eliminated %v < 30/36", p)
	}
}

// TestPlacementUnderFire: a lone elite 4-6-8 Placer (X# 12) under one 8 FP
// −1 attack,
// Heat of Battle off. 8 column, Final = Orig − 1: Orig 2–3 KIA; 4 K/2 (the
// new HS passes its 2MC on DR ≤ 5); 5–6 2MC (DR ≤ 5); 7–8 1MC (DR ≤ 6); 9
// NMC (DR ≤ 7); 10 PTC (DR ≤ 8); 11–12 no effect:
// [3·10 + 9·10 + 11·15 + 4·21 + 3·26]/1296 + 3/36 = 555/1296.
func TestPlacementUnderFire(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Placer = []Unit{mustUnit(t, "4-6-8,class=elite")}
	a.DFF = []FireAttack{{FP: 8, DRM: -1}}
	a.Options.HeatOfBattle = false
	res := exactRun(t, a)
	check(t, "not placed", res.P(MetricDetonation, "not_placed"), 1296-555, 1296)
	check(t, "detonated", res.P(MetricDetonation, "detonated"), 555*35, 1296*36)
	check(t, "placer good order", res.P(MetricPlacer, "good_order"), 555, 1296)
}

// TestSetChain: a preset DC detonated by an elite 4-6-8 needs its NTC (DR
// ≤ 8, 26/36), then Original + 1 enemy unit < 12; Set during play by a
// squad alone needs a dr ≤ 3 first (R9).
func TestSetChain(t *testing.T) {
	a := NewDCAttack(Set, mustUnit(t, "4-6-7"))
	a.Setter, a.Preset = []Unit{mustUnit(t, "4-6-8,class=elite")}, true
	res := exactRun(t, a)
	check(t, "preset set", res.P(MetricSetting, "set"), 1, 1)
	check(t, "preset detonated", res.P(MetricDetonation, "detonated"), 26*33, 36*36)

	a.Preset = false
	res = exactRun(t, a)
	check(t, "set dr", res.P(MetricSetting, "set"), 3, 6)
	check(t, "failed dr", res.P(MetricSetting, "failed_dr"), 3, 6)
	check(t, "detonated", res.P(MetricDetonation, "detonated"), 3*26*33, 6*36*36)

	a.Setter = append(a.Setter, mustUnit(t, "leader:9-2"))
	check(t, "set with a 9-2", exactRun(t, a).P(MetricSetting, "set"), 5, 6)
}

func TestChainValidation(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Setter = []Unit{mustUnit(t, "4-6-8")}
	if err := a.Validate(); err == nil {
		t.Error("a setter on a Placed DC is accepted")
	}
	a = NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.DFF = []FireAttack{{FP: 8, DRM: -1}}
	if err := a.Validate(); err == nil {
		t.Error("Defensive Fire with no Placer is accepted")
	}
	if _, err := ParseFireAttack("8"); err == nil {
		t.Error("8 without a DRM parses")
	}
	if f, err := ParseFireAttack("8:-1"); err != nil || f != (FireAttack{FP: 8, DRM: -1}) {
		t.Errorf("8:-1 → %v, %v", f, err)
	}
}
