package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/bound"
)

// givenAtZero refuses a whole-number flag given at 0 where any other
// value would be refused: given, it asks for something that cannot
// happen, as a conflict does (conflict.go), though the model, which sees
// only values, takes 0 as not given. check validates the input with the
// flag named set to 1; the first such refusal is returned, as modelError
// says it.
func givenAtZero(fs *pflag.FlagSet, names []string, check func(name string) error) error {
	for _, n := range names {
		if f := fs.Lookup(n); f == nil || !f.Changed || f.Value.String() != "0" {
			continue
		}
		if err := check(n); err != nil {
			if field, _ := bound.FieldOf(err); field == n {
				return modelError(fs, err)
			}
		}
	}
	return nil
}
