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
// attack.
func (t *dcTrial) merge(src *sim.Source, k int) bool {
	e := &t.e
	t.key = append(t.target.appendResolveKey(t.key[:0], k), byte(e.detonation), byte(e.orig),
		flagBits(e.entered, e.rubble, e.collapse, e.falls, e.wholeLocationKilled), byte(e.swLost), byte(e.swMalf))
	return src.Merge(t.key)
}

// merge is a fire attack's merge hook: the effects decided before the
// units are attacked are the Original DR (with its doubles) and Table 23's
// Shellhole.
func (t *fireTrial) merge(src *sim.Source, k int) bool {
	t.key = append(t.target.appendResolveKey(t.key[:0], k), t.orig, flagBits(t.e.shellhole))
	return src.Merge(t.key)
}

// appendResolveKey appends where resolve stands at step k and the
// Location's state.
func (l *loc) appendResolveKey(b []byte, k int) []byte {
	return l.appendKey(l.appendResolvePos(b, k))
}

// appendResolvePos appends where resolve stands at step k: the MCs still
// pending, or the after-attack event being resolved.
func (l *loc) appendResolvePos(b []byte, k int) []byte {
	if !l.inEvent {
		b = append(b, byte(k))
		for _, oi := range l.order[k:l.n] {
			b = append(b, byte(l.mc[oi]))
		}
	} else {
		b = append(b, 64+byte(k), byte(l.cur.kind), byte(l.cur.from), byte(l.cur.ml), byte(l.cur.mod))
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
// for AppendResolveKey.
func (s *Stack) SetMerge(merge func(src *sim.Source, k int) bool) { s.cur.merge = merge }

// AppendResolveKey appends where Resolve stands at step k (the checks
// still pending, or the after-attack event being resolved), every unit's
// state as AppendKey gives it, and the after-attack events queued, for
// the merge hook's key. The attack's IFT results, which set the PTCs
// still to come, are the caller's to add.
func (s *Stack) AppendResolveKey(b []byte, k int) []byte { return s.AppendResolveKeyExcept(b, k, 0) }

// AppendResolveKeyExcept is AppendResolveKey without the units of mask
// skip: those the caller has recorded already (Settled) and keeps out of
// its keys.
func (s *Stack) AppendResolveKeyExcept(b []byte, k int, skip uint32) []byte {
	l := &s.cur
	b = append(l.appendResolvePos(b, k), flagBits(l.hobTriggered))
	for i := range l.n {
		if skip&(1<<i) == 0 {
			b = s.AppendKey(b, i)
		}
	}
	for _, e := range l.events[l.head:l.tail] {
		b = append(b, byte(e.kind), byte(e.from), byte(e.ml), byte(e.mod))
	}
	return b
}

// Settled reports whether unit i, in play, is settled at step k of the
// attack Resolve is applying with IFT results res: it takes no further
// check, and no check to come can raise an event that would reach it, so
// it leaves this attack as it stands now. It is the rule retireSettled
// applies; a leader in play is never settled, since his state sets the
// leadership DRM of the checks to come. For a merge hook whose model
// attacks the unit no more: it may record the unit now and leave it out
// of its keys.
func (s *Stack) Settled(i, k int, res *[MaxUnits]IFT) bool {
	l := &s.cur
	if u := &l.u[i]; u.gone() || u.kind == Leader {
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
