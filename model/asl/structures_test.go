package asl

import (
	"math"
	"testing"
)

// Figures for rules/asl.md §3.10 and §6, derived by hand from the 2d6 table
// of §1; each is the sum of P(Original DR) over the sums that do it.

// TestR23RandomSWDestruction: after a Final KIA on the 30 column, the SW
// is destroyed on a dr 1–5 and malfunctioned on a 6 (A9.74; §9 R23). A
// lone squad is KIA'd at Original 2–5 (10/36), so its one SW is destroyed
// with 10/36 × 5/6 and malfunctioned with 10/36 × 1/6; with an X# the K
// destroys it too.
func TestR23RandomSWDestruction(t *testing.T) {
	res := exactRun(t, NewDCAttack(Placed, mustUnit(t, "4-6-7,sw=1")))
	check(t, "destroyed", res.P(MetricSWDestroyed, "1"), 50, 216)
	check(t, "malfunctioned", res.P(MetricSWMalfunctioned, "1"), 10, 216)
	res = exactRun(t, NewDCAttack(Placed, mustUnit(t, "4-6-7,sw=1,sw-x")))
	check(t, "X# destroyed", res.P(MetricSWDestroyed, "1"), 10, 36)
	check(t, "X# malfunctioned", res.P(MetricSWMalfunctioned, "1"), 0, 1)
	// Two SW roll separately: both destroyed 10/36 × 25/36.
	res = exactRun(t, NewDCAttack(Placed, mustUnit(t, "4-6-7,sw=2")))
	check(t, "two destroyed", res.P(MetricSWDestroyed, "2"), 250, 1296)
	check(t, "one of two destroyed", res.P(MetricSWDestroyed, "1"), 100, 1296)
}

// TestSWTable checks the §3.10 thresholds by column.
func TestSWTable(t *testing.T) {
	for _, c := range []struct {
		fp            float64
		destroy, malf uint64
	}{{30, 5, 1}, {36, 6, 0}, {12, 2, 1}, {16, 3, 1}, {6, 2, 1}} {
		d := swDist(ColumnFor(c.fp), false)
		if w, _ := d.Weight(swDestroyed); w != c.destroy {
			t.Errorf("%v column: destroyed on %d dr, want %d", c.fp, w, c.destroy)
		}
		if w, _ := d.Weight(swMalfunctioned); w != c.malf {
			t.Errorf("%v column: malfunctioned on %d dr, want %d", c.fp, w, c.malf)
		}
	}
}

// TestSWLostToRubble: Rubble eliminates the occupants' SW with them
// (B24.11), so a wooden building adds the rubble share (20/216) to the
// SW destroyed by a KIA the rubble did not pre-empt.
func TestSWLostToRubble(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7,sw=1,sw-x"))
	a.Building, a.TEM = Wooden, 2
	// Original 2: rubble on dr ≤ 4 (4/6); else KIA at Final 4. Original 3
	// (Final 5, 1KIA): rubble on dr ≤ 3; else KIA. Original 4, 5: rubble on
	// dr ≤ 2, 1, else K/4 or 4MC: SW kept.
	want := int64(1*6 + 2*6 + 3*2 + 4*1) // /216
	check(t, "SW destroyed", exactRun(t, a).P(MetricSWDestroyed, "1"), want, 216)
}

// TestWire: a Placed DC clears Wire on an Original KIA (10/36), a Set DC
// on a Final KIA (Original ≤ 9: 30/36), a Thrown DC never (B26.51, §8.36).
func TestWire(t *testing.T) {
	for _, c := range []struct {
		mode     Mode
		num, den int64
	}{{Placed, 10, 36}, {Set, 30, 36}, {Thrown, 0, 1}} {
		a := NewDCAttack(c.mode, mustUnit(t, "4-6-7"))
		a.Wire, a.TEM = true, 1
		check(t, c.mode.String()+" wire", exactRun(t, a).P(MetricWire, "yes"), c.num, c.den)
	}
	// The Placer's CX does not move an Original KIA.
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Wire, a.CX = true, true
	check(t, "placed CX wire", exactRun(t, a).P(MetricWire, "yes"), 10, 36)
}

// TestRoadblock: a Final KIA with the roadblock's +2 TEM for a Placed DC
// (Original ≤ 3: 3/36; with CX ≤ 2: 1/36), a Set DC at −3 with no TEM
// (30/36); a Thrown DC only against a Narrow-Street roadblock, at +2 +2
// (Original ≤ 1: never) (B29.5, B31.1411, §8.19).
func TestRoadblock(t *testing.T) {
	for _, c := range []struct {
		name     string
		mode     Mode
		kind     Roadblock
		cx       bool
		num, den int64
	}{
		{"placed", Placed, NormalRoadblock, false, 3, 36},
		{"placed CX", Placed, NormalRoadblock, true, 1, 36},
		{"set", Set, NormalRoadblock, false, 30, 36},
		{"thrown", Thrown, NormalRoadblock, false, 0, 1},
		{"thrown narrow", Thrown, NarrowStreetRoadblock, false, 0, 1},
		{"placed narrow", Placed, NarrowStreetRoadblock, false, 3, 36},
		{"set narrow", Set, NarrowStreetRoadblock, false, 30, 36},
	} {
		var a DCAttack
		if c.kind == NarrowStreetRoadblock {
			a = NewDCAttack(c.mode)
		} else {
			a = NewDCAttack(c.mode, mustUnit(t, "4-6-7"))
		}
		a.Roadblock, a.CX = c.kind, c.cx
		check(t, c.name, exactRun(t, a).P(MetricRoadblock, "yes"), c.num, c.den)
	}
}

// TestBridge: a Placed DC adds the bridge's TEM (stone +3: Original 2,
// 1/36; wooden +2: ≤ 3, 3/36; pontoon +1: ≤ 4, 6/36); Thrown adds its +2
// (wooden: never; pontoon: Original 2); a Set DC destroys on Original ≤ 9
// less its malfunctions, as many spans as the KIA# (B6.33, A23.71, §8.35).
// Everything on the bridge dies with it.
func TestBridge(t *testing.T) {
	for _, c := range []struct {
		mode     Mode
		b        Bridge
		num, den int64
	}{
		{Placed, StoneBridge, 1, 36}, {Placed, WoodenBridge, 3, 36}, {Placed, PontoonBridge, 6, 36},
		{Placed, UnderwaterPontoon, 3, 36},
		{Thrown, WoodenBridge, 0, 1}, {Thrown, PontoonBridge, 1, 36},
		{Set, StoneBridge, 30, 36},
	} {
		a := NewDCAttack(c.mode, mustUnit(t, "4-6-7"))
		a.Bridge, a.EnemyInfantry = c.b, 0
		res := exactRun(t, a)
		check(t, c.mode.String()+" "+c.b.String(), res.P(MetricBridge, "yes"), c.num, c.den)
	}
	// Set: Final −1, 0 → 7KIA; 1 → 6KIA; … 6 → 1KIA.
	a := NewDCAttack(Set, mustUnit(t, "4-6-7"))
	a.Bridge, a.EnemyInfantry = WoodenBridge, 0
	res := exactRun(t, a)
	for spans, w := range map[string]int64{"7": 1 + 2, "6": 3, "5": 4, "4": 5, "3": 6, "2": 5, "1": 4, "0": 3 + 2 + 1} {
		check(t, "spans "+spans, res.P(MetricBridgeSpans, spans), w, 36)
	}
	// A concealed squad at +6 can lose no counter but to the bridge: its
	// results are MCs at most, and a squad's Casualty MC leaves a HS.
	for _, c := range []struct {
		mode     Mode
		b        Bridge
		num, den int64
	}{{Placed, PontoonBridge, 6, 36}, {Set, WoodenBridge, 30, 36}} {
		a := NewDCAttack(c.mode, mustUnit(t, "4-6-7,concealed,drm=6"))
		a.Bridge, a.EnemyInfantry = c.b, 0
		check(t, c.mode.String()+" squad on the bridge eliminated", exactRun(t, a).P(TargetMetric(1), "eliminated"), c.num, c.den)
	}
}

// TestUserOf: the unit that Places or Sets a DC is its user (A23.2): SMC,
// Infantry crews and Elite MMC are elite; 1st and 2nd Line MMC non-elite;
// Conscripts, and Green units with no unbroken leader, Inexperienced
// (A19.3, A19.32).
func TestUserOf(t *testing.T) {
	for _, c := range []struct {
		group []string
		want  User
	}{
		{[]string{"leader:8-1"}, EliteUser},
		{[]string{"hero:1-4-9"}, EliteUser},
		{[]string{"crew:2-2-8"}, EliteUser},
		{[]string{"4-6-8,class=elite"}, EliteUser},
		{[]string{"4-6-7"}, NonEliteUser},
		{[]string{"4-4-7,class=second"}, NonEliteUser},
		{[]string{"4-4-7,class=conscript", "leader:8-1"}, Inexperienced},
		{[]string{"4-4-7,class=green"}, Inexperienced},
		{[]string{"4-4-7,class=green", "leader:8-1,broken"}, Inexperienced},
		{[]string{"4-4-7,class=green", "leader:8-1"}, NonEliteUser},
		{[]string{"4-4-7,class=green", "hero:1-4-9"}, Inexperienced},
		{nil, EliteUser}, // no Placer: NewDCAttack's user, which Validate holds
	} {
		var group []Unit
		for _, s := range c.group {
			group = append(group, mustUnit(t, s))
		}
		if got := UserOf(group); got != c.want {
			t.Errorf("%v: %s, want %s", c.group, got, c.want)
		}
	}
	// The recipe of a Placer's user holds for an attack with none.
	a0 := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a0.User = UserOf(a0.Placer)
	if err := a0.Validate(); err != nil {
		t.Errorf("UserOf a Placer of none: %v", err)
	}
	// A conscript Placer's DC malfunctions on Original ≥ 9 (§4.2: 10/36).
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Placer = []Unit{mustUnit(t, "hs:2-4-7,class=conscript")}
	a.User = UserOf(a.Placer)
	check(t, "conscript Placer's malfunction", exactRun(t, a).P(MetricDetonation, "malfunction"), 10, 36)
}

// TestSetDCSparesTheBridge: a Set DC that leaves its bridge hex standing
// has no effect on the units on or beneath it (A23.71): with no enemy
// Infantry, Original 2–9 destroy a stone bridge and everyone on it
// (30/36); the K/4 of Original 10 and the 4MC of 11 leave the squad and
// the leader in Good Order with the malfunction of 12 (6/36), unpinned.
func TestSetDCSparesTheBridge(t *testing.T) {
	a := NewDCAttack(Set, mustUnit(t, "4-6-7"), mustUnit(t, "leader:8-1"))
	a.Bridge, a.EnemyInfantry = StoneBridge, 0
	res := exactRun(t, a)
	for i := 1; i <= 2; i++ {
		check(t, "eliminated", res.P(TargetMetric(i), "eliminated"), 30, 36)
		check(t, "good order", res.P(TargetMetric(i), "good_order"), 6, 36)
	}
	check(t, "Heat of Battle", res.P(MetricHoB, "yes"), 0, 1)
}

// TestGun: against a Gun, any KIA eliminates it and its crew, a K/#
// malfunctions it and Casualty Reduces the crew (C11.6). Placed, no TEM:
// KIA at Original 2–5 (10/36), K/4 at 6 (5/36).
func TestGun(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "crew:2-2-8"))
	a.Gun = true
	res := exactRun(t, a)
	check(t, "gun eliminated", res.P(MetricGun, "eliminated"), 10, 36)
	check(t, "gun malfunctioned", res.P(MetricGun, "malfunctioned"), 5, 36)
	check(t, "gun unaffected", res.P(MetricGun, "unaffected"), 21, 36)
	// The crew dies with the Gun (10/36) or by its Casualty Reduction on
	// the K (5/36); at Original 7–11 (20/36) its MC is a Casualty MC on an
	// Original 12 (1/36), which eliminates a crew.
	check(t, "crew eliminated", res.P(TargetMetric(1), "eliminated"), 15*36+20, 1296)
}

// TestGunResults: C11.6 takes the K/# as the manning Infantry's Casualty
// Reduction, so everyone takes the #MC; a KIA takes the crew with the Gun
// and leaves the others to the attack.
func TestGunResults(t *testing.T) {
	g, res := gunResults([Slots]IFT{K4, K4, MC2}, 3)
	if g != GunMalfunctioned || res[0] != MC4 || res[1] != MC4 || res[2] != MC2 {
		t.Errorf("K/4: %v %v", g, res[:3])
	}
	g, res = gunResults([Slots]IFT{KIA2, KIA2}, 2)
	if g != GunEliminated || res[0] != NoAttack || res[1] != KIA2 {
		t.Errorf("2KIA: %v %v", g, res[:2])
	}
	g, _ = gunResults([Slots]IFT{PTC}, 1)
	if g != GunUnaffected {
		t.Errorf("PTC: %v", g)
	}
}

// TestCave: Placed into a cave with no Japanese MMC: −4 and no other DRM,
// so any KIA at Original 2–9 (30/36), the cave destroyed on an Original
// KIA (10/36). Thrown: the dr ≤ 3 (3/6) enters and attacks with no DRM
// (KIA 10/36), the thrower's Location spared; a dropped DC attacks at +2
// +4 (no KIA) and the thrower's Location too (KIA at Original 2). Set with
// no Japanese: −7 on the 36+ column, KIA unless it malfunctions (§6.7).
func TestCave(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Cave = true
	res := exactRun(t, a)
	check(t, "placed KIA", sum(res, MetricIFT, kiaLabels...), 30, 36)
	check(t, "cave destroyed", res.P(MetricCave, "yes"), 10, 36)
	a.Japanese = true
	check(t, "placed KIA with Japanese", sum(exactRun(t, a), MetricIFT, kiaLabels...), 10, 36)

	a = NewDCAttack(Thrown, mustUnit(t, "4-6-7"))
	a.Throwers = []Unit{mustUnit(t, "4-6-7")}
	a.Cave = true
	res = exactRun(t, a)
	check(t, "in cave", res.P(MetricCaveDR, "in_cave"), 1, 2)
	check(t, "target KIA", sum(res, MetricIFT, kiaLabels...), 5, 36)
	// The thrower's Location is attacked as usual, but only when the DC
	// dropped: half as often as without a cave.
	plain := NewDCAttack(Thrown, mustUnit(t, "4-6-7"))
	plain.Throwers = a.Throwers
	want := exactRun(t, plain).P(ThrowerMetric(1), "eliminated") / 2
	if got := res.P(ThrowerMetric(1), "eliminated"); math.Abs(got-want) > tol {
		t.Errorf("thrower eliminated = %v, want half of %v", got, 2*want)
	}
	a.CaveDRM = -1
	check(t, "in cave at −1", exactRun(t, a).P(MetricCaveDR, "in_cave"), 2, 3)

	a = NewDCAttack(Set, mustUnit(t, "4-6-7"))
	a.Cave = true
	// One enemy Infantry unit: malfunction at Original 11–12.
	check(t, "set KIA", sum(exactRun(t, a), MetricIFT, kiaLabels...), 33, 36)
}

// TestUpperLevelRubble: Rubble at level 1 of a stone building (10/216)
// collapses the hex on a dr ≥ 6, +1 per level above, and falls on a
// colored die + 1 per level rubbled ≥ 7 (B24.11, B24.12).
func TestUpperLevelRubble(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Building, a.TEM, a.Level, a.Top = Stone, 3, 1, 1
	res := exactRun(t, a)
	check(t, "collapse", res.P(MetricCollapse, "yes"), 10, 216*6)
	check(t, "falls", res.P(MetricFallingRubble, "yes"), 10, 216*6)
	a.Top = 2
	res = exactRun(t, a)
	check(t, "collapse, one level above", res.P(MetricCollapse, "yes"), 20, 216*6)
	check(t, "falls, two levels rubbled", res.P(MetricFallingRubble, "yes"), 20, 216*6)
}

// TestFallingRubble860 checks rules/asl.md §8.60 on a Placed DC in a stone
// building (Rubble 10/216), reference figure R32. Ground-level Rubble beneath two upper levels
// rubbles them too, so its Falling Rubble DR takes +2: a colored die ≥ 5,
// 10/216 × 2/6. Rubble at level 2 of 2 collapses the hex on a dr of 6; the
// fall takes +1 for its own level, or +2 when the collapse brought level 1
// down too: 10/216 × (1/6 × 2/6 + 5/6 × 1/6) = 10/216 × 7/36, where
// reading only the rubbled level gives 10/216 × 1/6.
func TestFallingRubble860(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	a.Building, a.TEM, a.Level, a.Top = Stone, 3, 0, 2
	res := exactRun(t, a)
	check(t, "ground falls", res.P(MetricFallingRubble, "yes"), 20, 216*6)
	if res.Metric(MetricCollapse) != nil {
		t.Error("ground-level Rubble has no collapse dr (B24.11)")
	}
	a.Level = 2
	check(t, "collapse adds its level", exactRun(t, a).P(MetricFallingRubble, "yes"), 70, 216*36)
	a.Options.FallingRubble = false
	check(t, "own level only", exactRun(t, a).P(MetricFallingRubble, "yes"), 10, 216*6)
	a.Level = 0
	if exactRun(t, a).Metric(MetricFallingRubble) != nil {
		t.Error("with the switch off, ground-level Rubble does not fall")
	}
}

// TestCavalry: a Thrown DC by Cavalry takes +3 against the target and +4
// against the thrower's Location, as one thrown from a vehicle (A23.6).
func TestCavalry(t *testing.T) {
	a := NewDCAttack(Thrown, mustUnit(t, "4-6-7"))
	a.Throwers = []Unit{mustUnit(t, "4-6-7")}
	a.Cavalry = true
	cav := exactRun(t, a)
	check(t, "target KIA", sum(cav, MetricIFT, kiaLabels...), 1, 36)
	a.Cavalry, a.FromVehicle = false, true
	veh := exactRun(t, a)
	for i, m := range cav.Metrics {
		for k, o := range m.Outcomes {
			if p := veh.Metrics[i].Outcomes[k].P; math.Abs(o.P-p) > tol {
				t.Errorf("%s=%s: cavalry %v, from a vehicle %v", m.Name, o.Label, o.P, p)
			}
		}
	}
}

// TestStructureValidation: inputs that cannot go together name the flag.
func TestStructureValidation(t *testing.T) {
	u := mustUnit(t, "4-6-7")
	for _, c := range []struct {
		name string
		set  func(*DCAttack)
		want string
	}{
		{"cave and bridge", func(a *DCAttack) { a.Cave, a.Bridge = true, StoneBridge }, "breach:"},
		{"narrow roadblock with targets", func(a *DCAttack) { a.Roadblock = NarrowStreetRoadblock }, "roadblock:"},
		{"gun manned by a leader", func(a *DCAttack) { a.Gun, a.Targets = true, []Unit{mustUnit(t, "leader:8-1")} }, "gun:"},
		{"cave with TEM", func(a *DCAttack) { a.Cave, a.TEM = true, 2 }, "tem:"},
		{"cave drm without cave", func(a *DCAttack) { a.CaveDRM = 1 }, "cave-drm:"},
		{"level without building", func(a *DCAttack) { a.Level = 1 }, "level:"},
		{"top below level", func(a *DCAttack) { a.Building, a.Level, a.Top = Stone, 2, 1 }, "top:"},
		{"top left at 0 under an upper level", func(a *DCAttack) { a.Building, a.Level = Stone, 1 }, "top:"},
		{"cavalry placed", func(a *DCAttack) { a.Cavalry = true }, "cavalry:"},
		{"berserk Placer (A15.431)", func(a *DCAttack) { a.Placer = []Unit{mustUnit(t, "4-6-7,berserk")} }, "placer:"},
		{"berserk Setter (A15.431)", func(a *DCAttack) { a.Mode, a.Setter = Set, []Unit{mustUnit(t, "4-6-7,berserk")} }, "setter:"},
		{"broken Placer (A7.81)", func(a *DCAttack) { a.Placer = []Unit{mustUnit(t, "4-6-7,class=elite,broken")} }, "placer:"},
		{"pinned Setter (A7.81)", func(a *DCAttack) { a.Mode, a.Setter = Set, []Unit{mustUnit(t, "4-6-7,class=elite,pinned")} }, "setter:"},
		{"broken thrower (A7.81)", func(a *DCAttack) { a.Mode, a.Throwers = Thrown, []Unit{mustUnit(t, "4-6-7,class=elite,broken")} }, "thrower:"},
		{"pinned thrower (A7.81)", func(a *DCAttack) { a.Mode, a.Throwers = Thrown, []Unit{mustUnit(t, "4-6-7,class=elite,pinned")} }, "thrower:"},
		{"disrupted thrower (A7.81)", func(a *DCAttack) { a.Mode, a.Throwers = Thrown, []Unit{mustUnit(t, "4-6-7,class=elite,disrupted")} }, "thrower:"},
		{"concealed Placer", func(a *DCAttack) { a.Placer = []Unit{mustUnit(t, "4-6-7,class=elite,concealed")} }, "placer:"},
		{"concealed Setter", func(a *DCAttack) { a.Mode, a.Setter = Set, []Unit{mustUnit(t, "4-6-7,class=elite,concealed")} }, "setter:"},
		{"concealed thrower (§8.16)", func(a *DCAttack) { a.Mode, a.Throwers = Thrown, []Unit{mustUnit(t, "4-6-7,concealed")} }, "thrower:"},
		{"elite user, 1st Line Placer (A23.2)", func(a *DCAttack) { a.Placer = []Unit{mustUnit(t, "4-6-7")} }, "user:"},
		{"non-elite user, elite Setter", func(a *DCAttack) {
			a.Mode, a.User, a.Setter = Set, NonEliteUser, []Unit{mustUnit(t, "4-6-8,class=elite")}
		}, "user:"},
		{"sw on an attack", func(a *DCAttack) { a.Japanese = true }, "japanese:"},
	} {
		a := NewDCAttack(Placed, u)
		c.set(&a)
		err := a.Validate()
		if err == nil || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
			t.Errorf("%s: %v, want an error starting %q", c.name, err, c.want)
		}
	}
}
