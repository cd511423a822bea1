package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// loc is one Location's Personnel during one attack, with the queue of
// after-attack events (rules/asl.md §8.45).
type loc struct {
	u     [Slots]unit
	n     int
	order [Slots]int8 // check order: leaders by current ML, highest first, then the rest (A10.2; sortOrder)
	rules locRules

	events     [4 * Slots]event
	head, tail int

	// hobTriggered: some MC of this attack had an Original 2 on a unit
	// subject to Heat of Battle (A15.1), whether or not HoB is resolved.
	hobTriggered bool

	// tab, when set, draws each unit's MC whole from its check table
	// (checktable.go); nil in a Location with a leader.
	tab *checkTables

	// pos is each unit's step in the check order; leaders counts the
	// leaders first in it, whose order may need fixing again (sortOrder)
	// only when there are two.
	pos     [Slots]int8
	leaders int8

	// spawned counts the heroes MMCs created by Heat of Battle (A15.21)
	// since it was last reset; one attack leaves them out (§8.26), a plan
	// adds them to the Location for its later attacks (§8.64).
	spawned int8

	// cur is the after-attack event being resolved while inEvent is set.
	cur     event
	inEvent bool

	// merge, when set, is asked at each checkpoint (settle.go) whether the
	// rest of the trial is already known (sim.Source.Merge).
	merge func(src *sim.Source, k int) bool

	// mc holds resolve's pending MCs: DRM + 1 per unit, 0 for none.
	mc [Slots]int8

	// rec, when set, is where the Location's units are recorded, from
	// metric recBase on, three metrics each (fate, reduced, replaced).
	// A unit is recorded and retired (its bit in retired) as soon as no
	// later step of the trial can change it; retiredOut counts those out
	// of the fight. Retired units drop out of the merge key, which is what
	// lets paths that differ only in settled units merge.
	rec        *sim.Record
	recBase    int
	retired    uint16
	retiredOut int8
}

// locRules are the Heat of Battle circumstances of the Location
// (rules/asl.md §8.26).
type locRules struct {
	hob        bool // Heat of Battle applies at all
	acceptBH   bool
	knownEnemy bool // berserk possible (A15.44)
	surrender  bool // an ADJACENT Known Good Order armed enemy (A15.5)

	reversePos     bool // §8.46 switched: a positive modifier reversed too
	berserkChain   bool // §8.50
	leadersElite   bool // §8.51
	fanaticBerserk bool // §8.52

	// heroesRead: a hero a MMC creates is read after the attack, as a
	// plan's later attacks and its count do (rules/asl.md §8.64), so the
	// Heat of Battle bands that create one stay apart from those that do
	// not (hobRollMMC).
	heroesRead bool
}

type eventKind uint8

const (
	llmc      eventKind = iota // a leader was eliminated (A10.2)
	lltc                       // an unbroken leader broke (A10.2)
	berserkTC                  // a leader went berserk (A15.41)
)

// event is an after-attack check, with the leader who caused it as he
// stood when it arose (rules/asl.md §8.46).
type event struct {
	kind    eventKind
	from    int8
	ml, mod int8
}

// setup fills the Location from its counters and fixes the check order.
func (l *loc) setup(units []Unit, defaultELR int, r locRules) {
	l.n = len(units)
	l.rules = r
	for i, u := range units {
		l.u[i] = newUnit(u, defaultELR)
	}
	l.sortOrder()
}

// sortOrder fixes the check order for an attack on the Location as it
// stands (A10.2, rules/asl.md §3.5): leaders first, highest ML first, the
// ML being the one a check is made against (curML: a wounded leader's one
// lower, a broken one's his broken side, a berserk one's 10), then the
// other units as given. Leaders of one ML, who cannot help each other
// (A10.22, §8.25), keep their printed ML's order, then the order given:
// the order is a function of the units' state alone, as the merge keys
// that list the pending checks in it need.
func (l *loc) sortOrder() {
	k := 0
	for i := range l.n {
		if l.u[i].kind == Leader {
			l.order[k] = int8(i)
			k++
		}
	}
	l.leaders = int8(k)
	leaders := l.order[:k]
	// Insertion sort: a Location holds a few leaders.
	for a := 1; a < len(leaders); a++ {
		for b := a; b > 0 && l.checksBefore(int(leaders[b]), int(leaders[b-1])); b-- {
			leaders[b], leaders[b-1] = leaders[b-1], leaders[b]
		}
	}
	for i := range l.n {
		if l.u[i].kind != Leader {
			l.order[k] = int8(i)
			k++
		}
	}
	for k, i := range l.order[:l.n] {
		l.pos[i] = int8(k)
	}
}

// checksBefore reports whether leader i checks before leader j (sortOrder).
func (l *loc) checksBefore(i, j int) bool {
	a, b := &l.u[i], &l.u[j]
	if ma, mb := a.curML(), b.curML(); ma != mb {
		return ma > mb
	}
	if a.ml != b.ml {
		return a.ml > b.ml
	}
	return i < j
}

// ordered reports whether the check order is still sortOrder's: the
// leaders' states may have changed since it was fixed, by an earlier
// attack on the Location (a wound, a break, Heat of Battle). One leader
// or none is always in order, and asks nothing of the hot loops.
func (l *loc) ordered() bool {
	return l.leaders < 2 || l.leadersOrdered()
}

// leadersOrdered is ordered for two leaders or more.
func (l *loc) leadersOrdered() bool {
	for k := 1; k < int(l.leaders); k++ {
		if !l.checksBefore(int(l.order[k-1]), int(l.order[k])) {
			return false
		}
	}
	return true
}

// restart makes l the starting state s again for a new trial, copying
// only the units in play: the whole struct is mostly empty queue.
func (l *loc) restart(s *loc) {
	l.n, l.rules, l.order, l.pos, l.leaders = s.n, s.rules, s.order, s.pos, s.leaders
	l.inEvent = false
	copy(l.u[:s.n], s.u[:s.n])
	l.head, l.tail = 0, 0
	l.hobTriggered = false
	l.retired, l.retiredOut = 0, 0
}

// leaderDRM is the leadership DRM unit i receives on a MC or TC: the best
// (most negative) modifier of an eligible leader in the Location, which is
// mandatory even when positive, or 0 if none is eligible (A10.7, A10.72,
// rules/asl.md §8.25). A leader never uses his own modifier and takes
// another's only from a strictly higher ML (A10.22); berserk units receive
// none (A15.42).
func (l *loc) leaderDRM(i int) int {
	me := &l.u[i]
	if me.berserk {
		return 0
	}
	best, found := 0, false
	for j := range l.n {
		ld := &l.u[j]
		if j == i || !ld.canLead() || ld.group != me.group {
			continue
		}
		if me.kind == Leader && ld.curML() <= me.curML() {
			continue
		}
		if m := ld.curMod(); !found || m < best {
			best, found = m, true
		}
	}
	return best
}

// snapshot is what a check's after-attack events need of the unit as it
// stood before the check.
type snapshot struct {
	broken bool
	ml     int8
	mod    int8
}

func (l *loc) snap(i int) snapshot {
	u := &l.u[i]
	return snapshot{broken: u.broken, ml: int8(u.curML()), mod: int8(u.curMod())}
}

// settle queues the events a leader's change of state causes: LLMC when he
// is eliminated, LLTC when an unbroken leader broke or surrendered (A10.2,
// rules/asl.md §8.44), judged once his whole check is resolved.
func (l *loc) settle(i int, before snapshot) {
	u := &l.u[i]
	if u.kind != Leader {
		return
	}
	switch {
	case u.elim:
		l.push(event{kind: llmc, from: int8(i), ml: before.ml, mod: before.mod})
	case !before.broken && (u.broken || u.prisoner):
		l.push(event{kind: lltc, from: int8(i), ml: before.ml, mod: before.mod})
	}
}

func (l *loc) push(e event) {
	if l.tail == len(l.events) {
		panic("asl: after-attack event queue overflow")
	}
	l.events[l.tail] = e
	l.tail++
}

// wound applies a wound to SMC i (A17): the Wound Severity dr is mortal on
// a Final 5–6, +1 when already wounded (A17.11) and +extra (a Casualty MC on
// a hero or berserk leader). A surviving wound costs 1 ML and one step of
// modifier, once only (A17.3).
func (l *loc) wound(src *sim.Source, i, extra int) {
	u := &l.u[i]
	d := min(b2i(u.wounded)+extra, len(severity)-1)
	if src.Pick(severity[d]) == 1 {
		u.elim = true
		return
	}
	if !u.wounded {
		u.wounded = true
		u.reduced = true
	}
}

// reduce applies Casualty Reduction (A7.302): a squad becomes a HS of the
// same status (its broken side one ML lower, A1.122), a HS or crew is
// eliminated, a SMC is wounded.
func (l *loc) reduce(src *sim.Source, i int) {
	u := &l.u[i]
	switch u.kind {
	case Squad:
		u.kind = HalfSquad
		u.bml--
		u.reduced = true
	case HalfSquad, Crew:
		u.elim = true
	default:
		l.wound(src, i, 0)
	}
}

// breakUnit breaks a unit; it can no longer be pinned (A7.8 applies to
// unbroken units).
func (u *unit) breakUnit() {
	u.broken = true
	u.pinned = false
}

// replace applies ELR Replacement (A19.13, rules/asl.md §8.47, §8.49): a
// MMC keeps its ML, drops one Class and is marked replaced (an underscored
// squad becoming two HS included); a Fanatic MMC drops one step, to Elite
// and no longer Fanatic; a Conscript, with no Class below, an underscored
// HS, or a leader with no grade below is Disrupted instead (A19.12), which
// changes nothing modeled here; a leader drops one grade.
func (u *unit) replace() {
	switch u.kind {
	case Squad, HalfSquad:
		if u.kind == HalfSquad && u.under {
			return
		}
		if u.fanatic {
			u.fanatic = false
			u.replaced = true
			return
		}
		if c, ok := classDown(u.class); ok {
			u.class = c
			u.replaced = true
		}
	case Leader:
		if g, ok := gradeDown(grade{u.ml, u.mod}); ok {
			u.regrade(g)
			u.replaced = true
		}
	}
}

// regrade makes a leader grade g; his broken side moves with his ML.
func (u *unit) regrade(g grade) {
	u.bml = min(u.bml+g.ml-u.ml, 10)
	u.ml, u.mod = g.ml, g.mod
}

// moraleCheck resolves a MC on unit i (A10) at DRM drm (the IFT's #, or
// the LLMC DRM), with the leadership DRM when lead is set, and pinning on
// Final = ML when ift is set (A7.8 pins on IFT-caused MCs only).
func (l *loc) moraleCheck(src *sim.Source, i, drm int, lead, ift bool) {
	if l.u[i].gone() {
		return
	}
	before := l.snap(i)
	if lead {
		drm += l.leaderDRM(i)
	}
	l.applyMC(src, i, drm, ift, before, l.mcRoll(i, drm).Roll(src))
}

// mcRoll is the coarse Original DR of unit i's MC at total DRM drm: its
// classes are what the rules tell apart (mcRoll in rolls.go).
func (l *loc) mcRoll(i, drm int) dice.Coarse {
	u := &l.u[i]
	elr := int(u.elr)
	if u.broken || u.heroic || u.berserk {
		elr = -1 // A19.11: never Replaced
	}
	if elr < 0 || elr > noELR {
		elr = noELR
	}
	return mcRoll[clampT(u.curML()-drm)][elr]
}

// applyMC resolves unit i's MC from its Original DR orig at total DRM
// drm; before is the unit as the check began.
func (l *loc) applyMC(src *sim.Source, i, drm int, ift bool, before snapshot, orig int) {
	u := &l.u[i]
	ml := u.curML()
	final := orig + drm
	switch {
	case u.broken:
		// A10.3, A10.31: a broken unit is eliminated by an Original 12 and
		// Casualty Reduced by a failure; it is never pinned or Replaced.
		if orig == 12 {
			u.elim = true
		} else if final > ml {
			l.reduce(src, i)
		}
	case orig == 12:
		l.casualtyMC(src, i, final-ml)
	case final < ml:
	case final == ml:
		if ift && u.canPin() {
			u.pinned = true
		}
	default:
		l.failMC(src, i, final-ml)
	}
	if orig == 2 && u.hobOK && !u.heroic && !u.berserk && !u.gone() {
		l.hobTriggered = true
		if l.rules.hob {
			l.heatOfBattle(src, i)
		}
	}
	l.settle(i, before)
}

// casualtyMC resolves an Original 12 on an unbroken unit's MC (A10.31,
// rules/asl.md §8.28): ELR Replacement first if the failure exceeds the
// ELR, then Casualty Reduction and the unit breaks. A hero or berserk SMC
// is wounded at +1 instead (a wounded hero is eliminated, §8.48); a unit
// that cannot break is eliminated.
func (l *loc) casualtyMC(src *sim.Source, i, margin int) {
	u := &l.u[i]
	if u.kind.SMC() && (u.heroic || u.berserk) {
		if u.heroic && u.wounded {
			u.elim = true
			return
		}
		l.wound(src, i, 1)
		return
	}
	if !u.canBreak() {
		u.elim = true
		return
	}
	if u.elr >= 0 && margin > int(u.elr) {
		u.replace()
	}
	l.reduce(src, i)
	if !u.elim {
		u.breakUnit()
	}
}

// failMC resolves a failed MC of an unbroken unit (A10.3): it breaks, ELR
// Replaced first when the failure exceeds its ELR (A19.13); a hero is
// wounded and a wounded hero eliminated (A15.2); a berserk unit is Casualty
// Reduced (A15.42).
func (l *loc) failMC(src *sim.Source, i, margin int) {
	u := &l.u[i]
	switch {
	case u.heroic:
		if u.wounded {
			u.elim = true
		} else {
			l.wound(src, i, 0)
		}
	case u.berserk:
		l.reduce(src, i)
	default:
		if u.elr >= 0 && margin > int(u.elr) {
			u.replace()
		}
		u.breakUnit()
	}
}

// heatOfBattle resolves the HoB DR after a MC's Original 2 (A15.1,
// rules/asl.md §8.26, §8.40). The DRM is the unit's Class DRM as it stands
// now (§8.49: Elite and Fanatic −1, leaders elite by A1.11 and §8.51,
// Inexperienced +1), +1 if it is broken after the MC.
func (l *loc) heatOfBattle(src *sim.Source, i int) {
	u := &l.u[i]
	d := b2i(u.broken) + b2i(l.inexperienced(i))
	if l.eliteForHoB(i) {
		d--
	}
	table := &hobRoll
	if u.kind != Leader && !l.rules.heroesRead {
		table = &hobRollMMC
	}
	final := table[min(max(d, -hobOff), hobOff)+hobOff].Roll(src) + d
	switch hobBand(final) {
	case 0:
		l.heroCreation(i)
	case 1:
		l.heroCreation(i)
		l.battleHarden(i)
	case 2:
		l.battleHarden(i)
	case 3:
		l.berserk(i)
	default:
		if u.fanatic && l.rules.fanaticBerserk {
			l.berserk(i) // A15.5, §8.52: Fanatics go berserk instead
			return
		}
		if l.rules.surrender {
			u.prisoner = true // A15.5
		}
		u.breakUnit()
	}
}

// eliteForHoB: the Elite −1 on a HoB DR is one DRM, whichever of Elite
// Class, Fanatic status or a leader's A1.11 eliteness gives it (§8.49,
// §8.51).
func (l *loc) eliteForHoB(i int) bool {
	u := &l.u[i]
	return u.class == Elite || u.fanatic || (u.kind == Leader && l.rules.leadersElite)
}

// berserk makes unit i berserk (A15.4): ML 10, rallied, unpinned; with no
// Known enemy in LOS it is Battle Hardening instead (A15.44). A leader who
// goes berserk makes his own Berserk TC after the attack (A15.41, §8.43,
// §8.50).
func (l *loc) berserk(i int) {
	if !l.rules.knownEnemy {
		l.battleHarden(i)
		return
	}
	u := &l.u[i]
	u.berserk = true
	u.broken = false
	u.pinned = false
	if u.kind == Leader {
		l.push(event{kind: berserkTC, from: int8(i), ml: int8(u.curML()), mod: int8(u.curMod())})
	}
}

// heroCreation (A15.21): a MMC spawns a hero, who is not a target of this
// attack (rules/asl.md §8.26), nor takes its LLMC or LLTC (§3.7 read with
// §8.26), so the MMC itself is unchanged (the hero is counted in
// spawned); a leader becomes heroic and rallies. A leader both made heroic
// and Battle Hardened (HoB 5–6) moves his counter's own grade up, an 8-1
// to a 9-1: heroic is a status, its ML-9 floor (§8.48) read on top, not a
// grade to harden from.
func (l *loc) heroCreation(i int) {
	u := &l.u[i]
	if u.kind != Leader {
		l.spawned++
		return
	}
	u.heroic = true
	u.broken = false
	u.pinned = false
}

// battleHarden (A15.3, rules/asl.md §8.40): the unit becomes an unbroken,
// unpinned unit one quality higher: a MMC gains 1 ML on both sides and a
// Class, a leader a grade; an elite MMC or the best leader becomes Fanatic
// (+1 ML), and a Fanatic unit gains nothing more.
func (l *loc) battleHarden(i int) {
	if !l.rules.acceptBH {
		return
	}
	u := &l.u[i]
	u.broken = false
	u.pinned = false
	if u.fanatic {
		return
	}
	if u.kind == Leader {
		if g, ok := gradeUp(grade{u.ml, u.mod}); ok {
			u.regrade(g)
			return
		}
		u.fanatic = true
	} else if c, ok := classUp(u.class); ok {
		u.class = c
	} else {
		u.fanatic = true
	}
	u.ml = min(u.ml+1, 10)
	u.bml = min(u.bml+1, 10)
}

// inexperienced: Conscripts always, Green units unless stacked with an
// unbroken leader (A19.3, rules/asl.md §8.3); they take +1 on the HoB DR.
func (l *loc) inexperienced(i int) bool {
	switch l.u[i].class {
	case Conscript:
		return true
	case Green:
		for j := range l.n {
			// Stacked with him (A19.3): in the same group, as leadership
			// (leaderDRM), not a leader left at another Location.
			if ld := &l.u[j]; j != i && ld.kind == Leader && !ld.gone() && !ld.broken && ld.group == l.u[i].group {
				return false
			}
		}
		return true
	}
	return false
}

// taskCheck resolves a NTC/TC of unit i at DRM drm and reports whether it
// passed: Final ≤ ML; an Original 12 is not special (rules/asl.md §8.2).
func (l *loc) taskCheck(src *sim.Source, i, drm int) bool {
	ml := l.u[i].curML()
	return tcDR(src, ml, drm)+drm <= ml
}

// ptc resolves a PTC on unit i (A7.305): unbroken, unpinned units that can
// be pinned take a NTC with leadership; failing pins.
func (l *loc) ptc(src *sim.Source, i int) {
	u := &l.u[i]
	if u.gone() || u.broken || u.pinned || !u.canPin() {
		return
	}
	if !l.taskCheck(src, i, l.leaderDRM(i)) {
		u.pinned = true
	}
}

// runEvents resolves the after-attack queue first in, first out; events
// raised meanwhile join its end (rules/asl.md §8.24, §8.45). It reports
// true when the merge hook stopped the trial.
func (l *loc) runEvents(src *sim.Source) (stop bool) {
	for l.head < l.tail {
		e := l.events[l.head]
		l.head++
		l.cur, l.inEvent = e, true
		// Each event's checks go in the order of the units as the
		// checks before have left them (a leader wounded or broken by
		// his MC checks at his ML now, A10.2).
		if !l.ordered() {
			l.sortOrder()
		}
		for k, oi := range l.order[:l.n] {
			i := int(oi)
			if !l.touches(e, i) {
				continue
			}
			if src.Merging() && l.checkpoint(src, k, nil) {
				l.inEvent = false
				return true
			}
			u := &l.u[i]
			switch e.kind {
			case llmc:
				// Every other unit of lower current ML takes a MC at the
				// dead leader's modifier reversed; no leadership, no pin
				// (rules/asl.md §8.24, §8.46).
				l.moraleCheck(src, i, l.leaderLossDRM(e), false, false)
			case lltc:
				// Unbroken units of lower ML take a TC; failing pins.
				if !l.taskCheck(src, i, l.leaderLossDRM(e)) {
					u.pinned = true
				}
			case berserkTC:
				// A15.41: "any other friendly units (even if broken)",
				// except those not subject to Heat of Battle, take a NTC
				// under the berserk leader's modifier; those who pass go
				// berserk, and are rallied (A15.4). A leader who passes
				// makes his own Berserk TC in turn (§8.50).
				if l.taskCheck(src, i, int(e.mod)) {
					if u.kind == Leader && l.rules.berserkChain {
						l.berserk(i)
					} else {
						u.berserk = true
						u.broken = false
						u.pinned = false
					}
				}
			}
		}
	}
	l.inEvent = false
	return false
}

// touches reports whether after-attack event e makes unit i, as it
// stands, take a check: never the leader himself, units gone, berserk
// (A15.42) or Riders, and Passengers only for their own (A10.2); a LLMC
// for every lower current ML, broken units included; a LLTC for unbroken,
// unpinned units of lower ML that can be pinned; a Berserk TC for any unit
// subject to Heat of Battle, even broken (A15.41).
func (l *loc) touches(e event, i int) bool {
	u := &l.u[i]
	if i == int(e.from) || u.gone() || u.berserk {
		return false // A10.2, A15.42, A20.54
	}
	if u.group == rider || u.group != l.u[e.from].group {
		return false
	}
	switch e.kind {
	case llmc:
		return u.curML() < int(e.ml)
	case lltc:
		return !u.broken && !u.pinned && u.canPin() && u.curML() < int(e.ml)
	}
	return u.hobOK && !u.heroic
}

// leaderLossDRM is the DRM of a LLMC or LLTC: the lost leader's negative
// modifier reversed (−1 → +1); a modifier of 0 or a positive one gives none
// (A10.2, A10.21, §3.7, §8.46), unless the switch reverses it too.
func (l *loc) leaderLossDRM(e event) int {
	if l.rules.reversePos {
		return -int(e.mod)
	}
	return max(0, -int(e.mod))
}

// selectionFor returns Random Selection of the top n among k.
func selectionFor(k, n int) *dice.Selection {
	p := &selection[k][min(n, len(selection[k])-1)]
	if sel := p.Load(); sel != nil {
		return sel
	}
	// Two workers may build it at once; one build is kept, and both are
	// the same Random Selection.
	p.CompareAndSwap(nil, dice.NewSelection(k, min(n, len(selection[k])-1)))
	return p.Load()
}
