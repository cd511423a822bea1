package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/bound"
)

// givenAtZero refuses a whole-number flag given at 0 where any other
// value would be refused: given, it asks for something that cannot
// happen, as a conflict does (conflict.go), though the model, which sees
// only values, takes 0 as not given. fields are the flags' fields in a
// copy of the input that validate checks: each given at 0 is set to 1
// for one check and back; the first refusal that names it is returned,
// as modelError says it.
func givenAtZero(fs *pflag.FlagSet, fields []intField, validate func() error) error {
	for _, fd := range fields {
		n := fd.name
		if f := fs.Lookup(n); f == nil || !f.Changed || f.Value.String() != "0" {
			continue
		}
		*fd.v = 1
		err := validate()
		*fd.v = 0
		if field, _ := bound.FieldOf(err); err != nil && field == n {
			return modelError(fs, err)
		}
	}
	return nil
}

// intField is a whole-number flag's name and its field in an input.
type intField struct {
	name string
	v    *int
}
