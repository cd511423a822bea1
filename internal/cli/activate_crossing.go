package cli

import (
	"path/filepath"

	"github.com/sapperhq/sapper/model/sasl"
)

// crossingKeys are the top-level fields of a crossing file that the
// scenario decoder leaves to sapper activate.
var crossingKeys = sasl.CrossingKeys()

// decodeCrossing reads the crossing fields of s, as a Go program reads
// them (sasl.ReadCrossing), its tables file found beside s: a crossing
// names its tables relative to itself, so that the two can be moved
// together.
func decodeCrossing(s *scenario) (*sasl.CrossingFile, error) {
	cf, err := sasl.ReadCrossing(s.file, s.data, scenarioKeys...)
	if err != nil {
		return nil, fileError(err)
	}
	if t := cf.Tables; t != "" && t != illustrativeTables && !filepath.IsAbs(t) && s.ref != "" {
		cf.Tables = filepath.Join(filepath.Dir(s.ref), t)
		if cf.Tables == illustrativeTables {
			// "./illustrative" beside a crossing in the working
			// directory cleans to the shipped tables' name: it names a
			// file, as written.
			cf.Tables = "." + string(filepath.Separator) + cf.Tables
		}
	}
	return cf, nil
}
