package cli

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/report"
)

// maxSweepValues bounds a sweep: each value is a full run.
const maxSweepValues = 200

// maxCountShown is the largest count of values an error about too many
// writes out; beyond it the line says only that there are more.
const maxCountShown = 1_000_000

// vary is a checked --vary NAME=FROM..TO[:STEP].
type vary struct {
	spec    string
	name    string
	integer bool
	// values are the points of the sweep; texts are the same values
	// exactly as decimals, as the flag is given them and the labels show
	// them.
	values []float64
	texts  []string
	// lo and hi are the input's own range, when it has one, for errors.
	lo, hi string
}

// numericTypes are the pflag value types a sweep can step through.
var numericTypes = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float32": true, "float64": true,
	// A repeatable whole number (sapper lhy --sadrm) is swept as its one
	// value.
	"intArray": true,
}

// sweepable lists the inputs of fs that --vary accepts: the command's own
// numeric flags, not the engine's.
func sweepable(fs *pflag.FlagSet) []string {
	engine := commonFlagNames()
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if numericTypes[f.Value.Type()] && !engine[f.Name] {
			names = append(names, f.Name)
		}
	})
	return names
}

// defaultVary is the --vary a sweep of the command whose flags are fs
// starts from where none is named, "" for a command with no sweepable
// input: the input marked by setSweep, over its range; else tem, else the
// first sweepable input, from its least value to ten more, or to its
// greatest if that comes first (five more where it has no bounds).
func defaultVary(fs *pflag.FlagSet) string {
	inputs := sweepable(fs)
	if len(inputs) == 0 {
		return ""
	}
	for _, name := range inputs {
		if r := fs.Lookup(name).Annotations[sweepKey]; len(r) == 1 {
			return name + "=" + r[0]
		}
	}
	name := inputs[0]
	if slices.Contains(inputs, "tem") {
		name = "tem"
	}
	f := fs.Lookup(name)
	bounds := f.Annotations[rangeKey]
	if len(bounds) != 2 {
		bounds = f.Annotations[boundsKey]
	}
	if len(bounds) != 2 {
		return name + "=0..5"
	}
	lo, _ := new(big.Rat).SetString(bounds[0])
	hi, _ := new(big.Rat).SetString(bounds[1])
	if to := new(big.Rat).Add(lo, big.NewRat(10, 1)); to.Cmp(hi) < 0 {
		hi = to
	}
	return name + "=" + bounds[0] + ".." + hi.RatString()
}

// commonFlagNames are the names of the engine and output flags.
func commonFlagNames() map[string]bool {
	fs := pflag.NewFlagSet("common", pflag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	names := map[string]bool{}
	fs.VisitAll(func(f *pflag.Flag) { names[f.Name] = true })
	return names
}

// parseVary reads spec against the flags of the command being swept.
func parseVary(spec string, fs *pflag.FlagSet) (vary, error) {
	v := vary{spec: spec}
	bad := func(format string, args ...any) (vary, error) {
		return vary{}, badValue("vary", spec, fmt.Sprintf(format, args...))
	}
	name, rng, ok := strings.Cut(spec, "=")
	if !ok {
		return bad("want NAME=FROM..TO or NAME=FROM..TO:STEP, e.g. tem=0..5 or drm=-2..2:1")
	}
	inputs := sweepable(fs)
	choices := "want one of " + strings.Join(inputs, ", ")
	f := fs.Lookup(name)
	switch {
	case f == nil && fs.Name() == "activate" && sasl.IsNumberKey(name):
		return bad("%q is a number of the crossing's path or S?, not an input of sapper activate; sweep it by running copies of the file, or vary one of %s", name, strings.Join(inputs, ", "))
	case f == nil || name == "help":
		return bad("%q is not an input of sapper %s; %s", name, fs.Name(), wantOneOf(name, inputs, inputs, ""))
	case commonFlagNames()[name]:
		return bad("%s is an engine setting, not an input; %s", name, choices)
	case !numericTypes[f.Value.Type()]:
		return bad("%s is not a number; %s", name, choices)
	case fs.Changed(name):
		return bad("--%s is given too; drop it or vary it", name)
	}
	v.name = name
	v.integer = !strings.HasPrefix(f.Value.Type(), "float")
	if r := f.Annotations[rangeKey]; len(r) == 2 {
		v.lo, v.hi = r[0], r[1]
	} else if r := f.Annotations[boundsKey]; len(r) == 2 {
		v.lo, v.hi = r[0], r[1]
	}
	switch {
	case strings.Count(rng, ":") > 1:
		return bad("one :STEP at most, after FROM..TO, e.g. %s=0..10:2", name)
	case strings.Contains(rng, "…"):
		// An ellipsis (U+2026), as some keyboards write three dots.
		return bad("want two dots between FROM and TO, not an ellipsis (…), e.g. %s=0..5", name)
	case strings.Contains(rng, "..."):
		return bad("want two dots between FROM and TO, not three, e.g. %s=0..5", name)
	}
	bounds, stepText, hasStep := cutLast(rng, ":")
	fromText, toText, ok := strings.Cut(bounds, "..")
	if !ok {
		if a, b, two := strings.Cut(rng, ","); two && !strings.Contains(b, ",") && !strings.Contains(rng, ":") {
			// Two values, as a player asks "TEM 0 or 3?": a range
			// stepped from one to the other.
			a, b = strings.TrimSpace(a), strings.TrimSpace(b)
			step := "STEP"
			if x, err := strconv.Atoi(a); err == nil {
				if y, err := strconv.Atoi(b); err == nil && y > x {
					step = strconv.Itoa(y - x)
				}
			}
			return bad("want FROM..TO after %s=, not a list; two values are a range stepped from one to the other, %s=%s..%s:%s", name, name, a, b, step)
		}
		return bad("want FROM..TO after %s=, e.g. %s=0..5", name, name)
	}
	from, err := v.bound("FROM", fromText)
	if err != nil {
		return vary{}, err
	}
	to, err := v.bound("TO", toText)
	if err != nil {
		return vary{}, err
	}
	step := big.NewRat(1, 1)
	if hasStep {
		if step, err = v.bound("STEP", stepText); err != nil {
			return vary{}, err
		}
	}
	switch {
	case step.Sign() <= 0:
		return bad("STEP %s: want a step > 0", clip(stepText))
	case to.Cmp(from) < 0:
		return bad("TO %s is below FROM %s; a sweep runs upward", clip(toText), clip(fromText))
	}
	// The values are from + i·step for i = 0, 1, … while at most to, in
	// exact decimal arithmetic: no float drift (0.1..0.3:0.1 ends at 0.3)
	// and no overflow (0..9223372036854775807 is counted, not stepped).
	span := new(big.Rat).Quo(new(big.Rat).Sub(to, from), step)
	steps := new(big.Int).Quo(span.Num(), span.Denom())
	if !span.IsInt() && v.within(from) && v.within(to) {
		// The last value would fall short of TO: say so, rather than
		// end the sweep where the player did not ask.
		last := new(big.Rat).Add(from, new(big.Rat).Mul(step, new(big.Rat).SetInt(steps)))
		next := new(big.Rat).Add(last, step)
		dec := func(x *big.Rat) string {
			d, _ := x.FloatPrec()
			if t := x.FloatString(d); len(t) <= maxPlainText {
				return t
			}
			f, _ := x.Float64() // hundreds of digits: its shortest form
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
		ends := "TO " + dec(last)
		if v.within(next) {
			ends += " or " + dec(next)
		}
		return bad("STEP %s from %s does not reach TO %s: the values would stop at %s; want %s, or a STEP that divides %s", dec(step), clip(fromText), clip(toText), dec(last), ends, dec(new(big.Rat).Sub(to, from)))
	}
	if n := new(big.Int).Add(steps, big.NewInt(1)); n.Cmp(big.NewInt(maxSweepValues)) > 0 {
		if n.Cmp(big.NewInt(maxCountShown)) > 0 {
			// A tiny STEP counts in hundreds of digits: no one reads them.
			return bad("too many values (more than %s); at most %d (use a larger STEP)", report.Group(maxCountShown), maxSweepValues)
		}
		return bad("%s values; at most %d (use a larger STEP)", n, maxSweepValues)
	}
	for i := int64(0); i <= steps.Int64(); i++ {
		x := new(big.Rat).Add(from, new(big.Rat).Mul(step, big.NewRat(i, 1)))
		digits, _ := x.FloatPrec() // exact: from and step are decimals
		text := x.FloatString(digits)
		f, _ := x.Float64()
		if len(text) > maxPlainText {
			// 1e300 is three hundred digits written out, in every line
			// that names the value: the flag reads its shortest form
			// as the same number.
			text = strconv.FormatFloat(f, 'g', -1, 64)
		}
		v.values = append(v.values, f)
		v.texts = append(v.texts, text)
	}
	return v, nil
}

// bound reads FROM, TO or STEP (what) of a --vary exactly, as a decimal:
// a number that does not read as written (NaN, 1e999, a fraction for a
// whole-number input, a whole number beyond the 64-bit range) is refused,
// never rounded or cut.
func (v vary) bound(what, s string) (*big.Rat, error) {
	fail := func(format string, args ...any) (*big.Rat, error) {
		return nil, badValue("vary", v.spec, fmt.Sprintf(format, args...))
	}
	if strings.TrimSpace(s) != s {
		// A flag's own value is refused with a space around it; so is
		// a bound of the range it is swept over.
		return fail("%s %s: a space around a number; write it without", what, quote(s))
	}
	x, err := decimal.ParseFloat(s)
	var de *decimal.Error
	_, ierr := decimal.ParseInt(s, math.MinInt64, math.MaxInt64)
	if err == nil && v.integer && x == math.Trunc(x) && errors.As(ierr, &de) && de.Msg == "not a whole decimal number" {
		// The flag itself takes digits only (--tem 5e0 and --tem 5.0
		// are refused); so do the bounds it is swept between. One past
		// 64 bits (1e300) is out of range however it is written.
		if math.Abs(x) >= 1<<63 {
			return fail("%s %s: %s takes whole numbers %s", what, quote(s), v.name, v.rangeText())
		}
		return fail("%s %s: %s takes whole numbers written in digits: %s", what, quote(s), v.name, strconv.FormatFloat(x+0, 'f', -1, 64)) // x+0: -0 is 0
	}
	if err != nil && v.integer && (ierr == nil || errors.As(ierr, &de) && strings.HasPrefix(de.Msg, "at ")) {
		err = nil // a whole number is exact at any length; its range is checked below
	}
	switch {
	case err != nil && errors.As(err, &de) && de.Msg == "not a decimal number":
		return fail("%s %s is not a number", what, quote(s))
	case err != nil:
		// More digits than a float64 keeps, or a size it cannot
		// hold: the number is the one written or none.
		return fail("%s %s: %v", what, quote(s), err)
	}
	r, ok := new(big.Rat).SetString(decimal.Normalize(s))
	if !ok {
		return fail("%s %s is not a number", what, quote(s))
	}
	if v.integer {
		switch {
		case !r.IsInt():
			return fail("%s %s: %s takes whole numbers", what, clip(s), v.name)
		case !r.Num().IsInt64():
			return fail("%s %s: %s takes whole numbers %s", what, clip(s), v.name, v.rangeText())
		}
	}
	return r, nil
}

// rangeText is the range of a whole-number input as its errors say it:
// its own, or the 64-bit one.
func (v vary) rangeText() string {
	if v.lo != "" {
		return fmt.Sprintf("from %s to %s", v.lo, v.hi)
	}
	return fmt.Sprintf("from %d to %d", int64(math.MinInt64), int64(math.MaxInt64))
}

// within reports whether x is within the input's range, when it has one:
// a value beyond it is refused at that value, with the range.
func (v vary) within(x *big.Rat) bool {
	lo, okLo := new(big.Rat).SetString(v.lo)
	hi, okHi := new(big.Rat).SetString(v.hi)
	return !okLo || !okHi || x.Cmp(lo) >= 0 && x.Cmp(hi) <= 0
}

// maxPlainText is the longest a swept value is written out in digits;
// a longer one is written with an exponent.
const maxPlainText = 24

// text is the value at point i as the flag takes it.
func (v vary) text(i int) string { return v.texts[i] }

// label names the run at point i, such as tem=3.
func (v vary) label(i int) string { return v.name + "=" + v.text(i) }

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
