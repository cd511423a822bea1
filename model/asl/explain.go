package asl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/bound"
)

// The working of an attack as a player checks it at the table: the column,
// every DRM with its source, the malfunction threshold, and what each
// Original DR does. Every figure here is read from the functions and the
// plan the trial itself uses (targetColumn, targetDRM, XNumber, newDCPlan);
// the itemized terms are only their breakdown, and the tests hold each
// breakdown to the model's total.

// Term is one modifier of a roll or a number, with its source and rule.
type Term struct {
	Value int    `json:"value"`
	What  string `json:"what"`
	Rule  string `json:"rule"`
}

// terms is a breakdown being built; add leaves out a zero modifier.
type terms []Term

func (t *terms) add(v int, what, rule string) {
	if v != 0 {
		*t = append(*t, Term{v, what, rule})
	}
}

// ColumnChoice is an attack's IFT column: the FP it attacks with, after
// any halving, and why.
type ColumnChoice struct {
	FP     float64 `json:"fp"`
	Column Column  `json:"-"`
	Why    string  `json:"why"`
	Rule   string  `json:"rule"`
}

// Heading is the column as printed on the IFT: "30", "36+".
func (c ColumnChoice) Heading() string { return ColumnHeading(c.Column) }

// ColumnHeading is column c as printed on the IFT. It panics for c not
// below Columns.
func ColumnHeading(c Column) string {
	if c == ColumnFor(36) {
		return "36+"
	}
	return fmt.Sprint(c.FP())
}

// RollTarget is how one roll meets one unit: its column and the DRM of
// its Final DR, with the terms that make it.
type RollTarget struct {
	Unit   Unit         `json:"unit"`
	Column ColumnChoice `json:"column"`
	Terms  []Term       `json:"terms"`
	DRM    int          `json:"drm"`
}

// Threshold is the malfunction rule of a DC: it fails to detonate when the
// Original DR plus Added is at least Value. Terms build Value from 12.
type Threshold struct {
	Value int    `json:"value"`
	Added int    `json:"added"`
	Terms []Term `json:"terms"`
	Why   string `json:"why"`
	Rule  string `json:"rule"`
}

// Malfunctions reports whether Original DR orig malfunctions by t.
func (t Threshold) Malfunctions(orig int) bool { return orig+t.Added >= t.Value }

// DRRow is what one Original DR of a roll does: its Final DR and IFT
// result against each unit, and the side effects it sets off.
type DRRow struct {
	Original int `json:"original"`
	// Doubles is "doubles" or "not doubles" when the row is only those
	// ways of its Original DR (a fire attack that Cowers, A7.9); "" for all.
	Doubles     string   `json:"doubles,omitempty"`
	Ways        int      `json:"ways"` // of the 36 ways two dice fall
	Malfunction bool     `json:"malfunction"`
	Cowered     int      `json:"cowered,omitempty"` // columns the attack Cowered (A7.9)
	Final       []int    `json:"final"`
	Result      []IFT    `json:"-"`
	Effects     []string `json:"effects,omitempty"`
}

// Ways is the number of the 36 ways two dice fall that sum to dr: 6 −
// |dr − 7| from 2 to 12, and none outside.
func Ways(dr int) int { return max(0, 6-max(dr-7, 7-dr)) }

// DCWorking is the working of a DC attack on a Location of Personnel.
type DCWorking struct {
	// Column and Terms apply to every target alike; each target's own
	// column and DRM, its concealment and DRM option included, are in
	// Targets.
	Targets     []RollTarget `json:"targets"`
	Malfunction Threshold    `json:"malfunction"`
	// Attack is the first roll, one row per Original DR 2…12.
	Attack []DRRow `json:"attack"`
	// Throwers and Thrower are the DR against the thrower's Location
	// (A23.6), when the DC is Thrown with units there.
	Throwers []RollTarget `json:"throwers,omitempty"`
	Thrower  []DRRow      `json:"thrower,omitempty"`
	// Chain says what must happen before the DC detonates at all.
	Chain []Term `json:"chain,omitempty"`
}

// Working returns the working of the attack. The attack must be valid:
// Working panics with Validate's error otherwise.
func (a DCAttack) Working() DCWorking {
	bound.MustBeValid("asl.DCAttack", a.Validate())
	p := newDCPlan(a)
	var w DCWorking
	for _, u := range a.Targets {
		w.Targets = append(w.Targets, RollTarget{Unit: u, Column: a.columnChoice(u), Terms: a.targetTerms(u), DRM: a.targetDRM(u)})
	}
	w.Malfunction = a.threshold()
	for orig := 2; orig <= 12; orig++ {
		o := &p.at[orig]
		row := DRRow{Original: orig, Ways: Ways(orig), Malfunction: o.malf}
		for i, u := range a.Targets {
			row.Final = append(row.Final, orig+a.targetDRM(u))
			row.Result = append(row.Result, o.res[i])
		}
		if !o.malf {
			row.Effects = a.effects(o)
		}
		w.Attack = append(w.Attack, row)
	}
	w.Throwers, w.Thrower = a.throwerWorking(&p.throwRes)
	w.Chain = a.chainTerms()
	return w
}

// throwerWorking is the DR against the thrower's Location (A23.6): each
// thrower's column and DRM, and the plan's result of each Original DR.
func (a DCAttack) throwerWorking(res *[13][Slots]IFT) ([]RollTarget, []DRRow) {
	var ts []RollTarget
	var rows []DRRow
	for i, u := range a.Throwers {
		ts = append(ts, RollTarget{Unit: u, Column: ColumnChoice{FP: 30, Column: ColumnFor(30),
			Why: "a DC's 30 FP on the thrower's Location, never halved for concealment", Rule: "A23.6"},
			Terms: a.throwerTerms(u), DRM: a.throwerDRM(u)})
		for orig := 2; orig <= 12; orig++ {
			if i == 0 {
				rows = append(rows, DRRow{Original: orig, Ways: Ways(orig)})
			}
			r := &rows[orig-2]
			r.Final = append(r.Final, orig+a.throwerDRM(u))
			r.Result = append(r.Result, res[orig][i])
		}
	}
	return ts, rows
}

// columnChoice is targetColumn with its reasons.
func (a DCAttack) columnChoice(u Unit) ColumnChoice {
	c := ColumnChoice{FP: 30, Why: "a DC's 30 FP", Rule: "A23.1"}
	switch {
	case a.Mode == Set:
		c.FP, c.Why, c.Rule = 36, "a Set DC's 36+ FP", "A23.71"
	case a.Breach != NoBreach:
		c.FP, c.Why, c.Rule = 12, "the 12 FP Area Fire beyond a breached wall", "B23.711"
	}
	if a.Concealed || u.Concealed {
		c.FP /= 2
		c.Why += ", halved for concealed targets"
		c.Rule += ", A23.3 ex."
	}
	c.Column = a.targetColumn(u)
	return c
}

// targetTerms itemizes targetDRM.
func (a DCAttack) targetTerms(u Unit) []Term {
	var t terms
	add := t.add
	if a.Cave {
		switch {
		case a.Mode == Placed:
		case a.Mode == Set:
			add(-3, "Set DC", "A23.71")
		default:
			add(a.attackerDRM(), "the thrower's DRMs (Thrown, CX, AFPh)", "A23.4, A23.6")
			add(caveTEM, "cave TEM, the DC dropped to the Entrance Hex", "G11.83")
		}
		if a.Mode != Placed {
			add(a.DRM, "other DRM (--drm)", "A.17")
			add(u.DRM, "the unit's own DRM (drm=)", "A13.5, A22.4")
		}
		if !a.Japanese && a.Mode != Thrown {
			add(noJapaneseDRM, "no Good Order Japanese MMC in the cave", "G11.83")
		}
		return t
	}
	switch {
	case a.Breach != NoBreach:
		add(a.TEM, "TEM of the units beyond the wall", "B23.711")
	case a.Mode == Set:
		add(-3, "Set DC, and no TEM", "A23.71")
	default:
		add(a.TEM, "target Location TEM (no hexside TEM)", "A23.1")
	}
	if a.Mode == Thrown && a.Breach == NoBreach {
		if a.FromVehicle || a.Cavalry {
			add(3, "Thrown from a moving vehicle or by Cavalry", "A23.6")
		} else {
			add(2, "Thrown", "A23.6")
		}
		add(b2i(a.AFPh), "Thrown in the AFPh", "A23.62")
	}
	add(b2i(a.CX), "the Placer or Thrower is CX", "A23.4")
	add(a.DRM, "other DRM (--drm)", "A.17")
	add(u.DRM, "the unit's own DRM (drm=)", "A13.5, A22.4")
	return t
}

// throwerTerms itemizes throwerDRM.
func (a DCAttack) throwerTerms(u Unit) []Term {
	var t terms
	add := t.add
	add(a.ThrowerTEM, "the thrower's Location TEM", "A23.6")
	if a.FromVehicle || a.Cavalry {
		add(4, "the thrower's Location, from a moving vehicle or Cavalry", "A23.6")
	} else {
		add(3, "the thrower's own Location", "A23.6")
	}
	add(b2i(a.AFPh), "Thrown in the AFPh", "A23.62")
	if a.Options.CXOnThrowerLocation {
		add(b2i(a.CX), "the Thrower is CX (--rule cx-on-thrower-location)", "A23.4, §8.16")
	}
	add(u.DRM, "the unit's own DRM (drm=)", "A13.5, A22.4")
	return t
}

// threshold is Malfunctions with its reasons: XNumber's penalties, and for
// a Set DC the enemy Infantry added to the DR.
func (a DCAttack) threshold() Threshold {
	var t []Term
	if a.User != EliteUser {
		pen, why := -2, "a non-elite user: the captured-SW penalty"
		if a.Captured {
			pen, why = -4, "a non-elite user of a captured DC: the penalty doubled"
		}
		t = append(t, Term{pen, why, "A23.2, A21.11"})
		if a.User == Inexperienced && a.Options.InexperiencedPenalty {
			t = append(t, Term{-1, "an Inexperienced user", "A19.32, §8.3"})
		}
	} else if a.Captured {
		t = append(t, Term{-2, "a captured DC", "A23.4, A21.11"})
	}
	th := Threshold{Value: a.XNumber(), Terms: t}
	if a.Mode != Set {
		th.Why, th.Rule = fmt.Sprintf("X#%d: the DC malfunctions on an Original DR ≥ %d", th.Value, th.Value), "A23.4"
		if a.Mode == Thrown {
			th.Why += " of the target DR only"
			th.Rule += ", §8.17"
		}
		return th
	}
	th.Added = a.enemyInfantry()
	if !a.Options.SetDCUsesXPenalty {
		th.Value, th.Terms = 12, nil
	}
	th.Why = fmt.Sprintf("a Set DC malfunctions on an Original DR + %d (one per enemy Infantry unit) ≥ %d", th.Added, th.Value)
	th.Rule = "A23.7"
	if a.Options.SetDCUsesXPenalty && len(t) > 0 {
		th.Rule += ", §8.4"
	}
	return th
}

// effects names what an Original DR sets off besides its IFT results, as
// the plan recorded it.
func (a DCAttack) effects(o *outcome) []string {
	var e []string
	if o.rubbleKIA > 0 {
		e = append(e, fmt.Sprintf("Rubble dr (KIA %d on the 30 column; B24.11)", o.rubbleKIA))
	}
	if o.destroys {
		e = append(e, "Final KIA: the building level is destroyed (A23.71)")
	}
	flame := a.flameReading().flameKIA(o, uint32(1)<<len(a.Targets)-1)
	switch {
	case flame && o.destroys:
		// The destroyed level is Rubble, which takes precedence (B24.6):
		// the Flame DR is never made.
		e = append(e, "no Flame DR: Rubble takes precedence (B24.6)")
	case flame:
		e = append(e, "Flame DR (Original KIA; B25.13)")
	}
	if o.breach {
		e = append(e, "breach (B23.711)")
	}
	if o.wire {
		e = append(e, "Wire cleared (B26.51)")
	}
	if o.roadblock {
		e = append(e, "roadblock removed (B29.5)")
	}
	if o.spans > 0 {
		e = append(e, fmt.Sprintf("%d bridge span(s) destroyed (B6.33)", o.spans))
	}
	if o.caveGone {
		e = append(e, "cave destroyed (G11.83)")
	}
	if a.Gun && o.gun != GunUnaffected {
		e = append(e, "Gun "+o.gun.String()+" (C11.6)")
	}
	return e
}

// setterHelp says whose modifier the Setter's rolls, the setting dr and
// the detonation NTC, take while that leader stands unbroken and unpinned
// (A10.7), or, where a leader Setter has with him a leader able to lead
// who gives him nothing, why: a leader takes only the modifier of a
// leader of higher ML (A10.22, rules/asl.md §3.6). It returns the words
// and their rule, each to follow the rest.
func (a DCAttack) setterHelp() (string, string) {
	var l loc
	l.setup(a.Setter, a.ELR, a.Options.locRules(false))
	if drm, who := l.leaderSource(0, a.Setter); drm != 0 {
		if who == "" {
			who = "a leader with him"
		}
		return fmt.Sprintf("; %s %s on it while he stands", who, signedText(drm)), ", A10.7"
	}
	if l.u[0].kind != Leader {
		return "", ""
	}
	for j := 1; j < l.n; j++ {
		if ld := &l.u[j]; ld.canLead() && ld.curMod() != 0 && ld.curML() <= l.u[0].curML() {
			return "; no leader helps, a leader taking only the modifier of one of higher ML", ", A10.22"
		}
	}
	return "", ""
}

// chainTerms say what must go right before the DC detonates.
func (a DCAttack) chainTerms() []Term {
	var t []Term
	fire := func() string {
		var fs []string
		for _, f := range a.DFF {
			fs = append(fs, f.String())
		}
		if len(fs) == 0 {
			return "no Defensive Fire"
		}
		return "Defensive Fire " + strings.Join(fs, ", ")
	}
	// Both of the Setter's rolls take the same leader's modifier.
	var help, rule string
	if a.Mode == Set && len(a.Setter) > 0 {
		help, rule = a.setterHelp()
	}
	switch {
	case a.Mode == Placed && len(a.Placer) > 0:
		t = append(t, Term{What: fmt.Sprintf("the Placer %s must survive %s unbroken and unpinned to Place the DC operably", a.Placer[0], fire()), Rule: "A23.3"})
	case a.Mode == Placed:
		t = append(t, Term{What: "the DC is taken as operably Placed (no --placer)", Rule: "A23.3"})
	case a.Mode == Set && a.Preset:
		t = append(t, Term{What: "Set before play: no setting dr, no Defensive Fire", Rule: "A23.7"})
	case a.Mode == Set && len(a.Setter) > 0:
		s := a.Setter[0]
		t = append(t, Term{Value: s.Kind.USNumber(), What: fmt.Sprintf("the Setter %s must make a setting dr ≤ its US# %d, under %s at −2 (Hazardous Movement)%s", s, s.Kind.USNumber(), fire(), help), Rule: "A23.7, A4.62" + rule})
	}
	if a.Mode == Set && len(a.Setter) == 0 {
		// Validate refuses --preset without a Setter.
		t = append(t, Term{What: "the DC is taken as Set and detonated (no --setter): no setting dr, no Defensive Fire, no detonation NTC", Rule: "A23.7"})
	}
	if a.Mode == Set && len(a.Setter) > 0 {
		t = append(t, Term{Value: a.Setter[0].ML, What: fmt.Sprintf("the Setter %s must pass a NTC to detonate it%s", a.Setter[0], help), Rule: "A23.7" + rule})
	}
	return t
}

// signedText writes a DRM with its sign, a minus sign for a negative one:
// −2, +1, 0.
func signedText(v int) string {
	switch {
	case v < 0:
		return "−" + strconv.Itoa(-v)
	case v > 0:
		return "+" + strconv.Itoa(v)
	}
	return "0"
}
