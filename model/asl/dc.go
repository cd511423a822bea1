package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// XNumber is the DC's effective malfunction number (rules/asl.md §4.2,
// §8.3): 12 for an elite user's own DC. A non-elite user applies the
// captured-SW penalty of −2 (A23.2, A21.11), doubled to −4 for a captured
// DC; an elite user of a captured DC takes −2; an Inexperienced user −1
// more (A19.32). A Placed or Thrown DC malfunctions on an Original DR ≥ X#
// (A23.4).
func (a DCAttack) XNumber() int {
	pen := 0
	if a.User != EliteUser {
		pen = 2
		if a.Captured {
			pen = 4
		}
		if a.User == Inexperienced && a.Options.InexperiencedPenalty {
			pen++
		}
	} else if a.Captured {
		pen = 2
	}
	return 12 - pen
}

// enemyInfantry is the count of enemy Infantry units in a Set DC's
// Location (A23.7): given, or every target counter.
func (a DCAttack) enemyInfantry() int {
	if a.EnemyInfantry >= 0 {
		return a.EnemyInfantry
	}
	return len(a.Targets)
}

// Malfunctions reports whether the DC fails to detonate on Original DR
// orig: Placed and Thrown on orig ≥ X# (A23.4; a Thrown DC judges its
// target DR only, §8.17); Set on orig + enemy Infantry ≥ 12 less the user's
// X# penalties (A23.7, §8.4).
func (a DCAttack) Malfunctions(orig int) bool {
	if a.Mode != Set {
		return orig >= a.XNumber()
	}
	limit := 12
	if a.Options.SetDCUsesXPenalty {
		limit = a.XNumber()
	}
	return orig+a.enemyInfantry() >= limit
}

// targetDRM is the DRM on the target DR for target u (rules/asl.md §2.4,
// §4.6): TEM (none for a Set DC, A23.71), the given DRMs, CX +1 (A23.4),
// Thrown +2 (+3 from a vehicle or by Cavalry) and AFPh +1 (A23.6, A23.62),
// Set −3.
func (a DCAttack) targetDRM(u Unit) int {
	d := a.DRM + u.DRM + b2i(a.CX)
	switch a.Mode {
	case Placed:
		d += a.TEM
	case Thrown:
		d += a.TEM + 2 + b2i(a.FromVehicle) + b2i(a.AFPh)
	case Set:
		d -= 3
	}
	return d
}

// targetColumn is 30 FP (36 Set), halved against a concealed target
// (A23.1).
func (a DCAttack) targetColumn(u Unit) Column {
	fp := 30.0
	if a.Mode == Set {
		fp = 36
	}
	if a.Concealed || u.Concealed {
		fp /= 2
	}
	return ColumnFor(fp)
}

// throwerDRM is the DRM on the DR against the thrower's Location (A23.6,
// rules/asl.md §8.16): its TEM, +3 (+4 from a vehicle or by Cavalry), AFPh
// +1, the CX +1 only under the option; never halved for concealment.
func (a DCAttack) throwerDRM(u Unit) int {
	d := a.ThrowerTEM + 3 + b2i(a.FromVehicle) + b2i(a.AFPh) + u.DRM
	if a.Options.CXOnThrowerLocation {
		d += b2i(a.CX)
	}
	return d
}

// surrender is the §8.26 default: an ADJACENT enemy for Placed and Thrown
// DCs, none for a Set DC.
func (a DCAttack) surrender() bool {
	if a.Options.Surrender != nil {
		return *a.Options.Surrender
	}
	return a.Mode != Set
}

// Experiment returns the attack as an engine experiment.
func (a DCAttack) Experiment() (sim.Experiment, error) {
	if err := a.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	p := newDCPlan(a)
	return sim.Experiment{Schema: p.schema(), New: p.newTrial}, nil
}

// dcPlan is everything about an attack that does not depend on the dice,
// worked out once.
type dcPlan struct {
	a        DCAttack
	rules    locRules
	attackDR dice.Coarse
	malf     [13]bool
	res      [13][MaxUnits]IFT // by Original DR, per target
	throwDR  dice.Coarse
	throwRes [13][MaxUnits]IFT
}

func newDCPlan(a DCAttack) *dcPlan {
	p := &dcPlan{a: a, rules: locRules{
		hob:        a.Options.HeatOfBattle,
		acceptBH:   a.Options.AcceptBattleHardening,
		knownEnemy: a.Options.KnownEnemyInLOS,
		surrender:  a.surrender(),
	}}
	for orig := 2; orig <= 12; orig++ {
		p.malf[orig] = a.Malfunctions(orig)
		for i, u := range a.Targets {
			p.res[orig][i] = Lookup(a.targetColumn(u), orig+a.targetDRM(u))
		}
		for i, u := range a.Throwers {
			p.throwRes[orig][i] = Lookup(ColumnFor(30), orig+a.throwerDRM(u))
		}
	}
	// One Original DR per Location (A.5); its sums are told apart only by
	// what they do.
	p.attackDR = dice.NewCoarse(func(s int) int {
		if p.malf[s] {
			return -1
		}
		return resultKey(&p.res[s], len(a.Targets))
	})
	p.throwDR = dice.NewCoarse(func(s int) int { return resultKey(&p.throwRes[s], len(a.Throwers)) })
	return p
}

// resultKey packs the first n results into one comparable number.
func resultKey(r *[MaxUnits]IFT, n int) int {
	k := 0
	for i := range n {
		k = k*32 + int(r[i])
	}
	return k
}

func (p *dcPlan) schema() sim.Schema {
	var m []sim.Metric
	m = append(m,
		sim.Metric{Name: MetricDetonation, Title: "DC detonation", Labels: detonationLabels},
		sim.Metric{Name: MetricIFT, Title: "IFT result (first target's column)", Labels: iftLabels},
	)
	for k, u := range p.a.Targets {
		name := TargetMetric(k + 1)
		m = append(m,
			sim.Metric{Name: name, Title: fmt.Sprintf("target %d (%s)", k+1, u), Labels: fateLabels},
			sim.Metric{Name: name + ".reduced", Title: fmt.Sprintf("target %d reduced", k+1), Labels: yesNo},
			sim.Metric{Name: name + ".replaced", Title: fmt.Sprintf("target %d ELR-Replaced", k+1), Labels: yesNo},
		)
	}
	m = append(m,
		sim.Metric{Name: MetricStack, Title: "target Location cleared of Good Order units", Labels: stackLabels},
		sim.CountMetric(MetricOut, "targets out of the fight (eliminated, surrendered or broken)", len(p.a.Targets)),
		sim.Metric{Name: MetricHoB, Title: "Heat of Battle triggered (Original 2 on a MC)", Labels: yesNo},
	)
	for k, u := range p.a.Throwers {
		m = append(m, sim.Metric{Name: ThrowerMetric(k + 1), Title: fmt.Sprintf("thrower %d (%s)", k+1, u), Labels: fateLabels})
	}
	return sim.Schema{Metrics: m}
}

// dcTrial is one worker's scratch state.
type dcTrial struct {
	p              *dcPlan
	start, target  loc
	throwStart, th loc
}

func (p *dcPlan) newTrial() sim.Trial {
	t := &dcTrial{p: p}
	t.start.setup(p.a.Targets, p.a.ELR, p.rules)
	t.throwStart.setup(p.a.Throwers, p.a.ELR, p.rules)
	return t.run
}

// run is one DC attack: the target DR with its malfunction check, then,
// for a detonating Thrown DC, the DR against the thrower's Location
// (A23.6; rules/asl.md §8.17–8.18).
func (t *dcTrial) run(src *sim.Source, rec *sim.Record) {
	p := t.p
	t.target = t.start
	orig := p.attackDR.Roll(src)
	if p.malf[orig] {
		rec.Set(0, malfunctioned)
		rec.Set(1, int(NoAttack))
	} else {
		rec.Set(0, detonated)
		rec.Set(1, int(p.res[orig][0]))
		t.target.resolve(src, &p.res[orig])
	}
	m := 2
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
	rec.Set(m, b2i(out < t.target.n))
	rec.Set(m+1, out)
	rec.Set(m+2, b2i(!t.target.hobTriggered))
	m += 3
	if p.a.Throwers == nil {
		return
	}
	t.th = t.throwStart
	if !p.malf[orig] {
		t.th.resolve(src, &p.throwRes[p.throwDR.Roll(src)])
	}
	for i := range t.th.n {
		rec.Set(m+i, int(t.th.u[i].fate()))
	}
}
