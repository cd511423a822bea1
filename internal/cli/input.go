package cli

import "github.com/spf13/pflag"

// input is what a command is prepared from: the words of a command line,
// and inputs set by name — a scenario file's keys before the words, the
// value a sweep varies after them. Each named input goes through its
// flag's own parser (pflag.Value.Set), exactly as typed once in the file
// or the sweep, so that no layer rebuilds a command line as text for
// another to split and parse again.
type input struct {
	before []setting // a scenario file's keys, set first
	args   []string  // the command line's words
	after  []setting // a swept input, set last
	// sweep is set when the command is prepared as a sweep's: a
	// scenario's vary: is then the sweep's, not an input left unread.
	sweep bool
	// fileVary is set when the sweep is a crossing file's own (sapper run
	// FILE): its vary: is the sweep's. sapper sweep activate FILE has a
	// --vary of its own, and a vary: in FILE would go unread.
	fileVary bool
}

// setting is one input set by its flag's name.
type setting struct{ name, value string }

// argv is the input of a bare command line.
func argv(args []string) input { return input{args: args} }

// with returns in with one more input set after its words.
func (in input) with(name, value string) input {
	in.after = append(append([]setting(nil), in.after...), setting{name, value})
	return in
}

// swept reports whether name is the input a sweep sets at each of its
// values (with).
func (in input) swept(name string) bool {
	for _, s := range in.after {
		if s.name == name {
			return true
		}
	}
	return false
}

// words is in as the words of a command line, for a title or a JSON echo
// of what was given: never parsed again.
func (in input) words() []string {
	var out []string
	for _, s := range in.before {
		out = append(out, "--"+s.name+"="+s.value)
	}
	out = append(out, in.args...)
	for _, s := range in.after {
		out = append(out, "--"+s.name+"="+s.value)
	}
	return out
}

// parseInput hardens fs and reads in into it: the settings before, the
// words, the settings after. Positional words are left in fs.Args().
func parseInput(fs *pflag.FlagSet, in input) error {
	harden(fs)
	for _, s := range in.before {
		if err := set(fs, s); err != nil {
			return err
		}
	}
	var also []string
	if in.sweep {
		also = sweepOwnFlags
	}
	if err := oneDash(fs, in.args, also...); err != nil {
		return err
	}
	if err := swallowed(fs, in.args); err != nil {
		return err
	}
	if err := fs.Parse(in.args); err != nil {
		return parseError(fs, err, also...)
	}
	for _, s := range in.after {
		if err := set(fs, s); err != nil {
			return err
		}
	}
	return nil
}

// set sets one input through its flag's parser, refusing it as parsing
// it on a command line would.
func set(fs *pflag.FlagSet, s setting) error {
	f := fs.Lookup(s.name)
	if why := whyNoFlag(fs.Name(), s.name); f == nil && why != "" {
		return usagef("--%s: %s", s.name, why)
	}
	if f == nil || s.name == "help" {
		return usagef("unknown flag %s%s", quote("--"+s.name), suggest(s.name, fs))
	}
	if err := fs.Set(s.name, s.value); err != nil {
		return valueError(f, s.value, err)
	}
	return nil
}
