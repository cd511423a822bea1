package asl

// unit is a Personnel unit's state during one attack. Values are the
// counter's; current values (wounds, berserk) come from the methods.
type unit struct {
	kind    Kind
	ml, bml int8 // good-order and broken-side ML, Battle Hardening included
	mod     int8 // leadership modifier (leaders)
	elr     int8 // < 0: never ELR-Replaced (crews, heroes: A19.11)
	class   Class
	fanatic bool // Battle Hardened past the top (A15.3): nothing more to gain
	under   bool // underscored ML (A19.13)
	hobOK   bool // subject to Heat of Battle at all (A15.1: not crews, heroes)
	broken  bool
	pinned  bool
	berserk bool
	// berserkTCDone: a berserk leader whose Berserk TC is behind him, as
	// one who starts the attack berserk (rules/asl.md §8.64): he gives no
	// leadership DRM and causes no new TC.
	berserkTCDone bool
	heroic        bool // a leader made heroic (A15.21) or a hero counter
	wounded       bool
	elim          bool
	prisoner      bool
	reduced       bool // Casualty Reduced by this attack (squad → HS, SMC wounded)
	replaced      bool // ELR-Replaced by this attack
	byKIA         bool // eliminated by a #KIA itself: its SW face Random SW Destruction (A9.74)
	sw            int8 // SW possessed
	// group sets a vehicle's Passengers and Riders apart from the rest of
	// their Location: leadership and leader-loss checks stay within a
	// group, and Riders take none of the latter (A10.2, A10.7).
	group unitGroup
}

// unitGroup is who a unit shares leadership and leader losses with.
type unitGroup uint8

const (
	inLocation unitGroup = iota // the Location's Personnel: the default
	passenger
	rider
)

// newUnit turns an input counter into its starting state (rules/asl.md
// §8.41 for broken-side MLs).
func newUnit(u Unit, defaultELR int) unit {
	s := unit{
		kind:    u.Kind,
		ml:      int8(u.ML),
		mod:     int8(u.Mod),
		under:   u.Underscore,
		broken:  u.Broken || u.Disrupted, // A19.12: Disrupted is broken too
		pinned:  u.Pinned,
		berserk: u.Berserk,
		wounded: u.Wounded,
		heroic:  u.Kind == Hero,
		hobOK:   u.Kind != Crew && u.Kind != Hero,
		sw:      int8(u.SW),
	}
	s.bml = int8(u.BrokenML)
	if s.bml == 0 {
		s.bml = s.ml
		if u.Kind == HalfSquad {
			s.bml-- // A1.122: a HS is one ML below a broken squad
		}
	}
	elr := u.ELR
	if elr < 0 {
		elr = defaultELR
	}
	s.elr = int8(elr)
	if u.Kind == Crew || u.Kind == Hero {
		s.elr = -1
	}
	s.class = u.Class
	s.berserkTCDone = u.Berserk && u.Kind == Leader
	return s
}

// out reports whether the unit is out of the fight: eliminated,
// surrendered or broken.
func (u *unit) out() bool { return u.elim || u.prisoner || u.broken }

// gone reports whether the unit has left the Location's fight for good.
func (u *unit) gone() bool { return u.elim || u.prisoner }

// curML is the ML a check uses (A10.4 broken side, A15.42 berserk = 10,
// A15.21 heroic at least 9, A17.3 wound −1, A.18 ceiling 10).
func (u *unit) curML() int {
	if u.broken {
		return int(u.bml) - b2i(u.wounded)
	}
	if u.berserk {
		return 10
	}
	m := int(u.ml)
	if u.heroic && u.kind == Leader {
		m = max(m, 9)
	}
	return min(m-b2i(u.wounded), 10)
}

// curMod is a leader's modifier, one step worse when wounded (A17.3).
func (u *unit) curMod() int { return int(u.mod) + b2i(u.wounded) }

// canPin: berserk and heroic units are never pinned (A7.8, A15.2, A15.42).
func (u *unit) canPin() bool { return !u.berserk && !u.heroic }

// canBreak: berserk and heroic units are never broken (A7.301).
func (u *unit) canBreak() bool { return !u.berserk && !u.heroic && !u.broken }

// canLead: an unbroken, unpinned leader in the Location gives his
// modifier (A7.831, A10.7); a berserk one keeps giving it until his
// Berserk TC (rules/asl.md §8.43), and one who starts berserk has made it
// (§8.64).
func (u *unit) canLead() bool {
	return u.kind == Leader && !u.gone() && !u.broken && !u.pinned && !u.berserkTCDone
}

// fate is the unit's reported end state, worst first.
func (u *unit) fate() Fate {
	switch {
	case u.elim:
		return Eliminated
	case u.prisoner:
		return Surrendered
	case u.broken:
		return Broken
	case u.berserk:
		return Berserk
	case u.pinned:
		return Pinned
	}
	return GoodOrder
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
