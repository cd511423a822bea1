package cli

import (
	"context"
	"fmt"
	"path/filepath"

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
	missing := "no such file; want a tables FILE or " + illustrativeTables
	if ref == "-" {
		missing = stdinOffer
	}
	if err := readFailed(ctx, "tables "+fileName(ref), err, missing); err != nil {
		return nil, err
	}
	return decodeTables(ref, data)
}

// illustrativeOrFile refuses the tables named illustrative where a file
// of that name stands where they would be read from (beside the crossing
// file, or for --tables where sapper runs), as run refuses a scenario
// named like a file: which was meant is not for sapper to guess.
func illustrativeOrFile(ctx context.Context, s *scenario, ref string, flag bool) error {
	if ref != illustrativeTables {
		return nil
	}
	dir, given := ".", "--tables illustrative"
	if !flag {
		if s.file != s.ref {
			return nil // a built-in crossing, read from no directory
		}
		dir, given = crossingDir(ctx, s.ref), "tables: illustrative"
	}
	if p := filepath.Join(dir, ref); fileExists(ctx, p) {
		return usagef("%s names the shipped tables, and %s is a file; write ./%s for the file, or rename it", given, quote(p), illustrativeTables)
	}
	return nil
}

// decodeTables reads a tables file (sasl.DecodeTables), its errors the
// command line's usage errors.
func decodeTables(file string, data []byte) (*sasl.Tables, error) {
	t, err := sasl.DecodeTables(file, data)
	return t, fileError(err)
}

// tablesLabel is how every output names the tables a run used. A file of
// the player's own that says illustrative: true (a copy of the shipped
// set, say) is told what marks it, not to supply the file it is.
func tablesLabel(t *sasl.Tables) string {
	switch {
	case t.Illustrative && !t.Shipped:
		return fmt.Sprintf("ILLUSTRATIVE %s tables (%s says illustrative: true), not the official ones: remove that line once its rows are the real tables", t.Nationality, t.Source)
	case t.Illustrative:
		return fmt.Sprintf("ILLUSTRATIVE %s tables (%s), not the official ones: supply yours with --tables FILE", t.Nationality, t.Source)
	}
	return fmt.Sprintf("%s tables from %s", t.Nationality, t.Source)
}
