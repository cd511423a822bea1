package cli

import "strings"

// shellWord is s as a POSIX shell reads it back as one word: as it is
// when every character is one no shell takes apart (a plan's "a: fire 4"
// has spaces; "fire 2; fire 2" a semicolon), else in single quotes, a
// single quote inside ending them, escaped, and opening them again (the
// word it's is written 'it', backslash, quote, 's'). A command line a
// result echoes can then be pasted back.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, safeShell) == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// safeShell are the characters a shell leaves alone within a word (and
// at its start: none is ~ or #).
const safeShell = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%"
