package cli

import (
	"context"

	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
)

// The illustrative tables: the program's own invention, agreeing with the
// fixed points of rules/sasl.md §6, not the official tables.
//
//go:embed tables/*.yaml
var builtinTables embed.FS

// illustrativeTables names the shipped set in crossing files and --tables.
const illustrativeTables = "illustrative"

// loadTables reads a tables file, or the shipped illustrative set.
func loadTables(ctx context.Context, ref string) (*sasl.Tables, error) {
	if strings.EqualFold(ref, illustrativeTables) {
		data, err := builtinTables.ReadFile("tables/illustrative-russian.yaml")
		if err != nil {
			return nil, err
		}
		return decodeTables("illustrative-russian.yaml", data)
	}
	// A tables file is read as a scenario file is: bounded (infile).
	data, err := readInput(ctx, ref)
	if err != nil {
		return nil, usagef("tables %s: %v", oneLine(ref), err)
	}
	return decodeTables(ref, data)
}

// noneRow is the row of a generation table that generates nothing (S28).
const noneRow = "none"

var tablesKeys = []string{"illustrative", "nationality", "deploy", "units", "a1", "x2", "x3", "x4", "x5", "x6", "x6a", "long_range"}

// decodeTables reads a tables file (rules/sasl.md S19) strictly: an
// unknown field, a wrong type, a field given twice, a gap in a table's
// rows or an unknown unit name is an error at its line.
func decodeTables(file string, data []byte) (*sasl.Tables, error) {
	root, err := decodeDoc(file, data)
	if err != nil {
		return nil, err
	}
	t := &sasl.Tables{Source: file, Units: map[string]sasl.UnitDef{}}
	lines := map[string]int{}
	top := node{file: file, n: root, path: "tables"}
	err = top.fields(tablesKeys, func(key string, v node) error {
		lines[key] = v.n.Line
		var err error
		switch key {
		case "illustrative":
			t.Illustrative, err = v.boolean()
		case "nationality":
			t.Nationality, err = v.str()
		case "deploy":
			t.Deploy, err = v.boolean()
		case "units":
			err = decodeUnits(v, t.Units)
		case "a1":
			t.A1, err = decodeA1(v)
		case "x2":
			t.X2, err = decodeTable(v, tableDRM)
		case "x3":
			t.X3, err = decodeTable(v, tableDRM|tableSub)
		case "x4":
			t.X4, err = decodeTable(v, 0)
		case "x5":
			t.X5, err = decodeTable(v, tableSite)
		case "x6":
			t.X6, err = decodeTable(v, 0)
		case "x6a":
			t.X6a, err = decodeTable(v, 0)
		case "long_range":
			err = v.fields([]string{"hmg", "hmg50"}, func(k string, w node) error {
				s, err := w.str()
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
	for _, k := range []string{"nationality", "units", "a1", "x2", "x3"} {
		if _, ok := lines[k]; !ok {
			return nil, scenarioError(file, root.Line, "tables: no %s; a tables file needs %s", k, "nationality, units, a1, x2 and x3")
		}
	}
	if err := t.Validate(); err != nil {
		// Place the message at the table it names.
		line := root.Line
		for _, k := range tablesKeys {
			if l, ok := lines[k]; ok && len(err.Error()) > len(k) && err.Error()[:len(k)+1] == k+":" {
				line = l
			}
		}
		return nil, scenarioError(file, line, "tables: %v", err)
	}
	return t, nil
}

var unitKeys = []string{"kind", "fp", "range", "class", "bpv", "hs", "mod", "rof", "b", "mm", "dm", "inside", "crew"}

func decodeUnits(v node, out map[string]sasl.UnitDef) error {
	if v.n.Kind != yaml.MappingNode {
		return v.errorf("want a mapping of unit names to their values, not %s", kindName(v.n))
	}
	return eachPair(v.file, v.n, func(name string, line int, w *yaml.Node) error {
		u := sasl.UnitDef{Name: name}
		kind := false
		err := v.child(name, w).fields(unitKeys, func(k string, x node) error {
			var err error
			switch k {
			case "kind":
				kind = true
				u.Kind, err = parsed(x, sasl.ParseKind)
			case "fp":
				u.FP, err = x.number(0, 100)
			case "range":
				u.Range, err = x.integer(0, 50)
			case "class":
				u.Class, err = parsed(x, asl.ParseClass)
			case "bpv":
				u.BPV, err = x.integer(0, 500)
			case "hs":
				u.HS, err = x.str()
			case "mod":
				u.Mod, err = x.integer(-3, 3)
			case "rof":
				u.ROF, err = x.integer(0, 6)
			case "b":
				u.B, err = x.integer(2, 12)
			case "mm":
				u.MM, err = x.integer(1, 500)
			case "inside":
				u.Inside, err = x.str()
			case "crew":
				u.Crew, err = x.str()
			case "dm":
				u.Dismantle = true
				if x.n.Kind == yaml.ScalarNode && x.n.Value == "none" {
					return nil
				}
				var p sasl.Profile
				err = x.fields([]string{"fp", "range"}, func(kk string, y node) error {
					var err error
					if kk == "fp" {
						p.FP, err = y.number(0, 100)
					} else {
						p.Range, err = y.integer(0, 50)
					}
					return err
				})
				u.DM = &p
			}
			return err
		})
		if err != nil {
			return err
		}
		if !kind {
			return scenarioError(v.file, line, "units: %s: no kind; want one of %v", oneLine(name), sasl.KindNames())
		}
		out[name] = u
		return nil
	})
}

// rows reads a mapping of Final DR to row values, without gaps (S19).
func rows[T any](v node, row func(node) (T, error)) (first int, out []T, err error) {
	if v.n.Kind != yaml.MappingNode || len(v.n.Content) == 0 {
		return 0, nil, v.errorf("want a mapping of Final DR to rows, such as {2: …, 3: …}")
	}
	type kv struct {
		k    int
		line int
		val  T
	}
	var all []kv
	err = eachPair(v.file, v.n, func(key string, line int, w *yaml.Node) error {
		k, err := strconv.Atoi(key)
		if err != nil || k < -20 || k > 40 {
			return scenarioError(v.file, line, "%s: row %q: want a Final DR, a whole number from -20 to 40", v.path, oneLine(key))
		}
		val, err := row(v.child(key, w))
		if err != nil {
			return err
		}
		all = append(all, kv{k, line, val})
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	slices.SortFunc(all, func(a, b kv) int { return a.k - b.k })
	for i := 1; i < len(all); i++ {
		if all[i].k != all[i-1].k+1 {
			return 0, nil, scenarioError(v.file, all[i].line, "%s: no row %d: rows may not have gaps (S19)", v.path, all[i-1].k+1)
		}
	}
	for _, x := range all {
		out = append(out, x.val)
	}
	return all[0].k, out, nil
}

func decodeA1(v node) (sasl.A1, error) {
	first, rs, err := rows(v, func(w node) ([]sasl.Item, error) {
		var items []sasl.Item
		err := w.list(func(_ int, x node) error {
			it, err := parsed(x, sasl.ParseItem)
			items = append(items, it)
			return err
		})
		return items, err
	})
	return sasl.A1{First: first, Rows: rs}, err
}

// tableShape says what a generation table may give beyond rows and
// columns by year.
type tableShape uint8

const (
	tableDRM  tableShape = 1 << iota // a drm list ({x2}, {x3})
	tableSub                         // a row's subsequent dr ({x3})
	tableSite                        // columns by site, and only columns ({x5})
)

// decodeTable reads a generation table: rows, or columns by year (and,
// for {x5}, by site: inside or outside, checked here at its line), with a
// drm list where the table takes one.
func decodeTable(v node, shape tableShape) (sasl.Table, error) {
	var t sasl.Table
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
	err := v.fields(keys, func(k string, w node) error {
		switch k {
		case "drm":
			return w.list(func(_ int, x node) error {
				var m sasl.DRM
				value := false
				err := x.fields([]string{"from", "until", "if", "value"}, func(kk string, y node) error {
					var err error
					switch kk {
					case "from":
						m.From, err = parsed(y, sasl.ParseDate)
					case "until":
						m.Until, err = parsed(y, sasl.ParseDate)
					case "if":
						var s string
						if s, err = y.str(); err == nil && s != "elite-mmc" {
							err = y.errorf("%q: want elite-mmc", oneLine(s))
						}
						m.EliteMMC = true
					case "value":
						value = true
						m.Value, err = y.integer(-6, 6)
					}
					return err
				})
				if err == nil && !value {
					err = x.errorf("no value")
				}
				t.DRM = append(t.DRM, m)
				return err
			})
		case "rows":
			c, err := decodeColumn(w, sub)
			t.Columns = append(t.Columns, c)
			return err
		default:
			return w.list(func(_ int, x node) error {
				var c sasl.Column
				err := x.fields(colKeys, func(kk string, y node) error {
					var err error
					switch kk {
					case "year":
						c.Year, err = y.integer(1900, 2100)
					case "site":
						c.Site, err = parsed(y, sasl.ParseSite)
					default:
						var r sasl.Column
						r, err = decodeColumn(y, sub)
						c.First, c.Rows = r.First, r.Rows
					}
					return err
				})
				if err == nil && c.Rows == nil {
					err = x.errorf("no rows")
				}
				if err == nil && bySite && c.Site == "" {
					err = x.errorf("no site; want %s", strings.Join(sasl.Sites(), " or "))
				}
				t.Columns = append(t.Columns, c)
				return err
			})
		}
	})
	if err == nil && len(t.Columns) == 0 {
		err = v.errorf("no rows or columns")
	}
	return t, err
}

// decodeColumn reads rows of unit names; in any generation table none is
// a row that generates nothing (S28), and in {x3} a row may carry a
// subsequent dr: {unit: 8-0, sub: {before: 1942-10, 1: 9-0C}}.
func decodeColumn(v node, sub bool) (sasl.Column, error) {
	first, rs, err := rows(v, func(w node) (sasl.Entry, error) {
		if w.n.Kind == yaml.ScalarNode {
			s, err := w.str()
			if s == noneRow {
				s = ""
			}
			return sasl.Entry{Unit: s}, err
		}
		if !sub {
			return sasl.Entry{}, w.errorf("want a unit name, not %s", kindName(w.n))
		}
		var e sasl.Entry
		err := w.fields([]string{"unit", "sub"}, func(k string, x node) error {
			if k == "unit" {
				var err error
				if e.Unit, err = x.str(); e.Unit == noneRow {
					e.Unit = ""
				}
				return err
			}
			e.Sub = &sasl.Sub{On: map[int]string{}}
			before := false
			err := eachPair(x.file, x.n, func(kk string, line int, y *yaml.Node) error {
				yn := x.child(kk, y)
				if kk == "before" {
					before = true
					var err error
					e.Sub.Before, err = parsed(yn, sasl.ParseDate)
					return err
				}
				dr, err := strconv.Atoi(kk)
				if err != nil || dr < 1 || dr > 6 {
					return scenarioError(x.file, line, "%s: %q: want before or a dr 1…6", x.path, oneLine(kk))
				}
				e.Sub.On[dr], err = yn.str()
				return err
			})
			if err == nil && !before {
				err = x.errorf("no before date")
			}
			return err
		})
		return e, err
	})
	if err != nil {
		return sasl.Column{}, err
	}
	if first == 0 && len(rs) == 0 {
		return sasl.Column{}, v.errorf("no rows")
	}
	return sasl.Column{First: first, Rows: rs}, nil
}

// tablesLabel is how every output names the tables a run used.
func tablesLabel(t *sasl.Tables) string {
	if t.Illustrative {
		return fmt.Sprintf("ILLUSTRATIVE %s tables (%s), not the official ones: supply yours with --tables FILE", t.Nationality, t.Source)
	}
	return fmt.Sprintf("%s tables from %s", t.Nationality, t.Source)
}
