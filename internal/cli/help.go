package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// help serves "sapper help [command]".
func help(ctx context.Context, stdout io.Writer, args []string) error {
	switch {
	case len(args) == 0:
		writeUsage(stdout)
		return nil
	case len(args) > 1:
		return usagef("want at most one command, got %d arguments", len(args))
	}
	if args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		// "sapper help --help" asks what every "sapper COMMAND --help"
		// does: this command's own help.
		writeHelpHelp(stdout)
		return nil
	}
	cmd := lookup(args[0])
	if cmd == nil {
		return unknownCommand(args[0], runnableNames(ctx))
	}
	cmd.help(stdout)
	return nil
}

func writeHelpHelp(w io.Writer) {
	fmt.Fprintf(w, `Usage: sapper help [COMMAND]

With no COMMAND, lists sapper's commands; with one, explains it and its
flags, as "sapper COMMAND --help" does. COMMAND is one of:
  %s

Examples:
  sapper help
  sapper help dc
`, strings.Join(wrapLines([]string{commandNames()}, helpWidth-2), "\n  "))
}

func writeUsage(w io.Writer) {
	fmt.Fprint(w, `sapper computes the odds of tactical-wargame attacks: Advanced Squad Leader
Demolition Charges and IFT attacks, Tide of Iron attacks on buildings,
Solitaire ASL activation chains and The Last Hundred Yards fire, by Monte
Carlo or by exact enumeration of every dice path.

Usage:
  sapper <command> [flags]

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-10s %s\n", "help", "help on a command, e.g. sapper help dc")
	fmt.Fprint(w, `
"sapper help <command>" or "sapper <command> --help" lists a command's flags.
Rule references such as rules/asl.md §5 or rules/sasl.md S29 are to the rules
reference in the source's docs/rules folder; A23.3, S5.1 and the like are the
rulebooks' own numbers.

Exit codes: 0 ok, 1 the run failed or its output could not be written (a
full disk; a closed pipe, which says nothing; a --plot chart is still
written), 2 bad usage or input (one line on stderr, nothing run), 130
interrupted (the partial result is written, marked incomplete).
`)
}
