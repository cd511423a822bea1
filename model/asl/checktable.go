package asl

import (
	"slices"

	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Check tables: a unit's MC worked out once per attack.
//
// In a Location with no leader, nothing links one unit's MC to another's:
// no leadership DRM (A10.7), no LLMC, LLTC or Berserk TC (A10.2, A15.41),
// and Heat of Battle changes only the unit that rolled it (a MMC's hero is
// not a target, rules/asl.md §8.26). A unit's state after its MC then
// depends only on its state before it and the MC's DRM, so the whole check
// (ELR Replacement, Casualty Reduction, Heat of Battle, wounds) can be
// enumerated once, by running moraleCheck itself exactly, and drawn in a
// trial as one outcome of that distribution. Monte Carlo and exact mode
// both draw from the table, so the two methods still run one code path.

// maxMCDRM is the largest MC DRM a table covers: the IFT's 4MC and K/4.
const maxMCDRM = 4

// checkTable is a unit's MC in two stages: the coarse Original DR, whose
// classes are what the rules tell apart, and for each class the unit's
// state after the check. Most classes (pass, pin, break, Replacement)
// leave one state, so drawing them costs one draw from a 36-weight table;
// only the Original 2 (Heat of Battle) and 12 (Casualty MC, wounds) draw
// more.
type checkTable struct {
	roll    dice.Coarse
	classes []checkClass
	// first draws the coarse Original DR straight to the short path's
	// index of its state, or to -(k+1) for a class k that draws again
	// (short.go), once the plan has numbered the states.
	first *sim.Dist
}

// checkClass is the states one class of the Original DR leads to, most
// likely first; dist is nil when there is one.
type checkClass struct {
	dist   *sim.Dist
	states []unit
	hob    []bool // that outcome's MC had an Original 2 (A15.1)
	// rec is each state as the target metrics record it, for the short
	// path of a trial on which every unit only takes its MC (short.go).
	rec []unitRecord
	// sid is each state's index among the short path's end states
	// (short.go), when the plan has numbered them; rolls is sid by roll of
	// rollK dice, for an inline draw (rollsOf).
	sid   []int32
	rollK int
	rolls []int32
}

// unitRecord is a unit's fate, reduced and replaced outcomes (docs/output.md,
// rules/asl.md §8.39) and whether it is out of the fight.
type unitRecord struct {
	fate, reduced, replaced, out int
}

func recordOf(u *unit) unitRecord {
	live := !u.gone()
	return unitRecord{int(u.fate()), b2i(!(live && u.reduced)), b2i(!(live && u.replaced)), b2i(u.out())}
}

// draw draws the check: the state the unit ends in and whether the MC
// triggered Heat of Battle.
func (tb *checkTable) draw(src *sim.Source) (*unit, bool) {
	c := &tb.classes[tb.roll.Class(src)]
	j := 0
	if c.dist != nil {
		j = src.Pick(c.dist)
	}
	return &c.states[j], c.hob[j]
}

// checkTables are the tables of one Location's units, for each unit's
// state at the start of the attack and after Casualty Reduction (a squad's
// HS of a K/#, or a Gun's crew), by MC DRM.
type checkTables struct {
	from [Slots][2]unit
	tab  [Slots][2][maxMCDRM + 1]*checkTable
}

// checkTablesFor returns the tables of a Location of units with no leader,
// or nil when it has one, or when some table cannot be drawn exactly.
func checkTablesFor(units []Unit, elr int, rules locRules) *checkTables {
	var l loc
	l.setup(units, elr, rules)
	return newCheckTables(&l)
}

func newCheckTables(start *loc) *checkTables {
	for i := range start.n {
		if start.u[i].kind == Leader {
			return nil
		}
	}
	ct := &checkTables{}
	cache := map[checkKey]*checkTable{}
	for i := range start.n {
		// Casualty Reduction is drawn only for a SMC (a wound), who then
		// takes no MC (rules/asl.md §8.29): only MMC have a reduced table.
		ct.from[i][0] = start.u[i]
		if !start.u[i].kind.SMC() {
			var red loc
			red.restart(start)
			red.reduce(nil, i)
			ct.from[i][1] = red.u[i]
		}
		for v, u := range ct.from[i] {
			if u.gone() || v == 1 && start.u[i].kind.SMC() {
				continue
			}
			for d := range maxMCDRM + 1 {
				k := checkKey{u, int8(d), start.rules}
				tb, ok := cache[k]
				if !ok {
					tb = buildCheckTable(u, d, start.rules)
					cache[k] = tb
				}
				if tb == nil {
					return nil
				}
				ct.tab[i][v][d] = tb
			}
		}
	}
	return ct
}

type checkKey struct {
	u     unit
	drm   int8
	rules locRules
}

// lookup returns the table for unit i in state u taking a MC at DRM drm,
// or nil when no table covers it.
func (ct *checkTables) lookup(i int, u *unit, drm int) *checkTable {
	if ct == nil || drm < 0 || drm > maxMCDRM {
		return nil
	}
	for v := range ct.from[i] {
		if tb := ct.tab[i][v][drm]; tb != nil && ct.from[i][v] == *u {
			return tb
		}
	}
	return nil
}

// maxStates bounds the distinct states one class of a MC can leave a
// unit in; the bound is far above what the rules produce.
const maxStates = 64

// maxClassPaths bounds the draws of one class: a Heat of Battle DR and
// up to two Wound Severity drs are a few hundred paths.
const maxClassPaths = 1 << 12

// classDenominator is a common denominator of every probability within a
// class of the Original DR: a Heat of Battle DR and up to two Wound
// Severity drs.
const classDenominator = 36 * 6 * 6

// buildCheckTable enumerates one MC of unit u at DRM drm, alone in a
// Location under rules, class by class of its Original DR; nil if a
// probability is not a multiple of 1/classDenominator or the states
// overflow, so that the caller resolves the check in full instead.
func buildCheckTable(u unit, drm int, rules locRules) *checkTable {
	var l loc
	l.n, l.rules = 1, rules
	l.u[0] = u
	tb := &checkTable{roll: l.mcRoll(0, drm)}
	for k := range tb.roll.Classes() {
		orig, _ := tb.roll.Rep(k)
		c, ok := enumerateClass(u, drm, rules, orig)
		if !ok {
			return nil
		}
		tb.classes = append(tb.classes, c)
	}
	return tb
}

// enumerateClass runs the rest of the MC from Original DR orig under
// exact enumeration (moraleCheck's own applyMC) and gathers the states,
// most likely first, their weights over classDenominator.
func enumerateClass(u unit, drm int, rules locRules, orig int) (checkClass, bool) {
	t := sim.Tabulate(func(src *sim.Source) checkOutcome {
		var l loc
		l.n, l.rules = 1, rules
		l.u[0] = u
		l.applyMC(src, 0, drm, true, l.snap(0), orig)
		return checkOutcome{l.u[0], l.hobTriggered}
	}, maxClassPaths)
	if t == nil || t.Len() >= maxStates {
		return checkClass{}, false
	}
	weights := make([]uint64, t.Len())
	for k := range weights {
		_, w, total := t.State(k)
		if classDenominator%total != 0 {
			return checkClass{}, false
		}
		weights[k] = w * (classDenominator / total)
	}
	if len(weights) == 1 {
		o, _, _ := t.State(0)
		return checkClass{states: []unit{o.u}, hob: []bool{o.hob}, rec: []unitRecord{recordOf(&o.u)}}, true
	}
	order := make([]int, len(weights))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(weights[b]) - int(weights[a]) })
	c := checkClass{}
	var sorted []uint64
	for _, k := range order {
		o, _, _ := t.State(k)
		sorted = append(sorted, weights[k])
		c.states = append(c.states, o.u)
		c.hob = append(c.hob, o.hob)
		c.rec = append(c.rec, recordOf(&o.u))
	}
	c.dist = sim.NewDist(sorted...)
	return c, true
}

type checkOutcome struct {
	u   unit
	hob bool
}
