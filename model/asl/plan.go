package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Experiment returns the attack, with its chain, as an engine experiment.
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
	a     DCAttack
	rules locRules

	attackDR dice.Coarse
	malf     [13]bool
	res      [13][MaxUnits]IFT // by Original DR, per target
	// rubbleKIA is the KIA# the Original DR gives for Rubble (A23.1: the
	// 30 column whatever the concealment, building TEM ignored; B24.11);
	// for a Set DC, destroys marks a Final KIA on the 36+ column at −3
	// (A23.71).
	rubbleKIA [13]int8
	destroys  [13]bool
	flameKIA  [13]bool // Original KIA on the units' column (B25.13, §8.14)
	breach    [13]bool
	ift       [13]IFT // the reported IFT result: the first target's, or the wall's

	throwDR  dice.Coarse
	throwRes [13][MaxUnits]IFT

	dff []fireRoll // against the Placer's or Setter's Location

	m metricIndex
}

// fireRoll is one fire attack on a Location: its coarse DR and the result
// for each unit there by Original DR.
type fireRoll struct {
	dr  dice.Coarse
	res [13][MaxUnits]IFT
}

// metricIndex is where each metric sits in the record; -1 when absent.
type metricIndex struct {
	placer, setting, breach, targets, stack, rubble, flame, throwers int
}

func newDCPlan(a DCAttack) *dcPlan {
	p := &dcPlan{a: a, rules: locRules{
		hob:        a.Options.HeatOfBattle,
		acceptBH:   a.Options.AcceptBattleHardening,
		knownEnemy: a.Options.KnownEnemyInLOS,
		surrender:  a.surrender(),
	}}
	flameCol := a.targetColumn(Unit{})
	if len(a.Targets) > 0 && !a.Options.FlameIgnoresConcealment {
		flameCol = a.targetColumn(a.Targets[0])
	}
	for orig := 2; orig <= 12; orig++ {
		p.malf[orig] = a.Malfunctions(orig)
		for i, u := range a.Targets {
			p.res[orig][i] = Lookup(a.targetColumn(u), orig+a.targetDRM(u))
		}
		for i, u := range a.Throwers {
			p.throwRes[orig][i] = Lookup(ColumnFor(30), orig+a.throwerDRM(u))
		}
		if len(a.Targets) > 0 {
			p.ift[orig] = p.res[orig][0]
		}
		if a.Breach != NoBreach {
			p.breach[orig] = a.Breaches(orig)
			p.ift[orig] = Lookup(ColumnFor(30), orig+a.Building.TEM(a.Fortified)+b2i(a.CX))
		}
		if a.rubbleCheck() {
			if a.Mode == Set {
				p.destroys[orig] = Lookup(ColumnFor(36), orig-3).KIA() > 0
			} else {
				p.rubbleKIA[orig] = int8(Lookup(ColumnFor(30), orig).KIA())
			}
		}
		p.flameKIA[orig] = a.flameCheck() && Lookup(flameCol, orig).KIA() > 0
	}
	// One Original DR per Location (A.5); its sums are told apart only by
	// what they do.
	p.attackDR = dice.NewCoarse(func(s int) int {
		if p.malf[s] {
			return -1
		}
		k := resultKey(&p.res[s], len(a.Targets))*32 + int(p.ift[s])
		return (((k*8+int(p.rubbleKIA[s]))*2+b2i(p.destroys[s]))*2+b2i(p.flameKIA[s]))*2 + b2i(p.breach[s])
	})
	p.throwDR = dice.NewCoarse(func(s int) int { return resultKey(&p.throwRes[s], len(a.Throwers)) })

	// The Placer's or Setter's Location under Defensive Fire; a Setter uses
	// Hazardous Movement, −2 (A4.62, B8.3).
	chain, hazardous := a.Placer, 0
	if a.Mode == Set {
		chain, hazardous = a.Setter, -2
	}
	if len(chain) > 0 && !a.Preset {
		for _, f := range a.DFF {
			var fr fireRoll
			for orig := 2; orig <= 12; orig++ {
				for i, u := range chain {
					fr.res[orig][i] = Lookup(ColumnFor(f.FP), orig+f.DRM+hazardous+u.DRM)
				}
			}
			fr.dr = dice.NewCoarse(func(s int) int { return resultKey(&fr.res[s], len(chain)) })
			p.dff = append(p.dff, fr)
		}
	}
	return p
}

// rubbleCheck: a DC into a building Location checks for Rubble; a breach
// attempt attacks the wall only (B23.711).
func (a DCAttack) rubbleCheck() bool { return a.Building != NoBuilding && a.Breach == NoBreach }

// flameCheck: the target Location is burnable terrain (B25.13), not a
// breach attempt.
func (a DCAttack) flameCheck() bool {
	return (a.Building != NoBuilding || a.Terrain != "") && a.Breach == NoBreach
}

// kindlingNumber is the Location's Kindling # (B25.11).
func (a DCAttack) kindlingNumber() int {
	switch a.Building {
	case Wooden:
		return kindling["wooden-building"]
	case Stone:
		return kindling["stone-building"]
	}
	return kindling[a.Terrain]
}

// flameDRM is the DRM on the Flame DR: the EC DRM outside buildings, −1 in
// a Fortified Building (B25.13, B23.94).
func (a DCAttack) flameDRM() int {
	if a.Building != NoBuilding {
		return -b2i(a.Fortified)
	}
	return a.EC.DRM()
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
	a := p.a
	var m []sim.Metric
	add := func(x sim.Metric) int {
		m = append(m, x)
		return len(m) - 1
	}
	add(sim.Metric{Name: MetricDetonation, Title: "DC detonation", Labels: detonationLabels})
	iftTitle := "IFT result (first target's column)"
	if a.Breach != NoBreach {
		iftTitle = "IFT result against the wall (30 column, building TEM)"
	}
	add(sim.Metric{Name: MetricIFT, Title: iftTitle, Labels: iftLabels, Ordered: true})
	p.m = metricIndex{placer: -1, setting: -1, breach: -1, rubble: -1, flame: -1, throwers: -1}
	if len(a.Placer) > 0 {
		p.m.placer = add(sim.Metric{Name: MetricPlacer, Title: fmt.Sprintf("Placer (%s) after Defensive Fire", a.Placer[0]), Labels: fateLabels})
	}
	if a.Mode == Set && len(a.Setter) > 0 {
		p.m.setting = add(sim.Metric{Name: MetricSetting, Title: fmt.Sprintf("Setting the DC (%s)", a.Setter[0]), Labels: settingLabels})
	}
	if a.Breach != NoBreach {
		p.m.breach = add(sim.Metric{Name: MetricBreach, Title: fmt.Sprintf("%s hexside breached", a.Breach), Labels: yesNo})
	}
	p.m.targets = len(m)
	for k, u := range a.Targets {
		name := TargetMetric(k + 1)
		add(sim.Metric{Name: name, Title: fmt.Sprintf("target %d (%s)", k+1, u), Labels: fateLabels})
		add(sim.Metric{Name: name + ".reduced", Title: fmt.Sprintf("target %d reduced", k+1), Labels: yesNo})
		add(sim.Metric{Name: name + ".replaced", Title: fmt.Sprintf("target %d ELR-Replaced", k+1), Labels: yesNo})
	}
	p.m.stack = add(sim.Metric{Name: MetricStack, Title: "target Location cleared of Good Order units", Labels: stackLabels})
	add(sim.CountMetric(MetricOut, "targets out of the fight (eliminated, surrendered or broken)", len(a.Targets)))
	add(sim.Metric{Name: MetricHoB, Title: "Heat of Battle triggered (Original 2 on a MC)", Labels: yesNo})
	if a.rubbleCheck() {
		p.m.rubble = add(sim.Metric{Name: MetricRubble, Title: fmt.Sprintf("%s building rubbled", a.Building), Labels: yesNo})
	}
	if a.flameCheck() {
		p.m.flame = add(sim.Metric{Name: MetricFlame, Title: "Flame placed", Labels: yesNo})
	}
	if len(a.Throwers) > 0 {
		p.m.throwers = len(m)
		for k, u := range a.Throwers {
			add(sim.Metric{Name: ThrowerMetric(k + 1), Title: fmt.Sprintf("thrower %d (%s)", k+1, u), Labels: fateLabels})
		}
	}
	return sim.Schema{Metrics: m}
}
