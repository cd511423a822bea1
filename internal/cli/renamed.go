package cli

import (
	"fmt"

	"github.com/spf13/pflag"
)

// renamed keeps an old flag name for one release as a hidden flag that
// takes no value, only an error naming the new one: a command line or
// scenario file written for the old name fails clearly instead of as an
// unknown flag. The units attacked are --target in every command.
func renamed(fs *pflag.FlagSet, old, now string) {
	fs.Var(&renamedValue{old: old, now: now}, old, "renamed --"+now)
	if err := fs.MarkHidden(old); err != nil {
		panic(err)
	}
	setWant(fs, old, fmt.Sprintf("--%s is now --%s", old, now))
}

type renamedValue struct{ old, now string }

func (v *renamedValue) String() string { return "" }
func (v *renamedValue) Type() string   { return "renamedArray" } // a list, as the flags it stands for
func (v *renamedValue) Set(string) error {
	return fmt.Errorf("--%s is now --%s", v.old, v.now)
}

// retired keeps a flag a command no longer takes as a hidden flag that
// takes no value, only an error saying why and what to give instead.
func retired(fs *pflag.FlagSet, name, why string) {
	fs.Var(&retiredValue{name: name, why: why}, name, "retired: "+why)
	if err := fs.MarkHidden(name); err != nil {
		panic(err)
	}
	setWant(fs, name, why)
}

type retiredValue struct{ name, why string }

func (v *retiredValue) String() string   { return "" }
func (v *retiredValue) Type() string     { return "retired" }
func (v *retiredValue) Set(string) error { return fmt.Errorf("%s", v.why) }
