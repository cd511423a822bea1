package sasl

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// Merge keys of exact mode (sim.Source.Merge).
//
// A crossing is merged before each check at a Location (the S2 choice of
// the next S?, or, none left, Long Range Activation and moving on),
// between the checks of S? that form one Fire Group (S3), before each
// round of a Fire Group's shots (S13) and between the morale checks of
// each attack (mergeResolve). From any of them the rest of the trial
// depends only on
//
//   - where it stands: the Location, and the round of the shots;
//   - which S? eligible here or further on are still unchecked (those
//     checked earlier and never eligible again are out of it);
//   - whether the stack's one Long Range DR is spent, and how (S17);
//   - not the counts recorded at the end (checked, activated, dummies,
//     generated.TYPE): the rest of the trial adds to them what the key
//     determines, so each is handed to the engine as the base the rest
//     adds to (sim.Source.MergeCounts), and paths that differ only in
//     what they counted so far meet;
//   - which units still move, and the state of each, the states of units
//     of one counter as a set (twinsOf): two paths whose twins' states are
//     swapped reach one key, and the engine reads the outcomes recorded
//     for one as the other's (sim.Source.MergePermuted); not that of a unit
//     that stopped, which is never attacked, led or checked for a
//     leader's loss again (S18): its figures, and good_order.K of each
//     Location behind, are recorded when the stack leaves the Location,
//     and no later path changes them;
//   - while shooting, the Fire Group: each firer's weapon and whether it
//     keeps ROF, has made its Subsequent First Fire or is done, and the
//     group's leader, Cowering, range and hindrance (S11, S13, S22–S24).
//
// Two paths that reach the same key go on identically, so the engine
// walks the rest once: the enumeration grows with the distinct states of
// the crossing, not with its dice paths.

// merge declares the trial's state at Location k before a check (round 0)
// or before round round−1 of the shots, and reports whether the rest is
// already known; the trial must then stop drawing and recording. In Monte
// Carlo mode it returns false at once.
func (t *trial) merge(src *sim.Source, round int) bool {
	if t.stop {
		return true
	}
	if !src.Merging() {
		return false
	}
	if src.Replaying() {
		return t.replay(src)
	}
	b := t.appendState(t.key[:0], byte(round))
	b = t.appendUnits(b)
	if round > 0 {
		b = t.fg.appendKey(b, round == 1, round == t.p.steps[t.step].shots)
	}
	return t.declare(src, b)
}

// mergeGroup declares the trial's state in the middle of a Fire Group's
// checks (S3), before listing i of group g is checked: what is left to
// check is the group's S? from i on still unchecked, and what the checks
// so far did that still matters is the Fire Group they formed.
func (t *trial) mergeGroup(src *sim.Source, i, g int) bool {
	if !src.Merging() {
		return false
	}
	if src.Replaying() {
		return t.replay(src)
	}
	b := t.appendUnits(append(t.appendState(t.key[:0], tagGroup), byte(i), byte(g)))
	// The leader of a check that fired nothing directs the firers of the
	// checks to come (S3, S11, S23): he is keyed though no firer is yet,
	// where appendKey, with no attack to come, leaves him out.
	return t.declare(src, append(t.fg.appendKey(b, true, false), byte(t.fg.lead)))
}

// tagGroup tells a key in the middle of a Fire Group's checks from one
// before a check (0), before round r of the shots (r, at most MaxSteps'
// MF) and during an attack's morale checks (0x80|r).
const tagGroup = 0x40

// mergeResolve is the Stack's merge hook (asl.Stack.SetMerge) while an
// attack of round t.round is resolved, at step k of its morale checks: the
// Fire Group has already taken the attack's effect on its firers (ROF,
// breakdown, Cowering), and the IFT results hold the PTCs to come.
//
// The key holds each settled leader by what the checks to come read of
// him (asl.Stack.AppendLeadKey), and each unit not settled (a unit that
// stopped included) by what the rest of the attack reads of it
// (asl.Stack.AppendUnitResolveKey): its state and the checks it still
// takes, not where the checks stand, so that twins still moving are
// listed as a set, as between attacks (canon): two paths whose twins'
// states, MCs and PTCs to come are swapped reach one key, the order of
// the twins' checks aside, which does not change their outcomes
// (asl.Stack.AppendResolveHead). Once the MCs run, an attack's IFT
// results matter only as the PTCs that follow them (rules/asl.md §3.11,
// step 3).
func (t *trial) mergeResolve(src *sim.Source, k int) bool {
	t.settle(k)
	if src.Replaying() {
		return t.replay(src)
	}
	b := t.appendState(t.key[:0], 0x80|byte(t.round))
	b = t.st.AppendResolveHead(append(b, byte(t.settled), byte(t.settled>>8)))
	n := t.st.Len()
	kb := t.ukey[:0]
	for i := range n {
		t.uoff[i] = len(kb)
		if t.settled&(1<<i) == 0 {
			kb = t.st.AppendUnitResolveKey(kb, i, k, &t.res)
		} else {
			kb = t.st.AppendLeadKey(kb, i)
		}
	}
	t.uoff[n] = len(kb)
	t.ukey = kb
	at := t.canon(func(i int) bool { return !t.p.fixed && !t.st.Raises(i) })
	for i := range n {
		u := at[i]
		b = append(b, kb[t.uoff[u]:t.uoff[u+1]]...)
	}
	b = t.st.AppendResolveTail(b)
	if t.round+1 == t.p.steps[t.step].shots {
		return t.declare(src, append(b, 0)) // the last round: no Fire Group to come
	}
	return t.declare(src, t.fg.appendKey(b, false, t.round+2 == t.p.steps[t.step].shots))
}

// appendState appends the point of the crossing (the Location and tag),
// the S? still to check, the Long Range DR and which units still move,
// with the Location a stopped one reached; it sets the counts' bases.
func (t *trial) appendState(b []byte, tag byte) []byte {
	k := t.step
	b = append(b, byte(k), tag, byte(t.longRange))
	var bits byte
	for j, sq := range t.p.ahead[k] {
		bits |= byte(boolInt(t.checked[sq])) << (j % 8)
		if j%8 == 7 {
			b, bits = append(b, bits), 0
		}
	}
	b = append(b, bits)
	t.settleCounts(true)
	for i := range t.st.Len() {
		b = append(b, byte(boolInt(t.present[i])))
	}
	return append(b, byte(boolInt(t.held)|boolInt(t.moving)<<1))
}

// appendUnits appends the state of every unit still moving. A unit that
// stopped was recorded when it stopped (trial.run): nothing it does is
// left to come, and the morale rules read nothing of it, a leader who
// stayed behind included (he leads and keeps a Green unit from being
// Inexperienced only where he stands: A10.7, A19.3). The Stack's own key
// during an attack (mergeResolve) still holds every unit that stopped.
//
// Twins still moving are appended as a set (canon).
func (t *trial) appendUnits(b []byte) []byte {
	n := t.st.Len()
	if !t.p.twins {
		for i := range n {
			if t.present[i] {
				b = t.st.AppendKey(b, i)
			}
		}
		return b
	}
	kb := t.ukey[:0]
	for i := range n {
		t.uoff[i] = len(kb)
		if t.present[i] {
			kb = t.st.AppendKey(kb, i)
		}
	}
	t.uoff[n] = len(kb)
	t.ukey = kb
	at := t.canon(nil)
	for i := range n {
		u := at[i]
		b = append(b, kb[t.uoff[u]:t.uoff[u+1]]...)
	}
	return b
}

// canon puts the twins still moving (twinsOf) in a canonical order, by
// their keys: unit i's is t.ukey[t.uoff[i]:t.uoff[i+1]]. The places of a
// set's units still moving take their keys in order, least first; at[i]
// is the unit whose key goes in place i (i itself for any other unit).
// When that moves a unit to another's place, t.perm maps the unit's
// metrics to that place's, for declare to hand the engine. A unit that
// free, when given, refuses keeps its place.
func (t *trial) canon(free func(i int) bool) (at [asl.MaxUnits]int8) {
	n := t.st.Len()
	for i := range n {
		at[i] = int8(i)
	}
	if !t.p.twins {
		return at
	}
	kb := t.ukey
	unit := func(i int8) []byte { return kb[t.uoff[i]:t.uoff[i+1]] }
	for i := range n {
		if t.p.twin[i] != int8(i) {
			continue
		}
		// The set whose first unit is i: its units still moving, in order
		// of their places; each place in turn takes the least key left.
		var places [asl.MaxUnits]int8
		m := 0
		for j := i; j < n; j++ {
			if t.p.twin[j] == int8(i) && t.present[j] && (free == nil || free(j)) {
				places[m] = int8(j)
				m++
			}
		}
		for a := 1; a < m; a++ {
			u := at[places[a]]
			c := a
			for ; c > 0 && bytes.Compare(unit(at[places[c-1]]), unit(u)) > 0; c-- {
				at[places[c]] = at[places[c-1]]
			}
			at[places[c]] = u
		}
	}
	t.swapped = false
	for i := range n {
		u := int(at[i])
		if u == i {
			continue
		}
		t.swapped = true
		for f := range unitMetrics {
			t.perm[t.p.m.targets+unitMetrics*u+f] = int32(t.p.m.targets + unitMetrics*i + f)
		}
	}
	return at
}

// unitMetrics is the number of metrics of each moving unit (recordUnit).
const unitMetrics = 4

// twinsOf finds the units of the stack that may trade states in the
// merge keys: units of one counter, the same in every field, none a
// leader (whose order in the Location's checks is by his ML: two leaders
// of one ML check in the order of the stack). A unit's twin is the first
// unit of its set, itself for the first; -1 for a unit in no set of two.
func twinsOf(stack []asl.Unit) (twin [asl.MaxUnits]int8, any bool) {
	for i := range twin {
		twin[i] = -1
	}
	for i, u := range stack {
		if u.Kind == asl.Leader || twin[i] >= 0 {
			continue
		}
		for j := i + 1; j < len(stack); j++ {
			if stack[j] == u {
				twin[i], twin[j], any = int8(i), int8(i), true
			}
		}
	}
	return twin, any
}

// declare hands the key to the engine, keeping its buffer for the next;
// with the permutation of the twins' metrics appendUnits made, if any.
func (t *trial) declare(src *sim.Source, key []byte) bool {
	t.key = key
	if !t.swapped {
		t.stop = src.MergeCounts(key, t.base)
		return t.stop
	}
	t.stop = src.MergePermuted(key, t.base, t.perm)
	t.swapped = false
	for m := t.p.m.targets; m < len(t.perm); m++ {
		t.perm[m] = int32(m)
	}
	return t.stop
}

// replay passes a merge point the engine knows from the paths before,
// with no key (sim.Source.Replaying). The counts that are final here are
// still recorded here, as on those paths.
func (t *trial) replay(src *sim.Source) bool {
	t.settleCounts(false)
	t.stop = src.MergeCounts(nil, t.base)
	return t.stop
}

// appendKey appends what the Fire Group's later rounds depend on, the
// same for Fire Groups that will fire alike: only the firers that will
// fire again, each by what it fires with, in a fixed order. first says
// the first round is still to come, where every firer fires at full FP
// (S13); after it, a firer fires again at full FP if it kept ROF, once at
// half FP with B#−2 if it may still make its Subsequent First Fire, and
// never otherwise. The FP and B# of a round, and whether a firer fired in
// it, are worked out afresh each round.
//
// Before the last round only the round's IFT column matters, and
// whether and how far it cowers: what the firers keep after it is never
// used. Before another, each firer to fire is keyed with whether it is
// subject to Cowering and Green (S13, S22, S29), unless a leader directs
// the Fire Group (S11). Who leads it, whether it fires from close range
// (S24) and its Hindrance are keyed in every round.
func (g *fireGroup) appendKey(b []byte, first, last bool) []byte {
	start := len(b)
	b = append(b, 0, byte(g.lead), byte(boolInt(g.close)<<1), byte(g.hind))
	led := g.lead <= 0
	if last {
		total := 0.0
		cower, green := false, false
		for _, f := range g.f[:g.n] {
			switch {
			case first || f.keep && !f.done:
				total += f.fp
			case !f.done && f.normal && !f.sff:
				total += f.fp / 2
			default:
				continue
			}
			cower, green = cower || f.cower, green || f.green
		}
		if total < 1 {
			return append(b[:start], 0) // S10: no attack
		}
		b[start] = 0x80 | byte(asl.ColumnFor(total))
		if !led {
			b[start+2] |= byte(boolInt(green) | boolInt(cower)<<2)
		}
		return b
	}
	n := 0
	for _, f := range g.f[:g.n] {
		var how byte
		switch {
		case first:
			how = 1 | byte(boolInt(f.normal))<<1
		case f.done:
			continue
		case f.keep:
			how = 4
		case f.normal && !f.sff:
			how = 8 // the ROF it would keep no longer matters (S22)
		default:
			continue // done after this round without firing
		}
		rof := f.rof
		if how == 8 {
			rof = 0
		}
		if !led {
			how |= byte(boolInt(f.cower)<<4 | boolInt(f.green)<<5)
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f.fp))
		b = append(b, byte(rof), byte(f.b), how)
		n++
	}
	if n == 0 {
		return append(b[:start], 0) // no attack to come: who would lead it does not matter
	}
	b[start] = byte(n)
	sortRecords(b[start+4:], firerKeySize)
	return b
}

// firerKeySize is the size of one firer's record in a Fire Group's key.
const firerKeySize = 11

// sortRecords sorts the records of size n that make up b, in place (an
// insertion sort: a Fire Group has few firers).
func sortRecords(b []byte, n int) {
	var tmp [firerKeySize]byte
	for i := n; i < len(b); i += n {
		copy(tmp[:n], b[i:i+n])
		j := i
		for ; j > 0 && bytes.Compare(b[j-n:j], tmp[:n]) > 0; j -= n {
			copy(b[j:j+n], b[j-n:j])
		}
		copy(b[j:j+n], tmp[:n])
	}
}

// The counts recorded at the end, as bits of a mask: checked, activated,
// dummies, then generated.TYPE in Item order.
const (
	countChecked = iota
	countActivated
	countDummies
	countGenerated
	numCounts = countGenerated + int(numItems)
)

// count is count c's value now, and its metric.
func (t *trial) count(c int) (n, metric int) {
	switch c {
	case countChecked:
		return t.nChecked, t.p.m.checked
	case countActivated:
		return t.nActivated, t.p.m.checked + 1
	case countDummies:
		return t.nDummies, t.p.m.checked + 2
	}
	return t.gen[c-countGenerated], t.p.m.generated + c - countGenerated
}

// settleCounts records each count that no check still to come can add to,
// once: it is final, and is left out of the bases and of the record at
// the end (t.final), so that the engine keeps one outcome for it where a
// base would keep one per value. With bases, it sets the base of each
// count still open; a replayed merge point needs none.
func (t *trial) settleCounts(bases bool) {
	var open uint16
	for _, sq := range t.p.ahead[t.step] {
		if !t.checked[sq] {
			open |= t.p.adds[sq]
		}
	}
	for todo := ^open &^ t.final & (1<<numCounts - 1); todo != 0; todo &= todo - 1 {
		c := bits.TrailingZeros16(todo)
		n, m := t.count(c)
		t.rec.Set(m, n)
		t.final |= 1 << c
	}
	if !bases {
		return
	}
	for c := range numCounts {
		n, m := t.count(c)
		if open&(1<<c) == 0 {
			n = 0
		}
		t.base[m] = n
	}
}

// addsOf is, per S?, the counts that checking it can add to, at any
// Location where it is eligible.
func (p *plan) addsOf() []uint16 {
	adds := make([]uint16, len(p.c.SQ))
	for _, sp := range p.steps {
		for _, l := range sp.listings {
			a := uint16(1) << countChecked
			for i, pr := range l.gen.profiles {
				if w, _ := l.gen.dist.Weight(i); w == 0 {
					continue
				}
				if !pr.act {
					a |= 1 << countDummies
					continue
				}
				a |= 1 << countActivated
				for it, n := range pr.counts {
					if n > 0 {
						a |= 1 << (countGenerated + it)
					}
				}
			}
			adds[l.sq] |= a
		}
	}
	return adds
}

// aheadSQ lists, for each Location, the S? eligible there or at a later
// one: the only ones whose being checked still matters.
func (p *plan) aheadSQ() [][]int {
	ahead := make([][]int, len(p.steps))
	seen := make([]bool, len(p.c.SQ))
	for k := len(p.steps) - 1; k >= 0; k-- {
		for _, l := range p.steps[k].listings {
			seen[l.sq] = true
		}
		for sq, ok := range seen {
			if ok {
				ahead[k] = append(ahead[k], sq)
			}
		}
	}
	return ahead
}

// settle records, during the crossing's last attack, the moving units the
// rest of it leaves as they stand (asl.Stack.Settled) at step k of its
// morale checks, and takes them out of the moving units, so that the keys
// from here on hold, for all of them, only whether one counts for
// good_order here and whether one moves on, and, for a leader, what the
// checks to come read of him. Paths that differ only in how such a unit
// fared meet. It is the last attack when it is the Fire
// Group's last round and every S? eligible here or further on has been
// checked: no attack, and no morale check, can follow, so a unit in Good
// Order moves on to the last Location and any other stops here. It runs
// on every merged path, replayed or not, as the records it makes are the
// trial's.
func (t *trial) settle(k int) {
	if t.round+1 != t.p.steps[t.step].shots {
		return
	}
	for _, sq := range t.p.ahead[t.step] {
		if !t.checked[sq] {
			return
		}
	}
	for i := range t.st.Len() {
		if !t.present[i] || !t.st.Settled(i, k, &t.res) {
			continue
		}
		f := t.st.Fate(i)
		t.reached[i] = int8(t.step)
		if f == asl.GoodOrder {
			t.reached[i] = int8(len(t.p.steps) - 1)
		}
		t.recordUnit(t.rec, i)
		t.present[i] = false
		t.settled |= 1 << i
		t.held = t.held || f == asl.GoodOrder || f == asl.Pinned
		t.moving = t.moving || f == asl.GoodOrder
	}
}
