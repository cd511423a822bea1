package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Experiment returns the attack as an engine experiment.
func (a AFVAttack) Experiment() (sim.Experiment, error) {
	a = a.clone()
	if err := a.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	p := newAFVPlan(a)
	return sim.Experiment{Schema: p.schema(), New: p.newTrial, KeepPaths: true}, nil
}

// afvPlan is everything about an attack on a vehicle that does not depend
// on the dice, worked out once. Tables are indexed by Original DR.
type afvPlan struct {
	a    AFVAttack
	kase afvCase

	// The vehicle's Location: its Riders, then its Passengers, then the
	// other units, with the group each belongs to.
	units          []Unit
	groups         []unitGroup
	crewVulnerable bool // a CE crew, or the crew of an unarmored vehicle (D.8)
	rules          locRules

	// armoredFacing: the Position DR, then by its result and the aspect
	// hit, the To Kill DR; or a new DR for a Poor Position (the Collateral
	// Attack) or for none (the Area Fire on the other units).
	posDRM   int
	position dice.Pair
	tk       [2][2]tkRoll // [Optimal, Successful][hull, turret]
	poorDR   dice.Coarse
	areaDR   dice.Coarse

	// The vehicle line, or a Set DC's attack on the Location.
	lineDR dice.Coarse
	line   [13]AFVResult

	malf [13]bool // a DR other than the TK DR malfunctions (A23.4, A23.7; §8.5)
	// IFT results of each unit of the vehicle's Location, by who is
	// attacked: the Vulnerable PRC (a Collateral Attack, D.8), the Riders
	// alone (the crew is Shocked, D.8), the other units alone, or all.
	prc, riders, others, all [13][Slots]IFT
	crew                     [13]IFT // the CE crew's IFT result

	throwDR  dice.Coarse
	throwRes [13][Slots]IFT

	m afvMetrics
}

// tkRoll is the To Kill DR against one Final TK# and aspect.
type tkRoll struct {
	dr    dice.Coarse
	res   [13]AFVResult
	immob [13]bool
}

func newAFVPlan(a AFVAttack) *afvPlan {
	p := &afvPlan{a: a, kase: a.kase(), rules: a.Options.locRules(a.dc().surrender())}
	for _, g := range []struct {
		units []Unit
		group unitGroup
	}{{a.Riders, rider}, {a.Passengers, passenger}, {a.Others, inLocation}} {
		for _, u := range g.units {
			p.units = append(p.units, u)
			p.groups = append(p.groups, g.group)
		}
	}
	p.crewVulnerable = a.CE || p.kase == unarmoredVehicle
	n := len(p.units)
	dc := a.dc()
	for orig := 2; orig <= 12; orig++ {
		p.malf[orig] = dc.Malfunctions(orig)
		p.crew[orig] = NoEffect
		if p.crewVulnerable {
			p.crew[orig] = Lookup(p.prcColumn(false), orig+p.prcDRM())
		}
		for i, u := range p.units {
			p.prc[orig][i], p.riders[orig][i], p.others[orig][i] = NoEffect, NoEffect, NoEffect
			if p.groups[i] == inLocation {
				p.others[orig][i] = p.othersResult(u, orig)
			} else {
				p.prc[orig][i] = Lookup(p.prcColumn(u.Concealed), orig+p.prcDRM()+u.DRM)
				if p.groups[i] == rider {
					p.riders[orig][i] = p.prc[orig][i]
				}
			}
			p.all[orig][i] = min(p.prc[orig][i], p.others[orig][i]) // one of them is NoEffect
		}
		for i, u := range a.Throwers {
			p.throwRes[orig][i] = Lookup(ColumnFor(30), orig+dc.throwerDRM(u))
		}
	}
	p.throwDR = dice.NewCoarse(func(s int) int { return resultKey(&p.throwRes[s], len(a.Throwers)) })

	switch p.kase {
	case armoredFacing:
		p.posDRM = a.PositionDRM()
		p.position = dice.NewPair(func(w, c int) int {
			pos := PositionOf(w + c + p.posDRM)
			if pos > Successful {
				return int(pos) * 2 // the hit location matters no more
			}
			return int(pos)*2 + b2i(TurretHit(w, c))
		})
		for _, pos := range []Position{Optimal, Successful} {
			for turret := range 2 {
				t := &p.tk[pos][turret]
				tk := a.TKNumber(pos, turret == 1)
				for orig := 2; orig <= 12; orig++ {
					t.res[orig], t.immob[orig] = a.ToKill(orig, tk, turret == 1)
				}
				t.dr = dice.NewCoarse(func(s int) int { return p.hitKey(t.res[s], t.immob[s], s) })
			}
		}
		p.poorDR = dice.NewCoarse(func(s int) int {
			if p.malf[s] {
				return -1
			}
			return resultKey(&p.prc[s], n)<<10 | int(p.crew[s])
		})
		p.areaDR = dice.NewCoarse(func(s int) int {
			if p.malf[s] {
				return -1
			}
			return resultKey(&p.others[s], n)
		})
	case setVsAFV:
		p.lineDR = dice.NewCoarse(func(s int) int {
			if p.malf[s] {
				return -1
			}
			return resultKey(&p.all[s], n)<<10 | int(p.crew[s])
		})
	default:
		col := p.lineColumn()
		for orig := 2; orig <= 12; orig++ {
			p.line[orig] = VehicleLine(orig+p.lineDRM(), KillNumber(col))
		}
		p.lineDR = dice.NewCoarse(func(s int) int {
			if p.malf[s] {
				return -1
			}
			return p.hitKey(p.line[s], p.line[s] == Immobilized, s)<<1 | b2i(s == 2)
		})
	}
	return p
}

// hitKey tells apart the Original DRs of an attack on the vehicle by what
// they do: its result and, when the vehicle survives, the Collateral
// Attack the same DR makes (D.8), or on an unarmored vehicle the attack on
// the other units.
func (p *afvPlan) hitKey(r AFVResult, immob bool, s int) int {
	n := len(p.units)
	k := int(r)<<1 | b2i(immob)
	switch {
	case !r.detonated():
	case r.killed():
		if p.kase == unarmoredVehicle {
			k |= resultKey(&p.others[s], n) << 10
		}
	case r.shocks():
		k |= resultKey(&p.riders[s], n) << 10
	default:
		k |= (resultKey(p.collateral(s), n)<<5 | int(p.crew[s])) << 5
	}
	return k
}

// collateral is who the DR attacks when the vehicle survives it: the
// Vulnerable PRC, and on an unarmored vehicle everyone in the Location
// (A7.308).
func (p *afvPlan) collateral(s int) *[Slots]IFT {
	if p.kase == unarmoredVehicle {
		return &p.all[s]
	}
	return &p.prc[s]
}

// prcColumn is the column of an attack on the Vulnerable PRC (D.8;
// rules/asl.md §5.5, §8.6, §8.38): 30 FP (a Set DC 36), halved for a
// concealed unit, or for a concealed vehicle whose PRC share its
// concealment.
func (p *afvPlan) prcColumn(unitConcealed bool) Column {
	fp := 30.0
	if p.a.Mode == Set {
		fp = 36
	}
	if unitConcealed || p.a.Concealed && p.a.Options.HalveCollateralIfConcealed {
		fp /= 2
	}
	return ColumnFor(fp)
}

// prcDRM is the DRM of an attack on the Vulnerable PRC. A Specific
// Collateral Attack's only DRM is the CE DRM, +2 (D.8, D5.31); a Set DC
// adds its −3 and no TEM (A23.71). Through an unarmored facing the PRC are
// unprotected and get no CE DRM (D5.311; §8.37), and the PRC of an
// unarmored vehicle are attacked like every other occupant (A7.308).
func (p *afvPlan) prcDRM() int {
	set := -3 * b2i(p.a.Mode == Set)
	switch p.kase {
	case unarmoredFacing:
		return 0
	case unarmoredVehicle:
		return p.lineDRM()
	}
	return 2 + set
}

// othersResult is the IFT result of other unit u of the AFV's Location:
// the Area Fire of a Position DR ≥ 12, 15 FP (7.5 concealed) with its TEM
// (C7.346; §8.6); the attack on an unarmored vehicle's Location, as on any
// Location (A7.308); a Set DC's attack on its Location, 36+ FP at −3 with
// no TEM (A23.71). Through an unarmored facing they are not attacked.
func (p *afvPlan) othersResult(u Unit, orig int) IFT {
	a := p.a
	fp, drm := 30.0, a.TEM+u.DRM
	switch {
	case a.Mode == Set:
		fp, drm = 36, u.DRM-3
	case p.kase == unarmoredVehicle:
		drm += p.lineDRM()
	case p.kase == armoredFacing:
		fp = 15
	default:
		return NoEffect
	}
	if u.Concealed {
		fp /= 2
	}
	return Lookup(ColumnFor(fp), orig+drm)
}

// lineColumn is the vehicle line's column: 30 FP (a Set DC 36), halved
// against a concealed vehicle (A23.1).
func (p *afvPlan) lineColumn() Column {
	fp := 30.0
	if p.a.Mode == Set {
		fp = 36
	}
	if p.a.Concealed {
		fp /= 2
	}
	return ColumnFor(fp)
}

// lineDRM is the DRM of a DC's DR on the vehicle line: no TEM for the
// vehicle (D9.3); CX +1 (A23.4), Thrown +2 (+3 from a vehicle or by
// Cavalry) and AFPh +1 (A23.6, A23.62); Set −3 (A23.71).
func (p *afvPlan) lineDRM() int {
	a := p.a
	switch a.Mode {
	case Thrown:
		return b2i(a.CX) + 2 + b2i(a.FromVehicle) + b2i(a.AFPh)
	case Set:
		return -3
	}
	return b2i(a.CX)
}
