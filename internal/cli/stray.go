package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/model/toi"
)

// strayValues are the flags whose values a newcomer most often gives
// bare, as in sapper dc 4-6-7 or sapper dc thrown, each with what its
// value is in the commands that have it: a bare argument that is one is
// offered back as the flag. A command's --target is its own game's unit.
var strayValues = []struct {
	flag string
	is   func(command, arg string) bool
}{
	{"target", func(command, arg string) bool {
		var err error
		switch command {
		case "lhy":
			_, err = lhy.ParseUnit(arg)
		case "building":
			_, err = toi.ParseSquad(arg)
		default:
			_, err = asl.ParseUnit(arg)
		}
		return err == nil
	}},
	{"mode", func(_, arg string) bool { _, err := asl.ParseMode(arg); return err == nil }},
	{"vehicle", func(_, arg string) bool { _, err := asl.LookupPreset(arg); return err == nil }},
}

// strayArgument refuses arg, an argument where a command takes flags
// only, offering the flag it is a value of when it is one.
func strayArgument(fs *pflag.FlagSet, arg string) error {
	for _, v := range strayValues {
		if fs.Lookup(v.flag) != nil && v.is(fs.Name(), arg) {
			return usagef("unexpected argument %s; every input is a flag: did you mean --%s %s?", quote(arg), v.flag, shellWord(arg))
		}
	}
	return usagef("unexpected argument %s; every input is a flag (boolean flags take --flag or --flag=false)", quote(arg))
}
