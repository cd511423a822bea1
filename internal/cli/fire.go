package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

var fireCommand = &command{
	name:    "fire",
	summary: "any IFT attack on a Location, with Table 23 for every weapon",
	prepare: prepareFire,
	help:    writeFireHelp,
}

// fireFlags holds the raw values of the fire flags; resolve turns them
// into an asl.IFTAttack.
type fireFlags struct {
	fp               float64
	targets          []string
	weapon           string
	calibre          int
	firer            string
	firerClass       string
	firerNationality string
	leaderDirected   bool
	areaFire         bool
	concealed        bool
	tem, drm, elr    int
	building         string
	fortified        bool
	level, top       int
	terrain          string
	ec               string
	afvEnters        bool
	bogDRM           int
	sw               int
	noHoB            bool
	rules            []string
	common           commonFlags
}

func (f *fireFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("fire", pflag.ContinueOnError)
	g.SortFlags = false
	g.Float64Var(&f.fp, "fp", 0, "the attack's `FP` (fractions kept; the column is the rightmost\nnot above it, 36+ from 36), e.g. --fp 8 or --fp 7.5")
	g.StringArrayVar(&f.targets, "target", nil, "a target `UNIT` in the Location; repeat it for a stack\n(optional when only the terrain is asked about),\ne.g. --target 4-6-7 --target leader:8-1")
	g.StringVar(&f.weapon, "weapon", "small-arms", "`WEAPON`: small-arms, he, heat, ffe, concentrated-ffe,\nharassing-ffe, aerial-bomb, rocket, ft or wp, e.g. --weapon he")
	g.IntVar(&f.calibre, "calibre", 0, "calibre `MM` of --weapon he or rocket, needed where it\ndecides Table 23: HE and rockets from 70mm Rubble a\nbuilding, rockets from 150mm make Shellholes (with --rule\nshellhole-calibre-rockets-only=false, aerial bombs and\nConcentrations too, which then take it), e.g. --weapon he\n--calibre 75")
	g.StringVar(&f.firer, "firer", "", "who fires, for Cowering (A7.9): `KIND` is infantry, smc,\nberserk, fire-lane, ordnance, vehicle, aircraft or ffe\n(default: infantry for small arms and FT, ordnance for HE,\nHEAT and rockets, aircraft for bombs, ffe for an FFE)")
	g.StringVar(&f.firerClass, "firer-class", "first", "the Infantry firer's `CLASS`: elite, first, second, green\nor conscript; green and conscript are Inexperienced and\nCower two columns (A19.33), e.g. --firer-class green")
	g.StringVar(&f.firerNationality, "firer-nationality", "other", "the Infantry firer's `NATION`: other, british (Elite and\n1st Line never Cower) or finnish (never Cower, but\nConscripts)")
	g.BoolVar(&f.leaderDirected, "leader-directed", false, "a leader directs the fire: no Cowering (his modifier\ngoes in --drm)")
	g.BoolVar(&f.areaFire, "area-fire", false, "Area Fire: the FP is halved, quartered with --concealed;\nTable 23 reads the FP before it (§8.53), so a Gun using\nthe Area Target Type gives its reduced FP as --fp instead\n(§7.4), e.g. --fp 15 --area-fire (7.5: the 6 column)")
	g.BoolVar(&f.concealed, "concealed", false, "the targets are concealed: the FP is halved (never an\nFFE's, C1.56); per unit: the concealed option")
	g.IntVar(&f.tem, "tem", 0, "target Location TEM `N` (0…8; none for a FT),\ne.g. --tem 2 (default: the --building's)")
	g.IntVar(&f.drm, "drm", 0, "every other DRM `N` (−8…8): Hindrance, leadership,\nFFMO…, e.g. --drm=-1")
	g.IntVar(&f.elr, "elr", 3, "ELR `N` (0…5) of the targets without an elr= option")
	g.StringVar(&f.building, "building", "none", "the target Location's `BUILDING`: none, wooden or stone;\nsets --tem to 2 or 3 (+1 Fortified) unless --tem is\ngiven (not for a FT), e.g. --building stone")
	g.BoolVar(&f.fortified, "fortified", false, "the building is Fortified: TEM +1, Flame DR −1 (B23.94)")
	g.IntVar(&f.level, "level", 0, "the target's building level `N`, 0 the ground floor; Rubble at an\nupper level may collapse the hex, e.g. --level 1")
	g.IntVar(&f.top, "top", 0, "the building's highest non-rooftop level `N` (default:\n--level); Rubble falls next door by the levels it takes\n(B24.12, §8.60), e.g. --top 2")
	g.StringVar(&f.terrain, "terrain", "", "the Location's other `TERRAIN`, for Shellholes and Flame:\n"+strings.Join(asl.FireTerrainNames(), ", ")+";\nit sets no TEM: give --tem beside it, e.g. --terrain\norchard --tem 0")
	setWant(g, "terrain", "want one of "+strings.Join(asl.FireTerrainNames(), ", "))
	g.StringVar(&f.ec, "ec", "moderate", "Environmental Condition, for Flame outside buildings and\nfor WP: `EC` is snow, mud, wet, moist, moderate, dry or\nvery-dry, e.g. --ec dry")
	g.BoolVar(&f.afvEnters, "afv-enters-building", false, "a CT BU FT AFV enters the ground-level --building: Rubble\non its Bog Check colored dr + --bog-drm ≤ 0 (Table 23)")
	g.IntVar(&f.bogDRM, "bog-drm", 0, "the entering AFV's Bog Check dr modifiers `N` (−6…6;\n§8.53: at 0 it never Rubbles), e.g. --bog-drm=-2")
	g.IntVar(&f.sw, "sw", 0, "Support Weapons `N` the first --target possesses, as its\nsw=N option (A9.74), e.g. --sw 1")
	g.BoolVar(&f.noHoB, "no-hob", false, "no Heat of Battle on an Original 2")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch, `KEY=BOOL` (Rules below;\nrepeatable), e.g. --rule surrender=true")
	setSwitches(g, "rule", ruleDocs(fireRules, asl.DefaultFireOptions()))
	for _, n := range []string{"calibre", "tem", "drm", "elr", "level", "top", "bog-drm", "sw"} {
		setWant(g, n, "want a whole number, like --"+n+" 2 (negative: --"+n+"=-2)")
	}
	setWant(g, "fp", "want a number of FP, like --fp 8 or --fp 7.5")
	annotate(g, twiceKey, []string{"a Fire Group is one attack of their summed FP (A7.5), and sapper plans compares it with separate shots (sapper run plans-fire-group)"}, "fp")
	for _, n := range []string{"leader-directed", "area-fire", "concealed", "fortified", "afv-enters-building", "no-hob"} {
		setWant(g, n, switchWant)
	}
	// 0 is the model's "none given": given, a calibre is one.
	setRange(g, "calibre", 1, asl.MaxCalibre)
	setTEMRange(g)
	setRange(g, "drm", asl.MinDRM, asl.MaxDRM)
	setRange(g, "elr", asl.MinELR, asl.MaxELR)
	setRange(g, "level", asl.MinLevel, asl.MaxLevel)
	setRange(g, "top", asl.MinLevel, asl.MaxLevel)
	setRange(g, "bog-drm", asl.MinBogDRM, asl.MaxBogDRM)
	setRange(g, "sw", asl.MinSW, asl.MaxSW)
	describeFireFlags(g)
	setExample(g, "fp", "8")
	setExample(g, "target", "4-6-7", "leader:8-1")
	fs.AddFlagSet(g)
	return g, f.common.register(fs)
}

func prepareFire(ctx context.Context, in input) (*job, error) {
	var f fireFlags
	register := func(fs *pflag.FlagSet) *commonFlags { f.register(fs); return &f.common }
	return prepareAttack("fire", register, f.resolve, describeFire, fireFigures, explainers.fire, in)
}

// resolve turns the fire flags into an attack with every default filled
// in.
func (f *fireFlags) resolve(fs *pflag.FlagSet) (asl.IFTAttack, error) {
	var zero asl.IFTAttack
	weapon, err := asl.ParseWeapon(f.weapon)
	if err != nil {
		return zero, badValue("weapon", f.weapon, stripEcho(err.Error()))
	}
	firer := asl.DefaultFirer(weapon)
	if fs.Changed("firer") {
		if firer, err = asl.ParseFirer(f.firer); err != nil {
			return zero, badValue("firer", f.firer, stripEcho(err.Error()))
		}
	}
	class, err := asl.ParseClass(f.firerClass)
	if err != nil {
		return zero, badValue("firer-class", f.firerClass, stripEcho(err.Error()))
	}
	nation, err := asl.ParseNationality(f.firerNationality)
	if err != nil {
		return zero, badValue("firer-nationality", f.firerNationality, stripEcho(err.Error()))
	}
	building, err := asl.ParseBuilding(f.building)
	if err != nil {
		return zero, badValue("building", f.building, "want none, wooden or stone")
	}
	ec, err := asl.ParseEC(f.ec)
	if err != nil {
		return zero, badValue("ec", f.ec, stripEcho(err.Error()))
	}
	targets, err := parseUnits("target", f.targets)
	if err != nil {
		return zero, err
	}
	if err := giveSW(fs.Changed("sw"), f.sw, targets); err != nil {
		return zero, err
	}
	if weapon == asl.WP && fs.Changed("firer") {
		// The model cannot tell a firer given from its default.
		return zero, inputErrorf("firer", "--firer with --weapon wp, which makes no IFT attack here, only the Flame DR (Table 23): who fires changes nothing; drop --firer")
	}
	if f.afvEnters {
		for _, n := range []string{"weapon", "firer"} {
			if fs.Changed(n) {
				return zero, inputErrorf(n, "--%s with --afv-enters-building: the AFV's entry makes no attack; drop --%s", n, n)
			}
		}
	}
	if fs.Changed("elr") && len(targets) == 0 {
		return zero, inputErrorf("elr", "--elr without --target: the ELR is the targets'; drop it")
	}
	if fs.Changed("no-hob") && len(targets) == 0 {
		return zero, inputErrorf("no-hob", "--no-hob without --target: Heat of Battle is the targets'; drop it")
	}
	if fs.Changed("fp") && f.fp == 0 {
		// The model reads an FP of 0 as none given.
		return zero, badValue("fp", argument(fs.Lookup("fp")), fmt.Sprintf("outside 1…%d, the FP an IFT attack may have", asl.MaxFP))
	}
	a := asl.NewIFTAttack(f.fp, targets...)
	a.Weapon, a.Calibre = weapon, f.calibre
	a.Firer, a.FirerClass, a.FirerNationality, a.LeaderDirected = firer, class, nation, f.leaderDirected
	a.AreaFire, a.Concealed = f.areaFire, f.concealed
	a.TEM, a.DRM, a.ELR = f.tem, f.drm, f.elr
	a.Building, a.Fortified, a.Level, a.Top = building, f.fortified, f.level, f.top
	if !fs.Changed("top") {
		a.Top = f.level
	}
	a.Terrain, a.EC = choice(f.terrain, asl.FireTerrainNames()...), ec
	a.AFVEntersBuilding, a.BogDRM = f.afvEnters, f.bogDRM
	if building != asl.NoBuilding && !fs.Changed("tem") && weapon != asl.Flamethrower && a.FP > 0 {
		a.TEM = building.TEM(f.fortified) // A7.4: the building's TEM (B23.921: +1 Fortified)
	}
	a.Options.HeatOfBattle = !f.noHoB
	if err := applyRules(fireRules, &a.Options, f.rules); err != nil {
		return zero, err
	}
	cs := append(unitRuleConflicts(f.rules, a.Building, a.Top, a.Targets), checkedUnitConflicts(fs, f.rules, a.Targets)...)
	cs = append(cs, concealedConflict(fs, a.Targets), fanaticConflict(f.rules, -1, a.Targets))
	if err := checkConflicts(append(cs, fireRuleConflicts(f.rules, f.noHoB, a)...)...); err != nil {
		return zero, err
	}
	if err := a.Validate(); err != nil {
		return zero, modelError(fs, err)
	}
	b := a
	err = givenAtZero(fs, []intField{{"level", &b.Level}, {"top", &b.Top}, {"bog-drm", &b.BogDRM}}, func() error { return b.Validate() })
	if err != nil {
		return zero, err
	}
	if weapon != asl.Flamethrower && a.FP > 0 { // a FT takes no TEM (§8.58)
		if err := terrainTEM(fs, a.Terrain); err != nil {
			return zero, err
		}
	}
	return a, nil
}

// firedBy names the firer after the weapon, but for an FFE, which fires
// itself ("20 FP concentrated-ffe", not "... by ffe").
func firedBy(f asl.Firer) string {
	if f == asl.FFEFirer {
		return ""
	}
	return " by " + f.String()
}

// describeFire is the table's one-line summary of the attack.
func describeFire(a asl.IFTAttack) string {
	var s string
	switch {
	case a.AFVEntersBuilding:
		s = fmt.Sprintf("A CT BU FT AFV enters a %s building (Bog Check dr modifiers %s)", a.Building, signed(a.BogDRM))
	case a.Weapon == asl.WP:
		s = "WP in the Location: Flame DR only"
	default:
		s = fmt.Sprintf("%s FP %s", num(a.FP), a.Weapon)
		if a.Calibre > 0 {
			s += fmt.Sprintf(" (%dmm)", a.Calibre)
		}
		s += firedBy(a.Firer)
	}
	if len(a.Targets) > 0 {
		s += " vs " + joinUnits(a.Targets)
	}
	var parts []string
	if a.FP > 0 {
		parts = append(parts, fmt.Sprintf("TEM %d", a.TEM))
		if a.DRM != 0 {
			parts = append(parts, "DRM "+signed(a.DRM))
		}
	}
	if a.Firer == asl.InfantryFirer && a.FP > 0 {
		parts = append(parts, classText[a.FirerClass]+" firer")
		if a.FirerNationality != asl.OtherNationality {
			parts = append(parts, a.FirerNationality.String())
		}
	}
	for _, b := range []struct {
		on   bool
		name string
	}{{a.LeaderDirected, "leader-directed"}, {a.AreaFire, "Area Fire"}, {a.Concealed, "concealed"}, {a.Cowers(), fmt.Sprintf("Cowers %d on doubles", a.CoweringShift())}} {
		if b.on {
			parts = append(parts, b.name)
		}
	}
	if slices.ContainsFunc(a.Targets, asl.Unit.ReadsELR) {
		parts = append(parts, fmt.Sprintf("ELR %d", a.ELR))
	}
	if a.Building != asl.NoBuilding {
		b := a.Building.String() + " building"
		if a.Fortified {
			b = "Fortified " + b
		}
		parts = append(parts, b)
	}
	if a.Top > 0 {
		parts = append(parts, fmt.Sprintf("level %d of %d", a.Level, a.Top))
	}
	if a.Terrain != "" {
		parts = append(parts, a.Terrain)
	}
	if a.EC != asl.Moderate {
		parts = append(parts, "EC "+a.EC.String())
	}
	if len(parts) == 0 {
		return s
	}
	return s + "; " + strings.Join(parts, ", ")
}

// classText names each Class as the rules do.
var classText = map[asl.Class]string{asl.Elite: "Elite", asl.FirstLine: "1st Line", asl.SecondLine: "2nd Line",
	asl.Green: "Green", asl.Conscript: "Conscript"}
