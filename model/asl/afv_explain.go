package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/model/bound"
)

// AFVWorking is the working of a DC attack on a vehicle, read off the
// plan its trials use, so that it cannot differ from them: the Position DR and the To Kill
// numbers against armor, or the vehicle line, or a Set DC's attack on the
// Location, and the attacks on the units there.
type AFVWorking struct {
	// How the DC meets the vehicle, and why.
	How  string `json:"how"`
	Rule string `json:"rule"`

	// Against an armored Target Facing: the Position DR (C7.346).
	PositionTerms []Term        `json:"position_terms,omitempty"`
	PositionDRM   int           `json:"position_drm"`
	Position      []PositionRow `json:"position,omitempty"`
	ToKill        []TKColumn    `json:"to_kill,omitempty"`

	// On the IFT vehicle line (A7.308).
	Line      *RollTarget `json:"line,omitempty"`
	Kill      int         `json:"kill,omitempty"`
	LineRows  []LineRow   `json:"line_rows,omitempty"`
	LineNotes []Term      `json:"line_notes,omitempty"`

	Malfunction Threshold `json:"malfunction"`

	// Units attacks the vehicle's Vulnerable PRC and Location: who is
	// attacked with which column and DRM, and the IFT result of each
	// Original DR of that attack's own roll (its rule in UnitsRule).
	Units     []RollTarget `json:"units,omitempty"`
	UnitsRule string       `json:"units_rule,omitempty"`
	UnitRows  []DRRow      `json:"unit_rows,omitempty"`

	Throwers []RollTarget `json:"throwers,omitempty"`
	Thrower  []DRRow      `json:"thrower,omitempty"`
}

// PositionRow is what one Original Position DR does: its Final DR, the
// Position, and how many of its Ways put the hit on the turret (the
// colored die below the white, C3.9).
type PositionRow struct {
	Original   int      `json:"original"`
	Ways       int      `json:"ways"`
	Final      int      `json:"final"`
	Position   Position `json:"position"`
	TurretWays int      `json:"turret_ways"`
}

// TKColumn is one Final To Kill number and the result of each Original TK
// DR against it (index 0 is DR 2).
type TKColumn struct {
	Name    string        `json:"name"`
	TK      int           `json:"tk"`
	Terms   []Term        `json:"terms"`
	Results [11]AFVResult `json:"-"`
	Immob   [11]bool      `json:"-"`
	Labels  [11]string    `json:"results"`
}

// LineRow is one Original DR on the vehicle line.
type LineRow struct {
	Original int       `json:"original"`
	Ways     int       `json:"ways"`
	Final    int       `json:"final"`
	Result   AFVResult `json:"result"`
}

// Working returns the working of the attack. The attack must be valid:
// Working panics with Validate's error otherwise.
func (a AFVAttack) Working() AFVWorking {
	bound.MustBeValid("asl.AFVAttack", a.Validate())
	p := newAFVPlan(a)
	dc := a.dc()
	w := AFVWorking{Malfunction: dc.threshold()}
	switch p.kase {
	case armoredFacing:
		w.How, w.Rule = fmt.Sprintf("through the armored %s Target Facing: a Position DR, then a To Kill DR", a.TargetFacing()), "C7.346"
		w.PositionTerms, w.PositionDRM = a.positionTerms(), a.PositionDRM()
		for orig := 2; orig <= 12; orig++ {
			w.Position = append(w.Position, PositionRow{Original: orig, Ways: Ways(orig), Final: orig + p.posDRM,
				Position: PositionOf(orig + p.posDRM), TurretWays: turretWays(orig)})
		}
		for _, c := range []struct {
			name   string
			pos    Position
			turret int
		}{{"Optimal (Aerial AF)", Optimal, 0}, {"Successful, hull", Successful, 0}, {"Successful, turret", Successful, 1}} {
			t := &p.tk[c.pos][c.turret]
			col := TKColumn{Name: c.name, TK: a.TKNumber(c.pos, c.turret == 1), Terms: a.tkTerms(c.pos, c.turret == 1)}
			for orig := 2; orig <= 12; orig++ {
				col.Results[orig-2], col.Immob[orig-2] = t.res[orig], t.immob[orig]
				col.Labels[orig-2] = t.res[orig].String()
			}
			w.ToKill = append(w.ToKill, col)
		}
		w.Malfunction.Why = fmt.Sprintf("X#%d: the DC malfunctions on an Original To Kill DR ≥ %[1]d, or on the first effects DR after a Poor Position", w.Malfunction.Value)
		w.Malfunction.Rule = "A23.4, §8.5"
	case setVsAFV:
		w.How, w.Rule = "a Set DC never harms an AFV; it attacks its Vulnerable PRC and the units in its Location", "A23.71, §8.38"
	default:
		w.How, w.Rule = "through an unarmored Target Facing: on the IFT vehicle line", "C7.346, §8.37"
		if p.kase == unarmoredVehicle {
			w.How, w.Rule = "an unarmored vehicle: on the IFT vehicle line, and every occupant of the Location is attacked", "A7.308"
		}
		col, fp := p.lineColumn(), 30.0
		if a.Mode == Set {
			fp = 36
		}
		if a.Concealed {
			fp /= 2
		}
		w.Kill = KillNumber(col)
		w.Line = &RollTarget{Column: ColumnChoice{FP: fp, Column: col, Why: "a DC's FP against the vehicle, halved if it is concealed", Rule: "A23.1, A7.308"},
			Terms: a.lineTerms(), DRM: p.lineDRM()}
		for orig := 2; orig <= 12; orig++ {
			w.LineRows = append(w.LineRows, LineRow{Original: orig, Ways: Ways(orig), Final: orig + p.lineDRM(), Result: p.line[orig]})
		}
		if a.Mode != Set {
			w.Malfunction.Why = fmt.Sprintf("X#%d: the DC malfunctions on an Original vehicle-line DR ≥ %[1]d", w.Malfunction.Value)
			w.Malfunction.Rule = "A23.4, §8.5"
		}
		w.LineNotes = []Term{{Value: w.Kill, What: fmt.Sprintf("Kill # %d above the %s column: burning at most half of it, eliminated below it, Immobilized on it", w.Kill, ColumnHeading(col)), Rule: "A7.308"},
			{Value: 2, What: "an Original 2 also makes the Unlikely Kill dr: 1 burning, 2 eliminated, 3 Immobilized", Rule: "A7.309"}}
	}
	w.unitAttack(p)
	dc.Throwers = a.Throwers
	w.Throwers, w.Thrower = dc.throwerWorking(&p.throwRes)
	return w
}

// unitAttack is the attack on the vehicle's crew, PRC and Location the
// plan makes: the Specific Collateral Attack on the Vulnerable PRC
// against armor (D.8), the attack on every occupant of an unarmored
// vehicle (A7.308), or a Set DC's attack on the Location (A23.71).
func (w *AFVWorking) unitAttack(p *afvPlan) {
	collateral := p.kase == armoredFacing || p.kase == unarmoredFacing
	w.UnitsRule = "A7.308, A23.71: every unit of the Location is attacked"
	switch p.kase {
	case armoredFacing:
		w.UnitsRule = "D.8: the Vulnerable PRC take a Specific Collateral Attack (after a Position DR of 9–11, with a new DR)"
	case unarmoredFacing:
		w.UnitsRule = "D.8, §8.37: the Vulnerable PRC take a Specific Collateral Attack with the vehicle line's DR, without the CE DRM: the facing leaves them unprotected (D5.311)"
	}
	// who indexes p.units; −1 is the crew.
	var who []int
	if p.crewVulnerable {
		who = append(who, -1)
	}
	for i := range p.units {
		if !collateral || p.groups[i] != inLocation {
			who = append(who, i)
		}
	}
	if len(who) == 0 {
		return
	}
	crew := named(Unit{Kind: Crew, ML: p.a.CrewML}, "the vehicle's crew")
	for _, i := range who {
		u, prc := crew, true
		if i >= 0 {
			u, prc = p.units[i], p.groups[i] != inLocation
		}
		w.Units = append(w.Units, p.unitTarget(u, prc))
	}
	for orig := 2; orig <= 12; orig++ {
		row := DRRow{Original: orig, Ways: Ways(orig), Malfunction: p.malf[orig] && !collateral}
		for k, i := range who {
			row.Final = append(row.Final, orig+w.Units[k].DRM)
			switch {
			case i < 0:
				row.Result = append(row.Result, p.crew[orig])
			case collateral:
				row.Result = append(row.Result, p.prc[orig][i])
			default:
				row.Result = append(row.Result, p.all[orig][i])
			}
		}
		w.UnitRows = append(w.UnitRows, row)
	}
}

// unitTarget is the column and DRM of the attack on unit u of the
// vehicle's Location, a PRC (prcColumn, prcDRM) or not (othersResult).
func (p *afvPlan) unitTarget(u Unit, prc bool) RollTarget {
	var t terms
	add := t.add
	fp := 30.0
	if p.a.Mode == Set {
		fp = 36
	}
	halved := u.Concealed || prc && p.a.Concealed && p.a.Options.HalveCollateralIfConcealed
	why := "the DC's FP, halved for a concealed unit or a concealed vehicle's PRC (§8.6)"
	if !p.a.Options.HalveCollateralIfConcealed {
		why = "the DC's FP, halved for a concealed unit only: not for a concealed vehicle's PRC, the switch halve-collateral-if-concealed being off (§8.6)"
	}
	col, drm := p.prcColumn(u.Concealed), p.prcDRM()+u.DRM
	switch {
	case !prc && p.a.Mode == Set:
		halved, col, drm = u.Concealed, p.othersColumn(u), u.DRM-3
		why = "a Set DC's 36+ FP, halved for a concealed unit"
		add(-3, "Set DC, and no TEM", "A23.71")
	case !prc:
		halved, col, drm = u.Concealed, p.othersColumn(u), p.a.TEM+u.DRM+p.lineDRM()
		why = "a DC's 30 FP on the Location, halved for a concealed unit"
		add(p.a.TEM, "the Location's TEM (--tem)", "A7.308")
		t = append(t, p.a.lineTerms()...)
	case p.kase == armoredFacing:
		add(2, "CE DRM, the only DRM of a Specific Collateral Attack", "D.8, D5.31")
	case p.kase == setVsAFV:
		add(2, "CE DRM of the Vulnerable PRC", "A23.71, D5.31")
		add(-3, "Set DC, and no TEM", "A23.71")
	case p.kase == unarmoredVehicle:
		t = append(t, p.a.lineTerms()...)
	}
	add(u.DRM, "the unit's own DRM (drm=)", "A13.5, A22.4")
	if halved {
		fp /= 2
	}
	return RollTarget{Unit: u, Column: ColumnChoice{FP: fp, Column: col, Why: why, Rule: "A23.1, D.8"}, Terms: t, DRM: drm}
}

// othersColumn is the column othersResult reads for unit u of the
// Location, outside the Area Fire of a Position DR ≥ 12.
func (p *afvPlan) othersColumn(u Unit) Column {
	fp := 30.0
	if p.a.Mode == Set {
		fp = 36
	}
	if u.Concealed {
		fp /= 2
	}
	return ColumnFor(fp)
}

// positionTerms itemizes PositionDRM (C7.346).
func (a AFVAttack) positionTerms() []Term {
	var t terms
	add := t.add
	if a.Motion || a.Concealed {
		add(2, "the AFV is non-Stopped, in Motion or concealed (once)", "C7.346, §8.7")
	}
	if a.Mode == Thrown {
		add(2+b2i(a.FromVehicle), "Thrown (+3 from a moving vehicle or by Cavalry)", "A23.6")
		add(b2i(a.AFPh), "Thrown in the AFPh", "A23.62")
	}
	switch a.TargetFacing() {
	case Front:
		add(1, "through the hull front Target Facing", "C7.346")
	case Rear:
		add(-1, "through the hull rear Target Facing", "C7.346")
	}
	add(b2i(a.CE), "the AFV is CE", "C7.346")
	add(b2i(a.CX), "the Placer or Thrower is CX", "A23.4")
	if a.ElevationAdvantage {
		add(-1-b2i(a.OpenTopped), "elevation advantage (Case B reversed)", "C7.22")
	}
	add(-2*b2i(a.Immobile), "the AFV is Immobile", "C7.346")
	add(-2*b2i(a.OpenTopped), "the AFV is Open-Topped", "C7.346")
	add(-2*b2i(a.Bypass), "the AFV is in Bypass in the user's hex", "C7.346")
	return t
}

// tkTerms itemizes TKNumber (C7.11).
func (a AFVAttack) tkTerms(pos Position, turret bool) []Term {
	t := []Term{{a.BasicTK, "a DC's Basic TK#", "C7.34, §8.13"}}
	if a.TargetFacing() == Rear {
		t = append(t, Term{1, "Case A: the armored rear Target Facing", "C7.21"})
	}
	if pos == Optimal {
		af, unverified := a.aerial()
		what := "the Aerial AF"
		if unverified {
			what += " (the unverified §8.12 fallback)"
		}
		return append(t, Term{-int(af), what, "C7.12"})
	}
	armor, aspect := a.Armor.Hull, "hull"
	if turret {
		armor, aspect = a.Armor.Turret, "turret"
	}
	return append(t, Term{-int(armor[a.TargetFacing()]), fmt.Sprintf("the %s %s AF", a.TargetFacing(), aspect), "C7.11"})
}

// lineTerms itemizes lineDRM.
func (a AFVAttack) lineTerms() []Term {
	var t terms
	add := t.add
	switch a.Mode {
	case Thrown:
		add(2+b2i(a.FromVehicle), "Thrown (+3 from a moving vehicle or by Cavalry)", "A23.6")
		add(b2i(a.AFPh), "Thrown in the AFPh", "A23.62")
	case Set:
		add(-3, "Set DC", "A23.71")
	}
	add(b2i(a.CX), "the Placer or Thrower is CX; no TEM for the vehicle", "A23.4, D9.3")
	return t
}

// turretWays counts the ways two dice sum to s with the colored die below
// the white: a turret hit (C3.9).
func turretWays(s int) int {
	n := 0
	for w := 1; w <= 6; w++ {
		if c := s - w; c >= 1 && c <= 6 && TurretHit(w, c) {
			n++
		}
	}
	return n
}

// UnitsAtStart returns the units of the vehicle's Location as they enter
// the attack, each with the leadership of its own group (Riders,
// Passengers, the rest; A10.7).
func (a AFVAttack) UnitsAtStart() []UnitEntry {
	p := newAFVPlan(a)
	var l loc
	p.setupLocation(&l)
	return l.entries(p.units)
}
