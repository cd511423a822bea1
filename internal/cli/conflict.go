package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
)

// conflict is an input that other inputs make meaningless. Given with
// them it would change nothing, yet the output would echo it, so it is an
// error instead of being ignored; it counts as given even at its default
// value, since the user asked for something that cannot happen.
type conflict struct {
	// input is the input as typed, "--tem" or "--rule surrender".
	input string
	given bool
	// with names the inputs that make it meaningless, as typed:
	// "--mode set".
	with string
	when bool
	why  string
}

// givenFlags says which flags were given: a flag set, or the options of
// a plan's attack named as the flags they stand for (planOptions).
type givenFlags interface{ Changed(name string) bool }

var _ givenFlags = (*pflag.FlagSet)(nil)

// flagConflict is a conflict on flag name of fs.
func flagConflict(fs givenFlags, name, with string, when bool, why string) conflict {
	return conflict{input: "--" + name, given: fs.Changed(name), with: with, when: when, why: why}
}

// ruleConflict is a conflict on a --rule switch, given when any of the
// command's --rule values sets key.
func ruleConflict(rules []string, key, with string, when bool, why string) conflict {
	given := false
	for _, r := range rules {
		k, _, _ := strings.Cut(r, "=")
		given = given || strings.TrimSpace(k) == key
	}
	return conflict{input: "--rule " + key, given: given, with: with, when: when, why: why}
}

// conflictError is a conflict that applied: a usage error that also names
// the flags on each side, so that a scenario run can settle a conflict
// between the file and the command line without reading the message.
type conflictError struct {
	usageError
	// flag and withFlag are the flags' names without dashes; withFlag is
	// "" when the other side is no flag given ("no --thrower").
	flag, withFlag string
	// input, with and why are the conflict's parts as declared, for a
	// caller that names the inputs otherwise (a plan's options, a
	// scenario file's keys).
	input, with, why string
}

// Unwrap lets errors.As find the usage error, so a conflict prints and
// exits as any other bad input.
func (e *conflictError) Unwrap() error { return &e.usageError }

// flagName is the flag an input or a with names as typed: "method" for
// "--method exact", "rule" for "--rule surrender", "" for "no --thrower".
func flagName(typed string) string {
	name, ok := strings.CutPrefix(typed, "--")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, " ")
	return name
}

// checkConflicts rejects the first conflict that applies, naming both
// sides.
func checkConflicts(cs ...conflict) error {
	for _, c := range cs {
		if c.given && c.when {
			with := "with " + c.with
			if rest, ok := strings.CutPrefix(c.with, "no --"); ok {
				with = "without --" + rest // "--tem without --other"
			}
			return &conflictError{
				usageError: usageError{msg: fmt.Sprintf("%s %s: %s", c.input, with, c.why), field: flagName(c.input)},
				flag:       flagName(c.input),
				withFlag:   flagName(c.with),
				input:      c.input,
				with:       c.with,
				why:        c.why,
			}
		}
	}
	return nil
}
