package sasl

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/internal/enum"
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/bound"
)

// Attitude is the ENEMY Attitude (S5.74).
type Attitude uint8

const (
	Advance Attitude = iota
	Hold
)

var attitudeNames = [...]string{"advance", "hold"}

// AttitudeNames are the ENEMY attitudes (S1), as ParseAttitude reads them.
func AttitudeNames() []string { return slices.Clone(attitudeNames[:]) }

func (a Attitude) String() string               { return enum.Name("Attitude", attitudeNames[:], a) }
func (a Attitude) MarshalText() ([]byte, error) { return enum.Text("Attitude", attitudeNames[:], a) }

// ParseAttitude reads advance or hold.
func ParseAttitude(s string) (Attitude, error) {
	for i, n := range attitudeNames {
		if s == n {
			return Attitude(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want advance or hold", s)
}

// SQ is one S? counter, defined once.
type SQ struct {
	ID string `json:"id"`
	// Loc is the S?'s own Location: S? sharing one are checked together and
	// fire as one Fire Group (S3, S20). Empty: it stands alone.
	Loc   string `json:"loc,omitempty"`
	ACDRM int    `json:"ac_drm"` // the static sum of its AC drm (S1)
	// Site selects the {x5} column; "inside" (a building or pillbox) also
	// turns mortars into MGs and rerolls BAZ/PSK (S7).
	Site string `json:"site"`
	// Forbid lists the items it may not generate there (S5.61, S21).
	Forbid []Item `json:"forbid,omitempty"`
}

// The sites of an S?, which pick the {x5} column (S19): Inside, a building
// or pillbox (S7), or Outside.
const (
	Inside  = "inside"
	Outside = "outside"
)

// Sites lists the sites an S? and an {x5} column may give.
func Sites() []string { return []string{Inside, Outside} }

// ParseSite reads inside or outside.
func ParseSite(s string) (string, error) {
	for _, site := range Sites() {
		if s == site {
			return site, nil
		}
	}
	return "", fmt.Errorf("%q: want %s", s, strings.Join(Sites(), " or "))
}

func (s *SQ) forbids(it Item) bool { return slices.Contains(s.Forbid, it) }

// Eligible is an S? that becomes eligible at a Location of the path.
type Eligible struct {
	ID        string `json:"id"`
	Range     int    `json:"range"`
	Hindrance int    `json:"hindrance,omitempty"`
	// LongRange: eligible only for Long Range Activation here (S5.32,
	// S17), which is an input.
	LongRange bool `json:"long_range,omitempty"`
}

// negativeTEM is why a Location's TEM below 0 is refused: a TEM is never
// negative (asl.md §8.42), and the crossing's own modifiers on the moving
// stack (Hazardous Movement, FFNAM, FFMO) have keys of their own.
const negativeTEM = "a TEM is never negative (asl.md §8.42); want 0 to 8 (Hazardous Movement's −2 is the crossing's own hazardous: true, S12)"

// Step is one Location of the path.
type Step struct {
	Name     string     `json:"name"`
	MF       float64    `json:"mf"` // MF spent to enter it: shots per firer (S13)
	TEM      int        `json:"tem"`
	Open     bool       `json:"open"` // open ground, for FFMO (S12)
	Eligible []Eligible `json:"eligible"`
}

// rounds is how many times each firer may shoot at the stack here: its
// first fire, then one round a MF more, by ROF or Subsequent First Fire
// (S13, S14).
func (st *Step) rounds() int { return max(1, int(st.MF)) }

// Enemy is the ENEMY side of the crossing.
type Enemy struct {
	AC          int      `json:"ac"` // the AC#, fixed for the crossing (S1)
	Attitude    Attitude `json:"attitude"`
	MissionDRM  int      `json:"mission_drm"` // on {A1} (S5.3)
	A5DRM       int      `json:"a5_drm"`      // on the fortification dr (S8)
	Nationality string   `json:"nationality"`
	Date        Date     `json:"date"`
}

// Options are the [M] decisions of rules/sasl.md §7 that have a switch.
type Options struct {
	// PinnedKeepsFire: a pinned target is still Good Order, so checks and
	// shots at its Location go on (S16).
	PinnedKeepsFire bool `json:"pinned_keeps_fire"`
	// BerserkDrawsFire: an uneliminated berserk target keeps the checks
	// and shots going (S16).
	BerserkDrawsFire bool `json:"berserk_draws_fire"`
	// CowerOffLowestNoEffect: an ENEMY shot that Cowers off the IFT's
	// lowest column has no effect at all (rules/asl.md §8.54, as sapper
	// fire reads it); off, it stays on the 1 column.
	CowerOffLowestNoEffect bool `json:"cower_off_lowest_no_effect"`
	// StackRules are the moving units' morale switches: Heat of Battle
	// (A15.1) and the readings of rules/asl.md §8.26, 8.46 and 8.50–8.52,
	// with the defaults of sapper dc and sapper fire (S29).
	asl.StackRules
}

// DefaultOptions are the defaults of rules/sasl.md §7: the moving units'
// morale switches are those of asl.DefaultOptions (S29).
func DefaultOptions() Options {
	return Options{PinnedKeepsFire: true, BerserkDrawsFire: true, CowerOffLowestNoEffect: true, StackRules: asl.DefaultOptions().StackRules()}
}

// Crossing is a FRIENDLY stack moving past S? along a path.
type Crossing struct {
	Stack     []asl.Unit `json:"stack"`
	ELR       int        `json:"elr"` // the moving units' ELR where they give none
	Hazardous bool       `json:"hazardous"`
	Assault   bool       `json:"assault"`
	SQ        []SQ       `json:"sq"`
	Path      []Step     `json:"path"`
	Enemy     Enemy      `json:"enemy"`
	Tables    *Tables    `json:"-"` // named in every output by the caller
	Options   Options    `json:"options"`
}

// clone is c with nothing shared with c but its tables.
func (c *Crossing) clone() *Crossing {
	d := *c
	d.Stack = slices.Clone(c.Stack)
	d.SQ = slices.Clone(c.SQ)
	for i := range d.SQ {
		d.SQ[i].Forbid = slices.Clone(d.SQ[i].Forbid)
	}
	d.Path = slices.Clone(c.Path)
	for i := range d.Path {
		d.Path[i].Eligible = slices.Clone(d.Path[i].Eligible)
	}
	return &d
}

// Limits of a crossing.
const (
	MaxSQ    = 32
	MaxSteps = 32
	// maxGroup bounds the S? that share a Location, each firing at most
	// maxComps weapons (S3).
	maxGroup = 4
)

// Validate reports the first input that cannot be resolved, naming it.
func (c *Crossing) Validate() error {
	e := c.Enemy
	switch {
	case c.Tables == nil:
		return bound.Invalidf("tables", "none given")
	case len(c.Stack) == 0:
		return bound.Invalidf("stack", "at least one moving unit")
	case len(c.Stack) > asl.MaxUnits:
		return bound.Invalidf("stack", "at most %d units", asl.MaxUnits)
	case c.ELR < 0 || c.ELR > 5:
		return bound.Invalidf("elr", "%d outside 0…5", c.ELR)
	case c.Assault && c.Hazardous:
		return bound.Invalidf("assault", "Assault Movement is not Hazardous Movement; give one")
	case c.Assault && len(c.Path) > 1:
		return bound.Invalidf("assault", "Assault Movement enters one Location only (A4.61); the path has %d", len(c.Path))
	case len(c.Path) == 0:
		return bound.Invalidf("path", "at least one Location")
	case len(c.Path) > MaxSteps:
		return bound.Invalidf("path", "at most %d Locations", MaxSteps)
	case len(c.SQ) > MaxSQ:
		return bound.Invalidf("sq", "at most %d S?", MaxSQ)
	case e.AC < 0 || e.AC > 6:
		return bound.Invalidf("ac", "%d outside 0…6", e.AC)
	case e.MissionDRM < -6 || e.MissionDRM > 6:
		return bound.Invalidf("mission_drm", "%d outside −6…+6", e.MissionDRM)
	case e.A5DRM < -6 || e.A5DRM > 6:
		return bound.Invalidf("a5_drm", "%d outside −6…+6", e.A5DRM)
	case e.A5DRM != 0 && e.Attitude == Advance:
		return bound.Invalidf("a5_drm", "%+d in Advance Attitude: an F then generates nothing, so no {A5} dr is made (S5.74, S8)", e.A5DRM)
	case int(e.Attitude) >= len(attitudeNames):
		return bound.Invalidf("attitude", "%d: want advance or hold", e.Attitude)
	case e.Date.IsZero():
		return bound.Invalidf("date", "none given")
	case !e.Date.valid():
		return bound.Invalidf("date", "%v: want a month from %d-01 to %d-12", e.Date, FirstYear, LastYear)
	case e.Nationality != c.Tables.Nationality && strings.ToLower(e.Nationality) == c.Tables.Nationality:
		return bound.Invalidf("nationality", "%q: words are lower case, as the tables' %q", e.Nationality, c.Tables.Nationality)
	case e.Nationality != c.Tables.Nationality:
		return bound.Invalidf("nationality", "%q, but the tables are %q (one nationality per tables file)", e.Nationality, c.Tables.Nationality)
	}
	for i, u := range c.Stack {
		if err := u.Validate(); err != nil {
			return bound.Invalidf("stack", "unit %d: %w", i+1, err)
		}
		if u.Concealed {
			return bound.Invalidf("stack", "unit %d (%s): a moving unit in the ENEMY's view is not concealed", i+1, u)
		}
		if u.Broken || u.Disrupted {
			return bound.Invalidf("stack", "unit %d (%s): a broken unit does not move past S?", i+1, u)
		}
		if u.Pinned {
			return bound.Invalidf("stack", "unit %d (%s): a pinned unit may not move (A7.8), so it does not move past S?", i+1, u)
		}
		if u.Berserk {
			return bound.Invalidf("stack", "unit %d (%s): a berserk unit does not move on with the stack (S18), so it does not move past S?", i+1, u)
		}
	}
	if err := c.Tables.Validate(); err != nil {
		return bound.Invalidf("tables", "%w", err)
	}
	ids := map[string]bool{}
	locs := map[string]int{}
	sites := map[string]SQ{}
	for _, s := range c.SQ {
		switch {
		case s.ID == "":
			return bound.Invalidf("sq", "an S? without an id")
		case ids[s.ID]:
			return bound.InvalidAt("sq", sqAt(s), "defined twice")
		case s.ACDRM < -6 || s.ACDRM > 6:
			return bound.InvalidAt("sq", sqAt(s), "ac_drm %d outside −6…+6", s.ACDRM)
		}
		if _, err := ParseSite(s.Site); err != nil {
			return bound.InvalidAt("sq", sqAt(s), "site %w", err)
		}
		for _, it := range s.Forbid {
			if it >= numItems {
				return bound.InvalidAt("sq", sqAt(s), "forbid: item %d: want one of %s", it, strings.Join(itemNames[:], ", "))
			}
		}
		ids[s.ID] = true
		if s.Loc != "" {
			if locs[s.Loc]++; locs[s.Loc] > maxGroup {
				return bound.InvalidAt("sq", sqAt(s), "more than %d S? share Location %s", maxGroup, s.Loc)
			}
			// One Location is inside a building or not: its S? generate
			// by the same {x5} column and mortar rule (S7, S25).
			if f, ok := sites[s.Loc]; ok && f.Site != s.Site {
				return bound.InvalidAt("sq", sqAt(s), "site %s, but %s shares Location %s at site %s: S? in one Location stand alike (S20)", s.Site, f.ID, s.Loc, f.Site)
			}
			sites[s.Loc] = s
		}
	}
	// eligible: listed at some Location; checked: there by an AC, not by
	// Long Range Activation alone, whose DR takes no AC drm (S5.32).
	eligible, checked := map[string]bool{}, map[string]bool{}
	named := map[string]int{}
	for k, st := range c.Path {
		where := fmt.Sprintf("path %d", k+1)
		if st.Name != "" {
			where += " (" + st.Name + ")"
		}
		// A Location's name heads its figures (good_order.K): two of one
		// name would be two rows no reader tells apart.
		if j, ok := named[st.Name]; ok && st.Name != "" {
			return bound.InvalidAt("path", where, "the name of path %d too; give each Location its own name", j+1)
		}
		named[st.Name] = k
		switch {
		case !(st.MF > 0 && st.MF <= 16) || math.IsNaN(st.MF):
			return bound.InvalidAt("path", where, "mf %v outside (0, 16]", st.MF)
		case st.TEM < 0:
			return bound.InvalidAt("path", where, "tem %d: %s", st.TEM, negativeTEM)
		case st.TEM > 8:
			return bound.InvalidAt("path", where, "tem %d outside 0…8", st.TEM)
		case st.Open && st.TEM != 0:
			// FFMO would never apply, and open would go unread.
			return bound.InvalidAt("path", where, "open with tem %d: FFMO applies only where the TEM is 0 (S12); leave open out, or give tem 0", st.TEM)
		}
		seen := map[string]bool{}
		for _, el := range st.Eligible {
			switch {
			case !ids[el.ID]:
				return bound.InvalidAt("path", where, "unknown S? %q; define it under sq", el.ID)
			case seen[el.ID]:
				return bound.InvalidAt("path", where, "S? %s listed twice", el.ID)
			case el.Range < 0 || el.Range > 16:
				return bound.InvalidAt("path", where, "S? %s: range %d outside 0…16 (S5.32)", el.ID, el.Range)
			case el.Hindrance < 0 || el.Hindrance > 6:
				return bound.InvalidAt("path", where, "S? %s: hindrance %d outside 0…6", el.ID, el.Hindrance)
			}
			seen[el.ID] = true
			eligible[el.ID] = true
			checked[el.ID] = checked[el.ID] || !el.LongRange
			if el.LongRange && c.Tables.LongRange.HMG == "" {
				return bound.InvalidAt("path", where, "S? %s is eligible for Long Range Activation, but the tables give no long_range hmg for it to generate and fire (S5.32, S17)", el.ID)
			}
		}
		if err := c.sameLocationAlike(st); err != nil {
			return bound.InvalidAt("path", where, "%w", err)
		}
	}
	for _, s := range c.SQ {
		switch {
		case !eligible[s.ID]:
			return bound.InvalidAt("sq", sqAt(s), "eligible at no Location of the path; list it under a Location's eligible, or drop it")
		case !checked[s.ID] && s.ACDRM != 0:
			return bound.InvalidAt("sq", sqAt(s), "ac_drm %+d, but it is eligible only for Long Range Activation, whose DR takes no AC drm (S5.32); leave it out", s.ACDRM)
		}
	}
	return nil
}

// sameLocationAlike checks that the S? sharing a Location (S20) see the
// path Location st alike: all eligible there or none, at one range,
// hindrance and kind of Activation, as units in one hex and level do.
func (c *Crossing) sameLocationAlike(st Step) error {
	at := map[string]Eligible{}
	for _, el := range st.Eligible {
		at[el.ID] = el
	}
	first := map[string]SQ{}
	for _, s := range c.SQ {
		if s.Loc == "" {
			continue
		}
		f, ok := first[s.Loc]
		if !ok {
			first[s.Loc] = s
			continue
		}
		a, aIn := at[f.ID]
		b, bIn := at[s.ID]
		a.ID, b.ID = "", ""
		switch {
		case aIn != bIn:
			return fmt.Errorf("the S? %s and %s share Location %s, but only %s is eligible here: S? in one Location see the path alike (S20)", f.ID, s.ID, s.Loc, map[bool]string{true: f.ID, false: s.ID}[aIn])
		case a != b:
			return fmt.Errorf("the S? %s and %s share Location %s, but are eligible here at a different range, hindrance or kind of Activation: S? in one Location see the path alike (S20)", f.ID, s.ID, s.Loc)
		}
	}
	return nil
}

// MayCower reports whether a Fire Group of the crossing's ENEMY can cower
// (A7.9, S22, S29): whether the tables hold an MMC subject to Cowering in
// the ENEMY's nationality. Where none is, no shot Cowers, and what
// Cowering off the lowest column does (asl.md §8.54) changes nothing. The
// crossing's tables must be loaded.
func (c *Crossing) MayCower() bool {
	nat := firerNationality(c.Enemy.Nationality)
	for _, u := range c.Tables.Units {
		if u.Kind.mmc() && subjectToCowering(nat, u.Class) {
			return true
		}
	}
	return false
}

// FireCanStop reports whether S16 can end a Location's checks and shots
// before they have all come: where more than one check can come (S? of
// two Locations, or a Long Range one after the others, S17) or a Fire
// Group fires more than one round (MF 2 or more, S13). Everywhere else the
// one check and its one round meet the stack as it entered, in Good Order
// (S18), and the switches of S16 change nothing. An S? that such a
// Location has surely checked is checked once (S2), and the Long Range DR
// is made once (S17): neither comes again at a later Location.
func (c *Crossing) FireCanStop() bool {
	locOf := map[string]string{}
	for _, s := range c.SQ {
		locOf[s.ID] = s.Loc
	}
	checked := map[string]bool{}
	longDone := false
	for _, st := range c.Path {
		checks := map[string][]string{}
		long := false
		for _, e := range st.Eligible {
			switch {
			case checked[e.ID]:
			case e.LongRange:
				long = !longDone
			case locOf[e.ID] != "":
				checks["loc "+locOf[e.ID]] = append(checks["loc "+locOf[e.ID]], e.ID)
			default:
				checks["sq "+e.ID] = append(checks["sq "+e.ID], e.ID)
			}
		}
		n := len(checks) + boolInt(long)
		if n > 1 || n == 1 && int(st.MF) >= 2 {
			return true
		}
		for _, ids := range checks {
			for _, id := range ids {
				checked[id] = true
			}
		}
		// The Long Range DR is made here, whatever it gives; an S? it
		// did not Activate may still be checked later.
		longDone = longDone || long
	}
	return false
}

// Omitted lists what the figures leave out (S9, S13, S15), for every
// output.
func Omitted() []string {
	return []string{
		"Guns, AFVs and SPGs are generated but never fire (S9)",
		"mortars, LATW, FT and DC never fire; a SW no MMC holds never fires (S9)",
		"no FPF, Fire Lanes or Residual FP (S13)",
		"units Activated at one Location never fire at a later one (S15): P(arrived) is an upper bound",
		"no return fire, and a fortification's TEM protects nobody here (S8)",
		"a hero Heat of Battle creates (A15.21) takes no later shot, keeps no fire going and does not move on (S16, S18, S29)",
	}
}

// sqAt is where an error of S? s stands: its entry, which a crossing
// file's error is placed at (CrossingFile.Place).
func sqAt(s SQ) string { return "sq " + s.ID }
