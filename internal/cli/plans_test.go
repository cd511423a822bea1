package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
	"github.com/sapperhq/sapper/internal/simtest"
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// TestNewcombeDifference: the difference's interval is Newcombe's method
// 10, as his Table II gives it (Statistics in Medicine 17 (1998) 873–890):
// 56/70 − 48/80 = 0.2000, 95% interval 0.0524 to 0.3339; 9/10 − 3/10 =
// 0.6000, 0.1705 to 0.8090; and where a count is 0 or n, as a plan's
// figure often is: 5/56 − 0/29 = 0.0893, −0.0381 to 0.1926; 0/10 − 0/20,
// −0.1611 to 0.2775; 10/10 − 0/20, 0.6791 to 1.
func TestNewcombeDifference(t *testing.T) {
	cell := func(x, n uint64) report.Cell {
		lo, hi := sim.Wilson(x, n, 0.95)
		return report.Cell{P: float64(x) / float64(n), Lo: lo, Hi: hi, Valid: true}
	}
	for _, c := range []struct {
		a, b      report.Cell
		d, lo, hi float64
	}{
		{cell(48, 80), cell(56, 70), 0.2, 0.0524, 0.3339},
		{cell(3, 10), cell(9, 10), 0.6, 0.1705, 0.8090},
		{cell(0, 29), cell(5, 56), 5.0 / 56, -0.0381, 0.1926},
		{cell(0, 20), cell(0, 10), 0, -0.1611, 0.2775},
		{cell(0, 20), cell(10, 10), 1, 0.6791, 1},
	} {
		got := difference(c.a, c.b)
		if math.Abs(got.P-c.d) > 1e-12 || math.Abs(got.Lo-c.lo) > 5e-5 || math.Abs(got.Hi-c.hi) > 5e-5 {
			t.Errorf("difference %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f]", got.P, got.Lo, got.Hi, c.d, c.lo, c.hi)
		}
	}
	if d := difference(report.Cell{P: 0.3, Lo: 0.3, Hi: 0.3, Valid: true}, report.Cell{P: 0.5, Lo: 0.5, Hi: 0.5, Valid: true}); d.Lo != d.P || d.Hi != d.P {
		t.Errorf("exact difference %+v, want a point", d)
	}
}

// plansJSON runs sapper plans (or run) with args and returns, by plan
// label, each figure by name.
func plansJSON(t *testing.T, argv ...string) map[string]map[string]float64 {
	t.Helper()
	code, stdout, stderr := cli(t, append(argv, "--format", "json")...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", argv, code, stderr)
	}
	var doc struct {
		Runs []struct {
			Label   string `json:"label"`
			Figures []struct {
				Name string  `json:"name"`
				P    float64 `json:"p"`
			} `json:"figures"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]float64{}
	for _, r := range doc.Runs {
		out[r.Label] = map[string]float64{}
		for _, f := range r.Figures {
			out[r.Label][f.Name] = f.P
		}
	}
	return out
}

// TestPlansOfOneAttack: a plan of one attack gives the figures of the
// command that makes that attack alone, and the Δ column is the
// difference of the two plans' figures.
func TestPlansOfOneAttack(t *testing.T) {
	loc := "--target 4-6-7 --target leader:8-1 --building stone --method exact"
	figs := plansJSON(t, append(args("plans "+loc), "--plan", "fire: fire 8 +1", "--plan", "dc: dc placed cx", "--plan", "both: fire 8 +1; dc placed cx")...)
	for _, c := range []struct{ plan, cmd string }{
		{"fire", "fire --fp 8 --drm 1"},
		{"dc", "dc --mode placed --cx"},
	} {
		code, stdout, stderr := cli(t, args(c.cmd+" "+loc+" --format json")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.cmd, code, stderr)
		}
		var doc struct {
			Headline report.Headline `json:"headline"`
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		if p := figs[c.plan]["stack cleared"]; math.Abs(p-doc.Headline.P) > 1e-12 {
			t.Errorf("plan %s: stack cleared %.15f, sapper %s %.15f", c.plan, p, c.cmd, doc.Headline.P)
		}
	}
	for _, label := range []string{"dc", "both"} {
		for name, p := range figs[label] {
			if strings.HasPrefix(name, "Δ ") {
				if want := p; math.Abs(figs[label][strings.TrimPrefix(name, "Δ ")]-figs["fire"][strings.TrimPrefix(name, "Δ ")]-want) > 1e-12 {
					t.Errorf("%s: %s %.6f is not the difference of the figures", label, name, p)
				}
			}
		}
	}
	if _, ok := figs["fire"]["Δ stack cleared"]; ok {
		t.Error("the first plan has a Δ figure")
	}
}

// TestPlanSurrenderSwitch: a plan's attack takes the surrender switch of
// its command as an option (rules/asl.md §8.61, §8.26): fire 8 surrender
// is sapper fire --rule surrender=true, dc placed surrender=false is
// sapper dc --rule surrender=false, and each moves a figure a surrender
// decides (a reduced squad: a squad that surrenders is not reduced).
func TestPlanSurrenderSwitch(t *testing.T) {
	reduced := func(cmd string) float64 {
		t.Helper()
		code, stdout, stderr := cli(t, args(cmd+" --target 4-6-7 --method exact --format json")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", cmd, code, stderr)
		}
		var doc map[string]any
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		return pOf(t, doc, "target.1.reduced", "yes")
	}
	figs := plansJSON(t, "plans", "--target", "4-6-7", "--method", "exact",
		"--plan", "fire: fire 8", "--plan", "fire adjacent: fire 8 surrender",
		"--plan", "dc: dc placed", "--plan", "dc no surrender: dc placed surrender=false")
	for _, c := range []struct{ plan, cmd string }{
		{"fire", "fire --fp 8"},
		{"fire adjacent", "fire --fp 8 --rule surrender=true"},
		{"dc", "dc --mode placed"},
		{"dc no surrender", "dc --mode placed --rule surrender=false"},
	} {
		if got, want := figs[c.plan]["target.1.reduced"], reduced(c.cmd); math.Abs(got-want) > 1e-12 {
			t.Errorf("plan %q: target.1.reduced %.15f, sapper %s %.15f", c.plan, got, c.cmd, want)
		}
	}
	if figs["fire"]["target.1.reduced"] == figs["fire adjacent"]["target.1.reduced"] || figs["dc"]["target.1.reduced"] == figs["dc no surrender"]["target.1.reduced"] {
		t.Errorf("the surrender option moved nothing: %v", figs)
	}
	// Where it can change nothing it is refused, as the commands refuse
	// --rule surrender: under --no-hob, or with no target that takes Heat
	// of Battle.
	for _, c := range []struct{ flags, plan, want string }{
		{"--no-hob --target 4-6-7", "b: fire 8 surrender", "surrender with no-hob"},
		{"--no-hob --target 4-6-7", "b: dc placed surrender=false", "surrender=false with no-hob"},
		{"--target crew:2-2-8", "b: fire 8 surrender", "surrender with no unit that takes Heat of Battle"},
		{"--target crew:2-2-8", "b: dc placed surrender=false", "surrender=false with no unit that takes Heat of Battle"},
	} {
		code, _, stderr := cli(t, append(args("plans "+c.flags), "--plan", "a: fire 8", "--plan", c.plan)...)
		if code != exitUsage || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s %q: exit %d, %q; want %q", c.flags, c.plan, code, stderr, c.want)
		}
	}
}

// TestPlansBadInput: every bad input is one line naming the flag, exit 2.
func TestPlansBadInput(t *testing.T) {
	base := []string{"plans", "--target", "4-6-7", "--plan", "a: fire 8"}
	// --tem and --elr name their range, as every other command's do
	for _, c := range [][2]string{{"--tem", `sapper plans: --tem "9": want a whole number from 0 to 8`}, {"--elr", `sapper plans: --elr "9": want a whole number from 0 to 5`}} {
		code, stdout, stderr := cli(t, append(base, "--plan", "b: fire 4", c[0], "9")...)
		if code != exitUsage || stdout != "" || strings.TrimSuffix(stderr, "\n") != c[1] {
			t.Errorf("%s 9: exit %d, stderr %q, want %q", c[0], code, stderr, c[1])
		}
	}
	// Too many targets are said of --target, before any plan reads them.
	eleven := strings.Fields(strings.Repeat("--target 4-6-7 ", 11))
	for _, cmd := range [][]string{{"plans"}, {"sweep", "plans", "--vary", "elr=1..3"}} {
		want := "sapper " + cmd[0] + ": --target: at most 10 units in a Location"
		code, stdout, stderr := cli(t, append(append(cmd, eleven...), "--plan", "a: fire 8", "--plan", "b: fire 4")...)
		if code != exitUsage || stdout != "" || strings.TrimSuffix(stderr, "\n") != want {
			t.Errorf("%s with 11 targets: exit %d, stderr %q, want %q", cmd[0], code, stderr, want)
		}
	}
	for _, c := range []struct {
		plan []string
		want string
	}{
		{nil, "sapper plans: --plan: give two or more plans"},
		{[]string{"b fire 4"}, `sapper plans: --plan "b fire 4": no LABEL: name the plan, then a colon, then its attacks; want LABEL: ATTACK`},
		{[]string{": fire 4"}, `sapper plans: --plan ": fire 4": no LABEL before the colon; want LABEL: ATTACK`},
		{[]string{"b: "}, `sapper plans: --plan "b: ": no attack after "b:"; want LABEL: ATTACK`},
		// A value as a word of its own, not after "=".
		{[]string{"b: fire 4 drm -1"}, `sapper plans: --plan "b: fire 4 drm -1": attack 1: drm without a value: write drm=N with N a whole number from -8 to 8, or the DRM alone as a signed number (-1)`},
		{[]string{"b: fire 4 tem 2"}, `sapper plans: --plan "b: fire 4 tem 2": attack 1: tem without a value: write tem=N with N a whole number from 0 to 8`},
		{[]string{"b: fire 4 weapon ft"}, `sapper plans: --plan "b: fire 4 weapon ft": attack 1: weapon without a value: write weapon=VALUE; want one of small-arms,`},
		{[]string{"b: dc placed placer=4-6-8 dff 8:-1"}, `sapper plans: --plan "b: dc placed placer=4-6-8 dff 8:-1": attack 1: dff without a value: write dff=VALUE; want FP:DRM such as 8:-1`},
		{[]string{"b: fire x"}, `sapper plans: --plan "b: fire x": attack 1: fire "x": not a decimal number; want the attack's FP`},
		{[]string{"b: fire 4; shoot 2"}, `sapper plans: --plan "b: fire 4; shoot 2": attack 2: "shoot": an attack starts with fire or dc`},
		{[]string{"b: dc tossed"}, `sapper plans: --plan "b: dc tossed": attack 1: dc "tossed": want placed, thrown or set`},
		{[]string{"b: fire 4 zz=1"}, `sapper plans: --plan "b: fire 4 zz=1": attack 1: fire: unknown option "zz=1"`},
		{[]string{"b: fire 4 drm=12"}, `sapper plans: --plan "b: fire 4 drm=12": attack 1: drm=12: want a whole number from -8 to 8`},
		{[]string{"b: dc placed user=ace"}, `sapper plans: --plan "b: dc placed user=ace": attack 1: user=ace:`},
		{[]string{"b: dc set cx"}, `sapper plans: --plan "b: dc set cx": attack 1: cx with dc set: a Set DC has no CX DRM`},
		// A yes/no option is alone, =true or =false; an empty value is
		// refused, as --leader-directed= is.
		{[]string{"b: fire 4 leader="}, `sapper plans: --plan "b: fire 4 leader=": attack 1: leader=: give leader alone, or =true or =false`},
		{[]string{"b: dc placed captured="}, `sapper plans: --plan "b: dc placed captured=": attack 1: captured=: give captured alone, or =true or =false`},
		{[]string{"b: dc placed placer=4-6-7,berserk"}, `sapper plans: --plan "b: dc placed placer=4-6-7,berserk": attack 1: placer: 4-6-7,berserk: a berserk unit may Throw a DC but never Place one (A15.431)`},
		{[]string{"b: fire 4 weapon=wp"}, `sapper plans: --plan "b: fire 4 weapon=wp": attack 1: weapon: WP and an AFV's entry make no IFT attack`},
		// The checks shared with sapper fire and sapper dc name the
		// plan's options, not those commands' flags.
		{[]string{"b: dc placed dff=4:0"}, `sapper plans: --plan "b: dc placed dff=4:0": attack 1: dff: Defensive Fire needs a placer=UNIT, or a setter=UNIT Setting the DC during play`},
		{[]string{"b: dc thrown dff=4:0"}, `sapper plans: --plan "b: dc thrown dff=4:0": attack 1: dff: not with dc thrown: Defensive Fire is modeled on a Placer or a Setter only (§8.31)`},
		{[]string{"b: dc set setter=4-6-8 dff=4:0"}, `sapper plans: --plan "b: dc set setter=4-6-8 dff=4:0": attack 1: dff: Defensive Fire on a DC Set before play: a Setter faces it only Setting the DC during play (preset=false)`},
		{[]string{"b: fire 8 calibre=75"}, `sapper plans: --plan "b: fire 8 calibre=75": attack 1: calibre: not with weapon=small-arms: only HE`},
		{[]string{"b: dc set placer=4-6-7"}, `sapper plans: --plan "b: dc set placer=4-6-7": attack 1: placer: only a Placed DC (dc placed) has a Placer`},
		{[]string{"b: dc set preset"}, `sapper plans: --plan "b: dc set preset": attack 1: preset without setter: without a Setter the DC is taken as Set already; preset spares a Setter`},
		// What the player typed is quoted as typed.
		// A malformed DRM is refused as a DRM, not as an unknown option.
		{[]string{"b: fire 8 +3x"}, `sapper plans: --plan "b: fire 8 +3x": attack 1: drm=+3x: want a whole number from -8 to 8`},
		{[]string{"b: dc placed -1.5"}, `sapper plans: --plan "b: dc placed -1.5": attack 1: drm=-1.5: want a whole number from -8 to 8`},
		{[]string{"b: fire 8 --leader-directed"}, `sapper plans: --plan "b: fire 8 --leader-directed": attack 1: fire: unknown option "--leader-directed"; want`},
		{[]string{"A: fire 4"}, `sapper plans: --plan "A: fire 4": label "A" is given twice`},
		{[]string{"b  c: fire 4"}, `sapper plans: --plan "b  c: fire 4": label "b  c": one space between words`},
		{[]string{"b - a: fire 6"}, `sapper plans: --plan "b - a: fire 6": label "b - a": a hyphen between spaces reads as the heading of a difference (b − a); join the words (b-a)`},
		// Labels that look alike are not two plans: ASCII only.
		{[]string{"а: fire 4"}, `sapper plans: --plan "а: fire 4": label "а": want up to 24 ASCII letters`},
		{[]string{"𝐚: fire 4"}, `sapper plans: --plan "𝐚: fire 4": label "𝐚": want up to 24 ASCII letters`},
		{[]string{"ä: fire 4"}, `sapper plans: --plan "ä: fire 4": label "ä": want up to 24 ASCII letters`},
		{[]string{"b: fire 4;"}, `sapper plans: --plan "b: fire 4;": attack 2: want 'fire FP …' or 'dc MODE …'`},
	} {
		argv := append([]string(nil), base...)
		for _, p := range c.plan {
			argv = append(argv, "--plan", p)
		}
		code, stdout, stderr := cli(t, argv...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.plan, code, stderr, c.want)
		}
	}
	code, _, stderr := cli(t, "plans", "--plan", "a: fire 8", "--plan", "b: fire 4")
	if code != exitUsage || !strings.HasPrefix(stderr, "sapper plans: --target: give the units") {
		t.Errorf("no target: exit %d, %q", code, stderr)
	}
	// HE's calibre decides only Rubble: a plan needs it against a building
	// alone, as sapper fire does.
	want := `sapper plans: --plan "b: fire 8 weapon=he": attack 1: calibre: weapon=he against a building needs calibre=MM: it decides Rubble`
	code, _, stderr = cli(t, append(base, "--building", "stone", "--plan", "b: fire 8 weapon=he")...)
	if code != exitUsage || !strings.HasPrefix(stderr, want) {
		t.Errorf("HE with no calibre in a building: exit %d, %q; want %q", code, stderr, want)
	}
	if code, _, stderr = cli(t, append(base, "--plan", "b: fire 8 weapon=he", "--trials", "1000")...); code != exitOK {
		t.Errorf("HE with no calibre outside a building: exit %d, %q; want it run", code, stderr)
	}
}

// TestPlansTerrainReaders: the Location's --terrain and --ec are read
// only by a DC or an attack that can Shellhole or set fire (Table 23):
// small arms in woods beside HE run, and a --terrain or --ec no attack
// reads is refused.
func TestPlansTerrainReaders(t *testing.T) {
	code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--terrain", "woods", "--tem", "1",
		"--plan", "a: fire 16 weapon=he calibre=75; fire 8", "--plan", "b: fire 16 weapon=he calibre=75", "--method", "exact")
	if code != exitOK {
		t.Errorf("HE then small arms in woods: exit %d, %q", code, stderr)
	}
	for flag, want := range map[string]string{"--terrain=woods": "sapper plans: --terrain: no attack of any plan reads it", "--ec=dry": "sapper plans: --ec: no attack of any plan reads it"} {
		code, _, stderr := cli(t, "plans", "--target", "4-6-7", flag, "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4")
		if code != exitUsage || !strings.HasPrefix(stderr, want) {
			t.Errorf("%s with small arms alone: exit %d, %q, want %q", flag, code, stderr, want)
		}
	}
}

// TestPlansELRReaders: --elr with every target carrying its own elr=, or
// none that has an ELR, is refused as changing nothing (A19.11).
func TestPlansELRReaders(t *testing.T) {
	for _, target := range []string{"4-6-7,elr=2", "crew:2-2-8"} {
		code, _, stderr := cli(t, "plans", "--target", target, "--elr", "1", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4")
		if code != exitUsage || !strings.HasPrefix(stderr, "sapper plans: --elr with no unit that reads it") {
			t.Errorf("%s: exit %d, %q", target, code, stderr)
		}
	}
}

// TestPlansBounded: the plans of a run are bounded, since each runs on its
// own: one past the bound is refused before any work, the bound itself
// runs.
func TestPlansBounded(t *testing.T) {
	argv := func(n int) []string {
		a := []string{"plans", "--target", "4-6-7", "--trials", "100", "--format", "json"}
		for i := range n {
			a = append(a, "--plan", fmt.Sprintf("p%d: fire %d", i+1, i+1))
		}
		return a
	}
	code, stdout, stderr := cli(t, argv(maxPlans+1)...)
	if want := fmt.Sprintf("sapper plans: --plan: %d plans; at most %d side by side", maxPlans+1, maxPlans); code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%d plans: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", maxPlans+1, code, len(stdout), stderr, want)
	}
	if code, _, stderr := cli(t, argv(maxPlans)...); code != exitOK {
		t.Errorf("%d plans: exit %d, %s", maxPlans, code, stderr)
	}
}

// TestPlansScenarios: every built-in plans scenario runs exactly, and the
// fire group's table is as recorded.
func TestPlansScenarios(t *testing.T) {
	for _, name := range []string{"plans-fire-group", "plans-prep-then-placed", "plans-broken-stack"} {
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := cli(t, "run", name)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if !strings.Contains(stdout, "exact enumeration: every figure and difference is exact") {
				t.Errorf("not exact:\n%s", stdout)
			}
			golden.Check(t, strings.ReplaceAll(name, "-", "_"), []byte(elapsedGridM.ReplaceAllString(stdout, "; 0.00s")))
		})
	}
	code, stdout, stderr := cli(t, "run", "plans-fire-group", "--method", "mc", "--trials", "20000")
	if code != exitOK || !strings.Contains(stdout, "Newcombe's hybrid score") || !strings.Contains(stdout, "pts") {
		t.Errorf("Monte Carlo: exit %d, %s\n%s", code, stderr, stdout)
	}
}

func init() {
	// sapper plans's seeded run, through its built-in scenario: a plan
	// reads as several words on the command line.
	seededRuns["plans"] = "run plans-fire-group --method mc --trials 2000 --seed 8 --format json"
}

// TestPlanOptionGivenTwice: an option given twice in one attack is
// refused, as a flag given twice is; units and DFF attacks repeat.
func TestPlanOptionGivenTwice(t *testing.T) {
	for _, p := range []string{"fire 8 +1 +2", "fire 8 drm=1 +2", "fire 8 tem=1 tem=2", "fire 8 leader leader", "dc placed cx cx"} {
		code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", "A: fire 8", "--plan", "B: "+p, "--method", "exact")
		if code != exitUsage || !strings.Contains(stderr, "given twice") {
			t.Errorf("%s: exit %d, %q", p, code, stderr)
		}
	}
	code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", "A: fire 8", "--plan", "B: dc placed placer=4-6-8 placer=leader:8-1 dff=4:0 dff=2:1", "--method", "exact")
	if code != exitOK {
		t.Errorf("repeatable options: exit %d, %q", code, stderr)
	}
}

// TestPlansFlameNote: when an attack of some plan can place Flame, the
// notes give each such plan's chance of a Flame (the table shows only the
// figures every plan reports) and say that Flame's spread, Blaze and their
// attacks are out of scope (rules/asl.md §7.5, §8.63); with no attack
// that can, there is no such note.
func TestPlansFlameNote(t *testing.T) {
	notes := func(argv ...string) ([]string, map[string]float64) {
		t.Helper()
		notes, runs := outcomesOf(t, argv...)
		flame := map[string]float64{}
		for label, ms := range runs {
			if p, ok := ms["flame"]["yes"]; ok {
				flame[label] = p
			}
		}
		return notes, flame
	}
	ns, flame := notes("plans", "--target", "4-6-7", "--building", "wooden", "--plan", "fire: fire 8", "--plan", "dc: dc placed; fire 4")
	want := "After a Flame (the flame row) a later attack meets the same Location; Flame's spread, Blaze and their attacks are out of scope (rules §8.63)."
	if _, ok := flame["fire"]; ok || flame["dc"] <= 0 || !slices.Contains(ns, want) {
		t.Errorf("notes %q, flame %v; want the note %q", ns, flame, want)
	}
	ns, _ = notes("plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4")
	for _, n := range ns {
		if strings.Contains(n, "Flame") {
			t.Errorf("no attack can place Flame, yet the note %q", n)
		}
	}
}

// TestPlansWhere: the summary names the Location as given: open ground
// only at TEM 0, a TEM with no terrain named as sapper fire gives it.
func TestPlansWhere(t *testing.T) {
	for args, want := range map[string]string{
		"--tem 3":                  "Plans against 4-6-7; TEM 3\n",
		"":                         "Plans against 4-6-7 in open ground, TEM 0\n",
		"--building stone --tem 3": "Plans against 4-6-7 in a stone building, TEM 3\n",
		"--plan c:fire_8_tem=1":    "Plans against 4-6-7\n",
	} {
		argv := append([]string{"plans", "--target", "4-6-7", "--trials", "100", "--plan", "a: fire 8", "--plan", "b: fire 4"}, strings.Fields(args)...)
		for i, a := range argv {
			argv[i] = strings.ReplaceAll(a, "_", " ")
		}
		code, stdout, stderr := cli(t, argv...)
		if code != 0 || !strings.Contains(stdout, "\n"+want) {
			t.Errorf("%s: exit %d, stderr %q; want the line %q in\n%s", args, code, stderr, want, stdout)
		}
	}
	// A building whose TEM no attack takes: said, not left to read as a
	// slip.
	code, stdout, stderr := cli(t, "plans", "--target", "4-6-7", "--building", "wooden", "--trials", "100", "--plan", "a: dc set", "--plan", "b: dc set setter=4-6-8")
	if want := "Plans against 4-6-7 in a wooden building, TEM 0: a Set DC takes none (A23.71)\n"; code != 0 || !strings.Contains(stdout, "\n"+want) {
		t.Errorf("Set DCs in a building: exit %d, stderr %q; want the line %q in\n%s", code, stderr, want, stdout)
	}
}

// TestPlansStartingStates: the starting states §8.64 refuses are one line
// naming the target, exit 2; a wounded leader and an explicit good_order
// run.
func TestPlansStartingStates(t *testing.T) {
	for _, c := range []struct{ target, want string }{
		{"4-6-7,wounded", `sapper plans: --target "4-6-7,wounded": only a SMC can be wounded`},
		{"4-6-7,broken,pinned", "a broken unit cannot be pinned"},
		{"4-6-7,disrupted,berserk", "a berserk unit is never broken"},
		{"leader:8-1,pinned,berserk", "a berserk unit is never pinned"},
		{"4-6-7,good_order,broken", "good_order with broken, pinned, berserk or disrupted"},
		{"crew:2-2-8,disrupted", "a crew is never berserk or Disrupted"},
	} {
		code, stdout, stderr := cli(t, "plans", "--target", c.target, "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4")
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want …%s…", c.target, code, stderr, c.want)
		}
	}
	for _, target := range []string{"leader:8-1,wounded", "4-6-7,good_order", "hero:1-4-9,wounded"} {
		if code, _, stderr := cli(t, "plans", "--target", target, "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--trials", "1000"); code != exitOK {
			t.Errorf("%s: exit %d, %q", target, code, stderr)
		}
	}
}

// TestSideBySideRefusesOutcomeFlags: the output flags that read a
// metric's outcomes change nothing in a side-by-side table or chart, so
// compare and plans refuse them before any work; --view stays for the
// CSV, and a sweep of compare reads them itself.
func TestSideBySideRefusesOutcomeFlags(t *testing.T) {
	plans := "plans --target 4-6-7 --plan a:fire_8 --plan b:dc_placed"
	for _, c := range []struct{ cmdline, want string }{
		{"compare --method exact --hide-zero", "--hide-zero with sapper compare: its table and chart show fixed figures"},
		{"compare --method exact --fractions", "--fractions with sapper compare: its table shows percentages"},
		{"compare --method exact --format json --fractions", "--fractions with sapper compare"},
		// Not sent to --method exact first, which refuses it as well.
		{"compare --fractions", "--fractions with sapper compare: its table shows percentages"},
		{"compare --method mc --fractions", "--fractions with sapper compare: its table shows percentages"},
		{"compare --view at-least", "--view with sapper compare --format table"},
		{"compare --cumulative --plot x.png", "--cumulative with sapper compare"},
		{plans + " --method exact --hide-zero", "--hide-zero with sapper plans"},
		{plans + " --method exact --fractions", "--fractions with sapper plans"},
		{plans + " --method mc --fractions", "--fractions with sapper plans: its table shows percentages"},
		{plans + " --view at-most", "--view with sapper plans --format table"},
	} {
		argv := args(c.cmdline)
		for i, a := range argv {
			argv[i] = strings.ReplaceAll(a, "_", " ")
		}
		code, stdout, stderr := cli(t, argv...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", c.cmdline, code, len(stdout), stderr, c.want)
		}
	}
	for _, cmdline := range []string{
		"compare --trials 1000 --view at-least --format csv",
		"sweep compare --vary tem=0..1 --trials 1000 --metric ift --hide-zero",
	} {
		if code, _, stderr := cli(t, args(cmdline)...); code != exitOK {
			t.Errorf("%s: exit %d, %s", cmdline, code, stderr)
		}
	}
}

// TestAutoRunsPlansExact: --method auto runs every built-in plan exact,
// each within the path budget. The Placed DC after Prep Fire merges as it
// goes, and its probe's estimate (71 million paths after 131,072) was far
// over what it walks (507,685): auto walks such an enumeration on to its
// end, within bounds of its own (sim.RunAuto), where it once ran Monte
// Carlo on the estimate.
func TestAutoRunsPlansExact(t *testing.T) {
	for _, name := range []string{"plans-prep-then-placed", "plans-broken-stack", "plans-fire-group", "plans-set-fire-thrown"} {
		code, stdout, stderr := cli(t, "run", name, "--method", "auto", "--format", "json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		var out struct {
			Runs []struct {
				Method string `json:"method"`
				Note   string `json:"note"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		for i, r := range out.Runs {
			if r.Method != "exact" || !strings.HasPrefix(r.Note, "auto chose exact enumeration: ") {
				t.Errorf("%s run %d: %s, %q", name, i+1, r.Method, r.Note)
			}
		}
	}
}

// TestPlansCutShort: a plan whose exact run is cut short gives lower
// bounds, so the headline compares only the plans that ran to their end,
// saying so, and the table no longer says every difference is exact.
func TestPlansCutShort(t *testing.T) {
	run := func(mode asl.Mode) *sim.Result {
		return simtest.ExactOf(t, asl.NewDCAttack(mode, asl.Unit{Kind: asl.Squad, FP: 4, Range: 6, ML: 7, ELR: -1}))
	}
	placed, thrown, set := run(asl.Placed), run(asl.Thrown), run(asl.Set)
	cut := *set // the best plan, cut short
	cut.Complete = false
	rep := report.Report{Command: "plans", Runs: []report.Run{{Label: "A", Result: placed}, {Label: "B", Result: &cut}, {Label: "C", Result: thrown}}}
	h := bestPlan(rep)
	if h == nil || !strings.HasPrefix(h.Text, `The exact run of "B" was cut short, its figures lower bounds; of the other plans, plan "A" clears`) {
		t.Errorf("headline %+v", h)
	}
	var b strings.Builder
	if err := writePlansTable(&b, rep); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.Contains(out, "every figure and difference is exact") || !strings.Contains(out, "exact enumeration, cut short") {
		t.Errorf("table:\n%s", out)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, stderr := cliCtx(t, ctx, "plans", "--target", "4-6-7", "--plan", "A: dc placed", "--plan", "B: fire 8", "--method", "exact")
	if code != exitInterrupted || strings.Contains(stdout, "every figure and difference is exact") || !strings.Contains(stdout, "exact enumeration, cut short") {
		t.Errorf("interrupted: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
}

// TestPlansTrialsPerRun: runs stopped on --precision run unequal trials,
// and the table says how many, from least to most, not the first run's.
func TestPlansTrialsPerRun(t *testing.T) {
	wantTrialsRange(t, "run", "plans", "--target", "4-6-7", "--target", "leader:8-1", "--plan", "A: fire 8", "--plan", "B: dc placed", "--precision", "0.002")
}

// wantTrialsRange runs a, a command of two Monte Carlo runs that end
// unequal, as a table and as JSON, and requires the table to give their
// trials from least to most, per one.
func wantTrialsRange(t *testing.T, one string, a ...string) {
	t.Helper()
	_, table, _ := cli(t, a...)
	_, js, _ := cli(t, append(a, "--format", "json")...)
	var doc struct {
		Runs []struct {
			Trials uint64 `json:"trials"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil || len(doc.Runs) != 2 {
		t.Fatalf("%v: %s", err, js)
	}
	lo, hi := min(doc.Runs[0].Trials, doc.Runs[1].Trials), max(doc.Runs[0].Trials, doc.Runs[1].Trials)
	if lo == hi {
		t.Fatalf("both runs ran %d trials: no test", lo)
	}
	if want := report.Group(lo) + "–" + report.Group(hi) + " trials per " + one; !strings.Contains(table, want) {
		t.Errorf("want %q in:\n%s", want, table)
	}
}

// TestPlansTEMNoAttackTakes: a --tem that no attack of any plan takes is
// refused, as sapper dc refuses --tem with a Set DC; one that some attack
// takes runs.
func TestPlansTEMNoAttackTakes(t *testing.T) {
	for _, plans := range [][]string{{"A: dc set", "B: dc set enemy-infantry=1"}, {"A: dc placed tem=1", "B: fire 8 tem=3"}, {"A: fire 8 weapon=ft", "B: dc set"}} {
		a := []string{"plans", "--target", "4-6-7", "--tem", "2"}
		for _, p := range plans {
			a = append(a, "--plan", p)
		}
		code, stdout, stderr := cli(t, a...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, "sapper plans: --tem: no attack of any plan takes it") {
			t.Errorf("%q: exit %d, %q", plans, code, stderr)
		}
	}
	if code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--tem", "2", "--plan", "A: dc set", "--plan", "B: fire 8", "--method", "exact"); code != exitOK {
		t.Errorf("a fire attack takes --tem: exit %d, %q", code, stderr)
	}
}

// TestPlanSpacesOnly: spaces alone separate a plan's words; a tab, a line
// break or a no-break space is refused, named, not read as a space.
func TestPlanSpacesOnly(t *testing.T) {
	for _, p := range []string{"a:\tfire\t8", "a: fire 8\n", "a: fire 8\u00a0+1"} {
		code, stdout, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", p, "--plan", "b: fire 4")
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "words are separated by spaces only") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("--plan %q: exit %d, stderr %q", p, code, stderr)
		}
	}
}

// TestBestPlanTiedOrNone: plans that clear the Location as often in the
// trials run are said to, with the difference's interval, and plans that
// never clear it are not ranked (an exact tie: TestPlansHeadline).
func TestBestPlanTiedOrNone(t *testing.T) {
	for _, c := range []struct{ cmdline, want string }{
		{"plans --target 4-6-7 --plan a:_fire_1 --plan b:_fire_1 --trials 10000",
			`Plan "a" clears the Location as often as "b" (every target eliminated, surrendered or broken): 5.84% (95% interval 5.40–6.32%); the difference 0.00 points (95% interval −0.65 to +0.65).`},
		{"plans --target 4-6-7 --plan a:_fire_1_+6 --plan b:_fire_1_+7 --method exact",
			`No plan clears the Location (every target eliminated, surrendered or broken): 0.00%.`},
		{"plans --target 4-6-7 --plan a:_fire_1_+6 --plan b:_fire_1_+7 --trials 1000",
			`No plan cleared the Location (every target eliminated, surrendered or broken) in any trial: 0.00% (95% interval 0.00–0.38%).`},
	} {
		var a []string
		for _, w := range args(c.cmdline) {
			a = append(a, strings.ReplaceAll(w, "_", " "))
		}
		code, out, stderr := cli(t, a...)
		if first, _, _ := strings.Cut(out, "\n"); code != exitOK || first != c.want {
			t.Errorf("%s: exit %d, %q%s; want %q", c.cmdline, code, first, stderr, c.want)
		}
	}
}

// TestPlansNoHoBNote: under --no-hob the hob row still counts Original 2s,
// and a note says that they trigger nothing; without it, no such note.
func TestPlansNoHoBNote(t *testing.T) {
	base := []string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--method", "exact"}
	for _, c := range []struct {
		args []string
		note bool
	}{
		{append(slices.Clone(base), "--no-hob"), true},
		{base, false},
		{[]string{"compare", "--differences", "--no-hob", "--method", "exact"}, true},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", c.args, code, stderr)
		}
		if got := strings.Contains(stdout, "\n"+noHoBNote+"\n"); got != c.note {
			t.Errorf("%v: the note %v, want %v:\n%s", c.args, got, c.note, stdout)
		}
	}
}

// TestPlansClearedNote: the note that tells the two clearing rows apart
// stands under a table where some plan has two attacks or more and Heat
// of Battle is on, the only plans where they can differ.
func TestPlansClearedNote(t *testing.T) {
	note := strings.Join(strings.Fields(clearedNote), " ")
	for _, c := range []struct {
		args []string
		note bool
	}{
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--method", "exact"}, true},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4", "--method", "exact"}, false},
		// With no Heat of Battle, nothing undoes a clearing.
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--method", "exact", "--no-hob"}, false},
		{[]string{"compare", "--method", "exact"}, false},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", c.args, code, stderr)
		}
		if got := strings.Contains(strings.Join(strings.Fields(stdout), " "), note); got != c.note {
			t.Errorf("%v: the note %v, want %v:\n%s", c.args, got, c.note, stdout)
		}
	}
}

// TestPlansHeroRoom: a plan whose Heat of Battle could create more heroes
// than a Location holds is refused with the way out, and runs without
// Heat of Battle.
func TestPlansHeroRoom(t *testing.T) {
	a := args("plans --target 4-6-7 --target leader:9-2 --target leader:8-1 --target 4-6-7 --target 4-6-7,class=green --plan a:_fire_8 --plan b:_fire_4_+1;_fire_4_+1;_fire_4_+1 --method mc --trials 20000")
	for i := range a {
		a[i] = strings.ReplaceAll(a[i], "_", " ")
	}
	code, _, stderr := cli(t, a...)
	if code != exitUsage || !strings.Contains(stderr, "5 targets and up to 18 heroes created before the last attack") || !strings.HasSuffix(stderr, "or leave Heat of Battle out (--no-hob)\n") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := cli(t, append(a, "--no-hob")...); code != exitOK {
		t.Errorf("--no-hob: exit %d, stderr %q", code, stderr)
	}
}

// TestPlanWords: a flag a shared check names becomes the plan's option,
// its value kept where the message gives one (its metavariable dropped
// for the option's own), and a flag the plans command has itself, or
// quoted text the player gave, is left as it is; a leading field takes
// its option's name.
func TestPlanWords(t *testing.T) {
	for in, want := range map[string]string{
		"needs a --placer, or a --setter":                       "needs a placer=UNIT, or a setter=UNIT",
		"not with --weapon ft: a FT":                            "not with weapon=ft: a FT",
		"only a Thrown DC (--mode thrown)":                      "only a Thrown DC (dc thrown)",
		"with --firer-class second.":                            "with class=second.",
		"--leader-directed or --area-fire":                      "leader or area",
		"--fp is the attack's":                                  "fire FP is the attack's",
		"give the wall's --building":                            "give the wall's --building",
		"--weapon he against a building needs --calibre MM: it": "weapon=he against a building needs calibre=MM: it",
		"--preset spares a Setter":                              "preset spares a Setter",
		`fire: unknown option "--weapon"; want weapon=W`:        `fire: unknown option "--weapon"; want weapon=W`,
		"attack 1: area-fire: not with --weapon ffe":            "attack 1: area: not with weapon=ffe",
		"firer-class: not with --firer ffe: only Infantry fire": "class: not with firer=ffe: only Infantry fire",
	} {
		if got := planWords(in); got != want {
			t.Errorf("planWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPlanEchoedAsRead: a plan is echoed with one space between words
// and "; " between attacks, however it was spaced.
func TestPlanEchoedAsRead(t *testing.T) {
	code, stdout, stderr := cli(t, "plans", "--target", "4-6-7", "--trials", "1000",
		"--plan", "a:  fire 8 ;  fire 4  +1", "--plan", "b: fire 8")
	if code != 0 || !strings.Contains(stdout, "\n  a: fire 8; fire 4 +1\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
}

// TestPlanNamedInRunErrors: a run's error names a plan by its label,
// quoted ("a run" read as English), and a draw wider than the budget
// says how far to raise it.
func TestPlanNamedInRunErrors(t *testing.T) {
	code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4", "--method", "exact", "--max-paths", "10")
	want := `sapper plans: plan "a": exact enumeration needs at least 11 paths (a draw of 11 outcomes), more than the budget of 10 paths; use --method mc (or auto), or raise --max-paths to 11 or more` + "\n"
	if code != exitFailure || stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
}

// TestPlansRules: a --rule of plans is set on every attack that reads it,
// so that a plan of one attack gives, metric for metric, the figures its
// command gives with the same --rule (rules/asl.md §8.51: a leader's Heat
// of Battle DR without the Elite −1), and they are not the defaults'.
func TestPlansRules(t *testing.T) {
	metrics := func(argv ...string) map[string]map[string]map[string]float64 {
		t.Helper()
		_, runs := outcomesOf(t, argv...)
		return runs
	}
	loc := args("--target 4-6-7 --target leader:8-1 --building stone")
	rule := []string{"--rule", "leaders-elite=false"}
	plans := metrics(append(append(append([]string{"plans"}, loc...), rule...), "--plan", "fire: fire 8", "--plan", "dc: dc placed")...)
	for _, c := range []struct{ plan, cmd string }{{"fire", "fire --fp 8"}, {"dc", "dc --mode placed"}} {
		alone := metrics(append(append(args(c.cmd), loc...), rule...)...)[""]
		byDefault := metrics(append(args(c.cmd), loc...)...)[""]
		for _, name := range []string{"target.1", "target.2", "stack"} {
			for v, p := range alone[name] {
				if got := plans[c.plan][name][v]; math.Abs(got-p) > 1e-12 {
					t.Errorf("plan %s: %s %s %.15f, sapper %s %.15f", c.plan, name, v, got, c.cmd, p)
				}
			}
		}
		if alone["target.2"]["berserk"] == byDefault["target.2"]["berserk"] {
			t.Errorf("sapper %s: leaders-elite=false moved no berserk leader", c.cmd)
		}
	}
	// Refused, one line, exit 2: surrender, each attack's own; a key no
	// attack reads, or reads to no effect; a key unknown or given twice.
	for _, c := range []struct {
		rules []string
		plan  string
		want  string
	}{
		{[]string{"surrender=true"}, "b: dc placed", "surrender is each attack's own in a plan"},
		{[]string{"set-dc-uses-x-penalty=false"}, "b: fire 4", "no attack of any plan reads it: it is a DC's switch"},
		{[]string{"ffe-is-concentration=false"}, "b: dc placed", "--rule ffe-is-concentration with weapon=small-arms"},
		{[]string{"falling-rubble=false"}, "b: dc placed", "a plan's building has no level above ground"},
		{[]string{"wp-drms-add=false"}, "b: dc placed", "WP makes no IFT attack"},
		{[]string{"leaders-elite=maybe"}, "b: dc placed", "want leaders-elite=true or leaders-elite=false"},
		{[]string{"bogus=true"}, "b: dc placed", "unknown KEY; want one of inexperienced-penalty"},
		{[]string{"leader-elite=false"}, "b: dc placed", "unknown KEY; did you mean leaders-elite? (want one of inexperienced-penalty"},
		{[]string{"leaders-elite=false", "leaders-elite=true"}, "b: dc placed", "leaders-elite given twice"},
	} {
		argv := []string{"plans", "--target", "4-6-7", "--target", "leader:8-1", "--plan", "a: fire 8", "--plan", c.plan}
		for _, r := range c.rules {
			argv = append(argv, "--rule", r)
		}
		code, stdout, stderr := cli(t, argv...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("--rule %v: exit %d, %q; want exit 2 and %q", c.rules, code, stderr, c.want)
		}
	}
}

// outcomesOf runs a command (plans, or one that runs one attack) exactly
// and returns its notes and, by run label ("" for a command of one run),
// every metric's outcomes' probabilities.
func outcomesOf(t *testing.T, argv ...string) ([]string, map[string]map[string]map[string]float64) {
	t.Helper()
	code, stdout, stderr := cli(t, append(argv, "--method", "exact", "--format", "json")...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", argv, code, stderr)
	}
	type run struct {
		Label   string      `json:"label"`
		Metrics []metricDoc `json:"metrics"`
	}
	var doc struct {
		Notes   []string    `json:"notes"`
		Metrics []metricDoc `json:"metrics"`
		Runs    []run       `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) == 0 {
		doc.Runs = []run{{"", doc.Metrics}}
	}
	out := map[string]map[string]map[string]float64{}
	for _, r := range doc.Runs {
		out[r.Label] = map[string]map[string]float64{}
		for _, m := range r.Metrics {
			out[r.Label][m.Name] = map[string]float64{}
			for _, o := range m.Outcomes {
				out[r.Label][m.Name][o.Value] = o.P
			}
		}
	}
	return doc.Notes, out
}

// TestDeltaPts: a plan's difference that is not 0 never prints as ±0.00,
// and one that is 0 has no sign.
func TestDeltaPts(t *testing.T) {
	for x, want := range map[float64]string{0: "0.00", 0.0001: "+<0.01", -0.0001: "−<0.01", 1.234: "+1.23", -2.5: "−2.50"} {
		if got := deltaPts(x); got != want {
			t.Errorf("deltaPts(%v) = %q, want %q", x, got, want)
		}
	}
}

// TestPlansSayWhenADCWasSet: a plan's Set DC is Set before play unless
// preset=false, where sapper dc's is Set during play unless --preset: each
// plan's line says which its Setter did (A23.7), as dc's summary does,
// so that the two readings of the same words are not confused. Before
// play the Setter skips the setting dr and the Defensive Fire: 52.16%
// cleared against 26.08% for a 4-6-8 Setting on a lone 4-6-7.
func TestPlansSayWhenADCWasSet(t *testing.T) {
	code, stdout, stderr := cli(t, "plans", "--target", "4-6-7", "--method", "exact",
		"--plan", "during: dc set setter=4-6-8 preset=false", "--plan", "before: dc set setter=4-6-8",
		"--plan", "later: fire 4; dc set setter=4-6-8", "--plan", "unset: dc set")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"  during: dc set setter=4-6-8 preset=false — Set during play\n",
		"  before: dc set setter=4-6-8 — Set before play\n",
		"  later: fire 4; dc set setter=4-6-8 — attack 2: Set before play\n",
		"  unset: dc set — no Setter, so no detonation NTC\n",
		"26.08%", "52.16%",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
	_, dc, _ := cli(t, "dc", "--target", "4-6-7", "--mode", "set", "--setter", "4-6-8", "--method", "exact")
	if !strings.Contains(dc, "Setter 4-6-8, Set\nduring play\n") || !strings.Contains(dc, "26.08%") {
		t.Errorf("dc's Set DC does not say it was Set during play:\n%s", dc)
	}
}

// TestPlansDCInOpenGround: a plan's --terrain that a fire attack reads for
// its Shellholes but that has no Kindling # (open ground: §8.56) is the
// DC's Location too, where its Flame finds nothing to burn: the DC is
// resolved as in no terrain, 84.70% cleared on a lone 4-6-7 as sapper dc
// gives it, rather than the plan refused for a terrain the DC never reads.
func TestPlansDCInOpenGround(t *testing.T) {
	code, stdout, stderr := cli(t, "plans", "--target", "4-6-7", "--terrain", "open-ground", "--method", "exact",
		"--plan", "a: fire 20 weapon=rocket calibre=150; dc placed", "--plan", "b: dc placed")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, dc, _ := cli(t, "dc", "--target", "4-6-7", "--method", "exact")
	if !strings.HasPrefix(dc, "The stack is cleared (every target eliminated, surrendered or broken): 84.70%.") || !strings.Contains(stdout, "(84.70%)") {
		t.Errorf("the DC alone in open ground is not dc's 84.70%%:\n%s\n%s", stdout, dc)
	}
	// Where only DCs attack, open ground is read by none, and the
	// refusal says why a DC does not.
	code, _, stderr = cli(t, "plans", "--target", "4-6-7", "--terrain", "open-ground", "--tem", "0", "--plan", "a: dc placed", "--plan", "b: dc thrown")
	if want := "a DC only where the terrain has a Kindling # (§8.56)"; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("DCs alone in open ground: exit %d, %q; want %q", code, stderr, want)
	}
}

// TestPlansConcealmentSwitchesLater: a switch that reads concealment is
// refused for a plan whose every attack meets a target not concealed,
// and taken where a later attack may meet the concealed ones alone, the
// others eliminated by an earlier attack (§7.5, §8.14).
func TestPlansConcealmentSwitchesLater(t *testing.T) {
	base := []string{"plans", "--target", "4-6-7", "--target", "4-6-7,concealed", "--building", "wooden", "--method", "exact",
		"--rule", "flame-ignores-concealment=true", "--plan", "a: dc placed"}
	if code, _, stderr := cli(t, append(base, "--plan", "b: dc set")...); code != exitUsage || !strings.Contains(stderr, "flame-ignores-concealment with a target not concealed") {
		t.Errorf("one DC a plan: exit %d, %q; want the switch refused", code, stderr)
	}
	if code, _, stderr := cli(t, append(base, "--plan", "b: fire 8; dc placed")...); code != 0 {
		t.Errorf("a DC after fire: exit %d, %q; want the switch taken", code, stderr)
	}
}
