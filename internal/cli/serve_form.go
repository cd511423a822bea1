//go:build !js

package cli

import (
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// A command's web form is read off its flag set, the one its --help
// prints: each flag is an input named after it, labelled as help labels
// it, explained by its usage text, with its default as a placeholder. A
// flag added to a command is on its page with nothing else to do.

// field is one input of a form.
type field struct {
	Name  string
	Label string // as --help shows it: "--target UNIT"
	Usage string // the usage text on one line
	// Default is the placeholder of an empty input: a field left empty is
	// a flag not given, as on the command line, where a default can
	// depend on whether a flag was given at all (--tem with --building).
	Default    string
	Bool       bool // true, false, or not given
	Number     bool
	Repeatable bool
	// File is a FILE flag or argument: its value names a file, which a
	// form uploads.
	File bool
	// Builtins are the values a File field takes without an upload.
	Builtins []string
}

// form is a command's page: its own flags, then the engine and output
// flags every simulating command shares.
type form struct {
	cmd  *command
	help string // the command's --help text
	// arg is the positional argument, for a command that takes one.
	arg    *field
	own    []*field
	common []*field
	byName map[string]*field
}

// notOnTheWeb are the flags a page has no use for, and why; naming one in
// a query is an error that says so.
var notOnTheWeb = map[string]string{
	"help":     "the page shows the help",
	"plot":     "the chart is drawn on the page",
	"progress": "the page shows its own progress",
	"workers":  "the server chooses the worker count; the result does not depend on it",
	// An output file of the command line's, should the command have one:
	// the server writes nothing to disk.
	"cpuprofile": "the server writes no files",
}

// commandArgs are the positional arguments of the commands that take one:
// a crossing for activate. A flag set does not declare them.
func commandArgs(name string) *field {
	if name != activateName {
		return nil
	}
	return &field{Name: "crossing", Label: "CROSSING", File: true, Builtins: builtinsOf(activateName),
		Usage: "a crossing file (sapper help activate shows its format) to upload, or the name of a built-in crossing"}
}

// newForm reads a command's form off its flag set.
func newForm(c *command) *form {
	var help strings.Builder
	c.help(&help)
	f := &form{cmd: c, help: help.String(), arg: commandArgs(c.name), byName: map[string]*field{}}
	common := map[string]bool{}
	(&commonFlags{}).register(pflag.NewFlagSet("", pflag.ContinueOnError)).VisitAll(func(fl *pflag.Flag) {
		common[fl.Name] = true
	})
	flagsOf(c).VisitAll(func(fl *pflag.Flag) {
		if _, skip := notOnTheWeb[fl.Name]; skip || fl.Hidden {
			return
		}
		fd := fieldOf(fl)
		f.byName[fd.Name] = fd
		if common[fl.Name] {
			f.common = append(f.common, fd)
		} else {
			f.own = append(f.own, fd)
		}
	})
	if f.arg != nil {
		f.byName[f.arg.Name] = f.arg
	}
	return f
}

func fieldOf(fl *pflag.Flag) *field {
	varName, usage := pflag.UnquoteUsage(fl)
	fd := &field{Name: fl.Name, Label: "--" + fl.Name, Usage: strings.Join(strings.Fields(usage), " ")}
	if varName != "" {
		fd.Label += " " + varName
	}
	switch t := fl.Value.Type(); {
	case t == "bool":
		fd.Bool = true
	case t == "int" || t == "uint64" || t == "float64" || t == "intArray":
		fd.Number = true
	}
	fd.Repeatable = repeatable(fl)
	fd.File = varName == "FILE"
	if !slices.Contains([]string{"", "0", "false", "[]"}, fl.DefValue) {
		fd.Default = fl.DefValue
	}
	return fd
}

// fields are the form's inputs in page order.
func (f *form) fields() []*field {
	out := make([]*field, 0, len(f.byName))
	if f.arg != nil {
		out = append(out, f.arg)
	}
	return append(append(out, f.own...), f.common...)
}

// formView is a form filled from an invocation.
type formView struct {
	Name, Summary, Help string
	// Action is where the form goes: its result page, or its own page
	// for a form with files, which turns uploads into a permalink.
	Action    string
	Multipart bool
	Arg       *inputView
	Own       []inputView
	Common    []inputView
	// CommonSet opens the engine and output flags when one is given.
	CommonSet bool
}

// inputView is a field with its values.
type inputView struct {
	*field
	// Values are the field's boxes: its values, and for a repeatable
	// field one more, empty, to add one without a script.
	Values []string
	// Text is an uploaded file's content, carried to the next submission.
	Text string
}

func (f *form) view(inv *invocation) *formView {
	v := &formView{Name: f.cmd.name, Summary: f.cmd.summary, Help: f.help, Action: "/" + f.cmd.name + "/run"}
	in := func(fd *field) inputView {
		iv := inputView{field: fd, Values: inv.values(fd.Name), Text: inv.texts[fd.Name]}
		if fd.File {
			v.Multipart = true
			v.Action = "/" + f.cmd.name
		}
		if fd.Repeatable || len(iv.Values) == 0 {
			iv.Values = append(iv.Values, "")
		}
		return iv
	}
	if f.arg != nil {
		a := in(f.arg)
		v.Arg = &a
	}
	for _, fd := range f.own {
		v.Own = append(v.Own, in(fd))
	}
	for _, fd := range f.common {
		v.Common = append(v.Common, in(fd))
		v.CommonSet = v.CommonSet || len(inv.values(fd.Name)) > 0
	}
	return v
}
