package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Experiment returns the attack as an engine experiment.
func (a IFTAttack) Experiment() (sim.Experiment, error) {
	a = a.clone()
	if err := a.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	p := newFirePlan(a)
	return sim.Experiment{Schema: p.schema(), New: p.newTrial, KeepPaths: true}, nil
}

// firePlan is everything about a fire attack that does not depend on the
// dice, worked out once.
type firePlan struct {
	a     IFTAttack
	site  site
	rules locRules

	// dr is the attack's Original DR, its white/colored pairs merged by
	// what they do: the sum, and doubles where the attack can Cower.
	dr dice.Pair
	at [13][2]fireOutcome // by Original DR, then doubles

	// swDist[shift][i]: Random SW Destruction of target i's SW on its
	// column Cowered shift columns (A9.74).
	swDist [3][Slots]*sim.Dist

	m fireMetrics

	tab *checkTables // the targets' MCs, when no leader links them

	t23r columnReading // which of an outcome's t23 and t23Hidden stands (t23Reading)
}

// fireOutcome is everything one Original DR does before any further dice.
type fireOutcome struct {
	res   [Slots]IFT // per target (A.5), after Cowering
	ift   IFT        // the reported cell: the first target's, or the Location's
	shift int8       // columns Cowered (A7.9)
	// t23 is Table 23 read on the Location's own column (or the attack's
	// with Table 23 unhalved), t23Hidden on a concealed unit's: the units
	// in the Location tell which (t23Reading).
	t23, t23Hidden t23Outcome
}

// fireMetrics is where each metric sits in the record; -1 when absent.
type fireMetrics struct {
	ift, cowering, targets, stack, sw int
	t23                               t23Index
}

func newFirePlan(a IFTAttack) *firePlan { return buildFirePlan(a, true) }

// buildFirePlan compiles a; tables builds the check tables of its target
// Location, which a plan's step, resolving the Location as the attacks
// before left it, does not read (buildDCPlan).
func buildFirePlan(a IFTAttack, tables bool) *firePlan {
	p := &firePlan{a: a, site: a.site(), rules: a.Options.locRules(a.surrender())}
	if tables {
		p.tab = checkTablesFor(a.Targets, a.ELR, p.rules)
	}
	p.t23r = a.t23Reading()
	if !a.attacks() {
		return p
	}
	for orig := 2; orig <= 12; orig++ {
		for d := range 2 {
			p.at[orig][d] = a.outcome(orig, d == 1)
		}
	}
	// One Original DR per Location (A.5); its pairs are told apart only by
	// what they do.
	keys := map[fireOutcome]int{}
	p.dr = dice.NewPair(func(w, c int) int {
		o := p.at[w+c][b2i(w == c)]
		k, ok := keys[o]
		if !ok {
			k = len(keys)
			keys[o] = k
		}
		return k
	})
	for shift := range p.swDist {
		for i, u := range a.Targets {
			if c, ok := a.shifted(a.column(u), shift); ok && u.SW > 0 {
				p.swDist[shift][i] = swDist(c, u.SWX)
			}
		}
	}
	return p
}

// outcome works out what Original DR orig, doubles or not, does
// (rules/asl.md §3, §7.4): each target's cell on its own column from the
// one Original DR (A.5, §8.62), Cowering on doubles (A7.9, §8.54), and
// Table 23.
func (a IFTAttack) outcome(orig int, doubles bool) fireOutcome {
	var o fireOutcome
	shift := 0
	if doubles && a.Cowers() {
		shift = a.CoweringShift()
	}
	o.shift = int8(shift)
	for i, u := range a.Targets {
		o.res[i] = a.cell(a.column(u), shift, orig+a.targetDRM(u))
	}
	if len(a.Targets) > 0 {
		o.ift = o.res[0]
	} else {
		o.ift = a.cell(a.locationColumn(), shift, orig+a.locationDRM())
	}
	open, hidden := a, a
	open.Targets, hidden.Targets = nil, []Unit{{Concealed: true}}
	o.t23, o.t23Hidden = open.table23(orig, shift), hidden.table23(orig, shift)
	return o
}

// t23Reading is which of an outcome's two Table 23 readings stands with
// the units in the Location: t23 with any target attacked on the
// Location's own column there, or with none there; t23Hidden only when
// every unit there is concealed (table23Column). Read unhalved, the two
// differ only where the attack on the concealed units Cowers off the
// lowest column and has no effect at all, on the terrain too (§8.54).
func (a IFTAttack) t23Reading() columnReading {
	var units uint32
	for i, u := range a.Targets {
		if a.column(u) == a.locationColumn() {
			units |= 1 << i
		}
	}
	return newColumnReading(units, len(a.Targets), true)
}

// t23Of is the Table 23 outcome of o with the units present, a bit each.
func (r columnReading) t23Of(o *fireOutcome, present uint32) *t23Outcome {
	if r.unhalved(present) {
		return &o.t23
	}
	return &o.t23Hidden
}

// locationDRM is the DRM of the reported IFT cell of an empty Location:
// its TEM and the attack's DRM.
func (a IFTAttack) locationDRM() int { return a.TEM + a.DRM }

// surrender: §8.61, none unless the switch says the firer is ADJACENT.
func (a IFTAttack) surrender() bool {
	return a.Options.Surrender != nil && *a.Options.Surrender
}

// schema lists the fire attack's metrics: the IFT cell and Cowering when
// it attacks on the IFT, the targets, SW, and each Table 23 effect the
// inputs make possible (docs/output.md).
func (p *firePlan) schema() sim.Schema {
	a := p.a
	var l metricList
	p.m = fireMetrics{ift: -1, cowering: -1}
	if a.attacks() {
		title := "IFT result (first target's column"
		if len(a.Targets) == 0 {
			title = "IFT result on the Location (--tem and --drm"
		}
		if a.Cowers() {
			title += ", after Cowering"
		}
		title += ")"
		p.m.ift = l.add(sim.Metric{Name: MetricIFT, Title: title, Labels: iftLabels, Ordered: true})
	}
	if a.Cowers() {
		cols := "columns"
		if a.CoweringShift() == 1 {
			cols = "column"
		}
		p.m.cowering = l.yn(MetricCowering, fmt.Sprintf("the attack Cowered %d %s (A7.9: Original doubles)", a.CoweringShift(), cols))
	}
	p.m.targets, p.m.stack = l.targets(a.Targets, a.Options.HeatOfBattle)
	p.m.sw = l.sw(swTotal(a.Targets), "Rubble losses included")
	p.m.t23 = l.table23(p.site, a.CanShellhole(), a.CanRubble(), a.CanFlame())
	return sim.Schema{Metrics: l.m}
}
