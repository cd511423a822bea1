package sasl

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/internal/yamlfile"
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/bound"
)

// crossingKeys are the fields of a crossing file besides a scenario
// file's own (command: activate, title, description, flags, vary,
// metric), which the command line judges.
var crossingKeys = []string{"tables", "stack", "elr", "hazardous", "assault", "enemy", "sq", "path"}

// CrossingKeys returns the fields of a crossing file that
// ReadCrossing reads, in the order messages name them.
func CrossingKeys() []string { return append([]string(nil), crossingKeys...) }

// CrossingFile is a decoded crossing file: the crossing, where its
// tables come from and the line of each field, for placing a later
// error about the crossing at the field it is about.
type CrossingFile struct {
	File     string
	Crossing Crossing
	// Tables is the tables file as written: illustrative, a path
	// relative to the crossing file, or "" when it names none.
	Tables string
	Lines  map[string]int
}

// decodeCrossing reads the crossing fields of file (rules/sasl.md: the
// stack, the ENEMY side of S1, the S? and the path of Locations) strictly;
// fields holds them by name, as the file's top-level mapping gave them.
// An error is a *FileError. The crossing's Tables are left for the
// caller to load from the reference it returns.
func decodeCrossing(file string, fields map[string]yamlfile.Field) (*CrossingFile, error) {
	cf := &CrossingFile{File: file, Crossing: Crossing{ELR: 3, Options: DefaultOptions()}, Lines: map[string]int{}}
	c := &cf.Crossing
	for _, k := range crossingKeys {
		f, ok := fields[k]
		if !ok {
			continue
		}
		cf.Lines[k] = f.Line
		v := f.Node
		var err error
		switch k {
		case "tables":
			cf.Tables, err = v.Line()
			if err == nil && strings.TrimSpace(cf.Tables) == "" {
				err = v.Errorf("%q: want a tables file, relative to this one, or illustrative", cf.Tables)
			}
		case "stack":
			err = v.List(func(_ int, x yamlfile.Node) error {
				u, err := yamlfile.Parsed(x, asl.ParseUnit)
				if err != nil && x.N.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 && asl.IsUnitOption(x.N.Value) {
					// In [4-6-7,elr=2] YAML splits the unit at its comma.
					return x.Errorf("%q is a unit's option, not a unit: quote the unit with its options, as \"4-6-7,elr=2\"", x.N.Value)
				}
				c.Stack = append(c.Stack, u)
				return err
			})
		case "elr":
			c.ELR, err = v.Integer(0, 5)
		case "hazardous":
			c.Hazardous, err = v.Boolean()
		case "assault":
			c.Assault, err = v.Boolean()
		case "enemy":
			err = decodeEnemy(v, &c.Enemy)
		case "sq":
			if err := v.NotEmpty("want the S? counters, or leave sq out"); err != nil {
				return nil, err
			}
			err = v.List(func(_ int, x yamlfile.Node) error {
				var q SQ
				err := x.Fields(sqKeys, func(kk string, y yamlfile.Node) error {
					var err error
					switch kk {
					case "id":
						q.ID, err = y.ID()
					case "loc":
						q.Loc, err = y.ID()
					case "ac_drm":
						q.ACDRM, err = y.Integer(-6, 6)
					case "site":
						q.Site, err = yamlfile.Parsed(y, ParseSite)
					case "forbid":
						if err := y.NotEmpty("want the items forbidden, or leave forbid out"); err != nil {
							return err
						}
						err = y.List(func(_ int, z yamlfile.Node) error {
							it, err := yamlfile.Parsed(z, ParseItem)
							if err == nil && slices.Contains(q.Forbid, it) {
								return z.Errorf("%s is forbidden twice; list each item once", it)
							}
							q.Forbid = append(q.Forbid, it)
							return err
						})
					}
					return err
				})
				if q.Site == "" {
					q.Site = Outside
				}
				c.SQ = append(c.SQ, q)
				// The last entry of an id: a second is the one at
				// fault when it is defined twice.
				cf.Lines[sqAt(q)] = x.N.Line
				return err
			})
		case "path":
			err = v.List(func(i int, x yamlfile.Node) error {
				st, err := decodeStep(x)
				c.Path = append(c.Path, st)
				cf.Lines[fmt.Sprintf("path %d", i+1)] = x.N.Line
				return err
			})
		}
		if err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"stack", "enemy", "path"} {
		if _, ok := fields[k]; !ok {
			return nil, yamlfile.Errorf(file, 0, "no %s; a crossing file needs stack, enemy and path (sapper help activate)", k)
		}
	}
	// An empty stack is Validate's to refuse, as such, not as a stack
	// that reads no ELR.
	if f, ok := fields["elr"]; ok && len(c.Stack) > 0 && !slices.ContainsFunc(c.Stack, asl.Unit.ReadsELR) {
		return nil, f.Node.Errorf("no unit of the stack reads it: crews and heroes have no ELR (A19.11), and a unit's own elr= stands; leave elr out")
	}
	return cf, nil
}

var (
	enemyKeys    = []string{"ac", "attitude", "mission_drm", "a5_drm", "nationality", "date"}
	sqKeys       = []string{"id", "loc", "ac_drm", "site", "forbid"}
	stepKeys     = []string{"name", "mf", "tem", "open", "eligible"}
	eligibleKeys = []string{"id", "range", "hindrance", "long_range"}
)

// numberKeys are the keys of an S?, a Location and an eligible listing
// that hold a number: what a sweep of activate cannot vary, each given
// per S? or per Location in the file.
var numberKeys = []string{"ac_drm", "mf", "tem", "range", "hindrance"}

// IsNumberKey reports whether k, or k with its hyphens as underscores, is
// a number a crossing file gives per S? or per Location of its path.
func IsNumberKey(k string) bool {
	return slices.Contains(numberKeys, strings.ReplaceAll(k, "-", "_"))
}

// IsEnemyKey reports whether k is a key of a crossing file's enemy:
// mapping, for a message about a key written at the top level.
func IsEnemyKey(k string) bool { return slices.Contains(enemyKeys, k) }

// Place is err, an error of the crossing's Validate or Experiment, at
// the line of the field it names (a *bound.Invalid or *bound.Error: the
// field, never the message, says where).
//
// An error at one Location of the path ("path 2 (hall): …") is placed at
// that Location's line.
func (cf *CrossingFile) Place(err error) error {
	field, _ := bound.FieldOf(err)
	line := cf.Lines[field]
	if slices.Contains(enemyKeys, field) {
		line = cf.Lines["enemy"]
	}
	var inv *bound.Invalid
	if errors.As(err, &inv) && inv.At != "" {
		at, _, _ := strings.Cut(inv.At, " (")
		if l, ok := cf.Lines[at]; ok {
			line = l
		}
	}
	return yamlfile.Errorf(cf.File, line, "%s", err)
}

// decodeEnemy reads the ENEMY side: its AC#, fixed for the crossing
// (S1), its attitude, the Mission DRM on {A1} (S5.3), the drm on {A5}
// (S8), and the nationality and date that pick the tables' columns and
// DRM (S27).
func decodeEnemy(v yamlfile.Node, e *Enemy) error {
	seen := map[string]bool{}
	err := v.Fields(enemyKeys, func(k string, x yamlfile.Node) error {
		seen[k] = true
		var err error
		switch k {
		case "ac":
			e.AC, err = x.Integer(0, 6)
		case "attitude":
			e.Attitude, err = yamlfile.Parsed(x, ParseAttitude)
		case "mission_drm":
			e.MissionDRM, err = x.Integer(-6, 6)
		case "a5_drm":
			e.A5DRM, err = x.Integer(-6, 6)
		case "nationality":
			e.Nationality, err = x.Name()
		case "date":
			e.Date, err = yamlfile.Parsed(x, ParseDate)
		}
		return err
	})
	if err != nil {
		return err
	}
	for _, k := range []string{"ac", "attitude", "nationality", "date"} {
		if !seen[k] {
			return v.Errorf("no %s; the ENEMY side needs ac, attitude, nationality and date", k)
		}
	}
	return nil
}

// decodeStep reads a Location of the path: the MF spent to enter it,
// which bounds the shots per firer (S13), its TEM and open ground for
// FFMO (S12), and the S? eligible there with their range, hindrance and
// whether only Long Range may Activate them (S17).
func decodeStep(x yamlfile.Node) (Step, error) {
	var st Step
	mf := false
	// An eligible S? with no range is told so only once the Location's
	// own keys are read: a range indented one level too little is a key
	// of the Location, and its unknown field says where it went.
	var noRange error
	err := x.Fields(stepKeys, func(k string, y yamlfile.Node) error {
		var err error
		switch k {
		case "name":
			if st.Name, err = y.Name(); err == nil && strings.TrimSpace(st.Name) == "" {
				err = y.Errorf("an empty name; give the Location one, or leave name out")
			}
		case "mf":
			mf = true
			st.MF, err = y.Number(0.01, 16)
		case "tem":
			// A negative TEM is told why it is refused, not that it is
			// outside the range.
			if st.TEM, err = y.Integer(0, 8); err != nil {
				if v, nerr := y.Integer(math.MinInt, -1); nerr == nil {
					err = y.Errorf("%d: %s", v, negativeTEM)
				}
			}
		case "open":
			st.Open, err = y.Boolean()
		case "eligible":
			if err := y.NotEmpty("want the S? that may attack here, or leave eligible out"); err != nil {
				return err
			}
			err = y.List(func(_ int, z yamlfile.Node) error {
				var el Eligible
				id, ranged := false, false
				err := z.Fields(eligibleKeys, func(kk string, w yamlfile.Node) error {
					var err error
					switch kk {
					case "id":
						id = true
						el.ID, err = w.ID()
					case "range":
						ranged = true
						el.Range, err = w.Integer(0, 16)
					case "hindrance":
						el.Hindrance, err = w.Integer(0, 6)
					case "long_range":
						el.LongRange, err = w.Boolean()
					}
					return err
				})
				switch {
				case err != nil:
				case !id:
					err = z.Errorf("no id")
				case !ranged && noRange == nil:
					// Left out, it would read as 0: the same hex (S10).
					noRange = z.Errorf("S? %s: no range: the hexes from it to this Location", el.ID)
				}
				st.Eligible = append(st.Eligible, el)
				return err
			})
		}
		return err
	})
	if err == nil {
		err = noRange
	}
	if err == nil && !mf {
		err = x.Errorf("no mf: the MF spent to enter the Location")
	}
	return st, err
}
