// Package decimal reads the numbers people type into sapper: on the
// command line, in scenario files and inside unit and fire-attack strings.
//
// The syntax is the same everywhere, so that a number means one thing
// whatever carries it:
//
//   - decimal digits only: 010 is ten, and 0x10, 0o7, 0b1 and 1_000 are
//     errors (strconv's base prefixes would silently read them in another
//     base);
//   - an optional sign, + or -, or the minus sign U+2212 (−) that sapper's
//     own help texts print;
//   - a fraction and a decimal exponent only where a fraction makes sense
//     (ParseFloat): 0.95, .5, 1e-3; never Inf, NaN or a hexadecimal float;
//   - no spaces.
package decimal

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Minus is the Unicode minus sign, read as "-".
const Minus = "\u2212"

// Error is a number that cannot be read, or one outside its range.
type Error struct {
	// Msg says what is wrong, without the number itself, which the caller
	// quotes already: "not a whole decimal number", "at most 8".
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Normalize replaces a leading Unicode minus with "-".
func Normalize(s string) string {
	if rest, ok := strings.CutPrefix(s, Minus); ok {
		return "-" + rest
	}
	return s
}

// integer reports whether s is an optional sign and one or more decimal
// digits.
func integer(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ParseInt reads s as a whole decimal number in [lo, hi].
func ParseInt(s string, lo, hi int64) (int64, error) {
	s = Normalize(s)
	if !integer(s) {
		return 0, &Error{Msg: "not a whole decimal number"}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) && s[0] == '-', err == nil && n < lo:
		return 0, &Error{Msg: fmt.Sprintf("at least %d", lo)}
	case errors.Is(err, strconv.ErrRange), err == nil && n > hi:
		return 0, &Error{Msg: fmt.Sprintf("at most %d", hi)}
	case err != nil:
		return 0, &Error{Msg: "not a whole decimal number"}
	}
	return n, nil
}

// ParseUint reads s as a whole decimal number in [lo, hi], for counts and
// seeds that may use the whole uint64 range.
func ParseUint(s string, lo, hi uint64) (uint64, error) {
	s = Normalize(s)
	if !integer(s) {
		return 0, &Error{Msg: "not a whole decimal number"}
	}
	if s[0] == '-' {
		if strings.Trim(s[1:], "0") == "" && lo == 0 {
			return 0, nil // -0
		}
		return 0, &Error{Msg: fmt.Sprintf("at least %d", lo)}
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "+"), 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange), err == nil && n > hi:
		return 0, &Error{Msg: fmt.Sprintf("at most %d", hi)}
	case err != nil:
		return 0, &Error{Msg: "not a whole decimal number"}
	case n < lo:
		return 0, &Error{Msg: fmt.Sprintf("at least %d", lo)}
	}
	return n, nil
}

// ParseFloat reads s as a finite decimal number: digits with an optional
// fraction and decimal exponent.
func ParseFloat(s string) (float64, error) {
	s = Normalize(s)
	if !floating(s) {
		return 0, &Error{Msg: "not a decimal number"}
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) {
		// The syntax was checked, so only the magnitude can be wrong.
		return 0, &Error{Msg: fmt.Sprintf("too large; at most %g", math.MaxFloat64)}
	}
	return x, nil
}

// floating reports whether s is [sign] digits [. digits] [e [sign] digits]
// with at least one digit before the exponent.
func floating(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	digits := func(t string) bool {
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return false
			}
		}
		return true
	}
	if whole+frac == "" || !digits(whole) || !digits(frac) {
		return false
	}
	return !hasExp || integer(exp)
}
