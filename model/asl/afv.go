package asl

import (
	"slices"

	"github.com/sapperhq/sapper/model/bound"
)

// AFVOptions are the modeling switches of a DC attack on an AFV: the
// Personnel ones of Options, for the units caught in it, and those of
// rules/asl.md §8.6, §8.8, §8.12 and §8.13. Use DefaultAFVOptions.
type AFVOptions struct {
	Options
	// HalveCollateralIfConcealed: a concealed AFV's PRC share its
	// concealment, so the Collateral Attack's 30 FP is halved (§8.6).
	HalveCollateralIfConcealed bool `json:"halve_collateral_if_concealed"`
	// HullPlusOneAlsoShocks: a TK DR one above the Final TK# on a hull
	// hit Shocks the AFV as well as Immobilizing it (§8.8).
	HullPlusOneAlsoShocks bool `json:"dc_hull_plus_one_also_shocks"`
	// AerialAFFallback: a worst AF of 14 or more with no Aerial AF given
	// uses 4, the highest confirmed value, and the result is unverified
	// (§8.12); off, the Aerial AF must be given.
	AerialAFFallback bool `json:"aerial_af_fallback"`
}

// DefaultAFVOptions returns the defaults of rules/asl.md §8.
func DefaultAFVOptions() AFVOptions {
	return AFVOptions{Options: DefaultOptions(), HalveCollateralIfConcealed: true}
}

// DefaultBasicTK is a DC's Basic To Kill number (C7.34 DC column, from the
// player aid; rules/asl.md §8.13).
const DefaultBasicTK = 16

// AFVAttack is one Demolition Charge attack predesignated against an AFV
// (A23.5, C7.346), or against an unarmored vehicle (A7.308), with the
// units in its Location and, for a Thrown DC, the thrower's Location.
type AFVAttack struct {
	Mode Mode `json:"mode"`
	// Vehicle names the preset the armor came from, if any.
	Vehicle string `json:"vehicle,omitempty"`
	Armor   Armor  `json:"armor"`
	// AerialAF is the Aerial AF (C7.12); −1 reads it off the C7.12 row
	// beneath the worst AF.
	AerialAF AF     `json:"aerial_af"`
	Facing   Facing `json:"facing"`
	// SameHex: Placed or Thrown from within the AFV's hex, so through its
	// Rear Target Facing (C7.346).
	SameHex bool `json:"same_hex"`
	// Motion: the AFV is non-Stopped or in Motion (+2 Position DRM).
	Motion    bool `json:"motion"`
	Concealed bool `json:"concealed"`
	// CE: the AFV is CE: +1 Position DRM, and its crew is a Vulnerable PRC.
	CE         bool `json:"ce"`
	OpenTopped bool `json:"open_topped"`
	Immobile   bool `json:"immobile"`
	// Bypass: the AFV is in Bypass in the Placer's or Thrower's hex (−2;
	// the DC then goes in through its rear).
	Bypass bool `json:"bypass"`
	// ElevationAdvantage: the DC user is at least one level above the AFV:
	// Case B reversed onto the Position DR (C7.22).
	ElevationAdvantage bool `json:"elevation_advantage"`
	// RedCS: the AFV's CS# is red: −1 on the TK DR for the burning-wreck
	// test only (D5.7).
	RedCS bool `json:"red_cs"`
	// CS is the Crew Survival number (D5.6).
	CS int `json:"cs"`
	// CrewML is the ML of the AFV's inherent crew for its TCs and the
	// Collateral Attack on it when CE (D5.1).
	CrewML  int `json:"crew_ml"`
	BasicTK int `json:"basic_tk"`

	CX          bool `json:"cx"`
	AFPh        bool `json:"afph"`
	FromVehicle bool `json:"from_vehicle"`
	// User is the class of the DC's user for its X# (A23.2): a thrower's,
	// UserOf(Throwers) when the Throwers start with him, which
	// ThrowerUser checks.
	User     User `json:"user"`
	Captured bool `json:"captured"`

	// Riders and Passengers are the AFV's PRC besides its crew; the
	// Passengers given are the CE ones, Vulnerable to Collateral Attack
	// (D.8). Others are the other units in the AFV's Location.
	Riders     []Unit `json:"riders,omitempty"`
	Passengers []Unit `json:"passengers,omitempty"`
	Others     []Unit `json:"others,omitempty"`
	// TEM is the TEM of the other units, against the Area Fire of a
	// Position DR ≥ 12 (C7.346) or an attack on an unarmored vehicle's
	// Location.
	TEM int `json:"tem"`
	// Throwers are the units in the thrower's Location, which a Thrown DC
	// attacks too (A23.6): the thrower first, when he is among them, whose
	// class User must then be (ThrowerUser).
	Throwers   []Unit `json:"throwers,omitempty"`
	ThrowerTEM int    `json:"thrower_tem"`
	// EnemyInfantry is the number of enemy Infantry units in a Set DC's
	// Location for its malfunction DR (A23.7); −1: every Rider, Passenger
	// and other unit.
	EnemyInfantry int `json:"enemy_infantry"`
	ELR           int `json:"elr"`

	Options AFVOptions `json:"options"`
}

// NewAFVAttack returns a Placed DC against armor through the side, with
// the defaults of rules/asl.md: the C7.12 Aerial AF, an elite user, CS# 6,
// a crew of ML 8, Basic TK# 16, ELR 3 and the §8 options.
func NewAFVAttack(mode Mode, armor Armor) AFVAttack {
	a := AFVAttack{Mode: mode, Armor: armor, AerialAF: -1, Facing: Side, CS: 6, CrewML: 8,
		BasicTK: DefaultBasicTK, EnemyInfantry: -1, ELR: 3, Options: DefaultAFVOptions()}
	surrender := a.dc().surrender()
	a.Options.Surrender = &surrender
	return a
}

// afvCase is how the DC meets the vehicle.
type afvCase uint8

const (
	// armoredFacing: a Position DR, then a To Kill DR (C7.346).
	armoredFacing afvCase = iota
	// unarmoredFacing: an AFV attacked through an unarmored Target
	// Facing, on the IFT vehicle line (C7.346; §8.37).
	unarmoredFacing
	// unarmoredVehicle: a vehicle with no armor, on the vehicle line; the
	// attack hits every occupant of the Location (A7.308).
	unarmoredVehicle
	// setVsAFV: a Set DC, which never harms an AFV but attacks its
	// Vulnerable PRC (A23.71; §8.38).
	setVsAFV
)

func (a AFVAttack) kase() afvCase {
	switch {
	case a.Armor.Unarmored():
		return unarmoredVehicle
	case a.Mode == Set:
		return setVsAFV
	case a.Armor.Hull[a.TargetFacing()] == Unarmored:
		return unarmoredFacing
	}
	return armoredFacing
}

// TargetFacing is the facing the DC goes in through: the Rear from within
// the AFV's own hex, which a vehicle in Bypass there is (C7.346).
func (a AFVAttack) TargetFacing() Facing {
	if a.SameHex || a.Bypass {
		return Rear
	}
	return a.Facing
}

// dc is the attack's DC as the Personnel model knows it, for its X#,
// malfunction and thrower's-Location rules.
func (a AFVAttack) dc() DCAttack {
	return DCAttack{Mode: a.Mode, CX: a.CX, AFPh: a.AFPh, FromVehicle: a.FromVehicle, User: a.User,
		Captured: a.Captured, ThrowerTEM: a.ThrowerTEM, EnemyInfantry: a.enemyInfantry(), Options: a.Options.Options}
}

func (a AFVAttack) enemyInfantry() int {
	if a.EnemyInfantry >= 0 {
		return a.EnemyInfantry
	}
	return len(a.Riders) + len(a.Passengers) + len(a.Others)
}

// aerial is the Aerial AF in use, and whether it is the unverified §8.12
// fallback.
func (a AFVAttack) aerial() (af AF, unverified bool) {
	if a.AerialAF >= 0 {
		return a.AerialAF, false
	}
	if af, ok := a.Armor.AerialAF(); ok {
		return af, false
	}
	return AerialAFFallback, true
}

// Unverified reports whether the result rests on the §8.12 fallback
// Aerial AF.
func (a AFVAttack) Unverified() bool {
	if a.kase() != armoredFacing {
		return false
	}
	_, u := a.aerial()
	return u
}

// MaxVehicleUnits is the most Riders, Passengers and other units the
// AFV's Location may hold in one attack.
const MaxVehicleUnits = MaxUnits

// Validate reports the first input that cannot be resolved, naming it.
func (a AFVAttack) Validate() error {
	if err := a.afvEnums(); err != nil {
		return err
	}
	k := a.kase()
	worst, armored := a.Armor.Worst()
	if err := a.Armor.validate(); err != nil {
		return bound.Invalidf("af", "%w", err)
	}
	switch {
	case a.AerialAF != -1 && !onScale(a.AerialAF):
		return bound.Invalidf("aerial-af", "%d is not an AF: want one of %s, or -1 to read it off the C7.12 row beneath the worst AF", a.AerialAF, afList())
	case a.AerialAF >= 0 && !armored:
		return bound.Invalidf("aerial-af", "the vehicle has no armor, so no Aerial AF")
	case a.AerialAF >= 0 && a.AerialAF > worst:
		return bound.Invalidf("aerial-af", "%d is above the worst AF %d; the Aerial AF is printed beneath it (C7.12)", a.AerialAF, worst)
	case k == armoredFacing && a.AerialAF < 0 && !a.Options.AerialAFFallback:
		if _, ok := a.Armor.AerialAF(); !ok {
			return bound.Invalidf("aerial-af", "required: the worst AF is %d and the C7.12 Aerial AF row is confirmed only up to 11 (rules/asl.md §8.12); give the counter's value, e.g. --aerial-af 4", worst)
		}
	}
	noPosition := ""
	switch k {
	case setVsAFV:
		noPosition = "a Set DC makes no Position DR against an AFV (A23.71)"
	case unarmoredFacing, unarmoredVehicle:
		noPosition = "a DC through an unarmored facing makes no Position DR (C7.346)"
	}
	outOfRange := firstOutOfRange(ranged{"cs", a.CS, MinCS, MaxCS, ""},
		ranged{"crew-ml", a.CrewML, MinCrewML, MaxCrewML, ""}, ranged{"basic-tk", a.BasicTK, MinBasicTK, MaxBasicTK, ""},
		ranged{"tem", a.TEM, MinTEM, MaxTEM, "TEM is never negative"},
		ranged{"thrower-tem", a.ThrowerTEM, MinTEM, MaxTEM, ""}, ranged{"elr", a.ELR, MinELR, MaxELR, ""})
	switch {
	case a.Mode == Set && (a.SameHex || a.Bypass):
		return bound.Invalidf("same-hex", "a Set DC is Set in the AFV's own Location; it is not Placed through a facing")
	case noPosition != "" && a.Motion:
		return bound.Invalidf("motion", "%s", noPosition)
	case noPosition != "" && a.Immobile:
		return bound.Invalidf("immobile", "%s", noPosition)
	case noPosition != "" && a.ElevationAdvantage:
		return bound.Invalidf("elevation-advantage", "%s", noPosition)
	case noPosition != "" && a.Bypass:
		return bound.Invalidf("bypass", "%s", noPosition)
	case k != armoredFacing && a.RedCS:
		return bound.Invalidf("red-cs", "the red CS# modifies a To Kill DR, which %s", map[bool]string{true: "a Set DC never makes (A23.71)", false: "the vehicle line has none (A7.308)"}[a.Mode == Set])
	case outOfRange != nil:
		return outOfRange
	case len(a.Riders)+len(a.Passengers)+len(a.Others) > MaxVehicleUnits:
		return bound.Invalidf("other", "at most %d Riders, Passengers and other units together in the AFV's Location", MaxVehicleUnits)
	case len(a.Throwers) > MaxUnits:
		return bound.Invalidf("thrower", "at most %d units in a Location", MaxUnits)
	case len(a.Throwers) > 0 && a.Mode != Thrown:
		return bound.Invalidf("thrower", "only a Thrown DC (--mode thrown) attacks the thrower's Location")
	case slices.ContainsFunc(a.Throwers, concealed):
		return bound.Invalidf("thrower", "concealed changes nothing there: the attack on the thrower's own Location is never halved for concealment (§8.16)")
	case unfitUser(a.Throwers):
		return bound.Invalidf("thrower", unfitUserWhy, a.Throwers[0])
	case a.ThrowerTEM != 0 && a.Mode != Thrown:
		return bound.Invalidf("thrower-tem", "only a Thrown DC attacks the thrower's Location")
	case a.AFPh && a.Mode != Thrown:
		return bound.Invalidf("afph", "the AFPh +1 is for a Thrown DC only (a Placed DC always detonates in the AFPh)")
	case a.FromVehicle && a.Mode != Thrown:
		return bound.Invalidf("from-vehicle", "only a Thrown DC is thrown from a vehicle or by Cavalry")
	case a.CX && a.Mode == Set:
		return bound.Invalidf("cx", "a Set DC has no CX DRM (A23.71)")
	case a.EnemyInfantry < -1 || a.EnemyInfantry > 2*MaxUnits:
		return bound.Invalidf("enemy-infantry", "%d outside 0…%d (or −1: every Rider, Passenger and other unit)", a.EnemyInfantry, 2*MaxUnits)
	case a.EnemyInfantry >= 0 && a.Mode != Set:
		return bound.Invalidf("enemy-infantry", "only a Set DC's malfunction counts enemy Infantry (A23.7)")
	}
	return validateLists(unitList{"rider", a.Riders}, unitList{"passenger", a.Passengers}, unitList{"other", a.Others}, unitList{"thrower", a.Throwers})
}

func onScale(v AF) bool {
	for _, s := range afScale {
		if s == v {
			return true
		}
	}
	return false
}
