package asl

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sapperhq/sapper/model/bound"
	"github.com/sapperhq/sapper/sim"
)

// Plans: several attacks on one Location in one Player Turn (rules/asl.md
// §7.5, §8.63–8.64).

// PlanStep is one attack of a plan: a DC (DC set) or any IFT attack (Fire
// set), exactly one of them, with no Targets: it meets the plan's, as the
// attacks before it left them, and the plan's ELR stands for its own.
type PlanStep struct {
	DC   *DCAttack  `json:"dc,omitempty"`
	Fire *IFTAttack `json:"fire,omitempty"`
	// Revealed: the player says the targets' "?" is gone for this
	// attack, so their own concealment is not read in it (§8.63).
	Revealed bool `json:"revealed,omitempty"`
}

// DRM is the DRM the step's attack puts on every target's Final DR (A.5,
// A.17), all but a target's own (a unit's drm=): the attack's DRM and the
// Location's TEM, and a DC's own (a Thrown DC's +2, CX +1, a Set DC's −3
// and no TEM, §4).
func (s PlanStep) DRM() int {
	if s.DC != nil {
		return s.DC.targetDRM(Unit{})
	}
	return s.Fire.targetDRM(Unit{})
}

// Plan is an ordered list of attacks on the same Location in one Player
// Turn, in the order of the phases they are made in (§7.5): each attack
// meets the Location as the one before left it.
type Plan struct {
	// Targets are the units in the Location at the start of the plan,
	// in their starting states (broken, pinned, berserk, wounded,
	// disrupted: §7.5).
	Targets []Unit `json:"targets"`
	// ELR is the default Experience Level Rating of units that give none,
	// and of every attack of the plan: 0 is an ELR of 0, which Replaces
	// far more often than the rules' 3 (NewPlan's).
	ELR   int        `json:"elr"`
	Steps []PlanStep `json:"steps"`
}

// NewPlan returns the plan of steps against targets at the ELR of
// rules/asl.md, 3: each step an attack built without targets
// (NewDCAttack(Placed), NewIFTAttack(8)), which meets the targets as the
// steps before it left them.
func NewPlan(targets []Unit, steps ...PlanStep) Plan {
	return Plan{Targets: targets, ELR: 3, Steps: steps}
}

// MaxPlanSteps bounds a plan's attacks: more than one Player Turn holds.
const MaxPlanSteps = 8

// Metric names of a plan (docs/output.md, rules/asl.md §7.5, §8.64).
const (
	MetricClearedAfter = "cleared_after" // the attack after which stack first became cleared, or never
	MetricHeroes       = "heroes"        // heroes created by Heat of Battle still in play at the end
)

// DCMetric is the name of the plan's DC j's metric name (j 1-based, in
// the order of its attacks): a DC's figures share a row whichever attack
// of each plan it is, so that plans compare them ("DC alone" against
// "prep then DC").
func DCMetric(j int, name string) string { return "dc." + strconv.Itoa(j) + "." + name }

// Attacks returns each of the plan's attacks against the Location as the
// plan starts: its units in their starting states and the plan's ELR.
// The plan's later attacks meet only what the earlier ones left (§7.5).
func (p Plan) Attacks() []PlanStep {
	out := make([]PlanStep, len(p.Steps))
	for k, s := range p.Steps {
		out[k] = s.withTargets(p.Targets, p.ELR)
	}
	return out
}

// withTargets returns the step's attack against the plan's targets.
func (s PlanStep) withTargets(targets []Unit, elr int) PlanStep {
	if s.Revealed {
		open := make([]Unit, len(targets))
		for i, u := range targets {
			u.Concealed = false
			open[i] = u
		}
		targets = open
	}
	if s.DC != nil {
		a := *s.DC
		a.Targets, a.ELR = targets, elr
		s.DC = &a
	}
	if s.Fire != nil {
		a := *s.Fire
		a.Targets, a.ELR = targets, elr
		s.Fire = &a
	}
	return s
}

// site is the step's target Location.
func (s PlanStep) site() site {
	if s.DC != nil {
		return s.DC.site()
	}
	return s.Fire.site()
}

// readsTerrain: the attack reads the Location's other terrain and EC, as
// a DC into the Location does and a fire attack may (ReadsTerrain), so a
// plan's attacks need not all say the terrain.
func (s PlanStep) readsTerrain() bool {
	if s.DC != nil {
		// A DC reads them for its Flame (§7.4), which needs a building or
		// terrain with a Kindling #: in open ground it reads neither.
		return s.DC.Breach == NoBreach && (s.DC.Building != NoBuilding || s.DC.Terrain != "")
	}
	return s.Fire.ReadsTerrain()
}

// site is the plan's Location: its building and levels as every attack
// gives them, its terrain and EC as the attacks that read them do.
func (p Plan) site() site {
	st := p.Steps[0].withTargets(p.Targets, p.ELR).site()
	for _, s := range p.Steps {
		if s.readsTerrain() {
			t := s.withTargets(p.Targets, p.ELR).site()
			st.terrain, st.ec = t.terrain, t.ec
			break
		}
	}
	return st
}

// hobOn: Heat of Battle is resolved in this attack.
func (s PlanStep) hobOn() bool {
	if s.DC != nil {
		return s.DC.Options.HeatOfBattle
	}
	return s.Fire.Options.HeatOfBattle
}

// canRubble, canFlame and canShellhole: what Table 23 can do in this
// attack (§7).
func (s PlanStep) canRubble() bool {
	if s.DC != nil {
		return s.DC.rubbleCheck()
	}
	return s.Fire.CanRubble()
}

func (s PlanStep) canFlame() bool {
	if s.DC != nil {
		return s.DC.flameCheck()
	}
	return s.Fire.CanFlame()
}

func (s PlanStep) canShellhole() bool { return s.Fire != nil && s.Fire.CanShellhole() }

// CanFlame reports whether some attack of the plan can place Flame (Table
// 23). A later attack meets the same Location, the Flame noted in the
// output; Flame's spread, Blaze and their attacks are out of a plan's
// scope, and the output says so (rules/asl.md §7.5, §8.63).
func (p Plan) CanFlame() bool {
	for _, s := range p.Steps {
		if (s.DC != nil || s.Fire != nil) && s.canFlame() {
			return true
		}
	}
	return false
}

// Validate reports the first input that cannot be resolved, naming the
// attack (1-based) it is in.
func (p Plan) Validate() error {
	switch {
	case len(p.Targets) == 0:
		return bound.Invalidf("target", "at least one target unit is needed")
	case len(p.Targets) > MaxUnits:
		return bound.Invalidf("target", "at most %d units in a Location", MaxUnits)
	case len(p.Steps) == 0:
		return bound.Invalidf("plan", "at least one attack is needed")
	case len(p.Steps) > MaxPlanSteps:
		return bound.Invalidf("plan", "at most %d attacks in one Player Turn", MaxPlanSteps)
	case inRange("elr", p.ELR, MinELR, MaxELR, "") != nil:
		return inRange("elr", p.ELR, MinELR, MaxELR, "")
	}
	var first, burns site
	reads := 0
	for k, s := range p.Steps {
		at := fmt.Sprintf("attack %d", k+1)
		switch {
		case (s.DC == nil) == (s.Fire == nil):
			return bound.InvalidAt("plan", at, "give one attack: a DC or a fire attack")
		case s.DC != nil && (s.DC.Breach != NoBreach || s.DC.Wire || s.DC.Roadblock != NoRoadblock || s.DC.Bridge != NoBridge || s.DC.Gun || s.DC.Cave):
			return bound.InvalidAt("plan", at, "structures (breach, wire, roadblock, bridge, gun, cave) are for one DC attack, not a plan of attacks on the Location's units")
		}
		if err := s.validate(p.Targets, p.ELR, p.heroBound(k) > 0); err != nil {
			return fmt.Errorf("attack %d: %w", k+1, err)
		}
		s = s.withTargets(p.Targets, p.ELR)
		st := s.site()
		st.groundFalls = false
		core := st
		core.terrain, core.ec = "", Moderate
		switch {
		case k == 0:
			first = core
		case core != first:
			return bound.InvalidAt("plan", at, "its Location (building, fortified, level) differs from attack 1's; a plan attacks one Location")
		}
		if !s.readsTerrain() {
			continue
		}
		if reads++; reads == 1 {
			burns = st
		} else if st.terrain != burns.terrain || st.ec != burns.ec {
			return bound.InvalidAt("plan", at, "its terrain or EC differs from an earlier attack's; a plan attacks one Location")
		}
	}
	if h := p.heroBound(len(p.Steps) - 1); len(p.Targets)+h > Slots {
		return bound.Invalidf("plan", "%d targets and up to %d heroes created before the last attack (Heat of Battle, §8.64) exceed the %d units the model holds in a Location; give fewer targets or attacks, or leave Heat of Battle out (--no-hob)",
			len(p.Targets), h, Slots)
	}
	return nil
}

// validate checks one attack, a DC or a fire attack with no structures
// (Validate has refused the rest: a plan is about the Location's
// Personnel), against the plan's targets, and refuses what else a plan
// does not model: a thrower's Location, and the attacks that make no IFT
// attack. heroes: an earlier attack may have created a hero, who has
// no ",concealed" of his own, so that an attack's concealed reaches him.
func (s PlanStep) validate(targets []Unit, elr int, heroes bool) error {
	if s.DC != nil && len(s.DC.Targets) > 0 || s.Fire != nil && len(s.Fire.Targets) > 0 {
		// They would be dropped for the plan's: an attack meets the
		// Location as the attacks before it left it (§7.5).
		return bound.Invalidf("target", "an attack of a plan names no targets of its own: each meets the plan's Targets as the attacks before it left them")
	}
	allConcealed := len(targets) > 0 && !slices.ContainsFunc(targets, func(u Unit) bool { return !u.Concealed })
	switch {
	case s.Revealed && !slices.ContainsFunc(targets, concealed):
		return bound.Invalidf("concealed", "concealed=false changes nothing: no target is concealed by its own ,concealed")
	case allConcealed && !heroes && (s.DC != nil && s.DC.Concealed || s.Fire != nil && s.Fire.Concealed):
		return bound.Invalidf("concealed", "concealed changes nothing: every target is concealed by its own ,concealed already")
	}
	s = s.withTargets(targets, elr)
	if a := s.DC; a != nil {
		if len(a.Throwers) > 0 {
			return bound.Invalidf("thrower", "a plan attacks one Location; the thrower's own Location is for one DC attack")
		}
		return a.Validate()
	}
	a := s.Fire
	if !a.attacks() {
		return bound.Invalidf("weapon", "WP and an AFV's entry make no IFT attack on the units; a plan's attacks are on the IFT")
	}
	return a.Validate()
}

// heroBound is the most heroes the first steps attacks of the plan can
// create (A15.21): each MMC subject to Heat of Battle makes at most one MC
// for the IFT result and one LLMC per leader in each attack resolving
// Heat of Battle; heroes make none.
func (p Plan) heroBound(steps int) int {
	mmc, leaders := 0, 0
	for _, u := range p.Targets {
		switch {
		case u.Kind == Leader:
			leaders++
		case u.Kind == Squad || u.Kind == HalfSquad:
			mmc++
		}
	}
	n := 0
	for _, s := range p.Steps[:steps] {
		if s.hobOn() {
			n += mmc * (1 + leaders)
		}
	}
	return n
}

// Experiment returns the plan as an engine experiment.
func (p Plan) Experiment() (sim.Experiment, error) {
	p = p.clone()
	if err := p.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	pp := newAttackPlan(p)
	return sim.Experiment{Schema: pp.schema(), New: pp.newTrial, KeepPaths: true}, nil
}

// attackPlan is everything about a plan that does not depend on the dice,
// worked out once: each attack compiled against the plan's targets and the
// slots of the heroes it may create, in each variant of the Location it
// may meet.
type attackPlan struct {
	p     Plan
	steps []planStep
	// slots is how many created heroes the Location can hold beyond the
	// targets; hero is such a hero as he joins (a fresh 1-4-9).
	slots int
	hero  unit
	start loc
	m     planMetrics
}

// planStep is one attack in every variant of the Location it may meet:
// before or after Rubble (rubbled), and for a Set DC whose enemy
// Infantry count is left to the Location, by that count (A23.7: the units
// there when it detonates).
type planStep struct {
	byCount  bool
	variants [2][]stepVariant // by rubbled, then count
}

// stepVariant is one compiled attack: a DC's plan or a fire plan.
type stepVariant struct {
	dc   *dcPlan
	fire *firePlan
}

// planMetrics is where each metric sits in the record; -1 when absent.
type planMetrics struct {
	detonation, placer, setting, setter []int // per attack
	targets, stack, sw                  int
	t23                                 t23Index
	clearedAfter, heroes                int
}

// heroUnit is a hero created by Heat of Battle (A15.21): a 1-4-9.
var heroUnit = Unit{Kind: Hero, FP: 1, Range: 4, ML: 9, ELR: -1}

func newAttackPlan(p Plan) *attackPlan {
	ap := &attackPlan{p: p, slots: p.heroBound(len(p.Steps) - 1)}
	units := append([]Unit(nil), p.Targets...)
	for range ap.slots {
		units = append(units, heroUnit)
	}
	ap.hero = newUnit(heroUnit, p.ELR)
	ap.start.setup(units, p.ELR, locRules{})
	ap.start.n = len(p.Targets)
	anyRubble := false
	for _, s := range p.Steps {
		s = s.withTargets(units, p.ELR)
		var ps planStep
		ps.byCount = s.DC != nil && s.DC.Mode == Set && s.DC.EnemyInfantry < 0
		for rubbled := range 2 {
			if rubbled == 1 && !anyRubble {
				break
			}
			counts := 1
			if ps.byCount {
				counts = len(units) + 1
			}
			for c := range counts {
				ps.variants[rubbled] = append(ps.variants[rubbled], compileStep(s, rubbled == 1, c, ps.byCount))
			}
		}
		anyRubble = anyRubble || s.canRubble()
		ap.steps = append(ap.steps, ps)
	}
	return ap
}

// compileStep compiles attack s; rubbled: against the Location after an
// earlier attack Rubbled it (B24.11: every unit there is gone; a Rubbled
// building's TEM is its Rubble's, not Fortified, and it Rubbles no more,
// though it still burns as its building, §7.3); count: a Set DC's enemy
// Infantry units when byCount.
func compileStep(s PlanStep, rubbled bool, count int, byCount bool) stepVariant {
	if a := s.DC; a != nil {
		b := *a
		if byCount {
			b.EnemyInfantry = count
		}
		if rubbled {
			b.TEM -= b2i(b.Fortified)
			b.Fortified = false
		}
		p := buildDCPlan(b, false)
		p.m = noDCMetrics
		p.rules.heroesRead = true
		if rubbled {
			p.rubbleCheck = false
			for i := range p.at {
				p.at[i].rubbleKIA, p.at[i].destroys = 0, false
			}
		}
		return stepVariant{dc: p}
	}
	b := *s.Fire
	if rubbled {
		b.TEM -= b2i(b.Fortified)
		b.Fortified = false
	}
	p := buildFirePlan(b, false)
	p.rules.heroesRead = true
	if rubbled {
		for i := range p.at {
			for d := range p.at[i] {
				p.at[i][d].t23.rubbleKIA, p.at[i][d].t23Hidden.rubbleKIA = 0, 0
			}
		}
	}
	return stepVariant{fire: p}
}

// noDCMetrics: a DC compiled for a plan records nothing of its own but
// what the plan hands it (its chain's outcome).
var noDCMetrics = metricIndex{placer: -1, setting: -1, setter: -1, breach: -1, targets: -1, stack: -1, rubble: -1, collapse: -1, falls: -1, flame: -1, throwers: -1,
	wire: -1, roadblock: -1, bridge: -1, spans: -1, gun: -1, cave: -1, caveDR: -1, sw: -1}

// schema lists the plan's metrics: each DC's detonation and chain, then
// the state after the last attack as one attack reports it (its targets,
// stack, out, hob, SW and Table 23, each over the whole plan), then
// cleared_after and heroes (rules/asl.md §7.5, §8.64).
func (ap *attackPlan) schema() sim.Schema {
	p := ap.p
	var l metricList
	n := len(p.Steps)
	ap.m.detonation = make([]int, n)
	ap.m.placer = make([]int, n)
	ap.m.setting = make([]int, n)
	ap.m.setter = make([]int, n)
	shell, rubble, flame := false, false, false
	dcs := 0
	for k, s := range p.Steps {
		ap.m.detonation[k], ap.m.placer[k], ap.m.setting[k], ap.m.setter[k] = -1, -1, -1, -1
		shell = shell || s.canShellhole()
		rubble = rubble || s.canRubble()
		flame = flame || s.canFlame()
		a := s.DC
		if a == nil {
			continue
		}
		dcs++
		ap.m.detonation[k] = l.add(sim.Metric{Name: DCMetric(dcs, MetricDetonation), Title: fmt.Sprintf("attack %d: %s %s", k+1, a.Mode, detonationTitle(*a)), Labels: detonationLabels})
		if a.Mode == Placed && len(a.Placer) > 0 {
			ap.m.placer[k] = l.add(sim.Metric{Name: DCMetric(dcs, MetricPlacer), Title: fmt.Sprintf("attack %d: Placer (%s) after Defensive Fire", k+1, a.Placer[0]), Labels: fateLabels})
		}
		if a.Mode == Set && len(a.Setter) > 0 {
			ap.m.setting[k] = l.add(sim.Metric{Name: DCMetric(dcs, MetricSetting), Title: fmt.Sprintf("attack %d: Setting the DC (%s)", k+1, a.Setter[0]), Labels: settingLabels})
			if !a.Preset {
				ap.m.setter[k] = l.add(sim.Metric{Name: DCMetric(dcs, MetricSetter), Title: fmt.Sprintf("attack %d: Setter (%s) after Defensive Fire", k+1, a.Setter[0]), Labels: fateLabels})
			}
		}
	}
	ap.m.targets, ap.m.stack = l.targets(p.Targets, slices.ContainsFunc(p.Steps, PlanStep.hobOn))
	ap.m.sw = l.sw(swTotal(p.Targets), "over the plan, Rubble losses included")
	ap.m.t23 = l.table23(p.site(), shell, rubble, flame)
	labels := make([]string, 0, n+1)
	for k := range n {
		labels = append(labels, strconv.Itoa(k+1))
	}
	labels = append(labels, "never")
	ap.m.clearedAfter = l.add(sim.Metric{Name: MetricClearedAfter, Title: "the attack after which the targets' Location was first cleared (§8.64)", Labels: labels})
	ap.m.heroes = l.add(sim.CountMetric(MetricHeroes, "heroes created by Heat of Battle still in play (A15.21, §8.64)", max(p.heroBound(n), 1)))
	for k, v := range ap.steps {
		for _, vs := range v.variants {
			for _, x := range vs {
				if x.dc != nil {
					x.dc.m.placer, x.dc.m.setting, x.dc.m.setter = ap.m.placer[k], ap.m.setting[k], ap.m.setter[k]
				}
			}
		}
	}
	return sim.Schema{Metrics: l.m}
}
