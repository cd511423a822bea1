package main

import (
	"io"

	"github.com/spf13/pflag"
)

// newFlagSet returns a flag set that reports errors to its caller instead
// of printing them, so that every error leaves as the one line run prints,
// and that keeps flags in declaration order in help texts.
func newFlagSet(name string) (*pflag.FlagSet, *bool) {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	help := fs.BoolP("help", "h", false, "show this help")
	return fs, help
}

// parse parses args into fs and rejects positional arguments, which no
// subcommand takes.
func parse(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return parseError(err)
	}
	if rest := fs.Args(); len(rest) > 0 {
		return usagef("unexpected argument %q; every input is a flag (boolean flags take --flag or --flag=false)", rest[0])
	}
	return nil
}
