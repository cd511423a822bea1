package cli

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
)

// Every flag of every command goes through strictValue once its flag set
// is parsed by parse or parseFlags, so that a command declares its flags
// with the plain pflag calls and still gets the project's number syntax
// and the one-value rule without a line of its own:
//
//   - numbers are decimal only (package decimal): pflag would read 010 as
//     8 and 0x10 as 16;
//   - a whole-number flag is held to the range setRange declares, so that
//     a number too large names the maximum instead of overflowing;
//   - a single-valued flag given twice is an error, as in scenario files;
//     only the repeatable ones (--target, --rule, …) take several values.

// rangeKey is the flag annotation holding a whole-number flag's bounds.
const rangeKey = "range"

// setRange declares the whole numbers flag name accepts, and with them
// the accepted form its errors show.
func setRange[T int | int64 | uint64](fs *pflag.FlagSet, name string, lo, hi T) {
	bounds := []string{fmt.Sprint(lo), fmt.Sprint(hi)}
	if err := fs.SetAnnotation(name, rangeKey, bounds); err != nil {
		panic(err) // a flag name misspelt in this package
	}
	// Read by people: 10,000,000,000, not 10000000000.
	readable := func(v T) string {
		if v >= 10000 {
			return report.Group(uint64(v))
		}
		return fmt.Sprint(v)
	}
	setWant(fs, name, fmt.Sprintf("want a whole number from %s to %s", readable(lo), readable(hi)))
}

// setTEMRange bounds the --tem of a command that also has a --drm, where
// a negative TEM, which no terrain has, is a DRM given as the wrong flag:
// the error of a negative value says so.
func setTEMRange(fs *pflag.FlagSet) {
	setRange(fs, "tem", asl.MinTEM, asl.MaxTEM)
	annotate(fs, negativeKey, []string{"a negative modifier is a --drm"}, "tem")
}

// negativeKey holds what the error of a flag's negative value adds to
// what the flag takes.
const negativeKey = "negative"

// twiceKey holds what the error of a single-valued flag given twice adds:
// what a user who gives it twice most likely wants.
const twiceKey = "twice"

// strictValue wraps a flag's own value.
type strictValue struct {
	pflag.Value
	flag  *pflag.Flag
	given bool
	// raw is the last value given, as the user wrote it: the wrapped
	// value holds it as parsed (1e-05 for 0.00001), and an error quotes
	// the argument, not what sapper made of it.
	raw string
}

// repeatedError is a single-valued flag given a second value.
type repeatedError struct{ first string }

func (e *repeatedError) Error() string { return "given twice" }

// harden wraps every flag of fs in a strictValue; flags wrapped already
// are left alone, so a flag set may be hardened more than once.
func harden(fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if _, ok := f.Value.(*strictValue); !ok {
			f.Value = &strictValue{Value: f.Value, flag: f}
		}
	})
}

func (v *strictValue) Set(s string) error {
	if v.given && !repeatable(v.flag) && v.flag.Name != "help" {
		return &repeatedError{first: v.raw}
	}
	raw := s
	s, err := canonical(v.flag, v.Value.Type(), s)
	if err != nil {
		return err
	}
	if err := v.Value.Set(s); err != nil {
		return err
	}
	v.given, v.raw = true, raw
	return nil
}

// argument is the value of flag f as given, or its default's text when
// it was not given.
func argument(f *pflag.Flag) string {
	if sv, ok := f.Value.(*strictValue); ok && sv.given && !repeatable(f) {
		return sv.raw
	}
	return f.Value.String()
}

// canonical checks a numeric value against the decimal syntax and the
// flag's range, and returns it as the wrapped pflag value parses it.
func canonical(f *pflag.Flag, typ string, s string) (string, error) {
	bounds := f.Annotations[rangeKey]
	switch typ {
	case "int", "int64", "int32", "int16", "int8", "intArray":
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		if len(bounds) == 2 {
			lo, _ = strconv.ParseInt(bounds[0], 10, 64)
			hi, _ = strconv.ParseInt(bounds[1], 10, 64)
		}
		n, err := decimal.ParseInt(s, lo, hi)
		return strconv.FormatInt(n, 10), err
	case "uint", "uint64", "uint32", "uint16", "uint8":
		lo, hi := uint64(0), uint64(math.MaxUint64)
		if len(bounds) == 2 {
			lo, _ = strconv.ParseUint(bounds[0], 10, 64)
			hi, _ = strconv.ParseUint(bounds[1], 10, 64)
		}
		n, err := decimal.ParseUint(s, lo, hi)
		return strconv.FormatUint(n, 10), err
	case "float64", "float32":
		x, err := decimal.ParseFloat(s)
		return strconv.FormatFloat(x, 'g', -1, 64), err
	case "bool":
		// strconv.ParseBool would read 1, t and F too: a yes/no is the
		// word true or false, spelt exactly as every word, or the flag
		// alone.
		if _, ok := readYesNo(s); ok {
			return s, nil
		}
		return s, errors.New("want true or false")
	case "string":
		// A word flag's empty value read as the flag left out: --terrain ''
		// ran with no terrain, without a word. A flag that says what it
		// wants refuses it so; the others (--plot, --tables) refuse it
		// in their own words.
		if s == "" && f.DefValue == "" && want(f) != "" {
			return s, errors.New("an empty value")
		}
	}
	return s, nil
}

// wholeNumber reports whether f takes a whole number.
func wholeNumber(f *pflag.Flag) bool {
	t := f.Value.Type()
	return strings.HasPrefix(t, "int") || strings.HasPrefix(t, "uint")
}

// valueError is the usage error for value v that flag f rejected with
// cause: what is wrong and what the flag accepts, or that it was given
// twice.
func valueError(f *pflag.Flag, v string, cause error) error {
	var rep *repeatedError
	if errors.As(cause, &rep) {
		msg := fmt.Sprintf("--%s is given twice (%s, then %s); it takes one value", f.Name, quote(rep.first), quote(v))
		if hint := f.Annotations[twiceKey]; len(hint) > 0 {
			msg += ": " + hint[0]
		}
		return inputErrorf(f.Name, "%s", msg)
	}
	problem := valueProblem(f, cause)
	if hint := f.Annotations[negativeKey]; len(hint) > 0 && strings.HasPrefix(strings.TrimSpace(v), "-") {
		problem += "; " + hint[0]
	}
	if f.Shorthand != "" {
		// The error cannot tell which was typed: it names both.
		return inputErrorf(f.Name, "-%s/--%s %s: %s", f.Shorthand, f.Name, quote(v), problem)
	}
	return badValue(f.Name, v, problem)
}

// valueProblem says why f rejected a value: its accepted form, after the
// syntax fault when there is one, or the parser's own words.
func valueProblem(f *pflag.Flag, cause error) string {
	w := want(f)
	var de *decimal.Error
	switch {
	case errors.As(cause, &de) && !strings.HasPrefix(de.Msg, "at ") && w != "":
		// The syntax, or a number a float64 cannot hold as written
		// (1.9999999999999999, 1e-400), then what the flag takes;
		// a whole number's range is the flag's own.
		return de.Msg + "; " + w
	case errors.As(cause, &de) && w == "":
		return de.Msg
	case w != "":
		return w
	}
	return stripEcho(cause.Error())
}

// unwrapValue is a flag's own value, under the strictValue that hardens it.
func unwrapValue(v pflag.Value) pflag.Value {
	if sv, ok := v.(*strictValue); ok {
		return sv.Value
	}
	return v
}
