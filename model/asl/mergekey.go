package asl

import "github.com/sapperhq/sapper/sim"

// Merge keys of exact mode (sim.Source.Merge).
//
// While the target Location's IFT results are being applied, the rest of a
// trial depends only on where resolve stands (which unit checks next, the
// MCs still pending, or the event being resolved and those queued), the
// state of every unit there not yet retired (settle.go), and the effects
// already decided (the Original DR, which sets the IFT results, Flame and
// everything recorded from the outcome; Rubble and SW counts). Two paths
// that reach the same key go on identically, so the engine walks the rest
// once.

// merge is a DC's target Location's merge hook. The throwers' Location is
// still as it started, and the DC user's chain was recorded before the
// attack. What Flame reads (effects.flameDue) needs no place here: alone,
// the attack meets every target, so the Original DR (and a Gun it
// eliminates) decides it; a plan's later attack meets what the earlier
// left, and its key holds it (planTrial.mergeIn).
func (t *dcTrial) merge(src *sim.Source, k int) bool {
	if src.Replaying() {
		return src.Merge(nil) // a state the engine knows from the paths before
	}
	e := &t.e
	t.key = append(t.target.appendResolveKey(t.key[:0], k), byte(e.detonation), byte(e.orig),
		flagBits(e.entered, e.rubble, e.collapse, e.falls, e.wholeLocationKilled), byte(e.swLost), byte(e.swMalf))
	return src.Merge(t.key)
}

// merge is a fire attack's merge hook: the effects decided before the
// units are attacked are the Original DR (with its doubles) and Table 23's
// Shellhole; alone, the attack meets every target, so the Original DR
// decides its Flame too (fireEffects.flameDue, held by a plan's key).
func (t *fireTrial) merge(src *sim.Source, k int) bool {
	if src.Replaying() {
		return src.Merge(nil) // a state the engine knows from the paths before
	}
	t.key = append(t.target.appendResolveKey(t.key[:0], k), t.orig, flagBits(t.e.shellhole))
	return src.Merge(t.key)
}

// appendResolveKey appends where resolve stands at step k and the
// Location's state.
func (l *loc) appendResolveKey(b []byte, k int) []byte {
	return l.appendKey(l.appendResolvePos(b, k))
}

// appendResolvePos appends where resolve stands at step k: the units
// still to check, in their order, with the MCs pending, or the
// after-attack event being resolved. The units are named, not only
// counted: the order was fixed from the Location as the attack, or the
// event, began (sortOrder), and two states met at one step may have come
// from Locations that ordered their checks apart.
func (l *loc) appendResolvePos(b []byte, k int) []byte {
	if !l.inEvent {
		b = append(b, byte(k))
		for _, oi := range l.order[k:l.n] {
			b = append(b, byte(oi), byte(l.mc[oi]))
		}
	} else {
		b = append(b, 64+byte(k), byte(l.cur.kind), byte(l.cur.from), byte(l.cur.ml), byte(l.cur.mod))
		for _, oi := range l.order[k:l.n] {
			b = append(b, byte(oi))
		}
	}
	return b
}

// appendKey appends the Location's state: its units still in play (the
// retired ones were recorded already and count only as out or not), and
// its after-attack queue.
func (l *loc) appendKey(b []byte) []byte {
	b = append(b, byte(l.n), flagBits(l.hobTriggered), byte(l.retired), byte(l.retired>>8), byte(l.retiredOut))
	for i := range l.n {
		if l.retired&(1<<i) == 0 {
			b = l.u[i].appendKey(b)
		}
	}
	for _, e := range l.events[l.head:l.tail] {
		b = append(b, byte(e.kind), byte(e.from), byte(e.ml), byte(e.mod))
	}
	return b
}

// appendKey appends every field of the unit's state.
func (u *unit) appendKey(b []byte) []byte {
	return append(b, byte(u.kind), byte(u.ml), byte(u.bml), byte(u.mod), byte(u.elr), byte(u.class), byte(u.sw), byte(u.group),
		flagBits(u.fanatic, u.under, u.hobOK, u.broken, u.pinned, u.berserk, u.heroic, u.wounded),
		flagBits(u.elim, u.prisoner, u.reduced, u.replaced, u.byKIA, u.berserkTCDone))
}

// flagBits packs up to eight flags into a byte.
func flagBits(flags ...bool) byte {
	var b byte
	for i, f := range flags {
		if f {
			b |= 1 << i
		}
	}
	return b
}

// AppendKey appends unit i's state, for the merge key of a model of
// another game that resolves its fire on the Stack: between two attacks
// the Stack holds nothing else (the after-attack queue is empty and each
// attack starts its own MCs), so two paths whose units stand alike go on
// alike. A unit eliminated or captured counts only by its fate and its
// group (an after-attack event it raised reads it); nothing else of it is
// ever read again.
func (s *Stack) AppendKey(b []byte, i int) []byte {
	if u := &s.cur.u[i]; u.gone() {
		return append(b, 0xFF, byte(u.fate()), byte(u.group))
	}
	return s.cur.u[i].appendKey(b)
}

// SetMerge sets the hook Resolve asks, in exact mode, before each morale
// check and each check of an after-attack event, whether the rest of the
// trial is already known (sim.Source.Merge); k is where Resolve stands,
// for AppendUnitResolveKey and Settled.
func (s *Stack) SetMerge(merge func(src *sim.Source, k int) bool) { s.cur.merge = merge }

// The merge key of an attack that Resolve is applying, for a merge hook
// that lists the units in an order of its own (units of one counter whose
// states it sorts): AppendResolveHead, then AppendUnitResolveKey for each
// unit it keeps, then AppendResolveTail. Each unit's part holds all the
// rest of the attack reads of it, so a hook may list two units that are
// not leaders in either order: their checks read only their own state
// and the leaders' (whose checks come first, A10.2), change only their
// own state, and raise no after-attack event, so the checks still to come
// of two such units give the same outcomes taken in either order.

// AppendResolveHead appends where Resolve stands: applying the MCs and
// PTCs, or resolving an after-attack event, and which. Whether Heat of
// Battle was triggered is not in it: nothing a Stack resolves reads it,
// and a Stack does not report it.
func (s *Stack) AppendResolveHead(b []byte) []byte {
	l := &s.cur
	if l.inEvent {
		return append(b, 1, byte(l.cur.kind), byte(l.cur.from), byte(l.cur.ml), byte(l.cur.mod))
	}
	return append(b, 0)
}

// AppendUnitResolveKey appends what the rest of the attack Resolve is
// applying with IFT results res reads of unit i at step k: the MC it
// still takes (its DRM, the check order placing it at k or later) and
// whether it still takes a PTC, or, while an after-attack event is being
// resolved, whether it takes that event's check; then its state as
// AppendKey gives it. A unit gone takes no check.
func (s *Stack) AppendUnitResolveKey(b []byte, i, k int, res *[Slots]IFT) []byte {
	l := &s.cur
	var mc, ptc byte
	later := int(l.pos[i]) >= k
	switch {
	case !l.inEvent:
		if later {
			mc = byte(l.mc[i])
		}
		ptc = byte(b2i(res[i] == PTC && !l.u[i].gone()))
	case later && l.touches(l.cur, i):
		mc = 1
	}
	return s.AppendKey(append(b, mc, ptc), i)
}

// AppendResolveTail appends the after-attack events queued.
func (s *Stack) AppendResolveTail(b []byte) []byte {
	l := &s.cur
	for _, e := range l.events[l.head:l.tail] {
		b = append(b, byte(e.kind), byte(e.from), byte(e.ml), byte(e.mod))
	}
	return b
}

// Raises reports whether unit i raised the after-attack event being
// resolved or one queued: the events name their units by place, so a
// merge hook must then key unit i in its own place.
func (s *Stack) Raises(i int) bool {
	l := &s.cur
	if l.inEvent && int(l.cur.from) == i {
		return true
	}
	for _, e := range l.events[l.head:l.tail] {
		if int(e.from) == i {
			return true
		}
	}
	return false
}

// Settled reports whether unit i, in play, is settled at step k of the
// attack Resolve is applying with IFT results res: it takes no further
// check, and no check to come can raise an event that would reach it, so
// it leaves this attack as it stands now. It is the rule Resolve itself
// retires units by, leaders included. For a merge hook whose model attacks the
// unit no more: it may record the unit now and leave it out of its keys,
// but for what the checks to come still read of a leader
// (AppendLeadKey).
func (s *Stack) Settled(i, k int, res *[Slots]IFT) bool {
	l := &s.cur
	if l.u[i].gone() {
		return false
	}
	for j := range l.n {
		if _, raises := l.future(j, k, res); raises {
			return false
		}
	}
	checks, _ := l.future(i, k, res)
	return !checks
}

// AppendLeadKey appends what the rest of the attack reads of unit i once
// it is settled (Settled): nothing of a unit that is not a leader; of a
// leader, whether he leads, and with what ML and modifier (A10.7,
// A10.22), whether he stands unbroken in play, which keeps a Green unit
// from being Inexperienced (A19.3), and his group, which the after-attack
// events he raised read.
func (s *Stack) AppendLeadKey(b []byte, i int) []byte {
	u := &s.cur.u[i]
	switch {
	case u.kind != Leader:
		return b
	case u.canLead():
		return append(b, 1, byte(u.group), byte(u.curML()), byte(u.curMod()))
	}
	return append(b, flagBits(false, !u.gone() && !u.broken), byte(u.group))
}
