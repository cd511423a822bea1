package cli

import (
	"path/filepath"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
)

// crossingKeys are the top-level fields of a crossing file besides the
// scenario fields (command: activate, title, description, flags, vary,
// metric).
var crossingKeys = []string{"tables", "stack", "elr", "hazardous", "assault", "enemy", "sq", "path"}

var (
	enemyKeys    = []string{"ac", "attitude", "mission_drm", "a5_drm", "nationality", "date"}
	sqKeys       = []string{"id", "loc", "ac_drm", "site", "forbid"}
	stepKeys     = []string{"name", "mf", "tem", "open", "eligible"}
	eligibleKeys = []string{"id", "range", "hindrance", "long_range"}
)

// crossingFile is a decoded crossing file: the crossing and where its
// tables come from.
type crossingFile struct {
	c      sasl.Crossing
	tables string // illustrative, or a path relative to the file
	lines  map[string]int
}

// decodeCrossing reads the crossing fields of a scenario strictly.
func decodeCrossing(s *scenario) (*crossingFile, error) {
	cf := &crossingFile{c: sasl.Crossing{ELR: 3, Options: sasl.DefaultOptions()}, lines: map[string]int{}}
	c := &cf.c
	for _, k := range crossingKeys {
		n, ok := s.crossing[k]
		if !ok {
			continue
		}
		cf.lines[k] = s.lines[k]
		v := node{file: s.file, n: n, path: k}
		var err error
		switch k {
		case "tables":
			cf.tables, err = v.str()
			if err == nil && strings.TrimSpace(cf.tables) == "" {
				err = v.errorf("%q: want a tables file, relative to this one, or illustrative", cf.tables)
			}
			if err == nil && cf.tables != illustrativeTables && !filepath.IsAbs(cf.tables) && s.ref != "" {
				cf.tables = filepath.Join(filepath.Dir(s.ref), cf.tables)
			}
		case "stack":
			err = v.list(func(_ int, x node) error {
				u, err := parsed(x, asl.ParseUnit)
				c.Stack = append(c.Stack, u)
				return err
			})
		case "elr":
			c.ELR, err = v.integer(0, 5)
		case "hazardous":
			c.Hazardous, err = v.boolean()
		case "assault":
			c.Assault, err = v.boolean()
		case "enemy":
			err = decodeEnemy(v, &c.Enemy)
		case "sq":
			err = v.list(func(_ int, x node) error {
				var q sasl.SQ
				err := x.fields(sqKeys, func(kk string, y node) error {
					var err error
					switch kk {
					case "id":
						q.ID, err = y.str()
					case "loc":
						q.Loc, err = y.str()
					case "ac_drm":
						q.ACDRM, err = y.integer(-6, 6)
					case "site":
						q.Site, err = parsed(y, sasl.ParseSite)
					case "forbid":
						err = y.list(func(_ int, z node) error {
							it, err := parsed(z, sasl.ParseItem)
							q.Forbid = append(q.Forbid, it)
							return err
						})
					}
					return err
				})
				if q.Site == "" {
					q.Site = sasl.Outside
				}
				c.SQ = append(c.SQ, q)
				return err
			})
		case "path":
			err = v.list(func(i int, x node) error {
				st, err := decodeStep(x)
				c.Path = append(c.Path, st)
				return err
			})
		}
		if err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"stack", "enemy", "path"} {
		if _, ok := s.crossing[k]; !ok {
			return nil, scenarioError(s.file, 0, "no %s; a crossing file needs stack, enemy and path (sapper help activate)", k)
		}
	}
	return cf, nil
}

func decodeEnemy(v node, e *sasl.Enemy) error {
	seen := map[string]bool{}
	err := v.fields(enemyKeys, func(k string, x node) error {
		seen[k] = true
		var err error
		switch k {
		case "ac":
			e.AC, err = x.integer(0, 6)
		case "attitude":
			e.Attitude, err = parsed(x, sasl.ParseAttitude)
		case "mission_drm":
			e.MissionDRM, err = x.integer(-6, 6)
		case "a5_drm":
			e.A5DRM, err = x.integer(-6, 6)
		case "nationality":
			e.Nationality, err = x.str()
		case "date":
			e.Date, err = parsed(x, sasl.ParseDate)
		}
		return err
	})
	if err != nil {
		return err
	}
	for _, k := range []string{"ac", "attitude", "nationality", "date"} {
		if !seen[k] {
			return v.errorf("no %s; the ENEMY side needs ac, attitude, nationality and date", k)
		}
	}
	return nil
}

func decodeStep(x node) (sasl.Step, error) {
	var st sasl.Step
	mf := false
	err := x.fields(stepKeys, func(k string, y node) error {
		var err error
		switch k {
		case "name":
			st.Name, err = y.str()
		case "mf":
			mf = true
			st.MF, err = y.number(0.01, 16)
		case "tem":
			st.TEM, err = y.integer(-2, 8)
		case "open":
			st.Open, err = y.boolean()
		case "eligible":
			err = y.list(func(_ int, z node) error {
				var el sasl.Eligible
				id := false
				err := z.fields(eligibleKeys, func(kk string, w node) error {
					var err error
					switch kk {
					case "id":
						id = true
						el.ID, err = w.str()
					case "range":
						el.Range, err = w.integer(0, 16)
					case "hindrance":
						el.Hindrance, err = w.integer(0, 6)
					case "long_range":
						el.LongRange, err = w.boolean()
					}
					return err
				})
				if err == nil && !id {
					err = z.errorf("no id")
				}
				st.Eligible = append(st.Eligible, el)
				return err
			})
		}
		return err
	})
	if err == nil && !mf {
		err = x.errorf("no mf: the MF spent to enter the Location")
	}
	return st, err
}
