package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Shock recovery drs (C7.42): at the end of the next RPh 1–2 removes it;
// then a UK is removed on 1–3 at the end of the following RPh, and the
// AFV is a wreck on 4–6.
var (
	shockDR = sim.NewDist(2, 4)
	ukDR    = sim.NewDist(3, 3)
)

// afvTrial is one worker's scratch state.
type afvTrial struct {
	p                  *afvPlan
	start, veh         loc
	throwStart, throws loc
}

// afvOutcome is what one trial records.
type afvOutcome struct {
	pos       Position
	hit       int
	res       AFVResult
	abandoned bool
	crew      int
	crewColl  int
	shock     int
}

// setupLocation sets l up as the vehicle's Location is at the start:
// each unit in its group, the PRC not subject to Heat of Battle (A15.1).
func (p *afvPlan) setupLocation(l *loc) {
	l.setup(p.units, p.a.ELR, p.rules)
	for i, g := range p.groups {
		l.u[i].group = g
		l.u[i].hobOK = l.u[i].hobOK && g == inLocation
	}
}

func (p *afvPlan) newTrial() sim.Trial {
	t := sim.Scratch[afvTrial]()
	t.p = p
	p.setupLocation(&t.start)
	t.throwStart.setup(p.a.Throwers, p.a.ELR, p.rules)
	return t.run
}

// run is one DC attack on the vehicle (rules/asl.md §5): the Position DR
// and the To Kill DR, or the vehicle line, or a Set DC's attack on the
// Location; the Collateral Attack, the Crew TC or the Crew Survival DRs;
// then the thrower's Location (§8.18) and the Shock's follow-up.
func (t *afvTrial) run(src *sim.Source, rec *sim.Record) {
	p := t.p
	t.veh.restart(&t.start)
	if t.throwStart.n > 0 {
		// Without throwers the Location stays empty: nothing to copy.
		t.throws.restart(&t.throwStart)
	}
	o := afvOutcome{hit: noHit, res: NoVehicleEffect, crew: crewAboard, crewColl: crewNotAttacked, shock: notShocked}
	switch p.kase {
	case armoredFacing:
		t.armored(src, &o)
	case setVsAFV:
		t.setDC(src, &o)
	default:
		t.vehicleLine(src, &o)
	}
	if o.res.detonated() && len(p.a.Throwers) > 0 {
		// A23.6: whatever the Position DR, unless the DC failed.
		t.throws.resolve(src, &p.throwRes[p.throwDR.Roll(src)])
	}
	if o.res.shocks() {
		o.shock = shockFollowUp(src)
	}
	t.record(rec, &o)
}

// armored resolves the Position DR (C7.346) and what follows it: a To
// Kill DR when Positioned, a Collateral Attack on the Vulnerable PRC with
// a new DR when Poorly Positioned, Area Fire on the other units of the
// Location with a new DR on a Final 12 or more. The DC may malfunction on
// that first effects DR, never on the Position DR (§8.5).
func (t *afvTrial) armored(src *sim.Source, o *afvOutcome) {
	p := t.p
	w, c := p.position.Roll(src)
	o.pos = PositionOf(w + c + p.posDRM)
	switch o.pos {
	case Optimal, Successful:
		turret := TurretHit(w, c)
		o.hit = b2i(turret)
		tk := &p.tk[o.pos][o.hit]
		orig := tk.dr.Roll(src)
		o.res = tk.res[orig]
		t.afterHit(src, o, orig, tk.immob[orig])
	case Poor:
		if orig := p.poorDR.Roll(src); p.malf[orig] {
			o.res = Malfunction
		} else {
			t.collateral(src, o, &p.prc[orig], p.crew[orig])
		}
	default:
		if orig := p.areaDR.Roll(src); p.malf[orig] {
			o.res = Malfunction
		} else {
			t.veh.resolve(src, &p.others[orig])
		}
	}
}

// vehicleLine resolves a DC on the IFT vehicle line (A7.308): an Original
// 2 is an Unlikely Kill, whose subsequent dr applies if it is better
// (A7.309).
func (t *afvTrial) vehicleLine(src *sim.Source, o *afvOutcome) {
	p := t.p
	orig := p.lineDR.Roll(src)
	if p.malf[orig] {
		o.res = Malfunction
		return
	}
	o.res = p.line[orig]
	if orig == 2 && o.res != Burning {
		o.res = min(o.res, unlikelyKill[dice.Dr(src)])
	}
	t.afterHit(src, o, orig, o.res == Immobilized)
}

// setDC resolves a Set DC in an AFV's Location: the AFV is untouched, its
// Vulnerable PRC and the other units are attacked (A23.71; §8.38).
func (t *afvTrial) setDC(src *sim.Source, o *afvOutcome) {
	p := t.p
	orig := p.lineDR.Roll(src)
	if p.malf[orig] {
		o.res = Malfunction
		return
	}
	t.collateral(src, o, &p.all[orig], p.crew[orig])
}

// afterHit applies the vehicle's result of Original DR orig to its PRC:
// all die in a burning wreck (C7.6); each rolls for Crew Survival if it is
// eliminated (D5.6); otherwise an Immobilized vehicle's crew takes its TC
// (D5.5), and the same DR then makes the Collateral Attack (D.8): on the
// Riders alone if the crew is Shocked. The TC comes first, as part of the
// vehicle's result, which rules/asl.md §5.5 puts before the Collateral
// Attack on the Vulnerable PRC: an AFV's crew that bails out is none of
// them, and is not attacked (a reading the rules file does not spell
// out). An unarmored vehicle's Location is attacked whatever becomes of
// the vehicle, a crew beneath it included (A7.308).
func (t *afvTrial) afterHit(src *sim.Source, o *afvOutcome, orig int, immob bool) {
	p := t.p
	switch {
	case !o.res.detonated():
		return
	case o.res.killed():
		o.crew = crewLost
		if o.res == Wrecked && t.survives(src) {
			o.crew = crewSurvived
		}
		for i := range t.veh.n {
			if p.groups[i] != inLocation && (o.res == Burning || !t.survives(src)) {
				t.veh.u[i].elim = true
			}
		}
		if p.kase == unarmoredVehicle {
			t.veh.resolve(src, &p.others[orig])
		}
		return
	}
	if immob {
		o.abandoned = !t.passes(src, p.a.CrewML)
		if o.abandoned {
			o.crew = crewBailedOut
		}
	}
	if o.res.shocks() {
		// D.8: a Shocked crew buttons up; only the Riders are attacked.
		t.veh.resolve(src, &p.riders[orig])
		return
	}
	t.collateral(src, o, p.collateral(orig), p.crew[orig])
}

// collateral resolves an attack on the Vulnerable PRC (and whoever else
// res names): the CE crew first, unless it bailed out of an AFV, then the
// Personnel counters.
func (t *afvTrial) collateral(src *sim.Source, o *afvOutcome, res *[Slots]IFT, crew IFT) {
	if t.p.crewVulnerable && !(o.abandoned && t.p.kase != unarmoredVehicle) {
		o.crewColl = crewEffect(src, crew, t.p.a.CrewML)
	}
	t.veh.resolve(src, res)
}

// crewEffect is what IFT result r does to an AFV's inherent CE crew of ML
// ml (D5.34, D5.341, A7.82): a K or KIA result, or a Casualty MC, Recalls
// the AFV; a failed MC Stuns the crew; a pin buttons it up. An inherent
// crew is never subject to Heat of Battle or ELR (A15.1, A19.11).
func crewEffect(src *sim.Source, r IFT, ml int) int {
	switch {
	case r.KIA() > 0 || r.K() > 0:
		return crewRecalled
	case r == PTC:
		if tcDR(src, ml, 0) > ml {
			return crewButtonedUp
		}
	default:
		d, ok := r.MC()
		if !ok {
			break
		}
		switch orig := mcDR(src, ml, d, -1); {
		case orig == 12:
			return crewRecalled
		case orig+d > ml:
			return crewStunned
		case orig+d == ml:
			return crewButtonedUp
		}
	}
	return crewNoEffect
}

// survives makes a Crew Survival DR: Final DR ≤ the CS# (D5.6).
func (t *afvTrial) survives(src *sim.Source) bool { return t.passes(src, t.p.a.CS) }

// passes makes a DR that succeeds at or below n, with no DRM: a Crew TC is
// a NTC at the crew's ML (D5.5; an Original 12 is not special, §8.2).
func (t *afvTrial) passes(src *sim.Source, n int) bool { return tcDR(src, n, 0) <= n }

// shockFollowUp rolls the Shock's recovery (C7.42).
func shockFollowUp(src *sim.Source) int {
	if src.Pick(shockDR) == 0 {
		return shockRecovered
	}
	if src.Pick(ukDR) == 0 {
		return shockUKRecovered
	}
	return shockWrecked
}

func (t *afvTrial) record(rec *sim.Record, o *afvOutcome) {
	p := t.p
	m := &p.m
	if m.position >= 0 {
		rec.Set(m.position, int(o.pos))
		rec.Set(m.hit, o.hit)
	}
	rec.Set(m.afv, int(o.res))
	if m.killed >= 0 {
		rec.Set(m.killed, b2i(!o.res.killed()))
		rec.Set(m.abandoned, b2i(!o.abandoned))
		rec.Set(m.crew, o.crew)
	}
	if m.crewColl >= 0 {
		rec.Set(m.crewColl, o.crewColl)
	}
	if m.shock >= 0 {
		rec.Set(m.shock, o.shock)
	}
	for i := range t.veh.n {
		rec.Set(m.units+i, int(t.veh.u[i].fate()))
	}
	for i := range t.throws.n {
		rec.Set(m.throwers+i, int(t.throws.u[i].fate()))
	}
}
