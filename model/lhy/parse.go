package lhy

import (
	"fmt"
	"math"
	"slices"
	"strings"

	dec "github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
)

// ParseUnit reads a unit as NAME:COHESION followed by options after
// commas: concealed, disrupted, non-combat, rnp, rider, on=VEHICLE,
// heroic, japanese or russian, av=N (Assault Value) and sav=N. Its ranges
// are checked here, as Validate checks them, so that an error quotes s;
// its name against the other units and vehicles by Validate.
func ParseUnit(s string) (Unit, error) {
	var u Unit
	head, opts, err := splitEntry(s, "COHESION")
	if err != nil {
		return u, err
	}
	u.Name = head.name
	u.Cohesion = head.value
	flags := map[string]*bool{
		"concealed": &u.Concealed, "disrupted": &u.Disrupted, "non-combat": &u.NonCombat,
		"rnp": &u.RNP, "rider": &u.Rider, "heroic": &u.Heroic,
	}
	numbers := map[string]*int{"av": &u.AssaultValue, "sav": &u.SAV}
	for _, o := range opts {
		key, val, hasVal := strings.Cut(o, "=")
		switch {
		case flags[key] != nil && !hasVal:
			*flags[key] = true
		case (key == "japanese" || key == "russian") && !hasVal:
			if u.Nationality != OtherNationality {
				return u, fmt.Errorf("%q: japanese and russian both given; give one", s)
			}
			u.Nationality = map[string]Nationality{"japanese": Japanese, "russian": Russian}[key]
		case numbers[key] != nil && hasVal:
			n, err := decimal(val)
			if err != nil {
				return u, fmt.Errorf("%q: %s=%s: want a whole number 0…%d", s, key, val, MaxRating)
			}
			*numbers[key] = n
		case key == "on" && val != "":
			u.On = val
		case slices.ContainsFunc(vehicleOptions, func(form string) bool { return strings.HasPrefix(form+"=", key+"=") }):
			return u, fmt.Errorf("%q: %s is an option of a vehicle (NAME:AV,%s), not of a unit", s, key, o)
		default:
			return u, fmt.Errorf("%q: %s", s, spell.UnknownOption(o, unitOptions, spell.Want(unitOptions)))
		}
	}
	if err := u.validate(); err != nil {
		return u, fmt.Errorf("%q: %w", s, err)
	}
	return u, nil
}

// unitOptions are ParseUnit's options, vehicleOptions ParseVehicle's, for
// the one a misspelt option meant (spell.Option).
var unitOptions = []string{"concealed", "disrupted", "non-combat", "rnp", "rider", "on=VEHICLE", "heroic", "japanese", "russian", "av=N", "sav=N"}
var vehicleOptions = []string{"eav=N", "atv=N", "afv", "towed-gun"}

// ParseVehicle reads a vehicle as NAME:AV followed by options after commas:
// eav=N, atv=N, afv and towed-gun, its ranges checked as ParseUnit's are.
func ParseVehicle(s string) (Vehicle, error) {
	v := Vehicle{EAV: -1}
	head, opts, err := splitEntry(s, "AV")
	if err != nil {
		return v, err
	}
	v.Name, v.AV = head.name, head.value
	for _, o := range opts {
		key, val, hasVal := strings.Cut(o, "=")
		switch {
		case key == "afv" && !hasVal:
			v.AFV = true
		case key == "towed-gun" && !hasVal:
			v.TowedGun = true
		case (key == "eav" || key == "atv") && hasVal:
			most := MaxRating
			if key == "eav" {
				most = MaxArmor
			}
			// −1 is the EAV's "none" inside the model; given, it is out of range.
			n, err := decimal(val)
			switch {
			case err != nil:
				return v, fmt.Errorf("%q: %s=%s: want a whole number 0…%d", s, key, val, most)
			case n < 0:
				// Said as the range check of a value past the top is.
				return v, fmt.Errorf("%q: %s %d outside 0…%d", s, key, n, most)
			}
			if key == "eav" {
				v.EAV = n
			} else {
				v.ATV = n
			}
		default:
			return v, fmt.Errorf("%q: %s", s, spell.UnknownOption(o, vehicleOptions, spell.Want(vehicleOptions)))
		}
	}
	if err := v.validate(); err != nil {
		return v, fmt.Errorf("%q: %w", s, err)
	}
	return v, nil
}

// ParseATFire reads VEHICLE=N, one ATDRM against a vehicle.
func ParseATFire(s string) (ATFire, error) {
	name, val, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return ATFire{}, fmt.Errorf("%q: want VEHICLE=N, e.g. tank=2", s)
	}
	n, err := decimal(val)
	if err != nil {
		return ATFire{}, fmt.Errorf("%q: %w; want VEHICLE=N, e.g. tank=2", s, err)
	}
	return ATFire{Vehicle: name, DRM: n}, nil
}

type entryHead struct {
	name  string
	value int
}

// splitEntry splits NAME:N,opt,opt… and rejects an option given twice.
func splitEntry(s, what string) (entryHead, []string, error) {
	var h entryHead
	parts := strings.Split(s, ",")
	name, val, ok := strings.Cut(parts[0], ":")
	if !ok {
		example := "rifle1:7"
		if what == "AV" {
			example = "tank:8"
		}
		return h, nil, fmt.Errorf("%q: want NAME:%s, e.g. %s", s, what, example)
	}
	if err := ValidName(name); err != nil {
		return h, nil, fmt.Errorf("%q: %w", s, err)
	}
	n, err := decimal(val)
	if err != nil {
		return h, nil, fmt.Errorf("%q: %s %w", s, what, err)
	}
	h.name, h.value = name, n
	opts := parts[1:]
	seen := map[string]bool{}
	for _, o := range opts {
		key, _, _ := strings.Cut(o, "=")
		if o == "" {
			return h, nil, fmt.Errorf("%q: an empty option", s)
		}
		if seen[key] {
			return h, nil, fmt.Errorf("%q: option %s given twice", s, key)
		}
		seen[key] = true
	}
	return h, opts, nil
}

// decimal reads a whole number written in decimal, with an optional sign:
// no 0x, 0o or 1_000 forms.
func decimal(s string) (int, error) {
	n, err := dec.ParseInt(s, math.MinInt, math.MaxInt)
	switch {
	case dec.OutOfRange(err):
		return 0, fmt.Errorf("%q is far out of range", s)
	case err != nil:
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return int(n), nil
}
