// Package spell finds the word a user most likely meant by one that is
// none of those accepted: a misspelt flag, key, command or option.
package spell

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Nearest is the one of names closest to name, a misspelt one, or "" when
// none is close enough to be what the user meant: the name itself in
// other case, with dashes before it or _ for -; else one within two
// edits, and one edit in three of the name's letters, so that a short
// name is not "corrected" to any other (x0 to sq, j to cx).
func Nearest(name string, names []string) string {
	// Written as the command line writes it (--tem), in capitals (TEM) or
	// with _ for - (mission_drm): the name itself.
	plain := func(s string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimLeft(s, "-")), "_", "-") }
	for _, n := range names {
		if plain(n) == plain(name) && n != name {
			return n
		}
	}
	best, bestD := "", min(3, max(1, utf8.RuneCountInString(name)/3)+1)
	for _, n := range names {
		if d := editDistance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the edit distance between a and b, two letters swapped
// counting as one edit (tme for tem), as people mistype.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// Option is the option opt (KEY or KEY=VALUE) as it was most likely
// meant, one of forms ("class=CLASS", "pinned"): its key the nearest of
// theirs, with the value given when the form takes one ("clas=elite":
// "class=elite"), the form itself when the value is missing ("clas":
// "class=CLASS"), and the key alone when the form takes none ("pined=true":
// "pinned"); "" when no key is near.
func Option(opt string, forms []string) string {
	key, val, hasVal := strings.Cut(opt, "=")
	keys := make([]string, len(forms))
	for i, f := range forms {
		keys[i], _, _ = strings.Cut(f, "=")
	}
	meant := Nearest(key, keys)
	if meant == "" || meant == key {
		return ""
	}
	form := forms[slices.Index(keys, meant)]
	switch _, placeholder, takes := strings.Cut(form, "="); {
	case !takes:
		return meant
	case hasVal:
		return meant + "=" + val
	default:
		return meant + "=" + placeholder
	}
}

// Want is what a message wants of forms: "want a, b or c".
func Want(forms []string) string {
	if len(forms) < 2 {
		return "want " + strings.Join(forms, "")
	}
	return "want " + strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

// Offer is want after meant, the word most likely meant, when there is
// one: "did you mean class=elite? (want …)"; want alone otherwise.
func Offer(meant, want string) string {
	if meant == "" {
		return want
	}
	return "did you mean " + meant + "? (" + want + ")"
}

// UnknownOption refuses opt, none of forms, offering the one it most
// likely meant (Option): `unknown option "clas=elite"; did you mean
// class=elite? (want …)`.
func UnknownOption(opt string, forms []string, want string) string {
	return fmt.Sprintf("unknown option %q; %s", opt, Offer(Option(opt, forms), want))
}
