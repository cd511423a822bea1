package lhy

import (
	"github.com/sapperhq/sapper/sim"
)

// plan is an attack prepared for the trial loop: every choice that does
// not depend on the dice is made once here.
type plan struct {
	a      FireAttack
	layout layout

	// smallArms is the highest SADRM result; nil with no SADRM.
	smallArms *highest
	// mortar is set when there is an MDRM; mortarSpecial when its MV makes
	// a roll of 10 count (13.1.7).
	mortar, mortarSpecial bool
	mdrm                  int
	// smallArmsTargets and mortarTargets are the units tied at the top of
	// 13.1.3 for a small-arms and for a mortar result.
	smallArmsTargets, mortarTargets []uint8
	// carrier[u] is the vehicle unit u rides, −1 on foot.
	carrier []int8
	// mortarVehicles are those a mortar roll of 10 can pick: all but towed
	// Guns (rules/lhy.md L4).
	mortarVehicles []uint8
	// at[v] draws the counting AT roll against vehicle v; nil dist with no
	// ATDRM on it.
	at []atDraw
}

// Experiment validates the attack and returns it as an engine experiment.
// The attack is normalized first (see Normalize), on a copy.
func (a FireAttack) Experiment() (sim.Experiment, error) {
	a.Units = append([]Unit(nil), a.Units...)
	a.Normalize()
	if err := a.validate(); err != nil {
		return sim.Experiment{}, err
	}
	p := newPlan(a)
	schema, l := a.schema()
	p.layout = l
	return sim.Experiment{Schema: schema, New: p.newTrial, KeepPaths: true}, nil
}

func newPlan(a FireAttack) *plan {
	p := &plan{a: a}
	if len(a.SADRM) > 0 {
		h := newHighest(a.SADRM)
		p.smallArms = &h
	}
	if a.MDRM != nil {
		p.mortar, p.mdrm = true, *a.MDRM
		p.mortarSpecial = a.MV >= mortarSpecialMV
	}
	p.smallArmsTargets = targets(a.Units, false)
	p.mortarTargets = targets(a.Units, true)
	for _, u := range a.Units {
		c := -1
		if u.aboard() {
			c, _ = a.carrierOf(u)
		}
		p.carrier = append(p.carrier, int8(c))
	}
	p.at = make([]atDraw, len(a.Vehicles))
	for i, v := range a.Vehicles {
		if !v.TowedGun {
			p.mortarVehicles = append(p.mortarVehicles, uint8(i))
		}
		var drms []int
		for _, f := range a.AT {
			if f.Vehicle == v.Name {
				drms = append(drms, f.DRM)
			}
		}
		if len(drms) > 0 {
			p.at[i] = newATDraw(drms, func(r atRoll) int { return atOutcome(v, r) })
		}
	}
	return p
}
