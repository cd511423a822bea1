//go:build !js

package cli

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/report"
)

// Table names of the Tide of Iron, LHY and Solitaire ASL workings.
const (
	tableBuildingHits = "building_hits"
	// tableSquadHits is the prefix of a suppressive attack's table of
	// each squad, squad_hits.K.
	tableSquadHits = "squad_hits."
	tableSmallArms = "small_arms_result"
	tableMortar    = "mortar_result"
	tableAC        = "activation_check"
	tableA1        = "a1_dr"
	tablePathFire  = "path_fire"
)

// explainBuilding is the working of a Tide of Iron attack on a building.
func init() {
	explainers.building, explainers.lhy, explainers.crossing = explainBuilding, explainLHY, explainCrossing
}

func explainBuilding(a toi.BuildingAttack) *report.Explanation {
	if a.Suppressive {
		return explainSuppressive(a)
	}
	e := &report.Explanation{}
	w, ok := a.Working()
	if !ok {
		e.Steps = append(e.Steps, step("building", "none", "a pillbox hex has no building to destroy; the charges fall on one side's squads", "D6"))
		return e
	}
	if a.Kind == toi.ChargesAttack {
		how := fmt.Sprintf("%d × %d hits at once", w.Charges, w.ChargeHits)
		why := "all the charges in the hex detonate together, hits automatic"
		if w.PerCharge {
			how, why = fmt.Sprintf("%d charges of %d hits, one by one", w.Charges, w.ChargeHits), "each charge a separate attack (--per-charge); the largest decides"
		}
		e.Steps = append(e.Steps, step("charges", how, why, "§3, D4, D5"))
	} else {
		for _, t := range w.DiceTerms {
			e.Steps = append(e.Steps, step("attack dice", fmt.Sprint(t.Value), t.What, t.Rule))
		}
		e.Steps = append(e.Steps, step("attack dice total", fmt.Sprint(w.Dice), fmt.Sprintf("each succeeds on %s", faces(w.HitOn)), "§1, [M1]"))
	}
	e.Steps = append(e.Steps,
		step("defense dice", fmt.Sprint(w.Cover), fmt.Sprintf("the building's red dice, each cancelling one success on %s", faces(w.CancelOn)), "§1, §4"),
		step("destroyed", fmt.Sprintf("net hits ≥ %d", w.Threshold), "in one attack; below that no damage at all, nothing accumulates", "§4"))
	t := report.ExplainTable{Name: tableBuildingHits, Title: "Net hits on the building: successes less cancels, never below 0 (§1, D5)",
		Columns: []string{"net hits", "p", "building"}}
	for h, p := range w.Hits {
		res := "standing"
		if h >= w.Threshold {
			res = "destroyed"
		}
		t.Rows = append(t.Rows, []any{h, report.Prob(p), res})
	}
	e.Tables = append(e.Tables, t)
	return e
}

// explainSuppressive is the working of a suppressive attack ([M4]): what
// pins and what disrupts, and each squad's chance of each number of net
// hits.
func explainSuppressive(a toi.BuildingAttack) *report.Explanation {
	e := &report.Explanation{Steps: []report.Step{
		step("attack dice", fmt.Sprint(a.Area), fmt.Sprintf("rolled once, each succeeding on %s; every squad rolls its own cover dice against the shared successes, each cancelling one on %s", faces(a.HitOn), faces(a.CancelOn)), "§1, §2, D3"),
		step("pinned", fmt.Sprintf("net hits ≥ %d", a.PinHits), "no figure lost", "[M4]"),
		step("disrupted", fmt.Sprintf("net hits ≥ %d", a.DisruptHits), "or any net hit on a squad pinned before; no figure lost", "[M4]"),
		step("building", "not attacked", "only a normal area attack rolls against the building", "§4"),
	}}
	for k, hits := range a.SuppressiveHits() {
		s := a.Squads[k]
		pinned := ""
		if s.Pinned {
			pinned = ", pinned before"
		}
		t := report.ExplainTable{Name: tableSquadHits + fmt.Sprint(k+1),
			Title:   fmt.Sprintf("Squad %d (%s, %s%s): net hits, never below 0 ([M4])", k+1, plural(s.Figures, "figure", "figures"), plural(s.Cover, "cover die", "cover dice"), pinned),
			Columns: []string{"net hits", "p", "squad"}}
		for h, p := range hits {
			label := fmt.Sprint(h)
			if h == len(hits)-1 && h > 0 {
				label = fmt.Sprintf("≥ %d", h)
			}
			t.Rows = append(t.Rows, []any{label, report.Prob(p), a.Suppressed(h, s.Pinned).String()})
		}
		e.Tables = append(e.Tables, t)
	}
	return e
}

// explainLHY is the working of a Last Hundred Yards fire resolution.
func explainLHY(a lhy.FireAttack) *report.Explanation {
	w := a.Working()
	e := &report.Explanation{}
	for _, d := range a.SADRM {
		e.Steps = append(e.Steps, step("SADRM roll", "d10 "+d10DRM(d), "one roll per firing nationality; only the highest counts", "§1, §2.1"))
	}
	if a.MDRM != nil {
		e.Steps = append(e.Steps, step("MDRM roll", "d10 "+d10DRM(*a.MDRM), "one roll for the hex; it passes over RNP, and a tie goes to small arms", "§1, §2.2, L1"))
	}
	if len(w.Targets) > 0 {
		e.Steps = append(e.Steps, step("target", strings.Join(w.Targets, " or "), "the best Cohesion of the first priority group; ties by Assault Value, SAV, then at random", "13.1.3, L1"))
	}
	if a.Leader != nil {
		e.Steps = append(e.Steps, step("FFAR", "−1", fmt.Sprintf("a unit stacked with its undisrupted platoon leader of Cohesion %d, if higher than its own", *a.Leader), "§2.3"))
	}
	e.Steps = append(e.Steps, step("effect", "FFAR > Cohesion", "Disrupted and a Cohesion check; a Casualty if Heroic, Japanese, Russian or FFAR ≥ 10; FFAR ≥ Cohesion also loses Concealment", "13.1.5–6, §2.4"))
	for _, v := range a.Vehicles {
		for _, f := range a.AT {
			if f.Vehicle == v.Name {
				e.Steps = append(e.Steps, step("ATDRM roll", fmt.Sprintf("d10 %s vs %s", signed(f.DRM), v.Name), "rolls ≤ 2 are ignored; Destroyed above its [E]AV, an AFV Shocked on it or on a 10 within 2 below", "§3, L5"))
			}
		}
	}
	if a.Options.CohesionFail != (lhy.Options{}).CohesionFail {
		e.Steps = append(e.Steps, step("rule", lhyRuleKey+"="+a.Options.CohesionFail.String(), "a failed Cohesion check Disrupts instead of a Casualty; switched by --rule", "[M1], L2"))
	} else {
		e.Steps = append(e.Steps, step("rules", "defaults", "no --rule: a failed Cohesion check is a Casualty", "[M1], L2"))
	}
	for _, r := range []struct {
		name, title string
		rows        []lhy.ResultRow
	}{{tableSmallArms, "Highest small-arms result: each result d10 + SADRM, its chance, and its FFAR and effect on each unit it may fall on (§2)", w.SmallArms},
		{tableMortar, "Mortar result d10 + MDRM, its chance, and its FFAR and effect on each unit it may fall on (§2, 13.1.7)", w.Mortar}} {
		if len(r.rows) == 0 {
			continue
		}
		t := report.ExplainTable{Name: r.name, Title: r.title, Columns: []string{"result", "p"}}
		for _, ef := range r.rows[0].Effects {
			t.Columns = append(t.Columns, "FFAR ("+ef.Unit+")", "effect ("+ef.Unit+")")
		}
		for _, row := range r.rows {
			cells := []any{row.Result, report.Prob(row.P)}
			for _, ef := range row.Effects {
				cells = append(cells, ef.FFAR, ef.Effect)
			}
			t.Rows = append(t.Rows, cells)
		}
		e.Tables = append(e.Tables, t)
	}
	return e
}

// explainCrossing is the working of a Solitaire ASL crossing.
func explainCrossing(c *sasl.Crossing) *report.Explanation {
	w := c.Working()
	e := &report.Explanation{}
	e.Steps = append(e.Steps,
		step("AC", fmt.Sprintf("dr + drm ≤ %d", w.AC), "Activated; an Original 1 always Activates, a 6 never", "S5.1, S1"),
		step("order", "highest chance first", "then the closest, then at random; recomputed before each check", "S5.2, S2"),
		step("{A1}", "Mission DRM "+signed(c.Enemy.MissionDRM), "the Activation Table's DR, with the Mission DRM; a Final 7 or an empty row is a dummy", "S5.3, S4, S25"))
	e.Steps = append(e.Steps, switchedRules(activateRules, c.Options, sasl.DefaultOptions())...)
	t := report.ExplainTable{Name: tableAC, Title: "Activation Check of each S?: the Original dr that Activate it (S5.1)",
		Columns: []string{"S?", "AC drm", "Activated on dr", "p"}}
	for _, s := range w.SQ {
		var on []string
		for _, r := range s.Rows {
			if r.Activates {
				on = append(on, fmt.Sprint(r.Original))
			}
		}
		t.Rows = append(t.Rows, []any{s.ID, signed(s.ACDRM), strings.Join(on, " "), probCell(s.Pass, 6)})
	}
	e.Tables = append(e.Tables, t)
	a1 := report.ExplainTable{Name: tableA1, Title: "{A1} Activation Table: each Original DR, its chance, its Final DR and the items generated (S5.3, S5.6)",
		Columns: []string{colOriginal, colWays, colP, "Final DR", "items"}}
	for _, r := range w.A1 {
		items := strings.Join(r.Items, ", ")
		if items == "" {
			items = "nothing: a dummy"
		}
		a1.Rows = append(a1.Rows, []any{r.Original, asl.Ways(r.Original), probCell(asl.Ways(r.Original), 36), r.Final, items})
	}
	fire := pathFireTable(w.Fire)
	for _, u := range c.Stack {
		if u.DRM != 0 {
			fire.Notes = append(fire.Notes, fmt.Sprintf("%s adds its own %s (drm=)", u, signed(u.DRM)))
		}
	}
	e.Tables = append(e.Tables, a1, fire)
	u := newUnitsTable()
	addUnitRows(&u, "moving stack", w.Stack)
	e.Tables = append(e.Tables, u)
	return e
}

// pathFireTable is the fire each Location's eligible S? may bring on the
// moving stack, with the DRM on a Good Order unit before leadership.
func pathFireTable(fire []sasl.FireWorking) report.ExplainTable {
	t := report.ExplainTable{Name: tablePathFire,
		Title:   "Fire at the moving stack: each Location, the S? eligible there, and the DRM of their attacks on a Good Order unit, before an ENEMY leader's (S10–S14)",
		Columns: []string{"Location", "MF", "rounds", "S?", "range", "TEM", "hindrance", "FFMO", "FFNAM/Haz.", "DRM", "fires"},
		Notes: []string{
			"FP ×2 at range ≤ 1, ×½ beyond Normal Range, none beyond twice it (S10)",
			"after the first round a MG whose colored dr ≤ ROF fires again at full FP, and other firers within Normal Range make one Subsequent First Fire at ½ FP, a MG at B# −2 (S13)",
			"a Fire Group no leader directs may Cower, one column, two if a Green or Conscript MMC cowers, and its firers stop (S11, S22)",
			"a broken unit takes FFNAM and FFMO, not Hazardous's −2 (S23); a pinned one none (S12)",
		}}
	for _, f := range fire {
		rng := fmt.Sprint(f.Range)
		if f.LongRange {
			rng += " (Long Range only, S17)"
		}
		fires := "if Activated here"
		if f.Never != "" {
			fires = "never: " + f.Never
		}
		t.Rows = append(t.Rows, []any{f.Location, f.MF, f.Rounds, f.SQ, rng, signed(f.TEM), signed(f.Hindrance), signed(f.FFMO), signed(f.Movement), signed(f.DRM), fires})
	}
	return t
}

// d10DRM writes the DRM added to a d10, +0 included, as the
// quick-reference writes it.
func d10DRM(d int) string {
	if d == 0 {
		return "+0"
	}
	return signed(d)
}
