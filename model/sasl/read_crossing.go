package sasl

import (
	"slices"
	"strings"

	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/internal/yamlfile"
)

// FileError is an error at a line of a crossing or tables file: File, the
// Line (0 for the file as a whole) and Msg, the error without its place.
// Every error of ReadCrossing and DecodeTables is one, so that a caller
// can place it from its fields rather than its text.
type FileError = yamlfile.Error

// ReadCrossing reads a crossing file, as sapper activate FILE reads its
// crossing: the keys of CrossingKeys, strictly, and the keys of also (a
// scenario file's own, such as command, title, description and flags,
// which the caller reads if it wants them) passed over; any other key is
// an error at its line, with the nearest known one suggested. The
// crossing's Tables are left for the caller to load from the reference
// it returns (IllustrativeTables, or DecodeTables of the file named).
// Data over 1 MiB, the limit of any input file, is refused unread. An
// error is a *FileError.
func ReadCrossing(file string, data []byte, also ...string) (*CrossingFile, error) {
	root, err := yamlfile.Decode(file, data, "a crossing")
	if err != nil {
		return nil, err
	}
	fields := map[string]yamlfile.Field{}
	keys := append(CrossingKeys(), also...)
	err = root.Pairs(func(key string, line int, v yamlfile.Node) error {
		switch {
		case slices.Contains(crossingKeys, key):
			fields[key] = yamlfile.Field{Node: v, Line: line}
		case !slices.Contains(also, key):
			hint := "; want " + strings.Join(keys, ", ")
			if best := spell.Nearest(key, keys); best != "" {
				hint = "; did you mean " + best + "?"
			}
			return yamlfile.Errorf(file, line, "unknown field %q%s", key, hint)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return decodeCrossing(file, fields)
}
