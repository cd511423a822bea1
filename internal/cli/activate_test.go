package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
	"github.com/sapperhq/sapper/internal/infile"
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
)

func illustrative(t *testing.T) *sasl.Tables {
	t.Helper()
	tb, err := loadTables(context.Background(), illustrativeTables)
	if err != nil {
		t.Fatal(err)
	}
	if !tb.Illustrative {
		t.Fatal("the shipped tables are not marked illustrative")
	}
	return tb
}

var aug41 = sasl.Date{Year: 1941, Month: 8}

func items(ss ...string) []sasl.Item {
	var out []sasl.Item
	for _, s := range ss {
		it, _ := sasl.ParseItem(s)
		out = append(out, it)
	}
	return out
}

// rules/sasl.md §6, example 5.752: Russian, Aug 1941, Offensive Mission
// (−1 on {A1}): Original 4 → Final 3 → S, S, L, F, SW.
func TestFixedPointA1Offensive(t *testing.T) {
	if got := illustrative(t).A1.Row(4 - 1); !slices.Equal(got, items("S", "S", "L", "F", "SW")) {
		t.Errorf("{A1} Final 3 = %v", got)
	}
}

// §6, example 5.761: Bunker Busting (+2): Original 12 → Final 14 → S, F, Gun.
func TestFixedPointA1BunkerBusting(t *testing.T) {
	if got := illustrative(t).A1.Row(12 + 2); !slices.Equal(got, items("S", "F", "Gun")) {
		t.Errorf("{A1} Final 14 = %v", got)
	}
}

// §6, S5.3: a Final DR of 7 Activates nothing.
func TestFixedPointA1Seven(t *testing.T) {
	if got := illustrative(t).A1.Row(7); len(got) != 0 {
		t.Errorf("{A1} Final 7 = %v", got)
	}
}

// §6: Russian squads, Aug 1941 (+2 date DRM on {x2}): Final 4 → 4-5-8
// (elite), Final 11 → 4-2-6 (Conscript).
func TestFixedPointSquads(t *testing.T) {
	tb := illustrative(t)
	if d := tb.X2.Modifier(aug41, false); d != 2 {
		t.Errorf("{x2} DRM in Aug 1941 = %+d, want +2", d)
	}
	c, ok := tb.X2.Pick(aug41, "", false)
	if !ok {
		t.Fatal("no {x2} column for 1941")
	}
	for final, want := range map[int]struct {
		name  string
		class asl.Class
	}{4: {"4-5-8", asl.Elite}, 11: {"4-2-6", asl.Conscript}} {
		got := c.Row(final).Unit
		if got != want.name || tb.Units[got].Class != want.class || tb.Units[got].Kind != sasl.Squad {
			t.Errorf("{x2} Final %d = %s (%v), want %s (%v)", final, got, tb.Units[got].Class, want.name, want.class)
		}
	}
}

// §6: Russian leader, Aug 1941: Final 6 → 8-0; before 10/42 a subsequent
// dr may make it a 9-0 Commissar, and a dr 4 keeps the 8-0.
func TestFixedPointLeader(t *testing.T) {
	tb := illustrative(t)
	c, _ := tb.X3.Pick(aug41, "", false)
	e := c.Row(6)
	if e.Unit != "8-0" || tb.Units["8-0"].Mod != 0 || tb.Units["8-0"].Kind != sasl.Leader {
		t.Fatalf("{x3} Final 6 = %+v", e)
	}
	if e.Sub == nil || !aug41.Before(e.Sub.Before) || !e.Sub.Before.Before(sasl.Date{Year: 1942, Month: 11}) {
		t.Fatalf("{x3} Final 6: no subsequent dr before 10/42: %+v", e.Sub)
	}
	if _, swaps := e.Sub.On[4]; swaps {
		t.Error("a subsequent dr 4 swaps the 8-0")
	}
	cm, ok := e.Sub.On[1]
	if u := tb.Units[cm]; !ok || u.Kind != sasl.Leader || u.Mod != 0 || !strings.HasPrefix(cm, "9-0") {
		t.Errorf("no 9-0 Commissar on a subsequent dr: %q %+v", cm, u)
	}
}

// §6: Russian SW, 1941 column: DR 3 → light mortar, dm in Advance.
func TestFixedPointSW(t *testing.T) {
	tb := illustrative(t)
	c, ok := tb.X4.Pick(aug41, "", false)
	if !ok || c.Year != 1941 {
		t.Fatalf("{x4} column for Aug 1941: %+v", c)
	}
	u := tb.Units[c.Row(3).Unit]
	if u.Kind != sasl.Mortar || u.MM > 60 || !u.Dismantle {
		t.Errorf("{x4} 1941 DR 3 = %s %+v, want a light mortar that can be dismantled", c.Row(3).Unit, u)
	}
}

// §6, example 5.761: Russian Gun, 1941 Inside column: DR 5 → 45L AT Gun
// manned by a 2-2-8 crew.
func TestFixedPointGun(t *testing.T) {
	tb := illustrative(t)
	c, ok := tb.X5.Pick(aug41, sasl.Inside, true)
	if !ok || c.Year != 1941 || c.Site != sasl.Inside {
		t.Fatalf("{x5} inside column for 1941: %+v", c)
	}
	g := tb.Units[c.Row(5).Unit]
	crew := tb.Units[g.Crew]
	if c.Row(5).Unit != "45L AT" || g.Kind != sasl.Gun || g.Crew != "2-2-8" || crew.Kind != sasl.Crew {
		t.Errorf("{x5} 1941 inside DR 5 = %s manned by %s", c.Row(5).Unit, g.Crew)
	}
}

// TestActivateUsageErrors: bad crossing and tables files exit 2 with one
// line naming the file and line.
func TestActivateUsageErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const good = "command: activate\nstack: [4-6-7]\nenemy: {ac: 3, attitude: hold, nationality: russian, date: 1941-08}\nsq: [{id: A}]\npath:\n  - {mf: 1, eligible: [{id: A, range: 2}]}\n"
	big := write("big.yaml", good+"# "+strings.Repeat("x", infile.MaxSize)+"\n")
	tables, err := os.ReadFile("../../model/sasl/tables/illustrative-russian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ file, want string }{
		{good + "tme: 1\n", `x.yaml:7: unknown field "tme"`},
		{strings.Replace(good, "ac: 3", "ac: three", 1), `x.yaml:3: enemy: ac: "three": want a whole number`},
		{strings.Replace(good, "ac: 3", "ac: 9", 1), "x.yaml:3: enemy: ac: 9 outside 0…6"},
		{good + "stack: [4-6-7]\n", "x.yaml:7: field stack given twice"},
		{strings.Replace(good, "{mf: 1,", "{mf: 1, mff: 2,", 1), `x.yaml:6: path 1: unknown field "mff"; did you mean mf?`},
		{strings.Replace(good, "range: 2", "range: 2, range: 3", 1), "field range given twice"},
		{strings.Replace(good, "[{id: A}]", "[{id: A}, {id: A}]", 1), "sq A: defined twice"},
		{strings.Replace(good, "[{id: A}]", "[{id: A, loc: h}, {id: B, loc: h}, {id: C, loc: h}, {id: D, loc: h}, {id: E, loc: h}]", 1), "x.yaml:4: sq E: more than 4 S? share Location h"},
		// An S? at fault is placed at its own entry, the second of an id
		// given twice.
		{strings.Replace(good, "sq: [{id: A}]", "sq:\n  - {id: A, loc: h}\n  - {id: B, loc: h}\n  - {id: C, loc: h}\n  - {id: D, loc: h}\n  - {id: E, loc: h}", 1), "x.yaml:9: sq E: more than 4 S? share Location h"},
		{strings.Replace(good, "sq: [{id: A}]", "sq:\n  - {id: A}\n  - {id: A}", 1), "x.yaml:6: sq A: defined twice"},
		{strings.Replace(good, "id: A, range", "id: Z, range", 1), `x.yaml:6: path 1: unknown S? "Z"`},
		{strings.Replace(good, "[{id: A}]", "[{id: A, loc: h}, {id: B, loc: h}]", 1) + "  - {mf: 1, eligible: [{id: A, range: 2}, {id: B, range: 2}]}\n",
			"x.yaml:6: path 1: the S? A and B share Location h, but only A is eligible here"},
		{good + "assault: true\npath: x\n", "field path given twice"},
		{strings.Replace(good, "path:\n", "assault: true\npath:\n  - {mf: 1}\n", 1), "Assault Movement enters one Location only (A4.61)"},
		{strings.Replace(good, "stack: [4-6-7]", "stack: [4-6-x]", 1), `x.yaml:2: stack 1: "4-6-x": "x" is not a whole number`},
		{strings.Replace(good, "russian", "german", 1), "nationality"},
		{strings.Replace(good, "russian", "Russian", 1), `x.yaml:3: nationality: "Russian": words are lower case, as the tables' "russian"`},
		{good + "tables: nope.yaml\n", "tables"},
		{strings.Replace(good, "command: activate", "command: dc", 1), "belongs to a crossing file"},
		{strings.Replace(good, "[{id: A}]", "[{id: A, site: underground}]", 1), `x.yaml:4: sq 1: site: "underground": want inside or outside`},
		{good + "tables: \"\"\n", `x.yaml:7: tables: "": want a tables file, relative to this one, or illustrative`},
		// flags: tables was read from where sapper ran, tables: beside the file
		{strings.Replace(good, "{id: A}", "{id: \"A\\nFORGED\"}", 1), `x.yaml:4: sq 1: id: "A\nFORGED": a name holds no control character such as a line break`},
		{good + "flags:\n  tables: illustrative\n", "x.yaml:8: tables: give a crossing file's tables as its own tables: field, read beside the file, not under flags:"},
		{strings.Replace(good, "ac: 3", "ac: \"3\"", 1), `x.yaml:3: enemy: ac: "3" is quoted: want a whole number, written without quotes or a tag`},
		// An empty file is asked for a crossing's fields, not a scenario's.
		{"", "x.yaml: empty; want a crossing's command: activate, tables:, stack:, enemy:, sq: and path:"},
	}
	for _, c := range cases {
		p := write("x.yaml", c.file)
		code, stdout, stderr := cli(t, "activate", p)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q:\nexit %d, stderr %q, want %q", c.file, code, stderr, c.want)
		}
	}
	if code, _, stderr := cli(t, "activate", big); code != exitUsage || !strings.Contains(stderr, "larger than 1048576 bytes, the limit of an input file") {
		t.Errorf("a file over the cap: exit %d, %q", code, stderr)
	}
	tcases := []struct{ from, to, want string }{
		{"deploy: true", "deploy: yes please", `deploy: "yes please": want true or false`},
		{"  8:  [HS, SW]", "  8:  [HS, SWW]", `"SWW": want one of S, HS`},
		{"  9:  [S]\n", "", "no row 9: rows may not have gaps (S19)"},
		{"  9:  [S]\n", "  9:  [S]\n  09: [S]\n", "t.yaml:61: tables: a1: row 9 given twice"},
		{"1: 9-0C}", "1: 9-0C, 01: 6+1}", "t.yaml:82: tables: x3: rows: 6: sub: dr 1 given twice"},
		// a column with no year read as year 0; one of 2100 was never
		// picked; a sub with no unit read as none
		{"{year: 1943, rows: {2: HMG", "{rows: {2: HMG", "t.yaml:94: tables: x4: columns 3: no year; a column is picked by its year, from 1939 to 1945"},
		{"{year: 1943, rows: {2: HMG", "{year: 2100, rows: {2: HMG", "t.yaml:94: tables: x4: columns 3: year: 2100 outside 1939…1945"},
		{"{unit: 8-0, sub:", "{sub:", "t.yaml:82: tables: x3: rows: 6: no unit; give the row's unit, or unit: none, beside its sub"},
		// fields a unit's kind does not read were passed over
		{"class: first, bpv: 10, hs: 2-2-7}", "class: first, bpv: 10, hs: 2-2-7, rof: 2}", "tables: units: 4-4-7: rof applies to kind mg, not squad"},
		{"9-1:       {kind: leader, mod: -1}", "9-1:       {kind: leader, mod: -1, fp: 1}", "tables: units: 9-1: fp applies to kind squad, hs, crew or mg, not leader"},
		{"9-1:       {kind: leader, mod: -1}", "9-1:       {kind: leader}", "t.yaml:25: tables: units: 9-1: a leader needs mod, his leadership modifier (0 for an 8-0)"},
		{"LMG:       {kind: mg, fp: 2, range: 6, rof: 1, b: 11}", "LMG:       {kind: mg, fp: 2, range: 6, rof: 1, b: 11, crew: 2-2-8}", "tables: units: LMG: crew applies to kind gun, not mg"},
		{"bpv: 10, hs: 2-2-7}", "bpv: 10, hs: 2-2-9}", `t.yaml:18: tables: units: 4-4-7 hs: unknown unit "2-2-9"`},
		{"inside: LMG}", "inside: LMH}", `t.yaml:35: tables: units: 50mm MTR inside: unknown unit "LMH"`},
		{"{hmg: HMG,", "{hmg: HMH,", `t.yaml:113: tables: long_range hmg: unknown unit "HMH"`},
		{"  7:  []", "  7:  [S]", "row 7 must be empty"},
		{"2: 4-5-8, 3: 4-5-8", "2: 4-5-9, 3: 4-5-8", `unknown unit "4-5-9"`},
		{"kind: squad, fp: 4, range: 5", "kind: squad, fp: 4, range: 5, rang: 5", `unknown field "rang"; did you mean range?`},
		{"\nx6a:", "\nx6b:", `unknown field "x6b"`},
		{"\nx6:\n", "\nx5:\n", "field x5 given twice"},
		{"{year: 1941, site: inside, rows: {2: 76L ART,", "{year: 1941, site: underground, rows: {2: 76L ART,", `t.yaml:100: tables: x5: columns 3: site: "underground": want inside or outside`},
		{"{year: 1941, site: inside, rows: {2: 76L ART,", "{year: 1941, rows: {2: 76L ART,", "t.yaml:100: tables: x5: columns 3: no site; want inside or outside"},
		{"{year: 1943, rows: {2: HMG,", "{year: 1943, site: inside, rows: {2: HMG,", `t.yaml:94: tables: x4: columns 3: unknown field "site"; want year, rows`},
		{"x5:\n  columns:\n", "x5:\n  rows: {2: 45L AT}\n  columns:\n", `tables: x5: unknown field "rows"; want columns`},
	}
	for _, c := range tcases {
		body := strings.Replace(string(tables), c.from, c.to, 1)
		if body == string(tables) {
			t.Fatalf("%q is not in the tables", c.from)
		}
		tp := write("t.yaml", body)
		p := write("x.yaml", good)
		code, stdout, stderr := cli(t, "activate", p, "--tables", tp)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "t.yaml:") {
			t.Errorf("tables %q→%q:\nexit %d, stderr %q, want %q", c.from, c.to, code, stderr, c.want)
		}
	}
	for _, c := range []struct{ args, want string }{
		{"activate", "want a crossing file"},
		{"activate two-sq-crossing --ac 7", `--ac "7": want a whole number from 0 to 6`},
		{"activate two-sq-crossing --attitude sit", `--attitude "sit": want advance or hold`},
		{"activate two-sq-crossing --date 41-08", `--date "41-08"`},
		{"activate two-sq-crossing --date 2041-08", `--date "2041-08": want YYYY-MM from 1939-01 to 1945-12`},
		{"activate two-sq-crossing --date 1938-12", `--date "1938-12": want YYYY-MM from 1939-01`},
		{"activate two-sq-crossing --rule nope=true", `--rule "nope=true": unknown KEY`},
		{"activate two-sq-crossing --rule surrender=false", `--rule "surrender=false": surrender is no switch in a crossing: Heat of Battle surrender needs a firing S? at range 1 or less (S24)`},
		{"activate two-sq-crossing --rule leaders-elite=false --rule leaders-elite=true", `--rule "leaders-elite=true": leaders-elite given twice; give each KEY once`},
		{"activate two-sq-crossing --rule heat-of-battle=false --rule berserk-tc-chain=false", "--rule berserk-tc-chain with --rule heat-of-battle=false: it changes only what Heat of Battle does (A15)"},
		{"activate tiger-side", "a sapper afv scenario, not a crossing"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
}

// TestActivateOwnTables runs a crossing with a tables file beside it that
// is not the shipped one, through sapper run as well.
func TestActivateOwnTables(t *testing.T) {
	for _, cmd := range []string{"activate", "run"} {
		code, stdout, stderr := cli(t, cmd, "testdata/activate/crossing.yaml")
		if code != exitOK {
			t.Fatalf("%s: exit %d, %s", cmd, code, stderr)
		}
		if strings.Contains(stdout, "ILLUSTRATIVE") || !strings.Contains(stdout, "german tables from testdata/activate/tables.yaml") {
			t.Errorf("%s: the tables used are not named:\n%s", cmd, stdout)
		}
		// AC# 2: Activated on dr 1–2, then not on {A1} 7: 2/6 · 30/36.
		if !strings.Contains(stdout, "1   27.78%") {
			t.Errorf("%s: P(activated = 1) is not 27.78%%:\n%s", cmd, stdout)
		}
	}
}

func TestActivateSweep(t *testing.T) {
	code, stdout, stderr := cli(t, args("sweep activate two-sq-crossing --vary ac=1..5 --method exact --attitude advance")...)
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	for _, v := range []string{"ac=1", "ac=3", "ac=5"} {
		if !strings.Contains(stdout, v) {
			t.Errorf("no row %s:\n%s", v, stdout)
		}
	}
}

func TestActivateGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"activate_help", "help activate"},
		{"activate_village_table", "run village-crossing --trials 20000"},
		{"activate_own_tables_table", "activate testdata/activate/crossing.yaml"},
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

// TestDecodeNoneRows: none is a row that generates nothing in every
// generation table, not only {x3} (S28), also as a {x3} row's unit.
func TestDecodeNoneRows(t *testing.T) {
	tables, err := os.ReadFile("../../model/sasl/tables/illustrative-russian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tb := func(t *testing.T, body string) *sasl.Tables {
		t.Helper()
		d, err := decodeTables("t.yaml", []byte(body))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, c := range []struct {
		from, to string
		table    func(*sasl.Tables) *sasl.Table
		final    int
	}{
		{"2: 4-5-8, 3: 4-5-8", "2: none, 3: 4-5-8", func(t *sasl.Tables) *sasl.Table { return &t.X2 }, 2},
		{"7: 8-0\n", "7: {unit: none, sub: {before: 1942-10, 1: 9-0C}}\n", func(t *sasl.Tables) *sasl.Table { return &t.X3 }, 7},
		{"{year: 1941, rows: {2: HMG,", "{year: 1941, rows: {2: none,", func(t *sasl.Tables) *sasl.Table { return &t.X4 }, 2},
		{"{year: 1941, site: inside, rows: {2: 76L ART,", "{year: 1941, site: inside, rows: {2: none,", func(t *sasl.Tables) *sasl.Table { return &t.X5 }, 2},
		{"{year: 1941, rows: {2: KV-1,", "{year: 1941, rows: {2: none,", func(t *sasl.Tables) *sasl.Table { return &t.X6 }, 2},
		{"{year: 1941, rows: {2: ZIS-30}}", "{year: 1941, rows: {2: none}}", func(t *sasl.Tables) *sasl.Table { return &t.X6a }, 2},
	} {
		body := strings.Replace(string(tables), c.from, c.to, 1)
		if body == string(tables) {
			t.Fatalf("%q is not in the tables", c.from)
		}
		d := tb(t, body)
		col, ok := c.table(d).Pick(aug41, sasl.Inside, c.table(d) == &d.X5)
		if !ok {
			t.Fatalf("%q: no 1941 column", c.to)
		}
		if e := col.Row(c.final); e.Unit != "" {
			t.Errorf("%q: row %d = %q, want none (empty)", c.to, c.final, e.Unit)
		}
	}
}

// TestActivateEmptyTables: --tables "" is bad input, not the illustrative
// tables by default.
func TestActivateEmptyTables(t *testing.T) {
	for _, v := range []string{"--tables=", "--tables= "} {
		code, stdout, stderr := cli(t, "activate", "two-sq-crossing", v)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, `want a tables FILE or illustrative`) || !strings.Contains(stderr, "--tables") {
			t.Errorf("%s: exit %d, stderr %q", v, code, stderr)
		}
	}
}

// TestActivateTablesNotRead: a tables file that cannot be read is named
// once, with why.
func TestActivateTablesNotRead(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ file, want string }{
		{filepath.Join(dir, "missing.yaml"), "missing.yaml: no such file; want a tables FILE or illustrative\n"},
		{dir, ": is a directory; want a file\n"},
	} {
		code, stdout, stderr := cli(t, "activate", "two-sq-crossing", "--tables", c.file)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, c.want) || strings.Count(stderr, c.file) != 1 {
			t.Errorf("%s: exit %d, stderr %q; want it to end %q", c.file, code, stderr, c.want)
		}
	}
	// The crossing's own tables: said at the line that names them.
	two, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crossing := filepath.Join(dir, "crossing.yaml")
	text := strings.Replace(string(two), "tables: illustrative", "tables: nowhere.yaml", 1)
	if err := os.WriteFile(crossing, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(text[:strings.Index(text, "tables: nowhere.yaml")], "\n")
	want := fmt.Sprintf("sapper activate: %s:%d: tables %s: no such file; want a tables FILE or illustrative\n", crossing, line, filepath.Join(dir, "nowhere.yaml"))
	if code, _, stderr := cli(t, "activate", crossing); code != exitUsage || stderr != want {
		t.Errorf("the crossing's tables: exit %d, stderr %q, want %q", code, stderr, want)
	}
}

// TestActivateMoraleRules: activate takes sapper dc's morale switches
// (S29) with dc's defaults, and each --rule reaches the crossing's
// options. The stack has two leaders, one an 8-0 whom a wound makes a +1,
// so that every leader's switch can matter, and spends 2 MF in the open,
// so that a second round of shots there is S16's to stop.
func TestActivateMoraleRules(t *testing.T) {
	two, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	led := filepath.Join(t.TempDir(), "led.yaml")
	file := strings.NewReplacer("stack: [4-6-7]", "stack: [4-6-7, leader:8-1, leader:8-0]", "{name: open ground, mf: 1,", "{name: open ground, mf: 2,").Replace(string(two))
	if err := os.WriteFile(led, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	type opts map[string]bool
	run := func(rules ...string) opts {
		t.Helper()
		a := []string{"activate", led, "--method", "mc", "--trials", "100", "--format", "json"}
		for _, r := range rules {
			a = append(a, "--rule", r)
		}
		code, stdout, stderr := cli(t, a...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", rules, code, stderr)
		}
		var out struct {
			Inputs struct {
				Crossing struct {
					Options opts `json:"options"`
				} `json:"crossing"`
			} `json:"inputs"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		return out.Inputs.Crossing.Options
	}
	want := opts{"pinned_keeps_fire": true, "berserk_draws_fire": true, "heat_of_battle": true, "cower_off_lowest_no_effect": true,
		"accept_battle_hardening": true, "known_enemy_in_los": true, "llmc_reverse_positive": false,
		"berserk_tc_chain": true, "leaders_elite": true, "fanatic_berserk": true}
	if got := run(); !maps.Equal(got, want) {
		t.Errorf("defaults %v, want %v", got, want)
	}
	var flip []string
	for _, r := range activateRules {
		if r.key == "heat-of-battle" {
			continue // the others change only what Heat of Battle does
		}
		flip = append(flip, r.key+"="+strconv.FormatBool(r.get(sasl.DefaultOptions()) != "true"))
	}
	got := run(flip...)
	for k, v := range want {
		if k != "heat_of_battle" && got[k] == v {
			t.Errorf("%s: still %v after %v", k, v, flip)
		}
	}
}

// TestCrossingMinusSign: a crossing file's numbers take the minus sign −
// (U+2212) that the help texts print, as the command line's do
// (docs/inputs.md).
func TestCrossingMinusSign(t *testing.T) {
	dir := t.TempDir()
	body := "command: activate\nstack: [4-6-7]\nenemy: {ac: 3, attitude: hold, mission_drm: %s1, nationality: russian, date: 1941-08}\nsq: [{id: A, ac_drm: %s2}]\npath:\n  - {mf: 1, eligible: [{id: A, range: 2}]}\n"
	var outs []string
	for _, sign := range []string{"-", "−"} {
		p := filepath.Join(dir, "c.yaml")
		if err := os.WriteFile(p, []byte(fmt.Sprintf(body, sign, sign)), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := cli(t, "activate", p, "--method", "exact", "--format", "csv")
		if code != exitOK {
			t.Fatalf("%s: exit %d, %s", sign, code, stderr)
		}
		outs = append(outs, stdout)
	}
	if outs[0] != outs[1] {
		t.Errorf("− and - differ:\n%s\n---\n%s", outs[0], outs[1])
	}
}

// TestIllustrativeOrFile: a crossing's tables: illustrative beside a file
// of that name is refused, as a scenario named like a file is, where the
// file was passed over without a word; ./illustrative reads the file.
func TestIllustrativeOrFile(t *testing.T) {
	dir := t.TempDir()
	tables, err := os.ReadFile("../../model/sasl/tables/illustrative-russian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "illustrative"), bytes.Replace(tables, []byte("illustrative: true"), []byte("illustrative: false"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	const crossing = "command: activate\nstack: [4-6-7]\nenemy: {ac: 3, attitude: hold, nationality: russian, date: 1941-08}\nsq: [{id: A}]\npath:\n  - {mf: 1, eligible: [{id: A, range: 2}]}\n"
	file := filepath.Join(dir, "x.yaml")
	if err := os.WriteFile(file, []byte(crossing+"tables: illustrative\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, "activate", file); code != exitUsage || !strings.Contains(stderr, "tables: illustrative names the shipped tables, and \""+filepath.Join(dir, "illustrative")+"\" is a file; write ./illustrative for the file") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if err := os.WriteFile(file, []byte(crossing+"tables: ./illustrative\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := cli(t, "activate", file, "--trials", "100"); code != exitOK || strings.Contains(stdout, "ILLUSTRATIVE") {
		t.Errorf("./illustrative: exit %d, %q, %q", code, stderr, stdout)
	}
}

// TestDotIllustrativeInWorkingDirectory: ./illustrative names a file even
// beside a crossing in the working directory, where joining it to the
// crossing's directory had cleaned it to the shipped tables' name and run
// them without a word.
func TestDotIllustrativeInWorkingDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	const crossing = "command: activate\nstack: [4-6-7]\nenemy: {ac: 3, attitude: hold, nationality: russian, date: 1941-08}\nsq: [{id: A}]\npath:\n  - {mf: 1, eligible: [{id: A, range: 2}]}\ntables: ./illustrative\n"
	if err := os.WriteFile("x.yaml", []byte(crossing), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, "activate", "x.yaml", "--trials", "100"); code != exitUsage || !strings.Contains(stderr, "tables ./illustrative: no such file") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}

// TestTablesFlagFault: a fault of the tables --tables reads is the flag's,
// where it was placed at the crossing's tables: line, which --tables had
// replaced.
func TestTablesFlagFault(t *testing.T) {
	text, err := os.ReadFile("../../model/sasl/tables/illustrative-russian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// {x4} with no column for the crossing's 1941
	text = regexp.MustCompile(`(?m)^    - \{year: 19(39|41), rows: \{2: HMG.*\n`).ReplaceAll(text, nil)
	file := filepath.Join(t.TempDir(), "t.yaml")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "activate", "two-sq-crossing", "--tables", file)
	if want := `--tables "` + file + `": x4 has no column for the enemy's date, 1941, its first 1943: give a date it covers, or tables for that date`; code != exitUsage || !strings.Contains(stderr, want) || strings.Contains(stderr, ":9:") {
		t.Errorf("exit %d, %q, want %q", code, stderr, want)
	}
}

// TestCowerSwitchNeedsACoweringEnemy: --rule cower-off-lowest-no-effect
// is refused where every MMC of the tables is exempt from Cowering in the
// ENEMY's nationality (A7.9, S29: British 1st Line), since no shot of the
// crossing could read it. Where one cowers off the lowest column (a Green
// German squad at long range: 2 FP, two columns), it is taken and changes
// the figures (asl.md §8.54).
func TestCowerSwitchNeedsACoweringEnemy(t *testing.T) {
	tables, err := os.ReadFile("testdata/activate/tables.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crossing, err := os.ReadFile("testdata/activate/crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	write := func(tables, crossing []byte) string {
		dir := t.TempDir()
		for name, data := range map[string][]byte{"tables.yaml": tables, "c.yaml": crossing} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return filepath.Join(dir, "c.yaml")
	}
	const flip = "cower-off-lowest-no-effect=false"
	british := func(b []byte) []byte {
		return bytes.ReplaceAll(b, []byte("nationality: german"), []byte("nationality: british"))
	}
	file := write(british(tables), british(crossing))
	want := "--rule cower-off-lowest-no-effect with tables whose every MMC is exempt from Cowering as british (A7.9, S29)"
	if code, stdout, stderr := cli(t, "activate", file, "--rule", flip); code != exitUsage || stdout != "" || !strings.Contains(stderr, want) {
		t.Errorf("british: exit %d, %q; want %q", code, stderr, want)
	}
	green := bytes.Replace(tables, []byte("range: 6, class: first"), []byte("range: 6, class: green"), 1)
	file = write(green, bytes.Replace(crossing, []byte("range: 4}"), []byte("range: 8}"), 1))
	headline := func(args ...string) string {
		code, stdout, stderr := cli(t, append([]string{"activate", file, "--method", "exact"}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", args, code, stderr)
		}
		first, _, _ := strings.Cut(stdout, "\n")
		return first
	}
	if on, off := headline(), headline("--rule", flip); on == off || !strings.HasSuffix(on, "90.40%.") {
		t.Errorf("a Green squad at long range: %q by default and %q with %s; want 90.40%% by default, and another figure", on, off, flip)
	}
}

// TestCopiedTablesSayWhatMarksThem: a copy of the shipped tables keeps
// their illustrative: true, and the output names the file that says so,
// rather than asking for the file the player gave.
func TestCopiedTablesSayWhatMarksThem(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "model", "sasl", "tables", sasl.IllustrativeFile))
	if err != nil {
		t.Fatal(err)
	}
	// named as the shipped set is: still the player's file
	file := filepath.Join(t.TempDir(), sasl.IllustrativeFile)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := cli(t, "activate", "two-sq-crossing", "--tables", file, "--method", "exact")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, sasl.IllustrativeFile+" says illustrative: true), not the official ones: remove that line once its rows are the real tables") || strings.Contains(flat, "supply yours") {
		t.Errorf("a copy of the shipped tables:\n%s", out)
	}
	if _, out, _ := cli(t, "activate", "two-sq-crossing", "--method", "exact"); !strings.Contains(out, "supply yours with --tables FILE") {
		t.Errorf("the shipped tables:\n%s", out)
	}
}
