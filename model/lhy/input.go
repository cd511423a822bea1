package lhy

import (
	"fmt"

	"github.com/sapperhq/sapper/internal/enum"
)

// Limits of an attack (rules/lhy.md L8, and the number of rolls a fire
// action makes).
const (
	MaxUnits    = 12
	MaxVehicles = 6
	// MaxSADRM bounds the firing nationalities, one SADRM each.
	MaxSADRM = 6
	// MaxATDRM bounds the ATDRMs against one vehicle, one per firing
	// nationality.
	MaxATDRM = 6
	MinDRM   = -9
	MaxDRM   = 9
	// MaxRating bounds Cohesion, ATV, Assault Value and SAV.
	MaxRating = 10
	// MaxArmor bounds a vehicle's AV and EAV (L8): a Final result reaches
	// 19 and a roll of 10 Shocks up to EAV 21, so a heavy tank's AV 12–14
	// is ordinary input.
	MaxArmor = 21
	MinMV    = 1
	MaxMV    = 5
)

// Nationality matters only where the rules single out Japanese and Russian
// units: a Casualty instead of a Disruption from fire (13.1.5), Regrouping
// instead of Disruption otherwise, and no Cohesion check.
type Nationality uint8

const (
	OtherNationality Nationality = iota
	Japanese
	Russian
)

var nationalityNames = []string{"", "japanese", "russian"}

func (n Nationality) String() string { return enum.Name("Nationality", nationalityNames, n) }

// MarshalText writes the nationality as the unit option that sets it.
func (n Nationality) MarshalText() ([]byte, error) {
	return enum.Text("Nationality", nationalityNames, n)
}

// fanatic reports a Japanese or Russian unit.
func (n Nationality) fanatic() bool { return n != OtherNationality }

// Unit is one non-vehicular unit in the target hex.
type Unit struct {
	Name     string `json:"name"`
	Cohesion int    `json:"cohesion"`
	// Concealed, Disrupted and NonCombat set the unit's target priority
	// group (13.1.3).
	Concealed bool `json:"concealed"`
	Disrupted bool `json:"disrupted"`
	NonCombat bool `json:"non_combat"`
	// RNP: Riders and Passengers, aboard the vehicle named On. A Rider is
	// an RNP that also unloads and checks when its AFV is Shocked.
	RNP   bool   `json:"rnp"`
	Rider bool   `json:"rider"`
	On    string `json:"on,omitempty"`
	// Heroic: a Heroic unit suffers a Casualty rather than Disrupting.
	Heroic      bool        `json:"heroic"`
	Nationality Nationality `json:"nationality,omitempty"`
	// AssaultValue and SAV break ties of Cohesion in target selection.
	AssaultValue int `json:"av"`
	SAV          int `json:"sav"`
}

// aboard reports a unit that rides a vehicle when the fire begins.
func (u Unit) aboard() bool { return u.RNP || u.Rider }

// Vehicle is one vehicle in the target hex; a towed Gun is entered as a
// vehicle too (rules/lhy.md L6).
type Vehicle struct {
	Name string `json:"name"`
	AV   int    `json:"av"`
	// EAV is the Effective Armor Value an ATDRM result is compared with
	// when it differs from the AV; −1: none, the AV counts. ParseVehicle
	// sets −1 unless the text gives one; a literal's 0 is an EAV of 0.
	EAV int `json:"eav"`
	// ATV > 0 makes its Destruction by anti-tank fire cause Collateral
	// Damage (13.3.6).
	ATV      int  `json:"atv"`
	AFV      bool `json:"afv"`
	TowedGun bool `json:"towed_gun"`
}

// armor is the [E]AV that anti-tank results are read against (§3).
func (v Vehicle) armor() int {
	if v.EAV >= 0 {
		return v.EAV
	}
	return v.AV
}

// ATFire is one ATDRM against a vehicle: one roll (rules/lhy.md L5).
type ATFire struct {
	Vehicle string `json:"vehicle"`
	DRM     int    `json:"drm"`
}

// CohesionFail is what a failed Cohesion check does (rules/lhy.md [M1]).
type CohesionFail uint8

const (
	// FailCasualty: the unit suffers a Casualty (the default reading).
	FailCasualty CohesionFail = iota
	// FailDisrupt: the unit Disrupts, and nothing more if it already is.
	FailDisrupt
)

var cohesionFailNames = []string{"casualty", "disrupt"}

func (c CohesionFail) String() string { return enum.Name("CohesionFail", cohesionFailNames, c) }

// MarshalText writes the reading as --rule cohesion-fail takes it.
func (c CohesionFail) MarshalText() ([]byte, error) {
	return enum.Text("CohesionFail", cohesionFailNames, c)
}

// CohesionFailNames are the readings of a failed Cohesion check ([M1]).
func CohesionFailNames() []string { return []string{FailCasualty.String(), FailDisrupt.String()} }

// ParseCohesionFail reads "casualty" or "disrupt".
func ParseCohesionFail(s string) (CohesionFail, error) {
	for _, c := range []CohesionFail{FailCasualty, FailDisrupt} {
		if s == c.String() {
			return c, nil
		}
	}
	return 0, fmt.Errorf("%q: want casualty or disrupt", s)
}

// Options are the modeling decisions of rules/lhy.md that have more than
// one reading.
type Options struct {
	CohesionFail CohesionFail `json:"cohesion_fail"`
}

// FireAttack is one fire resolution against a hex.
type FireAttack struct {
	// SADRM holds one small-arms DRM per firing nationality.
	SADRM []int `json:"sadrm"`
	// MDRM is the hex's mortar DRM, nil for none; MV is the Mortar Value
	// of a Mortar Fire Action (0 with no MDRM).
	MDRM *int `json:"mdrm"`
	MV   int  `json:"mfa_mv"`
	// AT holds the ATDRMs, each naming its target vehicle.
	AT       []ATFire  `json:"atdrm"`
	Units    []Unit    `json:"units"`
	Vehicles []Vehicle `json:"vehicles"`
	// Leader is the Cohesion of an undisrupted platoon leader stacked with
	// the units, nil for none. It never is a target (rules/lhy.md L1).
	Leader *int `json:"leader"`
	// OpenTerrain, IP and Assault decide the open-terrain step of
	// Collateral Damage; ATFromMG spares towed Guns from it (13.3.7).
	OpenTerrain bool    `json:"open_terrain"`
	IP          bool    `json:"ip"`
	Assault     bool    `json:"assault"`
	ATFromMG    bool    `json:"at_from_mg"`
	Options     Options `json:"rules"`
}

// Normalize writes out what the inputs imply: a Rider is an RNP, an RNP
// rides the one vehicle that is not a towed Gun when it names none, and a
// mortar with no Mortar Value given has MV 1 (no roll-of-10 effect).
// Invalid inputs are left for Validate to report.
func (a *FireAttack) Normalize() {
	if a.MDRM != nil && a.MV == 0 {
		a.MV = 1
	}
	carrier := a.soleCarrier()
	for i := range a.Units {
		u := &a.Units[i]
		if u.Rider {
			u.RNP = true
		}
		if u.RNP && u.On == "" && carrier >= 0 {
			u.On = a.Vehicles[carrier].Name
		}
	}
}

// soleCarrier is the index of the only vehicle that can carry units, or −1
// when there is none or more than one (rules/lhy.md L6).
func (a *FireAttack) soleCarrier() int {
	if n, last := a.carriers(); n == 1 {
		return last
	}
	return -1
}

// carriers counts the vehicles that can carry units, every one but a towed
// Gun, and gives the index of the last of them.
func (a *FireAttack) carriers() (n, last int) {
	last = -1
	for i, v := range a.Vehicles {
		if !v.TowedGun {
			n, last = n+1, i
		}
	}
	return n, last
}

// vehicleIndex finds a vehicle by name, −1 if none.
func (a *FireAttack) vehicleIndex(name string) int {
	for i, v := range a.Vehicles {
		if v.Name == name {
			return i
		}
	}
	return -1
}
