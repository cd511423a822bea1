package cli

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

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
			out = append(out, explainPlan(p.Plan))
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

// clearedNote tells the two clearing rows apart, under a table where
// some plan has more than one attack and Heat of Battle is on: only
// there may they differ (§8.64).
const clearedNote = "cleared after any attack: clear after some attack of the plan; stack cleared: still clear after the last. They differ when a later attack's Heat of Battle brings a unit back to Good Order, or a hero one attack created is a target of the next (§8.64)."

// noHoBNote reads the hob row under --no-hob, where it still counts the
// Original 2s that would have triggered Heat of Battle.
const noHoBNote = "hob: an Original 2 on a MC; with --no-hob it triggers nothing."

// flameNote says, under a table where some plan can place Flame (its
// flame row), that what Flame does after the attack that placed it is out
// of scope (rules/asl.md §7.5, §8.63).
func flameNote(runs []report.Run) string {
	for _, r := range runs {
		if r.Result != nil && r.Result.Metric(asl.MetricFlame) != nil {
			return "After a Flame (the flame row) a later attack meets the same Location; Flame's spread, Blaze and their attacks are out of scope (rules §8.63)."
		}
	}
	return "" // an interrupted job, before any plan that can place Flame ran
}

// describePlans is the table's summary of the Location and the plans.
func describePlans(in plansInputs) string {
	where := "open ground"
	switch {
	case in.Building != asl.NoBuilding:
		where = fmt.Sprintf("a %s building", in.Building)
		if in.Fortified {
			where = "a Fortified " + strings.TrimPrefix(where, "a ")
		}
	case in.Terrain != "":
		where = in.Terrain
	}
	// The TEM each attack reads, which a building or terrain does not
	// tell (--tem, or an attack's tem=): once when every attack shares
	// it, else beside each plan.
	tems := map[int]bool{}
	for _, p := range in.Plans {
		for _, t := range stepTEMs(p.Plan) {
			tems[t] = true
		}
	}
	first := fmt.Sprintf("Plans against %s in %s", joinUnits(in.Targets), where)
	sep := ", "
	if where == "open ground" && (len(tems) > 1 || !tems[0]) {
		// A TEM with no building or terrain named is a Location's the
		// player did not name, not open ground's (TEM 0): as sapper fire
		// says it.
		first, sep = "Plans against "+joinUnits(in.Targets), "; "
	}
	if len(tems) == 1 {
		for t := range tems {
			first += fmt.Sprintf("%sTEM %d", sep, t)
		}
		if in.Building != asl.NoBuilding && onlySetDCs(in.Plans) {
			// Else a building of TEM 0 reads as a slip.
			first += ": a Set DC takes none (A23.71)"
		}
	}
	lines := []string{first}
	for _, p := range in.Plans {
		line := fmt.Sprintf("  %s: %s", p.Label, p.Text)
		if len(tems) > 1 {
			var ts []string
			for _, t := range stepTEMs(p.Plan) {
				ts = append(ts, strconv.Itoa(t))
			}
			line += " (TEM " + strings.Join(ts, ", ") + ")"
		}
		if notes := planTakenAsGiven(p.Plan); len(notes) > 0 {
			line += " — " + strings.Join(notes, "; ")
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// planNoThrower is noThrower for a plan's Thrown DC: a dc step takes no
// thrower= to give.
const planNoThrower = "a plan's DC has no thrower, so the attack on his Location (A23.6) is left out"

// planTakenAsGiven is what each DC of plan p takes as given for want of
// the unit that uses it (takenAsGiven), and when a Setter Set it
// (setWhen), naming the attack in a plan of several.
func planTakenAsGiven(p asl.Plan) []string {
	var out []string
	for k, s := range p.Steps {
		if s.DC == nil {
			continue
		}
		notes := takenAsGiven(*s.DC, planNoThrower)
		if w := setWhen(*s.DC); w != "" {
			notes = append(notes, w)
		}
		for _, n := range notes {
			if len(p.Steps) > 1 {
				n = fmt.Sprintf("attack %d: %s", k+1, n)
			}
			out = append(out, n)
		}
	}
	return out
}

// onlySetDCs reports whether every attack of every plan is a Set DC.
func onlySetDCs(plans []planSpec) bool {
	for _, p := range plans {
		for _, s := range p.Plan.Steps {
			if s.DC == nil || s.DC.Mode != asl.Set {
				return false
			}
		}
	}
	return true
}

// stepTEMs is the TEM of each attack of plan p, in order.
func stepTEMs(p asl.Plan) []int {
	var out []int
	for _, s := range p.Steps {
		switch {
		case s.DC != nil:
			out = append(out, s.DC.TEM)
		case s.Fire != nil:
			out = append(out, s.Fire.TEM)
		}
	}
	return out
}

// A figure row of the comparison: one outcome set of a metric that every
// plan reports, or, with cell, a figure each run reads from metrics of its
// own (compare's "user out": the Placer's, the thrower's or the Setter's).
type planFigure struct {
	name   string
	metric string
	labels func(m *sim.MetricSummary) []string
	cell   func(res *sim.Result) report.Cell
}

// except is every label of the metric but those named.
func except(names ...string) func(m *sim.MetricSummary) []string {
	return func(m *sim.MetricSummary) []string {
		var out []string
		for _, o := range m.Outcomes {
			if !slices.Contains(names, o.Label) {
				out = append(out, o.Label)
			}
		}
		return out
	}
}

func only(names ...string) func(*sim.MetricSummary) []string {
	return func(*sim.MetricSummary) []string { return names }
}

// headlineFigures are the figures a metric is read by: a unit's chance of
// being eliminated and of being out of the fight; yes for a yes/no
// metric; the Location cleared; a DC detonated or Set; a count at least
// 1; and cleared after any attack at all.
func headlineFigures(m *sim.MetricSummary) []planFigure {
	labels := make([]string, len(m.Outcomes))
	for i, o := range m.Outcomes {
		labels[i] = o.Label
	}
	n := m.Name
	switch {
	case n == asl.MetricClearedAfter:
		return []planFigure{{name: "cleared after any attack", metric: n, labels: except("never")}}
	case n == asl.MetricStack:
		return []planFigure{{name: "stack cleared", metric: n, labels: only("cleared")}}
	case slices.Equal(labels, []string{"yes", "no"}):
		return []planFigure{{name: n, metric: n, labels: only("yes")}}
	case slices.Contains(labels, "good_order") && slices.Contains(labels, "eliminated"):
		return []planFigure{{name: n + " eliminated", metric: n, labels: only("eliminated")}, {name: n + " out", metric: n, labels: only("eliminated", "surrendered", "broken")}}
	case slices.Contains(labels, "detonated"):
		return []planFigure{{name: n + " detonated", metric: n, labels: only("detonated")}}
	case slices.Contains(labels, "set"):
		return []planFigure{{name: n + " set", metric: n, labels: only("set")}}
	case m.Numeric():
		return []planFigure{{name: n + " ≥ 1", metric: n, labels: except("0")}}
	}
	return nil
}

// sharedFigures are the headline figures of the metrics the runs report,
// in the order the runs first give them: every run's, or, with every
// false, any run's, a run that has no such metric (a fire attack's rubble
// where a DC's is reported) reading "—" there.
func sharedFigures(runs []report.Run, every bool) []planFigure {
	var out []planFigure
	seen := map[string]bool{}
	for _, r := range runs {
		for _, m := range r.Result.Metrics {
			if seen[m.Name] {
				continue
			}
			seen[m.Name] = true
			all := true
			for _, o := range runs {
				all = all && o.Result.Metric(m.Name) != nil
			}
			if all || !every {
				out = append(out, headlineFigures(&m)...)
			}
		}
	}
	return out
}

// cellOf is a figure of run r: its probability and interval.
func cellOf(r report.Run, f planFigure) report.Cell {
	if f.cell != nil {
		return f.cell(r.Result)
	}
	m := r.Result.Metric(f.metric)
	if m == nil {
		return report.Cell{} // "—": this plan does not report it
	}
	return report.Sum(r.Result, f.metric, f.labels(m)...)
}

// plansGrid is the figures of every plan, a row per plan, a column per
// figure, then a Δ column per figure: the plan's figure minus the first
// plan's, with the difference's interval (none in the first plan's row).
// The table shows it turned: a row per figure, a column per plan.
func plansGrid(runs []report.Run, every bool, extra ...planFigure) report.Grid {
	g := report.Grid{}
	if len(runs) == 0 {
		return g
	}
	figs := append(sharedFigures(runs, every), extra...)
	for _, f := range figs {
		g.Columns = append(g.Columns, f.name)
	}
	for _, f := range figs {
		g.Columns = append(g.Columns, "Δ "+f.name)
	}
	for i, r := range runs {
		row := report.GridRow{Label: r.Label}
		for _, f := range figs {
			row.Cells = append(row.Cells, cellOf(r, f))
		}
		for _, f := range figs {
			d := report.Cell{}
			if i > 0 {
				d = difference(cellOf(runs[0], f), cellOf(r, f))
			}
			row.Cells = append(row.Cells, d)
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// difference is b − a with its interval: exact when both are (their
// intervals are points; a fraction when both have one), otherwise Newcombe's hybrid score interval, built
// from the two Wilson intervals (Newcombe, R. G., "Interval estimation for
// the difference between independent proportions: comparison of eleven
// methods", Statistics in Medicine 17 (1998) 873–890, method 10). With
// (l₁, u₁) the Wilson interval of p₁ = a and (l₂, u₂) that of p₂ = b, and
// d = p₂ − p₁:
//
//	lower = d − √((p₂ − l₂)² + (u₁ − p₁)²)
//	upper = d + √((u₂ − p₂)² + (p₁ − l₁)²)
//
// at the confidence of the Wilson intervals. The interval takes the two
// runs as independent samples; each plan is its own run, and although the
// runs share the seed, plans that differ draw their dice in different
// places of their streams.
func difference(a, b report.Cell) report.Cell {
	if !a.Valid || !b.Valid {
		return report.Cell{}
	}
	if a.Fraction != nil && b.Fraction != nil {
		x := new(big.Rat).Sub(b.Fraction, a.Fraction)
		d, _ := x.Float64()
		return report.Cell{P: d, Lo: d, Hi: d, Valid: true, Fraction: x}
	}
	d := b.P - a.P
	if a.Lo == a.P && a.Hi == a.P && b.Lo == b.P && b.Hi == b.P && math.Abs(d) < 1e-12 {
		// Two exact figures without their fractions (the table and the
		// CSV unless --fractions): float sums over different paths that
		// differ by rounding alone would read −0.00; a true difference
		// this small would read 0.00 all the same, and the JSON has it
		// exactly.
		d = 0
	}
	lo := d - math.Sqrt((b.P-b.Lo)*(b.P-b.Lo)+(a.Hi-a.P)*(a.Hi-a.P))
	hi := d + math.Sqrt((b.Hi-b.P)*(b.Hi-b.P)+(a.P-a.Lo)*(a.P-a.Lo))
	return report.Cell{P: d, Lo: max(lo, -1), Hi: min(hi, 1), Valid: true}
}

// plansBars are the figures of every plan without the differences, for
// the chart: one group per figure, a bar per plan.
func plansBars(g report.Grid) report.Grid {
	n := len(g.Columns) / 2
	out := report.Grid{Columns: g.Columns[:n]}
	for _, r := range g.Rows {
		out.Rows = append(out.Rows, report.GridRow{Label: r.Label, Cells: r.Cells[:n]})
	}
	return out
}

// bestPlan is the headline: the plan that clears the targets' Location
// most often, or eliminates or captures the first target most often when
// none starts in Good Order (startsClear), and by how much against the
// next best (its difference, with Newcombe's interval in a Monte Carlo
// run).
func bestPlan(rep report.Report) *report.Headline {
	targets := targetsOf(rep.Inputs)
	goal := clearing("Location")
	if startsClear(targets) {
		// The first target gone, eliminated or captured: rows of the
		// plans' table.
		goal = aim{metric: asl.TargetMetric(1), labels: gone, does: "eliminates or captures the " + targets[0].String(), why: clearBefore("Location")}
	}
	best, next := -1, -1
	cells := make([]report.Cell, len(rep.Runs))
	var cut []string
	for i, r := range rep.Runs {
		if lowerBounds(r.Result) {
			// Its sums are lower bounds: no difference is known.
			cut = append(cut, fmt.Sprintf("%q", r.Label))
			continue
		}
		cells[i] = report.Sum(r.Result, goal.metric, goal.labels...)
		switch {
		case !cells[i].Valid:
		case best < 0 || cells[i].P > cells[best].P:
			best, next = i, best
		case next < 0 || cells[i].P > cells[next].P:
			next = i
		}
	}
	if best < 0 {
		return nil
	}
	r := rep.Runs[best]
	often := " most often"
	var d report.Cell
	if next >= 0 {
		d = difference(cells[next], cells[best])
	}
	switch {
	case next < 0 && len(rep.NotRun) > 0:
		often = "" // the others never ran
	case next >= 0 && d.P == 0:
		often = fmt.Sprintf(" as often as %q", rep.Runs[next].Label)
	}
	what := fmt.Sprintf("Plan %q clears the Location%s (every target eliminated, surrendered or broken)", r.Label, often)
	if cells[best].P == 0 {
		what = "No plan clears the Location (every target eliminated, surrendered or broken)"
		if r.Result.Method != sim.Exact {
			what = "No plan cleared the Location (every target eliminated, surrendered or broken) in any trial"
		}
	}
	if goal.why != "" {
		what = fmt.Sprintf("%splan %q %s%s", goal.why, r.Label, goal.does, often)
		if cells[best].P == 0 {
			what = goal.why + "no plan " + goal.does
			if r.Result.Method != sim.Exact {
				what += " in any trial"
			}
		}
	}
	h := report.NewHeadline(r.Result, goal.metric, goal.labels, what)
	if len(cut) > 0 {
		defer func() {
			h.Text = fmt.Sprintf("The exact run of %s was cut short, its figures lower bounds; of the other plans, %s", someOf(cut), lowerFirst(h.Text))
		}()
	}
	if next < 0 || cells[best].P == 0 || (d.P == 0 && d.Lo == d.Hi) {
		return h
	}
	n := rep.Runs[next]
	by := strings.TrimPrefix(deltaPts(100*d.P), "+") + " points"
	if d.Lo < d.Hi {
		by += fmt.Sprintf(" (%s%% interval %s to %s)", report.Percent(n.Result.Confidence), signedPts(100*d.Lo, 2), signedPts(100*d.Hi, 2))
	}
	if d.P == 0 {
		// as often in these trials: the interval says how far apart
		// the plans may be
		h.Text = strings.TrimSuffix(h.Text, ".") + fmt.Sprintf("; the difference %s.", by)
		return h
	}
	h.Text = strings.TrimSuffix(h.Text, ".") + fmt.Sprintf(", %s more than %q (%s%%).", by, n.Label, report.Pct(cells[next].P))
	return h
}

// writePlansTable writes the headline, the plans, and the figures side by
// side with each plan's difference from the first.
func writePlansTable(w io.Writer, rep report.Report) error {
	report.WriteHeadline(w, rep)
	writeIntro(w, rep)
	// An interrupted job has the working of runs it never ran.
	for i, e := range rep.Explain[:min(len(rep.Explain), len(rep.Runs))] {
		fmt.Fprintf(w, "== %s ==\n", rep.Runs[i].Label)
		if err := report.WriteExplanation(w, e); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	if rep.Figures != nil {
		writeSignedGrid(w, turned(*rep.Figures))
	}
	var elapsed float64
	cut := false
	for _, r := range rep.Runs {
		elapsed += r.Result.Elapsed.Seconds()
		cut = cut || lowerBounds(r.Result)
		if !r.Result.Complete {
			fmt.Fprintf(w, "\nINCOMPLETE: the %q run was %s\n", r.Label, report.Incomplete(r.Result))
		}
	}
	trials, res := mcTrials(rep.Runs)
	exact := res == nil
	var method string
	switch {
	case exact && cut:
		method = "exact enumeration, cut short: a run marked INCOMPLETE gives lower bounds, and no difference from it is known"
	case exact:
		method = "exact enumeration: every figure and difference is exact"
	default:
		aside := ""
		if someExact(rep.Runs) {
			aside = " (an exact run's interval is a point)"
		}
		method = fmt.Sprintf("Monte Carlo%s: %s trials per run, seed %d;\n%s%% Wilson intervals below each figure, Newcombe's hybrid score\ninterval below each difference",
			aside, trials, res.Seed, report.Percent(res.Confidence))
	}
	fmt.Fprintf(w, "\n%s; %s\n", method, report.Seconds(elapsed))
	writeNotes(w, rep)
	return nil
}

// someExact reports whether any of the runs was enumerated exactly.
func someExact(runs []report.Run) bool {
	for _, r := range runs {
		if r.Result.Method == sim.Exact {
			return true
		}
	}
	return false
}

// turned is the plans grid as the table shows it: a row per figure, a
// column per plan, then the Δ column of each plan after the first.
func turned(g report.Grid) report.Grid {
	n := len(g.Columns) / 2
	t := report.Grid{}
	for _, r := range g.Rows {
		t.Columns = append(t.Columns, r.Label)
	}
	for _, r := range g.Rows[1:] {
		t.Columns = append(t.Columns, "Δ "+r.Label)
	}
	for j := range n {
		row := report.GridRow{Label: g.Columns[j]}
		for _, r := range g.Rows {
			row.Cells = append(row.Cells, r.Cells[j])
		}
		for _, r := range g.Rows[1:] {
			row.Cells = append(row.Cells, r.Cells[n+j])
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// writeSignedGrid writes the turned grid as WriteGrid does, the
// differences (the columns whose name starts with Δ) signed in points,
// their intervals in brackets.
func writeSignedGrid(w io.Writer, g report.Grid) {
	cell := func(j int, c report.Cell) (fig, iv string) {
		switch {
		case !c.Valid:
			return "—", ""
		case !strings.HasPrefix(g.Columns[j], "Δ "):
			fig = report.Pct(c.P) + "%"
			if c.Hi > c.Lo {
				lo, hi := report.Span(100*c.Lo, 100*c.Hi, 1)
				iv = lo + "–" + hi
			}
			return fig, iv
		}
		fig = deltaPts(100*c.P) + " pts"
		if c.Hi > c.Lo {
			// As report.Span, signed: one more place where one would
			// print the ends alike.
			places := 1
			if signedPts(100*c.Lo, 1) == signedPts(100*c.Hi, 1) && signedPts(100*c.Lo, 2) != signedPts(100*c.Hi, 2) {
				places = 2
			}
			iv = "[" + signedPts(100*c.Lo, places) + ", " + signedPts(100*c.Hi, places) + "]"
		}
		return fig, iv
	}
	heads := deltaHeads(g.Columns)
	widths := make([]int, len(g.Columns)+1)
	for _, r := range g.Rows {
		widths[0] = max(widths[0], utf8.RuneCountInString(r.Label))
	}
	for j, name := range heads {
		widths[j+1] = utf8.RuneCountInString(name)
		for _, r := range g.Rows {
			f, iv := cell(j, r.Cells[j])
			widths[j+1] = max(widths[j+1], utf8.RuneCountInString(f), utf8.RuneCountInString(iv))
		}
	}
	line := func(first string, cells []string) {
		var b strings.Builder
		b.WriteString(first + strings.Repeat(" ", widths[0]-utf8.RuneCountInString(first)))
		for j, c := range cells {
			b.WriteString("  " + strings.Repeat(" ", widths[j+1]-utf8.RuneCountInString(c)) + c)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line("", heads)
	for _, r := range g.Rows {
		figs, ivs := make([]string, len(r.Cells)), make([]string, len(r.Cells))
		any := false
		for j, c := range r.Cells {
			figs[j], ivs[j] = cell(j, c)
			any = any || ivs[j] != ""
		}
		line(r.Label, figs)
		if any {
			line("", ivs)
		}
	}
}

// targetsNote names the unit each target.N row of the table is about,
// in the order the targets were given.
func targetsNote(targets []asl.Unit) string {
	parts := make([]string, len(targets))
	for i, u := range targets {
		parts[i] = fmt.Sprintf("target.%d: %s", i+1, u)
	}
	return strings.Join(parts, "; ") + "."
}

// deltaHeads is the turned grid's column names as the table heads them:
// a Δ column as the subtraction it shows, "two shots − fire group", so
// that its sign reads one way with the first line's "more than".
func deltaHeads(cols []string) []string {
	heads := slices.Clone(cols)
	for j, c := range cols {
		if name, ok := strings.CutPrefix(c, "Δ "); ok {
			heads[j] = name + " − " + cols[0]
		}
	}
	return heads
}

// signedPts is x with its sign, − for a negative, to places decimals.
// deltaPts is a plan's difference from the first, x points, to two
// places: one that is not 0 but would print as ±0.00 prints as ±<0.01,
// as report.Pct prints a probability, so that only plans alike read as
// alike.
func deltaPts(x float64) string {
	switch {
	case x > 0 && x < 0.005:
		return "+<0.01"
	case x < 0 && x > -0.005:
		return "−<0.01"
	}
	return signedPts(x, 2)
}

func signedPts(x float64, places int) string {
	s := fmt.Sprintf("%+.*f", places, x)
	if s[0] == '-' {
		return "−" + s[1:]
	}
	return s
}

const plansHelpIntro = `Usage: sapper plans --target UNIT… --plan PLAN --plan PLAN… [flags]

Two or more plans against the same Location, side by side. A plan is one
attack or an ordered sequence of attacks in one Player Turn (rules §7.5):
each attack meets the Location as the one before left it. Units eliminated
or captured are gone; broken units stay broken (broken-side ML); pinned
units stay pinned (a pinned leader gives no DRM, a pinned unit takes no
PTC); Reduced, ELR-Replaced and berserk units stay so; a hero created by
Heat of Battle joins the Location as a target of the later attacks;
Rubble made by one attack eliminates every unit there and Rubbles no more.

A plan is written LABEL: ATTACK; ATTACK…, at most 8 attacks (one Player
Turn); a LABEL is up to 24 ASCII letters, digits, spaces and
+ - _ . , / ' ( ) &. Each attack is a kind, its value, then options
separated by spaces (a bare signed number, or drm=N, is its DRM):

  fire FP [+N] [tem=N] [weapon=W] [calibre=MM] [firer=KIND] [class=CLASS]
          [nation=N] [leader] [area] [concealed] [surrender]
  dc MODE [+N] [tem=N] [cx] [concealed] [afph] [user=CLASS] [captured]
          [placer=UNIT]… [dff=FP:DRM[,class=C]]… [setter=UNIT]…
          [preset=false] [enemy-infantry=N] [surrender[=false]]

The options are those of sapper fire and sapper dc; leader is
--leader-directed, area --area-fire, class --firer-class, nation
--firer-nationality. A Set DC is Set before play unless a setter= and
preset=false say otherwise. The targets and the terrain are the flags
below, the same for every plan. Each attack follows the modeling defaults
of its command (rules §8) but for the switches --rule sets, each for
every attack that reads it, the DC's as sapper dc's and a fire attack's
as sapper fire's. Surrender is each attack's own: a fire attack's Heat of
Battle surrenders to no one (§8.61) unless it says surrender (its firer
ADJACENT and Known, sapper fire's --rule surrender=true), a DC's as
sapper dc's does (§8.26, §8.64) unless it says surrender=false
(surrender turns a Set DC's on).
Concealment is each attack's own (concealed, or a target's ,concealed)
and no attack changes it (§8.63); concealed=false says the targets' "?"
is gone for that attack. A hero created by Heat of Battle has no
,concealed of his own; an attack's concealed halves against him too.
Flame's spread, Blaze and their attacks are out of scope: a later attack
meets the same Location, and the notes say how often each plan placed a
Flame (§8.63).

The table shows, for every metric any plan reports, its headline figures
("—" for a plan that has no such metric: a fire attack's detonation): a
target eliminated and out of the fight (eliminated, surrendered or
broken); stack cleared (every target eliminated, surrendered or broken
after the last attack, a hero created by an earlier attack included: a
pinned or berserk one still holds the Location); cleared after any
attack (cleared_after is not never); yes for a yes/no metric; a count
(out, heroes, SW) at least 1; a DC detonated, named by its place among
the plan's DCs (dc.1.detonation, whichever attack it is, so that plans
share its row). Each plan after the first
has a column of its figure minus the first plan's (two shots − fire
group), in percentage points, exact in an exact run, else with
Newcombe's hybrid score interval from the two Wilson intervals. The JSON
and CSV carry every metric of every plan, with cleared_after (1…n or
never) and heroes (heroes created by Heat of Battle still in play); the
JSON of an exact run has every p, figure and difference also as a
reduced fraction. The first line names the plan that clears the Location
most often and by how much over the next; when no target starts in Good
Order (all broken), the Location is clear before any attack, and it
names the plan that eliminates or captures the first target most often.
A line under the table names the unit of each target.N row.

sapper compare is the preset whose plans are a DC Placed, Thrown and Set,
with what a plan leaves out (the thrower's own Location, the user's fate);
sapper compare --differences shows it as this table does.

Examples:
  sapper plans --target 4-6-7 --target leader:8-1 --building stone \
    --plan 'fire group: fire 8' --plan 'two shots: fire 4; fire 4'
  sapper plans --target 4-6-7 --target leader:8-1 --building stone \
    --plan 'DC alone: dc placed' --plan 'prep then DC: fire 8 +1; dc placed'
  sapper plans --target 4-6-7,broken --target leader:8-1,pinned \
    --building wooden --plan 'placed: dc placed' --plan 'thrown: dc thrown'

Plans flags:
`

func writePlansHelp(w io.Writer) {
	fs, _ := newFlagSet("plans")
	var f plansFlags
	own, common := f.register(fs)
	writeHelpRules(w, plansHelpIntro, own, common, planRuleDocs())
}

// lowerBounds reports whether r's figures are lower bounds: an exact run
// cut short, whose paths not walked would only add to them.
func lowerBounds(r *sim.Result) bool { return r.Method == sim.Exact && !r.Complete }
