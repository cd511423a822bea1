package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sapperhq/sapper/internal/golden"
)

// TestDCGolden pins whole outputs of small runs: exact ones, and a Monte
// Carlo one short enough to be quick.
func TestDCGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"dc_exact_table", "dc --target 4-6-7 --tem 2 --method exact"},
		{"dc_exact_hidezero", "dc --target 4-6-7 --tem 2 --method exact --hide-zero"},
		{"dc_exact_json", "dc --target 4-6-7 --tem 2 --method exact --format json"},
		{"dc_exact_csv", "dc --target 4-6-7 --tem 2 --method exact --format csv"},
		{"dc_mc_json", "dc --target 4-6-7 --target leader:8-1 --trials 2000 --seed 7 --format json"},
		{"dc_building_table", "dc --target 4-6-7 --building stone --placer 4-6-8 --dff 8:-1 --method exact --hide-zero"},
		{"dc_set_table", "dc --mode set --target 4-6-7 --target hs:2-4-7 --terrain woods --ec dry --setter 4-6-8 --method exact --hide-zero"},
		{"dc_structures_table", "dc --target crew:2-2-8 --target 4-6-7,sw=1 --gun --wire --roadblock normal --building stone --level 1 --top 2 --method exact --hide-zero"},
		{"dc_cave_table", "dc --mode thrown --target 4-6-7 --thrower 4-6-8 --cave --cave-drm=-1 --method exact --hide-zero"},
		{"dc_bridge_table", "dc --mode set --target 4-6-7 --bridge stone --setter 4-6-8 --method exact --hide-zero"},
		{"dc_thrown_table", "dc --mode thrown --target 4-6-7 --thrower 4-6-7 --afph --trials 2000 --seed 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, c.name, normalize([]byte(stdout)))
		})
	}
}

// TestWorkerCountInvariance: the same seed gives byte-identical JSON for
// any -j, apart from the elapsed time.
func TestWorkerCountInvariance(t *testing.T) {
	var outs []string
	for _, j := range []string{"1", "2"} {
		// 200,000 trials make four chunks, so two workers really share them.
		code, stdout, stderr := cli(t, "dc", "--target", "4-6-7", "--target", "leader:8-1", "--tem", "1",
			"--seed", "7", "--trials", "200000", "--format", "json", "-j", j)
		if code != exitOK {
			t.Fatalf("-j %s: exit %d, stderr %q", j, code, stderr)
		}
		outs = append(outs, string(normalize([]byte(stdout))))
	}
	if outs[0] != outs[1] {
		t.Errorf("-j 1 and -j 2 differ:\n%s\n---\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], `"seed": 7`) {
		t.Error("the seed is not echoed")
	}
}

// TestNegativeDRM: pflag takes "--drm -2" and "--drm=-2" alike.
func TestNegativeDRM(t *testing.T) {
	var outs []string
	for _, a := range [][]string{{"--drm", "-2"}, {"--drm=-2"}} {
		code, stdout, stderr := cli(t, append([]string{"dc", "--target", "4-6-7", "--method", "exact", "--format", "json"}, a...)...)
		if code != exitOK {
			t.Fatalf("%q: exit %d, stderr %q", a, code, stderr)
		}
		in := decode(t, stdout)["inputs"].(map[string]any)
		if in["drm"] != -2.0 {
			t.Errorf("%q: inputs.drm = %v", a, in["drm"])
		}
		outs = append(outs, string(normalize([]byte(stdout))))
	}
	if outs[0] != outs[1] {
		t.Error("--drm -2 and --drm=-2 differ")
	}
}

// TestExactStack is the reference stack of the brief: three squads and a
// leader, enumerated exactly.
func TestExactStack(t *testing.T) {
	start := time.Now()
	code, stdout, stderr := cli(t, args("dc --target 4-6-7 --target 4-6-7 --target 4-6-7 --target leader:8-1 --tem 1 --method exact --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	// It takes well under a second; the bound is loose so that a slow or
	// busy machine does not fail it, while a model that stopped coarsening
	// its dice (tens of millions of paths) still does.
	if d := time.Since(start); d > 10*time.Second && !raceDetector {
		t.Errorf("exact enumeration took %v", d)
	} else {
		t.Logf("exact enumeration took %v", d)
	}
	doc := decode(t, stdout)
	if doc["method"] != "exact" || doc["complete"] != true {
		t.Fatalf("method %v, complete %v", doc["method"], doc["complete"])
	}
	for _, m := range doc["metrics"].([]any) {
		m := m.(map[string]any)
		sum := 0.0
		for _, o := range m["outcomes"].([]any) {
			sum += o.(map[string]any)["p"].(float64)
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: p sum to %v", m["name"], sum)
		}
	}
}

// TestBuildingSetsTEM: --building gives the TEM unless --tem is given.
func TestBuildingSetsTEM(t *testing.T) {
	for _, c := range []struct {
		args string
		tem  float64
	}{
		{"--building stone", 3},
		{"--building wooden", 2},
		{"--building stone --fortified", 4},
		{"--building stone --tem 1", 1},
		{"--tem 2", 2},
	} {
		code, stdout, stderr := cli(t, args("dc --target 4-6-7 --method exact --format json "+c.args)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d, stderr %q", c.args, code, stderr)
		}
		if got := decode(t, stdout)["inputs"].(map[string]any)["tem"]; got != c.tem {
			t.Errorf("%s: tem %v, want %v", c.args, got, c.tem)
		}
	}
}

// TestResolvedInputs: the JSON inputs carry the defaults as resolved.
func TestResolvedInputs(t *testing.T) {
	code, stdout, stderr := cli(t, args("dc --mode set --target 4-6-7 --target hs:2-4-7 --method exact --format json --rule surrender=true --rule accept-battle-hardening=false")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	in := decode(t, stdout)["inputs"].(map[string]any)
	opts := in["options"].(map[string]any)
	for k, want := range map[string]any{"mode": "set", "elr": 3.0, "user": "elite", "enemy_infantry": 2.0} {
		if in[k] != want {
			t.Errorf("inputs.%s = %v, want %v", k, in[k], want)
		}
	}
	for k, want := range map[string]any{"heat_of_battle": true, "surrender": true, "accept_battle_hardening": false, "set_dc_uses_x_penalty": true, "inexperienced_penalty": true} {
		if opts[k] != want {
			t.Errorf("inputs.options.%s = %v, want %v", k, opts[k], want)
		}
	}
}

// TestInterrupted: a cancelled run still writes its partial result,
// marked incomplete, and exits 130.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, stderr := cliCtx(t, ctx, args("dc --target 4-6-7 --format json")...)
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitInterrupted, stderr)
	}
	if doc := decode(t, stdout); doc["complete"] != false {
		t.Errorf("complete = %v, want false", doc["complete"])
	}
	if !strings.Contains(stderr, "interrupted") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr %q", stderr)
	}
	code, stdout, _ = cliCtx(t, ctx, args("dc --target 4-6-7")...)
	if code != exitInterrupted || !strings.Contains(stdout, "INCOMPLETE") {
		t.Errorf("table: exit %d, output:\n%s", code, stdout)
	}
	// An interrupted exact run's JSON says its p are lower bounds.
	code, stdout, _ = cliCtx(t, ctx, args("dc --target 4-6-7 --method exact --format json")...)
	doc := decode(t, stdout)
	if code != exitInterrupted || doc["lower_bounds"] != true || !strings.Contains(doc["incomplete"].(string), "lower bounds") {
		t.Errorf("exact JSON: exit %d, lower_bounds %v, incomplete %v", code, doc["lower_bounds"], doc["incomplete"])
	}
	// and its intervals reach as far as the paths it left could add: here,
	// cut short before its first path, to 1 (sim.Result.Bounds).
	checked := 0
	for _, m := range doc["metrics"].([]any) {
		m := m.(map[string]any)
		for _, o := range m["outcomes"].([]any) {
			o := o.(map[string]any)
			checked++
			if o["lo"] != o["p"] || o["hi"] != 1.0 {
				t.Errorf("exact JSON cut short: %s=%s p %v, interval %v–%v; want p–1", m["name"], o["value"], o["p"], o["lo"], o["hi"])
			}
		}
	}
	if checked == 0 {
		t.Error("exact JSON cut short: no outcome")
	}
	// and the CSV says the same of every row
	_, stdout, _ = cliCtx(t, ctx, args("dc --target 4-6-7 --method exact --format csv")...)
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("exact CSV cut short: %v, %d rows", err, len(rows))
	}
	for _, r := range rows[1:] {
		if r[4] != r[5] || r[6] != "1" {
			t.Errorf("exact CSV cut short: %v; want lo = p and hi 1", r)
		}
	}
	// A goal on such a run is not sure of what it has not walked.
	_, stdout, _ = cliCtx(t, ctx, args("sweep dc --target 4-6-7 --method exact --vary tem=0..1 --goal stack=cleared>=0.3 --format json")...)
	var sw struct {
		Goal struct {
			Series []struct {
				Nearest struct {
					Sure bool `json:"sure"`
				} `json:"nearest"`
			} `json:"series"`
		} `json:"goal"`
	}
	if err := json.Unmarshal([]byte(stdout), &sw); err != nil || len(sw.Goal.Series) != 1 || sw.Goal.Series[0].Nearest.Sure {
		t.Errorf("a goal on an exact sweep cut short: %v, %+v; want its nearest value not sure", err, sw.Goal)
	}
	// A side by side cut short says which runs never ran, and compares
	// only those that did.
	code, stdout, _ = cliCtx(t, ctx, args("compare --format json")...)
	var cmp struct {
		NotRun   []string `json:"not_run"`
		Notes    []string `json:"notes"`
		Headline struct {
			Text string `json:"text"`
		} `json:"headline"`
	}
	if err := json.Unmarshal([]byte(stdout), &cmp); err != nil {
		t.Fatal(err)
	}
	// Cut short before its first trial, the one way that ran has no
	// figure to head the table with (report.NoFigures).
	if code != exitInterrupted || strings.Join(cmp.NotRun, " ") != "thrown set" || cmp.Headline.Text != "" ||
		!slices.Contains(cmp.Notes, "Not run, as the placed run was interrupted: thrown, set.") {
		t.Errorf("compare cut short: exit %d, not_run %q, headline %q, notes %q", code, cmp.NotRun, cmp.Headline.Text, cmp.Notes)
	}
	// CSV carries the marker on every row, of every run.
	for _, a := range []string{"dc --target 4-6-7 --format csv", "compare --method exact --format csv"} {
		code, stdout, _ = cliCtx(t, ctx, args(a)...)
		rows := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != exitInterrupted || len(rows) < 2 || !strings.HasSuffix(rows[0], ",complete") {
			t.Fatalf("%s: exit %d, output:\n%s", a, code, stdout)
		}
		for _, r := range rows[1:] {
			if !strings.HasSuffix(r, ",false") {
				t.Errorf("%s: row %q not marked incomplete", a, r)
			}
		}
	}
}

// TestPathBudget: an exact run over its budget is a runtime failure that
// names the way out; auto falls back to Monte Carlo and says so.
func TestPathBudget(t *testing.T) {
	code, stdout, stderr := cli(t, args("dc --target 4-6-7 --target 4-6-7 --method exact --max-paths 10")...)
	if code != exitFailure || stdout != "" || !strings.Contains(stderr, "--max-paths") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exact: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, args("dc --target 4-6-7 --target 4-6-7 --method auto --max-paths 10 --trials 1000 --format json")...)
	if code != exitOK {
		t.Fatalf("auto: exit %d, stderr %q", code, stderr)
	}
	doc := decode(t, stdout)
	if doc["method"] != "mc" || doc["note"] == nil {
		t.Errorf("auto: method %v, note %v", doc["method"], doc["note"])
	}
	if want := "--method auto: " + doc["note"].(string) + "\n"; stderr != want || !strings.Contains(stderr, "ran Monte Carlo") {
		t.Errorf("auto: stderr %q, want %q", stderr, want)
	}
	// Within the budget, auto enumerates and says so.
	code, stdout, stderr = cli(t, args("dc --target 4-6-7 --method auto --format json")...)
	if doc := decode(t, stdout); code != exitOK || doc["method"] != "exact" ||
		stderr != "--method auto: "+doc["note"].(string)+"\n" || !strings.HasPrefix(stderr, "--method auto: auto chose exact enumeration: ") {
		t.Errorf("auto within budget: exit %d, method %v, stderr %q", code, doc["method"], stderr)
	}
}

// TestAutoBoundsAStackOfStates: seven squads and a leader under a Placed
// DC merge into states that keep coming. Their probe's estimate (2.6
// million paths) errs low, and auto, choosing exact on it, once walked 47
// seconds to the budget before it ran Monte Carlo; it now gives the walk
// up once it has opened too many merged states, in a fraction of a
// second, and says so.
func TestAutoBoundsAStackOfStates(t *testing.T) {
	a := "dc --method auto --trials 2000 --format json -j 2" + strings.Repeat(" --target 4-6-7", 7) + " --target leader:8-1"
	code, stdout, stderr := cli(t, args(a)...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	doc := decode(t, stdout)
	note, _ := doc["note"].(string)
	if doc["method"] != "mc" || !strings.HasPrefix(note, "exact enumeration had not ended after ") || !strings.Contains(note, " merged states") ||
		stderr != "--method auto: "+note+"\n" {
		t.Errorf("method %v, note %q, stderr %q", doc["method"], note, stderr)
	}
}

// TestPrecision: --precision without --trials stops on the precision.
func TestPrecision(t *testing.T) {
	code, stdout, stderr := cli(t, args("dc --target 4-6-7 --precision 0.01 --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	doc := decode(t, stdout)
	if n := doc["trials"].(float64); n <= 0 || n >= 1e9 {
		t.Errorf("trials = %v", n)
	}
	for _, m := range doc["metrics"].([]any) {
		for _, o := range m.(map[string]any)["outcomes"].([]any) {
			o := o.(map[string]any)
			if half := (o["hi"].(float64) - o["lo"].(float64)) / 2; half > 0.01 {
				t.Errorf("%s=%s: half-width %v", m.(map[string]any)["name"], o["value"], half)
			}
		}
	}
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var doc map[string]any
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("%v in\n%s", err, s)
	}
	return doc
}

// TestBreachBeyondTakesBuildingTEM: the units beyond a breached wall take
// the follow-on attack with their full TEM (B23.711), the Fortified one
// beyond a Fortified hexside (B23.921): --building sets it, as it does
// for any target in the building, unless --tem is given.
func TestBreachBeyondTakesBuildingTEM(t *testing.T) {
	for _, c := range []struct{ given, same string }{
		{"--breach rowhouse --building stone", "--tem 3"},
		{"--breach rowhouse --building wooden", "--tem 2"},
		{"--breach fortified --building stone --fortified", "--tem 4"},
	} {
		run := func(extra string) (string, map[string]any) {
			code, stdout, stderr := cli(t, args("dc "+c.given+" --beyond 4-6-7 --method exact --format json "+extra)...)
			if code != exitOK {
				t.Fatalf("%s %s: exit %d: %s", c.given, extra, code, stderr)
			}
			doc := decode(t, stdout)
			delete(doc, "inputs") // --tem given or worked out: the figures are what must agree
			delete(doc, "elapsed_seconds")
			b, _ := json.Marshal(doc)
			return string(b), doc
		}
		got, _ := run("")
		want, _ := run(c.same)
		if got != want {
			t.Errorf("%s: the follow-on attack is not the one of %s", c.given, c.same)
		}
		if zero, _ := run("--tem 0"); zero == want {
			t.Errorf("%s: --tem 0 gives the figures of %s: the TEM is not used", c.given, c.same)
		}
	}
}

// TestThrowerIsTheUser: the unit that throws a DC is its user (A23.2), as
// the Placer and the Setter are: his class sets the X# when --user is not
// given, in dc and afv as in compare, and a --user that is not his is
// refused.
func TestThrowerIsTheUser(t *testing.T) {
	figures := func(cmdline string) string {
		code, stdout, stderr := cli(t, args(cmdline+" --method exact --format json")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", cmdline, code, stderr)
		}
		doc := decode(t, stdout)
		delete(doc, "inputs")
		delete(doc, "elapsed_seconds")
		b, _ := json.Marshal(doc)
		return string(b)
	}
	for _, cmd := range []string{
		"dc --mode thrown --target 4-6-7 --building stone --thrower 4-6-8,class=conscript",
		"afv --vehicle tiger --mode thrown --thrower 4-6-8,class=conscript",
	} {
		if figures(cmd) != figures(cmd+" --user inexperienced") {
			t.Errorf("%s: not the figures of an Inexperienced user", cmd)
		}
		if code, _, stderr := cli(t, args(cmd+" --user elite")...); code != exitUsage || !strings.Contains(stderr, "the thrower is the DC's user (A23.2)") {
			t.Errorf("%s --user elite: exit %d, %s", cmd, code, stderr)
		}
	}
	// and dc's Thrown DC is compare's
	code, stdout, _ := cli(t, args("compare --thrower 4-6-8,class=conscript --method exact")...)
	_, dc, _ := cli(t, args("dc --mode thrown --target 4-6-7 --target leader:8-1 --building stone --thrower 4-6-8,class=conscript --method exact")...)
	first, _, _ := strings.Cut(dc, "\n")
	if code != exitOK || !strings.Contains(stdout, "Thrown clears the stack most often: 24.71%") || !strings.Contains(first, ": 24.71%") {
		t.Errorf("compare's thrown and dc's:\n%s\n%s", stdout, first)
	}
}

// TestBreachTitleNamesTheWall: a breach's title says the DC is against the
// wall, with the units beyond it, where it read as a DC placed on them.
func TestBreachTitleNamesTheWall(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"dc --breach rowhouse --building stone --beyond 4-6-7 --method exact", "Placed DC vs the wall, 4-6-7 beyond it; TEM 3"},
		{"dc --breach rowhouse --building stone --method exact", "Placed DC vs the wall; TEM 3"},
		{"dc --roadblock narrow --method exact", "Placed DC vs a Narrow-Street roadblock; TEM 0"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitOK || !strings.Contains(strings.ReplaceAll(stdout, "\n", " "), c.want) {
			t.Errorf("%s: exit %d %s\n%s", c.args, code, stderr, stdout)
		}
	}
}

// TestSetupLineSaysELROnlyWhenRead: the line that says what was run
// gives the ELR only when a unit reads it: not for targets each with its
// own elr=, nor for a crew (A19.11), where "ELR 3" would be a default
// nothing used.
func TestSetupLineSaysELROnlyWhenRead(t *testing.T) {
	setupLineSays(t, "ELR 3", []saysCase{
		{[]string{"dc", "--target", "4-6-7"}, true},
		{[]string{"dc", "--target", "4-6-7,elr=5"}, false},
		{[]string{"dc", "--target", "crew:2-2-8"}, false},
		{[]string{"dc", "--mode", "thrown", "--target", "4-6-7,elr=5", "--thrower", "4-6-7"}, true},
		{[]string{"fire", "--fp", "8", "--target", "4-6-7"}, true},
		{[]string{"fire", "--fp", "8", "--target", "4-6-7,elr=2", "--target", "crew:2-2-8"}, false},
	})
}

// TestSetupLineSaysNoThrower: a Thrown DC with no --thrower leaves out
// its attack on the thrower's Location (A23.6), and its setup line says
// so, as a Placed DC's says it is taken as operably Placed.
func TestSetupLineSaysNoThrower(t *testing.T) {
	setupLineSays(t, noThrower, []saysCase{
		{[]string{"dc", "--mode", "thrown", "--target", "4-6-7"}, true},
		{[]string{"dc", "--mode", "thrown", "--target", "4-6-7", "--thrower", "4-6-7"}, false},
		{[]string{"dc", "--target", "4-6-7"}, false},
		{[]string{"afv", "--vehicle", "tiger", "--mode", "thrown"}, true},
		{[]string{"afv", "--vehicle", "tiger", "--mode", "thrown", "--thrower", "4-6-7"}, false},
	})
}

// saysCase is a command line and whether its output says a phrase.
type saysCase struct {
	args []string
	says bool
}

// setupLineSays runs each case exactly and holds whether its output says
// phrase, its lines wrapped or not: the tables below the setup line never
// hold the phrases asked of it.
func setupLineSays(t *testing.T, phrase string, cases []saysCase) {
	t.Helper()
	for _, c := range cases {
		args := append(c.args, "--method", "exact")
		code, out, stderr := cli(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if got := strings.Contains(strings.Join(strings.Fields(out), " "), phrase); got != c.says {
			t.Errorf("%v: says %q %v, want %v:\n%s", args, phrase, got, c.says, out)
		}
	}
}
