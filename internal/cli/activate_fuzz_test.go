package cli

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzDecodeCrossing feeds arbitrary bytes to the crossing decoder. The
// contract: no panic; an error is a usage error naming the file; a small
// crossing that decodes and validates builds its experiment.
func FuzzDecodeCrossing(f *testing.F) {
	for _, name := range []string{"scenarios/two-sq-crossing.yaml", "scenarios/village-crossing.yaml", "testdata/activate/crossing.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("command: activate\nstack: [4-6-7]\nenemy: {ac: 3, attitude: hold, nationality: russian, date: 1941-08}\nsq: [{id: A, loc: x}, {id: B, loc: x}]\npath: [{mf: 2, eligible: [{id: A, range: 1}, {id: B, range: 0}]}]\n"))
	f.Add([]byte("command: activate\npath: [{mf: 1, eligible: [{id: A, range: 16, long_range: true}]}]\n"))
	f.Add([]byte("command: activate\nstack: [4-6-7]\nenemy: {ac: 3, attitude: hold, nationality: russian, date: 1941-08}\nsq: [{id: A, site: inside, forbid: [S]}]\npath: [{mf: 1, eligible: [{id: A, range: 12, long_range: true}]}]\n"))
	tables, err := loadTables(context.Background(), illustrativeTables)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		named := func(err error) {
			var ue *usageError
			if !errors.As(err, &ue) || !strings.HasPrefix(err.Error(), "fuzz.yaml") {
				t.Fatalf("error %T %q does not name the file", err, err)
			}
		}
		s, err := decodeScenario("fuzz.yaml", data)
		if err != nil {
			named(err)
			return
		}
		if s.command.name != activateName {
			return
		}
		cf, err := decodeCrossing(context.Background(), s)
		if err != nil {
			named(err)
			return
		}
		c := &cf.Crossing
		c.Tables = tables
		if c.Validate() != nil || len(c.SQ) > 3 || len(c.Path) > 3 {
			return
		}
		if _, err := c.Experiment(); err != nil {
			named(fileError(cf.Place(err)))
		}
	})
}

// FuzzDecodeTables feeds arbitrary bytes to the tables decoder: no panic,
// and every error is a usage error naming the file.
func FuzzDecodeTables(f *testing.F) {
	for _, name := range []string{"../../model/sasl/tables/illustrative-russian.yaml", "testdata/activate/tables.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("nationality: x\nunits: {a: {kind: squad}}\na1: {7: []}\nx2: {rows: {2: a}}\nx3: {rows: {2: none}}\n"))
	f.Add([]byte("x3: {rows: {6: {unit: 8-0, sub: {before: 1942-10, 1: 9-0C}}}}\n"))
	f.Add([]byte("nationality: x\nunits: {a: {kind: squad}, g: {kind: gun, crew: c}, c: {kind: crew}}\na1: {7: []}\nx2: {rows: {2: none, 3: a}}\nx3: {rows: {2: none}}\nx5: {columns: [{year: 1941, site: inside, rows: {2: g, 3: none}}]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := decodeTables("fuzz.yaml", data); err != nil {
			var ue *usageError
			if !errors.As(err, &ue) || !strings.HasPrefix(err.Error(), "fuzz.yaml") {
				t.Fatalf("error %T %q does not name the file", err, err)
			}
		}
	})
}
