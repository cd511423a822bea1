package asl

import (
	"math/bits"

	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// The short path of a DC trial.
//
// In a Location with no leader, nothing links one unit's fate to
// another's once Random Selection has chosen (checktable.go). When, in
// addition, nothing else in the Location rolls or records anything
// (Rubble, Flame, a Gun, a bridge, a cave, the thrower's Location, a SW
// that a #KIA puts to Random SW Destruction), an Original DR of the attack
// is resolved by a short program worked out once per attack:
//
//   - a malfunction: nothing happens to anyone;
//   - a MC on every target: one draw from each unit's check table;
//   - a #KIA or K/# on every target: Random Selection, then for the mask it
//     gives, the units' fixed states (eliminated, broken, reduced) and the
//     MCs of the others, each from its check table.
//
// The draws are those resolve makes, in the same order (Random Selection,
// then the MCs in check order), so both paths give the same results and
// the same Monte Carlo stream (TestShortPathIsTheWholeProcedure); the path
// only skips copying and resolving the Location. Each unit's end state is a
// small number (its index among the states the short paths can leave a
// target in), so the targets' metrics are recorded as one code of a joint
// (sim.Joint), and the detonation's as another.
//
// In Monte Carlo mode the short path is the hot loop (runBare): it rolls
// its dice from a hand kept in registers (sim.Hand), and the usual MCs of
// two to four targets as one roll, which is the same dice as one roll per
// MC.

// shortPath is the program of one Original DR.
type shortPath struct {
	sel *dice.Selection // Random Selection among the targets; nil for none
	// setsK and setsLut are sel's sets by roll of setsK dice (rollsOf).
	setsK   int
	setsLut []int32
	eff     int // the detonation's code: the Original DR, 0 for a malfunction
	byMask  []shortVariant
	one     shortVariant // byMask[0], kept here to save a load
}

// shortVariant is what follows one Random Selection: the end state of
// each unit that takes no MC, and the MCs of the others in check order.
type shortVariant struct {
	state [Slots]int32
	code  int32 // the targets' joint code of the fixed states
	steps []shortStep
}

// shortStep is one unit's MC.
type shortStep struct {
	unit   int8
	stride int32
	lut    [36]int32 // tb.first by roll of two dice, kept here to save a load
	first  *sim.Dist // tb.first
	tb     *checkTable
}

// shortState is a target's end state as the short path records it.
type shortState struct {
	rec unitRecord
	hob bool // its MC had an Original 2 (A15.1)
}

// shortStates numbers the end states the short paths can leave a target
// in: the targets' joint code is the mixed-radix number of the units'
// states.
type shortStates struct {
	list  []shortState
	index map[shortState]int32
}

func (s *shortStates) id(x shortState) int32 {
	if k, ok := s.index[x]; ok {
		return k
	}
	if s.index == nil {
		s.index = map[shortState]int32{}
	}
	k := int32(len(s.list))
	s.index[x] = k
	s.list = append(s.list, x)
	return k
}

// maxJointCodes bounds the targets' joint (the number of states to the
// power of the number of targets); past it the short path records each
// metric on its own.
const maxJointCodes = 1 << 12

// shortPaths works out the short path of every Original DR that has one,
// after the attack's outcomes and check tables.
func (p *dcPlan) shortPaths() {
	a := &p.a
	if p.tab == nil || a.Gun || a.Cave || len(a.Throwers) > 0 {
		return
	}
	var start loc
	start.setup(a.Targets, a.ELR, p.rules)
	start.tab = p.tab
	for _, row := range p.tab.tab {
		for _, byDRM := range row {
			for _, tb := range byDRM {
				p.number(tb)
			}
		}
	}
	for orig := range p.at {
		o := &p.at[orig]
		switch {
		case orig < 2 || o.rubbleKIA > 0 || o.destroys || o.flameKIA || o.flameHalvedKIA || o.spans > 0:
		case o.malf:
			// Nothing happens to anyone (A23.2).
			p.short[orig] = &shortPath{byMask: []shortVariant{*p.variant(&start, nil)}}
		default:
			p.short[orig] = p.shortPathOf(&start, o, orig)
		}
	}
	for orig := range p.at {
		sp := p.short[orig]
		if sp == nil {
			continue
		}
		for v := range sp.byMask {
			sv := &sp.byMask[v]
			for i := range len(a.Targets) {
				sv.code += p.stride(i) * sv.state[i]
			}
			for k := range sv.steps {
				sv.steps[k].stride = p.stride(int(sv.steps[k].unit))
			}
		}
		sp.one = sp.byMask[0]
	}
}

// stride is unit i's place value in the targets' joint code.
func (p *dcPlan) stride(i int) int32 {
	s := int32(1)
	for range i {
		s *= int32(len(p.states.list))
	}
	return s
}

// number gives every state of table tb its index among the short path's.
func (p *dcPlan) number(tb *checkTable) {
	if tb == nil || tb.first != nil {
		return
	}
	first := make([]int32, len(tb.classes))
	for k := range tb.classes {
		c := &tb.classes[k]
		c.sid = make([]int32, len(c.rec))
		for j := range c.rec {
			c.sid[j] = p.states.id(shortState{c.rec[j], c.hob[j]})
		}
		first[k] = c.sid[0]
		if c.dist != nil {
			first[k] = int32(-k - 1)
			c.rollK, c.rolls = rollsOf(c.dist.WithValues(c.sid))
		}
	}
	tb.first = tb.roll.Valued(first)
}

// shortPathOf returns the program of outcome o, or nil when o needs the
// whole procedure.
func (p *dcPlan) shortPathOf(start *loc, o *outcome, orig int) *shortPath {
	n := start.n
	if n == 0 {
		return nil
	}
	r := o.res[0]
	same := true
	for i := range n {
		same = same && o.res[i] == r
	}
	members := start.order
	sp := &shortPath{eff: orig}
	sel := 0
	switch {
	case same && r.KIA() > 0:
		for i := range n {
			if start.u[i].sw > 0 || !start.u[i].canBreak() && start.u[i].kind.SMC() {
				return nil // Random SW Destruction, or a wound
			}
		}
		sel = min(r.KIA(), n)
		sp.byMask = make([]shortVariant, 1<<n)
		for mask := range sp.byMask {
			if bits.OnesCount(uint(mask)) < sel {
				continue
			}
			l := *start
			l.kiaOf(nil, &members, n, uint16(mask))
			sp.byMask[mask] = *p.variant(&l, nil)
		}
	case same && r.K() > 0:
		for i := range n {
			if start.u[i].kind.SMC() {
				return nil // a wound
			}
		}
		sel = 1
		sp.byMask = make([]shortVariant, 1<<n)
		for mask := 1; mask < len(sp.byMask); mask++ {
			l := *start
			var mc [Slots]int8
			l.kOf(nil, &members, n, r, uint16(mask), &mc)
			v := p.variant(&l, &mc)
			if v == nil {
				return nil
			}
			sp.byMask[mask] = *v
		}
	default:
		var mc [Slots]int8
		for i := range n {
			d, ok := o.res[i].MC()
			if !ok {
				return nil
			}
			mc[i] = int8(d + 1)
		}
		v := p.variant(start, &mc)
		if v == nil {
			return nil
		}
		sp.byMask = []shortVariant{*v}
	}
	switch {
	case sel >= n:
		// Everyone is chosen: no draw (selected).
		sp.byMask = []shortVariant{sp.byMask[1<<n-1]}
	case sel > 0:
		sp.sel = selectionFor(n, sel)
		sp.setsK, sp.setsLut = rollsOf(sp.sel.Sets())
	}
	return sp
}

// variant is the program of Location l once Random Selection is done, the
// MCs to take in mc (nil for none): nil when some MC has no table.
func (p *dcPlan) variant(l *loc, mc *[Slots]int8) *shortVariant {
	v := &shortVariant{}
	for _, oi := range l.order[:l.n] {
		i := int(oi)
		u := &l.u[i]
		if mc != nil && mc[i] > 0 && !u.gone() {
			tb := p.tab.lookup(i, u, int(mc[i]-1))
			if tb == nil || table36(tb.first) == nil {
				return nil
			}
			v.steps = append(v.steps, shortStep{unit: int8(i), lut: *table36(tb.first), first: tb.first, tb: tb})
			continue
		}
		v.state[i] = p.states.id(shortState{rec: recordOf(u)})
	}
	return v
}

// runBare is the trial of an attack on which nothing rolls or records
// before the DC's own DR and whose short paths record joints: the hot loop
// of a Monte Carlo run. It rolls from a hand of dice (sim.Hand), kept in
// registers: the Original DR, Random Selection and each MC whose class
// leaves one state. At the first draw the hand cannot make, it gives the
// dice back and the trial goes on drawing from the source (run, afterDR,
// drawSteps), from the same point of the same stream: the draws are run's,
// in the same order.
func (t *dcTrial) runBare(src *sim.Source, rec *sim.Record) {
	p := t.p
	hand := src.Hand()
	r, h, ok := hand.Roll(2)
	if !ok {
		t.run(src, rec)
		return
	}
	orig := p.attackLut[r]
	sp := p.short[orig]
	if sp == nil {
		src.Keep(h)
		t.afterDR(src, rec, int(orig))
		return
	}
	v := &sp.one
	if sp.sel != nil {
		r, next, ok := h.Roll(sp.setsK)
		if !ok {
			src.Keep(h)
			v = &sp.byMask[src.PickValue(sp.sel.Sets())]
			t.recordShort(rec, sp, drawSteps(src, v.steps, v.code))
			return
		}
		h = next
		v = &sp.byMask[sp.setsLut[r]]
	}
	code := v.code
	steps := v.steps
	// Up to four MCs, the usual case: one roll of 2n dice is the n rolls
	// of two (sim.Hand.Roll), looked up side by side. Should a class draw
	// again, nothing is kept and the loop below rolls them one by one.
	switch len(steps) {
	case 2:
		if r, next, ok := h.Roll(4); ok {
			s0, s1 := steps[0].lut[r/36], steps[1].lut[r%36]
			if s0 >= 0 && s1 >= 0 {
				h, code = next, code+steps[0].stride*s0+steps[1].stride*s1
				goto done
			}
		}
	case 3:
		if r, next, ok := h.Roll(6); ok {
			s0, s1, s2 := steps[0].lut[r/1296], steps[1].lut[r/36%36], steps[2].lut[r%36]
			if s0 >= 0 && s1 >= 0 && s2 >= 0 {
				h, code = next, code+steps[0].stride*s0+steps[1].stride*s1+steps[2].stride*s2
				goto done
			}
		}
	case 4:
		if r, next, ok := h.Roll(8); ok {
			s0, s1 := steps[0].lut[r/46656], steps[1].lut[r/1296%36]
			s2, s3 := steps[2].lut[r/36%36], steps[3].lut[r%36]
			if s0 >= 0 && s1 >= 0 && s2 >= 0 && s3 >= 0 {
				h, code = next, code+steps[0].stride*s0+steps[1].stride*s1+steps[2].stride*s2+steps[3].stride*s3
				goto done
			}
		}
	}
	for k := range steps {
		st := &steps[k]
		r, next, ok := h.Roll(2)
		if !ok || st.lut[r] < 0 {
			// Rare: a class that draws again, or an empty hand. The
			// source rolls this MC again, from the same dice.
			src.Keep(h)
			t.recordShort(rec, sp, drawSteps(src, steps[k:], code))
			return
		}
		h = next
		code += st.stride * st.lut[r]
	}
done:
	src.Keep(h)
	rec.SetJoint(p.jTargets, int(code))
	rec.SetJoint(p.jEffects, sp.eff)
}

// recordShort records a short trial by its joint codes.
func (t *dcTrial) recordShort(rec *sim.Record, sp *shortPath, code int32) {
	rec.SetJoint(t.p.jTargets, int(code))
	rec.SetJoint(t.p.jEffects, sp.eff)
}

// drawSteps draws each step's MC and adds its state to the targets' code.
func drawSteps(src *sim.Source, steps []shortStep, code int32) int32 {
	for k := range steps {
		st := &steps[k]
		var s int32
		if r, ok := src.Roll(2); ok {
			s = st.lut[r]
		} else {
			s = src.PickValue(st.first)
		}
		if s < 0 {
			s = st.tb.again(src, s)
		}
		code += st.stride * s
	}
	return code
}

// shortPath runs the program sp and records the trial.
func (t *dcTrial) shortPath(src *sim.Source, rec *sim.Record, sp *shortPath) {
	p := t.p
	v := &sp.byMask[0]
	if sp.sel != nil {
		v = &sp.byMask[sp.sel.Draw(src)]
	}
	if p.joint {
		rec.SetJoint(p.jTargets, int(drawSteps(src, v.steps, v.code)))
		rec.SetJoint(p.jEffects, sp.eff)
		return
	}
	state := v.state
	for k := range v.steps {
		st := &v.steps[k]
		s := src.PickValue(st.first)
		if s < 0 {
			s = st.tb.again(src, s)
		}
		state[st.unit] = s
	}
	p.recordStates(rec, &state)
	e := p.shortEffects(sp.eff)
	t.recordDetonation(rec, &e)
}

// again draws the state within class -(s+1) of the Original DR, one with
// several (Heat of Battle, Casualty MC), and returns its index.
func (tb *checkTable) again(src *sim.Source, s int32) int32 {
	c := &tb.classes[-s-1]
	if r, ok := src.Roll(c.rollK); ok {
		return c.rolls[r]
	}
	return c.sid[src.Pick(c.dist)]
}

// shortEffects is what the detonation did for the detonation code eff.
func (p *dcPlan) shortEffects(eff int) effects {
	if eff == 0 {
		return effects{detonation: malfunctioned}
	}
	return effects{detonation: detonated, at: &p.at[eff]}
}

// recordStates records the targets in the short-path states state.
func (p *dcPlan) recordStates(rec *sim.Record, state *[Slots]int32) {
	out, hob := 0, false
	n := len(p.a.Targets)
	for i := range n {
		s := &p.states.list[state[i]]
		s.rec.setTo(rec, p.m.targets+3*i)
		out += s.rec.out
		hob = hob || s.hob
	}
	recordStack(rec, p.m.stack, out, n, hob)
}

// joints declares the short path's joints in s: the targets' metrics,
// whose code is the units' end states as a mixed-radix number (as
// recordStates records them), and the detonation's, whose code is eff (as
// recordDetonation records it when only the Original DR matters). No
// joints when the targets' codes would be too many: the short path then
// records each metric.
func (p *dcPlan) joints(s *sim.Schema) {
	n := len(p.a.Targets)
	codes := 1
	for range n {
		codes *= len(p.states.list)
		if codes > maxJointCodes {
			return
		}
	}
	if codes == 0 || n == 0 {
		return
	}
	targets := sim.Joint{}
	for m := p.m.targets; m < p.m.targets+3*n; m++ {
		targets.Metrics = append(targets.Metrics, m)
	}
	targets.Metrics = append(targets.Metrics, p.m.stack, p.m.stack+1, p.m.stack+2)
	rec := sim.NewRecord(*s)
	for c := range codes {
		var state [Slots]int32
		for i, x := 0, c; i < n; i++ {
			state[i] = int32(x % len(p.states.list))
			x /= len(p.states.list)
		}
		p.recordStates(rec, &state)
		targets.Rows = append(targets.Rows, rowOf(rec, targets.Metrics))
	}

	// The detonation's metrics are those a short trial's record sets
	// beside the targets'; code 1 is never drawn, and any row will do.
	var t dcTrial
	t.p = p
	eff := sim.Joint{}
	for code := range p.at {
		rec := sim.NewRecord(*s)
		e := p.shortEffects(max(code, 2*b2i(code == 1)))
		t.recordDetonation(rec, &e)
		if eff.Metrics == nil {
			for m := range s.Metrics {
				if _, ok := rec.Get(m); ok {
					eff.Metrics = append(eff.Metrics, m)
				}
			}
		}
		eff.Rows = append(eff.Rows, rowOf(rec, eff.Metrics))
	}
	p.joint, p.jTargets, p.jEffects = true, len(s.Joints), len(s.Joints)+1
	s.Joints = append(s.Joints, targets, eff)
}

// noRoll is more dice than a reservoir holds: sim.Source.Roll and
// sim.Hand.Roll never answer a roll of that many.
const noRoll = 64

// rollsOf is d's value by roll of k dice (sim.Dist.Rolls), or noRoll and
// nil when d is not a roll of dice, so that an inline roll never answers
// and the caller draws with PickValue.
func rollsOf(d *sim.Dist) (k int, vals []int32) {
	if k, vals = d.Rolls(); vals == nil {
		k = noRoll
	}
	return k, vals
}

// table36 is d's value by roll of two dice, or nil when d is not a roll
// of two dice with values.
func table36(d *sim.Dist) *[36]int32 {
	if k, v := d.Rolls(); k == 2 {
		return (*[36]int32)(v)
	}
	return nil
}

// rowOf reads the outcomes of metrics off rec.
func rowOf(rec *sim.Record, metrics []int) []uint16 {
	row := make([]uint16, len(metrics))
	for t, m := range metrics {
		k, _ := rec.Get(m)
		row[t] = uint16(k)
	}
	return row
}
