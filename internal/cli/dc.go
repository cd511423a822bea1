package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/bound"
)

var dcCommand = &command{
	name:    "dc",
	summary: "one DC attack on a Location of Personnel (--mode placed|thrown|set)",
	prepare: prepareDC,
	help:    writeDCHelp,
}

// dcFlags holds the raw values of the dc flags; resolve turns them into an
// asl.DCAttack.
type dcFlags struct {
	mode          string
	targets       []string
	elr           int
	tem, drm      int
	cx, afph      bool
	concealed     bool
	fromVehicle   bool
	user          string
	captured      bool
	enemyInfantry int
	throwers      []string
	throwerTEM    int
	elevation     int
	placer        []string
	setter        []string
	preset        bool
	dff           []string
	building      string
	fortified     bool
	breach        string
	beyond        []string
	terrain       string
	ec            string
	level, top    int
	cavalry       bool
	wire, gun     bool
	roadblock     string
	bridge        string
	cave          bool
	japanese      bool
	caveDRM       int
	sw            int
	noHoB         bool
	rules         []string
	// heightSwept: a sweep sets --elevation at each of its values, so
	// that the thrower's Location is attacked at some of them and not at
	// others, and its inputs matter to the sweep (dcConflicts).
	heightSwept bool
	common      commonFlags
}

// register declares the dc flags on fs, in two groups that it returns for
// the help text: the attack's own flags and the common ones.
func (f *dcFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("dc", pflag.ContinueOnError)
	g.SortFlags = false
	g.StringVar(&f.mode, "mode", "placed", "how the DC is used, `MODE`: placed, thrown or set,\ne.g. --mode thrown")
	g.StringArrayVar(&f.targets, "target", nil, "a target `UNIT` in the Location (required); repeat it\nfor a stack, e.g. --target 4-6-7 --target leader:8-1")
	g.IntVar(&f.elr, "elr", 3, "ELR `N` (0…5) of the targets without an elr= option,\ne.g. --elr 2")
	g.IntVar(&f.tem, "tem", 0, "target Location TEM `N` (0…8; none for a Set DC),\ne.g. --tem 1 for woods; a building is --building, which sets\nits TEM and adds its Rubble and Flame rolls")
	g.IntVar(&f.drm, "drm", 0, "any other DRM `N` (−8…8) on the attack against every\ntarget, e.g. --drm -2 (or --drm=-2) for Hazardous\nMovement")
	g.BoolVar(&f.cx, "cx", false, "the Placer or Thrower is CX: +1 (not for a Set DC),\ne.g. --cx")
	g.BoolVar(&f.afph, "afph", false, "thrown in the AFPh: +1 to both DRs (thrown only),\ne.g. --mode thrown --afph")
	g.BoolVar(&f.concealed, "concealed", false, "the targets are concealed: the FP is halved,\ne.g. --concealed")
	g.BoolVar(&f.fromVehicle, "from-vehicle", false, "thrown from a moving vehicle: the Thrown DC's DRM is +3\non the target Location and +4 on the thrower's, not\n+2 and +3 (A23.6), e.g. --mode thrown --from-vehicle")
	g.BoolVar(&f.cavalry, "cavalry", false, "thrown by Cavalry: the Thrown DC's DRM is +3 on the\ntarget Location and +4 on the thrower's, not +2 and +3\n(A23.6), e.g. --mode thrown --cavalry")
	g.StringVar(&f.user, "user", "", "the DC user's `CLASS` for its X#: elite, non-elite or\ninexperienced (default: the Placer's, thrower's or Setter's,\nwho uses the DC, or else elite), e.g. --user non-elite")
	g.BoolVar(&f.captured, "captured", false, "the DC is captured: X# −2 (−4 for a non-elite user),\ne.g. --captured")
	g.IntVar(&f.enemyInfantry, "enemy-infantry", 0, "enemy Infantry units `N` in a Set DC's Location, for\nits malfunction DR (default: the number of targets),\ne.g. --enemy-infantry 0")
	g.StringArrayVar(&f.throwers, "thrower", nil, "the thrower `UNIT`, then units with him: his Location,\nwhich is attacked too (thrown only; repeatable), e.g.\n--thrower 4-6-7")
	g.IntVar(&f.throwerTEM, "thrower-tem", 0, "the thrower's Location TEM `N` (0…8),\ne.g. --thrower-tem 2")
	g.IntVar(&f.elevation, "elevation", 0, "levels `N` the thrower stands above the target (thrown only);\nfrom 2 up his Location is attacked only if the DC rubbles,\ne.g. --elevation 2")
	g.StringArrayVar(&f.placer, "placer", nil, "the Placer `UNIT`, then the units with it (placed only;\nrepeatable): the DC detonates only if he survives --dff\nunbroken and unpinned (default: taken as operably Placed),\ne.g. --placer 4-6-8,class=elite --dff 8:-1")
	g.StringArrayVar(&f.setter, "setter", nil, "the `UNIT` Setting the DC, then the units with it (set\nonly; repeatable): it makes the setting dr, faces --dff, and\ntakes the detonation NTC, e.g. --setter 4-6-8,class=elite")
	g.BoolVar(&f.preset, "preset", false, "the DC was Set before play by SSR: no setting dr and no\nDefensive Fire (set only), e.g. --mode set --preset")
	g.StringArrayVar(&f.dff, "dff", nil, "a Defensive Fire attack `FP:DRM` on the Placer or Setter\n(repeatable), every DRM in it, a leader's too (a Setter\ntakes −2 more, Hazardous Movement); it does not Cower\n(rules §8.31) unless ,class=CLASS (and ,nation=N) name\nunled Infantry firers, who Cower as sapper fire's do (A7.9);\nnone (the default) for no Defensive Fire, e.g. --dff 8:-1\n--dff 4:+2,class=green")
	g.StringVar(&f.building, "building", "none", "the target Location's `BUILDING`, for Rubble and Flame:\nnone, wooden or stone; sets --tem to 2 or 3 (+1\nFortified) unless --tem is given, e.g. --building stone")
	g.StringVar(&f.breach, "breach", "none", "Place the DC against a `WALL` to breach it (placed only):\nnone, rowhouse or fortified; needs --building; the units\nbeyond it (--beyond) take the 12 FP follow-on attack at\n--tem, the building's by default, e.g. --breach rowhouse\n--building stone --beyond 4-6-7")
	g.StringArrayVar(&f.beyond, "beyond", nil, "a `UNIT` beyond the breached wall (with --breach, instead\nof --target; repeatable), e.g. --beyond 4-6-7 --tem 3")
	g.BoolVar(&f.fortified, "fortified", false, "the building is Fortified (TEM +1; Flame DR −1),\ne.g. --building stone --fortified")
	g.StringVar(&f.terrain, "terrain", "", "other burnable `TERRAIN` of the target Location, for Flame\nalone (it sets no TEM: give --tem beside it, but for a Set\nDC): "+strings.Join(asl.TerrainNames(), ", ")+",\ne.g. --terrain woods --tem 1")
	setWant(g, "terrain", "want one of "+strings.Join(asl.TerrainNames(), ", "))
	g.IntVar(&f.level, "level", 0, "the target's building level `N`, 0 the ground floor; Rubble at an\nupper level may collapse the hex and fall next door,\ne.g. --building stone --level 1")
	g.IntVar(&f.top, "top", 0, "the building's highest non-rooftop level `N` (default:\n--level): each level above the target's makes the\ncollapse and the fall likelier; above ground-level Rubble,\nit falls next door (§8.60), e.g. --level 1 --top 2")
	g.BoolVar(&f.wire, "wire", false, "Wire in the Location: cleared by a Placed DC's Original\nKIA or a Set DC's Final KIA (a Thrown DC: never)")
	g.StringVar(&f.roadblock, "roadblock", "none", "a `ROADBLOCK`: none, normal (Placed through its hexside or\nSet in its Location, +2 TEM) or narrow (a Narrow-Street\nroadblock's vertex: only the roadblock is attacked, no\n--target), e.g. --roadblock normal")
	g.StringVar(&f.bridge, "bridge", "none", "the targets are on or beneath a `BRIDGE`: none, stone,\nwooden, pontoon or underwater-pontoon; a Final KIA with\nits TEM (none for a Set DC) destroys it and all on it,\ne.g. --mode set --bridge stone")
	g.BoolVar(&f.gun, "gun", false, "the first --target mans a Gun: any KIA eliminates both,\na K malfunctions it and reduces the crew (C11.6),\ne.g. --target crew:2-2-8 --gun")
	g.BoolVar(&f.cave, "cave", false, "the targets are in a cave (G11.83): a Placed or Set DC\ntakes −4 unless --japanese; a Thrown one must enter it\non the cave dr (--cave-drm), e.g. --mode thrown --cave")
	g.BoolVar(&f.japanese, "japanese", false, "an unconcealed Good Order Japanese MMC is in the --cave:\nno −4")
	g.IntVar(&f.caveDRM, "cave-drm", 0, "drm `N` on a Thrown DC's cave dr (≤ 3 enters): +1 cave\nhigher, +1 moving vehicle, −1 ADJACENT, −1 heroic or\nfanatic thrower, e.g. --cave-drm=-1")
	g.IntVar(&f.sw, "sw", 0, "Support Weapons `N` the first --target possesses, as its\nsw=N option: a KIA that eliminates it rolls for each\n(A9.74), e.g. --sw 1")
	g.StringVar(&f.ec, "ec", "moderate", "Environmental Condition, for Flame outside buildings:\n`EC` is snow, mud, wet, moist, moderate, dry or very-dry,\ne.g. --ec dry")
	g.BoolVar(&f.noHoB, "no-hob", false, "no Heat of Battle on an Original 2, as in figures\nthat ignore it, e.g. --no-hob")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch, `KEY=BOOL` (Rules below;\nrepeatable), e.g. --rule surrender=false")
	setSwitches(g, "rule", ruleDocs(rules, asl.DefaultOptions()))
	setRange(g, "elr", asl.MinELR, asl.MaxELR)
	setTEMRange(g)
	setRange(g, "drm", asl.MinDRM, asl.MaxDRM)
	setRange(g, "enemy-infantry", 0, asl.MaxEnemyInfantry)
	setRange(g, "thrower-tem", asl.MinTEM, asl.MaxTEM)
	setRange(g, "elevation", asl.MinElevation, asl.MaxElevation)
	setRange(g, "level", asl.MinLevel, asl.MaxLevel)
	setRange(g, "top", asl.MinLevel, asl.MaxLevel)
	setRange(g, "cave-drm", asl.MinCaveDRM, asl.MaxCaveDRM)
	setRange(g, "sw", asl.MinSW, asl.MaxSW)
	for _, n := range []string{"cx", "afph", "concealed", "from-vehicle", "cavalry", "captured", "preset", "fortified", "wire", "gun", "cave", "japanese", "no-hob"} {
		setWant(g, n, switchWant)
	}
	describeDCFlags(g)
	// What each mode takes, as dcConflicts refuses the rest.
	setOnly(g, "mode", []string{"placed", "thrown"}, "cx", "tem")
	setOnly(g, "mode", []string{"thrown"}, "afph", "from-vehicle", "cavalry", "thrower", "thrower-tem", "elevation")
	setOnly(g, "mode", []string{"set"}, "enemy-infantry", "setter", "preset")
	setOnly(g, "mode", []string{"placed"}, "placer")
	setOnly(g, "mode", []string{"placed", "set"}, "wire", "japanese")
	setOnly(g, "mode", []string{"thrown"}, "cave-drm")
	setOnly(g, "mode", []string{"placed"}, "breach", "beyond")
	setExample(g, "target", "4-6-7")
	fs.AddFlagSet(g)
	return g, f.common.register(fs)
}

// prepareDC checks every dc input and builds the experiment, running
// nothing: all bad input is found before any work starts.
func prepareDC(ctx context.Context, in input) (*job, error) {
	var f dcFlags
	f.heightSwept = in.swept("elevation")
	register := func(fs *pflag.FlagSet) *commonFlags { f.register(fs); return &f.common }
	return prepareAttack("dc", register, f.resolve, describeDC, dcFigures, explainers.dc, in)
}

// resolve turns the dc flags into an attack with every default filled in.
func (f *dcFlags) resolve(fs *pflag.FlagSet) (asl.DCAttack, error) {
	mode, err := asl.ParseMode(f.mode)
	if err != nil {
		return asl.DCAttack{}, badValue("mode", f.mode, stripEcho(err.Error()))
	}
	breach, err := asl.ParseBreach(f.breach)
	if err != nil {
		return asl.DCAttack{}, badValue("breach", f.breach, "want none, rowhouse or fortified")
	}
	roadblock, err := asl.ParseRoadblock(f.roadblock)
	if err != nil {
		return asl.DCAttack{}, badValue("roadblock", f.roadblock, "want none, normal or narrow")
	}
	bridge, err := asl.ParseBridge(f.bridge)
	if err != nil {
		return asl.DCAttack{}, badValue("bridge", f.bridge, stripEcho(err.Error()))
	}
	switch {
	case breach != asl.NoBreach && len(f.targets) > 0:
		return asl.DCAttack{}, inputErrorf("target", "--target with --breach: a breach attacks the wall; give the units beyond it with --beyond")
	case breach == asl.NoBreach && len(f.beyond) > 0:
		return asl.DCAttack{}, inputErrorf("beyond", "--beyond needs --breach rowhouse or --breach fortified")
	case breach == asl.NoBreach && roadblock != asl.NarrowStreetRoadblock && len(f.targets) == 0:
		return asl.DCAttack{}, inputErrorf("target", "--target is required: give each unit in the target Location, e.g. --target 4-6-7 --target leader:8-1")
	}
	targets, err := parseUnits("target", f.targets)
	if err != nil {
		return asl.DCAttack{}, err
	}
	beyond, err := parseUnits("beyond", f.beyond)
	if err != nil {
		return asl.DCAttack{}, err
	}
	if breach != asl.NoBreach {
		targets = beyond
	}
	if targets == nil {
		// A roadblock, or a wall with no one beyond: the JSON says [],
		// as it does every empty list, not null.
		targets = []asl.Unit{}
	}
	if err := giveSW(fs.Changed("sw"), f.sw, targets); err != nil {
		return asl.DCAttack{}, err
	}
	throwers, err := parseUnits("thrower", f.throwers)
	if err != nil {
		return asl.DCAttack{}, err
	}
	placer, err := parseUnits("placer", f.placer)
	if err != nil {
		return asl.DCAttack{}, err
	}
	setter, err := parseUnits("setter", f.setter)
	if err != nil {
		return asl.DCAttack{}, err
	}
	dff, err := parseDFF(f.dff)
	if err != nil {
		return asl.DCAttack{}, err
	}
	user := asl.EliteUser
	if fs.Changed("user") {
		if user, err = asl.ParseUser(f.user); err != nil {
			return asl.DCAttack{}, badValue("user", f.user, stripEcho(err.Error()))
		}
	}
	building, err := asl.ParseBuilding(f.building)
	if err != nil {
		return asl.DCAttack{}, badValue("building", f.building, "want none, wooden or stone")
	}
	ec, err := asl.ParseEC(f.ec)
	if err != nil {
		return asl.DCAttack{}, badValue("ec", f.ec, stripEcho(err.Error()))
	}
	a := asl.NewDCAttack(mode, targets...)
	a.ELR, a.TEM, a.DRM = f.elr, f.tem, f.drm
	a.CX, a.AFPh, a.Concealed, a.FromVehicle = f.cx, f.afph, f.concealed, f.fromVehicle
	a.User, a.Captured = dcUser(fs.Changed("user"), user, placer, throwers, setter), f.captured
	if err := asl.ThrowerUser(throwers, a.User); err != nil {
		return asl.DCAttack{}, modelError(fs, err)
	}
	a.Throwers, a.ThrowerTEM, a.Elevation = throwers, f.throwerTEM, f.elevation
	a.Placer, a.Setter, a.Preset, a.DFF = placer, setter, f.preset, dff
	a.Building, a.Fortified, a.Terrain, a.EC = building, f.fortified, choice(f.terrain, asl.TerrainNames()...), ec
	a.Breach = breach
	a.Cavalry, a.Level, a.Top = f.cavalry, f.level, f.top
	if !fs.Changed("top") {
		a.Top = f.level
	}
	a.Wire, a.Roadblock, a.Bridge, a.Gun = f.wire, roadblock, bridge, f.gun
	a.Cave, a.Japanese, a.CaveDRM = f.cave, f.japanese, f.caveDRM
	// A Set DC takes no TEM (A23.71): the building's is not echoed as one.
	// Beyond a breached wall the units take the follow-on attack with
	// their full TEM (B23.711), the Fortified one beyond a Fortified
	// hexside (B23.921): the building's, as for any target in it.
	if building != asl.NoBuilding && mode != asl.Set && !fs.Changed("tem") {
		a.TEM = building.TEM(f.fortified)
	}
	a.EnemyInfantry = len(targets)
	if fs.Changed("enemy-infantry") {
		if f.enemyInfantry < 0 {
			return asl.DCAttack{}, badValue("enemy-infantry", strconv.Itoa(f.enemyInfantry), "want a whole number ≥ 0")
		}
		a.EnemyInfantry = f.enemyInfantry
	}
	a.Options.HeatOfBattle = !f.noHoB
	if err := applyRules(rules, &a.Options, f.rules); err != nil {
		return asl.DCAttack{}, err
	}
	if err := dcConflicts(fs, f.rules, f.noHoB, f.heightSwept, a); err != nil {
		return asl.DCAttack{}, err
	}
	if err := a.Validate(); err != nil {
		return asl.DCAttack{}, modelError(fs, err)
	}
	b := a
	err = givenAtZero(fs, []intField{{"level", &b.Level}, {"top", &b.Top}, {"cave-drm", &b.CaveDRM}}, func() error { return b.Validate() })
	if err != nil {
		return asl.DCAttack{}, err
	}
	if mode != asl.Set { // which takes no TEM (A23.71)
		if err := terrainTEM(fs, a.Terrain); err != nil {
			return asl.DCAttack{}, err
		}
	}
	return a, nil
}

// giveSW applies --sw, when given: the first target possesses n SW, as
// its sw=N option, which it may not give as well.
func giveSW(given bool, n int, targets []asl.Unit) error {
	switch {
	case !given:
		return nil
	case len(targets) > 0 && targets[0].SW != 0:
		return inputErrorf("sw", "--sw with the first --target's sw=%d: both give its SW; give one", targets[0].SW)
	case n < 0 || n > asl.MaxSW:
		return badValue("sw", strconv.Itoa(n), fmt.Sprintf("want a whole number from 0 to %d", asl.MaxSW))
	case n > 0 && len(targets) == 0:
		return inputErrorf("sw", "--sw: the first --target possesses the SW; give one")
	case n > 0:
		targets[0].SW = n
	}
	return nil
}

func parseUnits(flag string, ss []string) ([]asl.Unit, error) {
	var us []asl.Unit
	for _, s := range ss {
		u, err := asl.ParseUnit(s)
		if err != nil {
			if units := joinedUnits(s); units != nil {
				return nil, inputErrorf(flag, "--%s %s: %d units in one; give each its own --%s, as %s", flag, quote(s), len(units), flag, repeated(flag, units))
			}
			return nil, badValue(flag, s, stripEcho(err.Error()))
		}
		us = append(us, u)
	}
	return us, nil
}

// joinedUnits splits s, which does not parse as a unit, into the units
// its commas join (4-6-7,leader:8-1: a stack written as one unit), or
// returns nil when it is not wholly such a list. A part that is a unit's
// option (4-6-7,broken) joins the unit before it.
func joinedUnits(s string) []string {
	var units []string
	for _, part := range strings.Split(s, ",") {
		if _, err := asl.ParseUnit(part); err == nil {
			units = append(units, part)
			continue
		}
		if len(units) == 0 {
			return nil
		}
		joined := units[len(units)-1] + "," + part
		if _, err := asl.ParseUnit(joined); err != nil {
			return nil
		}
		units[len(units)-1] = joined
	}
	if len(units) < 2 {
		return nil
	}
	return units
}

// repeated writes a flag given once for each of values, as a command line
// would.
func repeated(flag string, values []string) string {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = "--" + flag + " " + shellWord(v)
	}
	return strings.Join(words, " ")
}

// modelError turns a model's input error into a usage error about the
// flag it names. The models type their input errors (bound.Error for a
// range, bound.Invalid for the rest), so the field is read from the type,
// never from the text; an error naming no flag of this command (a plan's
// attack, a tables file) is passed on as the model wrote it.
func modelError(fs *pflag.FlagSet, err error) error {
	var be *bound.Error
	if errors.As(err, &be) && fs.Lookup(be.Field) != nil {
		if f, _ := bound.FieldOf(err); f == be.Field {
			return inputErrorf(be.Field, "--%s: %s", be.Field, strings.TrimPrefix(be.Error(), be.Field+": "))
		}
	}
	var ie *bound.Invalid
	if errors.As(err, &ie) && fs.Lookup(ie.Field) != nil {
		if ie.Value != "" {
			v := ie.Value
			if f := fs.Lookup(ie.Field); f.Changed && !repeatable(f) {
				v = argument(f) // 1e308, not the model's 1e+308
			}
			return inputErrorf(ie.Field, "--%s %s: %s", ie.Field, quote(v), ie.Why+choiceHint(v, ie.Why))
		}
		return inputErrorf(ie.Field, "--%s: %s", ie.Field, ie.Why)
	}
	return usagef("%s", err)
}

// noThrower is what a Thrown DC leaves out with no thrower given.
const noThrower = "no thrower given, so the attack on his Location (A23.6) is left out"

// takenAsGiven says what a DC attack takes as given, or leaves out, for
// want of the unit that uses the DC, so that a figure is not read as the
// whole chain's (compare's Placed faces the Defensive Fire on its
// Placer, and its Thrown DC attacks its thrower's Location); unthrown
// says it of a Thrown DC with no thrower, in the words of the command.
func takenAsGiven(a asl.DCAttack, unthrown string) []string {
	switch {
	case a.Mode == asl.Placed && len(a.Placer) == 0:
		return []string{"taken as operably Placed"}
	case a.Mode == asl.Set && len(a.Setter) == 0:
		return []string{"no Setter, so no detonation NTC"}
	case a.Mode == asl.Thrown && len(a.Throwers) == 0:
		return []string{unthrown}
	}
	return nil
}

// setWhen says when a Set DC's Setter Set it, "" for another DC or one
// with no Setter (taken as Set already). dc Sets it during play unless
// --preset, and a plan before play unless preset=false, so the same
// words give two attacks: during play the Setter makes a setting dr
// under Defensive Fire first (A23.7), and the summary says which ran.
func setWhen(a asl.DCAttack) string {
	switch {
	case a.Mode != asl.Set || len(a.Setter) == 0:
		return ""
	case a.Preset:
		return "Set before play"
	}
	return "Set during play"
}

// describeDC is the table's one-line summary of the attack.
func describeDC(a asl.DCAttack) string {
	what := joinUnits(a.Targets)
	switch {
	case a.Breach != asl.NoBreach && len(a.Targets) > 0:
		// The DC is against the wall; the units are beyond it.
		what = "the wall, " + what + " beyond it"
	case a.Breach != asl.NoBreach:
		what = "the wall"
	case len(a.Targets) == 0 && a.Roadblock == asl.NarrowStreetRoadblock:
		what = "a Narrow-Street roadblock"
	}
	s := fmt.Sprintf("%s DC vs %s", capitalize(a.Mode.String()), what)
	var parts []string
	if a.Mode != asl.Set {
		parts = append(parts, fmt.Sprintf("TEM %d", a.TEM))
	}
	if a.DRM != 0 {
		parts = append(parts, "DRM "+signed(a.DRM))
	}
	for _, b := range []struct {
		on   bool
		name string
	}{{a.CX, "CX"}, {a.AFPh, "AFPh"}, {a.Concealed, "concealed"}, {a.FromVehicle, "from vehicle"}, {a.Cavalry, "by Cavalry"},
		{a.Captured, "captured DC"}, {a.Wire, "Wire"}, {a.Gun, "manning a Gun"}, {a.Japanese, "Japanese in the cave"}} {
		if b.on {
			parts = append(parts, b.name)
		}
	}
	// The ELR, when a unit reads it: not crews', heroes', nor that of
	// units with their own elr= (A19.11).
	if slices.ContainsFunc(a.Targets, asl.Unit.ReadsELR) || slices.ContainsFunc(a.Throwers, asl.Unit.ReadsELR) {
		parts = append(parts, fmt.Sprintf("ELR %d", a.ELR))
	}
	parts = append(parts, a.User.String()+" user")
	if a.Mode == asl.Set {
		parts = append(parts, fmt.Sprintf("%d enemy Infantry", a.EnemyInfantry))
	}
	if len(a.Throwers) > 0 {
		parts = append(parts, fmt.Sprintf("thrower %s (TEM %d)", joinUnits(a.Throwers), a.ThrowerTEM))
	}
	if a.Elevation > 0 {
		parts = append(parts, "thrown from "+plural(a.Elevation, "level", "levels")+" up")
	}
	if len(a.Placer) > 0 {
		parts = append(parts, "Placer "+joinUnits(a.Placer))
	}
	if len(a.Setter) > 0 {
		parts = append(parts, "Setter "+joinUnits(a.Setter))
	}
	parts = append(parts, takenAsGiven(a, noThrower)...)
	if w := setWhen(a); w != "" {
		parts = append(parts, w)
	}
	if len(a.DFF) > 0 {
		var fs []string
		for _, f := range a.DFF {
			fs = append(fs, f.String())
		}
		parts = append(parts, "Defensive Fire "+strings.Join(fs, ", "))
	}
	if a.Building != asl.NoBuilding {
		b := a.Building.String() + " building"
		if a.Fortified {
			b = "Fortified " + b
		}
		parts = append(parts, b)
	}
	if a.Level > 0 {
		parts = append(parts, fmt.Sprintf("level %d of %d", a.Level, a.Top))
	}
	if a.Terrain != "" {
		parts = append(parts, a.Terrain, "EC "+a.EC.String())
	}
	if a.Roadblock != asl.NoRoadblock {
		parts = append(parts, a.Roadblock.String()+" roadblock")
	}
	if a.Bridge != asl.NoBridge {
		parts = append(parts, a.Bridge.String()+" bridge")
	}
	if a.Cave {
		parts = append(parts, "in a cave (cave dr drm "+signed(a.CaveDRM)+")")
	}
	return s + "; " + strings.Join(parts, ", ")
}

func joinUnits(us []asl.Unit) string {
	ss := make([]string, len(us))
	for i, u := range us {
		ss[i] = u.String()
	}
	return strings.Join(ss, ", ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
