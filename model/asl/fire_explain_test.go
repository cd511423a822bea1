package asl

import (
	"fmt"
	"strings"
	"testing"
)

// explainedFires are attacks that between them switch on every column
// reason, DRM, Cowering case, Table 23 effect and terrain roll the working
// itemizes.
func explainedFires(t *testing.T) []IFTAttack {
	stack := func(units ...string) []Unit {
		var us []Unit
		for _, s := range units {
			us = append(us, mustUnit(t, s))
		}
		return us
	}
	var out []IFTAttack
	add := func(a IFTAttack, change func(*IFTAttack)) {
		change(&a)
		out = append(out, a)
	}
	base := NewIFTAttack(8, stack("4-6-7", "leader:8-1")...)
	base.DRM = 2
	add(base, func(a *IFTAttack) {})
	add(base, func(a *IFTAttack) { a.FirerClass = Green })
	add(base, func(a *IFTAttack) { a.FP, a.FirerClass = 2, Conscript })
	add(base, func(a *IFTAttack) {
		a.FP, a.FirerClass = 2, Conscript
		a.Options.CowerOffLowestNoEffect = false
	})
	add(base, func(a *IFTAttack) { a.LeaderDirected = true })
	add(base, func(a *IFTAttack) { a.FirerNationality, a.FirerClass = British, Elite })
	add(base, func(a *IFTAttack) { a.FirerNationality, a.FirerClass = British, SecondLine })
	add(base, func(a *IFTAttack) { a.FirerNationality = Finnish })
	add(base, func(a *IFTAttack) { a.Firer = SMCFirer })
	add(base, func(a *IFTAttack) { a.Concealed, a.FP = true, 12 })
	add(base, func(a *IFTAttack) { a.AreaFire, a.FP, a.TEM = true, 15, 1 })
	add(base, func(a *IFTAttack) {
		a.AreaFire, a.FP = true, 30
		a.Targets = stack("4-6-7,concealed", "leader:9-2,drm=-1", "hs:2-4-7")
	})
	ffe := NewIFTAttack(20, stack("4-6-7", "hs:2-4-7")...)
	ffe.Weapon, ffe.Firer, ffe.Building, ffe.TEM, ffe.Level, ffe.Top = FFE, FFEFirer, Stone, 3, 1, 2
	add(ffe, func(a *IFTAttack) {})
	add(ffe, func(a *IFTAttack) { a.Level, a.Options.FallingRubble = 0, true })
	add(ffe, func(a *IFTAttack) {
		a.Targets = stack("4-6-7", "hs:2-4-7,concealed")
		a.Options.FFEIgnoresConcealment = false
	})
	add(ffe, func(a *IFTAttack) {
		a.Weapon, a.Building, a.Level, a.Top, a.TEM, a.Terrain = ConcentratedFFE, NoBuilding, 0, 0, 0, "orchard"
	})
	add(ffe, func(a *IFTAttack) {
		a.Weapon, a.Building, a.Level, a.Top, a.TEM, a.Terrain = ConcentratedFFE, NoBuilding, 0, 0, 0, "orchard"
		a.Options.ShellholeNoFlame = false
	})
	he := NewIFTAttack(12)
	he.Weapon, he.Firer, he.Calibre, he.Building, he.Fortified, he.TEM = HE, OrdnanceFirer, 75, Wooden, true, 3
	add(he, func(a *IFTAttack) {})
	add(he, func(a *IFTAttack) { a.Targets, a.Concealed, a.Options.Table23Unhalved = stack("4-6-7"), true, false })
	// One concealed target of two: Table 23 reads the other's column, in
	// either order (the 36+ column's KIA reaches Original 6, the 16's 3).
	add(he, func(a *IFTAttack) {
		a.FP, a.Calibre, a.Targets, a.Options.Table23Unhalved = 36, 150, stack("4-6-7,concealed", "hs:2-4-7"), false
	})
	add(he, func(a *IFTAttack) {
		a.FP, a.Calibre, a.Targets, a.Options.Table23Unhalved = 36, 150, stack("hs:2-4-7", "4-6-7,concealed"), false
	})
	add(base, func(a *IFTAttack) {
		a.Weapon, a.Terrain, a.EC, a.FP = Flamethrower, "woods", Dry, 24
		a.Targets = stack("4-6-7,concealed", "leader:8-1")
	})
	add(base, func(a *IFTAttack) {
		a.Weapon, a.Terrain, a.FP = Flamethrower, "grain", 12
		a.Options.CoweringShiftsTable23 = false
	})
	wp := NewIFTAttack(0)
	wp.Weapon, wp.Building, wp.EC = WP, Wooden, Dry
	add(wp, func(a *IFTAttack) {})
	add(wp, func(a *IFTAttack) { a.Options.WPDRMsAdd = false })
	add(wp, func(a *IFTAttack) { a.Building, a.Fortified = Stone, true })
	add(wp, func(a *IFTAttack) { a.Building, a.Terrain, a.EC = NoBuilding, "woods", VeryDry })
	entry := NewIFTAttack(0)
	entry.AFVEntersBuilding, entry.Building, entry.Top, entry.BogDRM = true, Stone, 2, -2
	add(entry, func(a *IFTAttack) {})
	add(entry, func(a *IFTAttack) { a.Building, a.Top, a.BogDRM, a.Options.FallingRubble = Wooden, 1, -4, true })
	return out
}

// TestFireWorkingAgreesWithModel holds every itemization to the model's
// own total, every column to its FP, and every row of the table to the
// IFT and Table 23 read afresh.
func TestFireWorkingAgreesWithModel(t *testing.T) {
	for i, a := range explainedFires(t) {
		name := fmt.Sprintf("attack %d (%s)", i, a.Weapon)
		if err := a.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w := a.Working()
		checkTerrainRolls(t, name, a, w)
		if !a.attacks() {
			if len(w.Attack) > 0 || len(w.Targets) > 0 {
				t.Errorf("%s: no IFT attack, but an attack table", name)
			}
			continue
		}
		targets := a.Targets
		if len(targets) == 0 {
			targets = []Unit{{}}
		}
		for k, rt := range w.Targets {
			u := targets[k]
			want := a.targetDRM(u)
			if len(a.Targets) == 0 {
				want = a.locationDRM()
			}
			if got := sumTerms(rt.Terms); got != rt.DRM || rt.DRM != want {
				t.Errorf("%s target %d: terms sum to %+d, DRM %+d, model %+d", name, k+1, got, rt.DRM, want)
			}
			if ColumnFor(rt.Column.FP) != rt.Column.Column || rt.Column.Column != a.column(u) {
				t.Errorf("%s target %d: FP %g, column %s, model %s", name, k+1, rt.Column.FP, rt.Column.Heading(), ColumnHeading(a.column(u)))
			}
			if halved := strings.Count(rt.Column.Why, "halved for"); halved != a.halvings(u) {
				t.Errorf("%s target %d: %d halvings named (%q), model %d", name, k+1, halved, rt.Column.Why, a.halvings(u))
			}
		}
		cw := w.Cowering
		if (cw.Shift > 0) != a.Cowers() || cw.Shift > 0 && cw.Shift != a.CoweringShift() {
			t.Errorf("%s: Cowering %d (%s), model %v by %d", name, cw.Shift, cw.Why, a.Cowers(), a.CoweringShift())
		}
		if t23 := w.Table23; t23 != nil && (ColumnFor(t23.Column.FP) != t23.Column.Column || t23.Column.Column != a.table23Column()) {
			t.Errorf("%s: Table 23 on FP %g, column %s, model %s", name, t23.Column.FP, t23.Column.Heading(), ColumnHeading(a.table23Column()))
		}
		if (w.Table23 != nil) != (a.CanShellhole() || a.CanRubble() || a.CanFlame()) {
			t.Errorf("%s: Table 23 working %v, model can Shellhole %v, Rubble %v, Flame %v", name, w.Table23 != nil, a.CanShellhole(), a.CanRubble(), a.CanFlame())
		}
		ways, cowered := 0, 0
		for _, r := range w.Attack {
			ways += r.Ways
			doubles := r.Doubles == "doubles"
			if r.Doubles != "" && r.Ways != doublesWays(r.Original, doubles) {
				t.Errorf("%s DR %d %s: %d ways", name, r.Original, r.Doubles, r.Ways)
			}
			if want := b2i(doubles && a.Cowers()) * a.CoweringShift(); r.Cowered != want {
				t.Errorf("%s DR %d %q: Cowered %d, want %d", name, r.Original, r.Doubles, r.Cowered, want)
			}
			if r.Cowered > 0 {
				cowered += r.Ways
			}
			for k, rt := range w.Targets {
				if r.Final[k] != r.Original+rt.DRM {
					t.Errorf("%s DR %d target %d: Final %d", name, r.Original, k+1, r.Final[k])
				}
				col := rt.Column.Column
				if r.Cowered > 0 {
					to := cw.To[k]
					col = to.Column
					if to.Off && r.Result[k] != NoEffect {
						t.Errorf("%s DR %d target %d: Cowered off the table, yet %s", name, r.Original, k+1, r.Result[k])
					}
					if to.Off {
						continue
					}
				}
				if want := Lookup(col, r.Final[k]); r.Result[k] != want {
					t.Errorf("%s DR %d %q target %d: %s, the IFT gives %s on the %s column", name, r.Original, r.Doubles, k+1, r.Result[k], want, ColumnHeading(col))
				}
			}
			checkTable23Effects(t, name, a, r)
		}
		if ways != 36 {
			t.Errorf("%s: the rows cover %d of 36 ways", name, ways)
		}
		if want := 6 * b2i(a.Cowers()); cowered != want {
			t.Errorf("%s: %d ways Cower, want %d", name, cowered, want)
		}
	}
}

// checkTable23Effects holds a row's effects to Table 23 read afresh on the
// column the options name (§8.53, §8.54).
func checkTable23Effects(t *testing.T, name string, a IFTAttack, r DRRow) {
	t.Helper()
	col := ColumnFor(a.FP)
	if !a.Options.Table23Unhalved {
		// the highest column used against the Location's units
		col = 0
		for _, u := range a.Targets {
			col = max(col, ColumnFor(a.fpAgainst(u)))
		}
	}
	shift := r.Cowered * b2i(a.Options.CoweringShiftsTable23)
	kia, k := 0, 0
	if int(col) >= shift {
		res := Lookup(Column(int(col)-shift), r.Original)
		kia, k = res.KIA(), res.K()
	} else if !a.Options.CowerOffLowestNoEffect {
		res := Lookup(0, r.Original)
		kia, k = res.KIA(), res.K()
	}
	has := func(what string) bool {
		for _, e := range r.Effects {
			if strings.HasPrefix(e, what) {
				return true
			}
		}
		return false
	}
	shell := a.CanShellhole() && kia > 0
	trigger := kia > 0 || a.Weapon == Flamethrower && k > 0
	flame := a.CanFlame() && trigger && !(shell && a.Options.ShellholeNoFlame)
	for _, c := range []struct {
		what string
		want bool
	}{{"Shellhole", shell}, {fmt.Sprintf("Rubble dr (KIA %d ", kia), a.CanRubble() && kia > 0}, {"Flame DR", flame}} {
		if has(c.what) != c.want {
			t.Errorf("%s DR %d %q: %q in %q, want %v", name, r.Original, r.Doubles, c.what, r.Effects, c.want)
		}
	}
}

// checkTerrainRolls holds each terrain roll's terms to its DRM and that
// DRM to the function the trial calls, and each row of a terrain-only
// table to the roll's own rule.
func checkTerrainRolls(t *testing.T, name string, a IFTAttack, w FireWorking) {
	t.Helper()
	s := a.site()
	want := map[string]int{"Rubble dr": s.rubbleDRM(), "collapse dr": s.collapseDRM(), "Falling Rubble DR": s.fallDRM(false),
		"Flame DR": s.flameDRM(), "WP Flame DR": a.wpFlameDRM(), "Bog Check colored dr": a.BogDRM}
	names := map[string]bool{}
	for _, r := range w.Terrain {
		names[r.Name] = true
		if got := sumTerms(r.Terms); got != r.DRM || r.DRM != want[r.Name] {
			t.Errorf("%s %s: terms sum to %+d, DRM %+d, model %+d", name, r.Name, got, r.DRM, want[r.Name])
		}
	}
	for roll, on := range map[string]bool{"Rubble dr": a.attacks() && a.CanRubble(), "collapse dr": a.CanRubble() && s.upperLevel(),
		"Falling Rubble DR": a.CanRubble() && s.canFall(), "Flame DR": a.attacks() && a.CanFlame(),
		"WP Flame DR": a.Weapon == WP, "Bog Check colored dr": a.AFVEntersBuilding} {
		if names[roll] != on {
			t.Errorf("%s: %s in the working %v, want %v", name, roll, names[roll], on)
		}
	}
	if a.attacks() {
		return
	}
	r, ways := w.Terrain[0], 0
	for _, row := range w.TerrainRows {
		ways += row.Ways
		yes := row.Final >= r.Need
		if r.AtMost {
			yes = row.Final <= r.Need
		}
		if row.Final != row.Roll+r.DRM || row.Yes != yes {
			t.Errorf("%s %s %d: Final %d, %v; need %d (at most %v)", name, r.Name, row.Roll, row.Final, row.Yes, r.Need, r.AtMost)
		}
	}
	if len(w.TerrainRows) == 0 || ways != w.TerrainRows[0].Of {
		t.Errorf("%s: the terrain rows cover %d ways", name, ways)
	}
}
