//go:build !js

package cli

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
)

// Table and column names of the ASL working, stable for programs reading
// the JSON (docs/dc.md: "Show the working").
const (
	tableAttackDR  = "attack_dr"
	tableThrowerDR = "thrower_dr"
	tablePosition  = "position_dr"
	tableToKill    = "to_kill_dr"
	tableLine      = "vehicle_line_dr"
	tableUnitsDR   = "units_dr"
	tableUnits     = "units"
	colOriginal    = "Original DR"
	colWays        = "ways in 36"
	colP           = "p"
	colDice        = "dice"
	colCowers      = "Cowers"
)

// modeRules are the rules of each way of using a DC.
var modeRules = map[asl.Mode]string{asl.Placed: "A23.3, A23.4", asl.Thrown: "A23.6", asl.Set: "A23.7, A23.71"}

// explainDC is the working of a DC attack on a Location of Personnel.
func init() {
	explainers.dc, explainers.afv, explainers.plan, explainers.comparison = explainDC, explainAFV, explainPlan, explainComparison
}

func explainDC(a asl.DCAttack) *report.Explanation {
	w := a.Working()
	e := &report.Explanation{}
	e.Steps = append(e.Steps, step("attack", capitalize(a.Mode.String())+" DC", "one Original DR for the Location, a Final DR per target", joinNonEmpty(", ", modeRules[a.Mode], "A.5")))
	e.Steps = append(e.Steps, targetSteps(w.Targets, "")...)
	e.Steps = append(e.Steps, thresholdSteps(w.Malfunction)...)
	for _, t := range w.Chain {
		e.Steps = append(e.Steps, step("before it", "", t.What, t.Rule))
	}
	if len(w.Throwers) > 0 {
		e.Steps = append(e.Steps, targetSteps(w.Throwers, "thrower's Location")...)
	}
	e.Steps = append(e.Steps, dcRuleSteps(a.Mode, a.Options)...)
	e.Tables = append(e.Tables, drTable(tableAttackDR, "Attack DR: each Original DR, its chance, its Final DR and IFT result (A7)", w.Targets, w.Attack, w.Malfunction))
	if len(w.Thrower) > 0 {
		e.Tables = append(e.Tables, drTable(tableThrowerDR, "Thrower's Location DR, made only if the DC detonates; it never malfunctions itself (A23.6, A23.4 EXC)", w.Throwers, w.Thrower, asl.Threshold{}))
	}
	e.Tables = append(e.Tables, unitsTable(a.ELR, a.Options, []unitGroup{{"target", a.Targets}, {"thrower's Location", a.Throwers}, {"Placer's Location", a.Placer}, {"Setter's Location", a.Setter}}))
	return e
}

// dcRuleSteps are the modeling switches in force: those --rule changed
// from the mode's defaults, and Heat of Battle when --no-hob turned it off.
func dcRuleSteps(mode asl.Mode, o asl.Options) []report.Step {
	def := asl.NewDCAttack(mode).Options
	if o.Surrender == nil {
		o.Surrender = def.Surrender // unset is the mode's default (§8.26)
	}
	out := switchedRules(rules, o, def)
	if !o.HeatOfBattle {
		out = append(out, step("rule", "no Heat of Battle", "an Original 2 on a MC does nothing (--no-hob)", "A15.1"))
	}
	return out
}

// targetSteps are the column and DRM of a roll, once for units that share
// them and per unit otherwise; where names the Location when it is not the
// target's.
func targetSteps(ts []asl.RollTarget, where string) []report.Step {
	var out []report.Step
	for _, g := range groupTargets(ts) {
		who := joinNonEmpty(": ", where, g.who(len(ts)))
		suffix := ""
		if who != "" {
			suffix = " (" + who + ")"
		}
		t := g.targets[0]
		why := t.Column.Why
		if fmt.Sprint(t.Column.FP) != t.Column.Heading() {
			why += fmt.Sprintf(": %g FP, on the rightmost column not above it", t.Column.FP)
		}
		out = append(out, step("column"+suffix, t.Column.Heading(), why, joinNonEmpty(", ", t.Column.Rule, "A7.3")))
		for _, term := range t.Terms {
			out = append(out, step("DRM"+suffix, signed(term.Value), term.What, term.Rule))
		}
		out = append(out, step("DRM total"+suffix, signed(t.DRM), "all DRM add together", "A.17"))
	}
	return out
}

// targetGroup is units that a roll treats alike: the same column and DRM.
type targetGroup struct {
	index   []int
	targets []asl.RollTarget
}

// who names the group's units, or "" when it is every unit.
func (g targetGroup) who(all int) string {
	if len(g.targets) == all {
		return ""
	}
	var names []string
	for _, t := range g.targets {
		names = append(names, t.Unit.String())
	}
	return strings.Join(names, ", ")
}

func groupTargets(ts []asl.RollTarget) []targetGroup {
	var gs []targetGroup
	for i, t := range ts {
		k := -1
		for j, g := range gs {
			if g.targets[0].Column == t.Column && fmt.Sprint(g.targets[0].Terms) == fmt.Sprint(t.Terms) {
				k = j
			}
		}
		if k < 0 {
			gs = append(gs, targetGroup{})
			k = len(gs) - 1
		}
		gs[k].index = append(gs[k].index, i)
		gs[k].targets = append(gs[k].targets, t)
	}
	return gs
}

// thresholdSteps are the malfunction threshold and its penalties.
func thresholdSteps(t asl.Threshold) []report.Step {
	out := []report.Step{}
	if len(t.Terms) > 0 {
		out = append(out, step("X#", "12", "a DC's malfunction number before penalties", "A23.4"))
		for _, term := range t.Terms {
			out = append(out, step("X#", signed(term.Value), term.What, term.Rule))
		}
	}
	dr := "Original DR"
	if t.Added > 0 {
		dr += fmt.Sprintf(" + %d", t.Added)
	}
	return append(out, step("malfunction", fmt.Sprintf("%s ≥ %d", dr, t.Value), t.Why, t.Rule))
}

// drTable lays out one roll: each Original DR, its ways and chance, then
// the Final DR and IFT result of each group of units it treats alike, and
// what else it sets off.
func drTable(name, title string, ts []asl.RollTarget, rows []asl.DRRow, malf asl.Threshold) report.ExplainTable {
	gs := groupTargets(ts)
	// A fire attack that Cowers tells doubles apart (A7.9): a column for
	// which ways of the Original DR a row is, and one for the Cowering.
	doubles, cowers := false, false
	for _, r := range rows {
		doubles = doubles || r.Doubles != ""
		cowers = cowers || r.Cowered > 0
	}
	t := report.ExplainTable{Name: name, Title: title, Columns: []string{colOriginal}}
	if doubles {
		t.Columns = append(t.Columns, colDice)
	}
	t.Columns = append(t.Columns, colWays, colP)
	if cowers {
		t.Columns = append(t.Columns, colCowers)
	}
	for _, g := range gs {
		suffix := ""
		if len(gs) > 1 {
			suffix = " (" + g.who(len(ts)) + ")"
		}
		t.Columns = append(t.Columns, "Final DR"+suffix, "IFT"+suffix)
	}
	effects := false
	for _, r := range rows {
		effects = effects || len(r.Effects) > 0
	}
	if effects {
		t.Columns = append(t.Columns, "also")
	}
	for _, r := range rows {
		cells := []any{r.Original}
		if doubles {
			cells = append(cells, cmp.Or(r.Doubles, "either"))
		}
		cells = append(cells, r.Ways, probCell(r.Ways, 36))
		if cowers {
			cw := "—"
			if r.Cowered > 0 {
				cw = plural(r.Cowered, "column", "columns")
			}
			cells = append(cells, cw)
		}
		for _, g := range gs {
			i := g.index[0]
			if r.Malfunction {
				cells = append(cells, "—", "malfunction")
				continue
			}
			cells = append(cells, r.Final[i], r.Result[i].String())
		}
		if effects {
			cells = append(cells, strings.Join(r.Effects, "; "))
		}
		t.Rows = append(t.Rows, cells)
	}
	if len(gs) == 1 && len(ts) > 1 {
		t.Notes = append(t.Notes, "every unit alike: "+joinTargets(ts))
	}
	if malf.Value > 0 {
		t.Notes = append(t.Notes, "malfunction: "+malf.Why)
	}
	return t
}

func joinTargets(ts []asl.RollTarget) string {
	var names []string
	for _, t := range ts {
		names = append(names, t.Unit.String())
	}
	return strings.Join(names, ", ")
}

// unitGroup is the units of one Location of an attack.
type unitGroup struct {
	where string
	units []asl.Unit
}

// newUnitsTable is the empty table of the units as they enter an attack.
func newUnitsTable() report.ExplainTable {
	return report.ExplainTable{Name: tableUnits,
		Title:   "The units as they enter the attack (ML: A10.4, A17.3, A.18; leadership: A10.7, A10.22; ELR: A19.13; Heat of Battle DRM: A15.1)",
		Columns: []string{"unit", "where", "ML", "leadership", "ELR", "HoB DRM", "class", "notes"}}
}

// unitsTable lists each unit as it enters the attack.
func unitsTable(elr int, o asl.Options, groups []unitGroup) report.ExplainTable {
	t := newUnitsTable()
	for _, g := range groups {
		if len(g.units) > 0 {
			addUnitRows(&t, g.where, asl.UnitsAtStart(g.units, elr, o))
		}
	}
	return t
}

func addUnitRows(t *report.ExplainTable, where string, es []asl.UnitEntry) {
	for _, e := range es {
		lead := signed(e.Leadership)
		if e.Leader != "" {
			lead += " from " + e.Leader
		}
		elr := "never Replaced"
		if e.ELR >= 0 {
			elr = fmt.Sprint(e.ELR)
		}
		hob := signed(e.HoBDRM)
		if e.NoHoB {
			hob = "not subject"
		}
		t.Rows = append(t.Rows, []any{e.Unit.String(), where, e.ML, lead, elr, hob, e.Class, strings.Join(e.Notes, "; ")})
	}
}

// explainAFV is the working of a DC attack on a vehicle.
func explainAFV(a asl.AFVAttack) *report.Explanation {
	w := a.Working()
	e := &report.Explanation{}
	e.Steps = append(e.Steps, step("attack", capitalize(a.Mode.String())+" DC vs vehicle", w.How, w.Rule))
	if len(w.Position) > 0 {
		for _, t := range w.PositionTerms {
			e.Steps = append(e.Steps, step("Position DRM", signed(t.Value), t.What, t.Rule))
		}
		e.Steps = append(e.Steps, step("Position DRM total", signed(w.PositionDRM), "all cumulative; Final ≤5 Optimal, 6–8 Successful, 9–11 Poor, ≥12 none", "C7.346"))
		for _, c := range w.ToKill {
			var parts []string
			for _, t := range c.Terms {
				parts = append(parts, fmt.Sprintf("%s %s (%s)", signed(t.Value), t.What, t.Rule))
			}
			e.Steps = append(e.Steps, step("TK# "+c.Name, fmt.Sprint(c.TK), strings.Join(parts, "; "), ""))
		}
		e.Steps = append(e.Steps, step("To Kill DR", "no DRM", "burning at 2·DR ≤ TK#, eliminated below TK#, Immobilized or Shocked at TK# and TK#+1, a Dud on an Original 12", "C7.35–C7.7, D5.7"))
	}
	if w.Line != nil {
		e.Steps = append(e.Steps, targetSteps([]asl.RollTarget{*w.Line}, "vehicle")...)
		for _, n := range w.LineNotes {
			e.Steps = append(e.Steps, step("vehicle line", fmt.Sprint(n.Value), n.What, n.Rule))
		}
	}
	e.Steps = append(e.Steps, thresholdSteps(w.Malfunction)...)
	if len(w.Units) > 0 {
		e.Steps = append(e.Steps, step("units", "", w.UnitsRule, ""))
		e.Steps = append(e.Steps, targetSteps(w.Units, "attack on the units")...)
	}
	if len(w.Throwers) > 0 {
		e.Steps = append(e.Steps, targetSteps(w.Throwers, "thrower's Location")...)
	}
	e.Steps = append(e.Steps, switchedRules(afvRules, a.Options, asl.NewAFVAttack(a.Mode, a.Armor).Options)...)
	if !a.Options.HeatOfBattle {
		e.Steps = append(e.Steps, step("rule", "no Heat of Battle", "an Original 2 on a MC does nothing (--no-hob)", "A15.1"))
	}
	if len(w.Position) > 0 {
		t := report.ExplainTable{Name: tablePosition, Title: "Position DR: each Original DR, its Final DR and Position; the colored die below the white hits the turret (C7.346, C3.9)",
			Columns: []string{colOriginal, colWays, colP, "Final DR", "Position", "turret ways"}}
		for _, r := range w.Position {
			t.Rows = append(t.Rows, []any{r.Original, r.Ways, probCell(r.Ways, 36), r.Final, r.Position.String(), r.TurretWays})
		}
		e.Tables = append(e.Tables, t)
		k := report.ExplainTable{Name: tableToKill, Title: "To Kill DR, a new DR: each Original DR against each Final TK# (C7.35–C7.7)",
			Columns: []string{colOriginal, colWays, colP}}
		for _, c := range w.ToKill {
			k.Columns = append(k.Columns, fmt.Sprintf("%s, TK# %d", c.Name, c.TK))
		}
		for i := range 11 {
			row := []any{i + 2, asl.Ways(i + 2), probCell(asl.Ways(i+2), 36)}
			for _, c := range w.ToKill {
				row = append(row, afvResultText(c.Results[i], c.Immob[i]))
			}
			k.Rows = append(k.Rows, row)
		}
		k.Notes = append(k.Notes, "malfunction: "+w.Malfunction.Why)
		e.Tables = append(e.Tables, k)
	}
	if w.Line != nil {
		t := report.ExplainTable{Name: tableLine, Title: "Vehicle line DR: each Original DR, its Final DR and result (A7.308)",
			Columns: []string{colOriginal, colWays, colP, "Final DR", "vehicle"}}
		for _, r := range w.LineRows {
			res := r.Result.String()
			if w.Malfunction.Malfunctions(r.Original) {
				res = "malfunction"
			}
			t.Rows = append(t.Rows, []any{r.Original, r.Ways, probCell(r.Ways, 36), r.Final, res})
		}
		t.Notes = append(t.Notes, "malfunction: "+w.Malfunction.Why)
		e.Tables = append(e.Tables, t)
	}
	if len(w.Units) > 0 {
		e.Tables = append(e.Tables, drTable(tableUnitsDR, "Attack on the units: each Original DR of its roll, Final DR and IFT result", w.Units, w.UnitRows, asl.Threshold{}))
	}
	if len(w.Thrower) > 0 {
		e.Tables = append(e.Tables, drTable(tableThrowerDR, "Thrower's Location DR, whatever the Position DR unless the DC failed (A23.6)", w.Throwers, w.Thrower, asl.Threshold{}))
	}
	t := newUnitsTable()
	// In the order the attack takes them: Riders, Passengers, the rest.
	for i, e := range a.UnitsAtStart() {
		where := "vehicle's Location"
		switch {
		case i < len(a.Riders):
			where = "Rider"
		case i < len(a.Riders)+len(a.Passengers):
			where = "Passenger"
		}
		addUnitRows(&t, where, []asl.UnitEntry{e})
	}
	if len(a.Throwers) > 0 {
		addUnitRows(&t, "thrower's Location", asl.UnitsAtStart(a.Throwers, a.ELR, a.Options.Options))
	}
	if len(t.Rows) > 0 {
		e.Tables = append(e.Tables, t)
	}
	return e
}

// afvResultText is a To Kill result, with the Immobilization that comes
// with it.
func afvResultText(r asl.AFVResult, immob bool) string {
	if immob && !r.Immobilizes() {
		return r.String() + " + immobilized"
	}
	return r.String()
}

// explainPlan is the working of each of a plan's attacks, in order, each
// against the Location as the plan starts: a later attack meets only the
// units the earlier ones left, which its figures take into account but
// its working, worked out before any die is rolled, cannot (§7.5).
func explainPlan(p asl.Plan) *report.Explanation {
	out := &report.Explanation{}
	for k, s := range p.Attacks() {
		var e *report.Explanation
		if s.DC != nil {
			e = explainDC(*s.DC)
		} else {
			e = explainFire(*s.Fire)
		}
		n := strconv.Itoa(k + 1)
		why := "on the Location as the plan starts"
		if k > 0 {
			why = "on what the attacks before it left, as the figures count it; worked out here on the Location as the plan starts"
		}
		out.Steps = append(out.Steps, report.Step{Topic: "attack " + n, Value: "", Why: why, Rule: "§7.5"})
		out.Steps = append(out.Steps, e.Steps...)
		for _, t := range e.Tables {
			t.Name = "attack." + n + "." + t.Name
			t.Title = "Attack " + n + ": " + t.Title
			out.Tables = append(out.Tables, t)
		}
	}
	return out
}

// explainComparison is the working of each of compare's attacks.
func explainComparison(c asl.Comparison) []*report.Explanation {
	var out []*report.Explanation
	for _, a := range c.Attacks() {
		out = append(out, explainDC(a))
	}
	return out
}
