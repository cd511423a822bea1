package asl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/bound"
)

// FireWorking is the working of an attack on the IFT and of what Table 23
// does to the terrain (rules/asl.md §7.4), read off the plan its trials
// use and the functions they call, so that it cannot differ from them:
// each target's column and
// DRM, Cowering, the Table 23 column and rolls, and what each Original DR
// does. WP and an AFV entering a building make no IFT attack; their
// working is the one roll they make (Terrain, TerrainRows).
type FireWorking struct {
	// Targets is each target's column and DRM; with no --target, the
	// Location itself, whose cell is the reported IFT result.
	Targets  []RollTarget `json:"targets,omitempty"`
	Cowering *Cowering    `json:"cowering,omitempty"`
	// Table23 is the column Table 23 reads and which effects it can set
	// off; nil when the weapon can do nothing to the terrain.
	Table23 *Table23Working `json:"table23,omitempty"`
	// Attack is the attack DR: one row per Original DR 2…12, split into
	// doubles and non-doubles where the plan tells them apart.
	Attack []DRRow `json:"attack,omitempty"`
	// Terrain is the rolls Table 23 calls for after the attack DR, or the
	// one roll of WP or an entering AFV; TerrainRows is that one roll's
	// table.
	Terrain     []TerrainRoll `json:"terrain,omitempty"`
	TerrainRows []TerrainRow  `json:"terrain_rows,omitempty"`
}

// Cowering is how Original doubles move the attack's column (A7.9).
type Cowering struct {
	// Shift is the columns moved left on Original doubles; 0: never.
	Shift int    `json:"shift"`
	Why   string `json:"why"`
	Rule  string `json:"rule"`
	// To is each target's column after Cowering, in the order of Targets.
	To []CoweredColumn `json:"to,omitempty"`
}

// CoweredColumn is a target's column after Cowering; Off: it Cowered off
// the lowest column, so the attack has no effect on it (§8.54). With the
// switch off it stays on the 1 column instead.
type CoweredColumn struct {
	Column Column `json:"-"`
	Off    bool   `json:"off"`
}

// Heading is the column as printed on the IFT.
func (c CoweredColumn) Heading() string { return ColumnHeading(c.Column) }

// Table23Working is the column Table 23 reads and the effects the attack
// can have on its Location's terrain (rules/asl.md §7.4).
type Table23Working struct {
	Column ColumnChoice `json:"column"`
	// Effects names each effect the weapon and terrain allow, with its
	// trigger.
	Effects []Term `json:"effects"`
}

// TerrainRoll is one Table 23 roll: its dice, modifiers and what it
// needs. Need is the least (or, with AtMost, the most) modified roll
// that succeeds; 0 with AtMost and NeedKIA: at most the Original KIA#.
type TerrainRoll struct {
	Name    string `json:"name"`
	Dice    string `json:"dice"` // "dr", "DR", "colored dr"
	Terms   []Term `json:"terms"`
	DRM     int    `json:"drm"`
	Need    int    `json:"need"`
	AtMost  bool   `json:"at_most"`
	NeedKIA bool   `json:"need_kia,omitempty"`
	Why     string `json:"why"`
	Rule    string `json:"rule"`
}

// TerrainRow is what one roll of a terrain-only attack does: Roll is the
// Original dr or DR, Ways of Of (6 or 36), Final the modified roll, Yes
// whether it places the Flame or the Rubble.
type TerrainRow struct {
	Roll  int  `json:"roll"`
	Ways  int  `json:"ways"`
	Of    int  `json:"of"`
	Final int  `json:"final"`
	Yes   bool `json:"yes"`
}

// Working returns the working of the attack. The attack must be valid:
// Working panics with Validate's error otherwise.
func (a IFTAttack) Working() FireWorking {
	bound.MustBeValid("asl.IFTAttack", a.Validate())
	p := newFirePlan(a)
	var w FireWorking
	switch {
	case a.AFVEntersBuilding:
		r := a.entryRoll()
		w.Terrain = []TerrainRoll{r}
		for dr := 1; dr <= 6; dr++ {
			w.TerrainRows = append(w.TerrainRows, TerrainRow{Roll: dr, Ways: 1, Of: 6, Final: dr + r.DRM, Yes: a.entryRubbles(dr)})
		}
		w.Terrain = append(w.Terrain, p.site.rubbleRolls()...)
		return w
	case a.Weapon == WP:
		r := a.wpRoll(p.site)
		w.Terrain = []TerrainRoll{r}
		for dr := 2; dr <= 12; dr++ {
			w.TerrainRows = append(w.TerrainRows, TerrainRow{Roll: dr, Ways: Ways(dr), Of: 36, Final: dr + r.DRM, Yes: p.site.flamesOn(dr, r.DRM)})
		}
		return w
	}
	targets := a.Targets
	if len(targets) == 0 {
		w.Targets = []RollTarget{{Unit: named(Unit{}, "the Location"), Column: a.columnChoice(Unit{}), Terms: a.locationTerms(true), DRM: a.locationDRM()}}
	}
	for _, u := range targets {
		w.Targets = append(w.Targets, RollTarget{Unit: u, Column: a.columnChoice(u), Terms: a.targetTerms(u), DRM: a.targetDRM(u)})
	}
	w.Cowering = a.cowering(w.Targets)
	w.Table23 = a.table23Working()
	for orig := 2; orig <= 12; orig++ {
		split := p.at[orig][0] != p.at[orig][1]
		for d := range 2 {
			ways := doublesWays(orig, d == 1)
			if !split {
				if d == 1 {
					break
				}
				ways = Ways(orig)
			}
			if ways == 0 {
				continue
			}
			o := &p.at[orig][d]
			row := DRRow{Original: orig, Ways: ways, Cowered: int(o.shift), Effects: a.fireEffects(o)}
			if split {
				row.Doubles = []string{"not doubles", "doubles"}[d]
			}
			for i := range w.Targets {
				row.Final = append(row.Final, orig+w.Targets[i].DRM)
				res := o.ift // the Location's own cell when it has no target
				if len(targets) > 0 {
					res = o.res[i]
				}
				row.Result = append(row.Result, res)
			}
			w.Attack = append(w.Attack, row)
		}
	}
	if w.Table23 != nil {
		w.Terrain = a.table23Rolls(p.site)
	}
	return w
}

// doublesWays is the number of the 36 ways two dice fall that sum to dr,
// doubles or not.
func doublesWays(dr int, doubles bool) int {
	n := 0
	for white := max(1, dr-6); white <= min(6, dr-1); white++ {
		if (white == dr-white) == doubles {
			n++
		}
	}
	return n
}

// columnChoice is column with its reasons: the FP and each halving
// (A7.23), or why concealment does not halve an FFE (C1.56, §8.55).
func (a IFTAttack) columnChoice(u Unit) ColumnChoice {
	why, rules := []string{fmt.Sprintf("the attack's %s FP", fpText(a.FP))}, []string{}
	if a.AreaFire {
		why, rules = append(why, "halved for Area Fire"), append(rules, "A7.23")
	}
	if a.Concealed || u.Concealed {
		if a.Weapon.IsFFE() && a.Options.FFEIgnoresConcealment {
			why, rules = append(why, "never halved for concealment: an FFE"), append(rules, "C1.56, §8.55")
		} else {
			why, rules = append(why, "halved for concealed targets"), append(rules, "A7.23")
		}
	}
	if a.halvings(u) == 2 {
		why, rules = append(why, "the halvings compound, fractions kept"), append(rules, "§7.4")
	}
	return ColumnChoice{FP: a.fpAgainst(u), Column: a.column(u), Why: strings.Join(why, ", "), Rule: strings.Join(slices.Compact(rules), ", ")}
}

// fpText writes an FP as typed: 8, 7.5.
func fpText(fp float64) string { return strconv.FormatFloat(fp, 'g', -1, 64) }

// targetTerms itemizes targetDRM.
func (a IFTAttack) targetTerms(u Unit) []Term {
	t := a.locationTerms(a.Weapon != Flamethrower)
	t.add(u.DRM, "the unit's own DRM (drm=)", "A13.5, A22.4")
	return t
}

// locationTerms itemizes locationDRM: the TEM, then every other DRM; or,
// without the TEM, a FT's, which takes none (§8.58).
func (a IFTAttack) locationTerms(tem bool) terms {
	var t terms
	if tem {
		rule := "A7.4"
		if a.Fortified {
			rule += ", B23.921"
		}
		t.add(a.TEM, "target Location TEM (--tem; the --building's by default)", rule)
	} else {
		t = append(t, Term{0, "no TEM against a flamethrower", "§8.58"})
	}
	t.add(a.DRM, "every other DRM (--drm): Hindrance, leadership, FFMO…", "A.17")
	return t
}

// cowering is Cowers and CoweringShift with their reasons, and each
// target's column after it (shifted).
func (a IFTAttack) cowering(ts []RollTarget) *Cowering {
	c := &Cowering{Rule: "A7.9"}
	switch {
	case a.Firer != InfantryFirer:
		c.Why = fmt.Sprintf("%s fire never Cowers", a.Firer)
	case a.LeaderDirected:
		c.Why = "directed by a leader (--leader-directed): no Cowering"
	case a.FirerNationality == Finnish && a.FirerClass != Conscript:
		c.Why = "Finnish firers other than Conscripts never Cower"
	case a.FirerNationality == British && (a.FirerClass == Elite || a.FirerClass == FirstLine):
		c.Why = "British Elite and 1st Line firers never Cower"
	default:
		c.Shift = a.CoweringShift()
		c.Why = "Infantry fire not directed by a leader: on Original doubles the column moves one left"
		if c.Shift == 2 {
			c.Why = fmt.Sprintf("Infantry fire not directed by a leader, by Inexperienced (%s) units: on Original doubles the column moves two left", a.FirerClass)
			c.Rule += ", A19.33"
		}
		for _, t := range ts {
			col, ok := a.shifted(t.Column.Column, c.Shift)
			c.To = append(c.To, CoweredColumn{Column: col, Off: !ok})
		}
	}
	return c
}

// table23Working is the Table 23 column (table23Column) and the effects
// CanShellhole, CanRubble and CanFlame allow, with their triggers.
func (a IFTAttack) table23Working() *Table23Working {
	if !a.CanShellhole() && !a.CanRubble() && !a.CanFlame() {
		return nil
	}
	t := &Table23Working{Column: ColumnChoice{FP: a.FP, Column: a.table23Column(),
		Why: "the attack's FP before any halving for concealment or Area Fire", Rule: "Table 23, §8.53"}}
	if !a.Options.Table23Unhalved {
		t.Column.FP = a.fpAgainst(Unit{})
		if len(a.Targets) > 0 {
			t.Column.FP = a.fpAgainst(a.unitOfTable23())
		}
		t.Column.Why = "the highest column used against the Location's units (table23-unhalved=false)"
	}
	if a.Cowers() && a.Options.CoweringShiftsTable23 {
		t.Column.Why += "; Cowering moves it too"
		t.Column.Rule += ", §8.54"
	}
	kia := "an Original KIA on the Table 23 column"
	if a.CanShellhole() {
		t.Effects = append(t.Effects, Term{What: "Shellhole: " + kia + "; no further roll", Rule: "B2.1, Table 23, §8.56"})
	}
	if a.CanRubble() {
		t.Effects = append(t.Effects, Term{What: "Rubble: " + kia + " calls for the Rubble dr, before the units are attacked; building TEM plays no part", Rule: "B24.11, Table 23"})
	}
	if a.CanFlame() {
		trigger := kia
		if a.Weapon == Flamethrower {
			trigger = "a FT's Original K/# or KIA on the Table 23 column"
		}
		what, rule := "Flame: "+trigger+" calls for the Flame DR, after the units are attacked", "B25.13, Table 23"
		if a.CanRubble() {
			what, rule = what+", unless the Location Rubbled", "B25.13, B24.6, Table 23"
		}
		if a.CanShellhole() && !a.Options.ShellholeNoFlame {
			what += "; a Shellhole does not prevent it"
		}
		t.Effects = append(t.Effects, Term{What: what, Rule: rule})
	}
	return t
}

// fireEffects names what an Original DR sets off on Table 23, as the plan
// recorded it (table23).
func (a IFTAttack) fireEffects(o *fireOutcome) []string {
	var e []string
	col, _ := a.table23At(int(o.shift))
	on := ColumnHeading(col)
	t23 := a.t23Reading().t23Of(o, uint32(1)<<len(a.Targets)-1)
	if t23.shellhole {
		e = append(e, fmt.Sprintf("Shellhole (KIA on the %s column; B2.1)", on))
	}
	if t23.rubbleKIA > 0 {
		e = append(e, fmt.Sprintf("Rubble dr (KIA %d on the %s column; B24.11)", t23.rubbleKIA, on))
	}
	if t23.flame {
		what := "Flame DR (B25.13)"
		if t23.rubbleKIA > 0 {
			what = "Flame DR if no Rubble (B25.13, B24.6)"
		}
		e = append(e, what)
	}
	return e
}

// table23Rolls are the rolls the attack DR's Table 23 effects call for:
// the Rubble dr and what follows it, and the Flame DR.
func (a IFTAttack) table23Rolls(s site) []TerrainRoll {
	var out []TerrainRoll
	if a.CanRubble() {
		var t terms
		t.add(s.rubbleDRM(), "a stone building", "B24.11")
		out = append(out, TerrainRoll{Name: "Rubble dr", Dice: "dr", Terms: t, DRM: s.rubbleDRM(), AtMost: true, NeedKIA: true,
			Why: "at most the Original KIA#: the Location and every level above it Rubble, every unarmored unit there eliminated with its SW", Rule: "B24.11"})
		out = append(out, s.rubbleRolls()...)
	}
	if a.CanFlame() {
		out = append(out, s.flameRoll())
	}
	return out
}

// rubbleRolls are the collapse dr and the Falling Rubble DR that follow
// Rubble in this Location (afterRubble).
func (s site) rubbleRolls() []TerrainRoll {
	var out []TerrainRoll
	if s.upperLevel() {
		var t terms
		t.add(s.collapseDRM(), "one per non-rooftop level above the rubbled one", "B24.11")
		out = append(out, TerrainRoll{Name: "collapse dr", Dice: "dr", Terms: t, DRM: s.collapseDRM(), Need: collapseAt,
			Why: "after Rubble at an upper level: the whole hex collapses into Rubble", Rule: "B24.11"})
	}
	if s.canFall() {
		drm := s.fallDRM(false)
		var t terms
		t.add(drm, "one per non-rooftop level above ground the shot rubbled", "B24.12")
		why := "after Rubble: the colored die alone; the Rubble falls into the adjacent hex the white die names"
		if s.groundFalls && s.top > 0 && s.fallDRM(true) != drm {
			why += fmt.Sprintf("; %+d after a collapse, every level of the hex (§8.60)", s.fallDRM(true))
		}
		out = append(out, TerrainRoll{Name: "Falling Rubble DR", Dice: "colored die", Terms: t, DRM: drm, Need: fallsAt, Why: why, Rule: "B24.12, §8.60"})
	}
	return out
}

// flameRoll is the Flame DR after an attack (flames with flameDRM).
func (s site) flameRoll() TerrainRoll {
	var t terms
	if s.building != NoBuilding {
		t.add(-b2i(s.fortified), "a Fortified building; no EC DRM in a building", "B23.94, B25.13")
	} else {
		t.add(s.ec.DRM(), fmt.Sprintf("the EC DRM (%s)", s.ec), "B25.5")
	}
	return TerrainRoll{Name: "Flame DR", Dice: "DR", Terms: t, DRM: s.flameDRM(), Need: s.kindling(),
		Why: fmt.Sprintf("at least the Kindling # %d of the %s places a Flame", s.kindling(), s.kindlingName()), Rule: "B25.13, B25.11"}
}

// kindlingName names the terrain whose Kindling # the Location takes.
func (s site) kindlingName() string {
	if s.building != NoBuilding {
		return s.building.String() + " building"
	}
	return s.terrain
}

// wpRoll is WP's Flame DR (wpFlameDRM): not the EC DRM, but −1 in a Dry
// EC and −2 in a building, and −1 more in a Fortified building.
func (a IFTAttack) wpRoll(s site) TerrainRoll {
	var t terms
	dry, bldg := -b2i(a.EC == Dry), -2*b2i(a.Building != NoBuilding)
	switch {
	case a.Options.WPDRMsAdd:
		t.add(dry, "a Dry EC", "Table 23")
		t.add(bldg, "in a building", "Table 23, §8.53")
	case dry < bldg:
		t.add(dry, "a Dry EC, the larger of it and the building's (wp-drms-add=false)", "Table 23, §8.53")
	default:
		t.add(bldg, "in a building, the larger of it and the Dry EC's (wp-drms-add=false)", "Table 23, §8.53")
	}
	if a.Options.WPFortified {
		t.add(-b2i(a.Fortified), "a Fortified building", "B23.94, §8.59")
	}
	return TerrainRoll{Name: "WP Flame DR", Dice: "DR", Terms: t, DRM: a.wpFlameDRM(), Need: s.kindling(),
		Why:  fmt.Sprintf("once per Location, in a Dry or Very Dry EC, no IFT result needed; the EC DRM does not apply; at least the Kindling # %d of the %s places a Flame", s.kindling(), s.kindlingName()),
		Rule: "Table 23, B25.11, §8.59"}
}

// entryRoll is the Rubble check of an AFV entering the building
// (entryRubbles).
func (a IFTAttack) entryRoll() TerrainRoll {
	var t terms
	t.add(a.BogDRM, "the Bog Check's dr modifiers (--bog-drm)", "Table 23, §8.53")
	return TerrainRoll{Name: "Bog Check colored dr", Dice: "colored dr", Terms: t, DRM: a.BogDRM, Need: 0, AtMost: true,
		Why: "a CT BU FT AFV entering a ground-level building Location Rubbles it when the colored dr of its Bog Check DR, modified, is 0 or less: every unarmored unit there eliminated", Rule: "Table 23, §8.53"}
}
