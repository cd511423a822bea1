package asl_test

// The oracle extended to any attack on the IFT (rules/asl.md §2.3, §3,
// §7.4, §8.53–8.62, default readings): the attack DR is enumerated as its
// 36 white/colored pairs, since doubles make Infantry fire Cower (A7.9);
// each pair's Original DR then goes through the oracle's Location, and
// Table 23 is worked out from the chart of §7.4 and the rolls of §7.2–7.3.
// Nothing here uses the model's column, Cowering or Table 23 code.

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
)

// kindlingOf is §7.3's Kindling # by terrain; 0 does not burn (§8.56).
var kindlingOf = map[string]int{"woods": 9, "brush": 9, "vineyard": 9, "grain": 10, "orchard": 11, "olive-grove": 11, "cactus": 12}

// shellholeGround is §7.4's Shellhole terrain.
var shellholeGround = map[string]bool{"open-ground": true, "orchard": true, "palm-trees": true, "brush": true, "grain": true, "kunai": true}

// fireCowers: Infantry fire not directed by a leader, unless British
// Elite or 1st Line, or Finnish but for Conscripts (§7.4, sasl.md S29).
func fireCowers(a asl.IFTAttack) bool {
	if a.Firer != asl.InfantryFirer || a.LeaderDirected || a.FirerNationality == asl.Finnish && a.FirerClass != asl.Conscript {
		return false
	}
	return !(a.FirerNationality == asl.British && (a.FirerClass == asl.Elite || a.FirerClass == asl.FirstLine))
}

// fireKindling is the Location's Kindling #.
func fireKindling(a asl.IFTAttack) int {
	switch a.Building {
	case asl.Wooden:
		return 7
	case asl.Stone:
		return 8
	}
	return kindlingOf[a.Terrain]
}

// pDR is P(DR ≥ n) for one 2d6 DR.
func pDRAtLeast(n int) float64 {
	p := 0.0
	for s := 2; s <= 12; s++ {
		if s >= n {
			p += float64(drWeights[s-2]) / 36
		}
	}
	return p
}

// pDrAtMost is P(dr ≤ n) for one die.
func pDrAtMost(n int) float64 { return float64(min(max(n, 0), 6)) / 6 }

// fireOracle returns the exact distribution of every metric of a fire
// attack with the default options.
func fireOracle(t *testing.T, a asl.IFTAttack) map[string]map[string]float64 {
	t.Helper()
	out := oracleMetrics{}
	metric := out.metric
	n := len(a.Targets)
	layoutTargets(metric, n)
	if n == 0 {
		delete(out, "stack")
		delete(out, "hob")
		delete(out, "out")
	}
	ift := metric("ift", oracleIFTLabels)
	cowers := fireCowers(a)
	var cowering map[string]float64
	if cowers {
		cowering = metric("cowering", oracleYesNo)
	}
	shift := 1
	if a.FirerClass == asl.Green || a.FirerClass == asl.Conscript {
		shift = 2 // A19.33
	}

	// Table 23's weapons (§7.4, §8.55–8.57).
	w := a.Weapon
	ffe := w == asl.FFE || w == asl.ConcentratedFFE || w == asl.HarassingFFE
	shellholes := shellholeGround[a.Terrain] &&
		(w == asl.FFE || w == asl.ConcentratedFFE || w == asl.AerialBomb || w == asl.Rocket && a.Calibre >= 150)
	rubbles := a.Building != asl.NoBuilding &&
		(ffe || w == asl.HEAT || w == asl.AerialBomb || (w == asl.HE || w == asl.Rocket) && a.Calibre >= 70)
	kindling := fireKindling(a)
	heFlame := kindling > 0 && !shellholes && (ffe || w == asl.HE || w == asl.HEAT || w == asl.AerialBomb || w == asl.Rocket)
	ftFlame := kindling > 0 && w == asl.Flamethrower
	upper := rubbles && a.Level > 0
	falls := rubbles && (a.Level > 0 || a.Top > 0)
	var shellhole, rubble, collapse, fall, flame map[string]float64
	if shellholes {
		shellhole = metric("shellhole", oracleYesNo)
	}
	if rubbles {
		rubble = metric("rubble", oracleYesNo)
	}
	if upper {
		collapse = metric("collapse", oracleYesNo)
	}
	if falls {
		fall = metric("falling_rubble", oracleYesNo)
	}
	if heFlame || ftFlame {
		flame = metric("flame", oracleYesNo)
	}
	flameDRM := 0
	if a.Building == asl.NoBuilding {
		flameDRM = []int{-3, -3, -2, -1, 0, 1, 2}[a.EC] // §7.3 EC chart
	} else if a.Fortified {
		flameDRM = -1
	}
	pFlameDR := pDRAtLeast(kindling - flameDRM)
	stone := 0
	if a.Building == asl.Stone {
		stone = 1
	}

	// The collapse and fall after Rubble (§7.2, §8.60).
	above := max(a.Top-a.Level, 0)
	pCollapse := 0.0
	if upper {
		pCollapse = 1 - pDrAtMost(5-above) // dr + above ≥ 6
	}
	pFall := 0.0
	if falls {
		own := above
		if a.Level > 0 {
			own++
		}
		pFall = pCollapse*(1-pDrAtMost(6-a.Top)) + (1-pCollapse)*(1-pDrAtMost(6-own))
	}

	// The Location's units: §2.3 columns, halved for Area Fire and for
	// concealment (never an FFE's), compounding.
	halve := func(u asl.Unit) float64 {
		fp := a.FP
		if a.AreaFire {
			fp /= 2
		}
		if (a.Concealed || u.Concealed) && !ffe {
			fp /= 2
		}
		return fp
	}
	var start world
	for k, u := range a.Targets {
		start.addPiece(newPiece(u, k, a.ELR))
	}
	surrender := a.Options.Surrender != nil && *a.Options.Surrender
	worlds := map[world]float64{}
	for wd := 1; wd <= 6; wd++ {
		for cd := 1; cd <= 6; cd++ {
			p := 1.0 / 36
			orig := wd + cd
			s := 0
			if wd == cd && cowers {
				s = shift
				cowering["yes"] += p
			} else if cowers {
				cowering["no"] += p
			}
			// Each unit's cell; Cowering off the 1 column: no effect (§8.54).
			loc := &location{opts: a.Options.Options, surrender: surrender, fixedDR: orig}
			cellOf := func(fp float64, drm int) (col, final int) {
				c := column(fp) - s
				if c < 0 {
					return 0, 99 // the "—" of the 1 column
				}
				return c, orig + drm
			}
			for _, u := range a.Targets {
				drm := a.DRM + u.DRM
				if w != asl.Flamethrower {
					drm += a.TEM
				}
				c, f := cellOf(halve(u), drm)
				loc.col = append(loc.col, c)
				loc.drm = append(loc.drm, f-orig)
			}
			c, f := cellOf(halve(asl.Unit{}), a.TEM+a.DRM)
			if n > 0 {
				c, f = loc.col[0], orig+loc.drm[0]
			}
			ift[iftCell(c, f).label()] += p
			// Table 23 reads the unhalved column, Cowered too (§8.53, §8.54).
			r := iftResult{resNone, 0}
			if tc := column(a.FP) - s; tc >= 0 {
				r = iftCell(tc, orig)
			}
			kia := 0
			if r.kind == resKIA {
				kia = r.n
			}
			placed := shellholes && kia > 0
			if shellholes {
				shellhole[yesNo(placed)] += p
			}
			pr := 0.0
			if rubbles {
				pr = pDrAtMost(kia - stone)
				rubble["yes"] += p * pr
				rubble["no"] += p * (1 - pr)
			}
			if upper {
				collapse["yes"] += p * pr * pCollapse
				collapse["no"] += p * (1 - pr*pCollapse)
			}
			if falls {
				fall["yes"] += p * pr * pFall
				fall["no"] += p * (1 - pr*pFall)
			}
			if flame != nil {
				trig := heFlame && kia > 0 || ftFlame && (r.kind == resKIA || r.kind == resK)
				pf := 0.0
				if trig && !placed {
					pf = (1 - pr) * pFlameDR
				}
				flame["yes"] += p * pf
				flame["no"] += p * (1 - pf)
			}
			if n == 0 {
				continue
			}
			// B24.11: Rubble eliminates every unit before the attack.
			if pr > 0 {
				var gone world
				for k, u := range a.Targets {
					pc := newPiece(u, k, a.ELR)
					pc.remove(goneEliminated)
					gone.addPiece(pc)
				}
				worlds[gone] += p * pr
			}
			w0 := start
			w0.pushTasks(task{op: opAttack})
			for w1, q := range loc.resolve(w0) {
				worlds[w1] += p * (1 - pr) * q
			}
		}
	}
	if n > 0 {
		addFates(out, worlds, a.Targets)
	}
	return out
}

// TestFireOracleAgreesWithModel compares the fire oracle with the model on
// every metric of plain attacks from 1 to 36+ FP, Cowering (one and two
// columns, off the 1 column), compounding halvings, mixed concealment,
// stacks with leaders, and each Table 23 row that follows an IFT attack.
func TestFireOracleAgreesWithModel(t *testing.T) {
	u := func(s string) asl.Unit { return mustUnit(t, s) }
	cases := []struct {
		name  string
		fp    float64
		units []string
		set   func(*asl.IFTAttack)
	}{
		{"1 FP cowers off the table", 1, []string{"4-6-7"}, nil},
		{"2 FP green cowers two columns", 2, []string{"4-6-7"}, func(a *asl.IFTAttack) { a.FirerClass = asl.Green }},
		{"8 FP +2 on a stack with a leader", 8, []string{"4-6-7", "leader:8-1"}, func(a *asl.IFTAttack) { a.DRM = 2 }},
		{"12 FP leader-directed −1", 12, []string{"4-6-7", "4-6-7", "leader:9-1"}, func(a *asl.IFTAttack) { a.DRM, a.LeaderDirected = -1, true }},
		{"7.5 FP area fire vs a mixed stack", 30, []string{"4-6-7,concealed", "hs:2-4-7"}, func(a *asl.IFTAttack) { a.AreaFire = true; a.TEM = 1 }},
		{"36+ FP −4 British elite", 40, []string{"5-4-8,class=elite", "leader:8-0"}, func(a *asl.IFTAttack) {
			a.DRM, a.FirerNationality, a.FirerClass = -4, asl.British, asl.Elite
		}},
		{"20 FP +6 conscript firer", 20, []string{"4-4-7,class=green", "crew:2-2-8"}, func(a *asl.IFTAttack) { a.DRM, a.FirerClass = 6, asl.Conscript }},
		{"16 FP ordnance HE in a wooden building", 16, []string{"4-6-7", "leader:8-1"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Calibre, a.Building, a.TEM = asl.HE, asl.OrdnanceFirer, 75, asl.Wooden, 2
		}},
		{"20 FP FFE on stone level 1 of 2", 20, []string{"4-6-7"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Building, a.TEM, a.Level, a.Top = asl.FFE, asl.FFEFirer, asl.Stone, 3, 1, 2
		}},
		{"30 FP HEAT at ground, 2 levels above", 30, []string{"hs:2-4-7"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Building, a.TEM, a.Top = asl.HEAT, asl.OrdnanceFirer, asl.Wooden, 2, 2
		}},
		{"16 FP HE in dry woods", 16, []string{"4-6-7"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Calibre, a.Terrain, a.EC, a.TEM = asl.HE, asl.OrdnanceFirer, 75, "woods", asl.Dry, 1
		}},
		{"24 FP FT vs concealed in a wooden building", 24, []string{"4-6-7,concealed"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Building = asl.Flamethrower, asl.Wooden
		}},
		{"20 FP Concentration in an orchard", 20, []string{"4-6-7"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Terrain = asl.ConcentratedFFE, asl.FFEFirer, "orchard"
		}},
		{"12 FP Harassing Fire in brush", 12, []string{"4-6-7", "leader:8-1"}, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Terrain, a.EC = asl.HarassingFFE, asl.FFEFirer, "brush", asl.VeryDry
		}},
		{"30 FP 150mm rocket on empty grain", 30, nil, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Calibre, a.Terrain = asl.Rocket, asl.OrdnanceFirer, 150, "grain"
		}},
		{"24 FP aerial bomb on an empty stone building", 24, nil, func(a *asl.IFTAttack) {
			a.Weapon, a.Firer, a.Building, a.Fortified = asl.AerialBomb, asl.AircraftFirer, asl.Stone, true
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := asl.NewIFTAttack(tc.fp)
			for _, s := range tc.units {
				a.Targets = append(a.Targets, u(s))
			}
			if tc.set != nil {
				tc.set(&a)
			}
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
			compareMetrics(t, fireOracle(t, a), a)
		})
	}
}
