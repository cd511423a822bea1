package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// schema lists the attack's metrics: the detonation and IFT result always,
// the chain's and each structure's when its input is given (docs/output.md).
func (p *dcPlan) schema() sim.Schema {
	a := p.a
	var l metricList
	add, yn := l.add, l.yn
	add(sim.Metric{Name: MetricDetonation, Title: detonationTitle(a), Labels: detonationLabels})
	iftTitle := "IFT result (first target's column)"
	switch {
	case a.Breach != NoBreach:
		iftTitle = "IFT result against the wall (30 column, building TEM)"
	case a.Roadblock == NarrowStreetRoadblock:
		iftTitle = "IFT result against the roadblock (+2 TEM; Set: 36+ column, −3)"
	}
	add(sim.Metric{Name: MetricIFT, Title: iftTitle, Labels: iftLabels, Ordered: true})
	p.m = metricIndex{placer: -1, setting: -1, setter: -1, breach: -1, stack: -1, rubble: -1, collapse: -1, falls: -1, flame: -1, throwers: -1,
		wire: -1, roadblock: -1, bridge: -1, spans: -1, gun: -1, cave: -1, caveDR: -1, sw: -1}
	if len(a.Placer) > 0 {
		p.m.placer = add(sim.Metric{Name: MetricPlacer, Title: fmt.Sprintf("Placer (%s) after Defensive Fire", a.Placer[0]), Labels: fateLabels})
	}
	if a.Mode == Set && len(a.Setter) > 0 {
		p.m.setting = add(sim.Metric{Name: MetricSetting, Title: fmt.Sprintf("Setting the DC (%s)", a.Setter[0]), Labels: settingLabels})
		if !a.Preset {
			p.m.setter = add(sim.Metric{Name: MetricSetter, Title: fmt.Sprintf("Setter (%s) after Defensive Fire", a.Setter[0]), Labels: fateLabels})
		}
	}
	if a.Cave && a.Mode == Thrown {
		p.m.caveDR = add(sim.Metric{Name: MetricCaveDR, Title: "Thrown DC's cave dr (G11.83)", Labels: caveDRLabels})
	}
	if a.Breach != NoBreach {
		p.m.breach = yn(MetricBreach, fmt.Sprintf("%s hexside breached", a.Breach))
	}
	p.m.targets, p.m.stack = l.targets(a.Targets, a.Options.HeatOfBattle)
	p.m.sw = l.sw(swTotal(a.Targets), "rubble and bridge losses included")
	if a.Gun {
		p.m.gun = add(sim.Metric{Name: MetricGun, Title: fmt.Sprintf("Gun manned by %s (C11.6)", a.Targets[0]), Labels: gunLabels})
	}
	t23 := l.table23(a.site(), false, a.rubbleCheck(), a.flameCheck())
	p.m.rubble, p.m.collapse, p.m.falls, p.m.flame = t23.rubble, t23.collapse, t23.falls, t23.flame
	if a.Wire {
		title := "Wire cleared (B26.51)"
		if a.Mode == Thrown {
			title = "Wire cleared (a Thrown DC has no effect on Wire, §8.36)"
		}
		p.m.wire = yn(MetricWire, title)
	}
	if a.Roadblock != NoRoadblock {
		title := fmt.Sprintf("%s roadblock removed (B29.5)", a.Roadblock)
		if a.Mode == Thrown && a.Roadblock == NormalRoadblock {
			title = "roadblock removed (a Thrown DC has no effect on a normal roadblock, B29.5)"
		}
		p.m.roadblock = yn(MetricRoadblock, title)
	}
	if a.Bridge != NoBridge {
		p.m.bridge = yn(MetricBridge, fmt.Sprintf("%s bridge destroyed (B6.33)", a.Bridge))
		if a.Mode == Set {
			p.m.spans = add(sim.CountMetric(MetricBridgeSpans, "bridge spans destroyed (A23.71: the KIA#)", p.maxSpans()))
		}
	}
	if a.Cave && a.Mode == Placed {
		p.m.cave = yn(MetricCave, "cave destroyed (Original KIA, G11.83)")
	}
	if len(a.Throwers) > 0 {
		p.m.throwers = len(l.m)
		for k, u := range a.Throwers {
			add(sim.Metric{Name: ThrowerMetric(k + 1), Title: fmt.Sprintf("thrower %d (%s)", k+1, u), Labels: fateLabels})
		}
	}
	return sim.Schema{Metrics: l.m}
}

func (p *dcPlan) maxSpans() int {
	n := 1
	for _, o := range p.at[2:] {
		n = max(n, int(o.spans))
	}
	return n
}

// metricList builds a schema, handing out each metric's index.
type metricList struct{ m []sim.Metric }

func (l *metricList) add(x sim.Metric) int {
	l.m = append(l.m, x)
	return len(l.m) - 1
}

func (l *metricList) yn(name, title string) int {
	return l.add(sim.Metric{Name: name, Title: title, Labels: yesNo})
}

// targets adds each target's fate, reduced and replaced metrics, then the
// Location's stack, out and hob, and returns where the first target's and
// the stack's sit (-1 with no targets); loc.recordTargets fills them in.
// hob: Heat of Battle is on in some attack; off, the hob metric still
// counts its trigger, and its title says it triggers nothing.
func (l *metricList) targets(units []Unit, hob bool) (targets, stack int) {
	targets, stack = len(l.m), -1
	for k, u := range units {
		name := TargetMetric(k + 1)
		l.add(sim.Metric{Name: name, Title: fmt.Sprintf("target %d (%s)", k+1, u), Labels: fateLabels})
		l.yn(name+".reduced", fmt.Sprintf("target %d reduced", k+1))
		l.yn(name+".replaced", fmt.Sprintf("target %d ELR-Replaced", k+1))
	}
	if len(units) > 0 {
		stack = l.add(sim.Metric{Name: MetricStack, Title: "target Location cleared: every target eliminated, surrendered or broken", Labels: stackLabels})
		l.add(sim.CountMetric(MetricOut, "targets out of the fight (eliminated, surrendered or broken)", len(units)))
		if hob {
			l.yn(MetricHoB, "Heat of Battle triggered (Original 2 on a MC)")
		} else {
			l.yn(MetricHoB, "an Original 2 on a MC (Heat of Battle is off: it triggers nothing)")
		}
	}
	return targets, stack
}

// sw adds the Random SW Destruction counts of n SW (A9.74), the whole
// Location's losses noted in the title, and returns the first's index, -1
// for no SW.
func (l *metricList) sw(n int, also string) int {
	if n == 0 {
		return -1
	}
	i := l.add(sim.CountMetric(MetricSWDestroyed, "targets' SW destroyed (A9.74; "+also+")", n))
	l.add(sim.CountMetric(MetricSWMalfunctioned, "targets' SW malfunctioned (A9.74)", n))
	return i
}

// t23Index is where the Table 23 metrics sit; -1 when the inputs make one
// impossible.
type t23Index struct{ shellhole, rubble, collapse, falls, flame int }

// table23 adds the terrain metrics of Table 23 that can occur at s, in
// the order of rules/asl.md §7: a Shellhole, Rubble with the collapse and
// fall that may follow it, then Flame.
func (l *metricList) table23(s site, shellhole, rubble, flame bool) t23Index {
	x := t23Index{-1, -1, -1, -1, -1}
	if shellhole {
		x.shellhole = l.yn(MetricShellhole, fmt.Sprintf("Shellhole placed in the %s (Table 23)", s.terrain))
	}
	if rubble {
		x.rubble = l.yn(MetricRubble, fmt.Sprintf("%s building rubbled", s.building))
		if s.upperLevel() {
			x.collapse = l.yn(MetricCollapse, "whole hex collapses into Rubble (B24.11)")
		}
		if s.canFall() {
			x.falls = l.yn(MetricFallingRubble, "Rubble falls into an adjacent hex (B24.12)")
		}
	}
	if flame {
		x.flame = l.yn(MetricFlame, "Flame placed")
	}
	return x
}

// setYes records yes or no in metric i, if the schema has it.
func setYes(rec *sim.Record, i int, v bool) {
	if i >= 0 {
		rec.Set(i, b2i(!v))
	}
}

// recordTargets records each target's fate, reduced and replaced flags
// (rules/asl.md §8.39) from metric targets on, and the stack, out and hob
// metrics at stack, as metricList.targets laid them out.
func (l *loc) recordTargets(rec *sim.Record, targets, stack int) {
	out := int(l.retiredOut)
	for i := range l.n {
		if l.retired&(1<<i) != 0 {
			continue // recorded when it was retired (settle.go)
		}
		u := &l.u[i]
		u.recordTo(rec, targets+3*i)
		out += b2i(u.out())
	}
	recordStack(rec, stack, out, l.n, l.hobTriggered)
}

// recordStack records the stack, out and hob metrics from metric stack on
// (none when stack < 0): out of n targets are out of the fight.
func recordStack(rec *sim.Record, stack, out, n int, hob bool) {
	recordCleared(rec, stack, out, out == n, hob)
}

// recordCleared is recordStack for a Location whose targets are more than
// the out metric counts (a plan's heroes, §8.64): cleared says none of
// them is left in Good Order.
func recordCleared(rec *sim.Record, stack, out int, cleared, hob bool) {
	if stack >= 0 {
		rec.Set(stack, b2i(!cleared))
		rec.Set(stack+1, out)
		rec.Set(stack+2, b2i(!hob))
	}
}

// detonationTitle is the detonation metric's title: with a chain before
// the DC's own DR, what not_placed means for it (chain.go).
func detonationTitle(a DCAttack) string {
	switch {
	case a.Mode == Placed && len(a.Placer) > 0:
		return "DC detonation (not_placed: Defensive Fire broke, pinned or eliminated the Placer)"
	case a.Mode == Set && len(a.Setter) > 0 && a.Preset:
		return "DC detonation (not_placed: the Setter failed the detonation NTC)"
	case a.Mode == Set && len(a.Setter) > 0:
		return "DC detonation (not_placed: not Set, or the Setter failed the detonation NTC)"
	}
	return "DC detonation"
}
