package asl

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/enum"
	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/model/bound"
)

// Kind is what a Personnel counter is.
type Kind uint8

const (
	Squad Kind = iota
	HalfSquad
	Crew
	Leader
	Hero
)

var (
	kindNames = []string{"squad", "hs", "crew", "leader", "hero"}
	kindNouns = []string{"squad", "half-squad", "crew", "leader", "hero"}
)

func (k Kind) String() string { return enum.Name("Kind", kindNames, k) }

// noun names the kind in messages.
func (k Kind) noun() string {
	return enum.Name("Kind", kindNouns, k)
}

// SMC reports whether the kind is a Single Man Counter (A1.11).
func (k Kind) SMC() bool { return k == Leader || k == Hero }

// USNumber is the Unit Size Number (Glossary, A1.6): SMC 1, HS or crew 2,
// squad 3.
func (k Kind) USNumber() int {
	switch k {
	case Squad:
		return 3
	case HalfSquad, Crew:
		return 2
	}
	return 1
}

// Class is a unit's quality (A1.25), which sets its Heat of Battle DRM
// (A15.1) and, for a DC user, the X# penalty (A23.2, A19.32).
type Class uint8

const (
	FirstLine Class = iota // the default: non-elite, no DRM
	Elite
	SecondLine
	Green
	Conscript
)

var classNames = [...]string{"first", "elite", "second", "green", "conscript"}

func (c Class) String() string { return enum.Name("Class", classNames[:], c) }

// classLadder orders the Classes, lowest first (A19.13, A15.3).
var classLadder = [...]Class{Conscript, Green, SecondLine, FirstLine, Elite}

func classRank(c Class) int {
	for i, x := range classLadder {
		if x == c {
			return i
		}
	}
	return 0
}

// classDown is the Class below c; a Conscript has none (A19.12).
func classDown(c Class) (Class, bool) {
	r := classRank(c)
	if r == 0 {
		return c, false
	}
	return classLadder[r-1], true
}

// classUp is the Class above c; Elite has none (A15.3: it turns Fanatic).
func classUp(c Class) (Class, bool) {
	r := classRank(c)
	if r == len(classLadder)-1 {
		return c, false
	}
	return classLadder[r+1], true
}

// Unit is one Personnel counter, written as ASL players write it:
//
//	4-6-7              squad: FP 4, range 6, ML 7
//	hs:2-4-7           half-squad
//	crew:2-2-8         crew
//	leader:8-1         leader: ML 8, leadership modifier −1
//	leader:7+1         leader with a positive (harmful) modifier
//	hero:1-4-9         hero
//
// followed by options after commas: elr=N, broken-ml=N, class=elite|first|
// second|green|conscript, underscore (underscored ML, A19.13), the
// starting states wounded (SMC), broken, pinned, berserk and disrupted
// (rules/asl.md §7.5) or good_order (none of those: the default, said
// outright; §8.64), drm=N (a target-side DRM of this unit only, such as −1 for
// a FT it carries), concealed (this unit only), sw=N (the Support Weapons
// it possesses, for Random SW Destruction, A9.74) and sw-x (those SW have an
// X#, so a K destroys them).
type Unit struct {
	Kind       Kind  `json:"kind"`
	FP         int   `json:"fp,omitempty"`
	Range      int   `json:"range,omitempty"`
	ML         int   `json:"ml"`
	Mod        int   `json:"leadership,omitempty"` // leader modifier: −1 for an 8-1
	BrokenML   int   `json:"broken_ml"`            // 0 in input: the §8.41 default
	ELR        int   `json:"elr"`                  // −1: the attack's default (ParseUnit's); a literal's 0 is ELR 0
	Class      Class `json:"-"`
	Underscore bool  `json:"underscore,omitempty"`
	Wounded    bool  `json:"wounded,omitempty"`
	Broken     bool  `json:"broken,omitempty"`
	// Pinned, Berserk and Disrupted are starting states (rules/asl.md
	// §7.5, §8.64): a Disrupted unit is broken and Disrupted (A19.12).
	Pinned    bool `json:"pinned,omitempty"`
	Berserk   bool `json:"berserk,omitempty"`
	Disrupted bool `json:"disrupted,omitempty"`
	// InGoodOrder is the good_order option: the unit starts in Good Order,
	// as it does when no state is given. Said outright, it cannot stand
	// with another state (§8.64); a wounded SMC may be in Good Order (A17).
	InGoodOrder bool `json:"good_order,omitempty"`
	DRM         int  `json:"drm,omitempty"`
	Concealed   bool `json:"concealed,omitempty"`
	SW          int  `json:"sw,omitempty"`   // SW possessed (A9.74)
	SWX         bool `json:"sw_x,omitempty"` // its SW have an X#
	// text is the unit as typed, and typed its fields then (values): a
	// field set since makes text stale.
	text, typed string
}

// named is u shown as text: a unit of the working that no one typed.
func named(u Unit, text string) Unit {
	u.text, u.typed = text, u.values()
	return u
}

// values writes the unit's fields, text aside, to tell whether any was
// set since it was parsed (String).
func (u Unit) values() string {
	return fmt.Sprint(int(u.Kind), u.FP, u.Range, u.ML, u.Mod, u.BrokenML, u.ELR, int(u.Class), u.Underscore, u.Wounded,
		u.Broken, u.Pinned, u.Berserk, u.Disrupted, u.InGoodOrder, u.DRM, u.Concealed, u.SW, u.SWX)
}

// ReadsELR reports whether the attack's ELR applies to u: crews and
// heroes have none (A19.11), and a unit's own elr= stands over it.
func (u Unit) ReadsELR() bool { return u.Kind != Crew && u.Kind != Hero && u.ELR < 0 }

// MarshalText writes the unit as it was typed, so JSON inputs read like
// the command line.
func (u Unit) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText reads a unit string, as ParseUnit.
func (u *Unit) UnmarshalText(b []byte) error {
	v, err := ParseUnit(string(b))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// String is the unit as it was typed, while that still reads as the unit,
// or else its counter and options spelled out as ParseUnit reads them.
func (u Unit) String() string {
	if u.text != "" && u.typed == u.values() {
		return u.text
	}
	return u.spell()
}

// spell writes u as ParseUnit reads it: the counter, then each option
// whose field differs from the counter's own.
func (u Unit) spell() string {
	if u.Kind > Hero {
		return fmt.Sprintf("a unit of kind %d", u.Kind) // Validate refuses it
	}
	s := u.Counter()
	base, err := ParseUnit(s)
	if err != nil || u.Class >= Class(len(classNames)) {
		return s // a unit Validate refuses
	}
	add := func(on bool, opt string) {
		if on {
			s += "," + opt
		}
	}
	add(u.ELR != base.ELR && u.Kind != Crew && u.Kind != Hero, fmt.Sprintf("elr=%d", u.ELR))
	add(u.BrokenML != base.BrokenML, fmt.Sprintf("broken-ml=%d", u.BrokenML))
	add(u.Class != base.Class, "class="+classNames[u.Class])
	add(u.Underscore, "underscore")
	add(u.Wounded, "wounded")
	add(u.Broken, "broken")
	add(u.Pinned, "pinned")
	add(u.Berserk, "berserk")
	add(u.Disrupted, "disrupted")
	add(u.InGoodOrder, "good_order")
	add(u.DRM != 0, fmt.Sprintf("drm=%d", u.DRM))
	add(u.Concealed, "concealed")
	add(u.SW != 0, fmt.Sprintf("sw=%d", u.SW))
	add(u.SWX, "sw-x")
	return s
}

// Counter is the counter's printed values without options.
func (u Unit) Counter() string {
	switch u.Kind {
	case Leader:
		return fmt.Sprintf("leader:%d%+d", u.ML, u.Mod)
	case Squad:
		return fmt.Sprintf("%d-%d-%d", u.FP, u.Range, u.ML)
	}
	return fmt.Sprintf("%s:%d-%d-%d", u.Kind, u.FP, u.Range, u.ML)
}

// IsUnitOption reports whether s is no unit but one of a unit's options
// (elr=2, broken, wounded): what YAML leaves of 4-6-7,elr=2 unquoted in
// a flow list, [4-6-7,elr=2], split at its comma.
func IsUnitOption(s string) bool {
	if _, err := ParseUnit(s); err == nil || s == "" || strings.Contains(s, ",") {
		return false
	}
	for _, u := range []string{"4-6-7", "leader:8-1", "hero:1-4-9", "crew:2-2-8"} {
		if _, err := ParseUnit(u + "," + s); err == nil {
			return true
		}
	}
	return false
}

// unitOptionForms are ParseUnit's options, for the one a misspelt option
// meant (spell.Option).
var unitOptionForms = []string{"elr=N", "broken-ml=N", "bml=N", "class=CLASS", "underscore", "wounded", "broken", "pinned", "berserk", "disrupted", "good_order", "drm=N", "concealed", "sw=N", "sw-x"}

// unitKinds are the words ParseUnit reads before a unit's colon.
var unitKinds = []string{"squad", "hs", "halfsquad", "half-squad", "crew", "leader", "ldr", "hero"}

// ParseUnit reads a unit string. Errors name the part that is wrong and the
// accepted form.
func ParseUnit(s string) (Unit, error) {
	// A counter that does not read says what counters look like; an
	// option that does not, what the options are: each once, so that the
	// message stays one line a player can read.
	const (
		form    = "want e.g. 4-6-7, hs:2-4-7, crew:2-2-8, leader:8-1 or hero:1-4-9, then options after commas, e.g. 4-6-7,elr=2,broken"
		options = "want elr=N, broken-ml=N, class=elite, underscore, wounded, broken, pinned, berserk, disrupted, good_order, drm=N, concealed, sw=N or sw-x, e.g. 4-6-7,elr=2,broken"
	)
	// The minus sign of printed counters and help texts reads as "-".
	u := Unit{ELR: -1, text: strings.ReplaceAll(s, decimal.Minus, "-")}
	parts := strings.Split(u.text, ",")
	head := parts[0]
	kind, body, found := strings.Cut(head, ":")
	if !found {
		kind, body = "squad", head
	}
	switch kind {
	case "squad", "":
		u.Kind = Squad
	case "hs", "halfsquad", "half-squad":
		u.Kind = HalfSquad
	case "crew":
		u.Kind = Crew
	case "leader", "ldr":
		u.Kind = Leader
	case "hero":
		u.Kind = Hero
	default:
		if l := strings.ToLower(kind); l != kind && slices.Contains(unitKinds, l) {
			// HS:2-4-7: a kind in capitals, as counters print it.
			return Unit{}, fmt.Errorf("unit %q: unknown kind %q; words are lower case, as %s", s, kind, strings.ToLower(u.text))
		}
		return Unit{}, fmt.Errorf("unit %q: unknown kind %q; %s", s, kind, form)
	}
	if u.Kind == Leader {
		i := strings.IndexAny(body, "+-")
		if i <= 0 {
			return Unit{}, fmt.Errorf("unit %q: a leader is ML then modifier, like 8-1 or 7+1; %s", s, form)
		}
		ml, err1 := decimal.ParseInt(body[:i], math.MinInt, math.MaxInt)
		mod, err2 := decimal.ParseInt(body[i:], math.MinInt, math.MaxInt)
		switch {
		case decimal.OutOfRange(err1) || decimal.OutOfRange(err2):
			return Unit{}, fmt.Errorf("unit %q: a leader's ML (%d…%d) or modifier (−3…+2) far out of range; %s", s, leaderML.Lo, leaderML.Hi, form)
		case err1 != nil || err2 != nil:
			return Unit{}, fmt.Errorf("unit %q: a leader is ML then modifier, like 8-1 or 7+1; %s", s, form)
		}
		u.ML, u.Mod = int(ml), int(mod)
	} else {
		f := strings.Split(body, "-")
		if len(f) != 3 {
			if !found && looksLeader(body) {
				// 9-2 or 7+1 as a leader's counter prints it: a leader,
				// whose kind is written, as an MMC's is not.
				return Unit{}, fmt.Errorf("unit %q: reads as a leader's ML and modifier: did you mean leader:%s?", s, s)
			}
			return Unit{}, fmt.Errorf("unit %q: want FP-range-ML such as 4-6-7, or a kind before it: hs:2-4-7, crew:2-2-8, leader:8-1, hero:1-4-9", s)
		}
		var v [3]int
		for i, x := range f {
			n, err := decimal.ParseInt(x, 0, math.MaxInt)
			switch {
			case strings.HasPrefix(x, "+") || strings.HasPrefix(x, "-"):
				// A printed counter has no sign inside it: 4-+6-7 is no
				// counter, not a 4-6-7.
				return Unit{}, fmt.Errorf("unit %q: %q: a counter's figures are digits, with no sign; %s", s, x, form)
			case decimal.OutOfRange(err):
				return Unit{}, fmt.Errorf("unit %q: %s is far out of range; %s", s, x, form)
			case err != nil:
				return Unit{}, fmt.Errorf("unit %q: %q is not a whole number; %s", s, x, form)
			}
			v[i] = int(n)
		}
		u.FP, u.Range, u.ML = v[0], v[1], v[2]
	}
	seen := make(map[string]bool, len(parts)-1)
	for _, opt := range parts[1:] {
		key, val, hasVal := strings.Cut(opt, "=")
		name := key
		if key == "bml" {
			name = "broken-ml"
		}
		if seen[name] {
			return Unit{}, fmt.Errorf("unit %q: option %s given twice; give each option once", s, name)
		}
		seen[name] = true
		num := func() (int, error) {
			n, err := decimal.ParseInt(val, math.MinInt, math.MaxInt)
			switch {
			case hasVal && decimal.OutOfRange(err):
				return 0, fmt.Errorf("unit %q: option %s=%s is far out of range: want %s=N, N from %s", s, key, clipped(val), key, optionRange(key))
			case !hasVal || err != nil:
				return 0, fmt.Errorf("unit %q: option %s needs a whole number, like %s=3", s, key, key)
			}
			return int(n), nil
		}
		// A yes/no option is on when written alone or as =true, off as
		// =false; any other value is refused rather than read as "on".
		flag := func(dst *bool) error {
			switch {
			case !hasVal || val == "true":
				*dst = true
			case val == "false":
				*dst = false
			default:
				return fmt.Errorf("unit %q: option %s takes no value, or true or false; not %q", s, key, val)
			}
			return nil
		}
		var err error
		switch key {
		case "elr":
			u.ELR, err = num()
			switch {
			case err != nil:
			case !optionBounds(key).Contains(u.ELR):
				err = fmt.Errorf("unit %q: elr=%d outside %s", s, u.ELR, optionBounds(key))
			case u.Kind == Crew || u.Kind == Hero:
				err = fmt.Errorf("unit %q: elr=: a %s is never ELR Replaced (A19.11), so it has no ELR", s, u.Kind.noun())
			}
		case "broken-ml", "bml":
			u.BrokenML, err = num()
			if err == nil && !optionBounds(key).Contains(u.BrokenML) {
				err = fmt.Errorf("unit %q: %s=%d outside %s", s, key, u.BrokenML, optionBounds(key))
			}
		case "drm":
			u.DRM, err = num()
		case "class":
			if u.Class, err = ParseClass(val); err != nil {
				err = fmt.Errorf("unit %q: %s", s, badChoice("class", val, classNames[:]))
			}
			if err == nil && u.Kind.SMC() {
				// Even class=first, the zero Class, which Validate cannot
				// tell from none given.
				err = fmt.Errorf("unit %q: class=%s: a %s has no Class, only a MMC does (A1.25)", s, val, u.Kind.noun())
			}
		case "underscore":
			err = flag(&u.Underscore)
		case "wounded":
			err = flag(&u.Wounded)
		case "broken":
			err = flag(&u.Broken)
		case "pinned":
			err = flag(&u.Pinned)
		case "berserk":
			err = flag(&u.Berserk)
		case "disrupted":
			err = flag(&u.Disrupted)
		case "good_order":
			// Not in Good Order is some state: said, not guessed.
			switch {
			case !hasVal || val == "true":
				u.InGoodOrder = true
			case val == "false":
				err = fmt.Errorf("unit %q: good_order=false names no state; give broken, pinned, berserk or disrupted instead", s)
			default:
				err = fmt.Errorf("unit %q: option good_order takes no value, or true; not %q", s, val)
			}
		case "concealed":
			err = flag(&u.Concealed)
		case "sw":
			u.SW, err = num()
		case "sw-x":
			err = flag(&u.SWX)
		default:
			err = fmt.Errorf("unit %q: %s", s, spell.UnknownOption(opt, unitOptionForms, options))
			if slices.Contains(classNames[:], key) && !hasVal {
				// 4-6-7,elite: a Class is given as class=.
				err = fmt.Errorf("unit %q: unknown option %q; %s", s, opt, spell.Offer("class="+key, options))
			}
			if u, ok := NotModeled(key); ok && u.DC == "" && u.IFT == "" {
				// A unit's own situation the model leaves out.
				err = fmt.Errorf("unit %q: %s", s, u.Left)
			}
		}
		if err != nil {
			return Unit{}, err
		}
	}
	u.typed = u.values()
	return u, u.Validate()
}

// optionBounds is the range of a ParseUnit option's number (bounds.go),
// which ParseUnit and Validate check.
func optionBounds(key string) bound.Int {
	switch key {
	case "elr":
		return bound.Int{Lo: MinELR, Hi: MaxELR}
	case "broken-ml", "bml":
		return bound.Int{Lo: MinBrokenML, Hi: MaxBrokenML}
	case "drm":
		return bound.Int{Lo: MinUnitDRM, Hi: MaxUnitDRM}
	}
	return bound.Int{Lo: MinSW, Hi: MaxSW} // sw
}

// optionRange is an option's range in words, "0 to 5", "−6 to +6", for a
// number too long to be compared with it.
func optionRange(key string) string {
	r := optionBounds(key)
	if r.Lo < 0 {
		return fmt.Sprintf("−%d to +%d", -r.Lo, r.Hi)
	}
	return fmt.Sprintf("%d to %d", r.Lo, r.Hi)
}

// clipped is a value as an error quotes it: whole up to 24 bytes, else
// its first 20 and an ellipsis, so that a line names a mistyped number
// without repeating it at any length.
func clipped(v string) string {
	if len(v) <= 24 {
		return v
	}
	return v[:20] + "…"
}

// CounterRange is the span of one printed value of a counter.
type CounterRange struct{ Lo, Hi int }

func (r CounterRange) contains(v int) bool { return v >= r.Lo && v <= r.Hi }

// counterRanges are the FP and range a counter of each kind may print:
// wide enough for every counter of the game, narrow enough to catch a
// typo such as 99-6-7, or a squad's values given to a half-squad
// (hs:4-6-7). A leader prints no FP or range. They are read by
// CounterRanges, not exported, so that no caller can change what every
// other's units are held to.
var counterRanges = map[Kind]struct{ FP, Range CounterRange }{
	Squad:     {CounterRange{1, 8}, CounterRange{1, 8}},
	HalfSquad: {CounterRange{1, 4}, CounterRange{1, 4}},
	Crew:      {CounterRange{1, 3}, CounterRange{1, 3}},
	Hero:      {CounterRange{1, 3}, CounterRange{1, 6}},
}

// CounterRanges returns the FP and the range a counter of kind k may
// print, and false for a kind that prints neither (a leader).
func CounterRanges(k Kind) (fp, rng CounterRange, ok bool) {
	r, ok := counterRanges[k]
	return r.FP, r.Range, ok
}

// LeaderML is the span of a leader's printed ML (6+1 to 10-3).
func LeaderML() CounterRange { return leaderML }

var leaderML = CounterRange{6, 10}

// leaderMod is the leadership modifier a leader may have.
var leaderMod = CounterRange{-3, 2}

// Validate checks a unit built in code as ParseUnit checks one read from
// text: its kind and class, the values its counter may print, its ELR and
// its states. A crew or a hero has no ELR (A19.11): its ELR is −1 or a
// literal's 0, and is not written when the unit is.
func (u Unit) Validate() error {
	if err := u.unitEnums(); err != nil {
		return err
	}
	r, ranged := counterRanges[u.Kind]
	switch {
	case ranged && !r.FP.contains(u.FP):
		return u.invalid("FP %d outside %d…%d for a %s", u.FP, r.FP.Lo, r.FP.Hi, u.Kind.noun())
	case ranged && !r.Range.contains(u.Range):
		return u.invalid("range %d outside %d…%d for a %s", u.Range, r.Range.Lo, r.Range.Hi, u.Kind.noun())
	case u.Kind == Leader && !leaderML.contains(u.ML):
		return u.invalid("a leader's ML %d outside %d…%d", u.ML, leaderML.Lo, leaderML.Hi)
	case u.ML < 1 || u.ML > 10:
		return u.invalid("ML %d outside 1…10", u.ML)
	case (u.Kind == Crew || u.Kind == Hero) && u.ELR != -1 && u.ELR != 0:
		return u.invalid("elr=%d: a %s is never ELR Replaced (A19.11), so it has no ELR", u.ELR, u.Kind.noun())
	case u.ELR < -1 || u.ELR > MaxELR:
		return u.invalid("elr=%d outside %s (−1: the attack's)", u.ELR, optionBounds("elr"))
	case u.BrokenML < 0 || u.BrokenML > 10:
		return u.invalid("broken-ml %d outside 1…10", u.BrokenML)
	case u.Kind == Leader && !leaderMod.contains(u.Mod):
		return u.invalid("leadership modifier %+d outside −3…+2", u.Mod)
	case u.Wounded && !u.Kind.SMC():
		return u.invalid("only a SMC can be wounded")
	case u.Broken && u.Pinned, u.Disrupted && u.Pinned:
		return u.invalid("a broken unit cannot be pinned (A7.8); give one state")
	case u.Broken && u.Berserk, u.Disrupted && u.Berserk:
		return u.invalid("a berserk unit is never broken (A15.4); give one state")
	case u.Pinned && u.Berserk:
		return u.invalid("a berserk unit is never pinned (A15.42); give one state")
	case u.InGoodOrder && (u.Broken || u.Pinned || u.Berserk || u.Disrupted):
		return u.invalid("good_order with broken, pinned, berserk or disrupted; give one state")
	case u.Kind == Crew && (u.Berserk || u.Disrupted):
		return u.invalid("a crew is never berserk or Disrupted (A15.1, A19.11)")
	case u.Kind == Hero && (u.Broken || u.Disrupted || u.Pinned):
		return u.invalid("a hero never breaks, he is wounded instead, and is never pinned (A15.2, A7.8)")
	case u.Class != FirstLine && u.Kind.SMC():
		return u.invalid("class=%s: a %s has no Class, only a MMC does (A1.25)", u.Class, u.Kind.noun())
	case u.Underscore && u.Kind != Squad && u.Kind != HalfSquad:
		return u.invalid("underscore: only a squad's or a HS's ML is underscored; it tells how they are ELR Replaced (A19.13)")
	case !optionBounds("drm").Contains(u.DRM):
		return u.invalid("drm %d outside −%d…+%d", u.DRM, -MinUnitDRM, MaxUnitDRM)
	case !optionBounds("sw").Contains(u.SW):
		return u.invalid("sw=%d outside %s", u.SW, optionBounds("sw"))
	case u.SWX && u.SW == 0:
		return u.invalid("sw-x says its SW have an X#: give them, sw=N with N from 1 to %d", MaxSW)
	}
	return nil
}

// invalid is Validate's refusal of u: a *bound.Invalid of the field
// "unit", its message starting with the unit as written.
func (u Unit) invalid(format string, args ...any) error {
	return bound.InvalidAt("unit", fmt.Sprintf("unit %q", u), format, args...)
}

// unitList is a list of units and the input that gives them, so that a
// unit's error names the list it is in.
type unitList struct {
	field string
	units []Unit
}

// validateLists checks every unit of every list, in order.
func validateLists(ls ...unitList) error {
	for _, l := range ls {
		for i, u := range l.units {
			if err := u.Validate(); err != nil {
				return bound.Invalidf(l.field, "unit %d: %w", i+1, err)
			}
		}
	}
	return nil
}

// looksLeader reports whether s is written as a leader's counter: an ML
// a leader may have, then a signed modifier he may have (9-2, 8-0, 7+1),
// and nothing else.
func looksLeader(s string) bool {
	i := strings.IndexAny(s, "+-")
	if i <= 0 {
		return false
	}
	// The ML holds no sign, and the modifier one only: Atoi takes no
	// other character.
	ml, err1 := strconv.Atoi(s[:i])
	mod, err2 := strconv.Atoi(s[i:])
	return err1 == nil && err2 == nil && leaderML.contains(ml) && leaderMod.contains(mod)
}
