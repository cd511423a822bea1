package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/model/bound"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var activateCommand = &command{
	name:    activateName,
	summary: "Solitaire ASL: S? Activation chains along a path (rules/sasl.md)",
	prepare: prepareActivate,
	help:    writeActivateHelp,
}

// activateFlags override the crossing file's numbers, so that a sweep can
// vary them (--vary ac=1..5).
type activateFlags struct {
	tables     string
	ac         int
	missionDRM int
	a5DRM      int
	attitude   string
	date       string
	elr        int
	hazardous  bool
	assault    bool
	rules      []string
	common     commonFlags
}

func (f *activateFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("activate", pflag.ContinueOnError)
	g.SortFlags = false
	g.StringVar(&f.tables, "tables", "", "the Activation and generation tables: a tables `FILE`\n(rules/sasl.md S19), or illustrative for the shipped\nexample set; default: the tables the crossing file names,\nelse the illustrative ones, e.g. --tables russian.yaml")
	g.IntVar(&f.ac, "ac", 0, "the ENEMY AC# `N` (0…6), fixed for the crossing (S1);\ndefault: the file's, e.g. --ac 4")
	g.IntVar(&f.missionDRM, "mission-drm", 0, "the Mission DRM `N` on the Activation Table {A1}\n(−6…+6); default: the file's, e.g. --mission-drm -1")
	g.IntVar(&f.a5DRM, "a5-drm", 0, "the drm `N` on the fortification dr, on table {A5}\n(−6…+6); default: the file's")
	g.StringVar(&f.attitude, "attitude", "", "the ENEMY `ATTITUDE`: advance or hold; default: the\nfile's")
	g.StringVar(&f.date, "date", "", "the `YYYY-MM` date for the tables' columns and DRM;\ndefault: the file's, e.g. --date 1943-07")
	g.IntVar(&f.elr, "elr", 0, "ELR `N` (0…5) of the moving units without an elr= option;\ndefault: the file's elr:, else 3")
	g.BoolVar(&f.hazardous, "hazardous", false, "the stack uses Hazardous Movement: −2, no FFNAM (S12);\ndefault: the file's")
	g.BoolVar(&f.assault, "assault", false, "the stack uses Assault Movement: no FFNAM; one Location\nonly (A4.61); default: the file's")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch, `KEY=BOOL` (Rules below;\nrepeatable), e.g. --rule heat-of-battle=false")
	setSwitches(g, "rule", ruleDocs(activateRules, sasl.DefaultOptions()))
	setRange(g, "ac", 0, 6)
	setRange(g, "mission-drm", -6, 6)
	setRange(g, "a5-drm", -6, 6)
	setRange(g, "elr", 0, 5)
	for _, n := range []string{"hazardous", "assault"} {
		setWant(g, n, switchWant)
	}
	describeActivateFlags(g)
	fs.AddFlagSet(g)
	common = f.common.register(fs)
	// A crossing file may set its own method and trials (scenario keys),
	// which a flag replaces: a form shows neither as the command's.
	setComputed(common, "method", "trials")
	for _, n := range []string{"method", "trials"} {
		if f := common.Lookup(n); f != nil {
			f.Usage += ";\nif not given, the crossing file's " + n + ":, if it has one"
		}
	}
	return g, common
}

// activateInputs are the resolved inputs in the JSON output.
type activateInputs struct {
	File     string         `json:"file"`
	Tables   string         `json:"tables"`
	Crossing *sasl.Crossing `json:"crossing"`
	Omitted  []string       `json:"not_modeled"`
}

// prepareActivate reads the crossing file, applies the flags over it and
// builds the experiment, running nothing.
func prepareActivate(ctx context.Context, in input) (*job, error) {
	args := in.args
	var f activateFlags
	fs, showHelp := newFlagSet("activate")
	f.register(fs)
	if err := parseInput(fs, in); err != nil {
		return nil, err
	}
	if *showHelp {
		return &job{flags: fs, help: true}, nil
	}
	rest := fs.Args()
	switch {
	case len(rest) == 0:
		return nil, usagef("want a crossing file or the name of a built-in one, e.g. sapper activate two-sq-crossing (sapper scenarios lists them)")
	case len(rest) > 1:
		return nil, usagef("unexpected argument %q; one crossing (a file or a built-in name), then its flags", rest[1])
	}
	s, err := loadScenarioOf(ctx, rest[0], activateName, "crossing")
	if err != nil {
		return nil, about(err, "crossing")
	}
	s.via = invokedOf(ctx)
	if s.command.name != activateName {
		return nil, inputErrorf("crossing", "%s: a sapper %s scenario, not a crossing; run it with sapper run %s", s.file, s.command.name, oneLine(rest[0]))
	}
	switch {
	case s.vary != "" && !in.sweep:
		// Run as one crossing, its vary: would go unread.
		return nil, scenarioError(s.file, s.lines["vary"], "vary: %s makes this crossing a sweep; run it with sapper run %s", oneLine(s.vary), oneLine(rest[0]))
	case s.vary != "" && !in.fileVary:
		// sapper sweep activate FILE --vary …: the sweep's own --vary
		// would leave the file's, and its metric:, unread.
		return nil, scenarioError(s.file, s.lines["vary"], "vary: %s makes this crossing a sweep of its own, and a sweep varies one input; run it with sapper run %s", oneLine(s.vary), oneLine(rest[0]))
	}
	// The file's flags first, the command line's after: they win.
	j, err := s.merged(input{args: args, after: in.after, sweep: in.sweep}, func(in input) (*job, error) { return prepareCrossing(ctx, s, in) })
	if err != nil || j.help {
		return j, err
	}
	if place := j.place; place != nil {
		// What the run refuses in the file's flags (a server's limit on
		// trials) is the crossing field's, as the file's other faults are.
		j.place = func(err error) error { return about(place(err), "crossing") }
	}
	if t := s.titled(args); t != "" {
		// A sweep's too: its title is its base run's, which the swept
		// flag is not given to.
		j.report.Scenario = t
	}
	return j, nil
}

// prepareCrossing builds the experiment of crossing s under in, the
// file's flags merged with the command line's.
func prepareCrossing(ctx context.Context, s *scenario, given input) (*job, error) {
	var f activateFlags
	fs, _ := newFlagSet("activate")
	f.register(fs)
	if given.sweep {
		f.common.noFractions = tablesOf("sapper sweep")
	}
	if err := parseInput(fs, given); err != nil {
		return nil, err
	}
	c, err := f.common.resolve(fs)
	if err != nil {
		return nil, err
	}
	cf, err := decodeCrossing(ctx, s)
	if err != nil {
		return nil, about(err, "crossing")
	}
	if err := givenTwice(s); err != nil {
		return nil, err
	}
	cr := &cf.Crossing
	orig := *cr
	if err := f.apply(fs, cr); err != nil {
		return nil, err
	}
	ref := cf.Tables
	if fs.Changed("tables") {
		ref = f.tables
	}
	s.overFile = map[string]bool{}
	if fs.Changed("tables") {
		s.overFile["tables"] = ref == cf.Tables
	}
	for name, cf := range crossingFlags {
		if cf.of != nil && fs.Changed(name) {
			s.overFile[name] = cf.of(&orig) == cf.of(cr)
		}
	}
	if err := illustrativeOrFile(ctx, s, ref, fs.Changed("tables")); err != nil {
		return nil, err
	}
	if ref == "" {
		ref = illustrativeTables // neither the file nor --tables names any
	}
	if cr.Tables, err = loadTables(ctx, ref); err != nil {
		var ue *usageError
		if fs.Changed("tables") && errors.As(err, &ue) {
			// The flag's file, not the crossing's tables: the error is
			// the flag's, for a page to mark, and one that names no line
			// of the file is said as the flag's, for a scenario to leave
			// unplaced.
			ue.field = "tables"
			if !ue.placed {
				ue.msg = "--" + ue.msg
			}
		} else if errors.As(err, &ue) && !ue.placed && cf.Lines["tables"] > 0 {
			// The crossing's tables: the file that cannot be read is
			// said at the line that names it.
			return nil, scenarioError(s.file, cf.Lines["tables"], "%s", ue.msg)
		}
		return nil, err
	}
	noF := !slices.ContainsFunc(cr.Tables.A1.Rows, func(r []sasl.Item) bool { return slices.Contains(r, sasl.ItemF) })
	if err := checkConflicts(flagConflict(fs, "a5-drm", "tables whose {A1} has no F", noF, "no {A5} dr is made without an F (S8)")); err != nil {
		return nil, err
	}
	exp, err := cr.ExperimentOn(c.cfg.Workers)
	var inv *bound.Invalid
	if field, _ := bound.FieldOf(err); field == "tables" && fs.Changed("tables") && errors.As(err, &inv) {
		// The tables --tables read, not those the crossing's tables:
		// line names: the fault is the flag's file's.
		return nil, badValue("tables", f.tables, strings.TrimPrefix(err.Error(), "tables: "))
	}
	if err != nil {
		field, _ := bound.FieldOf(err)
		switch {
		case s.lines["--"+field] > 0:
			// Given under the file's flags:, where the crossing's own
			// lines do not place it.
			return nil, scenarioError(s.file, s.lines["--"+field], "%v", err)
		case field != "" && fs.Lookup(field) != nil && fs.Changed(field):
			// Given after the file: the flag's.
			return nil, inputErrorf(field, "--%v", err)
		}
		return nil, fileError(cf.Place(err))
	}
	if err := s16Conflicts(f.rules, cr); err != nil {
		return nil, err
	}
	in := activateInputs{File: s.file, Tables: tablesLabel(cr.Tables), Crossing: cr, Omitted: sasl.Omitted()}
	rep := report.Report{Command: "activate", Scenario: s.title, Title: describeCrossing(cr), Inputs: in}
	j := single(fs, c, rep, exp, activateFigures)
	j.explainWith(func() *report.Explanation { return explainers.crossing(cr) })
	return j, nil
}

// apply lays the flags that were given over the crossing.
func (f *activateFlags) apply(fs *pflag.FlagSet, c *sasl.Crossing) error {
	e := &c.Enemy
	ints := []struct {
		name   string
		v      int
		lo, hi int
		dst    *int
	}{{"ac", f.ac, 0, 6, &e.AC}, {"mission-drm", f.missionDRM, -6, 6, &e.MissionDRM}, {"a5-drm", f.a5DRM, -6, 6, &e.A5DRM}, {"elr", f.elr, 0, 5, &c.ELR}}
	for _, x := range ints {
		if !fs.Changed(x.name) {
			continue
		}
		if x.v < x.lo || x.v > x.hi {
			return badValue(x.name, strconv.Itoa(x.v), fmt.Sprintf("want a whole number from %d to %d", x.lo, x.hi))
		}
		*x.dst = x.v
	}
	if fs.Changed("tables") && strings.TrimSpace(f.tables) == "" {
		// An empty value would fall back to the illustrative tables.
		return badValue("tables", f.tables, "want a tables FILE or illustrative")
	}
	if strings.IndexFunc(f.tables, unicode.IsControl) >= 0 {
		// The file's name heads what it generates: a line break would
		// forge a line of the output.
		return badValue("tables", f.tables, "want a file name of one line, with no control character")
	}
	var err error
	if fs.Changed("attitude") {
		if e.Attitude, err = sasl.ParseAttitude(f.attitude); err != nil {
			return badValue("attitude", f.attitude, "want advance or hold")
		}
	}
	attitude := "the file's attitude: advance"
	if fs.Changed("attitude") {
		attitude = "--attitude advance"
	}
	// A --a5-drm 0 clears the file's; any other is read only in Hold.
	if err := checkConflicts(
		flagConflict(fs, "a5-drm", attitude, e.Attitude == sasl.Advance && f.a5DRM != 0,
			"an F in Advance Attitude generates nothing, so no {A5} dr is made (S5.74, S8)"),
		elrConflict(fs, c.Stack),
	); err != nil {
		return err
	}
	if fs.Changed("attitude") && e.Attitude == sasl.Advance && e.A5DRM != 0 {
		return inputErrorf("attitude", "--attitude advance with the file's a5_drm: %+d: an F in Advance Attitude generates nothing, so no {A5} dr is made (S5.74, S8); give --a5-drm 0 too", e.A5DRM)
	}
	if fs.Changed("date") {
		if e.Date, err = sasl.ParseDate(f.date); err != nil {
			return badValue("date", f.date, fmt.Sprintf("want YYYY-MM from %d-01 to %d-12, such as 1941-08", sasl.FirstYear, sasl.LastYear))
		}
	}
	if fs.Changed("hazardous") {
		c.Hazardous = f.hazardous
	}
	if fs.Changed("assault") {
		c.Assault = f.assault
	}
	// One given after the file against the other in it: named as such,
	// as any conflict between the file and the flags after it is.
	switch {
	case c.Hazardous && c.Assault && fs.Changed("hazardous") && !fs.Changed("assault"):
		return inputErrorf("hazardous", "--hazardous with the file's assault: true: Assault Movement is not Hazardous Movement; give --assault=false with it")
	case c.Hazardous && c.Assault && fs.Changed("assault") && !fs.Changed("hazardous"):
		return inputErrorf("assault", "--assault with the file's hazardous: true: Assault Movement is not Hazardous Movement; give --hazardous=false with it")
	}
	return applyActivateRules(f.rules, &c.Options, c.Stack)
}

// describeCrossing is the table's summary: the stack, the ENEMY side, the
// tables used and what the figures leave out.
func describeCrossing(c *sasl.Crossing) string {
	var b strings.Builder
	move := "moving"
	switch {
	case c.Hazardous:
		move = "Hazardous Movement"
	case c.Assault:
		move = "Assault Movement"
	}
	fmt.Fprintf(&b, "%s (%s) past %d S? along %s; ENEMY %s, AC# %d, %s, Mission DRM %s, %s\n",
		joinUnits(c.Stack), move, len(c.SQ), plural(len(c.Path), "Location", "Locations"), c.Enemy.Nationality, c.Enemy.AC, c.Enemy.Attitude, signed(c.Enemy.MissionDRM), c.Enemy.Date)
	fmt.Fprintf(&b, "Tables: %s\n", tablesLabel(c.Tables))
	fmt.Fprintf(&b, "Not modeled: %s", strings.Join(sasl.Omitted(), "; "))
	return b.String()
}

// activateFigures are the headline numbers of a crossing, per value in a
// sweep.
var activateFigures = &figures{
	columns: []string{"arrived", "E[checked]", "E[activated]", "E[dummies]", "E[squads]"},
	row: func(res *sim.Result) []report.Cell {
		return []report.Cell{
			report.Sum(res, sasl.MetricArrived, "yes"),
			report.Mean(res, sasl.MetricChecked),
			report.Mean(res, sasl.MetricActivated),
			report.Mean(res, sasl.MetricDummies),
			report.Mean(res, sasl.GeneratedMetric(sasl.ItemS)),
		}
	},
	notes: map[string]string{
		"arrived": "some moving unit in Good Order at the last Location (S18)",
	},
}

// activateName names the command whose scenario files are crossings.
const activateName = "activate"

// crossingFlag is a flag that replaces a value a crossing file gives in
// its own fields: the top-level key, or the enemy: key, it replaces, and
// of, which reads that value off the crossing, so that a title names only
// the flags that changed it (nil for tables, a file's name).
type crossingFlag struct {
	key [2]string
	of  func(c *sasl.Crossing) any
}

var crossingFlags = map[string]crossingFlag{
	"tables":      {key: [2]string{"tables", ""}},
	"elr":         {[2]string{"elr", ""}, func(c *sasl.Crossing) any { return c.ELR }},
	"hazardous":   {[2]string{"hazardous", ""}, func(c *sasl.Crossing) any { return c.Hazardous }},
	"assault":     {[2]string{"assault", ""}, func(c *sasl.Crossing) any { return c.Assault }},
	"ac":          {[2]string{"enemy", "ac"}, func(c *sasl.Crossing) any { return c.Enemy.AC }},
	"mission-drm": {[2]string{"enemy", "mission_drm"}, func(c *sasl.Crossing) any { return c.Enemy.MissionDRM }},
	"a5-drm":      {[2]string{"enemy", "a5_drm"}, func(c *sasl.Crossing) any { return c.Enemy.A5DRM }},
	"attitude":    {[2]string{"enemy", "attitude"}, func(c *sasl.Crossing) any { return c.Enemy.Attitude }},
	"date":        {[2]string{"enemy", "date"}, func(c *sasl.Crossing) any { return c.Enemy.Date }},
}

// givenTwice refuses a crossing file that gives one value twice, in its
// crossing fields and again under flags:, which one silently replaced;
// and the tables under flags:, which would be read from where sapper
// runs, where the crossing's own tables: field is read beside the file.
func givenTwice(s *scenario) error {
	for _, f := range s.flags {
		if f.name == "tables" {
			return scenarioError(s.file, s.lines["--tables"], "tables: give a crossing file's tables as its own tables: field, read beside the file, not under flags:; --tables after the file, on the command line, reads from where sapper runs")
		}
		cf, ok := crossingFlags[f.name]
		key := cf.key
		if !ok {
			continue
		}
		top, found := s.crossing[key[0]]
		if found && key[1] != "" {
			found = hasKey(top.N, key[1])
		}
		if found {
			where := key[0]
			if key[1] != "" {
				where += ": " + key[1]
			}
			return scenarioError(s.file, s.lines["--"+f.name], "%s: given twice, as flags: %s and as the crossing's %s (line %d); give it once", f.name, f.name, where, top.Line)
		}
	}
	return nil
}

// hasKey reports whether the YAML mapping n has key.
func hasKey(n *yaml.Node, key string) bool {
	if n == nil || n.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}
