package toi

import (
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// Experiment checks the attack and returns it as the engine runs it.
func (a BuildingAttack) Experiment() (sim.Experiment, error) {
	if err := a.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	p := newPlan(a)
	// No kept paths (sim.Experiment.KeepPaths): a trial is a few draws
	// from tables worked out once, with little to save between them
	// (walked, the benchmark ran 1.01–1.02× as fast).
	return sim.Experiment{Schema: p.schema(), New: func() sim.Trial { return p.trial }}, nil
}

// RoundedWeights reports whether the attack draws from weights rounded to
// fit 64 bits (a large pool): its exact run has its probabilities to
// float precision but no exact fractions (sim.Dist.Rounded), and refuses
// to give them. Precondition: a passes Validate.
func (a BuildingAttack) RoundedWeights() bool { return newPlan(a).rounded }

// plan is everything about an attack that does not depend on the dice,
// worked out once: each procedure as a draw of its result.
//
// The rolls of one attack are independent but for two links: an area
// attack's successes are shared by every squad (§2), and a collapse
// follows the building's roll (D7). The trial therefore draws the shared
// successes, then the building's hits, then each squad's losses given
// both.
type plan struct {
	a BuildingAttack
	// area draws the class of an area attack's shared successes: the
	// number itself below ceiling, and ceiling for "enough to eliminate
	// every squad", which all behave alike. Unset without area attack or
	// squads.
	area    draw
	hasArea bool
	// ceiling is the smallest success count that eliminates any squad
	// whatever its cover dice roll.
	ceiling   int
	hits      draw // net hits on the building (D5)
	threshold int
	squads    []squadPlan
	m         metricIndex
	// rounded: some draw's weights were rounded (newDraw).
	rounded bool
}

// newDraw is newDraw(x), noting whether its weights were rounded.
func (p *plan) newDraw(x weights) draw {
	d := newDraw(x)
	p.rounded = p.rounded || d.dist != nil && d.dist.IsRounded()
	return d
}

// squadPlan draws the figures one squad loses, by whether the building
// collapsed (0: no, 1: yes) and by the area attack's success class; after
// a suppressive attack, which removes no figure, hits draws the net hits
// it took, by the success class.
type squadPlan struct {
	figures int
	pinned  bool
	lost    [2][]draw
	hits    []draw
	// fates are the labels of the squad's fates, fate the label of each
	// Fate (fateLabels).
	fates []string
	fate  [numFates]int
}

type metricIndex struct {
	building, hits, squads, eliminated int
}

func newPlan(a BuildingAttack) *plan {
	p := &plan{a: a, threshold: a.Threshold}
	if p.attacksBuilding() {
		p.hits = p.newDraw(a.buildingHits())
	}
	classes := 1
	if a.Kind == AreaAttack && len(a.Squads) > 0 {
		for _, s := range a.Squads {
			p.ceiling = max(p.ceiling, s.Figures+a.squadCover(s))
		}
		p.hasArea = true
		if a.Suppressive {
			// Enough to disrupt any squad whatever its cover dice roll.
			p.ceiling = 0
			for _, s := range a.Squads {
				p.ceiling = max(p.ceiling, a.DisruptHits+a.squadCover(s))
			}
		}
		p.area = p.newDraw(capAt(pool(a.Area, successFaces(a.HitOn)), p.ceiling))
		classes = p.ceiling + 1
	}
	for _, s := range a.Squads {
		sp := squadPlan{figures: s.Figures, pinned: s.Pinned}
		sp.fates, sp.fate = a.fateLabels(s)
		for c := range classes {
			var lost weights
			switch {
			case a.Suppressive:
				sp.hits = append(sp.hits, p.newDraw(a.suppressiveHits(s, c)))
				continue
			case a.Kind == AreaAttack:
				lost = a.areaDamage(s, c)
			case a.Kind == ChargesAttack:
				lost = a.chargeDamage(s)
			default:
				lost = point(0) // the building was the target (§4)
			}
			sp.lost[0] = append(sp.lost[0], p.newDraw(lost))
			sp.lost[1] = append(sp.lost[1], p.newDraw(a.afterCollapse(lost, s.Figures)))
		}
		p.squads = append(p.squads, sp)
	}
	return p
}

func (p *plan) schema() sim.Schema {
	var m []sim.Metric
	add := func(x sim.Metric) int {
		m = append(m, x)
		return len(m) - 1
	}
	a := p.a
	if p.attacksBuilding() {
		p.m.building = add(sim.Metric{Name: MetricBuilding,
			Title:  fmt.Sprintf("building (%d red dice; falls to %d+ net hits in one attack)", a.Cover, a.Threshold),
			Labels: buildingLabels})
		what := "net hits on the building"
		if a.Kind == ChargesAttack && a.PerCharge {
			what += " (the largest of the charges, D5)"
		}
		p.m.hits = add(sim.CountMetric(MetricHits, what, p.maxHits()))
	}
	p.m.squads = len(m)
	for k, s := range a.Squads {
		add(sim.Metric{Name: SquadMetric(k + 1), Title: p.squadTitle(k, s), Labels: p.squads[k].fates})
		if !a.Suppressive {
			add(sim.CountMetric(SquadMetric(k+1)+".lost", fmt.Sprintf("squad %d figures lost", k+1), s.Figures))
		}
	}
	if len(a.Squads) > 0 && !a.Suppressive {
		p.m.eliminated = add(sim.CountMetric(MetricSquadsEliminated, "squads eliminated", len(a.Squads)))
	}
	return sim.Schema{Metrics: m}
}

// attacksBuilding reports whether the attack rolls against a building:
// there is none in a pillbox hex (D6), and a suppressive attack leaves it
// alone (§4). Its metrics are reported only then.
func (p *plan) attacksBuilding() bool { return p.a.HasBuilding() && !p.a.Suppressive }

func (p *plan) maxHits() int {
	if p.hits.dist == nil {
		return p.hits.value
	}
	return p.hits.dist.Len() - 1
}

func (p *plan) squadTitle(k int, s Squad) string {
	where := ""
	if s.InPillbox {
		where = ", in the pillbox"
	}
	if s.Pinned {
		where += ", pinned before"
	}
	dice := "cover dice"
	if p.a.squadCover(s) == 1 {
		dice = "cover die"
	}
	return fmt.Sprintf("squad %d (%d figures, %d %s%s)", k+1, s.Figures, p.a.squadCover(s), dice, where)
}

// trial is one attack. It allocates nothing.
func (p *plan) trial(src *sim.Source, rec *sim.Record) {
	class := 0
	if p.hasArea {
		class = p.area.roll(src)
	}
	collapsed := 0
	if p.attacksBuilding() {
		hits := p.hits.roll(src)
		rec.Set(p.m.hits, hits)
		if hits >= p.threshold {
			collapsed = 1
			rec.Set(p.m.building, destroyed)
		} else {
			rec.Set(p.m.building, standing)
		}
	}
	eliminated := 0
	for k := range p.squads {
		s := &p.squads[k]
		if p.a.Suppressive {
			// No figure lost, no squad eliminated: the fates alone.
			rec.Set(p.m.squads+k, s.fate[p.a.Suppressed(s.hits[class].roll(src), s.pinned)])
			continue
		}
		lost := s.lost[collapsed][class].roll(src)
		f := fate(s.figures, lost, s.pinned, collapsed == 1)
		if f == Eliminated {
			eliminated++
		}
		rec.Set(p.m.squads+2*k, s.fate[f])
		rec.Set(p.m.squads+2*k+1, lost)
	}
	if len(p.squads) > 0 && !p.a.Suppressive {
		rec.Set(p.m.eliminated, eliminated)
	}
}
