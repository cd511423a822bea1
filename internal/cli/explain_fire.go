//go:build !js

package cli

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
)

// Table names of the fire working's terrain-only rolls.
const (
	tableFlameDR = "flame_dr"
	tableEntryDR = "entry_dr"
)

// explainFire is the working of an attack on the IFT and Table 23, or of
// WP's Flame DR or an AFV's entry into a building.
func init() { explainers.fire = explainFire }

func explainFire(a asl.IFTAttack) *report.Explanation {
	w := a.Working()
	e := &report.Explanation{}
	switch {
	case a.AFVEntersBuilding:
		e.Steps = append(e.Steps, step("attack", "AFV enters building", "no IFT attack: only the Rubble check of its Bog Check DR", "Table 23, §7.4"))
	case a.Weapon == asl.WP:
		e.Steps = append(e.Steps, step("attack", "WP", "no IFT attack: only the Flame DR", "Table 23, §7.4"))
	default:
		what := fmt.Sprintf("%s FP %s", num(a.FP), a.Weapon) + firedBy(a.Firer)
		why := "one Original DR for the Location, a Final DR per target"
		if len(a.Targets) == 0 {
			why = "no --target: the IFT result on the Location itself"
		}
		e.Steps = append(e.Steps, step("attack", what, why, "A.5, §7.4"))
		e.Steps = append(e.Steps, targetSteps(w.Targets, "")...)
		e.Steps = append(e.Steps, coweringSteps(w.Targets, w.Cowering)...)
		e.Steps = append(e.Steps, table23Steps(w.Table23)...)
	}
	for _, r := range w.Terrain {
		e.Steps = append(e.Steps, terrainRollSteps(r)...)
	}
	e.Steps = append(e.Steps, switchedRules(fireRules, a.Options, asl.DefaultFireOptions())...)
	if !a.Options.HeatOfBattle {
		e.Steps = append(e.Steps, step("rule", "no Heat of Battle", "an Original 2 on a MC does nothing (--no-hob)", "A15.1"))
	}
	if len(w.Attack) > 0 {
		title := "Attack DR: each Original DR, its chance, its Final DR and IFT result, and what it sets off on Table 23 (A7, Table 23)"
		if w.Cowering.Shift > 0 {
			title = "Attack DR: each Original DR, doubles apart since they Cower, its chance, its Final DR and IFT result, and what it sets off on Table 23 (A7, A7.9, Table 23)"
		}
		e.Tables = append(e.Tables, drTable(tableAttackDR, title, w.Targets, w.Attack, asl.Threshold{}))
	}
	if len(w.TerrainRows) > 0 {
		e.Tables = append(e.Tables, terrainTable(a, w))
	}
	if len(a.Targets) > 0 {
		e.Tables = append(e.Tables, unitsTable(a.ELR, a.Options.Options, []unitGroup{{"target", a.Targets}}))
	}
	return e
}

// coweringSteps say whether Original doubles Cower the attack (A7.9) and,
// when they do, each group's column after it.
func coweringSteps(ts []asl.RollTarget, c *asl.Cowering) []report.Step {
	if c.Shift == 0 {
		return []report.Step{step("Cowering", "none", c.Why, c.Rule)}
	}
	out := []report.Step{step("Cowering", plural(c.Shift, "column", "columns"), c.Why, c.Rule)}
	for _, g := range groupTargets(ts) {
		topic := "Cowered column"
		if who := g.who(len(ts)); who != "" {
			topic += " (" + who + ")"
		}
		to := c.To[g.index[0]]
		from := g.targets[0].Column.Heading()
		if to.Off {
			out = append(out, step(topic, from+" → none", "off the lowest column: no effect at all", "§8.54"))
			continue
		}
		out = append(out, step(topic, from+" → "+to.Heading(), "on Original doubles", "A7.9"))
	}
	return out
}

// table23Steps are the column Table 23 reads and the effects it allows.
func table23Steps(t *asl.Table23Working) []report.Step {
	if t == nil {
		return []report.Step{step("Table 23", "nothing", "this weapon can do nothing to this terrain", "Table 23, §7.4")}
	}
	why := t.Column.Why
	if num(t.Column.FP) != t.Column.Heading() {
		why += fmt.Sprintf(": %s FP, on the rightmost column not above it", num(t.Column.FP))
	}
	out := []report.Step{step("Table 23 column", t.Column.Heading(), why, t.Column.Rule)}
	for _, e := range t.Effects {
		what, how, _ := strings.Cut(e.What, ": ")
		out = append(out, step("Table 23", what, how, e.Rule))
	}
	return out
}

// terrainRollSteps are one Table 23 roll's modifiers and what it needs.
func terrainRollSteps(r asl.TerrainRoll) []report.Step {
	var out []report.Step
	for _, t := range r.Terms {
		out = append(out, step(r.Name+" DRM", signed(t.Value), t.What, t.Rule))
	}
	need := fmt.Sprintf("≥ %d", r.Need)
	switch {
	case r.NeedKIA:
		need = "≤ KIA#"
	case r.AtMost:
		need = fmt.Sprintf("≤ %d", r.Need)
	}
	roll := r.Dice
	switch {
	case r.DRM > 0:
		roll += fmt.Sprintf(" + %d", r.DRM)
	case r.DRM < 0:
		roll += fmt.Sprintf(" − %d", -r.DRM)
	}
	return append(out, step(r.Name, roll+" "+need, r.Why, r.Rule))
}

// terrainTable is the one roll of WP or an entering AFV: each Original
// roll, its chance, its Final roll and whether it places the Flame or the
// Rubble.
func terrainTable(a asl.IFTAttack, w asl.FireWorking) report.ExplainTable {
	r := w.Terrain[0]
	t := report.ExplainTable{Name: tableFlameDR, Title: "WP Flame DR: each Original DR, its chance, its Final DR and whether it places a Flame (Table 23, B25.13)",
		Columns: []string{colOriginal, colWays, colP, "Final DR", "Flame"}}
	if a.AFVEntersBuilding {
		t = report.ExplainTable{Name: tableEntryDR, Title: "Bog Check colored dr: each Original dr, its chance, its Final dr and whether it Rubbles the building (Table 23)",
			Columns: []string{"Original dr", "ways in 6", colP, "Final dr", "Rubble"}}
	}
	for _, row := range w.TerrainRows {
		t.Rows = append(t.Rows, []any{row.Roll, row.Ways, probCell(row.Ways, row.Of), row.Final, yesNo(row.Yes)})
	}
	t.Notes = append(t.Notes, r.Name+": "+r.Why)
	return t
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
