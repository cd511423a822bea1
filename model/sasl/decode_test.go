package sasl

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sapperhq/sapper/internal/yamlfile"
	"github.com/sapperhq/sapper/model/bound"
)

// The shipped illustrative tables and a built-in crossing live with the
// command that ships them; the model reads them as any Go program would.
const (
	illustrativeFile = "tables/illustrative-russian.yaml"
	crossingFile     = "../../internal/cli/scenarios/two-sq-crossing.yaml"
)

func readTables(t *testing.T) *Tables {
	t.Helper()
	data, err := os.ReadFile(illustrativeFile)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := DecodeTables("illustrative-russian.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// crossingFields picks a crossing file's crossing fields out of its
// top-level mapping, leaving the scenario's own (command, flags…) aside.
func crossingFields(t *testing.T, file string, data []byte) map[string]yamlfile.Field {
	t.Helper()
	root, err := yamlfile.Decode(file, data, "a crossing")
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]yamlfile.Field{}
	err = root.Pairs(func(key string, line int, v yamlfile.Node) error {
		if slices.Contains(CrossingKeys(), key) {
			fields[key] = yamlfile.Field{Node: v, Line: line}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fields
}

// TestDecodeIllustrativeTables: the shipped set decodes outside the
// command line and keeps §6's fixed point of example 5.752.
func TestDecodeIllustrativeTables(t *testing.T) {
	tb := readTables(t)
	if !tb.Illustrative || tb.Nationality != "russian" || tb.Source != "illustrative-russian.yaml" {
		t.Errorf("illustrative %v, nationality %q, source %q", tb.Illustrative, tb.Nationality, tb.Source)
	}
	var want []Item
	for _, s := range []string{"S", "S", "L", "F", "SW"} {
		it, err := ParseItem(s)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, it)
	}
	if got := tb.A1.Row(4 - 1); !slices.Equal(got, want) {
		t.Errorf("{A1} Final 3 = %v, want %v", got, want)
	}
}

// TestDecodeCrossing: a built-in crossing decodes from its fields, with
// the lines of its keys and its tables named as written, and with the
// illustrative tables builds its experiment.
func TestDecodeCrossing(t *testing.T) {
	data, err := os.ReadFile(crossingFile)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := decodeCrossing("two-sq-crossing.yaml", crossingFields(t, "two-sq-crossing.yaml", data))
	if err != nil {
		t.Fatal(err)
	}
	c := &cf.Crossing
	if cf.Tables != "illustrative" || cf.Lines["stack"] != 10 || cf.Lines["path"] != 15 {
		t.Errorf("tables %q, lines %v", cf.Tables, cf.Lines)
	}
	if len(c.Stack) != 1 || c.Enemy.AC != 3 || c.Enemy.MissionDRM != -1 || len(c.SQ) != 2 || c.SQ[0].Site != Outside || len(c.Path) != 2 || c.ELR != 3 {
		t.Errorf("decoded %+v", c)
	}
	c.Tables = readTables(t)
	if _, err := c.Experiment(); err != nil {
		t.Fatal(err)
	}
}

// TestDecodeErrorsPlaced: every error is a *yamlfile.Error whose line is
// the offending key's or value's, for the caller to place from its fields.
func TestDecodeErrorsPlaced(t *testing.T) {
	for _, c := range []struct {
		name, body string
		line       int
		msg        string
	}{
		{"twice", "nationality: a\nnationality: b\n", 2, "field nationality given twice"},
		{"misspelt", "nationalty: a\n", 1, `tables: unknown field "nationalty"; did you mean nationality?`},
		{"gap", "a1:\n  2: []\n  4: []\n", 3, "tables: a1: no row 3: rows may not have gaps (S19)"},
		{"alias", "nationality: &n a\ndeploy: *n\n", 2, "aliases (*name) are not supported"},
		{"empty", "", 0, "empty; want nationality:"},
		{"missing", "nationality: a\ndeploy: true\n", 1, "tables: no units"},
		// Left out, these read as false and 0 where the tables meant otherwise.
		{"no deploy", "nationality: a\nunits: {}\n", 1, "tables: no deploy; a tables file needs nationality, deploy (true or false"},
		{"no rof", "units:\n  LMG: {kind: mg, fp: 2, range: 6, b: 11}\n", 2, "units: LMG: a MG needs rof, its Rate of Fire (0 for none)"},
		{"no class", "units:\n  4-4-7: {kind: squad, fp: 4, range: 4, bpv: 10}\n", 2, "units: 4-4-7: a squad needs class, one of first, elite"},
		{"hs with no class", "units:\n  2-2-7: {kind: hs, fp: 2, range: 2, bpv: 5}\n", 2, "units: 2-2-7: a HS needs class"},
		{"no bpv", "units:\n  4-4-7: {kind: squad, fp: 4, range: 4, class: first}\n", 2, "units: 4-4-7: a squad needs bpv, its Basic Point Value, 1 or more"},
		{"crew with no bpv", "units:\n  2-2-8: {kind: crew, fp: 2, range: 2}\n", 2, "units: 2-2-8: a crew needs bpv"},
		{"bpv 0", "units:\n  2-2-8: {kind: crew, fp: 2, range: 2, bpv: 0}\n", 2, "units: 2-2-8: a crew needs bpv"},
		// A counter's values, and a name that prints other values than its fields.
		{"squad fp", "units:\n  big: {kind: squad, fp: 99, range: 5}\n", 2, "tables: units: big: fp 99 outside 1…8 for a squad"},
		// A counter prints its FP whole, as its range: 4.5 and 4.0 alike
		// are refused, and said so, for every kind.
		{"fp 4.5", "units:\n  rifles: {kind: squad, fp: 4.5, range: 4}\n", 2, `tables: units: rifles: fp: "4.5": want a whole number from 0 to 100`},
		{"fp 4.0", "units:\n  rifles: {kind: squad, fp: 4.0, range: 4}\n", 2, `fp: "4.0": not a whole decimal number; want a whole number from 0 to 100`},
		{"mg fp 6.5", "units:\n  HMG: {kind: mg, fp: 6.5, range: 12, rof: 2, b: 11}\n", 2, `fp: "6.5": want a whole number`},
		{"dm fp 1.5", "units:\n  LMG: {kind: mg, fp: 2, range: 6, rof: 1, b: 11, dm: {fp: 1.5, range: 3}}\n", 2, `fp: "1.5": want a whole number`},
		{"hs range", "units:\n  2-9-7: {kind: hs, fp: 2, range: 9}\n", 2, "units: 2-9-7: range 9 outside 1…4 for a hs"},
		{"name and fields", "units:\n  4-5-8: {kind: squad, fp: 6, range: 5}\n", 2, "units: 4-5-8: fp 6 and range 5, but the name prints FP 4 and range 5; make them agree"},
		{"leader's name and mod", "units:\n  9-2: {kind: leader, mod: -1}\n", 2, "units: 9-2: mod -1, but the name prints the modifier -2; make them agree"},
		{"leader's mod", "units:\n  Lt. Weber: {kind: leader, mod: 3}\n", 2, "units: Lt. Weber: mod"},
		{"dm with no range", "units:\n  LMG: {kind: mg, fp: 2, range: 6, rof: 1, b: 11, dm: {fp: 2}}\n", 2, "units: LMG: dm: want {fp: N, range: N}, both above 0, or dm: none"},
		{"dm empty", "units:\n  LMG: {kind: mg, fp: 2, range: 6, rof: 1, b: 11, dm: {}}\n", 2, "units: LMG: dm: want {fp: N, range: N}"},
		{"dm of no FP", "units:\n  LMG: {kind: mg, fp: 2, range: 6, rof: 1, b: 11, dm: {fp: 0, range: 4}}\n", 2, "units: LMG: dm: want {fp: N, range: N}"},
		{"dm a word", "units:\n  LMG: {kind: mg, fp: 2, range: 6, rof: 1, b: 11, dm: nope}\n", 2, "units: LMG: dm: want {fp: N, range: N}, both above 0, or dm: none, not a value"},
		{"dm a list", "units:\n  LMG: {kind: mg, fp: 2, range: 6, rof: 1, b: 11, dm: [2, 4]}\n", 2, "units: LMG: dm: want {fp: N, range: N}, both above 0, or dm: none, not a list"},
		{"empty drm", "x2: {drm: [], rows: {2: a}}\n", 1, "an empty list; want the DRM, or leave drm out"},
		{"elite DRM on x2", "x2: {drm: [{if: elite-mmc, value: 2}], rows: {2: a}}\n", 1, "elite-mmc: only the {x3} leader table's DRM may be the elite MMC's (S5)"},
	} {
		_, err := DecodeTables("t.yaml", []byte(c.body))
		var fe *yamlfile.Error
		if !errors.As(err, &fe) || fe.File != "t.yaml" || c.line > 0 && fe.Line != c.line || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: %#v, want line %d and %q", c.name, err, c.line, c.msg)
		}
	}
	// An {A1} row that Validate refuses is placed at its own line.
	tables, err := os.ReadFile(illustrativeFile)
	if err != nil {
		t.Fatal(err)
	}
	row7 := strings.Replace(string(tables), "\n  7:  []\n", "\n  7:  [S]\n", 1)
	_, err = DecodeTables("t.yaml", []byte(row7))
	var te *yamlfile.Error
	if line := 1 + strings.Count(row7[:strings.Index(row7, "  7:  [S]")], "\n"); !errors.As(err, &te) || te.Line != line || !strings.Contains(te.Msg, "a1: row 7 must be empty") {
		t.Errorf("{A1} row 7 not empty: %#v, want line %d", err, line)
	}
	data, err := os.ReadFile(crossingFile)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "range: 3", "range: 30", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(bad)))
	var fe *yamlfile.Error
	if !errors.As(err, &fe) || fe.Line != 16 || fe.Msg != "path 1: eligible 1: range: 30 outside 0…16" {
		t.Errorf("%#v", err)
	}
	// A TEM is never negative (asl.md §8.42): -1 is refused, not read as
	// a modifier on the moving stack.
	negative := strings.Replace(string(data), "mf: 1, tem: 2", "mf: 1, tem: -1", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(negative)))
	if !errors.As(err, &fe) || fe.Line != 17 || !strings.HasPrefix(fe.Msg, "path 2: tem: -1: a TEM is never negative (asl.md §8.42); want 0 to 8") {
		t.Errorf("a negative TEM: %#v", err)
	}
	twice := strings.Replace(string(data), "forbid: [AFV, SPG]", "forbid: [AFV, AFV]", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(twice)))
	if !errors.As(err, &fe) || !strings.HasSuffix(fe.Msg, "forbid 2: AFV is forbidden twice; list each item once") {
		t.Errorf("an item forbidden twice: %#v", err)
	}
	// An empty list is not the field left out, as with the flags.
	empty := strings.Replace(string(data), "forbid: [AFV, SPG]", "forbid: []", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(empty)))
	if !errors.As(err, &fe) || !strings.HasSuffix(fe.Msg, "forbid: an empty list; want the items forbidden, or leave forbid out") {
		t.Errorf("an empty forbid: %#v", err)
	}
	// Nor are the S? and a Location's eligible S?: an empty list there
	// read as none, and ran a crossing of nothing.
	noSQ := strings.Replace(string(data), "sq:\n  - {id: hut, ac_drm: 0, site: outside}\n  - {id: stone, ac_drm: -1, site: inside, forbid: [AFV, SPG]}\n", "sq: []\n", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(noSQ)))
	if noSQ == string(data) || !errors.As(err, &fe) || !strings.HasSuffix(fe.Msg, "sq: an empty list; want the S? counters, or leave sq out") {
		t.Errorf("an empty sq: %#v", err)
	}
	noneHere := strings.Replace(string(data), "eligible: [{id: hut, range: 3}]", "eligible: []", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(noneHere)))
	if !errors.As(err, &fe) || fe.Line != 16 || !strings.HasSuffix(fe.Msg, "path 1: eligible: an empty list; want the S? that may attack here, or leave eligible out") {
		t.Errorf("an empty eligible: %#v", err)
	}
	// YAML splits an unquoted unit at its options' comma.
	split := strings.Replace(string(data), "stack: [4-6-7]", "stack: [4-6-7,elr=2]", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(split)))
	if !errors.As(err, &fe) || !strings.HasSuffix(fe.Msg, `"elr=2" is a unit's option, not a unit: quote the unit with its options, as "4-6-7,elr=2"`) {
		t.Errorf("a unit split at its comma: %#v", err)
	}
	// A Location's name heads its rows: never empty, never another's.
	noname := strings.Replace(string(data), "name: wooden building", `name: " "`, 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(noname)))
	if !errors.As(err, &fe) || fe.Line != 17 || !strings.HasSuffix(fe.Msg, "name: an empty name; give the Location one, or leave name out") {
		t.Errorf("an empty name: %#v", err)
	}
	same := strings.Replace(string(data), "name: wooden building", "name: open ground", 1)
	c, err := decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(same)))
	if err == nil {
		c.Crossing.Tables = readTables(t)
		err = c.Crossing.Validate()
	}
	if err == nil || !strings.Contains(err.Error(), "path 2 (open ground): the name of path 1 too; give each Location its own name") {
		t.Errorf("two Locations of one name: %v", err)
	}
	// A name other fields refer to, or that refers to one, is a word:
	// never empty (read as no Location at all), never with a space
	// around it (a second spelling of one S?).
	for _, c := range []struct{ from, to, msg string }{
		{"{id: hut, ac_drm: 0", "{id: hut, loc: '', ac_drm: 0", "sq 1: loc: an empty name; give one, or leave the key out"},
		{"{id: hut, ac_drm: 0", "{id: 'hut ', ac_drm: 0", `sq 1: id: "hut ": a space around the name; write it without`},
		{"[{id: hut, range: 3}]", "[{id: ' hut', range: 3}]", `path 1: eligible 1: id: " hut": a space around the name; write it without`},
	} {
		text := strings.Replace(string(data), c.from, c.to, 1)
		_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(text)))
		if !errors.As(err, &fe) || !strings.HasSuffix(fe.Msg, c.msg) {
			t.Errorf("%s: %v, want %q", c.to, err, c.msg)
		}
	}
	// The file's elr, as --elr, with no unit that reads it: crews have
	// no ELR (A19.11), and a unit's own elr= stands.
	for _, stack := range []string{"stack: [crew:2-2-8]", `stack: ["4-6-7,elr=1"]`} {
		text := strings.Replace(string(data), "stack: [4-6-7]", stack+"\nelr: 2", 1)
		_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(text)))
		if !errors.As(err, &fe) || fe.Line != 11 || !strings.HasPrefix(fe.Msg, "elr: no unit of the stack reads it") {
			t.Errorf("%s with elr: 2: %#v", stack, err)
		}
	}
	// An empty stack with an elr is an empty stack, not one that reads
	// no ELR.
	noStack := strings.Replace(string(data), "stack: [4-6-7]", "stack: []\nelr: 2", 1)
	ef, err := decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(noStack)))
	if err != nil {
		t.Errorf("stack: [] with elr: 2: %v", err)
	} else {
		ef.Crossing.Tables = testTables()
		if f, _ := bound.FieldOf(ef.Crossing.Validate()); f != "stack" {
			t.Errorf("stack: [] with elr: 2: Validate says %v", ef.Crossing.Validate())
		}
	}
	withELR := strings.Replace(string(data), "stack: [4-6-7]", "stack: [4-6-7]\nelr: 2", 1)
	if _, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(withELR))); err != nil {
		t.Errorf("a 4-6-7 with elr: 2: %v", err)
	}
	// A range left out would read as 0, the same hex (S10).
	norange := strings.Replace(string(data), "{id: hut, range: 3}", "{id: hut}", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(norange)))
	if !errors.As(err, &fe) || !strings.HasSuffix(fe.Msg, "S? hut: no range: the hexes from it to this Location") {
		t.Errorf("an eligible S? with no range: %#v", err)
	}
	// A range indented as the Location's own key is told where it went,
	// not that the S? has none.
	slipped := strings.Replace(string(data), "eligible: [{id: hut, range: 3}]", "eligible: [{id: hut}], range: 3", 1)
	_, err = decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(slipped)))
	if !errors.As(err, &fe) || !strings.Contains(fe.Msg, `unknown field "range"`) {
		t.Errorf("a range slipped out of eligible: %#v", err)
	}
}

// TestCrossingRefusesWhatNeverActs: an S? eligible nowhere, Long Range
// Activation from tables with no long_range hmg (S5.32, S17), a squad
// with no FP or range (S9), and a mortar that inside a building would
// become no MG (S7, S25) are refused, not read as nothing.
func TestCrossingRefusesWhatNeverActs(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*Crossing)
		want string
	}{
		{"S? eligible nowhere", func(c *Crossing) { c.SQ = append(c.SQ, SQ{ID: "C", Site: "outside"}) }, "sq C: eligible at no Location"},
		{"Long Range with no HMG", func(c *Crossing) {
			c.Path[1].Eligible[1].LongRange = true
			c.Tables.LongRange = LongRange{}
		}, "the tables give no long_range hmg"},
		{"squad with no FP", func(c *Crossing) {
			d := c.Tables.Units["4-4-7"]
			d.FP = 0
			c.Tables.Units["4-4-7"] = d
		}, "4-4-7: a squad, HS or crew needs fp > 0 and range > 0"},
		{"open with a TEM", func(c *Crossing) { c.Path[1].Open = true }, "open with tem 2: FFMO applies only where the TEM is 0 (S12)"},
		{"a negative TEM", func(c *Crossing) { c.Path[1].TEM = -2 }, "tem -2: a TEM is never negative (asl.md §8.42)"},
		{"mortar with nothing to become inside", func(c *Crossing) {
			units := map[string]UnitDef{}
			for n, u := range c.Tables.Units {
				if u.Kind == Mortar {
					u.Inside = ""
				}
				if u.Kind != MG {
					units[n] = u
				}
			}
			c.Tables.Units, c.Tables.X4, c.Tables.LongRange = units, Table{}, LongRange{}
		}, "a mortar needs inside, the MG it becomes inside a building, when the tables have no MG"},
	} {
		cr := twoSQ(t)
		c.edit(cr)
		if err := cr.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// yamlLines is how many line breaks data holds as YAML counts them: a
// line feed, a carriage return, the two together, NEL, LS and PS.
func yamlLines(data []byte) int {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	n := 0
	for _, r := range s {
		switch r {
		case '\n', '\r', '\u0085', '\u2028', '\u2029':
			n++
		}
	}
	return n
}

// FuzzDecodeTables feeds arbitrary bytes to DecodeTables. The contract:
// no panic; an error is a *yamlfile.Error naming the file at a line of
// it (or just past its end, where the YAML parser reports an unclosed
// value); tables that decode are valid.
func FuzzDecodeTables(f *testing.F) {
	for _, name := range []string{illustrativeFile, "../../internal/cli/testdata/activate/tables.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("nationality: x\nunits: {a: {kind: squad, dm: {fp: 1, range: 2}}}\na1: {6: [S], 7: []}\nx2: {columns: [{year: 1941, rows: {2: a}}]}\nx3: {drm: [{if: elite-mmc, value: -1}], rows: {2: none}}\n"))
	f.Add([]byte("units: &u {a: {kind: squad}}\nx4: *u\n---\nx5: {}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := DecodeTables("fuzz.yaml", data)
		if err != nil {
			var fe *yamlfile.Error
			if !errors.As(err, &fe) || fe.File != "fuzz.yaml" || fe.Line < 0 || fe.Line > yamlLines(data)+2 {
				t.Fatalf("error %T %q is not placed in the file", err, err)
			}
			return
		}
		if err := tb.Validate(); err != nil {
			t.Fatalf("decoded tables are not valid: %v", err)
		}
	})
}

// TestDecodeNoneRows is S28 as a tables file writes it: none is a row of
// every generation table, {x2} to {x6a}, rows or columns ({x5} by site
// too), and decodes to the empty entry that generates nothing; a name
// that merely looks like it is still an unknown unit.
func TestDecodeNoneRows(t *testing.T) {
	data, err := os.ReadFile(illustrativeFile)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for _, r := range [][2]string{
		{"3: 4-5-8, 4: 4-5-8", "3: none, 4: 4-5-8"},
		{"{2: HMG, 3: 50mm MTR", "{2: none, 3: 50mm MTR"},
		{"{year: 1941, site: inside, rows: {2: 76L ART", "{year: 1941, site: inside, rows: {2: none"},
		{"{2: KV-1, 3: T-34", "{2: none, 3: T-34"},
		{"{year: 1941, rows: {2: ZIS-30}}", "{year: 1941, rows: {2: none, 3: ZIS-30}}"},
	} {
		if !strings.Contains(src, r[0]) {
			t.Fatalf("the illustrative tables no longer have %q", r[0])
		}
		src = strings.Replace(src, r[0], r[1], 1)
	}
	tb, err := DecodeTables("none.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		col  Column
		dr   int
	}{
		{"x2", tb.X2.Columns[0], 3},
		{"x3", tb.X3.Columns[0], 11},
		{"x4 1941", tb.X4.Columns[1], 2},
		{"x5 1941 inside", tb.X5.Columns[2], 2},
		{"x6 1941", tb.X6.Columns[1], 2},
		{"x6a 1941", tb.X6a.Columns[0], 2},
	} {
		if e := c.col.Rows[c.dr-c.col.First]; e.Unit != "" {
			t.Errorf("%s row %d: %q, want none (the empty entry)", c.name, c.dr, e.Unit)
		}
	}
	bad := strings.Replace(src, "{2: none, 3: T-34", "{2: None, 3: T-34", 1)
	if _, err := DecodeTables("none.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), `unknown unit "None"`) {
		t.Errorf("None: %v, want an unknown unit", err)
	}
}

// TestParseDateExactly: a date is YYYY-MM and nothing else; what Sscanf
// would read past (a space, a sign) is refused, never guessed.
func TestParseDateExactly(t *testing.T) {
	for s, ok := range map[string]bool{
		"1941-08": true, "1945-12": true, "1939-01": true,
		"1941- 8": false, "1941-8 ": false, " 1941-8": false, "1941-+8": false, "+1941-08": false,
		"1941-8": false, "1941-08 ": false, "1941-00": false, "1946-01": false, "1941_08": false, "1941-0x": false,
	} {
		_, err := ParseDate(s)
		if (err == nil) != ok {
			t.Errorf("ParseDate(%q): %v, want ok %v", s, err, ok)
		}
	}
}

// TestDecodeTablesRefusesContradictions: a tables file that says two
// things of one roll is refused at its line, rather than read one way:
// two columns for one year (the second never read), rows beside columns,
// and a DRM whose dates never hold.
func TestDecodeTablesRefusesContradictions(t *testing.T) {
	data, err := os.ReadFile(illustrativeFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, old, new string
		line           int
		msg            string
	}{
		{"year twice", "    - {year: 1943, rows: {2: HMG,", "    - {year: 1941, rows: {2: HMG,", 94, "a second column for 1941"},
		{"site twice", "    - {year: 1939, site: outside,", "    - {year: 1939, site: inside,", 99, "a second column for 1939 inside"},
		{"rows and columns", "  columns:\n    - {year: 1939, rows: {2: HMG,", "  rows: {2: HMG}\n  columns:\n    - {year: 1939, rows: {2: HMG,", 93, "rows and columns"},
		{"dates backwards", "{from: 1941-06, until: 1942-06, value: 2}", "{from: 1942-06, until: 1941-06, value: 2}", 70, "from 1942-06 is not before until 1941-06"},
		// DRMs of one date add up: the same entry twice is a slip.
		{"a drm twice", "    - {from: 1941-06, until: 1942-06, value: 2}", "    - {from: 1941-06, until: 1942-06, value: 2}\n    - {from: 1941-06, until: 1942-06, value: 1}", 71, "the same dates and condition as drm entry 1: the two would add up; give one entry of value 3"},
		// A row's unit is placed at the row, not at its table's key.
		{"unknown unit in a row", "5: 4-4-7, 6: 4-4-7", "5: 4-4-9, 6: 4-4-7", 71, `x2: unknown unit "4-4-9"`},
		{"a row's unit of the wrong kind", "{year: 1939, rows: {2: HMG,", "{year: 1939, rows: {2: 4-4-7,", 92, `x4: "4-4-7" is a squad`},
		// A row of none generates nothing (S28): no unit may bear the name.
		{"a unit named none", "  4-2-6:     {kind: squad,", "  none:      {kind: squad,", 19, "none is not a unit's name"},
		{"a unit with no name", "  4-2-6:     {kind: squad,", "  \"\":        {kind: squad,", 19, "a unit with no name"},
		// A name no row could write, or a second spelling of one.
		{"a space around a unit's name", "  4-2-6:     {kind: squad,", "  \" 4-2-6\":  {kind: squad,", 19, `" 4-2-6": a space around the name`},
		{"one name spelt twice", "  4-2-6:     {kind: squad,", "  4−4−7:     {kind: squad,", 19, `"4-4-7" and "4−4−7": one name spelt two ways`},
		{"a row with the minus sign", "5: 4-4-7, 6: 4-4-7", "5: 4−4−7, 6: 4-4-7", 71, `x2: unknown unit "4−4−7"; the units spell it "4-4-7"`},
		// Tables with a stray key of a crossing are told the key.
		{"a stray key", "units:\n", "path: x\nunits:\n", 16, `unknown field "path"`},
		// Only none says a row generates nothing: an empty row is no spelling of it.
		{"an empty row", "5: 4-4-7, 6: 4-4-7", "5: \"\", 6: 4-4-7", 71, "a row names no unit; write none"},
	} {
		bad := strings.Replace(string(data), c.old, c.new, 1)
		if bad == string(data) {
			t.Fatalf("%s: the file has no %q", c.name, c.old)
		}
		_, err := DecodeTables("t.yaml", []byte(bad))
		var fe *yamlfile.Error
		if !errors.As(err, &fe) || fe.Line != c.line || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: %v, want line %d and %q", c.name, err, c.line, c.msg)
		}
	}
}

// TestSameLocationSeesAlike: S? sharing a Location (S20) are eligible at
// the same path Locations, at one range: two ranges from one hex to one
// path Location, or one S? seeing what its neighbour in the same hex does
// not, is refused at the path Location.
func TestSameLocationSeesAlike(t *testing.T) {
	data, err := os.ReadFile(crossingFile)
	if err != nil {
		t.Fatal(err)
	}
	shared := strings.NewReplacer(
		"{id: hut, ac_drm: 0, site: outside}", "{id: hut, loc: h, ac_drm: 0, site: outside}",
		"{id: stone, ac_drm: -1, site: inside, forbid: [AFV, SPG]}", "{id: stone, loc: h, ac_drm: -1, site: outside}",
	).Replace(string(data))
	for _, c := range []struct{ name, path, msg string }{
		{"alike", "eligible: [{id: hut, range: 3}, {id: stone, range: 3}]}\n  - {name: wooden building, mf: 1, tem: 2, eligible: [{id: stone, range: 2}, {id: hut, range: 2}]}", ""},
		{"two ranges", "eligible: [{id: hut, range: 1}, {id: stone, range: 9}]}\n  - {name: wooden building, mf: 1, tem: 2, eligible: [{id: stone, range: 2}, {id: hut, range: 2}]}", "share Location h, but are eligible here at a different range"},
		{"one sees", "eligible: [{id: hut, range: 3}]}\n  - {name: wooden building, mf: 1, tem: 2, eligible: [{id: stone, range: 2}]}", "share Location h, but only hut is eligible here"},
		{"two sites", "eligible: [{id: hut, range: 3}, {id: stone, range: 3}]}\n  - {name: wooden building, mf: 1, tem: 2, eligible: [{id: stone, range: 2}, {id: hut, range: 2}]}\nsq_site: inside", "sq stone: site inside, but hut shares Location h at site outside"},
	} {
		path, inside := strings.CutSuffix(c.path, "\nsq_site: inside")
		body := strings.Replace(shared, "eligible: [{id: hut, range: 3}]}\n  - {name: wooden building, mf: 1, tem: 2, eligible: [{id: stone, range: 2}]}", path, 1)
		if inside {
			body = strings.Replace(body, "{id: stone, loc: h, ac_drm: -1, site: outside}", "{id: stone, loc: h, ac_drm: -1, site: inside}", 1)
		}
		cr, err := decodeCrossing("x.yaml", crossingFields(t, "x.yaml", []byte(body)))
		if err == nil {
			cr.Crossing.Tables = readTables(t)
			err = cr.Crossing.Validate()
		}
		switch {
		case c.msg == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.msg != "" && (err == nil || !strings.Contains(err.Error(), c.msg)):
			t.Errorf("%s: %v, want %q", c.name, err, c.msg)
		}
	}
}

// TestValidateManyUnitsIsLinear: a tables file near its size cap holds
// some 50,000 units, and checking them must take a moment, not minutes:
// looking for the lightest MG once per unit made it quadratic (20,000
// units took 18 s). The bound is loose, for a slow or busy machine.
func TestValidateManyUnitsIsLinear(t *testing.T) {
	cr := twoSQ(t)
	units := maps.Clone(cr.Tables.Units)
	for i := range 20000 {
		units[fmt.Sprintf("M%d", i)] = UnitDef{Kind: DC}
	}
	cr.Tables.Units = units
	start := time.Now()
	if err := cr.Validate(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("checking 20,000 units took %v", d)
	}
}

// TestTablesGivenACrossing: a crossing given where the tables go is
// answered as the file it is, not by its first field the tables lack.
func TestTablesGivenACrossing(t *testing.T) {
	data, err := os.ReadFile(crossingFile)
	if err != nil {
		t.Fatal(err)
	}
	_, err = DecodeTables("c.yaml", data)
	var fe *yamlfile.Error
	if !errors.As(err, &fe) || fe.Line != 1 || !strings.Contains(fe.Msg, "reads as a sapper scenario or crossing") {
		t.Errorf("a crossing as tables: %v", err)
	}
}
