package cli

import "strings"

// choice is the one rule of case for every flag that takes one of a list
// of words (--format, --method, --progress, --mode, --terrain, …): the
// word is read in any case, as the model parsers read theirs (--mode
// THROWN, --building Stone), and stands for the listed word, which is
// what the output echoes. choice returns the word of names that s spells
// in some case, or s itself, for the caller to refuse as given.
func choice(s string, names ...string) string {
	for _, n := range names {
		if strings.EqualFold(s, n) {
			return n
		}
	}
	return s
}
