package lhy

import "github.com/sapperhq/sapper/model/bound"

// The working of a fire resolution as a player checks it at the table:
// the distribution of the highest small-arms result and of the mortar
// roll, each read off the draw the trial makes (newHighest), and what each
// result does to the unit it falls on (ffar, casualtyOnHit).

// ResultRow is one result of a roll and its chance, with what it does to
// each unit it may fall on.
type ResultRow struct {
	Result  int          `json:"result"`
	P       float64      `json:"p"`
	Effects []UnitEffect `json:"effects"`
}

// UnitEffect is what a result does to one unit it may fall on: its FFAR
// against its Cohesion, and the worst it does before any Cohesion check.
type UnitEffect struct {
	Unit   string `json:"unit"`
	FFAR   int    `json:"ffar"`
	Effect string `json:"effect"` // casualty, disrupted, concealment_lost or unaffected
}

// Working is the working of the fire resolution.
type Working struct {
	// SmallArms is the highest small-arms result (§2.1), Targets the units
	// tied at the top of 13.1.3 for it; Mortar and MortarTargets the same
	// for the mortar roll, which passes over RNP.
	SmallArms     []ResultRow `json:"small_arms,omitempty"`
	Targets       []string    `json:"targets,omitempty"`
	Mortar        []ResultRow `json:"mortar,omitempty"`
	MortarTargets []string    `json:"mortar_targets,omitempty"`
}

// Working returns the working of the attack; it is normalized first, on a
// copy. The attack must be valid: Working panics with Validate's error
// otherwise.
func (a FireAttack) Working() Working {
	bound.MustBeValid("lhy.FireAttack", a.Validate())
	a.Units = append([]Unit(nil), a.Units...)
	a.Normalize()
	p := newPlan(a)
	var w Working
	if p.smallArms != nil {
		w.SmallArms = a.resultRows(*p.smallArms, p.smallArmsTargets)
		w.Targets = a.names(p.smallArmsTargets)
	}
	if p.mortar {
		w.Mortar = a.resultRows(newHighest([]int{p.mdrm}), p.mortarTargets)
		w.MortarTargets = a.names(p.mortarTargets)
	}
	return w
}

func (a FireAttack) names(idx []uint8) []string {
	var out []string
	for _, i := range idx {
		out = append(out, a.Units[i].Name)
	}
	return out
}

// resultRows lays out a draw of results and what each does to targets.
func (a FireAttack) resultRows(h highest, targets []uint8) []ResultRow {
	var rows []ResultRow
	for i := range h.dist.Len() {
		if w, _ := h.dist.Weight(i); w == 0 {
			continue // a result no roll can be the highest of
		}
		r := ResultRow{Result: h.lo + i, P: h.dist.Prob(i)}
		for _, k := range targets {
			u := a.Units[k]
			f := ffar(r.Result, u, a.Leader)
			e := "unaffected"
			switch {
			case f > u.Cohesion && casualtyOnHit(u, f):
				e = "casualty"
			case f > u.Cohesion:
				e = "disrupted"
			case f == u.Cohesion && u.Concealed:
				e = "concealment_lost" // §2.4
			}
			if f > u.Cohesion {
				e += ", then a Cohesion check"
				if casualtyOnHit(u, f) {
					e = "casualty"
				}
			}
			r.Effects = append(r.Effects, UnitEffect{Unit: u.Name, FFAR: f, Effect: e})
		}
		rows = append(rows, r)
	}
	return rows
}
