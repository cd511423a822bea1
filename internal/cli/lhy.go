package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/bound"
	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var lhyCommand = &command{
	name:    "lhy",
	summary: "The Last Hundred Yards: one fire resolution on a hex (rules/lhy.md)",
	prepare: prepareLHY,
	help:    writeLHYHelp,
}

// lhyFlags holds the raw values of the lhy flags; resolve turns them into
// an lhy.FireAttack.
type lhyFlags struct {
	sadrm       []int
	mdrm        int
	mv          int
	atdrm       []string
	units       []string
	leader      int
	vehicles    []string
	openTerrain bool
	ip          bool
	assault     bool
	atFromMG    bool
	rules       []string
	common      commonFlags
}

func (f *lhyFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("lhy", pflag.ContinueOnError)
	g.SortFlags = false
	intsVar(g, &f.sadrm, "sadrm", "a small-arms DRM `N` (−9…+9), one per firing nationality\n(repeatable, at most 6), e.g. --sadrm 1 --sadrm 3")
	g.IntVar(&f.mdrm, "mdrm", 0, "the hex's mortar DRM `N` (−9…+9); its result passes over\nRNP, e.g. --mdrm 2")
	g.IntVar(&f.mv, "mfa-mv", 1, "the Mortar Value `N` (1…5) of a Mortar Fire Action; 2 or\nmore makes a mortar roll of 10 Destroy a random vehicle\n(13.1.7), e.g. --mfa-mv 2")
	g.StringArrayVar(&f.atdrm, "atdrm", nil, "an anti-tank DRM `VEHICLE=N` (−9…+9) against that vehicle\n(repeatable, also for one vehicle: its highest roll\ncounts; rolls ≤ 2 are ignored), e.g. --atdrm tank=2")
	g.StringArrayVar(&f.units, "target", nil, "a `UNIT` in the hex, NAME:COHESION[,option,...] (Units\nbelow; repeatable, at most 12), e.g. --target rifle:7,av=2")
	g.IntVar(&f.leader, "leader", 0, "the `COHESION` (0…10) of an undisrupted platoon leader\nstacked with the units: FFAR −1 for a unit of lower\nCohesion; never a target, e.g. --leader 8")
	g.StringArrayVar(&f.vehicles, "vehicle", nil, "a `VEHICLE` in the hex, NAME:AV[,option,...] (Vehicles\nbelow; repeatable, at most 6), e.g. --vehicle tank:8,afv,atv=2")
	g.BoolVar(&f.openTerrain, "open-terrain", false, "the hex is open terrain: Collateral Damage Disrupts one\non-foot unit (13.3.7)")
	g.BoolVar(&f.ip, "ip", false, "an IP in the open hex spares the on-foot units")
	g.BoolVar(&f.assault, "assault", false, "the fire is during an Assault: it spares them too")
	g.BoolVar(&f.atFromMG, "at-from-mg", false, "the anti-tank fire came from an MG: Collateral Damage\nspares towed Guns")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch, `KEY=VALUE` (Rules below),\ne.g. --rule cohesion-fail=disrupt")
	setSwitches(g, "rule", lhySwitches, "casualty", "disrupt")
	setSuggest(g, "target", "rifle:7", "mg:6,concealed", "squad:7,av=2", "hq:8,non-combat")
	setRange(g, "sadrm", -lhy.MaxDRM, lhy.MaxDRM)
	setRange(g, "mdrm", -lhy.MaxDRM, lhy.MaxDRM)
	setRange(g, "mfa-mv", 1, lhy.MaxMV)
	setRange(g, "leader", 0, lhy.MaxRating)
	describeLHYFlags(g)
	setExample(g, "sadrm", "1")
	setExample(g, "target", "squad:7")
	fs.AddFlagSet(g)
	return g, f.common.register(fs)
}

// prepareLHY checks every lhy input and builds the experiment, running
// nothing. Its summary figures name the units and vehicles, so they are
// made from the resolved attack.
func prepareLHY(ctx context.Context, in input) (*job, error) {
	var f lhyFlags
	register := func(fs *pflag.FlagSet) *commonFlags { f.register(fs); return &f.common }
	j, err := prepareAttack("lhy", register, f.resolve, describeLHY, nil, explainers.lhy, in)
	if err != nil || j.help {
		return j, err
	}
	j.figures = lhyFigures(j.report.Inputs.(lhy.FireAttack))
	return j, nil
}

// resolve turns the lhy flags into a normalized, validated attack.
func (f *lhyFlags) resolve(fs *pflag.FlagSet) (lhy.FireAttack, error) {
	var a lhy.FireAttack
	a.SADRM = append([]int{}, f.sadrm...)
	if fs.Changed("mdrm") {
		a.MDRM = &f.mdrm
	}
	if fs.Changed("mfa-mv") {
		// The model reads MV 0 as "not given"; typed, it is out of range.
		if f.mv < lhy.MinMV {
			return a, inputErrorf("mfa-mv", "--mfa-mv: %d outside %d…%d", f.mv, lhy.MinMV, lhy.MaxMV)
		}
		a.MV = f.mv
	}
	if fs.Changed("leader") {
		a.Leader = &f.leader
	}
	for _, s := range f.units {
		u, err := lhy.ParseUnit(s)
		if err != nil {
			return a, badValue("target", s, stripEcho(err.Error()))
		}
		a.Units = append(a.Units, u)
	}
	for _, s := range f.vehicles {
		v, err := lhy.ParseVehicle(s)
		if err != nil {
			return a, badValue("vehicle", s, stripEcho(err.Error()))
		}
		a.Vehicles = append(a.Vehicles, v)
	}
	for _, s := range f.atdrm {
		at, err := lhy.ParseATFire(s)
		if err != nil {
			return a, badValue("atdrm", s, stripEcho(err.Error()))
		}
		a.AT = append(a.AT, at)
	}
	a.OpenTerrain, a.IP, a.Assault, a.ATFromMG = f.openTerrain, f.ip, f.assault, f.atFromMG
	ruleSeen := map[string]bool{}
	for _, r := range f.rules {
		if err := applyLHYRule(&a.Options, r, ruleSeen); err != nil {
			return a, err
		}
	}
	checks := slices.ContainsFunc(a.Units, func(u lhy.Unit) bool { return u.Nationality == lhy.OtherNationality })
	if err := checkConflicts(ruleConflict(f.rules, lhyRuleKey, "no unit that takes a Cohesion check", !checks,
		"Japanese and Russian units never take one (L2, 13.1.6)")); err != nil {
		return a, err
	}
	a.Normalize()
	if err := a.Validate(); err != nil {
		return a, modelError(fs, f.asGiven(err, a))
	}
	return a, nil
}

// asGiven is the model's error err about attack a with the --target or
// --vehicle it names by the unit's name quoted as the user wrote it
// (squad:7,on=tank, not squad). Normalize keeps the units in order.
func (f *lhyFlags) asGiven(err error, a lhy.FireAttack) error {
	var ie *bound.Invalid
	if !errors.As(err, &ie) || ie.Value == "" {
		return err
	}
	var names, given []string
	switch ie.Field {
	case "target":
		for _, u := range a.Units {
			names = append(names, u.Name)
		}
		given = f.units
	case "vehicle":
		for _, v := range a.Vehicles {
			names = append(names, v.Name)
		}
		given = f.vehicles
	}
	// A name two units share is left as it is: the model's message says
	// which one is at fault.
	if i := slices.Index(names, ie.Value); i >= 0 && i < len(given) && !slices.Contains(names[i+1:], ie.Value) {
		e := *ie
		e.Value = given[i]
		return &e
	}
	return err
}

// lhySwitches are lhy's switches as help lists them: key, what it does,
// default.
var lhySwitches = [][3]string{{lhyRuleKey,
	"a failed Cohesion check ([M1]): casualty (the unit suffers a Casualty) or disrupt (it Disrupts)", "casualty"}}

// lhyRuleKey is the one modeling switch of rules/lhy.md: what a failed
// Cohesion check does ([M1]).
const lhyRuleKey = "cohesion-fail"

// applyLHYRule reads one --rule KEY=VALUE.
func applyLHYRule(o *lhy.Options, s string, seen map[string]bool) error {
	key, val, ok := strings.Cut(s, "=")
	switch {
	case !ok || key != lhyRuleKey:
		return badValue("rule", s, "want "+lhyRuleKey+"=casualty or "+lhyRuleKey+"=disrupt")
	case seen[key]:
		return badValue("rule", s, key+" given twice; give it once")
	}
	seen[key] = true
	c, err := lhy.ParseCohesionFail(val)
	if err != nil {
		return badValue("rule", s, "want "+lhyRuleKey+"=casualty or "+lhyRuleKey+"=disrupt")
	}
	o.CohesionFail = c
	return nil
}

// lhyFigures are the headline numbers of a fire resolution, per value in a
// sweep: each unit hit (Disrupted, Regrouping or a Casualty) and each
// vehicle Destroyed, then Collateral Damage.
func lhyFigures(a lhy.FireAttack) *figures {
	f := &figures{notes: map[string]string{}}
	type column struct {
		metric string
		labels []string
	}
	var cols []column
	// A column starts with its kind, not the name the user gave it: a
	// sweep's first line starts with it, in capitals (Unit bravo hit …).
	for _, u := range a.Units {
		name := "unit " + u.Name + " hit"
		f.columns = append(f.columns, name)
		f.notes[name] = "Disrupted, Regrouping or a Casualty"
		cols = append(cols, column{lhy.UnitMetric(u.Name), []string{"casualty", "disrupted", "regrouping"}})
	}
	for _, v := range a.Vehicles {
		f.columns = append(f.columns, "vehicle "+v.Name+" destroyed")
		cols = append(cols, column{lhy.VehicleMetric(v.Name), []string{"destroyed"}})
	}
	if len(a.Vehicles) > 0 {
		f.columns = append(f.columns, "collateral")
		cols = append(cols, column{lhy.MetricCollateral, []string{"applied"}})
	}
	f.row = func(res *sim.Result) []report.Cell {
		cells := make([]report.Cell, len(cols))
		for i, c := range cols {
			cells[i] = report.Sum(res, c.metric, c.labels...)
		}
		return cells
	}
	return f
}

// describeLHY is the table's one-line summary of the attack.
func describeLHY(a lhy.FireAttack) string {
	var fire []string
	for _, d := range a.SADRM {
		fire = append(fire, "SADRM "+signed(d))
	}
	if a.MDRM != nil {
		fire = append(fire, fmt.Sprintf("MDRM %s (MV %d)", signed(*a.MDRM), a.MV))
	}
	for _, at := range a.AT {
		fire = append(fire, fmt.Sprintf("ATDRM %s on %s", signed(at.DRM), at.Vehicle))
	}
	var hex []string
	for _, u := range a.Units {
		hex = append(hex, describeUnit(u))
	}
	// The leader is no target: said apart from the hex's units, after
	// them.
	led := ""
	if a.Leader != nil {
		// The leader's −1 is for a unit of lower Cohesion only
		// (rules/lhy.md §2, item 3). Not refused: a sweep may vary
		// --leader across the units' Cohesion.
		leads := slices.ContainsFunc(a.Units, func(u lhy.Unit) bool { return *a.Leader > u.Cohesion })
		if leads {
			led = fmt.Sprintf("; a leader of Cohesion %d with the units, never a target", *a.Leader)
		} else {
			led = fmt.Sprintf("; a leader of Cohesion %d with the units, never a target, and no higher than any unit's: its −1 applies to none", *a.Leader)
		}
	}
	for _, v := range a.Vehicles {
		hex = append(hex, describeVehicle(v))
	}
	for _, b := range []struct {
		on   bool
		name string
	}{{a.OpenTerrain, "open terrain"}, {a.IP, "IP"}, {a.Assault, "during an Assault"}, {a.ATFromMG, "AT fire from an MG"}} {
		if b.on {
			hex = append(hex, b.name)
		}
	}
	s := "LHY fire: " + strings.Join(fire, ", ") + " vs " + strings.Join(hex, ", ") + led
	if a.Options.CohesionFail != lhy.FailCasualty {
		s += "; a failed Cohesion check " + a.Options.CohesionFail.String() + "s"
	}
	return s
}

func describeUnit(u lhy.Unit) string {
	var opts []string
	for _, b := range []struct {
		on   bool
		name string
	}{{u.Concealed, "concealed"}, {u.Disrupted, "disrupted"}, {u.NonCombat, "non-combat"}, {u.Heroic, "heroic"},
		{u.Nationality != lhy.OtherNationality, u.Nationality.String()}, {u.AssaultValue > 0, fmt.Sprintf("AV %d", u.AssaultValue)},
		{u.SAV > 0, fmt.Sprintf("SAV %d", u.SAV)}} {
		if b.on {
			opts = append(opts, b.name)
		}
	}
	switch {
	case u.Rider:
		opts = append(opts, "Rider on "+u.On)
	case u.RNP:
		opts = append(opts, "aboard "+u.On)
	}
	return fmt.Sprintf("%s (%s)", u.Name, strings.Join(append([]string{fmt.Sprintf("Cohesion %d", u.Cohesion)}, opts...), ", "))
}

func describeVehicle(v lhy.Vehicle) string {
	opts := []string{fmt.Sprintf("AV %d", v.AV)}
	if v.EAV >= 0 {
		opts = append(opts, fmt.Sprintf("EAV %d", v.EAV))
	}
	if v.ATV > 0 {
		opts = append(opts, fmt.Sprintf("ATV %d", v.ATV))
	}
	switch {
	case v.AFV:
		opts = append(opts, "AFV")
	case v.TowedGun:
		opts = append(opts, "towed Gun")
	}
	return fmt.Sprintf("%s (%s)", v.Name, strings.Join(opts, ", "))
}
