package cli

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var buildingCommand = &command{
	name:    "building",
	summary: "Tide of Iron: attack dice or charges vs a building and its squads",
	prepare: prepareBuilding,
	help:    writeBuildingHelp,
}

// buildingFlags holds the raw values of the building flags; resolve turns
// them into a toi.BuildingAttack.
type buildingFlags struct {
	dice          int
	combined      []string
	fireAndMove   bool
	cover         int
	threshold     int
	area          int
	suppressive   bool
	pinHits       int
	disruptHits   int
	charges       int
	perCharge     bool
	chargeHits    int
	pillbox       string
	squads        []string
	collapseCover int
	hitOn         int
	cancelOn      int
	needed        []string
	common        commonFlags
}

func (f *buildingFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("building", pflag.ContinueOnError)
	g.SortFlags = false
	g.IntVar(&f.dice, "dice", toi.DefaultDice, "attack dice `N` against the building (D2): a vehicle's\nfirepower, or the firing unit's under --combined; with\n--area the separate roll against the building, whose\ndefault is then the --area dice")
	g.StringArrayVar(&f.combined, "combined", nil, "combined fire: the firepower of each joining unit, `FP,FP,…`\n(a list or a repeated flag); each adds half, rounded up\n(§1), e.g. --dice 8 --combined 4,4")
	g.BoolVar(&f.fireAndMove, "fire-and-move", false, "Fire and Movement: --dice halved once, rounded up (D2)")
	g.IntVar(&f.cover, "cover", toi.DefaultCover, "the building's red (defense) dice `N` (§4, [M2]); also\nthe cover of every --target without cover=")
	g.IntVar(&f.threshold, "threshold", toi.DefaultThreshold, "net hits `N` one attack needs to destroy the building;\ndamage never accumulates (§4)")
	g.IntVar(&f.area, "area", 0, "a normal area attack on the hex with `N` dice (D3): the\nsuccesses are rolled once and shared, each squad rolls\nits own cover, each net hit removes a figure; then the\nbuilding takes a separate roll of --dice")
	g.BoolVar(&f.suppressive, "suppressive", false, "the --area attack is suppressive ([M4]): its net hits pin\na squad or disrupt it and remove no figure, and it rolls\nnothing against the building (§4)")
	g.IntVar(&f.pinHits, "pin-hits", toi.DefaultPinHits, "net hits `N` of a --suppressive attack that pin a squad\n([M4])")
	g.IntVar(&f.disruptHits, "disrupt-hits", toi.DefaultDisruptHits, "net hits `N` of a --suppressive attack that disrupt a squad;\nany hit disrupts a squad pinned before ([M4])")
	g.IntVar(&f.charges, "charges", 0, "detonate `K` demolition charges in the hex (§3, D4): all\ntogether, K × --charge-hits hits against the building\nand against every squad, each rolling its defense dice")
	g.BoolVar(&f.perCharge, "per-charge", false, "resolve the charges one by one, each a separate attack\n([M5]); with 3 hits a charge and --threshold 6 a building\nthen never falls, since damage does not accumulate")
	g.IntVar(&f.chargeHits, "charge-hits", toi.DefaultChargeHits, "hits `N` of one charge (§3: 3 with no Operations card)")
	g.StringVar(&f.pillbox, "pillbox", "", "the hex holds a pillbox and the charges were placed on its\n`SIDE`, inside or outside (D6): they hit only the squads on\nthat side; the pillbox is not damaged and there is no\nbuilding to fall")
	g.StringArrayVar(&f.squads, "target", nil, "a `SQUAD` in the hex, FIGURES[,cover=N][,in-pillbox][,pinned]\n(repeatable, D1): its figures, its cover dice (default\n--cover), whether it is inside the pillbox and whether it\nis pinned before the attack, e.g. --target 4 --target 3,cover=1")
	g.IntVar(&f.collapseCover, "collapse-cover", 0, "defense dice `N` each squad rolls against a collapse's 4\ndice hitting on 4–6 ([M6], D7)")
	g.IntVar(&f.hitOn, "hit-on", toi.DefaultHitOn, "attack dice succeed on face `N` or higher ([M1]),\ne.g. --hit-on 4 for 4–6")
	g.IntVar(&f.cancelOn, "cancel-on", toi.DefaultCancelOn, "defense dice cancel on face `N` or higher (§1)")
	g.StringArrayVar(&f.needed, "needed", nil, "instead of a run: the smallest --dice and, separately,\nthe smallest --charges whose exact chance of destroying\nthe building reaches each probability `P,P,…` (0 < P ≤ 1),\ne.g. --needed 0.5,0.8,0.95")
	for _, n := range []struct {
		name   string
		lo, hi int
	}{{"dice", 0, toi.MaxDice}, {"cover", 0, toi.MaxCover}, {"threshold", 1, toi.MaxThreshold}, {"area", 0, toi.MaxDice},
		{"pin-hits", 1, toi.MaxDice}, {"disrupt-hits", 1, toi.MaxDice}, {"charges", 0, toi.MaxCharges}, {"charge-hits", 0, toi.MaxChargeHits}, {"collapse-cover", 0, toi.MaxCover},
		{"hit-on", 1, 6}, {"cancel-on", 1, 6}} {
		setRange(g, n.name, n.lo, n.hi)
	}
	for _, n := range []string{"fire-and-move", "per-charge", "suppressive"} {
		setWant(g, n, switchWant)
	}
	describeBuildingFlags(g)
	fs.AddFlagSet(g)
	return g, f.common.register(fs)
}

// prepareBuilding checks every building input and builds the experiment,
// or the search of --needed, running nothing.
func prepareBuilding(ctx context.Context, in input) (*job, error) {
	var f buildingFlags
	register := func(fs *pflag.FlagSet) *commonFlags {
		f.register(fs)
		f.common.runsNone = func() (string, string) {
			if len(f.needed) > 0 {
				return "--needed", neededNoRun
			}
			return "", ""
		}
		f.common.noFractions = func() (string, string) {
			if len(f.needed) > 0 {
				return "--needed", neededOwnTable
			}
			return "", ""
		}
		return &f.common
	}
	fs, c, help, err := parseCommand("building", register, in)
	if err != nil {
		return nil, err
	}
	if help {
		return &job{flags: fs, help: true}, nil
	}
	if len(f.needed) > 0 {
		return f.prepareNeeded(fs, c)
	}
	a, err := f.resolve(fs)
	if err != nil {
		return nil, err
	}
	exp, err := a.Experiment()
	if err != nil {
		return nil, modelError(fs, err)
	}
	if f.common.fractions && a.RoundedWeights() {
		// Known before the run, which would fail on it (sim.FractionError).
		return nil, inputErrorf("fractions", "--fractions: this attack's pool is too large for exact weights: they were rounded to fit 64 bits and have no exact fractions; run without --fractions (the JSON of an exact run then says why it has none)")
	}
	j := single(fs, c, report.Report{Command: "building", Title: describeBuilding(a), Inputs: a}, exp, buildingFiguresFor(a))
	j.explainWith(func() *report.Explanation { return explainers.building(a) })
	return j, nil
}

// kind is the attack the flags describe: charges, an area attack, or an
// attack on the building.
func (f *buildingFlags) kind(fs *pflag.FlagSet) toi.Kind {
	switch {
	case fs.Changed("charges"):
		return toi.ChargesAttack
	case fs.Changed("area"):
		return toi.AreaAttack
	}
	return toi.OnBuilding
}

// notApplicable rejects the flags that the attack has no use for (D9 and
// the like), each naming both flags: an input that does not apply is an
// error, never silently ignored.
func (f *buildingFlags) notApplicable(fs *pflag.FlagSet) error {
	on := fs.Changed
	searching := len(f.needed) > 0
	hasSquads := len(f.squads) > 0
	// Conflicts, each naming both sides, so that a scenario file's key
	// and a flag given after the file are told apart (sapper run).
	if err := checkConflicts(
		flagConflict(fs, "dice", "--charges", on("charges"), "an attack with dice and the detonation of charges are separate actions (D4)"),
		flagConflict(fs, "area", "--charges", on("charges"), "an area attack and the detonation of charges are separate attacks (D9)"),
		flagConflict(fs, "per-charge", "no --charges", !on("charges") && !searching, "it says how charges detonate (D9)"),
		flagConflict(fs, "charge-hits", "no --charges", !on("charges") && !searching, "it is the hits of one charge (D9)"),
		flagConflict(fs, "pillbox", "no --charges", !on("charges"), "its side is where a charge was placed (D6, D9)"),
		flagConflict(fs, "combined", "no --dice", !on("dice") && !searching, "the joining units add to the firing unit's --dice (D2, D9)"),
		flagConflict(fs, "fire-and-move", "no --dice", !on("dice") && !searching, "it halves --dice (D2, D9)"),
		flagConflict(fs, "fire-and-move", "--combined", on("combined"), "combined fire is a Concentrated Fire action (D2)"),
		flagConflict(fs, "hit-on", "--charges", on("charges"), "charges roll no attack dice; their hits are automatic (§3)"),
		flagConflict(fs, "threshold", "--pillbox", on("pillbox"), "a pillbox hex has no building to destroy (D6)"),
		flagConflict(fs, "collapse-cover", "--pillbox", on("pillbox"), "a pillbox hex has no building to collapse (D6)"),
		flagConflict(fs, "area", "--dice and no --target", on("dice") && !hasSquads && !searching,
			"the area attack's dice fall on the squads inside, and with none the building takes its --dice alone; give --target, or drop --area (D3)"),
		flagConflict(fs, "collapse-cover", "no --target", !hasSquads && !searching, "no squad is inside for a collapse to fall on (D7)"),
		flagConflict(fs, "suppressive", "no --area", !on("area") && !searching, "a suppressive attack is an area attack on the squads; give its dice with --area ([M4])"),
		flagConflict(fs, "dice", "--suppressive", on("suppressive"), "a suppressive attack rolls nothing against the building; only a normal area attack does (§4)"),
		flagConflict(fs, "threshold", "--suppressive", on("suppressive"), "a suppressive attack does not attack the building (§4)"),
		flagConflict(fs, "collapse-cover", "--suppressive", on("suppressive"), "no building falls to a suppressive attack, which does not attack it (§4)"),
		flagConflict(fs, "suppressive", "no --target", !hasSquads && !searching, "it pins or disrupts the squads in the hex; give them with --target ([M4])"),
		flagConflict(fs, "pin-hits", "no --suppressive", !on("suppressive"), "it is the hits of a suppressive attack that pin ([M4])"),
		flagConflict(fs, "disrupt-hits", "no --suppressive", !on("suppressive"), "it is the hits of a suppressive attack that disrupt ([M4])"),
	); err != nil {
		return err
	}
	if !on("pillbox") {
		for _, s := range f.squads {
			if q, err := toi.ParseSquad(s); err == nil && q.InPillbox {
				return inputErrorf("target", "--target %s without --pillbox: no pillbox in the hex for it to be in (D6, D9)", s)
			}
		}
	}
	return nil
}

// resolve turns the building flags into an attack with every default
// filled in.
func (f *buildingFlags) resolve(fs *pflag.FlagSet) (toi.BuildingAttack, error) {
	var zero toi.BuildingAttack
	if err := f.notApplicable(fs); err != nil {
		return zero, err
	}
	a := toi.NewBuildingAttack(f.kind(fs))
	a.Dice, a.FireAndMove = f.dice, f.fireAndMove
	var err error
	if a.Combined, err = parseCombined(f.combined); err != nil {
		return zero, err
	}
	a.Cover, a.Threshold, a.HitOn, a.CancelOn, a.CollapseCover = f.cover, f.threshold, f.hitOn, f.cancelOn, f.collapseCover
	switch a.Kind {
	case toi.AreaAttack:
		a.Area = f.area
		a.Suppressive, a.PinHits, a.DisruptHits = f.suppressive, f.pinHits, f.disruptHits
		switch {
		case a.Suppressive:
			a.Dice = 0 // §4: only a normal area attack rolls against the building
		case !fs.Changed("dice"):
			a.Dice = f.area // D3: the same N against the building
		}
	case toi.ChargesAttack:
		a.Dice = 0
		a.Charges, a.PerCharge, a.ChargeHits = f.charges, f.perCharge, f.chargeHits
		if fs.Changed("pillbox") {
			if a.Pillbox, err = toi.ParsePillbox(f.pillbox); err != nil {
				return zero, badValue("pillbox", f.pillbox, "want inside or outside")
			}
		}
	}
	own := 0 // squads that roll their own cover=
	for _, s := range f.squads {
		q, err := toi.ParseSquad(s)
		if err != nil {
			return zero, badValue("target", s, strings.TrimPrefix(err.Error(), fmt.Sprintf("squad %q: ", s)))
		}
		if q.Cover == toi.HexCover {
			q.Cover = a.Cover // D1
		} else {
			own++
		}
		a.Squads = append(a.Squads, q)
	}
	if err := defenseConflicts(fs, own, a); err != nil {
		return zero, err
	}
	if err := a.Validate(); err != nil {
		return zero, modelError(fs, err)
	}
	return a, nil
}

// defenseConflicts rejects --cover where no defense die reads it: a
// pillbox hex has no building's red dice (D6), a suppressive attack does
// not roll against the building (§4), and a squad with its own cover=
// rolls that (D1); own is how many squads give theirs. (--cancel-on with
// no defense dice at a cover of 0 is let be: a sweep of the cover from 0
// reads it at every other value.)
func defenseConflicts(fs *pflag.FlagSet, own int, a toi.BuildingAttack) error {
	everyOwn := own == len(a.Squads)
	return checkConflicts(
		flagConflict(fs, "cover", "--pillbox and every --target's own cover=", !a.HasBuilding() && everyOwn,
			"a pillbox hex has no building's red dice, and each squad rolls its own cover (D1, D6)"),
		flagConflict(fs, "cover", "--suppressive and every --target's own cover=", a.Suppressive && everyOwn,
			"a suppressive attack does not roll against the building, and each squad rolls its own cover (§4, D1)"))
}

// parseCombined reads the firepowers of --combined: comma lists, the flag
// repeated, or both.
func parseCombined(values []string) ([]int, error) {
	out := []int{}
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			n, err := toi.ParseCount(s)
			if err != nil {
				return nil, badValue("combined", v, fmt.Sprintf("%v; want firepowers FP,FP,… in decimal digits, e.g. 4,4", err))
			}
			if n == 0 {
				return nil, badValue("combined", v, "a joining unit of 0 FP adds nothing; want each joining unit's firepower, at least 1, e.g. 4,4")
			}
			out = append(out, n)
		}
	}
	return out, nil
}

// buildingFigures are the headline numbers of a building attack, per
// value in a sweep.
var buildingFigures = &figures{
	columns: []string{"destroyed", "E[hits]", "any squad elim.", "E[squads elim.]"},
	row: func(res *sim.Result) []report.Cell {
		return []report.Cell{
			report.Sum(res, toi.MetricBuilding, "destroyed"),
			report.Mean(res, toi.MetricHits),
			report.Sum(res, toi.MetricSquadsEliminated, atLeastOne(res, toi.MetricSquadsEliminated)...),
			report.Mean(res, toi.MetricSquadsEliminated),
		}
	},
	notes: map[string]string{
		"destroyed":       "the building falls (--threshold net hits in one attack)",
		"E[hits]":         "net hits on the building",
		"any squad elim.": "at least one squad eliminated",
	},
}

// buildingFiguresFor are the headline numbers of attack a: those of
// buildingFigures, or, for a suppressive attack, which neither attacks
// the building nor removes a figure (§4, [M4]), each squad's chance of
// being pinned or disrupted, and disrupted.
func buildingFiguresFor(a toi.BuildingAttack) *figures {
	if !a.Suppressive {
		return buildingFigures
	}
	f := &figures{notes: map[string]string{}}
	var metrics []string
	var labels [][]string
	for k := range a.Squads {
		m := toi.SquadMetric(k + 1)
		both, dis := fmt.Sprintf("squad %d pinned+", k+1), fmt.Sprintf("squad %d disrupted", k+1)
		f.columns = append(f.columns, both, dis)
		f.notes[both] = "pinned or disrupted"
		metrics = append(metrics, m, m)
		labels = append(labels, []string{"disrupted", "pinned"}, []string{"disrupted"})
	}
	f.row = func(res *sim.Result) []report.Cell {
		cells := make([]report.Cell, len(metrics))
		for i, m := range metrics {
			cells[i] = report.Sum(res, m, labels[i]...)
		}
		return cells
	}
	return f
}

// atLeastOne lists the labels of a count metric from 1 up.
func atLeastOne(res *sim.Result, metric string) []string {
	m := res.Metric(metric)
	if m == nil {
		return nil
	}
	var labels []string
	for _, o := range m.Outcomes[1:] {
		labels = append(labels, o.Label)
	}
	return labels
}

// faces is "5–6" for dice that count on 5 or more.
func faces(from int) string {
	if from == 6 {
		return "6"
	}
	return fmt.Sprintf("%d–6", from)
}

// verb is "1 net hit pins" or "2 net hits pin": n of noun, and the verb
// that agrees with them.
func verb(n int, noun, one, many string) string {
	if n == 1 {
		return plural(n, noun, noun+"s") + " " + one
	}
	return plural(n, noun, noun+"s") + " " + many
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// describeBuilding is the table's one-line summary of the attack.
func describeBuilding(a toi.BuildingAttack) string {
	var parts []string
	dice := plural(a.BuildingDice(), "die", "dice")
	switch {
	case len(a.Combined) > 0:
		var fps []string
		for _, fp := range a.Combined {
			fps = append(fps, strconv.Itoa(fp))
		}
		dice = fmt.Sprintf("%s (%d, combined with %s)", dice, a.Dice, strings.Join(fps, ", "))
	case a.FireAndMove:
		dice = fmt.Sprintf("%s (%d halved by Fire and Movement)", dice, a.Dice)
	}
	switch {
	case a.Kind == toi.OnBuilding:
		parts = append(parts, fmt.Sprintf("%s hitting on %s vs the building", dice, faces(a.HitOn)))
	case a.Suppressive:
		parts = append(parts, fmt.Sprintf("suppressive area attack of %s on the squads, hitting on %s: %s, %s",
			plural(a.Area, "die", "dice"), faces(a.HitOn), verb(a.PinHits, "net hit", "pins", "pin"), verb(a.DisruptHits, "net hit", "disrupts", "disrupt")))
	case a.Kind == toi.AreaAttack && len(a.Squads) == 0:
		// Its dice find no squad: only the building's roll is made.
		parts = append(parts, fmt.Sprintf("area attack on the empty hex: %s on the building, hitting on %s", dice, faces(a.HitOn)))
	case a.Kind == toi.AreaAttack:
		parts = append(parts, fmt.Sprintf("area attack of %s on the squads, then %s on the building, hitting on %s",
			plural(a.Area, "die", "dice"), dice, faces(a.HitOn)))
	case a.Kind == toi.ChargesAttack:
		how := "detonating together"
		if a.PerCharge {
			how = "resolved one by one"
		}
		parts = append(parts, fmt.Sprintf("%s of %s %s", plural(a.Charges, "charge", "charges"), plural(a.ChargeHits, "hit", "hits"), how))
	}
	switch {
	case a.Suppressive:
		parts = append(parts, fmt.Sprintf("building with %s, not attacked", plural(a.Cover, "red die", "red dice")))
	case a.HasBuilding():
		parts = append(parts, fmt.Sprintf("building with %s, falls to %d+ net hits", plural(a.Cover, "red die", "red dice"), a.Threshold))
	default:
		parts = append(parts, fmt.Sprintf("pillbox hex, charges placed %s", a.Pillbox))
	}
	parts = append(parts, "defense dice cancel on "+faces(a.CancelOn))
	if len(a.Squads) > 0 {
		var ss []string
		for _, s := range a.Squads {
			q := fmt.Sprintf("%s (%s)", plural(s.Figures, "figure", "figures"), plural(s.Cover, "cover die", "cover dice"))
			if s.InPillbox {
				q += " in the pillbox"
			}
			if s.Pinned {
				q += ", pinned"
			}
			ss = append(ss, q)
		}
		parts = append(parts, "squads: "+strings.Join(ss, ", "))
		if a.CollapseCover > 0 {
			parts = append(parts, fmt.Sprintf("%s against a collapse", plural(a.CollapseCover, "defense die", "defense dice")))
		}
	}
	return capitalize(strings.Join(parts, "; "))
}
