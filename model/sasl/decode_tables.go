package sasl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/yamlfile"
	"github.com/sapperhq/sapper/model/asl"
)

// noneRow is the row of a generation table that generates nothing (S28).
const noneRow = "none"

// tablesKeys are a tables file's fields, in the order messages list them.
var tablesKeys = []string{"illustrative", "nationality", "deploy", "units", "a1", "x2", "x3", "x4", "x5", "x6", "x6a", "long_range"}

// IsTablesKey reports whether k is a top-level key of a tables file, for
// a message about a tables file given where another file was wanted.
func IsTablesKey(k string) bool { return slices.Contains(tablesKeys, k) }

// DecodeTables reads a tables file (rules/sasl.md S19) strictly: an
// unknown field, a wrong type, a field given twice, a gap in a table's
// rows or an unknown unit name is a *FileError at its line, so that
// whoever reads the file can place it without parsing the message. file
// names the file in errors and becomes the tables' Source. Data over
// 1 MiB, the limit of any input file, is refused unread.
func DecodeTables(file string, data []byte) (*Tables, error) {
	root, err := yamlfile.Decode(file, data, "nationality:, units:, a1:, x2: and x3:")
	if err != nil {
		return nil, err
	}
	root.Path = "tables"
	if line := scenarioLine(root); line > 0 {
		return nil, yamlfile.Errorf(file, line, "tables: this reads as a sapper scenario or crossing (command:, sq:, path:), not a tables file; a tables file has nationality, deploy, units, a1, x2 and x3")
	}
	t := &Tables{Source: file, Units: map[string]UnitDef{}}
	lines := map[string]int{}
	err = root.Fields(tablesKeys, func(key string, v yamlfile.Node) error {
		lines[key] = v.N.Line
		var err error
		switch key {
		case "illustrative":
			t.Illustrative, err = v.Boolean()
		case "nationality":
			t.Nationality, err = v.Name()
		case "deploy":
			t.Deploy, err = v.Boolean()
		case "units":
			err = decodeUnits(v, t.Units)
		case "a1":
			t.A1, err = decodeA1(v)
		case "x2":
			t.X2, err = decodeTable(v, tableDRM)
		case "x3":
			t.X3, err = decodeTable(v, tableDRM|tableSub|tableElite)
		case "x4":
			t.X4, err = decodeTable(v, 0)
		case "x5":
			t.X5, err = decodeTable(v, tableSite)
		case "x6":
			t.X6, err = decodeTable(v, 0)
		case "x6a":
			t.X6a, err = decodeTable(v, 0)
		case "long_range":
			err = v.Fields([]string{"hmg", "hmg50"}, func(k string, w yamlfile.Node) error {
				s, err := w.ID()
				if k == "hmg" {
					t.LongRange.HMG = s
				} else {
					t.LongRange.HMG50 = s
				}
				return err
			})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"nationality", "deploy", "units", "a1", "x2", "x3"} {
		if _, ok := lines[k]; !ok {
			// deploy too: left out, it read as false, and every squad's
			// HS became a squad (S6).
			return nil, yamlfile.Errorf(file, root.N.Line, "tables: no %s; a tables file needs %s", k, "nationality, deploy (true or false: whether the nationality may Deploy, S6), units, a1, x2 and x3")
		}
	}
	if err := t.Validate(); err != nil {
		return nil, yamlfile.Errorf(file, validateLine(root, lines, err.Error()), "tables: %v", err)
	}
	return t, nil
}

// validateLine is the line of the tables file that Validate's message msg
// is about: the unit it names ("units: 50mm MTR inside: …"), or the field
// it starts with ("x2: …", "long_range hmg: …"), where the user looks.
//
// A message about a unit a table's row names ("x2: unknown unit "4-4-9"")
// is placed at the first row that names it in that table, not at the
// table's key.
func validateLine(root yamlfile.Node, lines map[string]int, msg string) int {
	line := root.N.Line
	for _, k := range tablesKeys {
		if l, ok := lines[k]; ok && (strings.HasPrefix(msg, k+":") || strings.HasPrefix(msg, k+" ")) {
			line = l
			if name, ok := quoted(msg); ok && k != "units" {
				if at := scalarLine(root.N, k, name); at > 0 {
					line = at
				}
			}
			// "a1: row 7 must be empty": at row 7.
			if _, rest, ok := strings.Cut(msg, ": row "); ok && k == "a1" {
				row, _, _ := strings.Cut(rest, " ")
				if at := keyLine(root.N, k, row); at > 0 {
					line = at
				}
			}
		}
	}
	for i := 0; i+1 < len(root.N.Content); i += 2 {
		if root.N.Content[i].Value != "units" {
			continue
		}
		units := root.N.Content[i+1].Content
		for j := 0; j+1 < len(units); j += 2 {
			if name := units[j].Value; strings.HasPrefix(msg, "units: "+name+" ") || strings.HasPrefix(msg, "units: "+name+":") {
				line = units[j].Line
			}
		}
	}
	return line
}

// quoted is the first Go-quoted string in msg, unquoted.
func quoted(msg string) (string, bool) {
	i := strings.IndexByte(msg, '"')
	if i < 0 {
		return "", false
	}
	q, err := strconv.QuotedPrefix(msg[i:])
	if err != nil {
		return "", false
	}
	s, err := strconv.Unquote(q)
	return s, err == nil
}

// scalarLine is the line of the first scalar value under the top-level
// key of the mapping root that is value, 0 if none is.
func scalarLine(root *yaml.Node, key, value string) int {
	var find func(n *yaml.Node, isKey bool) int
	find = func(n *yaml.Node, isKey bool) int {
		if n.Kind == yaml.ScalarNode {
			if !isKey && n.Value == value {
				return n.Line
			}
			return 0
		}
		for i, c := range n.Content {
			if l := find(c, n.Kind == yaml.MappingNode && i%2 == 0); l > 0 {
				return l
			}
		}
		return 0
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == key {
			return find(root.Content[i+1], false)
		}
	}
	return 0
}

// keyLine is the line of the key row of the mapping at root's key, or 0.
func keyLine(root *yaml.Node, key, row string) int {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if m := root.Content[i+1]; root.Content[i].Value == key && m.Kind == yaml.MappingNode {
			for j := 0; j+1 < len(m.Content); j += 2 {
				if m.Content[j].Value == row {
					return m.Content[j].Line
				}
			}
		}
	}
	return 0
}

// plainName is a unit's name with the minus sign (U+2212) written -.
func plainName(name string) string { return strings.ReplaceAll(name, decimal.Minus, "-") }

// scenarioLine is the line of the first key of root that only a scenario
// or a crossing file has, 0 when it has none or has a key of the tables
// too: such a file given as the tables is answered as the file it is,
// not by its first unknown field.
func scenarioLine(root yamlfile.Node) int {
	if root.N.Kind != yaml.MappingNode {
		return 0
	}
	line := 0
	for i := 0; i+1 < len(root.N.Content); i += 2 {
		k := root.N.Content[i]
		switch {
		case IsTablesKey(k.Value):
			return 0 // tables with a stray key, told by that key
		case line == 0 && (k.Value == "command" || k.Value == "flags" || slices.Contains(crossingKeys, k.Value)):
			line = k.Line
		}
	}
	return line
}

// unitKeys are the fields of a unit of the units: mapping, by which the
// tables' rows name the units they generate (S19).
var unitKeys = []string{"kind", "fp", "range", "class", "bpv", "hs", "mod", "rof", "b", "mm", "dm", "inside", "crew"}

func decodeUnits(v yamlfile.Node, out map[string]UnitDef) error {
	if v.N.Kind != yaml.MappingNode {
		return v.Errorf("want a mapping of unit names to their values, not %s", yamlfile.KindName(v.N))
	}
	spelt := map[string]string{} // each name so far, by its plain spelling
	return v.Pairs(func(name string, line int, w yamlfile.Node) error {
		if name == "" {
			return yamlfile.Errorf(v.File, line, "tables: units: a unit with no name; a row could never name it")
		}
		if strings.TrimSpace(name) != name {
			// A row names its units without spaces around them (ID).
			return yamlfile.Errorf(v.File, line, "tables: units: %q: a space around the name, which no row could name; write it without", name)
		}
		// Two names that differ only in the minus sign (U+2212), which
		// --target 4−6−7 reads as -, are one counter's.
		plain := plainName(name)
		if other, ok := spelt[plain]; ok {
			return yamlfile.Errorf(v.File, line, "tables: units: %q and %q: one name spelt two ways; give each unit once", other, name)
		}
		spelt[plain] = name
		if name == noneRow {
			// A row that says none generates nothing (S28), so a unit of
			// that name could never be generated.
			return yamlfile.Errorf(v.File, line, "tables: units: %s is not a unit's name: a row of none generates nothing (S28); name the unit otherwise", noneRow)
		}
		u := UnitDef{Name: name}
		kind, mod, rof, class := false, false, false, false
		err := w.Fields(unitKeys, func(k string, x yamlfile.Node) error {
			var err error
			mod, rof = mod || k == "mod", rof || k == "rof"
			class = class || k == "class"
			switch k {
			case "kind":
				kind = true
				u.Kind, err = yamlfile.Parsed(x, ParseKind)
			case "fp":
				u.FP, err = wholeFP(x)
			case "range":
				u.Range, err = x.Integer(0, 50)
			case "class":
				u.Class, err = yamlfile.Parsed(x, asl.ParseClass)
			case "bpv":
				u.BPV, err = x.Integer(0, 500)
			case "hs":
				u.HS, err = x.ID()
			case "mod":
				u.Mod, err = x.Integer(-3, 2) // a leader counter's, as asl.ParseUnit holds them
			case "rof":
				u.ROF, err = x.Integer(0, 6)
			case "b":
				u.B, err = x.Integer(2, 12)
			case "mm":
				u.MM, err = x.Integer(1, 500)
			case "inside":
				u.Inside, err = x.ID()
			case "crew":
				u.Crew, err = x.ID()
			case "dm":
				u.Dismantle = true
				if x.N.Kind == yaml.ScalarNode && x.N.Value == "none" {
					return nil
				}
				if x.N.Kind != yaml.MappingNode {
					return yamlfile.Errorf(v.File, x.N.Line, "tables: units: %s: dm: want {fp: N, range: N}, both above 0, or dm: none, not %s", yamlfile.OneLine(name), yamlfile.KindName(x.N))
				}
				var p Profile
				seen := 0
				err = x.Fields([]string{"fp", "range"}, func(kk string, y yamlfile.Node) error {
					var err error
					seen++
					if kk == "fp" {
						p.FP, err = wholeFP(y)
					} else {
						p.Range, err = y.Integer(0, 50)
					}
					return err
				})
				if err == nil && (seen < 2 || p.FP <= 0 || p.Range <= 0) {
					// A missing or zero field read as 0 made a SW that
					// never fires dismantled, which dm: none says.
					return yamlfile.Errorf(v.File, x.N.Line, "tables: units: %s: dm: want {fp: N, range: N}, both above 0, or dm: none", yamlfile.OneLine(name))
				}
				u.DM = &p
			}
			return err
		})
		if err != nil {
			return err
		}
		if !kind {
			return yamlfile.Errorf(v.File, line, "tables: units: %s: no kind; want one of %v", yamlfile.OneLine(name), KindNames())
		}
		if u.Kind == Leader && !mod {
			// Left out, it read as 0: a 9-2 without his −2.
			return yamlfile.Errorf(v.File, line, "tables: units: %s: a leader needs mod, his leadership modifier (0 for an 8-0)", yamlfile.OneLine(name))
		}
		if err := u.checkCounter(); err != nil {
			return yamlfile.Errorf(v.File, line, "tables: units: %s: %v", yamlfile.OneLine(name), err)
		}
		if u.Kind == MG && !rof {
			// Left out, it read as 0: an MG that never keeps its ROF.
			return yamlfile.Errorf(v.File, line, "tables: units: %s: a MG needs rof, its Rate of Fire (0 for none)", yamlfile.OneLine(name))
		}
		noun := u.Kind.String()
		if u.Kind == HalfSquad {
			noun = "HS"
		}
		if (u.Kind == Squad || u.Kind == HalfSquad) && !class {
			// Left out, it read as first line: Cowering and the elite
			// MMC's −1 on {x3} read the Class (S5, S22, S29).
			return yamlfile.Errorf(v.File, line, "tables: units: %s: a %s needs class, one of %s (Cowering and {x3} read it)", yamlfile.OneLine(name), noun, strings.Join(asl.ClassNames(), ", "))
		}
		if u.Kind.mmc() && u.BPV < 1 {
			// Left out, it read as 0: a SW went to whichever MMC came
			// first, not to the highest BPV (S21).
			return yamlfile.Errorf(v.File, line, "tables: units: %s: a %s needs bpv, its Basic Point Value, 1 or more (a SW goes to the MMC of highest BPV, S21)", yamlfile.OneLine(name), noun)
		}
		out[name] = u
		return nil
	})
}

// rows reads a mapping of Final DR to row values, without gaps (S19).
func rows[T any](v yamlfile.Node, row func(yamlfile.Node) (T, error)) (first int, out []T, err error) {
	if v.N.Kind != yaml.MappingNode || len(v.N.Content) == 0 {
		return 0, nil, v.Errorf("want a mapping of Final DR to rows, such as {2: …, 3: …}")
	}
	type kv struct {
		k    int
		line int
		val  T
	}
	var all []kv
	err = v.Pairs(func(key string, line int, w yamlfile.Node) error {
		k, err := decimal.ParseInt(key, -20, 40)
		if err != nil {
			return yamlfile.Errorf(v.File, line, "%s: row %q: want a Final DR, a whole number from -20 to 40", v.Path, key)
		}
		val, err := row(w)
		if err != nil {
			return err
		}
		all = append(all, kv{int(k), line, val})
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	slices.SortStableFunc(all, func(a, b kv) int { return a.k - b.k }) // in the file's order within a row
	for i := 1; i < len(all); i++ {
		if all[i].k == all[i-1].k {
			// 8 and 08 are one row.
			return 0, nil, yamlfile.Errorf(v.File, all[i].line, "%s: row %d given twice", v.Path, all[i].k)
		}
		if all[i].k != all[i-1].k+1 {
			return 0, nil, yamlfile.Errorf(v.File, all[i].line, "%s: no row %d: rows may not have gaps (S19)", v.Path, all[i-1].k+1)
		}
	}
	for _, x := range all {
		out = append(out, x.val)
	}
	return all[0].k, out, nil
}

func decodeA1(v yamlfile.Node) (A1, error) {
	first, rs, err := rows(v, func(w yamlfile.Node) ([]Item, error) {
		var items []Item
		err := w.List(func(_ int, x yamlfile.Node) error {
			it, err := yamlfile.Parsed(x, ParseItem)
			items = append(items, it)
			return err
		})
		return items, err
	})
	return A1{First: first, Rows: rs}, err
}

// tableShape says what a generation table may give beyond rows and
// columns by year.
type tableShape uint8

const (
	tableDRM   tableShape = 1 << iota // a drm list ({x2}, {x3})
	tableSub                          // a row's subsequent dr ({x3})
	tableSite                         // columns by site, and only columns ({x5})
	tableElite                        // a DRM may be the elite MMC's ({x3}, S5)
)

// decodeTable reads a generation table: rows, or columns by year (and,
// for {x5}, by site: inside or outside, checked here at its line), with a
// drm list where the table takes one.
func decodeTable(v yamlfile.Node, shape tableShape) (Table, error) {
	var t Table
	drm, sub, bySite := shape&tableDRM != 0, shape&tableSub != 0, shape&tableSite != 0
	keys := []string{"rows", "columns"}
	if bySite {
		keys = keys[1:]
	}
	if drm {
		keys = append(keys, "drm")
	}
	colKeys := []string{"year", "rows"}
	if bySite {
		colKeys = []string{"year", "site", "rows"}
	}
	err := v.Fields(keys, func(k string, w yamlfile.Node) error {
		switch k {
		case "drm":
			if err := w.NotEmpty("want the DRM, or leave drm out"); err != nil {
				return err
			}
			return w.List(func(_ int, x yamlfile.Node) error {
				var m DRM
				value := false
				err := x.Fields([]string{"from", "until", "if", "value"}, func(kk string, y yamlfile.Node) error {
					var err error
					switch kk {
					case "from":
						m.From, err = yamlfile.Parsed(y, ParseDate)
					case "until":
						m.Until, err = yamlfile.Parsed(y, ParseDate)
					case "if":
						var s string
						switch s, err = y.Str(); {
						case err != nil:
						case s != "elite-mmc":
							err = y.Errorf("%q: want elite-mmc", s)
						case shape&tableElite == 0:
							// Nothing would read it: an MMC listed
							// before L sets the leader's −1 only.
							err = y.Errorf("elite-mmc: only the {x3} leader table's DRM may be the elite MMC's (S5); it would never apply here")
						}
						m.EliteMMC = true
					case "value":
						value = true
						m.Value, err = y.Integer(-6, 6)
					}
					return err
				})
				switch {
				case err == nil && !value:
					err = x.Errorf("no value")
				case err == nil && !m.From.IsZero() && !m.Until.IsZero() && !m.From.Before(m.Until):
					err = x.Errorf("from %s is not before until %s: the DRM would never apply", m.From, m.Until)
				case err == nil:
					// The DRMs that apply at a date add up: two entries of
					// the same dates and condition are one DRM written
					// twice, more likely a slip than a sum.
					for i, o := range t.DRM {
						if o.From == m.From && o.Until == m.Until && o.EliteMMC == m.EliteMMC {
							err = x.Errorf("the same dates and condition as drm entry %d: the two would add up; give one entry of value %d", i+1, o.Value+m.Value)
							break
						}
					}
				}
				t.DRM = append(t.DRM, m)
				return err
			})
		case "rows":
			if len(t.Columns) > 0 {
				return w.Errorf("rows and columns: give one table, rows for every date or columns by year")
			}
			c, err := decodeColumn(w, sub)
			t.Columns = append(t.Columns, c)
			return err
		default:
			if len(t.Columns) > 0 {
				return w.Errorf("rows and columns: give one table, rows for every date or columns by year")
			}
			return w.List(func(_ int, x yamlfile.Node) error {
				var c Column
				err := x.Fields(colKeys, func(kk string, y yamlfile.Node) error {
					var err error
					switch kk {
					case "year":
						// Columns by the years of the war the tables are
						// for: 2100 was a column never picked.
						c.Year, err = y.Integer(FirstYear, LastYear)
					case "site":
						c.Site, err = yamlfile.Parsed(y, ParseSite)
					default:
						var r Column
						r, err = decodeColumn(y, sub)
						c.First, c.Rows = r.First, r.Rows
					}
					return err
				})
				if err == nil && c.Rows == nil {
					err = x.Errorf("no rows")
				}
				if err == nil && c.Year == 0 {
					// Left out, it read as year 0, before every date.
					err = x.Errorf("no year; a column is picked by its year, from %d to %d", FirstYear, LastYear)
				}
				if err == nil && bySite && c.Site == "" {
					err = x.Errorf("no site; want %s", strings.Join(Sites(), " or "))
				}
				if err == nil && slices.ContainsFunc(t.Columns, func(d Column) bool { return d.Year == c.Year && d.Site == c.Site }) {
					// The first would be read, the second never (S27).
					err = x.Errorf("a second column for %d%s: each year (and site) has one column", c.Year, map[bool]string{true: " " + string(c.Site)}[c.Site != ""])
				}
				t.Columns = append(t.Columns, c)
				return err
			})
		}
	})
	if err == nil && len(t.Columns) == 0 {
		err = v.Errorf("no rows or columns")
	}
	return t, err
}

// rowName reads a row's unit: a name, or none, which generates nothing
// (S28) and reads as "". An empty row is refused: only none says nothing.
func rowName(w yamlfile.Node) (string, error) {
	s, err := w.Name()
	switch {
	case err != nil:
		return "", err
	case s == "":
		return "", w.Errorf("a row names no unit; write none for a row that generates nothing (S28)")
	case s == noneRow:
		return "", nil
	}
	return w.ID()
}

// decodeColumn reads rows of unit names; in any generation table none is
// a row that generates nothing (S28), and in {x3} a row may carry a
// subsequent dr: {unit: 8-0, sub: {before: 1942-10, 1: 9-0C}}.
func decodeColumn(v yamlfile.Node, sub bool) (Column, error) {
	first, rs, err := rows(v, func(w yamlfile.Node) (Entry, error) {
		if w.N.Kind == yaml.ScalarNode {
			s, err := rowName(w)
			return Entry{Unit: s}, err
		}
		if !sub {
			return Entry{}, w.Errorf("want a unit name, not %s", yamlfile.KindName(w.N))
		}
		var e Entry
		unit := false
		err := w.Fields([]string{"unit", "sub"}, func(k string, x yamlfile.Node) error {
			unit = unit || k == "unit"
			if k == "unit" {
				var err error
				e.Unit, err = rowName(x)
				return err
			}
			e.Sub = &Sub{On: map[int]string{}}
			before := false
			err := x.Pairs(func(kk string, line int, yn yamlfile.Node) error {
				if kk == "before" {
					before = true
					var err error
					e.Sub.Before, err = yamlfile.Parsed(yn, ParseDate)
					return err
				}
				dr, err := decimal.ParseInt(kk, 1, 6)
				if err != nil {
					return yamlfile.Errorf(x.File, line, "%s: %q: want before or a dr 1…6", x.Path, kk)
				}
				if _, twice := e.Sub.On[int(dr)]; twice {
					// 1 and 01: the later replaced the earlier.
					return yamlfile.Errorf(x.File, line, "%s: dr %d given twice", x.Path, dr)
				}
				e.Sub.On[int(dr)], err = yn.ID()
				return err
			})
			if err == nil && !before {
				err = x.Errorf("no before date")
			}
			return err
		})
		if err == nil && !unit {
			// Left out, it read as none: no unit unless the dr swaps one in.
			err = w.Errorf("no unit; give the row's unit, or unit: none, beside its sub")
		}
		return e, err
	})
	if err != nil {
		return Column{}, err
	}
	if first == 0 && len(rs) == 0 {
		return Column{}, v.Errorf("no rows")
	}
	return Column{First: first, Rows: rs}, nil
}

// wholeFP reads a counter's FP, a whole number as every counter prints
// it, as range and bpv are read: 4.5 or 4.0 is refused, not taken.
func wholeFP(x yamlfile.Node) (float64, error) {
	fp, err := x.Integer(0, 100)
	return float64(fp), err
}

// infantry is the ASL kind of the Personnel whose counters print FP and
// range, whose ranges their values are held to (asl.CounterRanges).
var infantry = map[Kind]asl.Kind{Squad: asl.Squad, HalfSquad: asl.HalfSquad, Crew: asl.Crew}

// checkCounter holds a squad's, a HS's or a crew's FP and range to what its
// counter may print, and, when its name is a counter (4-5-8), to the FP
// and range the name prints; and a leader named as his counter (9-2) to
// the modifier the name prints. A name that says one thing and fields
// that say another are a typo, which a run would otherwise quietly read as
// the fields say.
func (u UnitDef) checkCounter() error {
	if u.Kind == Leader {
		if c, err := asl.ParseUnit("leader:" + u.Name); err == nil && c.Mod != u.Mod {
			return fmt.Errorf("mod %+d, but the name prints the modifier %+d; make them agree", u.Mod, c.Mod)
		}
		return nil
	}
	k, ok := infantry[u.Kind]
	if !ok {
		return nil
	}
	fp, rng, _ := asl.CounterRanges(k)
	switch {
	case u.FP < float64(fp.Lo) || u.FP > float64(fp.Hi):
		return fmt.Errorf("fp %g outside %d…%d for a %s", u.FP, fp.Lo, fp.Hi, u.Kind)
	case u.Range < rng.Lo || u.Range > rng.Hi:
		return fmt.Errorf("range %d outside %d…%d for a %s", u.Range, rng.Lo, rng.Hi, u.Kind)
	}
	c, err := asl.ParseUnit(u.Name)
	if err != nil || c.Kind == asl.Leader || c.Kind == asl.Hero {
		return nil // not a counter's name
	}
	if float64(c.FP) != u.FP || c.Range != u.Range {
		return fmt.Errorf("fp %g and range %d, but the name prints FP %d and range %d; make them agree", u.FP, u.Range, c.FP, c.Range)
	}
	return nil
}
