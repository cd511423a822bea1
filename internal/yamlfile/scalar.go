package yamlfile

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scalar writes s as a YAML scalar that reads back as the string s: plain
// where it is plainly a sentence of words, double-quoted otherwise. A
// double-quoted YAML scalar takes Go's escapes (\n, \t, \", \\, \uXXXX),
// so strconv.Quote writes it. YAML is text: a byte of s that is not
// UTF-8, which strconv.Quote would write as \xXX and YAML read as the
// letter of that number, is written as U+FFFD.
//
// sapper writes YAML only for its short lists (sapper scenarios --format
// yaml); yaml.Marshal would bring the library's whole emitter into the
// browser's engine, some 45 KB of its download, for them.
func Scalar(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if plain(s) {
		return s
	}
	return strconv.Quote(s)
}

// plain reports whether s reads back as itself, a string, written as a
// plain scalar in a block mapping: it starts with a letter or a digit,
// holds of the ASCII punctuation only what such a scalar reads as text
// (' , - . + ? ( ) /; no colon, no #), does not end in a space, and is no
// word or number YAML reads as another type. It errs on the side of
// quoting.
func plain(s string) bool {
	if s == "" || s != strings.TrimSpace(s) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(s); !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return false
	}
	for _, r := range s {
		switch {
		case r == ' ' || r == ',' || r == '\'' || r == '-' || r == '.' || r == '+' || r == '?' || r == '(' || r == ')' || r == '/':
		case r < 0x80 && !(unicode.IsLetter(r) || unicode.IsDigit(r)):
			return false
		case !unicode.IsPrint(r):
			return false
		}
	}
	if !strings.ContainsRune(s, ' ') {
		// A single word may be a YAML 1.1 or 1.2 boolean, null, number or
		// date: quote any of them that starts with a digit or is one of
		// the words.
		switch strings.ToLower(s) {
		case "true", "false", "yes", "no", "on", "off", "y", "n", "null", "nan", "inf":
			return false
		}
		if s[0] >= '0' && s[0] <= '9' {
			return false
		}
	}
	return true
}
