package cli

import (
	"context"
	"io"
)

// ExecuteFiles is Execute for a program without a disk, the engine in a
// browser: the input files a command line names (a crossing, its tables,
// a scenario) are read from files, by those names, and no other file is
// read. files may be nil.
func ExecuteFiles(ctx context.Context, args []string, files map[string][]byte, stdout, stderr io.Writer) error {
	return Execute(withUploads(ctx, files), args, stdout, stderr)
}
