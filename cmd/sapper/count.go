package main

import (
	"strconv"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/toi"
)

// countValue is a flag holding a count of dice, charges or hits, read as
// plain decimal digits: pflag's own int flags also take 0x10, 0o7 and
// 1_000, which a count of dice has no use for. Its type is "int", so a
// sweep steps through it like any whole-number input.
type countValue struct{ p *int }

func (v countValue) Set(s string) error {
	n, err := toi.ParseCount(s)
	if err != nil {
		return err
	}
	*v.p = n
	return nil
}

func (v countValue) Type() string   { return "int" }
func (v countValue) String() string { return strconv.Itoa(*v.p) }

// countVar declares a count flag with a default.
func countVar(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(countValue{p}, name, usage)
}
