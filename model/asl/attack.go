package asl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/internal/enum"
	"github.com/sapperhq/sapper/model/bound"
	"github.com/sapperhq/sapper/model/dice"
)

// Mode is how a DC is used (A23).
type Mode uint8

const (
	Placed Mode = iota // A23.3: Placed in the MPh, detonates in the AFPh
	Thrown             // A23.6: resolved at once, against the thrower's Location too
	Set                // A23.7: 36+ FP, −3, no TEM
)

var modeNames = [...]string{"placed", "thrown", "set"}

func (m Mode) String() string { return enum.Name("Mode", modeNames[:], m) }

// ParseMode reads placed, thrown or set.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want placed, thrown or set", s)
}

func (m Mode) MarshalText() ([]byte, error) { return enum.Text("Mode", modeNames[:], m) }

// User is the DC user's class for the X# penalty (A23.2, A21.11, A19.32).
type User uint8

const (
	EliteUser     User = iota // Elite MMC, Infantry crews, non-Partisan SMC: X12
	NonEliteUser              // 1st/2nd Line MMC, vehicle crews: −2
	Inexperienced             // Conscripts, leaderless Green: −2 and −1 more
)

var userNames = [...]string{"elite", "non-elite", "inexperienced"}

func (u User) String() string { return enum.Name("User", userNames[:], u) }

// Phrase names the user class as a sentence does: "an elite user", "a
// non-elite user", "an Inexperienced user" (A19.3).
func (u User) Phrase() string {
	switch u {
	case NonEliteUser:
		return "a non-elite user"
	case Inexperienced:
		return "an Inexperienced user"
	}
	return "an elite user"
}

func (u User) MarshalText() ([]byte, error) { return enum.Text("User", userNames[:], u) }

// UserOf is the user class of a DC Placed or Set by group[0], with the
// units of group[1:] in its Location (A23.2, §8.3): SMC, Infantry crews
// and Elite MMC are elite users; Conscripts, and Green units with no
// unbroken leader with them, are Inexperienced (A19.3, A19.32); other MMC
// are non-elite. Partisans are not modeled. An empty group, a DC taken as
// operably Placed or Set by no one given, has NewDCAttack's elite user,
// so that a.User = UserOf(a.Placer) holds for any attack.
func UserOf(group []Unit) User {
	if len(group) == 0 {
		return EliteUser
	}
	u := group[0]
	switch {
	case u.Kind.SMC() || u.Kind == Crew || u.Class == Elite:
		return EliteUser
	case u.Class == Conscript:
		return Inexperienced
	case u.Class == Green && !slices.ContainsFunc(group[1:], func(l Unit) bool {
		return l.Kind == Leader && !l.Broken && !l.Disrupted
	}):
		return Inexperienced
	}
	return NonEliteUser
}

func concealed(u Unit) bool { return u.Concealed }

// ThrowerUser checks user, the class given for a DC thrown by throwers[0]
// (A23.2: the thrower is its user), as Validate checks the Placer's and
// the Setter's. Validate cannot: the thrower may be left out of the units
// of his Location that the DC attacks (Throwers), so a caller whose
// Throwers start with the thrower calls it.
func ThrowerUser(throwers []Unit, user User) error {
	if len(throwers) > 0 && user != UserOf(throwers) {
		return bound.InvalidValue("user", user.String(), "the thrower %s is %s, and the thrower is the DC's user (A23.2): leave the user out, or give the thrower the class meant", throwers[0], userWhy(throwers))
	}
	return nil
}

// userWhy names group[0] as the DC user UserOf makes him, for messages.
func userWhy(group []Unit) string {
	u := group[0]
	what := map[Class]string{Elite: "an Elite MMC", FirstLine: "a 1st Line MMC", SecondLine: "a 2nd Line MMC",
		Green: "Green with an unbroken leader", Conscript: "a Conscript"}[u.Class]
	switch {
	case u.Kind.SMC():
		what = "a SMC"
	case u.Kind == Crew:
		what = "an Infantry crew"
	case u.Class == Green && UserOf(group) == Inexperienced:
		what = "Green with no unbroken leader"
	}
	user := UserOf(group)
	if user == Inexperienced {
		return what + ", " + user.Phrase() + " (A19.3, A19.32)"
	}
	return what + ", " + user.Phrase()
}

// ParseUser reads elite, non-elite or inexperienced.
func ParseUser(s string) (User, error) {
	for i, n := range userNames {
		if s == n {
			return User(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want elite, non-elite or inexperienced", s)
}

// Options are the modeling decisions of rules/asl.md §8 that have a
// switch; the zero value is not the default, use DefaultOptions.
type Options struct {
	// InexperiencedPenalty: an Inexperienced user's extra −1 X# (§8.3).
	InexperiencedPenalty bool `json:"inexperienced_penalty"`
	// SetDCUsesXPenalty: the user's X# penalties also lower a Set DC's
	// malfunction threshold of 12 (§8.4).
	SetDCUsesXPenalty bool `json:"set_dc_uses_x_penalty"`
	// CXOnThrowerLocation: the thrower's CX +1 also applies to the DR
	// against his own Location (§8.16).
	CXOnThrowerLocation bool `json:"cx_on_thrower_location"`
	// AcceptBattleHardening: Battle Hardening is always taken (§8.26).
	AcceptBattleHardening bool `json:"accept_battle_hardening"`
	// FlameIgnoresConcealment: the Flame trigger reads the 30 column even
	// against concealed targets, like Rubble (§8.14).
	FlameIgnoresConcealment bool `json:"flame_ignores_concealment"`
	// HeatOfBattle: an Original 2 on a MC triggers Heat of Battle (A15.1).
	// Off reproduces figures that ignore it (R18).
	HeatOfBattle bool `json:"heat_of_battle"`
	// KnownEnemyInLOS: berserk is possible (A15.44); otherwise it is Battle
	// Hardening (§8.26).
	KnownEnemyInLOS bool `json:"known_enemy_in_los"`
	// Surrender: an ADJACENT Known Good Order armed enemy exists, so a HoB
	// 12 makes a prisoner (§8.26). nil: true for Placed and Thrown, false
	// for Set.
	Surrender *bool `json:"surrender"`
	// LeaderLossReversesPositive: a LLMC/LLTC reverses the lost leader's
	// modifier whatever its sign (a 7+1 gives −1). Off, the rules' reading:
	// only a negative modifier is reversed, 0 or positive gives no DRM
	// (A10.2, A10.21, §3.7, §8.46).
	LeaderLossReversesPositive bool `json:"llmc_reverse_positive"`
	// BerserkTCChain: a leader made berserk by passing another berserk
	// leader's Berserk TC makes his own Berserk TC (A15.41, §8.50). Off,
	// only a leader made berserk by his own Heat of Battle DR does.
	BerserkTCChain bool `json:"berserk_tc_chain"`
	// LeadersElite: leaders are elite (A1.11) and take the Elite −1 on
	// their Heat of Battle DR (§8.51).
	LeadersElite bool `json:"leaders_elite"`
	// FanaticBerserk: a Fanatic unit goes berserk instead of surrendering
	// on a Final Heat of Battle DR ≥ 12 (A15.5, §8.52).
	FanaticBerserk bool `json:"fanatic_berserk"`
	// FallingRubble: Rubble at ground level beneath upper levels also
	// makes the Falling Rubble DR, and a whole-hex collapse adds the
	// levels it brings down to that DR (B24.11, B24.12 and its example;
	// §8.60). Off, only Rubble at an upper level falls, by its own levels.
	FallingRubble bool `json:"falling_rubble"`
	// CowerOffLowestNoEffect: an attack that Cowers off the IFT's lowest
	// column, a fire attack or a DC's Defensive Fire (DCAttack.DFF), has no
	// effect at all (A7.9, §8.54); off, it stays on the lowest column.
	CowerOffLowestNoEffect bool `json:"cower_off_lowest_no_effect"`
}

// locRules are the morale switches of o for a Location, with surrender
// resolved for the attack (§8.26).
func (o Options) locRules(surrender bool) locRules {
	return locRules{
		hob:            o.HeatOfBattle,
		acceptBH:       o.AcceptBattleHardening,
		knownEnemy:     o.KnownEnemyInLOS,
		surrender:      surrender,
		reversePos:     o.LeaderLossReversesPositive,
		berserkChain:   o.BerserkTCChain,
		leadersElite:   o.LeadersElite,
		fanaticBerserk: o.FanaticBerserk,
	}
}

// unfitUser reports whether the first of units, the one who Places, Sets
// or Throws the DC, is broken, disrupted or pinned: he cannot use it
// (A7.81, A10.5); the units with him may be in any state.
func unfitUser(units []Unit) bool {
	return len(units) > 0 && (units[0].Broken || units[0].Disrupted || units[0].Pinned)
}

// unfitUserWhy is the refusal of an unfit user, given the unit.
const unfitUserWhy = "%s: a broken or pinned unit cannot use a DC (A7.81, A10.5)"

// DefaultOptions returns the defaults of rules/asl.md §8.
func DefaultOptions() Options {
	return Options{
		InexperiencedPenalty:   true,
		SetDCUsesXPenalty:      true,
		CXOnThrowerLocation:    false,
		AcceptBattleHardening:  true,
		HeatOfBattle:           true,
		KnownEnemyInLOS:        true,
		BerserkTCChain:         true,
		LeadersElite:           true,
		FanaticBerserk:         true,
		FallingRubble:          true,
		CowerOffLowestNoEffect: true,
	}
}

// DCAttack is one Demolition Charge attack on a Location of Personnel
// (A23), with everything needed to resolve it on the IFT.
type DCAttack struct {
	Mode    Mode   `json:"mode"`
	Targets []Unit `json:"targets"`
	// TEM is the target Location's TEM (never negative, §8.42); not used
	// by a Set DC (A23.71).
	TEM int `json:"tem"`
	// DRM is any other DRM on the attack DR against every target (a
	// target-side −2 for Hazardous Movement, −1 per FT, …).
	DRM       int  `json:"drm"`
	CX        bool `json:"cx"`        // Placer/Thrower is CX: +1 (A23.4)
	AFPh      bool `json:"afph"`      // Thrown in the AFPh: +1 to both DRs (A23.62)
	Concealed bool `json:"concealed"` // targets concealed: FP halved (A23.1)
	// FromVehicle or Cavalry: a Thrown DC gets +3/+4 instead of +2/+3
	// (A23.6).
	FromVehicle bool `json:"from_vehicle"`
	Cavalry     bool `json:"cavalry"`
	// User is the class of the DC's user for its X# (A23.2, A23.5): that
	// of the Placer, the thrower or the Setter, UserOf(group). Validate
	// holds it to the Placer's and the Setter's; ThrowerUser checks the
	// thrower's. NewDCAttack gives EliteUser: set it (a.User =
	// UserOf(a.Placer)) for any other.
	User     User `json:"user"`
	Captured bool `json:"captured"`
	// EnemyInfantry is the number of enemy Infantry units in a Set DC's
	// Location for its malfunction DR (A23.7); −1 means the number of
	// targets.
	EnemyInfantry int `json:"enemy_infantry"`
	// ELR is the default Experience Level Rating of units that give none.
	ELR int `json:"elr"`
	// Throwers are the units in the thrower's Location, which a Thrown DC
	// attacks too (A23.6): the thrower first, when he is among them, whose
	// class User must then be (ThrowerUser).
	Throwers   []Unit `json:"throwers,omitempty"`
	ThrowerTEM int    `json:"thrower_tem"`
	// Elevation is how many levels the thrower stands above the target;
	// from two or more his Location is attacked only if the DC rubbles the
	// target level (A23.6).
	Elevation int `json:"elevation"`

	// Placer is the unit that Places the DC, first, and the units with it
	// (A23.3); empty: the DC is taken as operably Placed.
	Placer []Unit `json:"placer,omitempty"`
	// Setter is the unit that Sets and detonates a Set DC, first, and the
	// units with it (A23.7); empty: the DC detonates unconditionally.
	Setter []Unit `json:"setter,omitempty"`
	// Preset: the DC was Set before play by SSR: no setting dr and no
	// exposure to Defensive Fire (A23.7).
	Preset bool `json:"preset"`
	// DFF are the Defensive First Fire, Subsequent First Fire and FPF
	// attacks the Placer (or the Setter, at −2 for Hazardous Movement)
	// faces (A23.3, A4.62).
	DFF []FireAttack `json:"dff,omitempty"`

	// Breach: the DC is Placed against a Rowhouse black-bar or Fortified
	// building hexside, not into a Location (B23.711, B23.9221); Targets
	// are then the units beyond the wall, attacked by the 12 FP (6 FP
	// concealed) follow-on Area Fire with their own TEM (--tem).
	Breach Breach `json:"breach"`

	// Building of the target Location, for Rubble and Flame (§7). It
	// does not set TEM: Building.TEM(Fortified) is its own (B23.921), as
	// sapper dc sets it unless --tem is given.
	Building  Building `json:"building"`
	Fortified bool     `json:"fortified"`
	// Terrain is non-building burnable terrain of the target Location, by
	// TerrainNames, for Flame.
	Terrain string `json:"terrain,omitempty"`
	EC      EC     `json:"ec"`
	// Level is the target Location's building level (0: ground) and Top
	// the building's highest non-rooftop level: Rubble at an upper level
	// may collapse the hex and fall into the next (B24.11, B24.12).
	Level int `json:"level"`
	Top   int `json:"top"`

	// Structures at the target Location (rules/asl.md §6).
	Wire      bool      `json:"wire"`      // Wire in the Location (B26.51)
	Roadblock Roadblock `json:"roadblock"` // B29.5, B31.1411
	Bridge    Bridge    `json:"bridge"`    // the targets are on or beneath it (B6.33)
	// Gun: the first target mans a Gun in the Location (C11.6).
	Gun bool `json:"gun"`
	// Cave: the targets are in a cave (G11.83, §6.7); Japanese: an
	// unconcealed Good Order Japanese MMC is in it (no −4); CaveDRM is the
	// drm on a Thrown DC's cave dr.
	Cave     bool `json:"cave"`
	Japanese bool `json:"japanese"`
	CaveDRM  int  `json:"cave_drm"`

	Options Options `json:"options"`
}

// NewDCAttack returns an attack with the defaults of rules/asl.md: ELR 3,
// an elite user, the enemy Infantry count taken from the targets, and the
// §8 options.
func NewDCAttack(mode Mode, targets ...Unit) DCAttack {
	a := DCAttack{Mode: mode, Targets: targets, ELR: 3, EnemyInfantry: -1, EC: Moderate, Options: DefaultOptions()}
	surrender := a.surrender()
	a.Options.Surrender = &surrender
	return a
}

// MaxUnits is the most targets (or throwers, Placers, Setters) an attack
// takes in one Location.
const MaxUnits = 10

// Slots is the most units the model holds in a Location: the targets and
// the heroes Heat of Battle creates among them over a plan's attacks
// (§8.64), who join the Location for the attacks after. A Random
// Selection among them is a 16-bit mask (dice.MaxSelect).
const Slots = 16

// A Location's units are bits of a uint16 (loc.retired, Random
// Selection's masks), and Random Selection takes all of them: both fail
// to compile past their width.
const (
	_ = uint16(1<<Slots - 1)
	_ = uint(dice.MaxSelect - Slots)
)

// Validate reports the first input that cannot be resolved, naming it.
func (a DCAttack) Validate() error {
	if err := a.dcEnums(); err != nil {
		return err
	}
	if err := a.validateStructures(); err != nil {
		return err
	}
	enemy := a.EnemyInfantry
	if enemy == -1 {
		enemy = 0 // the number of targets: in range
	}
	outOfRange := firstOutOfRange(ranged{"tem", a.TEM, MinTEM, MaxTEM, whyTEM},
		ranged{"thrower-tem", a.ThrowerTEM, MinTEM, MaxTEM, ""}, ranged{"drm", a.DRM, MinDRM, MaxDRM, ""},
		ranged{"elr", a.ELR, MinELR, MaxELR, ""}, ranged{"enemy-infantry", enemy, 0, MaxEnemyInfantry, ""},
		ranged{"elevation", a.Elevation, MinElevation, MaxElevation, ""})
	switch {
	case len(a.Targets) == 0 && a.Breach == NoBreach && a.Roadblock != NarrowStreetRoadblock:
		return bound.Invalidf("target", "at least one target unit is needed")
	case a.Breach != NoBreach && a.Mode != Placed:
		return bound.Invalidf("breach", "a breach is made by a Placed DC only (B23.711)")
	case a.Breach != NoBreach && a.Building == NoBuilding:
		return bound.Invalidf("breach", "give the wall's --building, wooden or stone, for its TEM")
	case a.Breach == FortifiedHexside && !a.Fortified:
		return bound.Invalidf("breach", "a Fortified hexside needs --fortified")
	case len(a.Targets) > MaxUnits:
		return bound.Invalidf("target", "at most %d units in a Location", MaxUnits)
	case len(a.Throwers) > MaxUnits:
		return bound.Invalidf("thrower", "at most %d units in a Location", MaxUnits)
	case outOfRange != nil:
		return outOfRange
	case len(a.Throwers) > 0 && a.Mode != Thrown:
		return bound.Invalidf("thrower", "only a Thrown DC (--mode thrown) has a thrower's Location")
	case a.AFPh && a.Mode != Thrown:
		return bound.Invalidf("afph", "the AFPh +1 is for a Thrown DC only (a Placed DC always detonates in the AFPh)")
	case a.FromVehicle && a.Mode != Thrown:
		return bound.Invalidf("from-vehicle", "only a Thrown DC is thrown from a vehicle")
	case a.Cavalry && a.Mode != Thrown:
		return bound.Invalidf("cavalry", "only a Thrown DC is thrown by Cavalry")
	case a.Cavalry && a.FromVehicle:
		return bound.Invalidf("cavalry", "give either --cavalry or --from-vehicle; both are the same +3/+4 (A23.6)")
	case a.CX && a.Mode == Set:
		return bound.Invalidf("cx", "a Set DC has no CX DRM (A23.71)")
	case a.Elevation != 0 && a.Mode != Thrown:
		return bound.Invalidf("elevation", "only a Thrown DC is thrown from above")
	case len(a.Placer) > 0 && a.Mode != Placed:
		return bound.Invalidf("placer", "only a Placed DC (--mode placed) has a Placer")
	case len(a.Setter) > 0 && a.Mode != Set:
		return bound.Invalidf("setter", "only a Set DC (--mode set) has a Setter")
	case a.Preset && a.Mode != Set:
		return bound.Invalidf("preset", "only a Set DC can be Set before play")
	case len(a.DFF) > 0 && a.Mode == Thrown:
		return bound.Invalidf("dff", "not with --mode thrown: Defensive Fire is modeled on a Placer or a Setter only (§8.31)")
	case len(a.DFF) > 0 && len(a.Setter) > 0 && a.Preset:
		return bound.Invalidf("dff", "Defensive Fire on a DC Set before play: a Setter faces it only Setting the DC during play (--preset=false)")
	case len(a.DFF) > 0 && len(a.Placer) == 0 && len(a.Setter) == 0:
		return bound.Invalidf("dff", "Defensive Fire needs a --placer, or a --setter Setting the DC during play")
	case len(a.DFF) > 8:
		return bound.Invalidf("dff", "at most 8 attacks")
	case len(a.Placer) > MaxUnits || len(a.Setter) > MaxUnits:
		return bound.Invalidf("placer", "at most %d units in a Location", MaxUnits)
	case len(a.Placer) > 0 && a.Placer[0].Berserk:
		return bound.Invalidf("placer", "%s: a berserk unit may Throw a DC but never Place one (A15.431)", a.Placer[0])
	case len(a.Setter) > 0 && a.Setter[0].Berserk:
		return bound.Invalidf("setter", "%s: a berserk unit may Throw a DC but never Set one (A15.431)", a.Setter[0])
	case unfitUser(a.Placer):
		return bound.Invalidf("placer", unfitUserWhy, a.Placer[0])
	case unfitUser(a.Setter):
		return bound.Invalidf("setter", unfitUserWhy, a.Setter[0])
	case unfitUser(a.Throwers):
		return bound.Invalidf("thrower", unfitUserWhy, a.Throwers[0])
	case slices.ContainsFunc(a.Placer, concealed), slices.ContainsFunc(a.Setter, concealed):
		field, who := "placer", "Placer"
		if !slices.ContainsFunc(a.Placer, concealed) {
			field, who = "setter", "Setter"
		}
		return bound.Invalidf(field, "a concealed unit is not modeled there: the Defensive Fire on the %s's Location is taken at full FP; give its units unconcealed", who)
	case slices.ContainsFunc(a.Throwers, concealed):
		return bound.Invalidf("thrower", "concealed changes nothing there: the attack on the thrower's own Location is never halved for concealment (§8.16)")
	case len(a.Placer) > 0 && a.User != UserOf(a.Placer):
		return bound.InvalidValue("user", a.User.String(), "the Placer %s is %s, and the Placer is the DC's user (A23.2): leave the user out, or give the Placer the class meant", a.Placer[0], userWhy(a.Placer))
	case len(a.Setter) > 0 && a.User != UserOf(a.Setter):
		return bound.InvalidValue("user", a.User.String(), "the Setter %s is %s, and the Setter is the DC's user (A23.2): leave the user out, or give the Setter the class meant", a.Setter[0], userWhy(a.Setter))
	case a.Terrain != "" && a.Building != NoBuilding:
		return bound.Invalidf("terrain", "give either a building or another terrain, not both")
	case a.Fortified && a.Building == NoBuilding:
		return bound.Invalidf("fortified", "only a building can be Fortified")
	case int(a.EC) < 0 || int(a.EC) >= len(ecNames):
		return bound.Invalidf("ec", "unknown Environmental Condition")
	}
	if _, ok := kindling[a.Terrain]; a.Terrain != "" && !ok {
		return bound.InvalidValue("terrain", a.Terrain, "want one of %s", strings.Join(TerrainNames(), ", "))
	}
	for _, f := range a.DFF {
		// Its firers' enums first: the message below names the attack.
		if err := f.Firers.enums(); err != nil {
			return err
		}
		if !(f.FP >= 1 && f.FP <= 100) || f.DRM < -10 || f.DRM > 10 {
			return bound.Invalidf("dff", "%v: want FP 1…100 and DRM −10…+10", f)
		}
	}
	return validateLists(unitList{"target", a.Targets}, unitList{"thrower", a.Throwers}, unitList{"placer", a.Placer}, unitList{"setter", a.Setter})
}
