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

// once is a single-valued flag of type T, read by parse.
type once[T any] struct {
	v      *T
	set    bool
	parse  func(string) (T, error)
	typ    string
	format func(T) string
}

func (o *once[T]) Set(s string) error {
	if o.set {
		return errGivenTwice
	}
	x, err := o.parse(s)
	if err != nil {
		return err
	}
	*o.v, o.set = x, true
	return nil
}

func (o *once[T]) Type() string   { return o.typ }
func (o *once[T]) String() string { return o.format(*o.v) }

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
type onceBool struct{ once[bool] }

func (o *onceBool) IsBoolFlag() bool { return true }

func parseBool(s string) (bool, error) {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, fmt.Errorf("want true or false, or the flag alone for true")
	}
	return b, nil
}

// onceIntVar declares a single-valued decimal whole-number flag.
func onceIntVar(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(&once[int]{v: p, parse: parseDecimal, typ: "int", format: strconv.Itoa}, name, usage)
}

// intsVar declares a repeatable decimal whole-number flag.
func intsVar(fs *pflag.FlagSet, p *[]int, name, usage string) {
	fs.Var(&intsValue{v: p}, name, usage)
	fs.Lookup(name).DefValue = "" // no "(default [])" in help
}

// onceBoolVar declares a single-valued boolean flag.
func onceBoolVar(fs *pflag.FlagSet, p *bool, name, usage string) {
	fs.Var(&onceBool{once[bool]{v: p, parse: parseBool, typ: "bool", format: strconv.FormatBool}}, name, usage)
	fs.Lookup(name).NoOptDefVal = "true"
}
