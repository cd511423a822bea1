package asl

// Reference figures R24–R31 for sapper fire, derived by hand from
// rules/asl.md §1 (2d6: 1,2,3,4,5,6,5,4,3,2,1 ways of 36), §2.1 (the IFT)
// and §7.4 (Table 23), with the default readings of §8.53–8.60. Each
// figure's derivation is in its test's comment; docs/rules/asl.md lists them.

import (
	"testing"
)

// fireAttack is a fire attack built for a figure, checked.
func fireAttack(t *testing.T, fp float64, set func(*IFTAttack), units ...string) IFTAttack {
	t.Helper()
	a := NewIFTAttack(fp)
	for _, s := range units {
		a.Targets = append(a.Targets, mustUnit(t, s))
	}
	if set != nil {
		set(&a)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	return a
}

// checkIFT compares the ift metric of a with counts out of 36.
func checkIFT(t *testing.T, name string, a IFTAttack, want map[string]int64) {
	t.Helper()
	res := exactOf(t, a)
	var total int64
	for label, n := range want {
		check(t, name+" "+label, res.P(MetricIFT, label), n, 36)
		total += n
	}
	if total != 36 {
		t.Fatalf("%s: the figure adds up to %d/36", name, total)
	}
}

// TestR24Cowering: 8 FP small arms at +2 against a 4-6-7 (Final =
// Original + 2). Uncowered, the 8 column gives 2MC at Final 4–5, 1MC at
// 6–7, NMC at 8, PTC at 9, none from 10. The six doubles Cower to the 6
// column: 2+2 → Final 4 2MC, 4 → 6 1MC, 6 → 8 PTC, 8, 10, 12 none. The 30
// other pairs: Original 3 (2 ways) 2MC, 4 (2) 1MC, 5 (4) 1MC, 6 (4) NMC, 7
// (6) PTC, 8–12 (4+4+2+2) none. In all: 2MC 3/36, 1MC 7/36, NMC 4/36, PTC
// 7/36, none 15/36; Cowering 6/36. Directed by a leader (no Cowering):
// 2MC 3, 1MC 7, NMC 5, PTC 6, none 15.
func TestR24Cowering(t *testing.T) {
	a := fireAttack(t, 8, func(a *IFTAttack) { a.DRM = 2 }, "4-6-7")
	checkIFT(t, "R24", a, map[string]int64{"2MC": 3, "1MC": 7, "NMC": 4, "PTC": 7, "none": 15})
	check(t, "R24 cowering", exactOf(t, a).P(MetricCowering, "yes"), 6, 36)
	a.LeaderDirected = true
	checkIFT(t, "R24 leader-directed", a, map[string]int64{"2MC": 3, "1MC": 7, "NMC": 5, "PTC": 6, "none": 15})
}

// TestFinnsCowerAsConscriptsOnly: R24's attack by Finns. Finns other
// than Conscripts never Cower (A7.9; asl.md §7.4 says "Finns", sasl.md S29
// gives the exception for Conscripts): as directed by a leader, 2MC 3,
// 1MC 7, NMC 5, PTC 6, none 15. A Finnish Conscript firer Cowers two
// columns, to the 4 column on the six doubles: 2+2 → Final 4 1MC, 4 → 6
// NMC, 6 → 8 none, 8, 10, 12 none; the other 30 as R24: 2MC 2, 1MC 7, NMC
// 5, PTC 6, none 16.
func TestFinnsCowerAsConscriptsOnly(t *testing.T) {
	a := fireAttack(t, 8, func(a *IFTAttack) { a.DRM, a.FirerNationality = 2, Finnish }, "4-6-7")
	checkIFT(t, "Finns", a, map[string]int64{"2MC": 3, "1MC": 7, "NMC": 5, "PTC": 6, "none": 15})
	a.FirerClass = Conscript
	checkIFT(t, "Finnish Conscripts", a, map[string]int64{"2MC": 2, "1MC": 7, "NMC": 5, "PTC": 6, "none": 16})
	check(t, "Finnish Conscripts cowering", exactOf(t, a).P(MetricCowering, "yes"), 6, 36)
}

// TestR25CowerOffTheTable: 1 FP at DRM 0. The six doubles Cower off the 1
// column and have no effect at all (§8.54); the others read the 1 column:
// Original 3 (2 ways) 1MC, 4 (2) NMC, 5 (4) PTC, the other 22 none: 1MC
// 2/36, NMC 2/36, PTC 4/36, none 28/36. Kept on the 1 column instead, the
// doubles 2 and 4 add a 1MC and a NMC: 3, 3, 4, 26. An Inexperienced firer
// at 2 FP Cowers two columns, off the table too: the 2 column's Original
// 3 (2) 1MC, 4 (2) 1MC, 5 (4) NMC, 6 (4) PTC: 1MC 4, NMC 4, PTC 4, none 24.
func TestR25CowerOffTheTable(t *testing.T) {
	a := fireAttack(t, 1, nil, "4-6-7")
	checkIFT(t, "R25", a, map[string]int64{"1MC": 2, "NMC": 2, "PTC": 4, "none": 28})
	a.Options.CowerOffLowestNoEffect = false
	checkIFT(t, "R25 kept on the 1 column", a, map[string]int64{"1MC": 3, "NMC": 3, "PTC": 4, "none": 26})
	a = fireAttack(t, 2, func(a *IFTAttack) { a.FirerClass = Green }, "4-6-7")
	checkIFT(t, "R25 green", a, map[string]int64{"1MC": 4, "NMC": 4, "PTC": 4, "none": 24})
}

// TestR26FFERubbleAndFlame: a 20 FP FFE (20 column, never Cowered) into a
// building. Original KIA on the 20 column: 2 → 2KIA, 3 → 1KIA (3/36).
// Rubble: stone dr + 1 ≤ KIA#: 1/36 × 1/6 = 1/216; wooden dr ≤ KIA#:
// (1·2 + 2·1)/216 = 1/54. Flame (no Rubble; DR ≥ Kindling 7 wooden, 8
// stone): wooden (18 − 4)/216 × 21/36 = 49/1296; stone (18 − 1)/216 ×
// 15/36 = 85/2592.
func TestR26FFERubbleAndFlame(t *testing.T) {
	for _, c := range []struct {
		b            Building
		rubble       [2]int64
		flame        [2]int64
		name, figure string
	}{
		{Stone, [2]int64{1, 216}, [2]int64{85, 2592}, "stone", "R26"},
		{Wooden, [2]int64{1, 54}, [2]int64{49, 1296}, "wooden", "R26"},
	} {
		a := fireAttack(t, 20, func(a *IFTAttack) {
			a.Weapon, a.Firer, a.Building, a.TEM = FFE, FFEFirer, c.b, c.b.TEM(false)
		}, "4-6-7")
		res := exactOf(t, a)
		check(t, c.figure+" "+c.name+" rubble", res.P(MetricRubble, "yes"), c.rubble[0], c.rubble[1])
		check(t, c.figure+" "+c.name+" flame", res.P(MetricFlame, "yes"), c.flame[0], c.flame[1])
	}
}

// TestR27Shellholes: an Original KIA places a Shellhole, no further roll:
// a 20 FP Concentration in an orchard, Original ≤ 3 on the 20 column:
// 3/36; a 30 FP 150mm rocket on grain, Original ≤ 5 on the 30 column:
// 10/36. Harassing Fire and a 120mm rocket make none, and in an orchard
// the Concentration starts no Flame (§8.56).
func TestR27Shellholes(t *testing.T) {
	a := fireAttack(t, 20, func(a *IFTAttack) { a.Weapon, a.Firer, a.Terrain = ConcentratedFFE, FFEFirer, "orchard" })
	res := exactOf(t, a)
	check(t, "R27 concentration", res.P(MetricShellhole, "yes"), 3, 36)
	if res.Metric(MetricFlame) != nil {
		t.Error("a Shellhole leaves no Flame (§8.56)")
	}
	a = fireAttack(t, 30, func(a *IFTAttack) { a.Weapon, a.Firer, a.Calibre, a.Terrain = Rocket, OrdnanceFirer, 150, "grain" })
	check(t, "R27 rocket", exactOf(t, a).P(MetricShellhole, "yes"), 10, 36)
	a.Calibre = 120
	if a.CanShellhole() {
		t.Error("a 120mm rocket makes no Shellhole")
	}
	a = fireAttack(t, 20, func(a *IFTAttack) { a.Weapon, a.Firer, a.Terrain = HarassingFFE, FFEFirer, "grain" })
	if a.CanShellhole() {
		t.Error("Harassing Fire makes no Shellhole")
	}
}

// TestR28HEFlame: 16 FP of 75mm HE in woods (Kindling 9): Original KIA on
// the 16 column at Original ≤ 3 (3/36); the Flame DR takes the EC DRM:
// Dry +1 needs DR ≥ 8 (15/36): 45/1296; Moderate DR ≥ 9 (10/36): 30/1296.
func TestR28HEFlame(t *testing.T) {
	a := fireAttack(t, 16, func(a *IFTAttack) {
		a.Weapon, a.Firer, a.Calibre, a.Terrain, a.EC, a.TEM = HE, OrdnanceFirer, 75, "woods", Dry, 1
	}, "4-6-7")
	check(t, "R28 dry", exactOf(t, a).P(MetricFlame, "yes"), 45, 1296)
	a.EC = Moderate
	check(t, "R28 moderate", exactOf(t, a).P(MetricFlame, "yes"), 30, 1296)
}

// TestR29FlamethrowerFlame: a 24 FP FT against a concealed 4-6-7 in a
// wooden building: the unit is attacked on the 12 column with no TEM, but
// the Flame check reads the unhalved 24 column (§8.53, §8.58), where an
// Original 2–5 is a KIA or K/4 (10/36); then DR ≥ 7 (21/36): 210/1296.
func TestR29FlamethrowerFlame(t *testing.T) {
	a := fireAttack(t, 24, func(a *IFTAttack) { a.Weapon, a.Building = Flamethrower, Wooden }, "4-6-7,concealed")
	res := exactOf(t, a)
	check(t, "R29 flame", res.P(MetricFlame, "yes"), 210, 1296)
	// The unit on the 12 column at Final = Original: KIA at ≤ 2 (1/36).
	check(t, "R29 unit KIA", sum(res, MetricIFT, kiaLabels...), 1, 36)
}

// TestFlamethrowerCoweredOffSetsNoFlame: a 6 FP FT by Area Fire against a
// concealed 4-6-7 in a wooden building is halved twice, to 1.5 FP, the 1
// column, while Table 23 reads the 6 column (§8.53). Its doubles Cower
// off the 1 column, and an attack Cowered off has no effect at all
// (§8.54), on the terrain too. The Flame DR (≥ 7, 21/36) then follows only
// the non-doubles Original 3 (2/36), a K/1 on the 6 column: 7/216, not
// the 7/144 of the Original 2 counted as well.
func TestFlamethrowerCoweredOffSetsNoFlame(t *testing.T) {
	a := fireAttack(t, 6, func(a *IFTAttack) { a.Weapon, a.Building, a.AreaFire = Flamethrower, Wooden, true }, "4-6-7,concealed")
	check(t, "flame", exactOf(t, a).P(MetricFlame, "yes"), 7, 216)
}

// TestR30WP: WP's Flame DR, no EC DRM but −1 Dry and −2 in a building,
// added (§8.53), −1 Fortified (§8.59). Wooden building, Dry: DR − 3 ≥ 7,
// DR ≥ 10: 6/36; Fortified: DR ≥ 11: 3/36; stone, Very Dry: DR − 2 ≥ 8:
// 6/36; woods, Dry: DR − 1 ≥ 9: 6/36; woods, Very Dry: DR ≥ 9: 10/36.
func TestR30WP(t *testing.T) {
	for _, c := range []struct {
		name      string
		building  Building
		fortified bool
		terrain   string
		ec        EC
		num       int64
	}{
		{"wooden dry", Wooden, false, "", Dry, 6},
		{"fortified wooden dry", Wooden, true, "", Dry, 3},
		{"stone very dry", Stone, false, "", VeryDry, 6},
		{"woods dry", NoBuilding, false, "woods", Dry, 6},
		{"woods very dry", NoBuilding, false, "woods", VeryDry, 10},
	} {
		a := fireAttack(t, 0, func(a *IFTAttack) {
			a.Weapon, a.Building, a.Fortified, a.Terrain, a.EC = WP, c.building, c.fortified, c.terrain, c.ec
		})
		check(t, "R30 "+c.name, exactOf(t, a).P(MetricFlame, "yes"), c.num, 36)
	}
}

// TestR31AFVEntersBuilding: the colored dr of the Bog Check DR plus its
// modifiers ≤ 0 rubbles the building: at −2, dr ≤ 2: 1/3; at 0 never
// (§8.53). Beneath one upper level the Rubble falls on a colored die + 1
// ≥ 7 (§8.60): 1/3 × 1/6 = 1/18.
func TestR31AFVEntersBuilding(t *testing.T) {
	a := fireAttack(t, 0, func(a *IFTAttack) { a.AFVEntersBuilding, a.Building, a.Top, a.BogDRM = true, Stone, 1, -2 })
	res := exactOf(t, a)
	check(t, "R31 rubble", res.P(MetricRubble, "yes"), 1, 3)
	check(t, "R31 falls", res.P(MetricFallingRubble, "yes"), 1, 18)
	a.BogDRM = 0
	check(t, "R31 no modifiers", exactOf(t, a).P(MetricRubble, "yes"), 0, 1)
}

// TestFireMonteCarloAgreesWithExact runs a plain attack on a stack and
// each kind of Table 23 attack both ways.
func TestFireMonteCarloAgreesWithExact(t *testing.T) {
	for name, a := range map[string]IFTAttack{
		"8 FP +2 on a stack": fireAttack(t, 8, func(a *IFTAttack) { a.DRM = 2 }, "4-6-7", "4-6-7,sw=1", "leader:8-1"),
		"FFE on an upper level": fireAttack(t, 20, func(a *IFTAttack) {
			a.Weapon, a.Firer, a.Building, a.TEM, a.Level, a.Top = FFE, FFEFirer, Stone, 3, 1, 2
		}, "4-6-7", "leader:9-1"),
		"FT in woods": fireAttack(t, 24, func(a *IFTAttack) { a.Weapon, a.Terrain, a.EC = Flamethrower, "woods", Dry }, "4-6-7,concealed"),
		"green fire":  fireAttack(t, 4, func(a *IFTAttack) { a.FirerClass, a.TEM = Conscript, 1 }, "hs:2-4-7", "crew:2-2-8"),
		"WP":          fireAttack(t, 0, func(a *IFTAttack) { a.Weapon, a.Terrain, a.EC = WP, "grain", VeryDry }),
	} {
		checkMonteCarlo(t, name, a)
	}
}
