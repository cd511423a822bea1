package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunCommandLineWins: flags after a scenario replace the file's, and a
// conflict between the two is settled for the command line; conflicts
// within the command line stay bad input, naming the file once.
func TestRunCommandLineWins(t *testing.T) {
	// fire-on-stack is 8 FP at +2 on a 4-6-7 and an 8-1, method: exact.
	code, stdout, stderr := cli(t, "run", "fire-on-stack", "--fp", "12")
	if code != exitOK {
		t.Fatalf("--fp 12: exit %d, %s", code, stderr)
	}
	headline, rest, _ := strings.Cut(stdout, "\n\n")
	title, body, _ := strings.Cut(rest, "\n")
	if title != "8 FP at +2 on a squad stacked with a leader (changed: --fp 12)" {
		t.Errorf("title %q does not say what changed", title)
	}
	_, direct, _ := cli(t, "fire", "--fp", "12", "--drm", "2", "--target", "4-6-7", "--target", "leader:8-1", "--method", "exact")
	body = headline + "\n\n" + body
	if string(normalize([]byte(body))) != string(normalize([]byte(direct))) {
		t.Errorf("run fire-on-stack --fp 12 is not fire --fp 12 …:\n%s\n---\n%s", body, direct)
	}

	// A file with no title is named by its file when the command line
	// changes it: the output still says it was not run as written.
	dir := t.TempDir()
	untitled := filepath.Join(dir, "untitled.yaml")
	if err := os.WriteFile(untitled, []byte("command: dc\nflags:\n  target: 4-6-7\n  mode: thrown\n  method: exact\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		extra []string
		title string
	}{
		{nil, "Thrown DC vs 4-6-7; TEM 0, ELR 3, elite user, no thrower given, so the attack on\nhis Location (A23.6) is left out"},
		{[]string{"--mode", "placed"}, untitled + " (changed: --mode placed)"},
	} {
		_, stdout, stderr := cli(t, append([]string{"run", untitled}, c.extra...)...)
		if _, rest, _ := strings.Cut(stdout, "\n\n"); !strings.HasPrefix(rest, c.title+"\n") {
			t.Errorf("run untitled.yaml %q: %q (%s); want the title %q", c.extra, rest, stderr, c.title)
		}
	}

	// The file's method: exact gives way to --trials and --seed.
	for _, extra := range [][]string{{"--trials", "1000"}, {"--seed", "3", "--trials", "1000"}} {
		code, stdout, stderr := cli(t, append([]string{"run", "fire-on-stack", "--format", "json"}, extra...)...)
		if code != exitOK || !strings.Contains(stdout, `"method": "mc"`) {
			t.Errorf("%v: exit %d, %s", extra, code, stderr)
		}
	}
	// The file's trials: gives way to --method exact: the run is exact and
	// only the path budget stops it.
	code, _, stderr = cli(t, "run", "village-crossing", "--method", "exact", "--max-paths", "1000")
	if code != exitFailure || !strings.Contains(stderr, "needs more than 1,000 paths") || strings.Contains(stderr, "--trials") {
		t.Errorf("village-crossing --method exact: exit %d, %s", code, stderr)
	}

	for _, c := range []struct{ args, want string }{
		{"run fire-on-stack --method exact --trials 5", "sapper run: built-in scenario fire-on-stack (sapper fire): --trials with --method exact"},
		{"activate village-crossing --method exact --trials 5", "sapper activate: built-in scenario village-crossing: --trials with --method exact"},
		{"run village-crossing --method exact --trials 5", "sapper run: built-in scenario village-crossing (sapper activate): --trials with --method exact"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "built-in scenario") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestRunRuleFromCommandLine: a --rule after the file replaces the file's
// value of that switch alone; the file's other switches stay.
func TestRunRuleFromCommandLine(t *testing.T) {
	file := t.TempDir() + "/rules.yaml"
	if err := os.WriteFile(file, []byte("command: dc\nflags:\n  target: [4-6-7, leader:8-1]\n  method: exact\n  rule: [surrender=false, leaders-elite=false]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "run", file, "--rule", "surrender=true", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	for _, want := range []string{`"surrender": true`, `"leaders_elite": false`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the inputs lack %s", want)
		}
	}
}

// TestRunFileConflicts: a flag after the file that conflicts with one of
// the file's, outside the run and output flags, is refused with one line
// naming the file's key at its line and the flag after it; the run and
// output flags give way, and the title says so.
func TestRunFileConflicts(t *testing.T) {
	dir := t.TempDir()
	set := dir + "/set.yaml"
	if err := os.WriteFile(set, []byte("command: dc\ntitle: A Set DC\nflags:\n  mode: set\n  target: 4-6-7\n  method: exact\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	placed := dir + "/placed.yaml"
	if err := os.WriteFile(placed, []byte("command: dc\ntitle: A Placed DC\nflags:\n  target: 4-6-7\n  tem: 2\n  rule: [surrender=true]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ten := dir + "/ten.yaml"
	if err := os.WriteFile(ten, []byte("command: dc\nflags:\n  target: ["+strings.Repeat("4-6-7, ", 9)+"4-6-7]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	swept := dir + "/swept.yaml"
	if err := os.WriteFile(swept, []byte("command: dc\nflags:\n  target: 4-6-7\n  method: exact\nvary: tem=0..1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		// a metric given after a sweep file is the command line's to mend
		{[]string{"run", swept, "--metric", "bogus"}, "sapper run: " + swept + " (sapper dc): --metric \"bogus\": no such metric"},
		// a sweep's own flags after a file that is none
		{[]string{"run", placed, "--vary", "tem=0..2"}, "sapper run: --vary after " + placed + ", which is no sweep: a file sweeps with vary: INPUT=FROM..TO in it, or sweep its command: sapper sweep dc ... --vary INPUT=FROM..TO"},
		{[]string{"run", "fire-on-stack", "--goal", "stack=cleared>=0.5"}, "sapper run: --goal after built-in scenario fire-on-stack, which is no sweep"},
		{[]string{"run", set, "--tem", "2"}, "sapper run: " + set + ":4: mode: set with --tem given after the file: a Set DC attacks with no TEM (A23.71)\n"},
		{[]string{"run", set, "--cx"}, "sapper run: " + set + ":4: mode: set with --cx given after the file: a Set DC has no CX DRM (A23.71)\n"},
		{[]string{"run", set, "--enemy-infantry", "2", "--mode", "placed"}, "sapper run: " + set + " (sapper dc): --enemy-infantry with --mode placed"},
		{[]string{"run", placed, "--mode", "set"}, "sapper run: " + placed + ":5: tem: 2 with --mode set given after the file: a Set DC attacks with no TEM (A23.71)\n"},
		{[]string{"run", placed, "--no-hob"}, "sapper run: " + placed + ":6: rule: surrender with --no-hob given after the file: it changes only what Heat of Battle does (A15)\n"},
		// every command's conflicts name both sides: building's and afv's too
		{[]string{"run", "toi-charges-occupied", "--dice", "4"}, "sapper run: built-in scenario toi-charges-occupied:11: charges: 2 with --dice given after the file: an attack with dice and the detonation of charges are separate actions (D4)\n"},
		{[]string{"run", "tiger-side", "--same-hex"}, "sapper run: built-in scenario tiger-side:12: facing: side with --same-hex given after the file: from within the AFV's hex the DC goes in through its rear (C7.346)\n"},
		{[]string{"run", "tiger-side", "--af", "11/8/8"}, "sapper run: built-in scenario tiger-side:11: vehicle: tiger with --af given after the file: both give the armor; give one\n"},
		// a file that is accepted alone, refused for a key of its own once
		// a flag after it changes what the key means: both named
		{[]string{"run", "set-under-fire", "--mode", "placed"}, "sapper run: built-in scenario set-under-fire:13: --setter: only a Set DC (--mode set) has a Setter (changed after the file: --mode placed)\n"},
		{[]string{"run", "set-under-fire", "--mode", "placed", "--method", "exact", "--target", "4-4-7"}, "sapper run: built-in scenario set-under-fire:13: --setter: only a Set DC (--mode set) has a Setter (changed after the file: --mode placed, --target 4-4-7 added)\n"},
		// a list the flags after the file add to, too long together
		{[]string{"run", ten, "--target", "4-6-7"}, "sapper run: " + ten + ":3: --target: at most 10 units in a Location (target: in the file and --target after it, together)\n"},
		// a value after the file is its own
		{[]string{"run", placed, "--target", "4-6-x"}, "sapper run: " + placed + " (sapper dc): --target \"4-6-x\""},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args[2:], code, stderr, c.want)
		}
	}
	// The run flags give way, and the title says what changed: no
	// "(exact)" stands over a Monte Carlo run unmarked.
	for _, c := range []struct {
		args  []string
		title string
	}{
		{[]string{"run", "two-sq-crossing", "--ac", "5"}, "A squad dashes past two S? (changed: --ac 5)"},
		{[]string{"activate", "two-sq-crossing", "--ac", "5"}, "A squad dashes past two S? (changed: --ac 5)"},
		{[]string{"run", "two-sq-crossing", "--trials", "1000"}, "A squad dashes past two S? (changed: method: exact dropped for --trials)"},
		{[]string{"run", "two-sq-crossing", "--method", "mc"}, "A squad dashes past two S? (changed: --method mc)"},
		{[]string{"run", "two-sq-crossing", "--method", "exact"}, "A squad dashes past two S?"},
		// a file that gives no method runs the command's default: another
		// is named too
		{[]string{"activate", "village-crossing", "--method", "exact"}, "A platoon crosses a village street under three S? (changed: --method exact, trials: 200000 dropped for --method)"},
		{[]string{"activate", "village-crossing", "--method", "mc", "--trials", "1000"}, "A platoon crosses a village street under three S?"},
		{[]string{"run", "fire-on-stack", "--fp", "12", "--trials", "1000"}, "8 FP at +2 on a squad stacked with a leader (changed: --fp 12, method: exact dropped for --trials)"},
		// given as the file gives them, the inputs change nothing
		{[]string{"run", "fire-on-stack", "--fp", "8.0", "--drm", "+2"}, "8 FP at +2 on a squad stacked with a leader"},
		// a repeatable flag after the file adds to its list: the file's
		// units again are two more units, a change
		{[]string{"run", "fire-on-stack", "--target", "4-6-7", "--target", "leader:8-1"}, "8 FP at +2 on a squad stacked with a leader (changed: --target 4-6-7,leader:8-1 added)"},
		{[]string{"run", "fire-on-stack", "--target", "leader:8-1"}, "8 FP at +2 on a squad stacked with a leader (changed: --target leader:8-1 added)"},
		{[]string{"run", "compare-default", "--dff", "8:-1", "--trials", "1000"}, "Placed vs Thrown vs Set on a squad and leader in a stone building (changed: --dff 8:-1 added)"},
		// and a crossing's own fields alike (AC 3, advance, ELR 3, the
		// illustrative tables)
		{[]string{"activate", "two-sq-crossing", "--ac", "3", "--attitude", "advance", "--elr", "3", "--tables", "illustrative"}, "A squad dashes past two S?"},
		{[]string{"activate", "two-sq-crossing", "--ac", "3", "--elr", "2"}, "A squad dashes past two S? (changed: --elr 2)"},
		// a sweep of the crossing is headed as a run of it, the swept
		// input aside
		{[]string{"sweep", "activate", "two-sq-crossing", "--vary", "ac=1..2", "--trials", "1000"}, "A squad dashes past two S? (changed: method: exact dropped for --trials)"},
		{[]string{"sweep", "activate", "two-sq-crossing", "--vary", "ac=1..2", "--metric", "activated", "--trials", "1000"}, "A squad dashes past two S? (changed: method: exact dropped for --trials)"},
		// a sweep file's metric or goal given after it is named: the file
		// shows another
		{[]string{"run", "placed-tem-sweep", "--metric", "ift"}, "A Placed DC on a squad as the TEM grows from 0 to 5 (changed: --metric ift)"},
		{[]string{"run", "placed-tem-sweep", "--goal", "stack=cleared>=0.5"}, "A Placed DC on a squad as the TEM grows from 0 to 5 (changed: --goal stack=cleared>=0.5)"},
		// and its range, which one after it replaces; the file's own is
		// not named again
		{[]string{"run", "placed-tem-sweep", "--vary", "tem=0..8"}, "A Placed DC on a squad as the TEM grows from 0 to 5 (changed: --vary tem=0..8)"},
		{[]string{"run", "placed-tem-sweep", "--vary", "tem=0..5"}, "A Placed DC on a squad as the TEM grows from 0 to 5"},
		// another input swept, the one the file swept given a value: the
		// file's range is checked with the file's flags, not these
		{[]string{"run", "placed-tem-sweep", "--vary", "drm=-2..0", "--tem", "3"}, "A Placed DC on a squad as the TEM grows from 0 to 5 (changed: --tem 3, --vary drm=-2..0)"},
	} {
		code, stdout, stderr := cli(t, append(c.args, "--format", "json")...)
		var doc struct{ Title string }
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if title := doc.Title; code != exitOK || title != c.title {
			t.Errorf("%v: exit %d, title %q, stderr %q; want %q", c.args, code, title, stderr, c.title)
		}
	}
}

// TestCrossingFlagPlaced: a crossing's check that fails on a value given
// under the file's flags: names that line, and on one given after the
// file, the flag.
func TestCrossingFlagPlaced(t *testing.T) {
	_, yaml, _ := cli(t, "scenarios", "two-sq-crossing")
	file := filepath.Join(t.TempDir(), "c.yaml")
	body := strings.Replace(yaml, "\nflags:\n", "\nflags:\n  assault: true\n", 1)
	if body == yaml {
		t.Fatal("the crossing has no flags:")
	}
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(body[:strings.Index(body, "  assault: true")], "\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"activate", file}, fmt.Sprintf("sapper activate: %s:%d: assault: Assault Movement enters one Location only (A4.61)", file, line)},
		{[]string{"activate", "two-sq-crossing", "--assault"}, "--assault: Assault Movement enters one Location only (A4.61)"},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, stderr, c.want)
		}
	}
}

// TestTitleRulesPerKey: a --rule given after a file replaces that key
// alone, so a key given at the file's value, or a flag at its default
// the file does not give, changes nothing the title should name.
func TestTitleRulesPerKey(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.yaml")
	body := "command: fire\ntitle: T\nflags:\n  fp: 8\n  target: [4-6-7]\n  rule: [surrender=true, known-enemy-in-los=false]\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		title string
	}{
		{[]string{"--rule", "surrender=true"}, "T"},
		{[]string{"--rule", "known-enemy-in-los=false", "--rule", "surrender=true"}, "T"},
		{[]string{"--no-hob=false"}, "T"},
		{[]string{"--rule", "surrender=false"}, "T (changed: --rule surrender=false)"},
		{[]string{"--rule", "surrender=true", "--rule", "accept-battle-hardening=false"}, "T (changed: --rule accept-battle-hardening=false)"},
	} {
		code, stdout, stderr := cli(t, append(append([]string{"run", file}, c.args...), "--trials", "100", "--format", "json")...)
		var doc struct{ Title string }
		if err := json.Unmarshal([]byte(stdout), &doc); code != exitOK || err != nil || doc.Title != c.title {
			t.Errorf("%v: exit %d, title %q, want %q: %s", c.args, code, doc.Title, c.title, stderr)
		}
	}
}

// TestCrossingAttitudeAndA5: a Hold crossing's a5_drm goes unread in
// Advance Attitude (S5.74, S8): --attitude advance over it is refused in
// its own words, and --a5-drm 0 beside it clears the file's drm, which
// the title then names though 0 is the flag's default.
func TestCrossingAttitudeAndA5(t *testing.T) {
	file := crossingFile(t, func(s string) string {
		hold := strings.Replace(s, "attitude: advance, mission_drm: -1, a5_drm: 0", "attitude: hold, mission_drm: -1, a5_drm: 1", 1)
		if hold == s {
			t.Fatal("two-sq-crossing's enemy line has changed: edit this test")
		}
		return hold
	})
	code, _, stderr := cli(t, "activate", file, "--attitude", "advance")
	if code != exitUsage || !strings.Contains(stderr, "--attitude advance with the file's a5_drm: +1") || !strings.HasSuffix(stderr, "give --a5-drm 0 too\n") {
		t.Errorf("--attitude advance over a5_drm: 1: exit %d, %q", code, stderr)
	}
	code, stdout, stderr := cli(t, "activate", file, "--attitude", "advance", "--a5-drm", "0")
	if _, rest, _ := strings.Cut(stdout, "\n\n"); code != exitOK || !strings.HasPrefix(rest, "A squad dashes past two S? (changed: --attitude advance, --a5-drm 0)\n") {
		t.Errorf("with --a5-drm 0: exit %d, %s\n%s", code, stderr, stdout)
	}
}

// TestRunFileFormatGivesWay: a file's --format csv gives way to every
// output flag given after it that the CSV cannot show, alike, and the
// title says so.
func TestRunFileFormatGivesWay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "csv.yaml")
	if err := os.WriteFile(file, []byte("command: dc\nflags:\n  target: 4-6-7\n  format: csv\n  method: exact\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--explain", "--hide-zero"} {
		code, stdout, stderr := cli(t, "run", file, flag)
		want := "(changed: format: csv dropped for " + flag + ")"
		// The title wraps with the file's long name.
		if code != exitOK || !strings.Contains(strings.Join(strings.Fields(stdout), " "), want) || stderr != "" {
			t.Errorf("run %s: exit %d, stderr %q, stdout %q; want a table titled %q", flag, code, stderr, stdout, want)
		}
	}
}

// TestSweepFileCumulative: a sweep file's cumulative: is the sweep's, as
// --cumulative is, shaping its --metric table and headline; one after the
// file stands over it.
func TestSweepFileCumulative(t *testing.T) {
	file := filepath.Join(t.TempDir(), "at-least.yaml")
	if err := os.WriteFile(file, []byte("command: dc\nflags:\n  target: 4-6-7\n  method: exact\n  cumulative: true\nvary: tem=0..3\nmetric: ift\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, want, _ := cli(t, "sweep", "dc", "--target", "4-6-7", "--method", "exact", "--cumulative", "--vary", "tem=0..3", "--metric", "ift")
	code, got, stderr := cli(t, "run", file)
	if code != exitOK || !strings.HasPrefix(got, "P(ift ≥ 3MC) goes from 72.22% at tem=0") {
		t.Fatalf("run at-least.yaml: exit %d, %q, %s", code, got, stderr)
	}
	_, gotTable, _ := strings.Cut(got, "\n\n")
	_, wantTable, _ := strings.Cut(want, "\n\n")
	_, gotTable, _ = strings.Cut(gotTable, "\n") // past the title, the file's name
	_, wantTable, _ = strings.Cut(wantTable, "\n")
	if string(normalize([]byte(gotTable))) != string(normalize([]byte(wantTable))) {
		t.Errorf("the file's cumulative sweep differs from sweep --cumulative:\n%s\n---\n%s", gotTable, wantTable)
	}
	if _, off, _ := cli(t, "run", file, "--cumulative=false"); !strings.HasPrefix(off, "P(ift = 1MC) goes from 5.56% at tem=0") {
		t.Errorf("run at-least.yaml --cumulative=false: %q", off)
	}
	// A CSV of the file leaves its table's keys unread, as it does any
	// file's metric:; the same flags given for a CSV are refused.
	if code, csv, stderr := cli(t, "run", file, "--format", "csv"); code != exitOK || !strings.HasPrefix(csv, "run,metric,outcome,") {
		t.Errorf("run at-least.yaml --format csv: exit %d, %.80q, %s", code, csv, stderr)
	}
}
