package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/spf13/pflag"
)

// A command's inputs are its flags, each declared once with pflag next to
// the command, with annotations for what a flag alone cannot say: its
// group (setGroup), its rule number (setRuleRef), its choices (setChoices)
// and its bounds (setRange, setBounds). From that one declaration come
// --help, the scenario-file keys (scenario.go) and the listing below,
// which the web page (internal/site) reads to build its forms.

// Annotation keys of an input's description.
const (
	groupKey   = "group"
	ruleRefKey = "rule"
	choicesKey = "choices"
	boundsKey  = "bounds" // a number's bounds; whole numbers use rangeKey
	// offKey is a value outside a number's bounds that turns the input
	// off (--precision 0), and belowKey marks a maximum the number stays
	// below (setOpenBounds).
	offKey   = "off"
	belowKey = "below"
	// computedKey marks a flag whose default is worked out from other
	// inputs (a TEM from --building, a crossing file's AC#): the flag set's
	// zero value is no default a form may show or leave out.
	computedKey = "computed"
	// switchesKey lists the modeling switches of a --rule flag
	// (setSwitches).
	switchesKey = "switches"
	// suggestKey lists the units a form offers to pick for a unit input
	// whose units are not ASL counters (setSuggest).
	suggestKey = "suggest"
	// noDefaultKey marks a flag with no default: its zero value stands for
	// "not given", which a given 0 is not (fire's --fp, lhy's --mdrm), so
	// a form shows it empty rather than as 0.
	noDefaultKey = "no-default"
	// numbersKey marks a flag of text whose values are numbers (building's
	// --needed 0.5,0.8 and --combined 4,4, afv's --aerial-af 4): a file
	// writes them unquoted, as it writes any number (plainEnough).
	numbersKey = "numbers"
	// exampleKey holds the values a form starts with for an input that a
	// run needs and that has no default (dc's target, fire's FP): the
	// command's first example, so that a form's first run answers rather
	// than asks for them.
	exampleKey = "example"
	// sweepKey marks the input a sweep of the command varies where none
	// is named, with its range FROM..TO (setSweep).
	sweepKey = "sweep"
	// defaultsKey holds what a repeatable input stands for when it is not
	// given (compare's targets: a 4-6-7 and an 8-1), as the command line
	// takes them: a form shows them as its rows, and gives the input only
	// once they differ.
	defaultsKey = "defaults"
	// excludesKey names the inputs an input may not be given with, as
	// two ways of saying one thing (afv's --af and --vehicle): a form
	// clears the others when one is given (setExcludes).
	excludesKey = "excludes"
	// onlyKey holds the input whose value an input needs and the values it
	// is given with (setOnly): a form hides it under any other.
	onlyKey = "only"
)

// Input groups, in the order a form shows them.
const (
	groupAttack   = "attack"
	groupTarget   = "target"
	groupTerrain  = "terrain"
	groupAdvanced = "advanced"
	groupRun      = "run"
	groupOutput   = "output"
)

// groupOrder puts what is attacked first: the one input a run needs
// (its targets) then leads a form, above the attack's many options.
var groupOrder = []string{groupTarget, groupAttack, groupTerrain, groupAdvanced, groupRun, groupOutput}

// Input kinds.
const (
	kindInteger = "integer"
	kindNumber  = "number"
	kindChoice  = "choice"
	kindUnit    = "unit"
	kindUnits   = "units"
	kindYesNo   = "yes/no"
	kindFile    = "file"
	kindText    = "text"
	kindList    = "list"
)

// annotate sets annotation key of each named flag of fs.
func annotate(fs *pflag.FlagSet, key string, values []string, names ...string) {
	for _, n := range names {
		if err := fs.SetAnnotation(n, key, values); err != nil {
			panic(err) // a flag name misspelt in this package
		}
	}
}

// setGroup puts the named flags in group.
func setGroup(fs *pflag.FlagSet, group string, names ...string) {
	if !slices.Contains(groupOrder, group) {
		panic("unknown input group " + group)
	}
	annotate(fs, groupKey, []string{group}, names...)
}

// setRuleRef records the rule a flag follows, as the rulebook numbers it
// (A23.62) or as the project's rules do (§8.26, S21).
func setRuleRef(fs *pflag.FlagSet, name, ref string) {
	annotate(fs, ruleRefKey, []string{ref}, name)
}

// setChoices records the words flag name takes, as the model that reads
// them lists them.
func setChoices(fs *pflag.FlagSet, name string, choices []string) {
	annotate(fs, choicesKey, choices, name)
}

// setNumbers marks the named flags, lists of numbers read as text, as
// taking numbers (numbersKey).
func setNumbers(fs *pflag.FlagSet, names ...string) {
	annotate(fs, numbersKey, []string{"true"}, names...)
}

// setComputed marks the named flags, those fs has, as having a default
// computed from other inputs, which their help says in words.
func setComputed(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		if fs.Lookup(n) != nil {
			annotate(fs, computedKey, []string{"other inputs"}, n)
		}
	}
}

// setSwitches records the modeling switches --rule (flag name) takes,
// as help's Rules section lists them: each KEY, what it does and its
// default (docs, from ruleDocs), and the values it takes (true and false
// unless given), so that a front end can offer them without parsing
// help.
func setSwitches(fs *pflag.FlagSet, name string, docs [][3]string, values ...string) {
	if len(values) == 0 {
		values = []string{"true", "false"}
	}
	var enc []string
	for _, d := range docs {
		enc = append(enc, strings.Join([]string{d[0], d[2], strings.Join(values, ","), d[1]}, "\x1f"))
	}
	annotate(fs, switchesKey, enc, name)
}

// commonCounters are the counters a form offers to pick for an input of
// ASL units, as typed on the command line. A 4-6-8 is an elite's counter,
// but without class=elite it is read as 1st Line (A1.25, rules §8.49), so
// it is offered as compare's DC user is written.
var commonCounters = []string{"4-6-7", "4-4-7", "4-6-8,class=elite", "5-4-8", "6-2-8", "hs:2-4-7", "leader:8-1", "leader:9-2"}

// setSuggest records the units a form offers to pick for flag name, an
// input of units written otherwise than ASL counters (lhy's
// NAME:COHESION).
func setSuggest(fs *pflag.FlagSet, name string, units ...string) {
	annotate(fs, suggestKey, units, name)
}

// setFromMachine marks flag name as having a default worked out, as
// setComputed's are, but from the machine the run is on.
func setFromMachine(fs *pflag.FlagSet, name, what string) {
	annotate(fs, computedKey, []string{what}, name)
}

// setNoDefault marks the named flags as having no default (noDefaultKey).
func setNoDefault(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		annotate(fs, noDefaultKey, []string{"true"}, n)
	}
}

// setExample records the values a form starts with for flag name, which
// a run needs and which has no default (exampleKey).
func setExample(fs *pflag.FlagSet, name string, values ...string) {
	annotate(fs, exampleKey, values, name)
}

// setSweep records that a sweep of the command varies input name over
// rng (FROM..TO) where none is named, in place of the one defaultVary
// would pick: an input that answers a question on the command's examples
// (afv's --tem protects only --other units, which its example has none
// of; its --basic-tk moves the kill).
func setSweep(fs *pflag.FlagSet, name, rng string) {
	annotate(fs, sweepKey, []string{rng}, name)
}

// setExcludes records that at most one of the named flags may be given:
// each excludes the others.
func setExcludes(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		annotate(fs, excludesKey, slices.DeleteFunc(slices.Clone(names), func(o string) bool { return o == n }), n)
	}
}

// setOnly records that the named flags apply only when flag input has one
// of values (dc's --thrower only with --mode thrown): the command refuses
// them under any other (TestOnlyAsRefused holds the two together).
func setOnly(fs *pflag.FlagSet, input string, values []string, names ...string) {
	annotate(fs, onlyKey, append([]string{input}, values...), names...)
}

// setDefaults records the values a repeatable flag stands for when it is
// not given (defaultsKey).
func setDefaults(fs *pflag.FlagSet, name string, values ...string) {
	annotate(fs, defaultsKey, values, name)
}

// setBounds records the least and greatest value of a number flag.
func setBounds(fs *pflag.FlagSet, name string, lo, hi float64) {
	annotate(fs, boundsKey, []string{strconv.FormatFloat(lo, 'g', -1, 64), strconv.FormatFloat(hi, 'g', -1, 64)}, name)
}

// setOpenBounds records a number flag that is off at the value off, and
// otherwise from lo to below hi.
func setOpenBounds(fs *pflag.FlagSet, name string, off, lo, hi float64) {
	setBounds(fs, name, lo, hi)
	annotate(fs, offKey, []string{strconv.FormatFloat(off, 'g', -1, 64)}, name)
	annotate(fs, belowKey, []string{"true"}, name)
}

// inputDesc is one input as data: what describe lists.
type inputDesc struct {
	Name        string `json:"name"`
	Kind        string `json:"kind"`
	Placeholder string `json:"placeholder,omitempty"`
	// Min and Max are the bounds of a number, as exactly as declared (a
	// seed's maximum is 2⁶⁴−1, beyond a float64).
	Min json.Number `json:"min,omitempty"`
	Max json.Number `json:"max,omitempty"`
	// MaxExclusive: the number stays below Max. Off is the value outside
	// Min…Max that turns the input off, where one does.
	MaxExclusive bool        `json:"max_exclusive,omitempty"`
	Off          json.Number `json:"off,omitempty"`
	Choices      []string    `json:"choices,omitempty"`
	// Titles are the choices' titles, in their order, where they have
	// them: a built-in crossing's.
	Titles  []string `json:"titles,omitempty"`
	Default string   `json:"default"`
	// Computed is set when the default is worked out from other inputs
	// (a TEM from the building, a crossing file's AC#), as the help says:
	// a front end then gives the input only when the player sets it.
	Computed bool `json:"computed,omitempty"`
	// From says what a computed default is worked out from: "other
	// inputs", or what of the machine (one worker per processor).
	From       string `json:"from,omitempty"`
	Repeatable bool   `json:"repeatable"`
	Group      string `json:"group"`
	Help       string `json:"help"`
	Rule       string `json:"rule,omitempty"`
	// Suggest are the units a form offers to pick for a unit input: ASL
	// counters unless the command writes its units otherwise.
	Suggest []string `json:"suggest,omitempty"`
	// Switches are the modeling switches a --rule input takes
	// (setSwitches): given as KEY=VALUE, each at most once.
	Switches []switchDesc `json:"switches,omitempty"`
	// Example are the values a form starts with for an input a run needs
	// and that has no default (setExample): the player's first run then
	// answers, and shows what to change.
	Example []string `json:"example,omitempty"`
	// Defaults are what a repeatable input stands for when it is not
	// given, a value each, as the command line takes them (setDefaults):
	// a form shows them, and gives the input only once they differ.
	Defaults []string `json:"defaults,omitempty"`
	// Excludes are the inputs this one may not be given with
	// (setExcludes).
	Excludes []string `json:"excludes,omitempty"`
	// Only is the input whose value this one needs, and the values it is
	// given with (setOnly).
	Only *onlyDesc `json:"only,omitempty"`
}

// onlyDesc is an input's condition: input has one of values.
type onlyDesc struct {
	Input  string   `json:"input"`
	Values []string `json:"values"`
}

// switchDesc is one modeling switch of --rule: its key, what it does (a
// line of help, with the rule it reads), its default in words ("true", or
// "true for placed/thrown, false for set" where another input decides)
// and the values it takes.
type switchDesc struct {
	Key     string   `json:"key"`
	Help    string   `json:"help"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
}

// commandDesc is one command's inputs.
type commandDesc struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	// Args are the positional arguments, for a command that takes any.
	Args   []inputDesc `json:"args,omitempty"`
	Inputs []inputDesc `json:"inputs"`
	// Sweepable are the inputs sapper sweep --vary can step through.
	Sweepable []string `json:"sweepable,omitempty"`
	// Vary is what a sweep of the command varies where none is named,
	// as --vary takes it (defaultVary): a form's first sweep.
	Vary string `json:"vary,omitempty"`
}

// describeFlag reads one flag's description off its declaration.
func describeFlag(f *pflag.Flag) inputDesc {
	placeholder, usage := pflag.UnquoteUsage(f)
	d := inputDesc{
		Name:        f.Name,
		Placeholder: placeholder,
		Repeatable:  repeatable(f),
		Help:        oneLineHelp(usage),
		Choices:     f.Annotations[choicesKey],
		Example:     f.Annotations[exampleKey],
		Defaults:    f.Annotations[defaultsKey],
		Excludes:    f.Annotations[excludesKey],
	}
	if g := f.Annotations[groupKey]; len(g) == 1 {
		d.Group = g[0]
	}
	if o := f.Annotations[onlyKey]; len(o) > 1 {
		d.Only = &onlyDesc{Input: o[0], Values: o[1:]}
	}
	if r := f.Annotations[ruleRefKey]; len(r) == 1 {
		d.Rule = r[0]
	}
	for _, enc := range f.Annotations[switchesKey] {
		p := strings.Split(enc, "\x1f")
		d.Switches = append(d.Switches, switchDesc{Key: p[0], Default: p[1], Values: strings.Split(p[2], ","), Help: p[3]})
	}
	if from := f.Annotations[computedKey]; len(from) == 1 {
		d.Computed, d.From = true, from[0]
	}
	if !slices.Contains([]string{"[]", "0s"}, f.DefValue) && !d.Computed && f.Annotations[noDefaultKey] == nil {
		d.Default = f.DefValue
	}
	bounds := f.Annotations[rangeKey]
	if len(bounds) == 0 {
		bounds = f.Annotations[boundsKey]
	}
	if len(bounds) == 2 {
		d.Min, d.Max = json.Number(bounds[0]), json.Number(bounds[1])
	}
	if off := f.Annotations[offKey]; len(off) == 1 {
		d.Off = json.Number(off[0])
	}
	d.MaxExclusive = f.Annotations[belowKey] != nil
	switch t := f.Value.Type(); {
	case len(d.Choices) > 0 && placeholder != "FILE":
		// A file's choices are the names it takes beside a file
		// (--tables illustrative): it stays a file.
		d.Kind = kindChoice
	case t == "bool":
		d.Kind = kindYesNo
	case wholeNumber(f):
		d.Kind = kindInteger
	case strings.HasPrefix(t, "float"):
		d.Kind = kindNumber
	case unitFlag(f) && d.Repeatable:
		d.Kind = kindUnits
	case unitFlag(f):
		d.Kind = kindUnit
	case placeholder == "FILE":
		d.Kind = kindFile
	case d.Repeatable:
		d.Kind = kindList
	default:
		d.Kind = kindText
	}
	if d.Kind == kindUnit || d.Kind == kindUnits {
		d.Suggest = f.Annotations[suggestKey]
		if d.Suggest == nil {
			d.Suggest = commonCounters
		}
	}
	return d
}

// oneLineHelp is a usage text on one line, without its example.
func oneLineHelp(usage string) string {
	s := strings.Join(strings.Fields(usage), " ")
	if i := strings.Index(s, " e.g. "); i > 0 {
		s = strings.TrimRight(s[:i], ",; ")
	}
	if i := strings.Index(s, "e.g. "); i == 0 {
		s = ""
	}
	return s
}

// describeCommand lists a command's inputs in group order, each group in
// declaration order. help and the flags the command line alone has
// (notDescribed) are left out.
func describeCommand(c *command) commandDesc {
	fs := flagsOf(c)
	d := commandDesc{Name: c.name, Summary: c.summary, Args: describeArgs(c.name), Sweepable: sweepable(fs), Vary: defaultVary(fs)}
	var all []inputDesc
	flagsOf(c).VisitAll(func(f *pflag.Flag) {
		if f.Name != "help" && !f.Hidden {
			all = append(all, describeFlag(f))
		}
	})
	for _, g := range groupOrder {
		for _, in := range all {
			if in.Group == g {
				d.Inputs = append(d.Inputs, in)
			}
		}
	}
	for _, in := range all {
		if !slices.Contains(groupOrder, in.Group) {
			d.Inputs = append(d.Inputs, in) // found by TestEveryInputDescribed
		}
	}
	return d
}

// describable are the commands whose inputs describe lists: those that
// prepare a run.
func describable() []*command {
	var out []*command
	for _, c := range commands {
		if c.prepare != nil || c.inputs != nil {
			out = append(out, c)
		}
	}
	return out
}

var describeCommandValue = &command{
	name:    "describe",
	summary: "every command's inputs as data: kind, bounds, default, group, help",
	help:    writeDescribeHelp,
}

func init() {
	describeCommandValue.run = func(_ context.Context, stdout, _ io.Writer, args []string) error {
		return runDescribe(stdout, args)
	}
}

// runDescribe serves sapper describe [COMMAND] [--format table|json].
func runDescribe(stdout io.Writer, args []string) error {
	fs, showHelp := newFlagSet("describe")
	format := fs.String("format", "table", "output `FORMAT`: table or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *showHelp {
		writeDescribeHelp(stdout)
		return nil
	}
	cmds := describable()
	switch rest := fs.Args(); {
	case len(rest) > 1:
		return usagef("want at most one command, got %d", len(rest))
	case len(rest) == 1:
		c := lookup(rest[0])
		if c == nil || c.prepare == nil && c.inputs == nil {
			return unknownCommand(rest[0], commandList(cmds))
		}
		cmds = []*command{c}
	}
	var descs []commandDesc
	for _, c := range cmds {
		descs = append(descs, describeCommand(c))
	}
	switch *format {
	case "json":
		return writeDescJSON(stdout, descs)
	case "table":
		for i, d := range descs {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			writeDescTable(stdout, d)
		}
		return nil
	}
	return badValue("format", *format, "want table or json")
}

// writeDescJSON writes commands' descriptions as describe --format json,
// with the built-in scenarios of those commands that a form can start
// from (describedScenarios).
func writeDescJSON(w io.Writer, descs []commandDesc) error {
	names := map[string]bool{}
	for _, d := range descs {
		names[d.Name] = true
	}
	scenarios, err := describedScenarios(names)
	if err != nil {
		return err
	}
	return writeJSON(w, struct {
		Commands  []commandDesc  `json:"commands"`
		Scenarios []scenarioDesc `json:"scenarios,omitempty"`
	}{descs, scenarios})
}

// scenarioDesc is a built-in scenario as describe lists it, its flags as
// the file gives them, for a page to fill a form from: sapper run NAME's
// inputs.
type scenarioDesc struct {
	Name        string         `json:"name"`
	Command     string         `json:"command"`
	Title       string         `json:"title"`
	Description string         `json:"description,omitempty"`
	Vary        string         `json:"vary,omitempty"`
	Metric      string         `json:"metric,omitempty"`
	Flags       map[string]any `json:"flags,omitempty"`
}

// describedScenarios are the built-in scenarios of the commands named,
// but crossings: sapper activate lists those as its crossing's choices,
// and a crossing is more than its flags.
func describedScenarios(commands map[string]bool) ([]scenarioDesc, error) {
	var out []scenarioDesc
	for _, name := range builtinNames() {
		data, err := builtins.ReadFile("scenarios/" + name + ".yaml")
		if err != nil {
			return nil, err
		}
		var d scenarioDesc
		if err := yaml.Unmarshal(data, &d); err != nil {
			return nil, fmt.Errorf("built-in scenario %s: %w", name, err)
		}
		if !commands[d.Command] || d.Command == activateName {
			continue
		}
		d.Name = name
		out = append(out, d)
	}
	return out, nil
}

func commandList(cmds []*command) string {
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// writeDescTable writes a command's inputs by group, one line each.
func writeDescTable(w io.Writer, d commandDesc) {
	fmt.Fprintf(w, "%s: %s\n", d.Name, d.Summary)
	group := ""
	for _, in := range d.Inputs {
		if in.Group != group {
			group = in.Group
			fmt.Fprintf(w, "  %s\n", group)
		}
		allowed := in.Kind
		switch {
		case len(in.Choices) > 0 && in.Kind == kindFile:
			allowed = "file or " + strings.Join(in.Choices, "|")
		case len(in.Choices) > 0:
			allowed = strings.Join(in.Choices, "|")
		case in.MaxExclusive:
			allowed = fmt.Sprintf("%s %s…below %s", in.Kind, in.Min, in.Max)
		case in.Min != "":
			allowed = fmt.Sprintf("%s %s…%s", in.Kind, in.Min, in.Max)
		}
		if in.Off != "" {
			allowed += fmt.Sprintf(" or %s (off)", in.Off)
		}
		if in.Repeatable {
			allowed += ", repeatable"
		}
		switch {
		case in.Computed:
			allowed += ", default from " + in.From
		case in.Default != "":
			allowed += ", default " + in.Default
		case len(in.Defaults) > 0:
			allowed += ", default " + strings.Join(in.Defaults, " ")
		}
		if in.Rule != "" {
			allowed += ", " + in.Rule
		}
		fmt.Fprintf(w, "    %-16s %s\n", in.Name, allowed)
	}
}

func writeDescribeHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: sapper describe [COMMAND] [--format table|json]

Lists the inputs of every command that runs (or of COMMAND alone) as data:
each input's name (its flag, scenario-file key and form field), kind
(integer, number, choice, unit, units, yes/no, file, text, list), bounds
or choices, default, group (attack, target, terrain, advanced, run,
output), a one-line help and, where it has one, the rule it follows. The
JSON also says of a number that stays below its max ("max_exclusive") or
is off at a value outside its bounds ("off"), lists what a computed
default is worked out from ("from"), what a repeatable input stands for
when it is not given ("defaults"), the units a unit input offers to pick
("suggest") and, for --rule, each modeling switch ("switches": key, help,
default, values), as the command's help does; of each command, the inputs
sapper sweep may vary ("sweepable") and what its first sweep varies where
none is named ("vary", as --vary takes it, a run its examples answer). A
front end reads the JSON to build its form. Beside the commands,
"scenarios" lists their built-in scenarios but crossings (sapper activate
lists those as the choices of its crossing, with their "titles"): name,
command, title, description, vary and metric for a sweep, and flags as the
file gives them, for a form to start from.

Examples:
  sapper describe dc
  sapper describe --format json
`)
}

// unitFlag reports whether f takes units (--target 4-6-7), as its
// description's kind says.
func unitFlag(f *pflag.Flag) bool {
	placeholder, _ := pflag.UnquoteUsage(f)
	return placeholder == "UNIT"
}
