package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// dcTrial is one worker's scratch state: each Location's starting state
// and its working copy.
type dcTrial struct {
	p                  *dcPlan
	start, target      loc
	throwStart, throws loc
	chainStart, chain  loc
	e                  effects
	key                []byte // scratch for merge keys (exact mode)
}

func (p *dcPlan) newTrial() sim.Trial {
	t := sim.Scratch[dcTrial]()
	t.p = p
	t.start.setup(p.a.Targets, p.a.ELR, p.rules)
	t.throwStart.setup(p.a.Throwers, p.a.ELR, p.rules)
	chain := p.a.Placer
	if p.a.Mode == Set {
		chain = p.a.Setter
	}
	// The DC user's own stack: Defensive Fire at it comes from the targets'
	// side, which is ADJACENT and Known (§8.26 defaults).
	chainRules := p.rules
	chainRules.surrender = true
	t.chainStart.setup(chain, p.a.ELR, chainRules)
	t.target.merge = t.merge
	t.target.recBase = p.m.targets
	t.target.tab = p.tab
	if p.bare && p.joint {
		return t.runBare
	}
	return t.run
}

// effects is what one use of the DC did beyond the units' own states.
type effects struct {
	detonation          int
	at                  *outcome // nil unless the DC detonated
	orig                int8     // the Original DR that gave at
	entered             bool     // a Thrown DC entered the cave
	rubble              bool
	collapse, falls     bool
	flame               bool
	swLost, swMalf      int
	wholeLocationKilled bool // rubble or a destroyed bridge
	// flameDue: the DR shows a KIA on the column Flame reads with the
	// units there as the DC detonates (B25.13, §8.14), decided before the
	// units are resolved; a plan's merge keys within the attack hold it,
	// since the units an earlier attack took away look, once this one has
	// eliminated them too, as those it took away itself.
	flameDue bool
}

// run is one use of the DC: its chain (Placement under Defensive Fire, or
// Setting and the detonation NTC), a Thrown DC's cave dr, the target DR
// with its malfunction check, then the detonation's effects.
func (t *dcTrial) run(src *sim.Source, rec *sim.Record) {
	p := t.p
	if !p.bare {
		t.begin()
		if !t.runChain(src, rec) {
			t.e.detonation = notPlaced
			t.target.restart(&t.start)
			t.record(rec, &t.e)
			return
		}
		if p.m.caveDR >= 0 {
			// G11.83: the throw itself, before the DC's own DR.
			t.e.entered = dice.Dr(src)+p.a.CaveDRM <= caveThrowLimit
			rec.Set(p.m.caveDR, b2i(!t.e.entered))
		}
	}
	var orig int32
	if r, ok := src.Roll(2); ok {
		orig = p.attackLut[r]
	} else {
		orig = src.PickValue(p.attackDR.Sums())
	}
	t.afterDR(src, rec, int(orig))
}

// afterDR is the rest of a trial once the DC's Original DR is orig.
func (t *dcTrial) afterDR(src *sim.Source, rec *sim.Record, orig int) {
	p := t.p
	at := &p.at[orig]
	if sp := p.short[orig]; sp != nil {
		t.shortPath(src, rec, sp)
		return
	}
	if p.bare {
		t.begin()
	}
	e := &t.e
	if at.malf {
		e.detonation = malfunctioned
		t.target.restart(&t.start)
		t.record(rec, e)
		return
	}
	e.at, e.orig = at, int8(orig)
	t.target.restart(&t.start)
	t.target.rec = rec
	if t.detonate(src, rec, e) {
		return // recorded, or the rest is known (exact mode): sim.Source.Merge
	}
	t.record(rec, e)
}

// begin readies the trial's scratch for the whole procedure.
func (t *dcTrial) begin() {
	if t.throwStart.n > 0 {
		t.throws.restart(&t.throwStart)
	}
	t.e = effects{detonation: detonated}
}

// detonate resolves a detonating DC (rules/asl.md §3–§7): a destroyed
// bridge or Rubble eliminates everything in the Location (B6.33, B24.11),
// checked before the occupants are attacked; otherwise the Gun's result,
// the attack on the units, Random SW Destruction and Flame; for a Thrown
// DC, the DR against the thrower's Location (A23.6, §8.15–8.18).
//
// It reports true when the trial must stop because it is recorded, or its
// rest is known (exact mode, sim.Source.Merge). A nil rec says the trial
// records later (a plan's attack), so the thrower's Location is resolved
// here in every mode.
func (t *dcTrial) detonate(src *sim.Source, rec *sim.Record, e *effects) (stop bool) {
	p, at := t.p, e.at
	switch {
	case at.spans > 0:
		t.eliminateAll(e)
	case t.rubble(src, at):
		e.rubble = true
		t.eliminateAll(e)
		if p.rubbleCheck {
			e.collapse, e.falls = p.site.afterRubble(src)
		}
	default:
		switch at.gun {
		case GunEliminated:
			t.target.u[0].elim = true
		case GunMalfunctioned:
			t.target.reduce(src, 0)
		}
		res := &at.res
		if e.entered {
			res = &at.caveIn
		}
		// Flame reads the column of the units there as the DC detonates,
		// those it eliminates included.
		e.flameDue = at.flameKIA
		if !p.flame.all {
			e.flameDue = p.flame.flameKIA(at, t.target.presentUnits())
		}
		if t.target.resolve(src, res) {
			return true
		}
		t.randomSWDestruction(src, e)
		if e.flameDue {
			s := &p.site
			e.flame = s.flames(src, s.flameDRM())
		}
	}
	// A23.6: from two or more levels above, the thrower's Location is
	// spared unless the target level rubbles; a DC that entered a cave
	// attacks only the cave (G11.83).
	if len(p.a.Throwers) > 0 && (p.a.Elevation < 2 || e.rubble) && !e.entered {
		if rec != nil && src.Merging() {
			return t.throwersMerged(src, rec, e)
		}
		t.throws.resolve(src, &p.throwRes[p.throwDR.Roll(src)])
	}
	return false
}

// throwersKey names the state before the DC's DR against the thrower's
// Location when the target's side is recorded: one state for every path,
// and shorter than any key of the target's (mergekey.go), so the two never
// meet.
var throwersKey = []byte{0xFF}

// throwersMerged is the attack on the thrower's Location when the source
// merges equal states (exact mode, or a Monte Carlo run growing its kept
// paths): the Location meets it as it started, whatever the DC did to the
// target (A23.6, §8.15), so once the target's side is recorded every path
// goes on alike and the engine walks the rest once (sim.Source.Merge). It
// records the trial and reports true.
func (t *dcTrial) throwersMerged(src *sim.Source, rec *sim.Record, e *effects) bool {
	p := t.p
	t.target.recordTargets(rec, p.m.targets, p.m.stack)
	t.recordDetonationOnly(rec, e)
	if src.Merge(throwersKey) {
		return true
	}
	t.throws.resolve(src, &p.throwRes[p.throwDR.Roll(src)])
	t.recordThrowers(rec)
	return true
}

// rubble makes the Rubble check before the occupants are attacked
// (B24.11): a Placed or Thrown DC's Original KIA on the 30 column, then a dr
// (+1 stone) ≤ the KIA#; a Set DC's Final KIA destroys the level outright
// (A23.71, rules/asl.md §8.34).
func (t *dcTrial) rubble(src *sim.Source, at *outcome) bool {
	return at.destroys || t.p.site.rubbles(src, int(at.rubbleKIA))
}

// eliminateAll removes every unarmored unit of the Location with its SW
// (B24.11, B6.33).
func (t *dcTrial) eliminateAll(e *effects) {
	e.wholeLocationKilled = true
	e.swLost += t.target.eliminateAll()
}

// randomSWDestruction rolls for each SW of every unit a #KIA eliminated
// (A9.74), not for a Gun (C11.6).
func (t *dcTrial) randomSWDestruction(src *sim.Source, e *effects) {
	lost, malf := t.target.randomSWDestruction(src, &t.p.swDist)
	e.swLost += lost
	e.swMalf += malf
}

func (t *dcTrial) record(rec *sim.Record, e *effects) {
	t.target.recordTargets(rec, t.p.m.targets, t.p.m.stack)
	t.recordDetonation(rec, e)
}

// recordDetonation records the detonation, the IFT result and the
// effects beyond the targets' states.
func (t *dcTrial) recordDetonation(rec *sim.Record, e *effects) {
	t.recordDetonationOnly(rec, e)
	t.recordThrowers(rec)
}

// recordDetonationOnly is recordDetonation but for the thrower's
// Location.
func (t *dcTrial) recordDetonationOnly(rec *sim.Record, e *effects) {
	result := NoAttack
	if e.at != nil {
		result = e.at.ift
		if e.entered {
			result = e.at.caveIn[0]
		}
	}
	rec.Set(0, e.detonation)
	rec.Set(1, int(result))
	t.recordEffects(rec, e)
}

// recordEffects records what the DC did beyond its targets' states.
func (t *dcTrial) recordEffects(rec *sim.Record, e *effects) {
	p := t.p
	at := e.at
	if at == nil {
		at = &noOutcome
	}
	yes := func(i int, v bool) { setYes(rec, i, v) }
	yes(p.m.breach, at.breach)
	yes(p.m.rubble, e.rubble)
	yes(p.m.collapse, e.collapse)
	yes(p.m.falls, e.falls)
	yes(p.m.flame, e.flame)
	yes(p.m.wire, at.wire)
	yes(p.m.roadblock, at.roadblock)
	yes(p.m.bridge, at.spans > 0)
	yes(p.m.cave, at.caveGone)
	if p.m.spans >= 0 {
		rec.Set(p.m.spans, int(at.spans))
	}
	if p.m.gun >= 0 {
		g := at.gun
		if e.wholeLocationKilled {
			g = GunEliminated
		}
		rec.Set(p.m.gun, int(g))
	}
	if p.m.sw >= 0 {
		rec.Set(p.m.sw, e.swLost)
		rec.Set(p.m.sw+1, e.swMalf)
	}
}

// recordThrowers records the state of each unit of the thrower's Location.
func (t *dcTrial) recordThrowers(rec *sim.Record) {
	for i := range t.throws.n {
		rec.Set(t.p.m.throwers+i, int(t.throws.u[i].fate()))
	}
}

// noOutcome is the outcome of a DC that did not detonate.
var noOutcome = outcome{ift: NoAttack, gun: GunUnaffected}
