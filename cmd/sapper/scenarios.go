package main

import (
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

// builtins are the scenarios shipped in the binary, one YAML file each;
// the file's base name is the scenario's name.
//
//go:embed scenarios/*.yaml
var builtins embed.FS

var scenariosCommand = &command{
	name:    "scenarios",
	summary: "list the built-in scenarios, or print one: sapper scenarios [NAME]",
	run:     runScenarios,
	help:    writeScenariosHelp,
}

func builtinNames() []string {
	entries, err := fs.ReadDir(builtins, "scenarios")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	slices.Sort(names)
	return names
}

// loadScenario reads and decodes a built-in scenario by name, or a file
// by path. A name with a slash or a .yaml/.yml/.toml ending is a path;
// anything else is looked up among the built-ins first.
func loadScenario(ref string) (*scenario, error) {
	if !strings.ContainsRune(ref, '/') && path.Ext(ref) == "" && slices.Contains(builtinNames(), ref) {
		data, err := builtins.ReadFile("scenarios/" + ref + ".yaml")
		if err != nil {
			return nil, err
		}
		return decodeScenario(ref+".yaml", data)
	}
	data, err := os.ReadFile(ref)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, usagef("%s: no such file and no built-in scenario of that name; built-in: %s", oneLine(ref), strings.Join(builtinNames(), ", "))
		}
		return nil, usagef("%s: %v", oneLine(ref), err)
	}
	return decodeScenario(ref, data)
}

func runScenarios(_ context.Context, stdout, _ io.Writer, args []string) error {
	fset, showHelp := newFlagSet("scenarios")
	if err := parseFlags(fset, args); err != nil {
		return err
	}
	if *showHelp {
		writeScenariosHelp(stdout)
		return nil
	}
	switch rest := fset.Args(); len(rest) {
	case 0:
		names := builtinNames()
		width := 0
		for _, n := range names {
			width = max(width, len(n))
		}
		for _, n := range names {
			s, err := loadScenario(n)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%-*s  %-7s  %s\n", width, n, s.command.name, s.title)
		}
		return nil
	case 1:
		if !slices.Contains(builtinNames(), rest[0]) {
			return usagef("unknown scenario %q; want one of %s", oneLine(rest[0]), strings.Join(builtinNames(), ", "))
		}
		data, err := builtins.ReadFile("scenarios/" + rest[0] + ".yaml")
		if err != nil {
			return err
		}
		_, err = stdout.Write(data)
		return err
	default:
		return usagef("want at most one scenario name, got %d arguments", len(rest))
	}
}

func writeScenariosHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: sapper scenarios [NAME]

With no NAME, lists the scenarios built into sapper, one a line: its name,
the command it runs and its title. With a NAME, prints that scenario's file,
a starting point for one of your own.

Run one with sapper run NAME; see sapper help run for the file format.

Examples:
  sapper scenarios
  sapper scenarios compare-default > my-attack.yaml
`)
}
