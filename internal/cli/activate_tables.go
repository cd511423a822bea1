package cli

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/model/sasl"
)

// illustrativeTables names the shipped set in crossing files and --tables.
const illustrativeTables = "illustrative"

// loadTables reads a tables file, or the shipped illustrative set.
func loadTables(ctx context.Context, ref string) (*sasl.Tables, error) {
	if ref == illustrativeTables {
		t, err := sasl.IllustrativeTables()
		return t, fileError(err)
	}
	// A tables file is read as a scenario file is: bounded (infile).
	data, err := readInput(ctx, ref)
	if err := readFailed(ctx, "tables "+oneLine(clip(ref)), err, "no such file; want a tables FILE or "+illustrativeTables); err != nil {
		return nil, err
	}
	return decodeTables(ref, data)
}

// decodeTables reads a tables file (sasl.DecodeTables), its errors the
// command line's usage errors.
func decodeTables(file string, data []byte) (*sasl.Tables, error) {
	t, err := sasl.DecodeTables(file, data)
	return t, fileError(err)
}

// tablesLabel is how every output names the tables a run used.
func tablesLabel(t *sasl.Tables) string {
	if t.Illustrative {
		return fmt.Sprintf("ILLUSTRATIVE %s tables (%s), not the official ones: supply yours with --tables FILE", t.Nationality, t.Source)
	}
	return fmt.Sprintf("%s tables from %s", t.Nationality, t.Source)
}
