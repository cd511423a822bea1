package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// The flag values below read whole numbers in decimal only (no 0x, 0o or
// 1_000 forms, which pflag's own integers accept) and refuse a
// single-valued flag given twice, where pflag would keep the last value
// silently.

// errGivenTwice is a single-valued flag's second value.
var errGivenTwice = errors.New("given twice; the flag takes one value")

// parseDecimal reads a signed decimal whole number.
func parseDecimal(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("want a whole number in decimal, like 2 (negative: --flag=-2)")
	}
	return n, nil
}

// onceInt is a single-valued whole number.
type onceInt struct {
	v   *int
	set bool
}

func (o *onceInt) Set(s string) error {
	if o.set {
		return errGivenTwice
	}
	n, err := parseDecimal(s)
	if err != nil {
		return err
	}
	*o.v, o.set = n, true
	return nil
}

func (o *onceInt) Type() string   { return "int" }
func (o *onceInt) String() string { return strconv.Itoa(*o.v) }

// intsValue is a repeatable whole number: each --flag N adds one. Its type
// name marks it repeatable for scenario files and sweepable for sweep.
type intsValue struct{ v *[]int }

func (o *intsValue) Set(s string) error {
	n, err := parseDecimal(s)
	if err != nil {
		return err
	}
	*o.v = append(*o.v, n)
	return nil
}

func (o *intsValue) Type() string { return "intArray" }

func (o *intsValue) String() string {
	ss := make([]string, len(*o.v))
	for i, n := range *o.v {
		ss[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(ss, ",") + "]"
}

// onceBool is a single-valued boolean flag: --flag alone is true.
type onceBool struct {
	v   *bool
	set bool
}

func (o *onceBool) Set(s string) error {
	if o.set {
		return errGivenTwice
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false, or the flag alone for true")
	}
	*o.v, o.set = b, true
	return nil
}

func (o *onceBool) Type() string     { return "bool" }
func (o *onceBool) String() string   { return strconv.FormatBool(*o.v) }
func (o *onceBool) IsBoolFlag() bool { return true }

// onceIntVar declares a single-valued decimal whole-number flag.
func onceIntVar(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(&onceInt{v: p}, name, usage)
}

// intsVar declares a repeatable decimal whole-number flag.
func intsVar(fs *pflag.FlagSet, p *[]int, name, usage string) {
	fs.Var(&intsValue{v: p}, name, usage)
	fs.Lookup(name).DefValue = "" // no "(default [])" in help
}

// onceBoolVar declares a single-valued boolean flag.
func onceBoolVar(fs *pflag.FlagSet, p *bool, name, usage string) {
	fs.Var(&onceBool{v: p}, name, usage)
	fs.Lookup(name).NoOptDefVal = "true"
}
