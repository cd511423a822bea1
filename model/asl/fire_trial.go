package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// fireTrial is one worker's scratch state: the Location's starting state
// and its working copy.
type fireTrial struct {
	p             *firePlan
	start, target loc
	e             fireEffects
	orig          byte   // the Original DR and its doubles, for merge keys
	key           []byte // scratch for merge keys (exact mode)
}

func (p *firePlan) newTrial() sim.Trial {
	t := sim.Scratch[fireTrial]()
	t.p = p
	t.start.setup(p.a.Targets, p.a.ELR, p.rules)
	t.target.merge = t.merge
	t.target.recBase = p.m.targets
	t.target.tab = p.tab
	return t.run
}

// fireEffects is what one attack did beyond the units' own states.
type fireEffects struct {
	at *fireOutcome // nil without an IFT attack
	terrainMarks
	// flameDue: Table 23 calls for a Flame DR after the units are
	// resolved, read on the column of the units there as the DR is made
	// (§8.53); a plan's merge keys within the attack hold it, as they do a
	// DC's (effects.flameDue).
	flameDue bool
}

// terrainMarks are what attacks did to the Location and the SW in it
// (Table 23, A9.74), recorded the same way after one attack or a plan.
type terrainMarks struct {
	shellhole, rubble, collapse, falls, flame bool
	swLost, swMalf                            int
}

// record sets the SW metrics at sw (−1: none) and the Table 23 ones.
func (x *terrainMarks) record(rec *sim.Record, sw int, t23 t23Index) {
	if sw >= 0 {
		rec.Set(sw, x.swLost)
		rec.Set(sw+1, x.swMalf)
	}
	setYes(rec, t23.shellhole, x.shellhole)
	setYes(rec, t23.rubble, x.rubble)
	setYes(rec, t23.collapse, x.collapse)
	setYes(rec, t23.falls, x.falls)
	setYes(rec, t23.flame, x.flame)
}

// run is one attack (rules/asl.md §3.11, §7): an AFV's entry into a
// building, WP's Flame DR, or the attack DR with its Shellhole, then the
// Rubble dr before the units are attacked (B24.11), the units, Random SW
// Destruction and the Flame DR after them (B25.13).
func (t *fireTrial) run(src *sim.Source, rec *sim.Record) {
	p := t.p
	t.target.restart(&t.start)
	t.target.rec = rec
	t.e = fireEffects{}
	e := &t.e
	switch {
	case p.a.AFVEntersBuilding:
		if p.a.entryRubbles(dice.Dr(src)) {
			t.rubble(src, e)
		}
	case p.a.Weapon == WP:
		e.flame = p.site.flames(src, p.a.wpFlameDRM())
	default:
		w, c := p.dr.Roll(src)
		t.orig = byte(2*(w+c) + b2i(w == c))
		if t.hit(src, &p.at[w+c][b2i(w == c)]) {
			return // the rest is known (exact mode): sim.Source.Merge
		}
	}
	t.record(rec, e)
}

// hit resolves the attack's Original DR, whose outcome is at, on the
// Location as it stands (t.target): the Shellhole, the Rubble dr before the
// units are attacked (B24.11), the units, Random SW Destruction and the
// Flame DR after them (B25.13). A plan calls it once per fire attack on the
// Location its earlier attacks left. It reports true when the trial must
// stop because its rest is known (exact mode, sim.Source.Merge).
func (t *fireTrial) hit(src *sim.Source, at *fireOutcome) (stop bool) {
	p, e := t.p, &t.e
	e.at = at
	t23 := &at.t23
	if !p.t23r.all {
		t23 = p.t23r.t23Of(at, t.target.presentUnits())
	}
	e.shellhole, e.flameDue = t23.shellhole, t23.flame
	if p.site.rubbles(src, int(t23.rubbleKIA)) {
		t.rubble(src, e)
		return false
	}
	if t.target.resolve(src, &at.res) {
		return true
	}
	e.swLost, e.swMalf = t.target.randomSWDestruction(src, &p.swDist[at.shift])
	if e.flameDue {
		e.flame = p.site.flames(src, p.site.flameDRM())
	}
	return false
}

// entryRubbles reports whether an AFV entering the building Rubbles it
// on colored dr dr of its Bog Check DR: dr + the Bog Check's dr modifiers
// ≤ 0 (Table 23, §8.53).
func (a IFTAttack) entryRubbles(dr int) bool { return dr+a.BogDRM <= 0 }

// rubble eliminates every unarmored unit of the Location with its SW
// (B24.11), then makes the collapse and Falling Rubble rolls.
func (t *fireTrial) rubble(src *sim.Source, e *fireEffects) {
	e.rubble = true
	e.swLost = t.target.eliminateAll()
	e.collapse, e.falls = t.p.site.afterRubble(src)
}

func (t *fireTrial) record(rec *sim.Record, e *fireEffects) {
	m := &t.p.m
	if e.at != nil {
		if m.ift >= 0 {
			rec.Set(m.ift, int(e.at.ift))
		}
		setYes(rec, m.cowering, e.at.shift > 0)
	}
	t.target.recordTargets(rec, m.targets, m.stack)
	e.terrainMarks.record(rec, m.sw, m.t23)
}
