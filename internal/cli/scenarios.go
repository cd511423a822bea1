package cli

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/internal/yamlfile"
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
// anything else is a built-in, unless a file of that name is there too,
// which is refused as ambiguous rather than silently passed over. A file
// is read through infile: bounded, and given up when ctx is done.
func loadScenario(ctx context.Context, ref string) (*scenario, error) {
	return loadScenarioOf(ctx, ref, "", "")
}

// loadScenarioOf is loadScenario for a command that runs only its own
// scenarios, each a noun (sapper activate's, a crossing): a name that is
// neither a file nor a built-in is answered with those alone.
func loadScenarioOf(ctx context.Context, ref, command, noun string) (*scenario, error) {
	if scenarioName(ref) && slices.Contains(builtinNames(), ref) {
		if fileExists(ctx, ref) {
			return nil, usagef("%s is both a built-in scenario and a file here; write ./%s for the file, or rename it", ref, ref)
		}
		data, err := builtins.ReadFile("scenarios/" + ref + ".yaml")
		if err != nil {
			return nil, err
		}
		s, err := decodeScenario(builtinLabel(ref), data)
		if s != nil {
			s.ref = ref
		}
		return s, err
	}
	name := fileName(ref)
	data, err := readInput(ctx, ref)
	offer := "no such file and no built-in scenario of that name; built-in: " + strings.Join(builtinNames(), ", ")
	if command != "" {
		offer = fmt.Sprintf("no such file and no built-in %s of that name; built-in: %s", noun, strings.Join(builtinsOf(command), ", "))
	}
	if near := nearestBuiltin(ref, command); near != "" {
		// A misspelt or shortened name is answered with the ones meant,
		// not the list.
		offer = fmt.Sprintf("no such file and no built-in of that name; did you mean %s?", near)
	}
	if ref == "-" {
		offer = stdinOffer
	}
	if errors.Is(err, errNoDisk) && command != "" {
		// The page's engine: the files it may run instead.
		return nil, usagef("%s: %v, or pick a built-in %s: %s", name, err, noun, strings.Join(builtinsOf(command), ", "))
	}
	if err := readFailed(ctx, name, err, offer); err != nil {
		return nil, err
	}
	want := "command: and flags:"
	if command == activateName {
		want = "a crossing's command: activate, tables:, stack:, enemy:, sq: and path: (sapper scenarios two-sq-crossing prints one)"
	}
	s, err := decodeScenarioWanting(ref, data, want)
	if s != nil {
		s.ref = ref
	}
	return s, err
}

// scenarioName reports whether ref reads as a scenario's name, not a
// file's: no directory and no extension.
func scenarioName(ref string) bool { return !strings.ContainsRune(ref, '/') && path.Ext(ref) == "" }

// nearestBuiltin names the built-in scenario (of command, when not "")
// a name that is none was most likely meant for: the nearest in spelling,
// else the few whose names hold it (two-sq: two-sq-crossing); "" if none.
func nearestBuiltin(ref, command string) string {
	if !scenarioName(ref) {
		return "" // a file's name, not a misspelt scenario's
	}
	names := builtinNames()
	if command != "" {
		names = builtinsOf(command)
	}
	if meant := spell.Nearest(ref, names); meant != "" {
		return meant
	}
	const fewest, most = 3, 4 // a shorter part matches at random; more is the list
	if len(ref) < fewest {
		return ""
	}
	var holding []string
	for _, n := range names {
		if strings.Contains(n, strings.ToLower(ref)) {
			holding = append(holding, n)
		}
	}
	switch {
	case len(holding) == 1:
		return holding[0]
	case len(holding) > 1 && len(holding) <= most:
		return "one of " + strings.Join(holding, ", ")
	}
	return ""
}

// builtinLabel names a built-in scenario in messages: it has no file a
// user could open.
func builtinLabel(name string) string { return "built-in scenario " + name }

func runScenarios(ctx context.Context, stdout, _ io.Writer, args []string) error {
	fset, showHelp := newFlagSet("scenarios")
	// No --format: the list as a table, a scenario as its file. The list
	// takes either format too, so that asking for one is never ignored.
	format := fset.String("format", "", "yaml or json")
	if err := parseFlags(fset, args); err != nil {
		return err
	}
	if *showHelp {
		writeScenariosHelp(stdout)
		return nil
	}
	if *format != "" && *format != "yaml" && *format != "json" {
		return badValue("format", *format, "want yaml or json")
	}
	switch rest := fset.Args(); len(rest) {
	case 0:
		names := builtinNames()
		var list []*scenario
		width, cmdWidth := 0, 0
		for _, n := range names {
			s, err := loadScenario(ctx, n)
			if err != nil {
				return err
			}
			list = append(list, s)
			width, cmdWidth = max(width, len(n)), max(cmdWidth, len(s.command.name))
		}
		if *format != "" {
			type entry struct {
				Name    string `json:"name"`
				Command string `json:"command"`
				Title   string `json:"title"`
			}
			out := []entry{}
			for i, s := range list {
				out = append(out, entry{names[i], s.command.name, s.title})
			}
			if *format == "json" {
				return writeJSON(stdout, out)
			}
			var b strings.Builder
			for _, e := range out {
				fmt.Fprintf(&b, "- name: %s\n  command: %s\n  title: %s\n", yamlfile.Scalar(e.Name), yamlfile.Scalar(e.Command), yamlfile.Scalar(e.Title))
			}
			_, err := io.WriteString(stdout, b.String())
			return err
		}
		for i, s := range list {
			fmt.Fprintf(stdout, "%-*s  %-*s  %s\n", width, names[i], cmdWidth, s.command.name, s.title)
		}
		return nil
	case 1:
		if !slices.Contains(builtinNames(), rest[0]) {
			if near := nearestBuiltin(rest[0], ""); near != "" {
				return usagef("unknown scenario %s; did you mean %s? (sapper scenarios lists them)", quote(rest[0]), near)
			}
			return usagef("unknown scenario %s; want one of %s", quote(rest[0]), strings.Join(builtinNames(), ", "))
		}
		data, err := builtins.ReadFile("scenarios/" + rest[0] + ".yaml")
		if err != nil {
			return err
		}
		if *format == "json" {
			// The file's document as data, for a program (the page's path
			// builder starts from a built-in crossing with it).
			var doc any
			if err := yaml.Unmarshal(data, &doc); err != nil {
				return err
			}
			return writeJSON(stdout, doc)
		}
		_, err = stdout.Write(data)
		return err
	default:
		return usagef("want at most one scenario name, got %d arguments", len(rest))
	}
}

// writeJSON writes v as indented JSON: describe's and scenarios' data.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeScenariosHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: sapper scenarios [NAME] [--format yaml|json]

With no NAME, lists the scenarios built into sapper, one a line: its name,
the command it runs and its title. With a NAME, prints that scenario's file,
a starting point for one of your own. --format json gives either as data:
the list as name, command and title, a scenario as its file's fields;
--format yaml gives the list as YAML too (a scenario is YAML already).

Run one with sapper run NAME; see sapper help run for the file format.

Examples:
  sapper scenarios
  sapper scenarios compare-default > my-attack.yaml
  sapper scenarios two-sq-crossing --format json
  sapper scenarios --format yaml
`)
}

// fileExists reports whether a file named name is there to read: uploaded
// with a served run, or on disk.
func fileExists(ctx context.Context, name string) bool {
	if _, ok, err := uploaded(ctx, name); ok {
		return err == nil
	}
	_, err := os.Stat(name)
	return err == nil
}
