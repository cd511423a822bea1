package cli

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/lhy"
)

// TestEveryInputDescribed: every flag of every command that runs has a
// description a front end can build a field from — a group, a kind, a
// one-line help, bounds for a whole number, choices for a choice — and the
// same names are the command's flags, its scenario-file keys, its form's
// fields and describe's listing, so an input written once is in all four
// (the page builds a field for every input describe.json lists; the
// browser test fills them).
func TestEveryInputDescribed(t *testing.T) {
	for _, c := range describable() {
		d := describeCommand(c)
		var names []string
		for _, in := range d.Inputs {
			names = append(names, in.Name)
			what := c.name + " --" + in.Name
			switch {
			case !slices.Contains(groupOrder, in.Group):
				t.Errorf("%s: no group (setGroup)", what)
			case in.Help == "":
				t.Errorf("%s: no help", what)
			case len(in.Help) > 400:
				t.Errorf("%s: help of %d characters is not one line", what, len(in.Help))
			case in.Kind == kindInteger && in.Min == "":
				t.Errorf("%s: a whole number without bounds (setRange)", what)
			case in.Kind == kindText && strings.Contains(in.Help, ", or ") && in.Name != "af":
				t.Errorf("%s: reads like a choice but lists none (setChoices): %s", what, in.Help)
			case in.Computed != (in.From != ""):
				t.Errorf("%s: computed %v, from %q: a computed default says what it is worked out from", what, in.Computed, in.From)
			case in.Name == "workers" && !strings.HasPrefix(in.From, "the machine"):
				t.Errorf("%s: from %q: the workers' default is the machine's processors, no other input", what, in.From)
			}
		}
		var flags []string
		flagsOf(c).VisitAll(func(f *pflag.Flag) {
			if f.Name != "help" && !f.Hidden {
				flags = append(flags, f.Name)
			}
		})
		slices.Sort(flags)
		sorted := slices.Sorted(slices.Values(names))
		if !slices.Equal(sorted, flags) {
			t.Errorf("%s: described %v, flags %v", c.name, sorted, flags)
		}
		// Every described input is a scenario key: decoding a file that
		// gives it reaches the flag's own parser, not "unknown field".
		for _, in := range d.Inputs {
			_, err := decodeScenario("s.yaml", []byte("command: "+c.name+"\nflags:\n  "+in.Name+": \"\"\n"))
			if err != nil && strings.Contains(err.Error(), "unknown field") {
				t.Errorf("%s: --%s is not a scenario key: %v", c.name, in.Name, err)
			}
		}
	}
}

// TestDescribeJSON: the listing reads back, and names what a form needs.
func TestDescribeJSON(t *testing.T) {
	code, stdout, stderr := cli(t, "describe", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	var doc struct {
		Commands []commandDesc `json:"commands"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range doc.Commands {
		names = append(names, c.Name)
	}
	for _, want := range []string{"compare", "dc", "afv", "fire", "building", "activate", "lhy"} {
		if !slices.Contains(names, want) {
			t.Errorf("describe lists %v, not %s", names, want)
		}
	}
	for _, c := range doc.Commands {
		if c.Name != "dc" {
			continue
		}
		for _, in := range c.Inputs {
			if in.Name == "tem" && (in.Kind != kindInteger || in.Min != "0" || in.Max != "8" || in.Group != groupTerrain) {
				t.Errorf("dc --tem described as %+v", in)
			}
			if in.Name == "mode" && (in.Kind != kindChoice || !slices.Equal(in.Choices, []string{"placed", "thrown", "set"}) || in.Default != "placed") {
				t.Errorf("dc --mode described as %+v", in)
			}
		}
	}
	for _, bad := range [][]string{{"describe", "nope"}, {"describe", "--format", "xml"}, {"describe", "dc", "fire"}} {
		if code, _, _ := cli(t, bad...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// TestHelpFitsEightyColumns: every help text, sapper's own included, fits
// an 80-column terminal, and a placeholder names a kind, never a value
// (--mode MODE, not --mode placed).
func TestHelpFitsEightyColumns(t *testing.T) {
	texts := map[string]string{}
	_, texts["sapper help"], _ = cli(t, "help")
	for _, c := range commands {
		_, texts[c.name], _ = cli(t, "help", c.name)
	}
	_, texts["help"], _ = cli(t, "help", "help")
	for name, text := range texts {
		if text == "" {
			t.Errorf("%s: no help", name)
		}
		for i, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("%s, line %d: %d columns: %s", name, i+1, n, line)
			}
		}
	}
	for _, c := range describable() {
		for _, in := range describeCommand(c).Inputs {
			if p := in.Placeholder; p != "" && p != strings.ToUpper(p) {
				t.Errorf("%s --%s: placeholder %q is a value, not a kind", c.name, in.Name, p)
			}
		}
	}
}

// TestExamplesRun: a form started from describe's examples runs. Each
// command that some input has an example for runs on those alone; an
// input with an example has no default for it to override, and every
// command with an input a run needs has one.
func TestExamplesRun(t *testing.T) {
	for _, c := range describable() {
		d := describeCommand(c)
		argv := []string{c.name}
		for _, in := range d.Inputs {
			if len(in.Example) > 0 && in.Default != "" {
				t.Errorf("%s --%s: an example %q beside the default %q", c.name, in.Name, in.Example, in.Default)
			}
			for _, v := range in.Example {
				argv = append(argv, "--"+in.Name+"="+v)
			}
		}
		for _, a := range d.Args {
			// Required: a default would say the command runs without it.
			if a.Default != "" || len(a.Example) != 1 {
				t.Errorf("%s %s: default %q, example %q; want no default and one example", c.name, a.Name, a.Default, a.Example)
				continue
			}
			argv = slices.Insert(argv, 1, a.Example[0])
		}
		if c.name == sweepCommand.name {
			continue // its form takes its command's inputs too (TestSiteSweepInBrowser)
		}
		argv = append(argv, "--trials", "1000", "--format", "json")
		if code, _, stderr := cli(t, argv...); code != 0 {
			t.Errorf("%s: a form's first run, from its examples, exits %d: %s", strings.Join(argv, " "), code, stderr)
		}
		if d.Vary == "" {
			if len(d.Sweepable) > 0 {
				t.Errorf("%s: sweepable %v, and no first sweep", c.name, d.Sweepable)
			}
			continue
		}
		// The form's first sweep of the command varies describe's vary,
		// the varied input's example left out.
		varied, _, _ := strings.Cut(d.Vary, "=")
		sweep := []string{sweepCommand.name}
		for _, a := range argv {
			if !strings.HasPrefix(a, "--"+varied+"=") {
				sweep = append(sweep, a)
			}
		}
		sweep = append(sweep, "--vary", d.Vary)
		if code, _, stderr := cli(t, sweep...); code != 0 {
			t.Errorf("%s: a form's first sweep, from its examples, exits %d: %s", strings.Join(sweep, " "), code, stderr)
		}
	}
}

// TestSwitchesDescribed: each command with --rule lists its switches as
// data, as its help does, and each value of each switch is one the
// command takes: a front end that offers them runs.
func TestSwitchesDescribed(t *testing.T) {
	for _, c := range describable() {
		d := describeCommand(c)
		for _, in := range d.Inputs {
			if in.Name != "rule" {
				continue
			}
			if len(in.Switches) == 0 {
				t.Errorf("%s --rule: no switches described", c.name)
			}
			for _, sw := range in.Switches {
				if sw.Help == "" || sw.Default == "" || len(sw.Values) < 2 {
					t.Errorf("%s --rule %s: %+v", c.name, sw.Key, sw)
				}
				var help bytes.Buffer
				c.help(&help)
				if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(sw.Key) + `( |$)`).MatchString(help.String()) {
					t.Errorf("%s --rule %s: not in sapper help %s", c.name, sw.Key, c.name)
				}
				argv := []string{c.name}
				if c.name == "activate" {
					argv = append(argv, "two-sq-crossing")
				}
				for _, x := range d.Inputs {
					for _, v := range x.Example {
						argv = append(argv, "--"+x.Name+"="+v)
					}
				}
				// The help's own example of --rule runs on the
				// command's examples.
				if sw.Key == in.Switches[0].Key {
					var usage string
					flagsOf(c).VisitAll(func(f *pflag.Flag) {
						if f.Name == "rule" {
							usage = f.Usage
						}
					})
					m := regexp.MustCompile(`e\.g\. --rule\s+(\S+)`).FindStringSubmatch(usage)
					if m == nil {
						t.Errorf("%s --rule: no example in %q", c.name, usage)
					} else if code, _, stderr := cli(t, append(slices.Clone(argv), "--rule", m[1], "--trials", "100", "--format", "json")...); code != 0 {
						t.Errorf("%s --rule %s, the help's example: exit %d: %s", c.name, m[1], code, stderr)
					}
				}
				for _, v := range sw.Values {
					run := append(slices.Clone(argv), "--rule", sw.Key+"="+v, "--trials", "100", "--format", "json")
					// A switch another input makes moot is refused
					// with why (exit 2), never as an unknown key.
					if code, _, stderr := cli(t, run...); code != 0 && (code != exitUsage || strings.Contains(stderr, "unknown KEY") || strings.Contains(stderr, "want "+sw.Key+"=")) {
						t.Errorf("%s: exit %d: %s", strings.Join(run, " "), code, stderr)
					}
				}
			}
		}
	}
}

// TestSuggestionsRead: the units a form offers to pick for a unit input
// are units its command reads: ASL counters, or lhy's own.
func TestSuggestionsRead(t *testing.T) {
	for _, c := range describable() {
		for _, in := range describeCommand(c).Inputs {
			if (in.Kind == kindUnit || in.Kind == kindUnits) != (len(in.Suggest) > 0) {
				t.Errorf("%s --%s (%s): suggests %q", c.name, in.Name, in.Kind, in.Suggest)
			}
			for _, u := range in.Suggest {
				var err error
				if c.name == "lhy" {
					_, err = lhy.ParseUnit(u)
				} else {
					_, err = asl.ParseUnit(u)
				}
				if err != nil {
					t.Errorf("%s --%s suggests %q: %v", c.name, in.Name, u, err)
				}
			}
		}
	}
}

// TestDescribedBoundsAreTheFlags: a number described as off at a value
// and staying below its max is taken at its min and at off, and refused
// at its max, as the flag itself takes them (--precision).
func TestDescribedBoundsAreTheFlags(t *testing.T) {
	checked := 0
	for _, in := range describeCommand(dcCommand).Inputs {
		if in.Off == "" && !in.MaxExclusive {
			continue
		}
		checked++
		run := func(v json.Number) int {
			code, _, _ := cli(t, "dc", "--target", "4-6-7", "--trials", "1000", "--"+in.Name, string(v))
			return code
		}
		if in.Off != "" && run(in.Off) != exitOK || run(in.Min) != exitOK || in.MaxExclusive && run(in.Max) != exitUsage {
			t.Errorf("--%s: described %s…%s (below: %v), off %s; the flag takes otherwise", in.Name, in.Min, in.Max, in.MaxExclusive, in.Off)
		}
	}
	if checked == 0 {
		t.Error("no input described as off or staying below its max")
	}
}

// TestDescribeScenarios: describe's JSON lists the built-in scenarios of
// the commands it describes, crossings left to activate's crossing
// choices, each with the flags its file gives, which run it as sapper run
// NAME does.
func TestDescribeScenarios(t *testing.T) {
	var all, dc struct {
		Scenarios []scenarioDesc `json:"scenarios"`
	}
	for _, c := range []struct {
		args string
		into any
	}{{"describe --format json", &all}, {"describe dc --format json", &dc}} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if err := json.Unmarshal([]byte(stdout), c.into); code != exitOK || err != nil {
			t.Fatalf("%s: exit %d, %v, %s", c.args, code, err, stderr)
		}
	}
	crossings := builtinsOf(activateName)
	if want := len(builtinNames()) - len(crossings); len(all.Scenarios) != want {
		t.Errorf("%d scenarios listed, want %d (all but the crossings %v)", len(all.Scenarios), want, crossings)
	}
	for _, s := range all.Scenarios {
		if s.Command == activateName || s.Title == "" || len(s.Flags) == 0 && s.Vary == "" {
			t.Errorf("scenario %+v", s)
		}
	}
	for _, s := range dc.Scenarios {
		if s.Command != "dc" {
			t.Errorf("describe dc lists %s, a scenario of %s", s.Name, s.Command)
		}
	}
	if !slices.ContainsFunc(dc.Scenarios, func(s scenarioDesc) bool {
		return s.Name == "set-under-bridge" && s.Flags["mode"] == "set" && s.Flags["preset"] == true
	}) {
		t.Errorf("describe dc: set-under-bridge not listed with its flags: %+v", dc.Scenarios)
	}
}
