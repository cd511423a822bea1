package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// schema lists the attack's metrics: the detonation and IFT result always,
// the chain's and each structure's when its input is given (DESIGN §5).
func (p *dcPlan) schema() sim.Schema {
	a := p.a
	var m []sim.Metric
	add := func(x sim.Metric) int {
		m = append(m, x)
		return len(m) - 1
	}
	yn := func(name, title string) int { return add(sim.Metric{Name: name, Title: title, Labels: yesNo}) }
	add(sim.Metric{Name: MetricDetonation, Title: "DC detonation", Labels: detonationLabels})
	iftTitle := "IFT result (first target's column)"
	switch {
	case a.Breach != NoBreach:
		iftTitle = "IFT result against the wall (30 column, building TEM)"
	case a.Roadblock == NarrowStreetRoadblock:
		iftTitle = "IFT result against the roadblock (+2 TEM; Set: 36+ column, −3)"
	}
	add(sim.Metric{Name: MetricIFT, Title: iftTitle, Labels: iftLabels, Ordered: true})
	p.m = metricIndex{placer: -1, setting: -1, breach: -1, stack: -1, rubble: -1, collapse: -1, falls: -1, flame: -1, throwers: -1,
		wire: -1, roadblock: -1, bridge: -1, spans: -1, gun: -1, cave: -1, caveDR: -1, sw: -1}
	if len(a.Placer) > 0 {
		p.m.placer = add(sim.Metric{Name: MetricPlacer, Title: fmt.Sprintf("Placer (%s) after Defensive Fire", a.Placer[0]), Labels: fateLabels})
	}
	if a.Mode == Set && len(a.Setter) > 0 {
		p.m.setting = add(sim.Metric{Name: MetricSetting, Title: fmt.Sprintf("Setting the DC (%s)", a.Setter[0]), Labels: settingLabels})
	}
	if a.Cave && a.Mode == Thrown {
		p.m.caveDR = add(sim.Metric{Name: MetricCaveDR, Title: "Thrown DC's cave dr (G11.83)", Labels: caveDRLabels})
	}
	if a.Breach != NoBreach {
		p.m.breach = yn(MetricBreach, fmt.Sprintf("%s hexside breached", a.Breach))
	}
	p.m.targets = len(m)
	for k, u := range a.Targets {
		name := TargetMetric(k + 1)
		add(sim.Metric{Name: name, Title: fmt.Sprintf("target %d (%s)", k+1, u), Labels: fateLabels})
		yn(name+".reduced", fmt.Sprintf("target %d reduced", k+1))
		yn(name+".replaced", fmt.Sprintf("target %d ELR-Replaced", k+1))
	}
	if len(a.Targets) > 0 {
		p.m.stack = add(sim.Metric{Name: MetricStack, Title: "target Location cleared of Good Order units", Labels: stackLabels})
		add(sim.CountMetric(MetricOut, "targets out of the fight (eliminated, surrendered or broken)", len(a.Targets)))
		yn(MetricHoB, "Heat of Battle triggered (Original 2 on a MC)")
	}
	if n := a.swTotal(); n > 0 {
		p.m.sw = add(sim.CountMetric(MetricSWDestroyed, "targets' SW destroyed (A9.74; rubble and bridge losses included)", n))
		add(sim.CountMetric(MetricSWMalfunctioned, "targets' SW malfunctioned (A9.74)", n))
	}
	if a.Gun {
		p.m.gun = add(sim.Metric{Name: MetricGun, Title: fmt.Sprintf("Gun manned by %s (C11.6)", a.Targets[0]), Labels: gunLabels})
	}
	if a.rubbleCheck() {
		p.m.rubble = yn(MetricRubble, fmt.Sprintf("%s building rubbled", a.Building))
	}
	if s := a.site(); a.rubbleCheck() && s.upperLevel() {
		p.m.collapse = yn(MetricCollapse, "whole hex collapses into Rubble (B24.11)")
	}
	if s := a.site(); a.rubbleCheck() && s.canFall() {
		p.m.falls = yn(MetricFallingRubble, "Rubble falls into an adjacent hex (B24.12)")
	}
	if a.flameCheck() {
		p.m.flame = yn(MetricFlame, "Flame placed")
	}
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
		p.m.throwers = len(m)
		for k, u := range a.Throwers {
			add(sim.Metric{Name: ThrowerMetric(k + 1), Title: fmt.Sprintf("thrower %d (%s)", k+1, u), Labels: fateLabels})
		}
	}
	return sim.Schema{Metrics: m}
}

func (p *dcPlan) maxSpans() int {
	n := 1
	for _, o := range p.at[2:] {
		n = max(n, int(o.spans))
	}
	return n
}
