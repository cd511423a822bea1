package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
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

// parseFlags hardens fs (strictValue) and parses args into it.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	harden(fs)
	if err := oneDash(fs, args); err != nil {
		return err
	}
	if err := swallowed(fs, args); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return parseError(fs, err)
	}
	return nil
}

// parse is parseFlags for a command that takes no positional arguments.
func parse(fs *pflag.FlagSet, args []string) error { return parseOnly(fs, argv(args)) }

// parseOnly is parseInput for a command that takes no positional
// arguments.
func parseOnly(fs *pflag.FlagSet, in input) error {
	if err := parseInput(fs, in); err != nil {
		return err
	}
	if rest := fs.Args(); len(rest) > 0 {
		return strayArgument(fs, rest[0])
	}
	return nil
}

// parseCommand declares a command's flags with register, reads in and
// resolves the common flags. help reports -h/--help, in which case nothing
// else is checked.
func parseCommand(name string, register func(*pflag.FlagSet) *commonFlags, in input) (fs *pflag.FlagSet, c common, help bool, err error) {
	fs, showHelp := newFlagSet(name)
	cf := register(fs)
	if in.sweep {
		cf.noFractions = tablesOf("sapper sweep")
	}
	if err := parseOnly(fs, in); err != nil {
		return fs, c, false, err
	}
	if *showHelp {
		return fs, c, true, nil
	}
	c, err = cf.resolve(fs)
	return fs, c, false, err
}

// writeHelp writes a command's help: its intro, its own flags, the
// --rule switches, and the engine and output flags.
func writeHelp(w io.Writer, intro string, own, common *pflag.FlagSet) {
	// The defaults before the mode sets its own.
	writeHelpRules(w, intro, own, common, ruleDocs(rules, asl.DefaultOptions()))
}

// writeHelpRules is writeHelp with the command's own --rule switches:
// key, what it does, default. A command with no switches (nil docs) has
// no Rules section.
func writeHelpRules(w io.Writer, intro string, own, common *pflag.FlagSet, docs [][3]string) {
	writeHelpRulesFor(w, intro, own, common, "modeling decisions of rules/asl.md §8", docs)
}

// writeHelpRulesFor is writeHelpRules for switches documented elsewhere.
func writeHelpRulesFor(w io.Writer, intro string, own, common *pflag.FlagSet, what string, docs [][3]string) {
	fmt.Fprint(w, intro)
	fmt.Fprint(w, flagUsages(own))
	if len(docs) > 0 {
		fmt.Fprintf(w, "\nRules (--rule KEY=BOOL, %s):\n", what)
	}
	fmt.Fprint(w, ruleUsages(docs))
	fmt.Fprint(w, "\nEngine and output flags:\n")
	fmt.Fprint(w, flagUsages(common))
	fmt.Fprint(w, "  -h, --help                show this help\n")
}

// typedDashes are the dashes text editors put for "-" or "--": en and em
// dashes, the minus sign, and the Unicode hyphens.
const typedDashes = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"

// oneDash refuses a long flag written with one dash, as Go's own tools
// take it (-help, -trials 10): the parser would read it as a run of
// one-letter flags and blame a letter of it. also are long flags fs
// lacks that the command takes all the same (a sweep's own).
func oneDash(fs *pflag.FlagSet, args []string, also ...string) error {
	for i, a := range args {
		if a == "--" {
			return nil
		}
		// —tem, -—tem: a word processor's dash for the two hyphens; never a
		// flag's value, such as --drm's –1 (which its parser refuses).
		if name := strings.TrimLeft(a, "-"+typedDashes); strings.ContainsAny(a[:len(a)-len(name)], typedDashes) && !(i > 0 && takesNext(fs, args[i-1])) {
			long, _, _ := strings.Cut(name, "=")
			if fs.Lookup(long) != nil || slices.Contains(also, long) {
				return usagef("unknown flag %s; a flag starts with two hyphens (--), not a typed dash: --%s", quote(a), long)
			}
			// —tme: misspelt too.
			if meant := nearestFlag(fs, long, also...); meant != "" {
				return usagef("unknown flag %s; a flag starts with two hyphens (--), not a typed dash; did you mean --%s?", quote(a), meant)
			}
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		if long, _, _ := strings.Cut(a[1:], "="); fs.Lookup(long) != nil || slices.Contains(also, long) {
			return usagef("unknown flag %s; a long flag takes two dashes: --%s", quote(a), long)
		}
	}
	return nil
}

// takesNext reports whether the argument a is a flag of fs whose value
// is the next argument: --name, not --name=VALUE nor a boolean.
func takesNext(fs *pflag.FlagSet, a string) bool {
	if !strings.HasPrefix(a, "--") || strings.Contains(a, "=") {
		return false
	}
	f := fs.Lookup(a[2:])
	return f != nil && f.NoOptDefVal == ""
}

// swallowed refuses a flag given no value that would take the next flag
// as its value (--building --tem 2): the parser would let it, and the
// error would then blame the next flag's value as a stray argument.
func swallowed(fs *pflag.FlagSet, args []string) error {
	for i := 0; i+1 < len(args); i++ {
		a := args[i]
		if a == "--" {
			return nil
		}
		if !strings.HasPrefix(a, "--") || strings.Contains(a, "=") {
			continue
		}
		f := fs.Lookup(a[2:])
		if f == nil || f.NoOptDefVal != "" {
			continue // unknown, or a boolean: the parser says so, or it takes no value
		}
		next := args[i+1]
		name, _, _ := strings.Cut(strings.TrimPrefix(next, "--"), "=")
		if strings.HasPrefix(next, "--") && fs.Lookup(name) != nil {
			return inputErrorf(f.Name, "--%s needs a value (it took the flag %s): %s", f.Name, quote(next), valueWanted(f))
		}
		i++ // its value
	}
	return nil
}
