package sasl

import "embed"

// The illustrative tables: the program's own invention in the shape of
// rules/sasl.md S19, agreeing with every fixed point the examples of S5
// reveal (rules/sasl.md §6), not the official Chapter S tables, which are
// not public. They are data, in the tables file format a player's own
// tables use.
//
//go:embed tables/illustrative-russian.yaml
var illustrative embed.FS

// IllustrativeFile is the name the shipped tables go by in messages and
// in the output's tables label.
const IllustrativeFile = "illustrative-russian.yaml"

// IllustrativeTables decodes the shipped illustrative tables (Russian):
// the default of every crossing that names no tables file.
func IllustrativeTables() (*Tables, error) {
	data, err := illustrative.ReadFile("tables/" + IllustrativeFile)
	if err != nil {
		return nil, err
	}
	t, err := DecodeTables(IllustrativeFile, data)
	if t != nil {
		t.Shipped = true
	}
	return t, err
}
