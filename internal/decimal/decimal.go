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
//     (ParseFloat): 0.95, .5, 1e-3; never Inf, NaN or a hexadecimal float,
//     and never more digits than a float64 keeps (at most 15 significant
//     digits) nor a size it cannot hold (1e-400, 1e999): a number is read
//     exactly or refused, never rounded to another;
//   - no spaces.
package decimal

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Minus is the Unicode minus sign, read as "-".
const Minus = "\u2212"

// Error is a number that cannot be read, or one outside its range.
type Error struct {
	// Msg says what is wrong, without the number itself, which the caller
	// quotes already: "not a whole decimal number", "at most 8".
	Msg string
	// Bound: the number is written right but lies outside the range
	// asked for, or past what 64 bits hold.
	Bound bool
}

func (e *Error) Error() string { return e.Msg }

// OutOfRange reports whether err is a number written right that lies
// outside the range it was read in.
func OutOfRange(err error) bool {
	var de *Error
	return errors.As(err, &de) && de.Bound
}

// Normalize replaces a leading Unicode minus with "-".
func Normalize(s string) string {
	if rest, ok := strings.CutPrefix(s, Minus); ok {
		return "-" + rest
	}
	return s
}

// IsInteger reports whether s is written as a whole number: an optional
// sign (+, - or −) and one or more decimal digits, of any size.
func IsInteger(s string) bool { return integer(Normalize(s)) }

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

// dashes are the dashes a word processor puts for a minus: hyphens, the
// figure dash, en and em dashes. Only "-" and the minus sign (Minus) are
// read as one.
const dashes = "\u2010\u2011\u2012\u2013\u2014\u2015"

// notNumber is the error msg for s, no number, saying so when s begins
// with a dash where a minus was meant (–1).
func notNumber(s, msg string) error {
	if r, size := utf8.DecodeRuneInString(s); strings.ContainsRune(dashes, r) && size < len(s) && s[size] >= '0' && s[size] <= '9' {
		msg += "; a minus is written - or \u2212, not " + string(r)
	}
	return &Error{Msg: msg}
}

// ParseInt reads s as a whole decimal number in [lo, hi].
func ParseInt(s string, lo, hi int64) (int64, error) {
	s = Normalize(s)
	if !integer(s) {
		return 0, notNumber(s, "not a whole decimal number")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) && s[0] == '-', err == nil && n < lo:
		return 0, &Error{Msg: fmt.Sprintf("at least %d", lo), Bound: true}
	case errors.Is(err, strconv.ErrRange), err == nil && n > hi:
		return 0, &Error{Msg: fmt.Sprintf("at most %d", hi), Bound: true}
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
		return 0, notNumber(s, "not a whole decimal number")
	}
	if s[0] == '-' {
		if strings.Trim(s[1:], "0") == "" && lo == 0 {
			return 0, nil // -0
		}
		return 0, &Error{Msg: fmt.Sprintf("at least %d", lo), Bound: true}
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "+"), 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange), err == nil && n > hi:
		return 0, &Error{Msg: fmt.Sprintf("at most %d", hi), Bound: true}
	case err != nil:
		return 0, &Error{Msg: "not a whole decimal number"}
	case n < lo:
		return 0, &Error{Msg: fmt.Sprintf("at least %d", lo), Bound: true}
	}
	return n, nil
}

// MaxDigits is the most significant digits a fractional number may
// have: every decimal of up to 15 digits is one float64 apart from the
// next, so it is read exactly enough to be written back the same, while
// 0.99999999999999999999 would be read as 1.
const MaxDigits = 15

// ParseFloat reads s as a finite decimal number: digits with an optional
// fraction and decimal exponent, of at most MaxDigits significant digits
// and of a size a float64 holds (0, or 1e-307 to 1e308 in size), so that
// no number is rounded to another: 1.9999999999999999 (which a float64
// reads as 2), 1e-400 (0) and 1e999 are refused, not guessed.
func ParseFloat(s string) (float64, error) {
	s = Normalize(s)
	if !floating(s) {
		return 0, notNumber(s, "not a decimal number")
	}
	if n := significant(s); n > MaxDigits {
		return 0, &Error{Msg: fmt.Sprintf("%d significant digits; at most %d", n, MaxDigits)}
	}
	x, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange), math.IsNaN(x):
		return 0, &Error{Msg: "not a decimal number"}
	case math.IsInf(x, 0) || math.Abs(x) > maxFloat:
		return 0, &Error{Msg: "too large; at most 1e308 in size"}
	case x == 0 && significant(s) > 0, x != 0 && math.Abs(x) < minFloat:
		// A float64 below 2.2e-308 keeps fewer digits, down to 0.
		return 0, &Error{Msg: "too close to 0; at least 1e-307 in size, or 0"}
	}
	return x, nil
}

// ParseRat reads s as ParseFloat does, and returns the number exactly as
// written, which a float64 may not hold (0.1): for a comparison that
// must not round, such as a probability asked for against an exact
// fraction. A number of at most MaxDigits significant digits is written
// back with the same digits from the float64 nearest it (the float64's
// 15 decimal digits of precision), so its exact value is read from that
// writing, whose exponent is bounded, and not from s, which may hold a
// million zeros.
func ParseRat(s string) (*big.Rat, error) {
	x, err := ParseFloat(s)
	if err != nil {
		return nil, err
	}
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(x, 'e', MaxDigits-1, 64))
	if !ok {
		panic("decimal: a float64 written with an exponent does not read as a fraction")
	}
	return r, nil
}

// The sizes ParseFloat accepts, as its errors name them.
const (
	maxFloat = 1e308
	minFloat = 1e-307
)

// significant counts the significant digits of a number floating
// accepts: those from its first nonzero digit to its last, leading and
// trailing zeros left out (1.50 and 0.0015 have two).
func significant(s string) int {
	mant, _, _ := strings.Cut(strings.ToLower(s), "e")
	digits := strings.Trim(strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, mant), "0")
	return len(digits)
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
