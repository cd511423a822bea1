package lhy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/model/bound"
)

// Validate checks the attack against the ranges of rules/lhy.md L8 and
// rejects inputs that cannot apply: each error starts with the command-line
// flag at fault ("mfa-mv: …") and names the other flag it needs. It checks
// the attack as Experiment runs it, normalized (Normalize), on a copy: a
// mortar's DRM with no Mortar Value is one of MV 1.
func (a FireAttack) Validate() error {
	n := a
	n.Units = slices.Clone(a.Units)
	n.Normalize()
	return n.validate()
}

// validate is Validate of a normalized attack.
func (a *FireAttack) validate() error {
	if int(a.Options.CohesionFail) >= len(cohesionFailNames) {
		return bound.Invalidf("rule", "%s: want casualty or disrupt", a.Options.CohesionFail)
	}
	if err := a.validateFire(); err != nil {
		return err
	}
	if err := a.validateHex(); err != nil {
		return err
	}
	return a.validateApplies()
}

func drmError(flag string, drm int) error {
	return bound.Invalidf(flag, "%+d outside %d…%+d (a d10 DRM)", drm, MinDRM, MaxDRM)
}

func inDRMRange(drm int) bool { return drm >= MinDRM && drm <= MaxDRM }

func (a *FireAttack) validateFire() error {
	if len(a.SADRM) > MaxSADRM {
		return bound.Invalidf("sadrm", "%d given; at most %d, one per firing nationality", len(a.SADRM), MaxSADRM)
	}
	for _, d := range a.SADRM {
		if !inDRMRange(d) {
			return drmError("sadrm", d)
		}
	}
	switch {
	case a.MDRM == nil && a.MV != 0:
		return bound.Invalidf("mfa-mv", "a Mortar Value needs the mortar's --mdrm")
	case a.MDRM != nil && !inDRMRange(*a.MDRM):
		return drmError("mdrm", *a.MDRM)
	case a.MDRM != nil && (a.MV < MinMV || a.MV > MaxMV):
		return bound.Invalidf("mfa-mv", "%d outside %d…%d", a.MV, MinMV, MaxMV)
	}
	perVehicle := make([]int, len(a.Vehicles))
	for _, f := range a.AT {
		spec := fmt.Sprintf("%s=%d", f.Vehicle, f.DRM)
		v := a.vehicleIndex(f.Vehicle)
		switch {
		case v < 0:
			return bound.InvalidValue("atdrm", spec, "%q names no --vehicle%s", f.Vehicle, a.vehicleChoices())
		case !inDRMRange(f.DRM):
			return bound.InvalidValue("atdrm", spec, "%+d outside %d…%+d (a d10 DRM)", f.DRM, MinDRM, MaxDRM)
		}
		if perVehicle[v]++; perVehicle[v] > MaxATDRM {
			return bound.Invalidf("atdrm", "more than %d against %s; at most one per firing nationality", MaxATDRM, f.Vehicle)
		}
	}
	if len(a.SADRM) == 0 && a.MDRM == nil && len(a.AT) == 0 {
		return bound.Invalidf("sadrm", "nothing fires; give --sadrm, --mdrm or --atdrm")
	}
	return nil
}

func (a *FireAttack) vehicleChoices() string {
	if len(a.Vehicles) == 0 {
		return ""
	}
	names := make([]string, len(a.Vehicles))
	for i, v := range a.Vehicles {
		names[i] = v.Name
	}
	return "; want one of " + strings.Join(names, ", ")
}

func (a *FireAttack) validateHex() error {
	switch {
	case len(a.Units) > MaxUnits:
		return bound.Invalidf("target", "%d units; at most %d in a hex", len(a.Units), MaxUnits)
	case len(a.Vehicles) > MaxVehicles:
		return bound.Invalidf("vehicle", "%d vehicles; at most %d in a hex", len(a.Vehicles), MaxVehicles)
	case a.Leader != nil && !inRating(*a.Leader):
		return bound.Invalidf("leader", "Cohesion %d outside 0…%d", *a.Leader, MaxRating)
	}
	seen := map[string]string{}
	for _, u := range a.Units {
		if err := checkName("target", u.Name, seen); err != nil {
			return err
		}
		if err := u.validate(); err != nil {
			return bound.InvalidValue("target", u.Name, "%w", err)
		}
	}
	for _, v := range a.Vehicles {
		if err := checkName("vehicle", v.Name, seen); err != nil {
			return err
		}
		if err := v.validate(); err != nil {
			return bound.InvalidValue("vehicle", v.Name, "%w", err)
		}
	}
	for _, u := range a.Units {
		if err := a.validateAboard(u); err != nil {
			return bound.InvalidValue("target", u.Name, "%w", err)
		}
	}
	return nil
}

func inRating(x int) bool { return x >= 0 && x <= MaxRating }

// checkName rejects a name that is malformed, reserved or already taken by
// a unit or vehicle: names become metric names and on= references.
func checkName(flag, name string, seen map[string]string) error {
	if err := ValidName(name); err != nil {
		return bound.Invalidf(flag, "%w", err)
	}
	if other, dup := seen[name]; dup {
		// The message names the unit by its name, all the model keeps of
		// what was written, and says how to tell two of them apart.
		fix := "give each unit and vehicle its own"
		if len(name)+1 <= maxName {
			fix += fmt.Sprintf(", such as %s1 and %s2", name, name)
		}
		return bound.InvalidValue(flag, name, "a --%s has that name too; %s", other, fix)
	}
	seen[name] = flag
	return nil
}

// maxName bounds a name, which heads table rows and metric names.
const maxName = 24

// ValidName accepts a unit or vehicle name: a letter or digit, then
// letters, digits, '-' and '_', at most 24 in all; "none" is the selected
// metric's label for no target.
func ValidName(name string) error {
	if name == "" {
		return fmt.Errorf("an empty name; want a name such as rifle1")
	}
	if len(name) > maxName {
		return fmt.Errorf("%q: a name of at most %d characters", name, maxName)
	}
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || i > 0 && (r == '-' || r == '_')
		if !ok {
			return fmt.Errorf("%q: a name is ASCII letters, digits, - and _, starting with a letter or digit", name)
		}
	}
	if name == noneLabel {
		return fmt.Errorf("%q is reserved (the selected metric's label for no target)", name)
	}
	return nil
}

func (u Unit) validate() error {
	if int(u.Nationality) >= len(nationalityNames) {
		return fmt.Errorf("%s: want japanese, russian or neither", u.Nationality)
	}
	for _, r := range []struct {
		what string
		x    int
	}{{"Cohesion", u.Cohesion}, {"av", u.AssaultValue}, {"sav", u.SAV}} {
		if !inRating(r.x) {
			return fmt.Errorf("%s %d outside 0…%d", r.what, r.x, MaxRating)
		}
	}
	return nil
}

func (v Vehicle) validate() error {
	switch {
	case v.AV < 0 || v.AV > MaxArmor:
		return fmt.Errorf("AV %d outside 0…%d", v.AV, MaxArmor)
	case v.EAV < -1 || v.EAV > MaxArmor:
		return fmt.Errorf("eav %d outside 0…%d", v.EAV, MaxArmor)
	case !inRating(v.ATV):
		return fmt.Errorf("atv %d outside 0…%d", v.ATV, MaxRating)
	case v.AFV && v.TowedGun:
		return fmt.Errorf("afv and towed-gun: a towed Gun is not an AFV")
	}
	return nil
}

// validateAboard checks what an RNP rides (rules/lhy.md L6).
func (a *FireAttack) validateAboard(u Unit) error {
	if !u.aboard() {
		if u.On != "" {
			return fmt.Errorf("on=%s needs rnp or rider", u.On)
		}
		return nil
	}
	_, err := a.carrierOf(u)
	return err
}

// carrierOf is the index of the vehicle an RNP rides.
func (a *FireAttack) carrierOf(u Unit) (int, error) {
	if u.On == "" {
		if c := a.soleCarrier(); c >= 0 {
			return c, nil
		}
		if n, _ := a.carriers(); n == 0 {
			return -1, fmt.Errorf("rnp or rider with no --vehicle to be aboard (a towed Gun carries no one)")
		}
		return -1, fmt.Errorf("rnp or rider: name its vehicle with on=VEHICLE%s", a.vehicleChoices())
	}
	v := a.vehicleIndex(u.On)
	switch {
	case v < 0:
		return -1, fmt.Errorf("on=%s names no --vehicle%s", u.On, a.vehicleChoices())
	case a.Vehicles[v].TowedGun:
		return -1, fmt.Errorf("on=%s: a towed Gun carries no one", u.On)
	}
	return v, nil
}

// validateApplies rejects inputs that this fire cannot make matter.
func (a *FireAttack) validateApplies() error {
	smallArms := len(a.SADRM) > 0 || a.MDRM != nil
	towed, struck := false, false
	for _, v := range a.Vehicles {
		towed = towed || v.TowedGun
		struck = struck || !v.TowedGun
	}
	switch {
	case len(a.SADRM) > 0 && len(a.Units) == 0:
		return bound.Invalidf("sadrm", "no --target to fire at")
	case a.MDRM != nil && len(a.Units) == 0 && len(a.Vehicles) == 0:
		return bound.Invalidf("mdrm", "no --target or --vehicle to fire at")
	case a.Leader != nil && len(a.Units) == 0:
		return bound.Invalidf("leader", "no --target to lead")
	case a.Leader != nil && !smallArms:
		return bound.Invalidf("leader", "its −1 applies to a --sadrm or --mdrm result only (never against vehicles)")
	case a.OpenTerrain && len(a.Vehicles) == 0:
		return bound.Invalidf("open-terrain", "it matters to Collateral Damage only, which needs a --vehicle")
	case a.OpenTerrain && len(a.AT) == 0 && !(a.MDRM != nil && struck):
		// Not read off --mfa-mv, which a sweep varies: a Mortar Value
		// below 2 leaves it meaningless at that value only.
		return bound.Invalidf("open-terrain", "it matters to Collateral Damage only, and no vehicle can be Destroyed here: give --atdrm, or a --mdrm with an --mfa-mv of %d or more against a vehicle that is not a towed Gun (13.3.7, 13.1.7)", mortarSpecialMV)
	case a.IP && !a.OpenTerrain:
		return bound.Invalidf("ip", "an IP matters to the open-terrain step of Collateral Damage only; give --open-terrain")
	case a.Assault && !a.OpenTerrain:
		return bound.Invalidf("assault", "an Assault matters to the open-terrain step of Collateral Damage only; give --open-terrain")
	case a.MV >= mortarSpecialMV && !struck:
		return bound.Invalidf("mfa-mv", "a Mortar Value of %d or more matters only to its roll of 10 against a --vehicle that is not a towed Gun (13.1.7, L4); there is none", mortarSpecialMV)
	case a.ATFromMG && len(a.AT) == 0:
		return bound.Invalidf("at-from-mg", "no anti-tank fire; give --atdrm")
	case a.ATFromMG && !towed:
		return bound.Invalidf("at-from-mg", "it spares towed Guns only; no --vehicle is a towed-gun")
	}
	return a.validateVehiclesReached()
}

// validateVehiclesReached rejects a vehicle this fire cannot touch: no
// --atdrm names it, no mortar fires (whose roll of 10 may Destroy or
// Shock any vehicle but a towed Gun, L4), no unit rides it, and it is not
// a towed Gun that Collateral Damage after anti-tank fire may destroy
// (L6). It would show "unaffected" whatever the dice.
func (a *FireAttack) validateVehiclesReached() error {
	if a.MDRM != nil {
		return nil
	}
	for i, v := range a.Vehicles {
		reached := v.TowedGun && len(a.AT) > 0
		for _, f := range a.AT {
			reached = reached || f.Vehicle == v.Name
		}
		for _, u := range a.Units {
			if c, err := a.carrierOf(u); u.aboard() && err == nil && c == i {
				reached = true
			}
		}
		if !reached {
			return bound.InvalidValue("vehicle", v.Name, "nothing here can touch it: no --atdrm names it, no --mdrm fires and no unit rides it")
		}
	}
	return nil
}
