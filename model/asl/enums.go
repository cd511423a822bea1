package asl

import "github.com/sapperhq/sapper/model/bound"

// known is a field of one of the package's enumerated types, its value
// and how many values the type names: a Go caller may put any number in
// one, and a value past the names would index past them (String) rather
// than be refused.
type known struct {
	field string
	v, n  int
}

// unknown is the first of ks whose value its type does not name.
func unknown(ks ...known) error {
	for _, k := range ks {
		if k.v < 0 || k.v >= k.n {
			return bound.Invalidf(k.field, "%d is out of range: %s values are 0…%d", k.v, k.field, k.n-1)
		}
	}
	return nil
}

// dcEnums are a DC attack's enumerated fields.
func (a DCAttack) dcEnums() error {
	return unknown(known{"mode", int(a.Mode), len(modeNames)}, known{"user", int(a.User), len(userNames)},
		known{"building", int(a.Building), len(buildingNames)}, known{"breach", int(a.Breach), len(breachNames)},
		known{"bridge", int(a.Bridge), len(bridgeNames)}, known{"roadblock", int(a.Roadblock), len(roadblockNames)},
		known{"ec", int(a.EC), len(ecNames)})
}

// fireEnums are a fire attack's enumerated fields.
func (a IFTAttack) fireEnums() error {
	return unknown(known{"weapon", int(a.Weapon), len(weaponNames)}, known{"firer", int(a.Firer), len(firerNames)},
		known{"firer-class", int(a.FirerClass), len(classNames)}, known{"firer-nationality", int(a.FirerNationality), len(nationalityNames)},
		known{"building", int(a.Building), len(buildingNames)}, known{"ec", int(a.EC), len(ecNames)})
}

// afvEnums are a DC attack on an AFV's enumerated fields.
func (a AFVAttack) afvEnums() error {
	return unknown(known{"mode", int(a.Mode), len(modeNames)}, known{"user", int(a.User), len(userNames)},
		known{"facing", int(a.Facing), len(facingNames)})
}

// enums are the enumerated fields of a Defensive Fire attack's firers,
// if it names them.
func (f *Firers) enums() error {
	if f == nil {
		return nil
	}
	return unknown(known{"dff", int(f.Class), len(classNames)}, known{"dff", int(f.Nationality), len(nationalityNames)})
}

// unitEnums are a unit's enumerated fields, checked before anything
// names the unit (its String reads them).
func (u Unit) unitEnums() error {
	return unknown(known{"kind", int(u.Kind), int(Hero) + 1}, known{"class", int(u.Class), len(classNames)})
}
