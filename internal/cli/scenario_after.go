package cli

import (
	"slices"

	"github.com/spf13/pflag"
)

// parsedFlags is a flag set with args parsed into it, or the error
// parsing them.
type parsedFlags struct {
	args []string
	fs   *pflag.FlagSet
	err  error
}

// afterFlags is the command's flag set with the flags given after the file
// parsed into it, or the parse error. Merging and titling a scenario ask
// for it several times over; building a command's flag set costs more
// than a short run's set-up, so it is built and parsed once. The callers
// only read it.
func (s *scenario) afterFlags(args []string) (*pflag.FlagSet, error) {
	if a := s.after; a != nil && slices.Equal(a.args, args) {
		return a.fs, a.err
	}
	fs := flagsOf(s.command)
	err := parseFlags(fs, args)
	s.after = &parsedFlags{args: slices.Clone(args), fs: fs, err: err}
	return fs, err
}
