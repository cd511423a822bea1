package cli

// choice is the one rule of case for every flag that takes one of a list
// of words (--format, --method, --progress, --mode, --terrain, …), as for
// every word sapper reads (unit kinds and options, rule keys, plan words,
// true and false): the word is read only as listed, in its case and with
// no space around it, as the model parsers read theirs; PLACED, JSON and
// " tiger" are refused, not guessed. choice returns the word of names
// that s is, or s itself, for the caller to refuse as given.
func choice(s string, names ...string) string {
	for _, n := range names {
		if s == n {
			return n
		}
	}
	return s
}

// readYesNo reads a yes/no value: the word true or false, exactly; never 1,
// T, False or " true", which strconv.ParseBool or a looser rule would
// read.
func readYesNo(s string) (v, ok bool) {
	switch s {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}
