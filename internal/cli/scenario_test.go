package cli

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"

	"github.com/sapperhq/sapper/internal/golden"
	"go.yaml.in/yaml/v4"
)

// TestScenarioErrors: a bad scenario file exits 2 with one stderr line
// naming the file and, where there is one, the line at fault.
func TestScenarioErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"misspelt", "command: dc\nflags:\n  target: 4-6-7\n  tme: 3\n", `misspelt.yaml:4: unknown field "tme" for sapper dc; did you mean tem?`},
		// A number or true or false is written plain, as on the command
		// line: quotes or a tag make text of it, which ran as the number.
		{"empty vary", "command: dc\nvary: \"\"\nflags:\n  target: 4-6-7\n", `empty vary.yaml:2: field vary: no value; want INPUT=FROM..TO, e.g. vary: tem=0..5`},
		{"empty metric", "command: dc\nvary: tem=0..1\nmetric: ''\nflags:\n  target: 4-6-7\n", `empty metric.yaml:3: field metric: no value; want one of the metrics the swept command reports, e.g. metric: ift`},
		// flags: with nothing under it, as null or as {}, is a field with
		// no value, as tem: ~ is: its flags left out or lost.
		{"empty flags", "command: dc\nflags:\n", `empty flags.yaml:2: field flags: no value; want the command's flags under it, e.g. flags: {target: 4-6-7}, or leave flags out`},
		{"null flags", "command: dc\nflags: ~\n", `null flags.yaml:2: field flags: no value`},
		{"no flags", "command: dc\nflags: {}\n", `no flags.yaml:2: field flags: an empty mapping; want the command's flags in it`},
		{"quoted", "command: dc\nflags:\n  target: 4-6-7\n  tem: \"1\"\n", `quoted.yaml:4: field tem: "1" is quoted: want a number, written without quotes`},
		{"tagged", "command: dc\nflags:\n  target: 4-6-7\n  tem: !!float 1\n", `tagged.yaml:4: field tem: "1" is tagged !!float: a file gives a value as the command line does, with no tag`},
		// building's --needed and --combined are lists of numbers read as
		// text: quoted, they are refused as any number is.
		{"quoted needed", "command: building\nflags:\n  needed: \"0.5\"\n", `quoted needed.yaml:3: field needed: "0.5" is quoted: want numbers, written without quotes: a list of them, or one value with commas between them`},
		{"quoted combined", "command: building\nflags:\n  dice: 8\n  combined: [4, '4']\n", `quoted combined.yaml:4: field combined: "4" is quoted: want numbers, written without quotes: a list of them, or one value with commas between them`},
		{"quoted aerial-af", "command: afv\nflags:\n  vehicle: tiger\n  aerial-af: \"4\"\n", `quoted aerial-af.yaml:4: field aerial-af: "4" is quoted: want a number, written without quotes`},
		{"quoted bool", "command: dc\nflags:\n  target: 4-6-7\n  explain: 'true'\n", `quoted bool.yaml:4: field explain: "true" is quoted: want true or false, written without quotes`},
		{"flag spelt", "command: dc\nflags:\n  target: 4-6-7\n  --TEM: 3\n", `flag spelt.yaml:4: unknown field "--TEM" for sapper dc; did you mean tem?`},
		{"tables file", "illustrative: true\nnationality: russian\n", `tables file.yaml:1: unknown field "illustrative": this reads as a Solitaire ASL tables file`},
		{"enemy key", "command: activate\nac: 3\n", `enemy key.yaml:2: unknown field "ac"; a crossing's ac belongs under enemy:, as enemy: {ac: …}`},
		{"command spelt", "command: activte\n", `command spelt.yaml:1: command "activte": did you mean activate?`},
		{"split unit", "command: dc\nflags:\n  target: [4-6-7, leader:8-1,wounded]\n", `split unit.yaml:3: field target: "wounded" is a unit's option, not a unit: quote the unit with its options, as "4-6-7,elr=2"`},
		{"split lhy unit", "command: lhy\nflags:\n  sadrm: 1\n  target: [squad:7,concealed]\n", `split lhy unit.yaml:4: field target: "concealed" is a unit's option, not a unit: quote the unit with its options, as "squad:7,concealed"`},
		{"split vehicle", "command: lhy\nflags:\n  atdrm: tank=2\n  vehicle: [tank:8,afv]\n  target: [a:7]\n", `split vehicle.yaml:4: field vehicle: "afv" is a vehicle's option, not a vehicle: quote the vehicle with its options, as "tank:8,afv"`},
		{"split squad", "command: building\nflags:\n  target: [4, 3,cover=1]\n", `split squad.yaml:3: field target: "cover=1" is a squad's option, not a squad: quote the squad with its options, as "3,cover=1"`},
		{"split attack", "command: dc\nflags:\n  target: 4-6-7\n  placer: 4-6-8\n  dff: [8:-1,class=first]\n", `split attack.yaml:5: field dff: "class=first" is an attack's option, not an attack: quote the attack with its options, as "8:-1,class=first"`},
		{"empty list", "command: building\nflags:\n  squad: []\n  dice: 10\n", `empty list.yaml:3: field squad: an empty list; give a value or more, or leave the field out`},
		// A list's item is placed at its own line, whether its flag's
		// parser or the command refuses it.
		{"item", "command: dc\nflags:\n  target:\n    - 4-6-7\n    - leader:8-1\n    - 9-9-9\n", `item.yaml:6: --target "9-9-9": FP 9 outside 1…8 for a squad`},
		{"item parsed", "command: lhy\nflags:\n  target: squad:7\n  sadrm:\n    - 1\n    - x\n", `item parsed.yaml:6: field sadrm: "x"`},
		// A file has no bare flag to give: a switch there is true or false.
		{"bool", "command: dc\nflags:\n  target: 4-6-7\n  concealed: maybe\n", `bool.yaml:4: field concealed: "maybe": want true or false`},
		{"tagged text", "command: dc\nflags:\n  target: !foo 4-6-7\n", `tagged text.yaml:3: field target: "4-6-7" is tagged !foo: a file gives a value as the command line does, with no tag`},
		// The non-specific ! makes a value text, as quotes do.
		{"tagged bang", "command: dc\nflags:\n  target: 4-6-7\n  tem: ! 2\n", `tagged bang.yaml:4: field tem: "2" is tagged !: a file gives a value as the command line does, with no tag`},
		// a flag beside command: rather than under flags:, and a value
		// YAML split at its comma in a {…} mapping
		{"top flag", "command: dc\nmethod: exact\nflags: {target: 4-6-7}\n", `top flag.yaml:2: unknown field "method": a command's flag goes under flags:, as flags: {method: …}`},
		{"split value", "command: building\nflags: {needed: 0.5,0.8}\n", `split value.yaml:2: unknown field "0.8" for sapper building: a number where a flag goes, split by YAML at a comma from the value before it?`},
		{"tagged flags", "command: dc\nflags: !!map\n  target: 4-6-7\n", `tagged flags.yaml:2: flags: a mapping tagged !!map: a file's values take no YAML tag; remove it`},
		// nor a list, a key or the file as a whole, which were read as
		// though untagged
		{"tagged list", "command: dc\nflags:\n  target: !!seq [4-6-7]\n", `tagged list.yaml:3: target: a list tagged !!seq: a file's values take no YAML tag; remove it`},
		{"tagged key", "command: dc\n!!str flags: {target: 4-6-7}\n", `tagged key.yaml:2: the key "flags" tagged !!str: a file's keys take no YAML tag; remove it`},
		{"tagged file", "!!map\ncommand: dc\nflags: {target: 4-6-7}\n", `tagged file.yaml:1: a mapping tagged !!map: a file's values take no YAML tag; remove it`},
		{"quoted item", "command: lhy\nflags:\n  target: squad:7\n  sadrm: [1, \"2\"]\n", `quoted item.yaml:4: field sadrm: "2" is quoted: want a number, written without quotes`},
		{"far", "command: dc\nflags:\n  target: 4-6-7\n  zzzzzz: 3\n", `far.yaml:4: unknown field "zzzzzz" for sapper dc (sapper help dc lists its flags)`},
		// A short name is not "corrected" to any other short one (x0 to
		// sq, j to cx); a shorthand is named as the flag it stands for.
		{"short", "command: dc\nflags:\n  target: 4-6-7\n  x0: 3\n", `short.yaml:4: unknown field "x0" for sapper dc (sapper help dc lists its flags)`},
		{"short top", "command: dc\nx0: 1\n", `short top.yaml:2: unknown field "x0"; want command, title`},
		{"shorthand", "command: dc\nflags:\n  target: 4-6-7\n  j: 2\n", `shorthand.yaml:4: unknown field "j" for sapper dc; did you mean workers (-j on the command line)?`},
		{"toplevel", "comand: dc\n", `toplevel.yaml:1: unknown field "comand"; did you mean command?`},
		{"crossing", "command: activate\nstak: [4-6-7]\n", `crossing.yaml:2: unknown field "stak"; did you mean stack?`},
		{"nowhere", "command: dc\nzzzzzz: 1\n", `nowhere.yaml:2: unknown field "zzzzzz"; want command, title, description, flags, vary, metric, or for sapper activate tables, stack`},
		{"type", "command: dc\nflags:\n  target: 4-6-7\n  tem: three\n", `type.yaml:4: field tem: "three": not a whole decimal number; want a whole number from 0 to 8`},
		{"bool", "command: dc\nflags:\n  target: 4-6-7\n  cx: maybe\n", `bool.yaml:4: field cx: "maybe": want true or false`},
		{"list", "command: dc\nflags:\n  target: 4-6-7\n  tem: [1, 2]\n", `list.yaml:4: field tem: takes one value, not a list`},
		{"map", "command: dc\nflags:\n  target: {a: 1}\n", `map.yaml:3: field target: want a value or a list, not a mapping`},
		{"null", "command: dc\nflags:\n  target: 4-6-7\n  tem:\n", `null.yaml:4: field tem: no value`},
		{"nested", "command: dc\nflags:\n  target: [4-6-7, [x]]\n", `nested.yaml:3: field target: item 2 of its list is a list itself; give every value in the one list`},
		{"dup", "command: dc\nflags:\n  target: 4-6-7\n  target: 4-6-8\n", `dup.yaml:4: field target given twice`},
		{"dupkey", "command: dc\ncommand: dc\n", `dupkey.yaml:2: field command given twice`},
		{"range", "command: dc\nflags:\n  target: 4-6-7\n  tem: 9\n", `range.yaml:4: field tem: "9": want a whole number from 0 to 8`},
		{"unit", "command: dc\nflags:\n  target: [4-6-7, 4-6-x]\n", `unit.yaml:3: --target "4-6-x"`},
		{"missing", "command: dc\nflags:\n  mode: set\n", `missing.yaml: --target is required`},
		{"command", "command: version\n", `command.yaml:1: command "version": want one of compare, dc`},
		{"nocommand", "title: x\n", `nocommand.yaml:1: no command`},
		{"syntax", "command: dc\nflags:\n  target: [4-6-7\n", `syntax.yaml:4: did not find expected`},
		{"tab", "command: dc\n\ttem: 1\n", `tab.yaml:2: `},
		{"empty", "", `empty.yaml: empty`},
		{"scalar", "dc\n", `scalar.yaml:1: want a mapping`},
		{"twodocs", "command: dc\n---\ncommand: dc\n", `twodocs.yaml:2: a second document`},
		{"alias", "command: dc\ntitle: &t x\ndescription: *t\n", `alias.yaml:3: field description: aliases`},
		{"vary", "command: dc\nflags:\n  target: 4-6-7\nvary: tem=0..9\n", `vary.yaml:4: vary: "tem=0..9": at tem=9: --tem "9": want a whole number from 0 to 8`},
		{"metric", "command: dc\nflags:\n  target: 4-6-7\nvary: tem=0..2\nmetric: nope\n", `metric.yaml:5: metric: "nope": no such metric; want one of detonation,`},
		{"metric", "command: dc\nflags:\n  target: 4-6-7\nmetric: ift\n", `metric.yaml:4: metric needs vary`},
		{"title", "command: dc\ntitle: |\n  a\n  b\n", `title.yaml:2: title: want one line`},
		// A line separator breaks a line as a line feed does, on a page.
		{"title ls", "command: dc\ntitle: \"a\\u2028b\"\n", `title ls.yaml:2: title: want one line`},
		{"title", "command: dc\ntitle: \"  \"\n", `title.yaml:2: title: only spaces; give a title, or leave title out`},
		// Printed, a control or bidirectional-override character moves
		// the terminal or reorders the text the reader sees.
		{"title", "command: dc\ntitle: \"a\\x1bb\"\n", `title.yaml:2: title: U+001B at character 2: a title is text`},
		{"title", "command: dc\ntitle: \"a\\u202eb\"\n", `title.yaml:2: title: U+202E at character 2`},
		{"description", "command: dc\ndescription: \"a\\nb\\tc\\x07\"\n", `description.yaml:2: description: U+0007 at character 6`},
		{"longtitle", "command: dc\nflags:\n  target: 4-6-7\ntitle: " + strings.Repeat("word ", 24) + "words\n", `longtitle.yaml:4: title: 125 characters; want at most 120 (a longer text is a description)`},
		{"plot", "command: dc\nflags:\n  target: 4-6-7\n  plot: out.gif\n", `plot.yaml:4: field plot: "out.gif": want a file name ending in .png or .svg`},
		{"plotdir", "command: dc\nflags:\n  target: 4-6-7\n  plot: ../x.png\n", `plotdir.yaml:4: field plot: "../x.png": a scenario file's chart is written in the directory sapper runs in`},
		{"plotup", "command: dc\nflags:\n  target: 4-6-7\n  plot: ..\n", `plotup.yaml:4: field plot: "..": a scenario file's chart is written in the directory sapper runs in`},
		{"plotabs", "command: dc\nflags:\n  target: 4-6-7\n  plot: /tmp/x.svg\n", `plotabs.yaml:4: field plot: "/tmp/x.svg": a scenario file's chart`},
		{"profile", "command: dc\nflags:\n  target: 4-6-7\n  cpuprofile: x.prof\n", `profile.yaml:4: field cpuprofile: a scenario file writes no profile`},
		{"help", "command: dc\nflags:\n  help: true\n", `help.yaml:3: unknown field "help"`},
		{"short", "command: dc\nflags:\n  j: 2\n", `short.yaml:3: unknown field "j"`},
		{"varyflag", "command: dc\nflags:\n  target: 4-6-7\n  vary: tem=0..2\n", `varyflag.yaml:4: field vary belongs at the top of the file, beside flags:, not under it`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".yaml")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := cli(t, "run", path)
			want := "sapper run: " + filepath.Join(dir, c.want)
			if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want it to start with %q", code, stdout, stderr, want)
			}
		})
	}
	for _, c := range []struct{ args, want string }{
		{"run", "sapper run: want a scenario file or name"},
		{"run no-such-scenario", "sapper run: no-such-scenario: no such file and no built-in scenario of that name; built-in: compare-default"},
		{"activate no-such-crossing", "sapper activate: no-such-crossing: no such file and no built-in crossing of that name; built-in: farm-crossing, hedgerow-crossing, two-sq-crossing, village-crossing"},
		{"run --", "sapper run: want a scenario file or name"},
		{"run -- --tem", "sapper run: --tem: no such file and no built-in scenario of that name"},
		{"run --method exact two-sq-crossing", `sapper run: "--method" before the scenario: the scenario comes first, then its flags, e.g. sapper run two-sq-crossing --method exact`},
		{"run compare-default --tem 9", `sapper run: built-in scenario compare-default (sapper compare): --tem "9": want a whole number from 0 to 8`},
		{"run tiger-side --target 4-6-7", `sapper run: built-in scenario tiger-side (sapper afv): unknown flag "--target"`},
		{"scenarios nope", `sapper scenarios: unknown scenario "nope"`},
		{"scenarios compare-defualt", `sapper scenarios: unknown scenario "compare-defualt"; did you mean compare-default? (sapper scenarios lists them)`},
		{"scenarios a b", "sapper scenarios: want at most one scenario name"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.args, code, stdout, stderr)
		}
	}
}

// TestBuiltinScenarios decodes and prepares every built-in scenario, as
// sapper run would, without running it.
func TestBuiltinScenarios(t *testing.T) {
	names := builtinNames()
	if len(names) < 4 {
		t.Fatalf("built-in scenarios %v", names)
	}
	for _, n := range names {
		s, err := loadScenario(context.Background(), n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if s.title == "" || strings.TrimSpace(s.description) == "" {
			t.Errorf("%s: no title or description", n)
		}
		if _, err := prepareRun(context.Background(), argv([]string{n})); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// TestCompareDefaultScenario: the compare-default scenario is sapper
// compare with no flags, input for input and figure for figure; only
// the scenario's title is added.
func TestCompareDefaultScenario(t *testing.T) {
	var outs []string
	for _, a := range []string{"compare", "run compare-default"} {
		code, stdout, stderr := cli(t, args(a+" --trials 20000 --format json")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", a, code, stderr)
		}
		var doc map[string]any
		if err := json.Unmarshal(normalize([]byte(stdout)), &doc); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if _, ok := doc["title"]; ok != (a != "compare") {
			t.Errorf("%s: title %v", a, doc["title"])
		}
		delete(doc, "title")
		out, _ := json.MarshalIndent(doc, "", "  ")
		outs = append(outs, string(out))
	}
	if outs[0] != outs[1] {
		t.Errorf("run compare-default differs from compare:\n%s\n---\n%s", outs[1], outs[0])
	}
}

// TestTigerSideScenario: the tiger-side scenario is rules/asl.md R16, the
// AFV eliminated (burning included) with 343/648.
func TestTigerSideScenario(t *testing.T) {
	code, stdout, stderr := cli(t, args("run tiger-side --format csv")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Split(line, ","); len(f) == len(report.CSVHeader()) && f[1] == "killed" && f[2] == "yes" {
			p, err := strconv.ParseFloat(f[4], 64)
			if err != nil || math.Abs(p-343.0/648) > 1e-9 {
				t.Errorf("P(killed) = %s, want 343/648", f[4])
			}
			return
		}
	}
	t.Errorf("no killed=yes row in\n%s", stdout)
}

// TestRunOverrides: flags after the scenario replace the file's.
func TestRunOverrides(t *testing.T) {
	code, stdout, stderr := cli(t, args("run thrown-from-upper-level --method mc --trials 2000 --format csv")...)
	if code != exitOK || !strings.HasPrefix(stdout, "run,metric,outcome,count,p,lo,hi,complete\n,detonation,detonated,") {
		t.Fatalf("exit %d, stderr %q, stdout %.200q", code, stderr, stdout)
	}
	if !strings.Contains(stdout, ",thrower.1,") {
		t.Error("the thrower's Location is not in the output")
	}
}

func TestScenarioGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"scenarios", "scenarios"},
		{"scenarios_help", "help scenarios"},
		{"run_help", "run --help"},
		{"run_sweep_table", "run placed-tem-sweep"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, c.name, []byte(elapsedGridM.ReplaceAllString(stdout, "; 0.00s")))
		})
	}
	// scenarios NAME prints the file as shipped.
	code, stdout, _ := cli(t, "scenarios", "set-under-fire")
	data, err := builtins.ReadFile("scenarios/set-under-fire.yaml")
	if err != nil || code != exitOK || stdout != string(data) {
		t.Errorf("scenarios set-under-fire: exit %d, %v", code, err)
	}
}

// TestScenariosJSON: sapper scenarios gives the list and each built-in
// scenario as data, the file's fields as they are.
func TestScenariosJSON(t *testing.T) {
	code, stdout, stderr := cli(t, "scenarios", "--format", "json")
	var list []struct{ Name, Command, Title string }
	if err := json.Unmarshal([]byte(stdout), &list); code != exitOK || err != nil || len(list) != len(builtinNames()) {
		t.Fatalf("scenarios --format json: exit %d, %v, %d entries: %s", code, err, len(list), stderr)
	}
	for _, e := range list {
		code, stdout, stderr := cli(t, "scenarios", e.Name, "--format", "json")
		var doc map[string]any
		if err := json.Unmarshal([]byte(stdout), &doc); code != exitOK || err != nil || doc["command"] != e.Command || doc["title"] != e.Title {
			t.Errorf("scenarios %s --format json: exit %d, %v, command %v, title %v: %s", e.Name, code, err, doc["command"], doc["title"], stderr)
		}
	}
	if code, _, stderr := cli(t, "scenarios", "--format", "xml"); code != exitUsage || !strings.Contains(stderr, `--format "xml": want yaml or json`) {
		t.Errorf("scenarios --format xml: exit %d, %q", code, stderr)
	}
}

// TestScenariosListAsYAML: --format yaml on the list is not ignored: it
// gives the same entries as --format json, as YAML, and a scenario's file
// as it is shipped.
func TestScenariosListAsYAML(t *testing.T) {
	code, stdout, stderr := cli(t, "scenarios", "--format", "json")
	var want []struct{ Name, Command, Title string }
	if err := json.Unmarshal([]byte(stdout), &want); code != exitOK || err != nil {
		t.Fatalf("scenarios --format json: exit %d, %v: %s", code, err, stderr)
	}
	code, stdout, stderr = cli(t, "scenarios", "--format", "yaml")
	var got []struct{ Name, Command, Title string }
	if err := yaml.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil || !slices.Equal(got, want) {
		t.Fatalf("scenarios --format yaml: exit %d, %v, %d entries (want %d): %s", code, err, len(got), len(want), stderr)
	}
	code, stdout, _ = cli(t, "scenarios", "two-sq-crossing", "--format", "yaml")
	data, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil || code != exitOK || stdout != string(data) {
		t.Errorf("scenarios two-sq-crossing --format yaml: exit %d, %v", code, err)
	}
}

// TestUnquotedPlanInFile: a plan left unquoted in a file, which YAML reads
// as a key and its value, is refused with how to write it.
func TestUnquotedPlanInFile(t *testing.T) {
	for _, body := range []string{
		"  plan: [a: fire 8, \"b: fire 4\"]\n",
		"  plan:\n    - a: fire 8\n    - \"b: fire 4\"\n",
	} {
		file := filepath.Join(t.TempDir(), "p.yaml")
		if err := os.WriteFile(file, []byte("command: plans\ntitle: t\nflags:\n  target: [4-6-7]\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := cli(t, "run", file)
		want := `field plan: want a single value, not a mapping: YAML reads "a: fire 8" as a key and its value; quote it, as "a: fire 8"`
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, want) {
			t.Errorf("%q: exit %d, %q; want …%s", body, code, stderr, want)
		}
	}
}

// TestMappingInFileSaysItsForm: a switch or a unit's options written as
// YAML's key and value are answered with the form the flag takes, which
// quoting alone would not give.
func TestMappingInFileSaysItsForm(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"  target: 4-6-7\n  rule: {surrender: false}\n", `field rule: want a value or a list, not a mapping: YAML reads "surrender: false" as a key and its value; write "surrender=false"`},
		{"  target:\n    - 4-6-7: elr=2\n", `field target: want a single value, not a mapping: YAML reads "4-6-7: elr=2" as a key and its value; write "4-6-7,elr=2"`},
		{"  target: 4-6-7\n  tem: {a: 1}\n", `field tem: want a value, not a mapping: YAML reads "a: 1" as a key and its value; quote it, as "a: 1"`},
		{"  target:\n    - 4-6-7: broken\n", `YAML reads "4-6-7: broken" as a key and its value; write "4-6-7,broken"`},
		// Each game's units in their own form, as its parser reads them.
		{"lhy:  sadrm: 1\n  vehicle: tank:8\n  target:\n    - a: 7,rnp,on=tank\n", `YAML reads "a: 7,rnp,on=tank" as a key and its value; write "a:7,rnp,on=tank"`},
		{"lhy:  sadrm: 1\n  target: a:7\n  vehicle:\n    - tank: 8,afv\n", `YAML reads "tank: 8,afv" as a key and its value; write "tank:8,afv"`},
		{"building:  target: [3: cover=1]\n", `YAML reads "3: cover=1" as a key and its value; write "3,cover=1"`},
		// A sweep's vary, at the top of the file, in --vary's form.
		{"dc:  target: 4-6-7\nvary: {tem: 0..5}\n", `field vary: want a single value, not a mapping: YAML reads "tem: 0..5" as a key and its value; write "tem=0..5"`},
	} {
		cmd, body, ok := strings.Cut(c.body, ":  ")
		if !ok {
			cmd, body = "dc", c.body
		} else {
			body = "  " + body
		}
		file := filepath.Join(t.TempDir(), "m.yaml")
		if err := os.WriteFile(file, []byte("command: "+cmd+"\nflags:\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := cli(t, "run", file)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want …%s", c.body, code, stderr, c.want)
		}
	}
}

// TestMisspeltScenario: a name a letter off a built-in, or part of a few
// built-ins' names, is answered with the ones meant; one far from any,
// and a file's name, with the list.
func TestMisspeltScenario(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"run two-sq", "two-sq: no such file and no built-in of that name; did you mean two-sq-crossing?"},
		{"run Tiger", "did you mean tiger-side?"},
		{"activate crossing", "did you mean one of farm-crossing, hedgerow-crossing, two-sq-crossing, village-crossing?"},
		{"run fire", "fire: no such file and no built-in scenario of that name; built-in: compare-default,"},
		{"run sq", "sq: no such file and no built-in scenario of that name; built-in: compare-default,"},
		{"run plans-fire-grup", "plans-fire-grup: no such file and no built-in of that name; did you mean plans-fire-group?"},
		{"activate villag-crossing", "villag-crossing: no such file and no built-in of that name; did you mean village-crossing?"},
		{"run xyz", "xyz: no such file and no built-in scenario of that name; built-in: compare-default,"},
		{"run plans-fire-grup.yaml", "no such file and no built-in scenario of that name; built-in:"},
		// - is no file, but a program's standard input to many others.
		{"run -", "sapper run: -: no such file; to read standard input, give /dev/stdin"},
		{"activate two-sq-crossing --tables -", "--tables -: no such file; to read standard input, give /dev/stdin"},
	} {
		code, _, stderr := cli(t, args(c.args)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, %q; want …%s", c.args, code, stderr, c.want)
		}
	}
}
