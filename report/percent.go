package report

import (
	"math"
	"strconv"
	"strings"
)

// Percent prints a confidence as the percentage it is, digit for digit:
// 0.95 as "95", 0.999 as "99.9", 0.999999 as "99.9999". It moves the
// decimal point of c's shortest decimal form, the one the user typed,
// instead of multiplying by 100, which would print 99.99990000000001, or,
// rounded to a few digits, "100": a label that claims certainty.
func Percent(c float64) string {
	s := strconv.FormatFloat(c, 'f', -1, 64)
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return s // no digits to move
	}
	whole, frac, _ := strings.Cut(s, ".")
	frac += strings.Repeat("0", max(0, 2-len(frac)))
	whole = strings.TrimLeft(whole+frac[:2], "0")
	if whole == "" {
		whole = "0"
	}
	if frac = frac[2:]; frac != "" {
		return whole + "." + frac
	}
	return whole
}

// Pct prints a probability p as a percentage to two decimals, without the
// sign: 0.1234 as "12.34". Two decimals would round a p that is not
// certain, 0.9999991 say, to "100.00", and a p that is not impossible to
// "0.00": those print as ">99.99" and "<0.01", so that no figure claims
// certainty, or impossibility, it does not have. A p of exactly 0 or 1
// prints as "0.00" or "100.00".
func Pct(p float64) string {
	switch {
	case p > 0 && p < 0.00005:
		return "<0.01"
	case p < 1 && p >= 0.99995:
		return ">99.99"
	}
	return strconv.FormatFloat(100*p, 'f', 2, 64)
}

// Avg prints an average x (a count's mean) to places decimals. As Pct
// keeps a chance from reading as impossible, an average above 0 that
// would print as 0 ("0.000") prints as "<0.001", the least it could
// print: an average of squads eliminated is never 0 where one squad may
// be.
func Avg(x float64, places int) string {
	s := strconv.FormatFloat(x, 'f', places, 64)
	if x > 0 && strings.Trim(s, "0.") == "" {
		return "<" + s[:len(s)-1] + "1"
	}
	return s
}
