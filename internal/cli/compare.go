package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
)

var compareCommand = &command{
	name:    "compare",
	summary: "Placed vs Thrown vs Set on one target, side by side (the main job)",
	prepare: prepareCompare,
	help:    writeCompareHelp,
}

// compareFlags are the raw compare flags; each one left unset keeps the
// built-in comparison's value.
type compareFlags struct {
	targets    []string
	tem, drm   int
	elr        int
	concealed  bool
	building   string
	fortified  bool
	terrain    string
	ec         string
	captured   bool
	cx, afph   bool
	placer     []string
	dff        []string
	throwers   []string
	throwerTEM int
	setter     []string
	preset     bool
	noHoB      bool
	rules      []string
	// differences shows the ways as sapper plans shows plans.
	differences bool
	common      commonFlags
}

func (f *compareFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("compare", pflag.ContinueOnError)
	g.SortFlags = false
	g.StringArrayVar(&f.targets, "target", nil, "a target `UNIT` (repeatable; default: 4-6-7 and leader:8-1),\ne.g. --target 4-6-7 --target leader:9-2")
	g.StringVar(&f.building, "building", "stone", "the target Location's `BUILDING`: none, wooden or stone;\nsets --tem unless given, e.g. --building wooden")
	g.BoolVar(&f.fortified, "fortified", false, "the building is Fortified (TEM +1), e.g. --fortified")
	g.IntVar(&f.tem, "tem", 0, "target Location TEM `N` (default: the building's),\ne.g. --tem 1")
	g.IntVar(&f.drm, "drm", 0, "any other DRM `N` on the attacks on the targets,\ne.g. --drm=-1")
	g.BoolVar(&f.concealed, "concealed", false, "the targets are concealed: FP halved")
	g.StringVar(&f.terrain, "terrain", "", "other burnable `TERRAIN` (with --building none), for Flame\nalone (it sets no TEM: give --tem beside it): "+strings.Join(asl.TerrainNames(), ", ")+",\ne.g. --terrain woods --tem 1")
	setWant(g, "terrain", "want one of "+strings.Join(asl.TerrainNames(), ", "))
	g.StringVar(&f.ec, "ec", "moderate", "Environmental Condition, for Flame outside buildings:\n`EC` is "+orList(asl.ECNames())+", e.g. --ec dry")
	g.IntVar(&f.elr, "elr", 3, "targets' ELR `N` (0…5)")
	retired(g, "user", "compare names every DC's user, whose Class sets its X# (A23.2): the Placer, the thrower (the first --thrower) and the Setter; give each its class=, e.g. --placer 4-6-7,class=conscript")
	g.BoolVar(&f.captured, "captured", false, "the DC is captured")
	g.BoolVar(&f.cx, "cx", false, "the Placer and the Thrower are CX (+1)")
	g.StringArrayVar(&f.placer, "placer", nil, "the Placer `UNIT`, then units with it (default: an elite\n4-6-8), e.g. --placer 4-6-8,class=elite --placer leader:8-1")
	g.StringArrayVar(&f.dff, "dff", nil, "a Defensive Fire attack `FP:DRM` on the Placer (and on a\nSetter Setting during play, at −2 more), every DRM in it;\nit does not Cower (rules §8.31) unless ,class=CLASS (and\n,nation=N) name unled Infantry firers, who Cower as sapper\nfire's do (A7.9); none for no Defensive Fire, the Placer's\nLocation covered by no enemy (default: 8:-1), e.g. --dff 4:0\n--dff 2:+1,class=first")
	g.StringArrayVar(&f.throwers, "thrower", nil, "the thrower `UNIT`, then units with him, his Location\n(default: the Placer's units), e.g. --thrower 4-6-8,class=elite")
	g.IntVar(&f.throwerTEM, "thrower-tem", 0, "the thrower's Location TEM `N` (default 0: open ground)")
	g.BoolVar(&f.afph, "afph", false, "the DC is thrown in the AFPh (+1 to both DRs)")
	g.StringArrayVar(&f.setter, "setter", nil, "the Setter `UNIT`, then units with it (default: the\nPlacer's units, an elite 4-6-8 without --placer)")
	g.BoolVar(&f.preset, "preset", false, "the DC was Set before play by SSR: no setting dr and no\nDefensive Fire (default: Set during play, a setting dr\nunder the --dff attacks at −2)")
	g.BoolVar(&f.noHoB, "no-hob", false, "no Heat of Battle")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch `KEY=BOOL` as in sapper dc\n(repeatable), e.g. --rule surrender=false")
	setSwitches(g, "rule", ruleDocs(compareRules, asl.DefaultOptions()))
	g.BoolVar(&f.differences, "differences", false, "show the ways as sapper plans shows plans: a row per\nfigure, a column per way, then thrown's and set's\ndifference from placed with its interval")
	setTEMRange(g)
	setRange(g, "drm", asl.MinDRM, asl.MaxDRM)
	setRange(g, "elr", asl.MinELR, asl.MaxELR)
	setRange(g, "thrower-tem", asl.MinTEM, asl.MaxTEM)
	for _, n := range []string{"concealed", "fortified", "captured", "cx", "afph", "preset", "no-hob", "differences"} {
		setWant(g, n, switchWant)
	}
	describeDCFlags(g)
	def := asl.DefaultComparison()
	setDefaults(g, "target", unitStrings(def.Targets)...)
	setDefaults(g, "placer", unitStrings(def.Placer)...)
	var dff []string
	for _, fa := range def.DFF {
		dff = append(dff, fa.String())
	}
	setDefaults(g, "dff", dff...)
	annotate(g, computedKey, []string{"the placer's units"}, "thrower", "setter")
	setGroup(g, groupOutput, "differences")
	fs.AddFlagSet(g)
	return g, hideOutcomeFlags(f.common.register(fs))
}

// unitStrings writes units as the command line takes them.
func unitStrings(us []asl.Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.String())
	}
	return out
}

// resolve starts from the built-in comparison and applies every flag given.
func (f *compareFlags) resolve(fs *pflag.FlagSet) (asl.Comparison, error) {
	c := asl.DefaultComparison()
	units := func(flag string, ss []string, dst *[]asl.Unit) error {
		if !fs.Changed(flag) {
			return nil
		}
		us, err := parseUnits(flag, ss)
		*dst = us
		return err
	}
	for _, u := range []struct {
		flag string
		ss   []string
		dst  *[]asl.Unit
	}{{"target", f.targets, &c.Targets}, {"placer", f.placer, &c.Placer}, {"thrower", f.throwers, &c.Throwers}, {"setter", f.setter, &c.Setter}} {
		if err := units(u.flag, u.ss, u.dst); err != nil {
			return c, err
		}
	}
	// One squad's three ways: a Placer given is the thrower and the
	// Setter too, unless they are given.
	if fs.Changed("placer") && !fs.Changed("thrower") {
		c.Throwers = c.Placer
	}
	if fs.Changed("placer") && !fs.Changed("setter") {
		c.Setter = c.Placer
	}
	if fs.Changed("dff") {
		dff, err := parseDFF(f.dff)
		if err != nil {
			return c, err
		}
		c.DFF = dff
	}
	b, err := asl.ParseBuilding(f.building)
	if err != nil {
		return c, badValue("building", f.building, "want none, wooden or stone")
	}
	c.Building, c.Fortified, c.Terrain = b, f.fortified, choice(f.terrain, asl.TerrainNames()...)
	c.TEM = b.TEM(f.fortified)
	if fs.Changed("tem") {
		c.TEM = f.tem
	}
	if c.EC, err = asl.ParseEC(f.ec); err != nil {
		return c, badValue("ec", f.ec, stripEcho(err.Error()))
	}
	c.DRM, c.ELR, c.Concealed, c.Captured, c.CX, c.AFPh = f.drm, f.elr, f.concealed, f.captured, f.cx, f.afph
	c.ThrowerTEM, c.Preset = f.throwerTEM, f.preset
	c.Options.HeatOfBattle = !f.noHoB
	if err := applyRules(compareRules, &c.Options, f.rules); err != nil {
		return c, err
	}
	if err := compareConflicts(fs, f.rules, f.noHoB, c); err != nil {
		return c, err
	}
	if err := c.Validate(); err != nil {
		return c, modelError(fs, errors.Unwrap(err))
	}
	// Placed and Thrown read the TEM.
	return c, terrainTEM(fs, c.Terrain)
}

// prepareCompare checks the compare flags and builds the comparison as
// plans side by side, Placed first: the preset of sapper plans that
// answers the one question compare exists for.
func prepareCompare(ctx context.Context, in input) (*job, error) {
	var f compareFlags
	f.common.noFractions = tablesOf("sapper compare")
	fs, c, help, err := parseCommand("compare", func(fs *pflag.FlagSet) *commonFlags { f.register(fs); return &f.common }, in)
	if err != nil {
		return nil, err
	}
	if help {
		return &job{flags: fs, help: true}, nil
	}
	if err := sideBySideConflicts(fs, c, "compare", "way", in); err != nil {
		return nil, err
	}
	cmp, err := f.resolve(fs)
	if err != nil {
		return nil, err
	}
	runs, err := comparePlans(fs, cmp)
	if err != nil {
		return nil, err
	}
	j := sideBySide(fs, c, report.Report{Command: "compare", Title: describeComparison(cmp), Inputs: cmp}, runs, "way")
	j.explain = func() []*report.Explanation { return explainers.comparison(cmp) }
	// A sweep of compare reads the DC figures whatever the view.
	j.figures = dcFigures
	if fs.Changed("differences") {
		j.unswept, j.unsweptWhy = "differences", "it sets the three ways of one comparison side by side; a sweep shows each way's figures at every value"
	}
	if f.differences {
		j.report.Notes = append(j.report.Notes, targetsNote(cmp.Targets))
		j.finish = func(rep *report.Report) {
			// The ways' users' metrics differ; user out reads them all.
			g := plansGrid(rep.Runs, true, planFigure{name: "user out", cell: dcUserOut})
			rep.Figures = &g
		}
		j.report.Notes = append(j.report.Notes, "user out: "+dcFigures.notes["user out"]+".")
		if f.noHoB {
			j.report.Notes = append(j.report.Notes, noHoBNote)
		}
	} else {
		// The DC figures, one row per way: what compare has always shown.
		j.table, j.finish, j.chart = writeCompareTable, nil, nil
		j.report.Notes = strings.Split(dcFigures.notesFor(dcFigures.columns)+" sapper dc shows any run in full.", "\n")
	}
	return j, nil
}

// comparePlans are the three ways as plans of one attack on the targets'
// Location, each labelled by its mode. Each runs as its attack alone: a
// plan of one attack has that attack's figures (TestPlanOfOneAttack in
// model/asl checks it metric by metric), and the attack alone also
// resolves what a plan leaves to one DC attack, the Thrown DC's attack on
// the thrower's own Location (A23.6), and draws its dice as sapper dc
// does, so that a seeded compare is a seeded dc run of each way.
func comparePlans(fs *pflag.FlagSet, cmp asl.Comparison) ([]plannedRun, error) {
	var runs []plannedRun
	for _, a := range cmp.Attacks() {
		exp, err := a.Experiment()
		if err != nil {
			return nil, modelError(fs, err)
		}
		runs = append(runs, plannedRun{label: a.Mode.String(), exp: exp})
	}
	return runs, nil
}

func writeCompareTable(w io.Writer, rep report.Report) error {
	if err := writeSideBySideHead(w, rep); err != nil {
		return err
	}
	if err := report.WriteGrid(w, *rep.Figures); err != nil {
		return err
	}
	writeRunsFooter(w, rep, "run", "runs")
	return nil
}

// writeIntro writes the lines above a table's figures, the scenario's
// title and the setup (report.Intro), then a blank line.
func writeIntro(w io.Writer, rep report.Report) {
	for _, l := range rep.Intro() {
		report.WriteText(w, l)
	}
	fmt.Fprintln(w)
}

// atDRM is " at" a Defensive Fire attack's DRM, nothing when it has none.
func atDRM(drm int) string {
	if drm == 0 {
		return ""
	}
	return " at " + signed(drm)
}

// writeNotes writes the lines under a table's figures.
func writeNotes(w io.Writer, rep report.Report) {
	for _, l := range rep.Notes {
		report.WriteText(w, l)
	}
}

// describeComparison is the table's summary of the common inputs.
func describeComparison(c asl.Comparison) string {
	where := fmt.Sprintf("TEM %d", c.TEM)
	if c.Building != asl.NoBuilding {
		where = fmt.Sprintf("%s building, TEM %d", c.Building, c.TEM)
	}
	if c.Fortified {
		where += " (Fortified)"
	}
	if c.Terrain != "" {
		where += ", " + c.Terrain
	}
	// The inputs the built-in comparison leaves at their defaults, said
	// when given, as sapper dc says them.
	if c.DRM != 0 {
		where += ", DRM " + signed(c.DRM)
	}
	for _, b := range []struct {
		on   bool
		name string
	}{{c.Concealed, "concealed"}, {c.CX, "CX"}, {c.Captured, "captured DC"}} {
		if b.on {
			where += ", " + b.name
		}
	}
	if c.ELR != asl.DefaultComparison().ELR {
		where += fmt.Sprintf(", ELR %d", c.ELR)
	}
	// Each way's user, and his class as a DC user where it is not elite
	// (A23.2, asl.UserOf): a 4-6-8 given without class=elite is 1st Line
	// by default (rules/asl.md §8.49), and its DC's X# the lower for it,
	// which the unit's name alone does not show. Said once where the
	// three ways' users are alike.
	attacks := c.Attacks() // placed, thrown, set: each with its user
	groups := [3][]asl.Unit{attacks[0].Placer, attacks[1].Throwers, attacks[2].Setter}
	var users [3]string
	alike := true
	for i, g := range groups {
		users[i] = joinUnits(g)
		alike = alike && attacks[i].User == attacks[0].User
	}
	each := ""
	for i, a := range attacks {
		switch {
		case a.User == asl.EliteUser:
		case alike:
			each = "; each " + a.User.Phrase()
		default:
			users[i] += " (" + a.User.Phrase() + ")"
		}
	}
	set := "Set during play by " + users[2]
	if c.Preset {
		set = "Set before play, detonated by " + users[2]
	}
	dff := "no Defensive Fire"
	if len(c.DFF) > 0 {
		var shots []string
		for _, f := range c.DFF {
			shot := strconv.FormatFloat(f.FP, 'g', -1, 64) + " FP" + atDRM(f.DRM)
			if f.Firers != nil {
				shot += " by " + firersText(f, c.Options.CowerOffLowestNoEffect)
			}
			shots = append(shots, shot)
		}
		dff = "Defensive Fire of " + strings.Join(shots, " and ")
	}
	from := "from open ground"
	if c.ThrowerTEM > 0 {
		from = fmt.Sprintf("from TEM %d", c.ThrowerTEM)
	}
	// The Throw's phase, said either way: the AFPh's +1 on both DRs
	// (A23.62) is the one input that changes the Thrown way alone.
	phase := "in the PFPh"
	if c.AFPh {
		phase = "in the AFPh (+1)"
	}
	return fmt.Sprintf("DC vs %s in a %s\nPlaced by %s facing %s; Thrown %s by %s %s; %s%s",
		joinUnits(c.Targets), where, users[0], dff, phase, users[1], from, set, each)
}

const compareHelpIntro = `Usage: sapper compare [flags]

Placed vs Thrown vs Set: the same target Location attacked by a DC used each
way, each with its whole procedure: a Placed DC must survive Defensive Fire
(its Placer unbroken and unpinned), a Thrown DC also attacks the thrower's
own Location, a Set DC must be Set (and detonated by a NTC). One row per
way; each figure carries its interval below it. The first line names the
way that clears the stack most often (a KIA, when no target starts in
Good Order), and beside each way what it costs its user (the Placer,
thrower or Setter out: eliminated, surrendered or broken).

With no flags it runs the built-in comparison: a 4-6-7 and an 8-1 in a stone
building (TEM +3); Placed by an elite 4-6-8 facing one 8 FP −1 attack; Thrown
in the PFPh (--afph: the AFPh, +1 to both DRs) by the same squad from open
ground; Set during play by the same squad in its own Location before the
targets enter it (a setting dr ≤ 3 under the same fire at −2, Hazardous
Movement) and detonated by it once they have (NTC at ML 8). --preset Sets
it before play by SSR instead. Any flag replaces that part only. Units are
written as in sapper dc (see sapper help dc).

Compare is sapper plans with the three ways as its three plans, plus two
things a plan does not report: the thrower's own Location, which a Thrown
DC attacks too (A23.6), and the user's fate (user out). --differences
shows it as plans are shown: a row per figure read off every metric the
three ways share, and user out, a column per way, then thrown's and set's
difference from placed in percentage points, exact in an exact run, else
with Newcombe's hybrid score interval (see sapper help plans).

Examples:
  sapper compare
  sapper compare --differences --method exact
  sapper compare --target 4-6-7 --target 4-6-7 --building wooden --dff 4:0
  sapper compare --preset --method exact
  sapper compare --format json
  sapper compare --plot compare.svg

Compare flags:
`

func writeCompareHelp(w io.Writer) {
	fs, _ := newFlagSet("compare")
	var f compareFlags
	own, common := f.register(fs)
	writeHelpRules(w, compareHelpIntro, own, common, ruleDocs(compareRules, asl.DefaultOptions()))
}

// firersText names the unled firers of Defensive Fire f, and how far
// they Cower: "1st Line firers (Cowering)".
func firersText(f asl.FireAttack, offLowestNoEffect bool) string {
	s := classText[f.Firers.Class] + " firers"
	if f.Firers.Nationality != asl.OtherNationality {
		s = capitalize(f.Firers.Nationality.String()) + " " + s
	}
	switch shift := f.Cowering(); {
	case shift == 0:
		return s + " (no Cowering)"
	case f.CowersOffLowest() && offLowestNoEffect:
		return s + " (Cowering off the lowest column: doubles do nothing)"
	case f.CowersOffLowest():
		return s + " (Cowering, held on the lowest column)"
	case shift == 1:
		return s + " (Cowering)"
	}
	return s + " (Cowering two columns)"
}
