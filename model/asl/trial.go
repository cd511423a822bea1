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
}

func (p *dcPlan) newTrial() sim.Trial {
	t := &dcTrial{p: p}
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
	return t.run
}

// run is one use of the DC: its chain (Placement under Defensive Fire, or
// Setting and the detonation NTC), the target DR with its malfunction
// check, Rubble before and Flame after the attack on the occupants, then,
// for a Thrown DC, the DR against the thrower's Location (A23; rules/asl.md
// §4, §7, §8.15–8.18).
func (t *dcTrial) run(src *sim.Source, rec *sim.Record) {
	p := t.p
	t.target.restart(&t.start)
	t.throws.restart(&t.throwStart)
	rubble, flame, breached := false, false, false
	detonation, result := detonated, NoAttack
	if !t.runChain(src, rec) {
		detonation = notPlaced
	} else if orig := p.attackDR.Roll(src); p.malf[orig] {
		detonation = malfunctioned
	} else {
		result = p.ift[orig]
		breached = p.breach[orig]
		rubble = t.rubble(src, orig)
		if rubble {
			// B24.11: every unarmored occupant of the rubbled level dies.
			for i := range t.target.n {
				t.target.u[i].elim = true
			}
		} else {
			t.target.resolve(src, &p.res[orig])
			if p.flameKIA[orig] {
				flame = dice.DR(src)+p.a.flameDRM() >= p.a.kindlingNumber()
			}
		}
		// A23.6: from two or more levels above, the thrower's Location is
		// spared unless the target level rubbles.
		if len(p.a.Throwers) > 0 && (p.a.Elevation < 2 || rubble) {
			t.throws.resolve(src, &p.throwRes[p.throwDR.Roll(src)])
		}
	}
	rec.Set(0, detonation)
	rec.Set(1, int(result))
	if p.m.breach >= 0 {
		rec.Set(p.m.breach, b2i(!breached))
	}
	t.record(rec, rubble, flame)
}

// rubble makes the Rubble check before the occupants are attacked
// (B24.11): a Placed or Thrown DC's Original KIA on the 30 column, then a dr
// (+1 stone) ≤ the KIA#; a Set DC's Final KIA destroys the level outright
// (A23.71, rules/asl.md §8.34).
func (t *dcTrial) rubble(src *sim.Source, orig int) bool {
	p := t.p
	if p.destroys[orig] {
		return true
	}
	kia := int(p.rubbleKIA[orig])
	return kia > 0 && dice.Dr(src)+b2i(p.a.Building == Stone) <= kia
}

func (t *dcTrial) record(rec *sim.Record, rubble, flame bool) {
	p := t.p
	m := p.m.targets
	out := 0
	for i := range t.target.n {
		u := &t.target.u[i]
		rec.Set(m, int(u.fate()))
		live := !u.gone()
		rec.Set(m+1, b2i(!(live && u.reduced)))
		rec.Set(m+2, b2i(!(live && u.replaced)))
		m += 3
		out += b2i(u.out())
	}
	rec.Set(p.m.stack, b2i(out < t.target.n))
	rec.Set(p.m.stack+1, out)
	rec.Set(p.m.stack+2, b2i(!t.target.hobTriggered))
	if p.m.rubble >= 0 {
		rec.Set(p.m.rubble, b2i(!rubble))
	}
	if p.m.flame >= 0 {
		rec.Set(p.m.flame, b2i(!flame))
	}
	for i := range t.throws.n {
		rec.Set(p.m.throwers+i, int(t.throws.u[i].fate()))
	}
}
