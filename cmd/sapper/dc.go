package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var dcCommand = &command{
	name:    "dc",
	summary: "one DC attack on a Location of Personnel (--mode placed|thrown|set)",
	run:     runDC,
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
	noHoB         bool
	rules         []string
	common        commonFlags
}

// dcJob is a fully checked dc invocation, ready to run.
type dcJob struct {
	attack asl.DCAttack
	exp    sim.Experiment
	common common
}

// register declares the dc flags on fs, in two groups that it returns for
// the help text: the attack's own flags and the common ones.
func (f *dcFlags) register(fs *pflag.FlagSet) (own, common *pflag.FlagSet) {
	g := pflag.NewFlagSet("dc", pflag.ContinueOnError)
	g.SortFlags = false
	g.StringVar(&f.mode, "mode", "placed", "how the DC is used: `placed`, thrown or set,\ne.g. --mode thrown")
	g.StringArrayVar(&f.targets, "target", nil, "a target `UNIT` in the Location (required); repeat it\nfor a stack, e.g. --target 4-6-7 --target leader:8-1")
	g.IntVar(&f.elr, "elr", 3, "ELR `N` (0…5) of the targets without an elr= option,\ne.g. --elr 2")
	g.IntVar(&f.tem, "tem", 0, "target Location TEM `N` (0…8; none for a Set DC),\ne.g. --tem 3 for a stone building")
	g.IntVar(&f.drm, "drm", 0, "any other DRM `N` (−8…8) on the attack against every\ntarget, e.g. --drm -2 (or --drm=-2) for Hazardous\nMovement")
	g.BoolVar(&f.cx, "cx", false, "the Placer or Thrower is CX: +1 (not for a Set DC),\ne.g. --cx")
	g.BoolVar(&f.afph, "afph", false, "thrown in the AFPh: +1 to both DRs (thrown only),\ne.g. --mode thrown --afph")
	g.BoolVar(&f.concealed, "concealed", false, "the targets are concealed: the FP is halved,\ne.g. --concealed")
	g.BoolVar(&f.fromVehicle, "from-vehicle", false, "thrown from a moving vehicle or by Cavalry: +3/+4\ninstead of +2/+3, e.g. --mode thrown --from-vehicle")
	g.StringVar(&f.user, "user", "elite", "the DC user's class for its X#, e.g. --user non-elite:\n`elite`, non-elite or inexperienced")
	g.BoolVar(&f.captured, "captured", false, "the DC is captured: X# −2 (−4 for a non-elite user),\ne.g. --captured")
	g.IntVar(&f.enemyInfantry, "enemy-infantry", 0, "enemy Infantry units `N` in a Set DC's Location, for\nits malfunction DR (default: the number of targets),\ne.g. --enemy-infantry 0")
	g.StringArrayVar(&f.throwers, "thrower", nil, "a `UNIT` in the thrower's Location, which is attacked\ntoo (thrown only; repeatable), e.g. --thrower 4-6-7")
	g.IntVar(&f.throwerTEM, "thrower-tem", 0, "the thrower's Location TEM `N` (0…8),\ne.g. --thrower-tem 2")
	g.BoolVar(&f.noHoB, "no-hob", false, "no Heat of Battle on an Original 2, as in figures\nthat ignore it, e.g. --no-hob")
	g.StringArrayVar(&f.rules, "rule", nil, "set a modeling switch, `KEY=BOOL` (Rules below;\nrepeatable), e.g. --rule surrender=false")
	for _, n := range []string{"elr", "tem", "drm", "enemy-infantry", "thrower-tem"} {
		setWant(g, n, "want a whole number, like --"+n+" 2 (negative: --"+n+"=-2)")
	}
	for _, n := range []string{"cx", "afph", "concealed", "from-vehicle", "captured", "no-hob"} {
		setWant(g, n, "want true or false, or the flag alone for true")
	}
	fs.AddFlagSet(g)
	return g, f.common.register(fs)
}

func runDC(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	job, help, err := parseDC(args)
	if err != nil {
		return err
	}
	if help {
		writeDCHelp(stdout)
		return nil
	}
	rep := report.Report{Command: "dc", Title: describeDC(job.attack), Inputs: job.attack}
	return simulate(ctx, stdout, stderr, job.exp, job.common, rep)
}

// parseDC checks every dc input and builds the experiment, running
// nothing: all bad input is found before any work starts.
func parseDC(args []string) (job dcJob, help bool, err error) {
	fs, showHelp := newFlagSet("dc")
	var f dcFlags
	f.register(fs)
	if err := parse(fs, args); err != nil {
		return job, false, err
	}
	if *showHelp {
		return job, true, nil
	}
	if job.common, err = f.common.resolve(fs); err != nil {
		return job, false, err
	}
	if job.attack, err = f.resolve(fs); err != nil {
		return job, false, err
	}
	if job.exp, err = job.attack.Experiment(); err != nil {
		return job, false, modelError(fs, err)
	}
	return job, false, nil
}

// resolve turns the dc flags into an attack with every default filled in.
func (f *dcFlags) resolve(fs *pflag.FlagSet) (asl.DCAttack, error) {
	mode, err := asl.ParseMode(f.mode)
	if err != nil {
		return asl.DCAttack{}, badValue("mode", f.mode, stripEcho(err.Error()))
	}
	if len(f.targets) == 0 {
		return asl.DCAttack{}, usagef("--target is required: give each unit in the target Location, e.g. --target 4-6-7 --target leader:8-1")
	}
	targets, err := parseUnits("target", f.targets)
	if err != nil {
		return asl.DCAttack{}, err
	}
	throwers, err := parseUnits("thrower", f.throwers)
	if err != nil {
		return asl.DCAttack{}, err
	}
	user, err := asl.ParseUser(f.user)
	if err != nil {
		return asl.DCAttack{}, badValue("user", f.user, stripEcho(err.Error()))
	}
	a := asl.NewDCAttack(mode, targets...)
	a.ELR, a.TEM, a.DRM = f.elr, f.tem, f.drm
	a.CX, a.AFPh, a.Concealed, a.FromVehicle = f.cx, f.afph, f.concealed, f.fromVehicle
	a.User, a.Captured = user, f.captured
	a.Throwers, a.ThrowerTEM = throwers, f.throwerTEM
	a.EnemyInfantry = len(targets)
	if fs.Changed("enemy-infantry") {
		if f.enemyInfantry < 0 {
			return asl.DCAttack{}, badValue("enemy-infantry", strconv.Itoa(f.enemyInfantry), "want a whole number ≥ 0")
		}
		a.EnemyInfantry = f.enemyInfantry
	}
	a.Options.HeatOfBattle = !f.noHoB
	for _, r := range f.rules {
		if err := applyRule(&a.Options, r); err != nil {
			return asl.DCAttack{}, err
		}
	}
	if err := a.Validate(); err != nil {
		return asl.DCAttack{}, modelError(fs, err)
	}
	return a, nil
}

func parseUnits(flag string, ss []string) ([]asl.Unit, error) {
	var us []asl.Unit
	for _, s := range ss {
		u, err := asl.ParseUnit(s)
		if err != nil {
			return nil, badValue(flag, s, stripEcho(err.Error()))
		}
		us = append(us, u)
	}
	return us, nil
}

// modelError turns an input error of the model, which starts with the name
// of the flag at fault ("tem: 9 outside 0…8"), into a usage error naming
// the flag as it is typed.
func modelError(fs *pflag.FlagSet, err error) error {
	msg := err.Error()
	if name, rest, ok := strings.Cut(msg, ": "); ok && fs.Lookup(name) != nil {
		return usagef("--%s: %s", name, rest)
	}
	return usagef("%s", msg)
}

// describeDC is the table's one-line summary of the attack.
func describeDC(a asl.DCAttack) string {
	var units []string
	for _, u := range a.Targets {
		units = append(units, u.String())
	}
	s := fmt.Sprintf("%s DC vs %s", capitalize(a.Mode.String()), strings.Join(units, ", "))
	var parts []string
	if a.Mode != asl.Set {
		parts = append(parts, fmt.Sprintf("TEM %d", a.TEM))
	}
	if a.DRM != 0 {
		parts = append(parts, fmt.Sprintf("DRM %+d", a.DRM))
	}
	for _, b := range []struct {
		on   bool
		name string
	}{{a.CX, "CX"}, {a.AFPh, "AFPh"}, {a.Concealed, "concealed"}, {a.FromVehicle, "from vehicle"}, {a.Captured, "captured DC"}} {
		if b.on {
			parts = append(parts, b.name)
		}
	}
	parts = append(parts, fmt.Sprintf("ELR %d", a.ELR), a.User.String()+" user")
	if a.Mode == asl.Set {
		parts = append(parts, fmt.Sprintf("%d enemy Infantry", a.EnemyInfantry))
	}
	if len(a.Throwers) > 0 {
		var ts []string
		for _, u := range a.Throwers {
			ts = append(ts, u.String())
		}
		parts = append(parts, fmt.Sprintf("thrower %s (TEM %d)", strings.Join(ts, ", "), a.ThrowerTEM))
	}
	return s + "; " + strings.Join(parts, ", ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
