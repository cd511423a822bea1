package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var plansCommand = &command{
	name:    "plans",
	summary: "two or more plans of attacks on one Location, side by side",
	prepare: preparePlans,
	help:    writePlansHelp,
}

func init() { headlines["plans"] = bestPlan }

// plansFlags are the raw plans flags.
type plansFlags struct {
	plans     []string
	targets   []string
	building  string
	fortified bool
	tem       int
	terrain   string
	ec        string
	elr       int
	noHoB     bool
	rules     []string
	common    commonFlags
}

func (f *plansFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("plans", pflag.ContinueOnError)
	g.SortFlags = false
	g.StringArrayVar(&f.plans, "plan", nil, "a plan, `PLAN` = 'LABEL: ATTACK; ATTACK…', each ATTACK\n'fire FP …' or 'dc placed|thrown|set …' (repeat it: two\nto 12; the first is the one the others are measured\nagainst), e.g. --plan 'prep: fire 8 +2; dc placed'")
	g.StringArrayVar(&f.targets, "target", nil, "a target `UNIT` in the Location (repeatable),\ne.g. --target 4-6-7 --target leader:8-1")
	g.StringVar(&f.building, "building", "none", "the Location's `BUILDING`: none, wooden or stone; sets\nevery attack's TEM (a Set DC's none) unless --tem is given")
	g.BoolVar(&f.fortified, "fortified", false, "the building is Fortified (TEM +1)")
	g.IntVar(&f.tem, "tem", 0, "the Location's TEM `N` (0…8) for every attack but a Set\nDC's (default: the building's); an attack's tem=N wins")
	g.StringVar(&f.terrain, "terrain", "", "the Location's other `TERRAIN`, for Shellholes and Flame:\n"+strings.Join(asl.FireTerrainNames(), ", ")+";\nit sets no TEM: give --tem beside it, e.g. --terrain woods\n--tem 1")
	setWant(g, "terrain", "want one of "+strings.Join(asl.FireTerrainNames(), ", "))
	g.StringVar(&f.ec, "ec", "moderate", "Environmental Condition, for Flame outside buildings:\n`EC` is "+orList(asl.ECNames())+", e.g. --ec dry")
	g.IntVar(&f.elr, "elr", 3, "ELR `N` (0…5) of the targets without an elr= option")
	g.BoolVar(&f.noHoB, "no-hob", false, "no Heat of Battle on an Original 2, in any attack")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch for every attack that reads it,\n`KEY=BOOL` (Rules below; repeatable), e.g. --rule\nleaders-elite=false")
	setSwitches(g, "rule", planRuleDocs())
	setRange(g, "tem", asl.MinTEM, asl.MaxTEM)
	setRange(g, "elr", asl.MinELR, asl.MaxELR)
	for _, n := range []string{"fortified", "no-hob"} {
		setWant(g, n, switchWant)
	}
	describePlansFlags(g)
	setExample(g, "target", "4-6-7", "leader:8-1")
	setExample(g, "plan", "fire group: fire 8", "two shots: fire 4; fire 4")
	fs.AddFlagSet(g)
	return g, hideOutcomeFlags(f.common.register(fs))
}

// hideOutcomeFlags leaves out of help and describe the output flags that
// read a metric's outcomes, which a side-by-side table and chart do not
// show (sideBySideConflicts refuses them), and returns common.
func hideOutcomeFlags(common *pflag.FlagSet) *pflag.FlagSet {
	for _, n := range []string{"hide-zero", "fractions", "cumulative"} {
		common.Lookup(n).Hidden = true
	}
	// Their table and chart show fixed figures of each run, which no view
	// changes: --view reads the CSV alone.
	common.Lookup("view").Usage = "CSV only: read ordered outcomes (IFT results, counts)\n`VIEW`: exactly, at-least (this or worse: at least 2\nbroken) or at-most (this or milder); JSON carries all three"
	return common
}

// plansInputs are the resolved inputs, as the JSON shows them.
type plansInputs struct {
	Targets   []asl.Unit   `json:"targets"`
	Building  asl.Building `json:"building"`
	Fortified bool         `json:"fortified"`
	Terrain   string       `json:"terrain,omitempty"`
	EC        asl.EC       `json:"ec"`
	ELR       int          `json:"elr"`
	Plans     []planSpec   `json:"plans"`
}

// maxPlans bounds the plans of one run, whose time and memory grow with
// them.
const maxPlans = 12

// resolve checks the flags and reads every plan.
func (f *plansFlags) resolve(fs *pflag.FlagSet) (plansInputs, error) {
	var in plansInputs
	if len(f.plans) < 2 {
		return in, inputErrorf("plan", "--plan: give two or more plans to compare, e.g. --plan 'A: fire 8' --plan 'B: fire 4; fire 4'")
	}
	if len(f.plans) > maxPlans {
		return in, inputErrorf("plan", "--plan: %d plans; at most %d side by side (each runs on its own, and the table has a column and a Δ column for each)", len(f.plans), maxPlans)
	}
	if len(f.targets) == 0 {
		return in, inputErrorf("target", "--target: give the units in the Location, e.g. --target 4-6-7 --target leader:8-1")
	}
	targets, err := parseUnits("target", f.targets)
	if err != nil {
		return in, err
	}
	if len(targets) > asl.MaxUnits {
		// Said of --target, not of the first --plan that meets them.
		return in, inputErrorf("target", "--target: at most %d units in a Location", asl.MaxUnits)
	}
	if err := checkConflicts(checkedUnitConflicts(fs, nil, targets)...); err != nil {
		return in, err
	}
	b, err := asl.ParseBuilding(f.building)
	if err != nil {
		return in, badValue("building", f.building, "want none, wooden or stone")
	}
	ec, err := asl.ParseEC(f.ec)
	if err != nil {
		return in, badValue("ec", f.ec, stripEcho(err.Error()))
	}
	terrain := choice(f.terrain, asl.FireTerrainNames()...)
	switch {
	case f.fortified && b == asl.NoBuilding:
		return in, inputErrorf("fortified", "--fortified: only a building can be Fortified; give --building")
	case terrain != "" && b != asl.NoBuilding:
		return in, inputErrorf("terrain", "--terrain with --building: give either a building or another terrain")
	case terrain != "" && !slices.Contains(asl.FireTerrainNames(), terrain):
		return in, badValue("terrain", f.terrain, "want one of "+strings.Join(asl.FireTerrainNames(), ", "))
	}
	if err := checkPlanRules(f.rules); err != nil {
		return in, err
	}
	var temRead, terrainRead, ecRead bool
	d := planDefaults{building: b, fortified: f.fortified, tem: f.tem, temGiven: fs.Changed("tem"), terrain: terrain, ec: ec, hob: !f.noHoB,
		rules: f.rules, temRead: &temRead, terrainRead: &terrainRead, ecRead: &ecRead}
	in = plansInputs{Targets: targets, Building: b, Fortified: f.fortified, Terrain: terrain, EC: ec, ELR: f.elr}
	for _, s := range f.plans {
		p, err := parsePlan(s, targets, f.elr, d)
		if err != nil {
			return in, err
		}
		for _, q := range in.Plans {
			if strings.EqualFold(q.Label, p.Label) {
				return in, badValue("plan", s, fmt.Sprintf("label %q is given twice; give each plan its own", p.Label))
			}
		}
		in.Plans = append(in.Plans, p)
	}
	switch {
	case terrain != "" && !terrainRead:
		return in, inputErrorf("terrain", "--terrain: no attack of any plan reads it: only an attack that can Shellhole or set fire does (Table 23), a DC only where the terrain has a Kindling # (§8.56), so only its TEM counts: drop --terrain, and give the TEM with --tem")
	case fs.Changed("ec") && !ecRead:
		return in, inputErrorf("ec", "--ec: no attack of any plan reads it: it changes only a Flame DR outside buildings (B25.13) or WP's")
	}
	if temRead {
		if err := terrainTEM(fs, terrain); err != nil {
			return in, err
		}
	}
	if d.temGiven && !temRead {
		return in, inputErrorf("tem", "--tem: no attack of any plan takes it: a Set DC attacks with no TEM (A23.71), a FT with none (§8.58), and an attack's own tem= stands")
	}
	if err := planRulesRead(f.rules, in.Plans, f.noHoB); err != nil {
		return in, err
	}
	return in, nil
}

func preparePlans(ctx context.Context, given input) (*job, error) {
	var f plansFlags
	f.common.noFractions = tablesOf("sapper plans")
	fs, c, help, err := parseCommand("plans", func(fs *pflag.FlagSet) *commonFlags { f.register(fs); return &f.common }, given)
	if err != nil {
		return nil, err
	}
	if help {
		return &job{flags: fs, help: true}, nil
	}
	if err := sideBySideConflicts(fs, c, "plans", "plan", given); err != nil {
		return nil, err
	}
	in, err := f.resolve(fs)
	if err != nil {
		return nil, err
	}
	var runs []plannedRun
	for _, p := range in.Plans {
		exp, err := p.Plan.Experiment()
		if err != nil {
			return nil, badValue("plan", p.Label+": "+p.Text, planWords(err.Error()))
		}
		runs = append(runs, plannedRun{label: p.Label, exp: exp})
	}
	j := sideBySide(fs, c, report.Report{Command: "plans", Title: describePlans(in), Inputs: in}, runs, "plan")
	j.report.Notes = append(j.report.Notes, targetsNote(in.Targets))
	if !f.noHoB && slices.ContainsFunc(in.Plans, func(p planSpec) bool { return len(p.Plan.Steps) > 1 }) {
		j.report.Notes = append(j.report.Notes, clearedNote)
	}
	if f.noHoB {
		j.report.Notes = append(j.report.Notes, noHoBNote)
	}
	if slices.ContainsFunc(in.Plans, func(p planSpec) bool { return p.Plan.CanFlame() }) {
		finish := j.finish
		j.finish = func(rep *report.Report) {
			finish(rep)
			if note := flameNote(rep.Runs); note != "" {
				rep.Notes = append(rep.Notes, note)
			}
		}
	}
	j.explain = func() []*report.Explanation {
		var out []*report.Explanation
		for _, p := range in.Plans {
			out = append(out, explainers.plan(p.Plan))
		}
		return out
	}
	return j, nil
}

// fractionsUnread is why a table of percentages refuses --fractions
// (commonFlags.noFractions).
const fractionsUnread = "its table shows percentages, and an exact run's JSON gives every figure as a fraction without --fractions"

// sideBySideConflicts refuses the output flags that a side-by-side table
// and chart do not read: they show fixed figures of each plan (out,
// cleared, …), one bar per plan, not a metric's outcomes; noun names the
// plans as the command does ("plan", or compare's "way"). A sweep of the
// command reads them itself (sweep.go).
func sideBySideConflicts(fs *pflag.FlagSet, c common, command, noun string, in input) error {
	if in.sweep {
		return nil
	}
	with := "sapper " + command
	return checkConflicts(
		flagConflict(fs, "hide-zero", with, true,
			"its table and chart show fixed figures of each "+noun+", not outcomes to hide; the JSON and CSV list every outcome of every "+noun),
		flagConflict(fs, "view", with+" --format "+string(c.format), c.format != report.CSV,
			"the table and chart show fixed figures of each "+noun+"; --view reads the CSV's ordered outcomes (the JSON carries every view)"),
		flagConflict(fs, "cumulative", with, true,
			"its chart draws the table's figures, one bar per "+noun+", with no ordered outcomes to add up"),
	)
}

// sideBySide is the job of plans on one Location run side by side, each
// run a plan under its label, the first the one the others are measured
// against: its summary, its table and its chart are the plans grid (each
// plan's headline figures and its difference from the first plan's).
// sapper plans is this job; sapper compare is it with its three ways as
// the plans, and names them so (noun, "way").
func sideBySide(fs *pflag.FlagSet, c common, rep report.Report, runs []plannedRun, noun string) *job {
	first := "the first " + noun + "'s"
	if len(runs) > 0 && noun != "plan" {
		first = runs[0].label + "'s"
	}
	note := "sapper help plans explains the figures."
	if len(runs) > 1 {
		var heads []string
		for _, r := range runs[1:] {
			heads = append(heads, r.label+" − "+runs[0].label)
		}
		note = fmt.Sprintf("%s: the %s's figures minus %s, in percentage points; %s", strings.Join(heads, ", "), noun, first, note)
	}
	rep.Notes = []string{note}
	return &job{flags: fs, common: c, table: writePlansTable, report: rep, runs: runs, lead: asl.MetricStack,
		finish: func(rep *report.Report) { g := plansGrid(rep.Runs, false); rep.Figures = &g },
		chart: func(rep report.Report) (report.Chart, error) {
			return report.GridChart(report.Heading(rep), fmt.Sprintf("each %s's figures, one bar per %s", noun, noun), plansBars(*rep.Figures)), nil
		}}
}

// lowerBounds reports whether r's figures are lower bounds: an exact run
// cut short, whose paths not walked would only add to them.
func lowerBounds(r *sim.Result) bool { return r.Method == sim.Exact && !r.Complete }
