package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

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
	var pe *fs.PathError
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, cancelled("tables " + oneLine(clip(ref)) + ": interrupted while reading; nothing was run")
	case os.IsNotExist(err):
		return nil, usagef("tables %s: no such file; want a tables FILE or %s", oneLine(clip(ref)), illustrativeTables)
	case errors.As(err, &pe):
		// The file is named once, in the message's head.
		return nil, usagef("tables %s: %v", oneLine(clip(ref)), pe.Err)
	case err != nil:
		return nil, usagef("tables %s: %v", oneLine(clip(ref)), err)
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
