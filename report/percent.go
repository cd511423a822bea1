package report

import (
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
