package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/internal/decimal"
)

// maxSweepValues bounds a sweep: each value is a full run.
const maxSweepValues = 200

// vary is a checked --vary NAME=FROM..TO[:STEP].
type vary struct {
	spec    string
	name    string
	integer bool
	values  []float64
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
	case f == nil || name == "help":
		return bad("%q is not an input of sapper %s; %s", name, fs.Name(), choices)
	case commonFlagNames()[name]:
		return bad("%s is an engine setting, not an input; %s", name, choices)
	case !numericTypes[f.Value.Type()]:
		return bad("%s is not a number; %s", name, choices)
	case fs.Changed(name):
		return bad("--%s is given too; drop it or vary it", name)
	}
	v.name = name
	v.integer = !strings.HasPrefix(f.Value.Type(), "float")
	bounds, stepText, hasStep := cutLast(rng, ":")
	fromText, toText, ok := strings.Cut(bounds, "..")
	if !ok {
		return bad("want FROM..TO after %s=, e.g. %s=0..5", name, name)
	}
	num := func(what, s string) (float64, error) {
		x, err := decimal.ParseFloat(strings.TrimSpace(s))
		if err != nil {
			return 0, badValue("vary", spec, fmt.Sprintf("%s %q is not a number", what, s))
		}
		if v.integer && x != math.Trunc(x) {
			return 0, badValue("vary", spec, fmt.Sprintf("%s %s: %s takes whole numbers", what, s, name))
		}
		return x, nil
	}
	from, err := num("FROM", fromText)
	if err != nil {
		return vary{}, err
	}
	to, err := num("TO", toText)
	if err != nil {
		return vary{}, err
	}
	step := 1.0
	if hasStep {
		if step, err = num("STEP", stepText); err != nil {
			return vary{}, err
		}
	}
	switch {
	case !(step > 0):
		return bad("STEP %s: want a step > 0", stepText)
	case to < from:
		return bad("TO %s is below FROM %s; a sweep runs upward", toText, fromText)
	}
	n := math.Floor((to-from)/step+1e-9) + 1
	if n > maxSweepValues {
		return bad("%.0f values; at most %d (use a larger STEP)", n, maxSweepValues)
	}
	for i := 0; i < int(n); i++ {
		// from + i·step, not repeated addition, so 0.1 steps do not drift.
		x := from + float64(i)*step
		if !v.integer {
			x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
		}
		v.values = append(v.values, x)
	}
	return v, nil
}

// text is value x as the flag takes it.
func (v vary) text(x float64) string {
	if v.integer {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// label names the run at x, such as tem=3.
func (v vary) label(x float64) string { return v.name + "=" + v.text(x) }

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
