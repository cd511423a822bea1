package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/sapperhq/sapper/internal/spell"
	"github.com/spf13/pflag"
)

// command is one subcommand. Each lives in its own file with its own flag
// set; run only dispatches.
type command struct {
	name    string
	summary string
	// run executes the command with the arguments after its name. It
	// returns a *usageError for bad input, errInterrupted after writing a
	// partial result, or any other error for a failed run.
	run func(ctx context.Context, stdout, stderr io.Writer, args []string) error
	// prepare, set for a simulating command instead of run, checks its
	// input and returns the job they describe without running it.
	// Setting it is all a command needs for --plot, sweep and scenario
	// files; run is then derived from it.
	prepare func(ctx context.Context, in input) (*job, error)
	// help writes the command's full help text.
	help func(w io.Writer)
	// inputs, set for a command that runs others (sweep), declares its
	// own flags, which describe lists beside theirs.
	inputs func() *pflag.FlagSet
	// absent marks a command this build leaves out (the browser's: serve
	// and site), which only says so: no list of what may be run names it.
	absent bool
}

// commands lists the subcommands in the order help shows them. A command
// with a prepare step is at once sweepable, runnable from a scenario file
// and plottable. The list is filled in init because sweep and run look
// commands up in it.
var commands []*command

func init() {
	commands = []*command{compareCommand, dcCommand, afvCommand, fireCommand, plansCommand, buildingCommand, activateCommand, lhyCommand, sweepCommand, runCommand, scenariosCommand, describeCommandValue, serveCommand, siteCommand, versionCommand}
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func commandNames() string {
	return namesOf(func(*command) bool { return true })
}

// runnableNames is commandNames without the commands that cannot run
// here: those the build leaves out, and those a served page refuses
// (notServed).
func runnableNames(ctx context.Context) string {
	return namesOf(func(c *command) bool { return !c.absent && !refusedHere(ctx, c.name) })
}

// namesOf lists the commands keep keeps, and help, joined by ", ".
func namesOf(keep func(*command) bool) string {
	names := make([]string, 0, len(commands)+1)
	for _, c := range commands {
		if keep(c) {
			names = append(names, c.name)
		}
	}
	return strings.Join(append(names, "help"), ", ")
}

// unknownCommand refuses a command name that is none of names (a list
// joined by ", "), offering the nearest when one is near: not for a name
// of one or two letters, which any short command is near.
func unknownCommand(name, names string) error {
	if meant := spell.Nearest(name, strings.Split(names, ", ")); meant != "" && utf8.RuneCountInString(name) > 2 {
		return usagef("unknown command %q; did you mean %s? (want one of %s)", name, meant, names)
	}
	return usagef("unknown command %q; want one of %s", name, names)
}

// flagFirst refuses args, which begin with a flag where the command
// belongs: each command has its own flags, given after its name, so the
// refusal names the command found later in args, if any, and where its
// flags go.
func flagFirst(ctx context.Context, args []string) error {
	if cmd := lookup(strings.TrimLeft(args[0], "-")); cmd != nil && !cmd.absent {
		return usagef("%s is no flag: did you mean the command %s, as sapper %s?", quote(args[0]), cmd.name, cmd.name)
	}
	for i, a := range args[1:] {
		if cmd := lookup(a); cmd != nil && !cmd.absent {
			moved := append(append([]string{"sapper", cmd.name}, args[:i+1]...), args[i+2:]...)
			return usagef("%s before the command: a command's flags follow its name, as %s", quote(args[0]), commandLine(moved))
		}
	}
	return usagef("%s before the command: name the command first, then its flags (want one of %s)", quote(args[0]), runnableNames(ctx))
}

// commandLine writes words as a shell reads them back.
func commandLine(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = shellWord(w)
	}
	return strings.Join(quoted, " ")
}

// ExitError is the exit status of a run that did not succeed. What went
// wrong has been written to stderr already, as one line.
type ExitError struct {
	Code int
	// Err is the error reported on stderr, for a Go caller to inspect
	// (InputField names the input a usage error is about).
	Err error
}

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

func (e *ExitError) Unwrap() error { return e.Err }

// Execute runs sapper with args (without the program name), writing to
// stdout and stderr. It returns nil on success and an *ExitError carrying
// the exit code otherwise (docs/output.md, Exit codes: 1 a failed run, 2 bad input, 130
// interrupted); ctx ends a run early, with its partial result written.
func Execute(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if code, err := runErr(ctx, stdout, stderr, args); code != exitOK {
		return &ExitError{Code: code, Err: err}
	}
	return nil
}

// runErr is the whole program but for the process: it reads args
// (without the program name), writes to stdout and stderr, and returns
// the exit code and the error reported. Everything meant for stdout goes
// through one output, so that a write that fails, from a result, a help
// text or a listing alike, ends the program with one line on stderr and
// exit status 1.
func runErr(ctx context.Context, stdout, stderr io.Writer, args []string) (int, error) {
	ctx = withReads(ctx)
	stderr = &lockedWriter{w: stderr}
	out := newOutput(stdout)
	who, err := dispatch(ctx, out, stderr, args)
	if errors.Is(err, errChecked) {
		return exitOK, nil
	}
	if werr := out.finish(); err == nil {
		err = werr
	}
	return exit(ctx, stderr, who, err), err
}

// dispatch runs the command args name and returns who reports its error
// ("sapper dc") and the error.
func dispatch(ctx context.Context, stdout, stderr io.Writer, args []string) (who string, err error) {
	if len(args) == 0 {
		// sapper alone is a question: what can it do? The usage answers.
		return "sapper", help(ctx, stdout, nil)
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "--help":
		return "sapper help", help(ctx, stdout, rest)
	case "--version":
		name = versionCommand.name
	}
	cmd := lookup(name)
	if cmd == nil && strings.HasPrefix(name, "-") {
		return "sapper", flagFirst(ctx, args)
	}
	if cmd == nil {
		return "sapper", unknownCommand(name, runnableNames(ctx))
	}
	return "sapper " + cmd.name, cmd.execute(ctx, stdout, stderr, rest)
}

// execute runs the command with the arguments after its name.
func (c *command) execute(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	if c.prepare == nil {
		return c.run(ctx, stdout, stderr, args)
	}
	return runPrepared(c.name, c.prepare, c.help)(ctx, stdout, stderr, args)
}

// runPrepared is the run of the command name made of a prepare step and
// a help text.
func runPrepared(name string, prepare func(context.Context, input) (*job, error), help func(io.Writer)) func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	return func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
		j, err := prepare(withInvoked(ctx, name), argv(args))
		if err != nil {
			return err
		}
		if j.help {
			help(stdout)
			return nil
		}
		j.invoked = name
		return runJob(ctx, stdout, stderr, j)
	}
}

// exit prints err, if any, as one line prefixed by who, and returns the
// exit code it stands for.
func exit(ctx context.Context, stderr io.Writer, who string, err error) int {
	if err == nil {
		return exitOK
	}
	var oe *outputError
	if errors.As(err, &oe) && errors.Is(err, syscall.EPIPE) {
		// The reader went away (sapper help dc | head): it wanted no more,
		// and a line saying so would only clutter its terminal. Ctrl-C on
		// a pipeline stops the reader too: the run was still interrupted.
		if ctx.Err() != nil {
			return exitInterrupted
		}
		return exitFailure
	}
	// Escaped as the output is: a name in the message that overrides
	// the text's direction would show one thing and say another.
	line, rest := escapeControls(nil, []byte(oneLine(clipLong(err.Error()))))
	fmt.Fprintf(stderr, "%s: %s%s\n", who, line, rest)
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, errInterrupted), errors.Is(err, errCancelled):
		return exitInterrupted
	}
	return exitFailure
}
