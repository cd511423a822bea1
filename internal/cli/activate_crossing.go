package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/sapperhq/sapper/model/sasl"
)

// crossingKeys are the top-level fields of a crossing file that the
// scenario decoder leaves to sapper activate.
var crossingKeys = sasl.CrossingKeys()

// decodeCrossing reads the crossing fields of s, as a Go program reads
// them (sasl.ReadCrossing), its tables file found beside s: a crossing
// names its tables relative to itself, so that the two can be moved
// together.
func decodeCrossing(ctx context.Context, s *scenario) (*sasl.CrossingFile, error) {
	cf, err := sasl.ReadCrossing(s.file, s.data, scenarioKeys...)
	if err != nil {
		return nil, fileError(err)
	}
	if t := cf.Tables; t != "" && t != illustrativeTables && !filepath.IsAbs(t) && s.ref != "" {
		cf.Tables = filepath.Join(crossingDir(ctx, s.ref), t)
		if cf.Tables == illustrativeTables {
			// "./illustrative" beside a crossing in the working
			// directory cleans to the shipped tables' name: it names a
			// file, as written.
			cf.Tables = "." + string(filepath.Separator) + cf.Tables
		}
	}
	return cf, nil
}

// crossingDir is the directory a crossing file's tables are named from:
// its own; for one read through a descriptor (/dev/stdin, a shell's
// <(…), /dev/fd/N), which names no directory of the user's, that of the
// regular file redirected to it, or, from a pipe or a terminal, which
// have none, the working directory, as for --tables. (On Linux a
// descriptor links to what it reads; elsewhere /dev/fd/N may link to
// nothing, and gives the working directory.)
//
// A served or page run, whose files are its uploads (withUploads), looks
// at no disk: an uploaded name is only a name, its directory the part
// before its last slash, though it be a descriptor's, which on the
// server's disk would tell whether its files exist and where it runs.
func crossingDir(ctx context.Context, ref string) string {
	if _, uploads, _ := uploaded(ctx, ref); uploads || !device(ref) {
		return filepath.Dir(ref)
	}
	if real, err := filepath.EvalSymlinks(ref); err == nil && !device(real) {
		if fi, err := os.Stat(real); err == nil && fi.Mode().IsRegular() {
			return filepath.Dir(real)
		}
	}
	return "."
}

// device reports whether path names a descriptor or a terminal, not a
// file of the user's: /dev/stdin, /dev/fd/N, /dev/pts/N, /dev/tty,
// /proc/…. (/dev/shm may hold the user's files.)
func device(path string) bool {
	clean := filepath.ToSlash(filepath.Clean(path))
	return clean == "/dev/stdin" || clean == "/dev/tty" || strings.HasPrefix(clean, "/dev/fd/") ||
		strings.HasPrefix(clean, "/dev/pts/") || strings.HasPrefix(clean, "/proc/")
}
