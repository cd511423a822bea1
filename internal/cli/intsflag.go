package cli

import (
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// intsValue is a repeatable whole number: each --flag N adds one. Its type
// name marks it repeatable for scenario files and sweepable for sweep; the
// shared flag handling (flagvalue.go) reads each value as a decimal in the
// flag's range.
type intsValue struct{ v *[]int }

func (o *intsValue) Set(s string) error {
	n, err := strconv.Atoi(s)
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

// intsVar declares a repeatable decimal whole-number flag.
func intsVar(fs *pflag.FlagSet, p *[]int, name, usage string) {
	fs.Var(&intsValue{v: p}, name, usage)
	fs.Lookup(name).DefValue = "" // no "(default [])" in help
}
