package asl

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/internal/enum"
)

// Weapon is what makes an attack on the IFT, as Table 23 tells weapons
// apart (rules/asl.md §7.4).
type Weapon uint8

const (
	SmallArms Weapon = iota // Infantry or vehicle small arms: no Table 23 effect
	HE                      // ordnance HE; Rubble from 70mm (Table 23)
	HEAT
	FFE             // a HE FFE not declared Harassing: a Concentration (C1.7, §8.55)
	ConcentratedFFE // a declared Concentration
	HarassingFFE    // Harassing Fire (C1.72): no Shellholes
	AerialBomb
	Rocket
	Flamethrower
	WP // a WP round or grenade: the Flame DR only, no IFT attack here
)

var weaponNames = [...]string{"small-arms", "he", "heat", "ffe", "concentrated-ffe", "harassing-ffe", "aerial-bomb", "rocket", "ft", "wp"}

func (w Weapon) String() string               { return enum.Name("Weapon", weaponNames[:], w) }
func (w Weapon) MarshalText() ([]byte, error) { return enum.Text("Weapon", weaponNames[:], w) }

// ParseWeapon reads a weapon name.
func ParseWeapon(s string) (Weapon, error) {
	for i, n := range weaponNames {
		if s == n {
			return Weapon(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(weaponNames[:], ", "))
}

// IsFFE reports an OBA Fire For Effect of any kind.
func (w Weapon) IsFFE() bool { return w == FFE || w == ConcentratedFFE || w == HarassingFFE }

// Firer is who makes the attack, for Cowering (A7.9): only Infantry
// firers cower; SMC-only attacks, berserk units, Fire Lanes, ordnance,
// vehicles, aircraft and OBA never do.
type Firer uint8

const (
	InfantryFirer Firer = iota
	SMCFirer
	BerserkFirer
	FireLaneFirer
	OrdnanceFirer
	VehicleFirer
	AircraftFirer
	FFEFirer
)

var firerNames = [...]string{"infantry", "smc", "berserk", "fire-lane", "ordnance", "vehicle", "aircraft", "ffe"}

func (f Firer) String() string               { return enum.Name("Firer", firerNames[:], f) }
func (f Firer) MarshalText() ([]byte, error) { return enum.Text("Firer", firerNames[:], f) }

// ParseFirer reads a firer kind.
func ParseFirer(s string) (Firer, error) {
	for i, n := range firerNames {
		if s == n {
			return Firer(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(firerNames[:], ", "))
}

// firersOf lists the firers that can make an attack with weapon w; the
// first is the default.
func firersOf(w Weapon) []Firer {
	switch w {
	case SmallArms:
		return []Firer{InfantryFirer, SMCFirer, BerserkFirer, FireLaneFirer, VehicleFirer}
	case Flamethrower:
		return []Firer{InfantryFirer, SMCFirer, BerserkFirer, VehicleFirer}
	case HE, HEAT:
		return []Firer{OrdnanceFirer, VehicleFirer}
	case Rocket:
		return []Firer{OrdnanceFirer, VehicleFirer, AircraftFirer, FFEFirer}
	case AerialBomb:
		return []Firer{AircraftFirer}
	case FFE, ConcentratedFFE, HarassingFFE:
		return []Firer{FFEFirer}
	}
	return nil // WP: no IFT attack
}

// DefaultFirer is who usually makes an attack with weapon w.
func DefaultFirer(w Weapon) Firer {
	if f := firersOf(w); len(f) > 0 {
		return f[0]
	}
	return InfantryFirer
}

// Nationality is the firer's nationality where Cowering cares (A7.9):
// British Elite and 1st Line units and Finns never cower.
type Nationality uint8

const (
	OtherNationality Nationality = iota
	British
	Finnish
)

var nationalityNames = [...]string{"other", "british", "finnish"}

func (n Nationality) String() string { return enum.Name("Nationality", nationalityNames[:], n) }
func (n Nationality) MarshalText() ([]byte, error) {
	return enum.Text("Nationality", nationalityNames[:], n)
}

// ParseNationality reads other, british or finnish.
func ParseNationality(s string) (Nationality, error) {
	for i, n := range nationalityNames {
		if s == n {
			return Nationality(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want other, british or finnish", s)
}

func (c Class) MarshalText() ([]byte, error) { return enum.Text("Class", classNames[:], c) }

// ParseClass reads a Class name.
func ParseClass(s string) (Class, error) {
	for i, n := range classNames {
		if s == n {
			return Class(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(classNames[:], ", "))
}

// FireOptions are the modeling switches of a fire attack: the Personnel
// ones of Options, for the units it hits, and those of rules/asl.md
// §8.53–8.59. Use DefaultFireOptions.
type FireOptions struct {
	Options
	// Table23Unhalved: Table 23 reads the attack's column before the
	// halving for concealment or Area Fire (§8.53); off, the highest
	// column used against the Location's units.
	Table23Unhalved bool `json:"table23_unhalved"`
	// WPDRMsAdd: WP's Flame DRMs, −1 for a Dry EC and −2 in a building,
	// add up (§8.53); off, only the larger applies.
	WPDRMsAdd bool `json:"wp_drms_add"`
	// CoweringShiftsTable23: Table 23 reads the column the Cowering left
	// (§8.54); off, the column before Cowering.
	CoweringShiftsTable23 bool `json:"cowering_shifts_table23"`
	// FFEIgnoresConcealment: an FFE is never halved against concealed
	// targets (C1.56, §8.55).
	FFEIgnoresConcealment bool `json:"ffe_ignores_concealment"`
	// FFEIsConcentration: a plain FFE is a Concentration and places
	// Shellholes (C1.7, §8.55); off, only a declared one does.
	FFEIsConcentration bool `json:"ffe_is_concentration"`
	// ShellholeCalibreRocketsOnly: "≥ 150mm" limits rockets only (§8.56);
	// off, Concentrations and aerial bombs need 150mm too.
	ShellholeCalibreRocketsOnly bool `json:"shellhole_calibre_rockets_only"`
	// ShellholeNoFlame: a Location that gets a Shellhole gets no Flame
	// (B2.1, §8.56).
	ShellholeNoFlame bool `json:"shellhole_no_flame"`
	// RubbleBombsRockets: aerial bombs, and rockets of 70mm or more,
	// Rubble like HE ≥ 70mm (§8.57).
	RubbleBombsRockets bool `json:"rubble_bombs_rockets"`
	// WPFortified: WP's Flame DR takes −1 in a Fortified building
	// (B23.94, §8.59).
	WPFortified bool `json:"wp_fortified"`
}

// DefaultFireOptions returns the defaults of rules/asl.md §8 for a fire
// attack: no surrender, since the firer is rarely ADJACENT (§8.61).
func DefaultFireOptions() FireOptions {
	o := FireOptions{
		Options:                     DefaultOptions(),
		Table23Unhalved:             true,
		WPDRMsAdd:                   true,
		CoweringShiftsTable23:       true,
		FFEIgnoresConcealment:       true,
		FFEIsConcentration:          true,
		ShellholeCalibreRocketsOnly: true,
		ShellholeNoFlame:            true,
		RubbleBombsRockets:          true,
		WPFortified:                 true,
	}
	surrender := false
	o.Surrender = &surrender
	return o
}

// IFTAttack is any attack on the IFT against one Location (rules/asl.md
// §7.4) — small arms, ordnance HE or HEAT, an FFE, an aerial bomb, a
// rocket, a flamethrower — with the Table 23 effects of its weapon on the
// terrain; or, with no FP, the Flame check of WP or the Rubble check of an
// AFV entering a building.
type IFTAttack struct {
	// FP is the attack's FP (fractions kept); 0 for WP and an AFV entering
	// a building, which make no IFT attack.
	FP     float64 `json:"fp"`
	Weapon Weapon  `json:"weapon"`
	// Calibre in mm, for HE (Rubble from 70mm) and rockets (Rubble from
	// 70mm, §8.57; Shellholes from 150mm, §8.56).
	Calibre int `json:"calibre,omitempty"`

	// Firer, FirerClass and FirerNationality decide Cowering (A7.9,
	// A19.33); LeaderDirected switches it off.
	Firer            Firer       `json:"firer"`
	FirerClass       Class       `json:"firer_class"`
	FirerNationality Nationality `json:"firer_nationality"`
	LeaderDirected   bool        `json:"leader_directed"`
	// AreaFire and Concealed each halve the FP; halvings compound (A7.23).
	AreaFire  bool `json:"area_fire"`
	Concealed bool `json:"concealed"`

	Targets []Unit `json:"targets"`
	// TEM is the target Location's TEM (never negative, §8.42; none
	// against a FT, §8.58); DRM every other DRM of the attack.
	TEM int `json:"tem"`
	DRM int `json:"drm"`
	ELR int `json:"elr"`

	// The target Location's terrain, for Table 23. Building does not set
	// TEM: Building.TEM(Fortified) is its own (B23.921), as sapper fire sets
	// it unless --tem is given.
	Building          Building    `json:"building"`
	Fortified         bool        `json:"fortified"`
	Level             int         `json:"level"`
	Top               int         `json:"top"`
	Terrain           string      `json:"terrain,omitempty"`
	EC                EC          `json:"ec"`
	AFVEntersBuilding bool        `json:"afv_enters_building"`
	BogDRM            int         `json:"bog_drm"` // the colored dr modifiers of the entering AFV's Bog Check (§8.53)
	Options           FireOptions `json:"options"`
}

// NewIFTAttack returns an attack of fp FP by Infantry small arms with the
// defaults of rules/asl.md: ELR 3, Moderate EC and the §8 options.
func NewIFTAttack(fp float64, targets ...Unit) IFTAttack {
	return IFTAttack{FP: fp, Targets: targets, ELR: 3, EC: Moderate, Options: DefaultFireOptions()}
}

// MaxFP bounds an attack's FP: beyond the 36+ column it changes nothing.
const MaxFP = 200
