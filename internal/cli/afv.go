package cli

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

var afvCommand = &command{
	name:    "afv",
	summary: "DC vs AFV: Position DR, To Kill, collateral (rules/asl.md §5)",
	prepare: prepareAFV,
	help:    writeAFVHelp,
}

// afvFlags holds the raw values of the afv flags; resolve turns them into
// an asl.AFVAttack.
type afvFlags struct {
	mode               string
	af, vehicle        string
	aerialAF           string
	facing             string
	sameHex, motion    bool
	concealed, ce      bool
	openTopped         bool
	immobile, bypass   bool
	elevationAdvantage bool
	redCS              bool
	cs, crewML         int
	basicTK            int
	cx, afph           bool
	fromVehicle        bool
	user               string
	captured           bool
	riders             []string
	passengers         []string
	others             []string
	tem                int
	throwers           []string
	throwerTEM         int
	enemyInfantry      int
	elr                int
	noHoB              bool
	rules              []string
	common             commonFlags
}

func (f *afvFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("afv", pflag.ContinueOnError)
	g.SortFlags = false
	g.StringVar(&f.mode, "mode", "placed", "how the DC is used, `MODE`: placed, thrown or set,\ne.g. --mode thrown")
	g.StringVar(&f.af, "af", "", "the vehicle's `ARMOR`, hull=F/S/R,turret=F/S/R (front,\nside and rear AFs: 0 1 2 3 4 6 8 11 14 18 26, or -\nunarmored); one F/S/R gives both, instead of --vehicle,\ne.g. --af hull=11/8/8,turret=11/8/8")
	g.StringVar(&f.vehicle, "vehicle", "", "the named vehicle `NAME`, a type with representative AFs,\ninstead of --af: tiger, medium-tank, light-tank,\narmored-car, halftrack or truck, e.g. --vehicle tiger")
	g.StringVar(&f.aerialAF, "aerial-af", "", "the Aerial AF `N` printed beneath the worst AF (C7.12):\n0, 1, 2, 3, 4, 6, 8, 11, 14, 18 or 26; default: read off\nthe C7.12 row; required when the worst AF is 14 or more\n(§8.12), e.g. --aerial-af 4")
	g.StringVar(&f.facing, "facing", "side", "the Target `FACING` the DC goes in through: front, side\nor rear; the Position DR +1 through the hull front, −1\nthrough the rear (C7.346), e.g. --facing rear")
	g.BoolVar(&f.sameHex, "same-hex", false, "Placed or Thrown from within the AFV's hex: through its\nrear (C7.346)")
	g.BoolVar(&f.motion, "motion", false, "the AFV is non-Stopped or in Motion: Position +2")
	g.BoolVar(&f.concealed, "concealed", false, "the AFV is concealed: Position +2 (once with --motion);\nits PRC share it: Collateral FP halved (§8.6)")
	g.BoolVar(&f.ce, "ce", false, "the AFV is CE: Position +1; its crew is Vulnerable")
	g.BoolVar(&f.openTopped, "open-topped", false, "the AFV is Open-Topped: Position −2; default: as the\nnamed --vehicle is, else false")
	g.BoolVar(&f.immobile, "immobile", false, "the AFV is Immobile: Position −2")
	g.BoolVar(&f.bypass, "bypass", false, "the AFV is in Bypass in the DC user's hex: Position −2,\nthrough its rear")
	g.BoolVar(&f.elevationAdvantage, "elevation-advantage", false, "the DC user is a level or more above the AFV: Position\n−1 (−2 if Open-Topped) (C7.22 reversed)")
	g.BoolVar(&f.redCS, "red-cs", false, "the CS# is red: TK DR −1 for the burning test (D5.7)")
	g.IntVar(&f.cs, "cs", 6, "the Crew Survival number `N` (1…11) (D5.6), e.g. --cs 7")
	g.IntVar(&f.crewML, "crew-ml", 8, "the crew's ML `N` (1…10) for its TCs (D5.1, D5.5)")
	g.IntVar(&f.basicTK, "basic-tk", asl.DefaultBasicTK, "a DC's Basic TK# `N` (C7.34, from the player aid; §8.13)")
	g.BoolVar(&f.cx, "cx", false, "the Placer or Thrower is CX: Position +1 (not for Set)")
	g.BoolVar(&f.afph, "afph", false, "thrown in the AFPh: Position +1 and +1 on the thrower's\nLocation (thrown only)")
	g.BoolVar(&f.fromVehicle, "from-vehicle", false, "thrown from a moving vehicle or by Cavalry: +3/+4\ninstead of +2/+3 (thrown only)")
	g.StringVar(&f.user, "user", "", "the DC user's `CLASS` for its X#: elite, non-elite or\ninexperienced (default: the thrower's, who uses the DC,\nor else elite), e.g. --user non-elite")
	g.BoolVar(&f.captured, "captured", false, "the DC is captured: X# −2 (−4 for a non-elite user)")
	g.StringArrayVar(&f.riders, "rider", nil, "a Rider `UNIT` on the AFV (repeatable), e.g. --rider 4-6-7")
	g.StringArrayVar(&f.passengers, "passenger", nil, "a CE Passenger `UNIT`, Vulnerable to Collateral Attack\n(repeatable), e.g. --passenger hs:2-4-7")
	g.StringArrayVar(&f.others, "other", nil, "another `UNIT` in the AFV's Location, attacked only on a\nPosition DR ≥ 12 (repeatable), e.g. --other 4-6-7")
	g.IntVar(&f.tem, "tem", 0, "the TEM `N` (0…8) of the --other units")
	g.StringArrayVar(&f.throwers, "thrower", nil, "the thrower `UNIT`, then units with him: his Location,\nwhich a Thrown DC attacks too (repeatable), e.g.\n--thrower 4-6-8,class=elite")
	g.IntVar(&f.throwerTEM, "thrower-tem", 0, "the thrower's Location TEM `N` (0…8)")
	g.IntVar(&f.enemyInfantry, "enemy-infantry", 0, "enemy Infantry units `N` in a Set DC's Location, for its\nmalfunction DR (default: every --rider, --passenger\nand --other unit)")
	g.IntVar(&f.elr, "elr", 3, "ELR `N` (0…5) of the units without an elr= option")
	g.BoolVar(&f.noHoB, "no-hob", false, "no Heat of Battle for the units caught in the attack")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch, `KEY=BOOL` (Rules below;\nrepeatable), e.g. --rule dc-hull-plus-one-also-shocks=true")
	setSwitches(g, "rule", ruleDocs(afvRules, asl.DefaultAFVOptions()))
	setRange(g, "cs", asl.MinCS, asl.MaxCS)
	setRange(g, "crew-ml", asl.MinCrewML, asl.MaxCrewML)
	setRange(g, "basic-tk", asl.MinBasicTK, asl.MaxBasicTK)
	setRange(g, "tem", asl.MinTEM, asl.MaxTEM)
	setRange(g, "thrower-tem", asl.MinTEM, asl.MaxTEM)
	setRange(g, "enemy-infantry", 0, asl.MaxEnemyInfantry)
	setRange(g, "elr", asl.MinELR, asl.MaxELR)
	for _, n := range []string{"same-hex", "motion", "concealed", "ce", "open-topped", "immobile", "bypass",
		"elevation-advantage", "red-cs", "cx", "afph", "from-vehicle", "captured", "no-hob"} {
		setWant(g, n, switchWant)
	}
	describeAFVFlags(g)
	var vehicles []string
	for _, p := range asl.Presets() {
		vehicles = append(vehicles, p.Name)
	}
	setChoices(g, "vehicle", vehicles)
	setChoices(g, "aerial-af", asl.AFNames())
	setExcludes(g, "af", "vehicle")
	// What each mode takes, as the attack's conflicts refuse the rest: a
	// Set DC makes no Position DR and never eliminates the AFV (its crew's
	// ML is read when CE, so --crew-ml stays).
	setOnly(g, "mode", []string{"placed", "thrown"}, "motion", "open-topped", "immobile", "bypass", "red-cs", "cs", "elevation-advantage", "cx",
		"facing", "same-hex", "aerial-af", "basic-tk", "tem")
	setOnly(g, "mode", []string{"thrown"}, "afph", "from-vehicle", "thrower", "thrower-tem")
	setOnly(g, "mode", []string{"set"}, "enemy-infantry")
	setExample(g, "vehicle", "tiger")
	setSweep(g, "basic-tk", "11..21")
	fs.AddFlagSet(g)
	return g, f.common.register(fs)
}

// prepareAFV checks every afv input and builds the experiment, running
// nothing.
func prepareAFV(ctx context.Context, in input) (*job, error) {
	var f afvFlags
	register := func(fs *pflag.FlagSet) *commonFlags { f.register(fs); return &f.common }
	return prepareAttack("afv", register, f.resolve, describeAFV, afvFigures, explainers.afv, in)
}

// resolve turns the afv flags into an attack with every default filled in.
func (f *afvFlags) resolve(fs *pflag.FlagSet) (asl.AFVAttack, error) {
	var zero asl.AFVAttack
	mode, err := asl.ParseMode(f.mode)
	if err != nil {
		return zero, badValue("mode", f.mode, stripEcho(err.Error()))
	}
	var armor asl.Armor
	var preset asl.Preset
	switch {
	case fs.Changed("af") && fs.Changed("vehicle"):
		return zero, checkConflicts(flagConflict(fs, "af", "--vehicle", true, "both give the armor; give one"))
	case fs.Changed("vehicle"):
		if preset, err = asl.LookupPreset(f.vehicle); err != nil {
			return zero, badValue("vehicle", f.vehicle, stripEcho(err.Error()))
		}
		armor = preset.Armor
	case fs.Changed("af"):
		if armor, err = asl.ParseArmor(f.af); err != nil {
			return zero, badValue("af", f.af, err.Error())
		}
	default:
		return zero, inputErrorf("af", "--af is required: give the armor, e.g. --af hull=11/8/8,turret=11/8/8, or a named --vehicle such as tiger")
	}
	a := asl.NewAFVAttack(mode, armor)
	a.Vehicle = preset.Name
	if fs.Changed("open-topped") && fs.Changed("vehicle") && f.openTopped != preset.OpenTopped {
		is := "is not"
		if preset.OpenTopped {
			is = "is"
		}
		return zero, inputErrorf("open-topped", "--open-topped=%t with --vehicle %s, which %s Open-Topped; for another vehicle give its armor with --af", f.openTopped, preset.Name, is)
	}
	a.OpenTopped = preset.OpenTopped || f.openTopped
	if fs.Changed("aerial-af") {
		v, err := asl.ParseAF(f.aerialAF)
		if err != nil || v == asl.Unarmored {
			return zero, badValue("aerial-af", f.aerialAF, "want an AF such as 4: one of "+strings.Join(asl.AFNames(), ", "))
		}
		a.AerialAF = v
	}
	if a.Facing, err = asl.ParseFacing(f.facing); err != nil {
		return zero, badValue("facing", f.facing, "want front, side or rear")
	}
	inside := "--same-hex"
	if f.bypass {
		inside = "--bypass"
	}
	if err := checkConflicts(
		conflict{input: "--facing " + a.Facing.String(), given: fs.Changed("facing"), with: inside, when: (f.sameHex || f.bypass) && a.Facing != asl.Rear,
			why: "from within the AFV's hex the DC goes in through its rear (C7.346)"},
		flagConflict(fs, "facing", "--mode set", mode == asl.Set, "a Set DC is not Placed through a facing; it attacks only the AFV's Vulnerable PRC (A23.71)"),
	); err != nil {
		return zero, err
	}
	a.SameHex, a.Motion, a.Concealed, a.CE = f.sameHex, f.motion, f.concealed, f.ce
	a.Immobile, a.Bypass, a.ElevationAdvantage, a.RedCS = f.immobile, f.bypass, f.elevationAdvantage, f.redCS
	a.CS, a.CrewML, a.BasicTK = f.cs, f.crewML, f.basicTK
	a.CX, a.AFPh, a.FromVehicle, a.Captured = f.cx, f.afph, f.fromVehicle, f.captured
	user := asl.EliteUser
	if fs.Changed("user") {
		if user, err = asl.ParseUser(f.user); err != nil {
			return zero, badValue("user", f.user, stripEcho(err.Error()))
		}
	}
	for _, g := range []struct {
		flag string
		ss   []string
		dst  *[]asl.Unit
	}{{"rider", f.riders, &a.Riders}, {"passenger", f.passengers, &a.Passengers}, {"other", f.others, &a.Others}, {"thrower", f.throwers, &a.Throwers}} {
		if *g.dst, err = parseUnits(g.flag, g.ss); err != nil {
			return zero, err
		}
	}
	if err := vehicleUnitsFit(f); err != nil {
		return zero, err
	}
	a.TEM, a.ThrowerTEM, a.ELR = f.tem, f.throwerTEM, f.elr
	a.User = dcUser(fs.Changed("user"), user, a.Throwers)
	if err := asl.ThrowerUser(a.Throwers, a.User); err != nil {
		return zero, modelError(fs, err)
	}
	if fs.Changed("enemy-infantry") {
		if f.enemyInfantry < 0 {
			return zero, badValue("enemy-infantry", strconv.Itoa(f.enemyInfantry), "want a whole number ≥ 0")
		}
		a.EnemyInfantry = f.enemyInfantry
	}
	a.Options.HeatOfBattle = !f.noHoB
	if err := applyRules(afvRules, &a.Options, f.rules); err != nil {
		return zero, err
	}
	if err := afvConflicts(fs, f.rules, f.noHoB, a); err != nil {
		return zero, err
	}
	if err := a.Validate(); err != nil {
		return zero, modelError(fs, err)
	}
	return a, nil
}

// vehicleUnitsFit checks that the Riders, CE Passengers and other units
// in the AFV's Location are at most asl.MaxVehicleUnits together, naming
// the flag whose units went over.
func vehicleUnitsFit(f *afvFlags) error {
	n := 0
	for _, g := range []struct {
		flag  string
		units []string
	}{{"rider", f.riders}, {"passenger", f.passengers}, {"other", f.others}} {
		n += len(g.units)
		if n > asl.MaxVehicleUnits {
			return inputErrorf(g.flag, "--%s: %d units; at most %d Riders (--rider), CE Passengers (--passenger) and other units (--other) together in the AFV's Location",
				g.flag, len(f.riders)+len(f.passengers)+len(f.others), asl.MaxVehicleUnits)
		}
	}
	return nil
}

// afvRules are the modeling switches of sapper afv: the Personnel ones
// that matter to the units caught in the attack, and those of the AFV
// rules.
var afvRules = func() []rule[asl.AFVOptions] {
	var rs []rule[asl.AFVOptions]
	for _, r := range rules {
		switch r.key {
		case "flame-ignores-concealment", "falling-rubble":
			continue // no Flame or Rubble from a DC vs an AFV
		case "cower-off-lowest-no-effect":
			continue // no Defensive Fire on a DC vs an AFV
		}
		rs = append(rs, rule[asl.AFVOptions]{r.key, r.doc,
			func(o asl.AFVOptions) string { return r.get(o.Options) },
			func(o *asl.AFVOptions, v bool) { r.set(&o.Options, v) }})
	}
	return append(rs,
		rule[asl.AFVOptions]{"halve-collateral-if-concealed", "a concealed AFV's PRC: Collateral FP halved (§8.6)",
			func(o asl.AFVOptions) string { return boolText(o.HalveCollateralIfConcealed) },
			func(o *asl.AFVOptions, v bool) { o.HalveCollateralIfConcealed = v }},
		rule[asl.AFVOptions]{"dc-hull-plus-one-also-shocks", "TK DR = TK# + 1 on the hull also Shocks (§8.8)",
			func(o asl.AFVOptions) string { return boolText(o.HullPlusOneAlsoShocks) },
			func(o *asl.AFVOptions, v bool) { o.HullPlusOneAlsoShocks = v }},
		rule[asl.AFVOptions]{"aerial-af-fallback", "worst AF ≥ 14, no --aerial-af: use 4, unverified (§8.12)",
			func(o asl.AFVOptions) string { return boolText(o.AerialAFFallback) },
			func(o *asl.AFVOptions, v bool) { o.AerialAFFallback = v }},
	)
}()

// describeAFV is the table's one-line summary of the attack.
func describeAFV(a asl.AFVAttack) string {
	what := "AFV " + a.Armor.String()
	if a.Armor.Unarmored() {
		what = "unarmored vehicle"
	}
	switch {
	case a.Vehicle != "" && a.Armor.Unarmored():
		what = a.Vehicle + " (unarmored)"
	case a.Vehicle != "":
		what = a.Vehicle + " (" + a.Armor.String() + ")"
	}
	s := fmt.Sprintf("%s DC vs %s", capitalize(a.Mode.String()), what)
	var parts []string
	if a.Mode != asl.Set && !a.Armor.Unarmored() {
		facing := a.TargetFacing().String()
		if a.SameHex || a.Bypass {
			facing += " (from its own hex)"
		}
		parts = append(parts, "through the "+facing)
		if !a.Armor.Unarmored() && a.Armor.Hull[a.TargetFacing()] != asl.Unarmored {
			parts = append(parts, "Position DRM "+signed(a.PositionDRM()))
			af, ok := a.Armor.AerialAF()
			switch {
			case a.AerialAF >= 0:
				parts = append(parts, fmt.Sprintf("Aerial AF %d", a.AerialAF))
			case ok:
				parts = append(parts, fmt.Sprintf("Aerial AF %d", af))
			default:
				parts = append(parts, fmt.Sprintf("Aerial AF %d UNVERIFIED (§8.12)", asl.AerialAFFallback))
			}
		}
	}
	for _, b := range []struct {
		on   bool
		name string
	}{{a.Motion, "in Motion"}, {a.Concealed, "concealed"}, {a.CE, "CE"}, {a.OpenTopped, "Open-Topped"},
		{a.Immobile, "Immobile"}, {a.Bypass, "in Bypass"}, {a.ElevationAdvantage, "from above"}, {a.RedCS, "red CS#"},
		{a.CX, "CX"}, {a.AFPh, "AFPh"}, {a.FromVehicle, "from vehicle"}, {a.Captured, "captured DC"}} {
		if b.on {
			parts = append(parts, b.name)
		}
	}
	parts = append(parts, fmt.Sprintf("CS# %d", a.CS), fmt.Sprintf("crew ML %d", a.CrewML), a.User.String()+" user")
	for _, g := range []struct {
		name  string
		units []asl.Unit
	}{{"Riders", a.Riders}, {"CE Passengers", a.Passengers}, {"others", a.Others}} {
		if len(g.units) > 0 {
			parts = append(parts, g.name+" "+joinUnits(g.units))
		}
	}
	if len(a.Others) > 0 && a.Mode != asl.Set {
		parts = append(parts, fmt.Sprintf("TEM %d", a.TEM))
	}
	switch {
	case len(a.Throwers) > 0:
		parts = append(parts, fmt.Sprintf("thrower %s (TEM %d)", joinUnits(a.Throwers), a.ThrowerTEM))
	case a.Mode == asl.Thrown:
		// As dc's Thrown DC with no thrower (takenAsGiven).
		parts = append(parts, noThrower)
	case a.Mode == asl.Placed:
		// afv takes no Placer: the figure is not the whole chain's, the
		// Defensive Fire on him before (takenAsGiven).
		parts = append(parts, "taken as operably Placed")
	}
	return s + "; " + strings.Join(parts, ", ")
}
