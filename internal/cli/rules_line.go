package cli

import (
	"strings"

	"github.com/spf13/pflag"
)

// rulesLine names, for the setup under the headline, the modeling
// switches the run was given (--rule, --no-hob): figures that hold only
// under them must say so where they are read, not only in the JSON's
// inputs. It is "" when none was given.
func rulesLine(fs *pflag.FlagSet) string {
	if fs == nil {
		return ""
	}
	var set []string
	if f := fs.Lookup("rule"); f != nil && f.Changed {
		rules, _ := fs.GetStringArray("rule")
		set = append(set, rules...)
	}
	if f := fs.Lookup("no-hob"); f != nil && f.Changed && f.Value.String() == "true" {
		set = append(set, "no Heat of Battle (--no-hob)")
	}
	if len(set) == 0 {
		return ""
	}
	return "Rules as given: " + strings.Join(set, ", ")
}
