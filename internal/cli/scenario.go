package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/internal/yamlfile"
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/model/toi"
)

// A scenario file names a command and gives its flags, one key per flag
// as on the command line (without the dashes):
//
//	command: dc
//	title: A Thrown DC from the second level
//	description: |
//	  …
//	flags:
//	  mode: thrown
//	  target: [4-6-7, leader:8-1]   # a repeatable flag takes a list
//	  elevation: 2
//	vary: tem=0..3                  # optional: sweep this input
//	metric: ift                     # optional, with vary
//
// Decoding is strict: an unknown key, a list for a flag that takes one
// value, or a value the flag's own parser rejects is an error naming the
// file and the line.
type scenario struct {
	file        string
	command     *command
	title       string
	description string
	vary        string
	metric      string
	flags       []scenarioFlag
	// lines holds the line of each key, top-level and flag, for messages
	// about values that only the command can judge.
	lines map[string]int
	// crossing holds the keys of a crossing file (command: activate),
	// which sapper activate decodes from data, the document's bytes; ref
	// is how the file was named.
	crossing map[string]yamlfile.Field
	data     []byte
	ref      string
	// via is the command the user typed, when it read the file as its
	// own (sapper activate, of a crossing): its messages need not name
	// the file's command again.
	via string
	// given holds the flags given after the file on the command line,
	// whose errors are the command line's.
	given map[string]bool
	// displaced holds the run and output flags of the file that gave way
	// to a flag after it (trials: to --method exact), each with the flag
	// that displaced it.
	displaced map[string]string
	// after is the flags given after the file, parsed (afterFlags).
	after *parsedFlags
	// overFile holds the flags given after a crossing file that set one
	// of its fields: true where to the value the file gives it (--ac 3 on
	// an AC 3 crossing), false where they change it, even to the flag's
	// default (--a5-drm 0 over a5_drm: 1).
	overFile map[string]bool
}

type scenarioFlag struct {
	name   string
	values []string
	// lines are the values' own lines, where a list's items stand apart.
	lines []int
}

// maxTitle is the most characters a scenario's title may have.
const maxTitle = 120

// scenarioKeys are the top-level keys, in the order messages list them.
var scenarioKeys = []string{"command", "title", "description", "flags", "vary", "metric"}

// scenarioError is an error at a line of a scenario file.
func scenarioError(file string, line int, format string, args ...any) error {
	file = oneLine(clip(file))
	msg := fmt.Sprintf(format, args...)
	if line > 0 {
		return &usageError{msg: fmt.Sprintf("%s:%d: %s", file, line, msg), placed: true}
	}
	return &usageError{msg: fmt.Sprintf("%s: %s", file, msg), placed: true}
}

// fileError is err as the usage error it is when an input file's decoder
// placed it (*yamlfile.Error), from its fields: its text is not read.
func fileError(err error) error {
	var fe *yamlfile.Error
	if errors.As(err, &fe) {
		return scenarioError(fe.File, fe.Line, "%s", fe.Msg)
	}
	return err
}

// invokedKey carries the command the user typed (runPrepared), for a
// scenario's messages (scenario.via).
type invokedKey struct{}

// withInvoked is ctx carrying name as the command the user typed.
func withInvoked(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, invokedKey{}, name)
}

// invokedOf is the command the user typed, as ctx carries it; "" when it
// does not.
func invokedOf(ctx context.Context) string {
	name, _ := ctx.Value(invokedKey{}).(string)
	return name
}

// decodeScenario reads one scenario document from data; file names it in
// messages.
func decodeScenario(file string, data []byte) (*scenario, error) {
	return decodeScenarioWanting(file, data, "command: and flags:")
}

// decodeScenarioWanting is decodeScenario saying, of an empty file, that
// it wants want: a crossing's fields where sapper activate reads one.
func decodeScenarioWanting(file string, data []byte, want string) (*scenario, error) {
	root, err := yamlfile.Decode(file, data, want)
	if err != nil {
		return nil, fileError(err)
	}
	if root.N.Kind != yaml.MappingNode {
		return nil, scenarioError(file, root.N.Line, "want a mapping with the keys %s", strings.Join(scenarioKeys, ", "))
	}
	s := &scenario{file: file, data: data, lines: map[string]int{}, crossing: map[string]yamlfile.Field{}}
	var flags *yamlfile.Node
	err = root.Pairs(func(key string, line int, v yamlfile.Node) error {
		s.lines[key] = line
		if slices.Contains(crossingKeys, key) {
			s.crossing[key] = yamlfile.Field{Node: v, Line: line} // judged by sapper activate
			return nil
		}
		if !slices.Contains(scenarioKeys, key) {
			if sasl.IsTablesKey(key) && !slices.Contains(crossingKeys, key) {
				return scenarioError(file, line, "unknown field %s: this reads as a Solitaire ASL tables file, not a scenario or crossing; a crossing names it with tables: FILE, or give it with --tables FILE", quote(key))
			}
			if sasl.IsEnemyKey(key) {
				return scenarioError(file, line, "unknown field %s; a crossing's %s belongs under enemy:, as enemy: {%s: …}", quote(key), key, key)
			}
			if best := spell.Nearest(key, append(slices.Clone(scenarioKeys), crossingKeys...)); best != "" {
				return scenarioError(file, line, "unknown field %s; did you mean %s?", quote(key), best)
			}
			if commandWithFlag(root.N, key) {
				return scenarioError(file, line, "unknown field %s: a command's flag goes under flags:, as flags: {%s: …}", quote(key), key)
			}
			return scenarioError(file, line, "unknown field %s; want %s, or for sapper activate %s", quote(key),
				strings.Join(scenarioKeys, ", "), strings.Join(crossingKeys, ", "))
		}
		if key == "flags" {
			// untagged, as every mapping and list (yamlfile.Decode)
			flags = &v
			return nil
		}
		if yamlfile.Tagged(v.N) {
			// !!binary would decode, !!null would read as nothing, and
			// any other would be ignored: a value says what it is.
			return scenarioError(file, v.N.Line, "field %s: %s is tagged %s: a file gives a value as the command line does, with no tag", key, quote(v.N.Value), v.N.Tag)
		}
		var fix func(k, v string) string
		if key == "vary" {
			fix = keyEquals // {tem: 0..5}: --vary's NAME=FROM..TO
		}
		text, err := scalar(file, key, fix, v.N)
		if err != nil {
			return err
		}
		switch key {
		case "command":
			s.command = lookup(text)
			if s.command == nil || s.command.prepare == nil {
				if meant := spell.Nearest(text, sweepTargets()); meant != "" {
					return scenarioError(file, v.N.Line, "command %s: did you mean %s? (want one of %s; a sweep is any of them with vary)", quote(text), meant, strings.Join(sweepTargets(), ", "))
				}
				return scenarioError(file, v.N.Line, "command %s: want one of %s (a sweep is any of them with vary)", quote(text), strings.Join(sweepTargets(), ", "))
			}
		case "title":
			s.title = text
		case "description":
			s.description = text
		case "vary":
			s.vary = text
		case "metric":
			s.metric = text
		}
		if text == "" && (key == "vary" || key == "metric" || key == "command") {
			// An empty vary: ran the file as no sweep, an empty metric:
			// as the sweep's default: each refused, as on the command line.
			return scenarioError(file, v.N.Line, "field %s: no value; %s", key, map[string]string{
				"vary": "want INPUT=FROM..TO, e.g. vary: tem=0..5", "metric": "want one of the metrics the swept command reports, e.g. metric: ift",
				"command": "want e.g. command: dc"}[key])
		}
		return nil
	})
	if err != nil {
		return nil, fileError(err)
	}
	switch {
	case s.command == nil:
		return nil, scenarioError(file, root.N.Line, "no command; want e.g. command: dc")
	case strings.ContainsAny(s.title, "\n\r\u0085\u2028\u2029"):
		// Any line break a terminal or a page may break the line at.
		return nil, scenarioError(file, s.lines["title"], "title: want one line (a longer text is a description)")
	case oddRune(s.title, "") != "":
		return nil, scenarioError(file, s.lines["title"], "title: %s: a title is text, with no control or bidirectional-override character", oddRune(s.title, ""))
	case oddRune(s.description, "\n\t") != "":
		return nil, scenarioError(file, s.lines["description"], "description: %s: a description is text, with no control character but line breaks and tabs, and no bidirectional override", oddRune(s.description, "\n\t"))
	case s.title != "" && strings.TrimSpace(s.title) == "":
		// Printed, it is a blank line where the output's heading was.
		return nil, scenarioError(file, s.lines["title"], "title: only spaces; give a title, or leave title out")
	case utf8.RuneCountInString(s.title) > maxTitle:
		// Every output prints it whole, and a chart wraps it to a line
		// per few words: a title is a line, not a page.
		return nil, scenarioError(file, s.lines["title"], "title: %d characters; want at most %d (a longer text is a description)", utf8.RuneCountInString(s.title), maxTitle)
	case s.metric != "" && s.vary == "":
		return nil, scenarioError(file, s.lines["metric"], "metric needs vary: it picks the outcomes a sweep shows")
	case len(s.crossing) > 0 && s.command.name != activateName:
		for _, k := range crossingKeys {
			if _, ok := s.crossing[k]; ok {
				return nil, scenarioError(file, s.lines[k], "field %s belongs to a crossing file (command: activate), not to sapper %s", k, s.command.name)
			}
		}
	}
	if flags != nil {
		if err := s.decodeFlags(flags); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// decodeFlags checks each key under flags against the command's flag set
// and each value with that flag's own parser.
func (s *scenario) decodeFlags(flags *yamlfile.Node) error {
	n := flags.N
	// "flags:" with nothing under it, as any other field with no value,
	// or an empty mapping, as an empty list is refused: its flags left
	// out or lost, which the file cannot say.
	switch {
	case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		return scenarioError(s.file, n.Line, "field flags: no value; want the command's flags under it, e.g. flags: {target: 4-6-7}, or leave flags out")
	case n.Kind == yaml.MappingNode && len(n.Content) == 0:
		return scenarioError(s.file, n.Line, "field flags: an empty mapping; want the command's flags in it, e.g. flags: {target: 4-6-7}, or leave flags out")
	}
	if n.Kind != yaml.MappingNode {
		return scenarioError(s.file, n.Line, "flags: want a mapping of flag names to values")
	}
	fs := flagsOf(s.command)
	return fileError(flags.Pairs(func(name string, line int, field yamlfile.Node) error {
		v := field.N
		if _, dup := s.lines["--"+name]; dup {
			return scenarioError(s.file, line, "field %s given twice", name)
		}
		// A scenario file is passed around: it may not name a file to
		// write but a chart beside where it runs, nor a profile at all.
		if name == "cpuprofile" {
			return scenarioError(s.file, line, "field cpuprofile: a scenario file writes no profile; give --cpuprofile FILE after the file on the command line")
		}
		if name == "plot" && v.Kind == yaml.ScalarNode && v.Value != "" && (filepath.Clean(v.Value) != filepath.Base(v.Value) || filepath.Clean(v.Value) == ".." || strings.ContainsRune(v.Value, '\\')) {
			return scenarioError(s.file, v.Line, "field plot: %s: a scenario file's chart is written in the directory sapper runs in: want a file name with no directory, e.g. chart.svg, or give --plot PATH on the command line", quote(v.Value))
		}
		s.lines["--"+name] = line
		f := fs.Lookup(name)
		if f == nil && slices.Contains(scenarioKeys, name) {
			return scenarioError(s.file, line, "field %s belongs at the top of the file, beside flags:, not under it", name)
		}
		if why := whyNoFlag(s.command.name, name); f == nil && why != "" {
			return scenarioError(s.file, line, "field %s: %s", name, why)
		}
		if f == nil && v.Tag == "!!null" && splitNumber(name) {
			// {needed: 0.5,0.8}: YAML split the value at its comma, and
			// read what followed as a key with no value.
			return scenarioError(s.file, line, "unknown field %q for sapper %s: a number where a flag goes, split by YAML at a comma from the value before it? Give a list in brackets, [0.5, 0.8], or quote a value holding a comma", name, s.command.name)
		}
		if f == nil || name == "help" || (len(name) == 1 && fs.ShorthandLookup(name) != nil) {
			return scenarioError(s.file, line, "unknown field %q for sapper %s%s", name, s.command.name, suggest(name, fs))
		}
		var values []string
		var lines []int
		fix := func(k, val string) string { return colonFix(s.command.name, f, k, val) }
		switch v.Kind {
		case yaml.ScalarNode:
			if v.Tag == "!!null" {
				return scenarioError(s.file, v.Line, "field %s: no value", name)
			}
			values, lines = []string{v.Value}, []int{v.Line}
		case yaml.SequenceNode:
			if !repeatable(f) {
				return scenarioError(s.file, v.Line, "field %s: takes one value, not a list", name)
			}
			if len(v.Content) == 0 {
				// It would give nothing, the field read as left out.
				return scenarioError(s.file, v.Line, "field %s: an empty list; give a value or more, or leave the field out", name)
			}
			for i, item := range v.Content {
				if item.Kind == yaml.SequenceNode {
					// target: [[4-6-7]]: a field that takes a list takes
					// its values, not lists of them.
					return scenarioError(s.file, item.Line, "field %s: item %d of its list is a list itself; give every value in the one list", name, i+1)
				}
				text, err := scalar(s.file, name, fix, item)
				if err != nil {
					return err
				}
				values, lines = append(values, text), append(lines, item.Line)
			}
		default:
			return scenarioError(s.file, v.Line, "field %s: want a value%s, not %s%s", name, map[bool]string{true: " or a list"}[repeatable(f)], yamlfile.KindName(v), colonHint(fix, v))
		}
		items := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			items = v.Content
		}
		for _, item := range items {
			if err := plainEnough(f, item); err != nil {
				return scenarioError(s.file, item.Line, "field %s: %s", name, err)
			}
			plain := item.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0
			if what, example, ok := optionSplitOff(s.command.name, f, item.Value); plain && ok {
				// In [4-6-7,elr=2] YAML splits the unit at its comma.
				return scenarioError(s.file, item.Line, "field %s: %s is a %s's option, not a %s: quote the %s with its options, as \"%s\"", name, quote(item.Value), what, what, what, example)
			}
			if name == "dff" && plain && !strings.Contains(item.Value, ":") && strings.Contains(item.Value, "=") {
				// In [8:-1,class=first] YAML splits the attack at its comma.
				return scenarioError(s.file, item.Line, "field %s: %s is an attack's option, not an attack: quote the attack with its options, as \"8:-1,class=first\"", name, quote(item.Value))
			}
		}
		for i, val := range values {
			if err := fs.Set(name, val); err != nil {
				problem := fileWant(valueProblem(f, errors.Unwrap(err)))
				problem += choiceHint(val, problem)
				return scenarioError(s.file, lines[i], "field %s: %s: %s", name, quote(val), problem)
			}
		}
		if name == "plot" {
			if _, _, err := resolvePlot(values[0]); err != nil {
				return scenarioError(s.file, v.Line, "field %s: %s", name, strings.TrimPrefix(err.Error(), "--plot "))
			}
		}
		s.flags = append(s.flags, scenarioFlag{name: name, values: values, lines: lines})
		return nil
	}))
}

// plainEnough refuses a value whose quotes or tag make text of what the
// flag reads as a number or a true or false ("3", !!float 1, 'true'),
// and a tag on any value: a file says 3, as the command line does.
func plainEnough(f *pflag.Flag, n *yaml.Node) error {
	how := yamlfile.NotPlain(n)
	numbers := f.Annotations[numbersKey] != nil
	switch t := f.Value.Type(); {
	case how == "" || how == "a block of text" && !numeric(t) && !numbers:
		return nil
	case strings.HasPrefix(how, "tagged"):
		return fmt.Errorf("%s is %s: a file gives a value as the command line does, with no tag", quote(n.Value), how)
	case numbers && repeatable(f):
		return fmt.Errorf("%s is %s: want numbers, written without quotes: a list of them, or one value with commas between them", quote(n.Value), how)
	case numeric(t) || numbers:
		return fmt.Errorf("%s is %s: %s, written without quotes", quote(n.Value), how, map[bool]string{true: "want true or false", false: "want a number"}[t == "bool"])
	}
	return nil
}

// numeric reports whether a flag of type t reads a number or a true or
// false.
func numeric(t string) bool {
	switch t {
	case "bool", "int", "intArray", "uint64", "float64":
		return true
	}
	return false
}

// scalar reads a single value of field key, whose value YAML read as a
// key and its value is written as fix says (colonHint).
func scalar(file, key string, fix func(k, v string) string, v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		return "", scenarioError(file, v.Line, "field %s: want a single value, not %s%s", oneLine(key), yamlfile.KindName(v), colonHint(fix, v))
	}
	return v.Value, nil
}

// colonHint says how to write a value YAML read as a mapping of one key
// because it holds ": ", as a plan does ("a: fire 8"): as fix writes it
// for the field (colonFix; nil, or "" from it: quoted, as a plan is); ""
// for any other node.
func colonHint(fix func(k, v string) string, v *yaml.Node) string {
	if v.Kind != yaml.MappingNode || len(v.Content) != 2 || v.Content[0].Kind != yaml.ScalarNode || v.Content[1].Kind != yaml.ScalarNode {
		return ""
	}
	k, val := v.Content[0].Value, v.Content[1].Value
	text := k + ": " + val
	if fix != nil {
		if w := fix(k, val); w != "" {
			return fmt.Sprintf(": YAML reads %s as a key and its value; write %s", quote(text), quote(w))
		}
	}
	return fmt.Sprintf(": YAML reads %s as a key and its value; quote it, as %s", quote(text), quote(text))
}

// colonFix is how flag f of sapper cmd takes a value that YAML read as
// key k and value v: {surrender: false} is --rule's surrender=false, {a:
// 7,rnp} lhy's unit a:7,rnp, {4-6-7: elr=2} a unit with its options,
// 4-6-7,elr=2; each checked by the parser of its kind where it has one.
// "" when the flag's form offers none.
func colonFix(cmd string, f *pflag.Flag, k, v string) string {
	if k == "" || v == "" || strings.ContainsAny(k, " =:,") {
		return ""
	}
	if strings.Contains(placeholderOf(f), "=") {
		return keyEquals(k, v)
	}
	if u, ok := unitFormOf(cmd, f); ok && u.parse(k+u.join+v) == nil {
		return k + u.join + v
	}
	return ""
}

// keyEquals is k: v, as YAML read it, written KEY=VALUE (a switch, a
// sweep's range); "" where either holds a space or =, or is empty.
func keyEquals(k, v string) string {
	if k == "" || v == "" || strings.ContainsAny(k+v, " =") {
		return ""
	}
	return k + "=" + v
}

// placeholderOf is how flag f's help writes its value (KEY=BOOL, UNIT).
func placeholderOf(f *pflag.Flag) string {
	p, _ := pflag.UnquoteUsage(f)
	return p
}

// repeatable reports whether flag f may be given more than once.
func repeatable(f *pflag.Flag) bool {
	t := f.Value.Type()
	return strings.HasSuffix(t, "Array") || strings.HasSuffix(t, "Slice")
}

// inputWithout is the input the scenario stands for, its keys set by name
// before the flags extra given after the file, the file's keys named in
// drop left out. A flag given after the file replaces a single-valued key
// of the file, which is then left out (a single-valued flag may not be
// given twice), and adds to a repeatable one.
func (s *scenario) inputWithout(extra input, drop map[string]bool) (input, error) {
	given, fs, err := s.flagsGiven(extra)
	if err != nil {
		return input{}, err
	}
	in := input{args: extra.args, after: extra.after, sweep: extra.sweep, fileVary: extra.fileVary}
	for _, f := range s.flags {
		if drop[f.name] || given[f.name] && !repeatable(fs.Lookup(f.name)) {
			continue
		}
		for _, v := range f.values {
			if key, _, _ := strings.Cut(v, "="); f.name == "rule" && given["rule "+key] {
				continue // the command line sets this switch
			}
			in.before = append(in.before, setting{f.name, v})
		}
	}
	return in, nil
}

// merged prepares the scenario's command line, extra after the file's
// flags, with prepare. Among the run and output flags every command shares
// the command line wins over the file: when one given after the file
// conflicts with one of the file (--method exact on the command line,
// trials: in the file), the file's flag is left out and the command is
// prepared again. Any other conflict between the file and the command
// line (--tem after mode: set) changes the question the file asks, so it
// is an error naming both, as are conflicts within the file or within the
// command line. Errors about the file's flags are placed at their lines.
func (s *scenario) merged(extra input, prepare func(input) (*job, error)) (*job, error) {
	given, _, err := s.flagsGiven(extra)
	if err != nil {
		return nil, s.place(err, false)
	}
	s.given = given
	s.displaced = map[string]string{}
	inFile := map[string]bool{}
	for _, f := range s.flags {
		inFile[f.name] = !given[f.name]
	}
	drop := map[string]bool{}
	for {
		in, err := s.inputWithout(extra, drop)
		if err != nil {
			return nil, s.place(err, false)
		}
		j, err := prepare(in)
		var ce *conflictError
		if errors.As(err, &ce) {
			file, cmd, fileTyped, cmdTyped := "", "", "", ""
			switch {
			case inFile[ce.flag] && !drop[ce.flag] && given[ce.withFlag]:
				file, cmd, fileTyped, cmdTyped = ce.flag, ce.withFlag, ce.input, ce.with
			case inFile[ce.withFlag] && !drop[ce.withFlag] && given[ce.flag]:
				file, cmd, fileTyped, cmdTyped = ce.withFlag, ce.flag, ce.with, ce.input
			}
			if file != "" {
				if !runFlag(file) || !runFlag(cmd) {
					return nil, scenarioError(s.file, s.lines["--"+file], "%s with %s given after the file: %s",
						s.key(file, fileTyped), cmdTyped, ce.why)
				}
				drop[file] = true
				s.displaced[file] = cmd
				continue
			}
		}
		if err != nil {
			return nil, s.place(s.afterCaused(err, extra, prepare), true)
		}
		j.place = func(err error) error { return s.place(err, true) }
		return j, nil
	}
}

// afterCaused returns err, an error about a key of the file, naming the
// inputs given after the file that brought it about when the file alone is
// accepted: "--setter: only a Set DC (--mode set) has a Setter (changed
// after the file: --mode placed)", as a title names them. An error the
// file would give on its own, or one about a flag given after it, is
// returned as it is.
func (s *scenario) afterCaused(err error, extra input, prepare func(input) (*job, error)) error {
	var ue *usageError
	if !errors.As(err, &ue) || ue.placed || ue.field == "" || s.given[ue.field] {
		return err
	}
	changed := s.changedInputs(extra.args)
	if len(changed) == 0 {
		return err
	}
	alone, aerr := s.inputWithout(input{sweep: extra.sweep, fileVary: extra.fileVary}, nil)
	if aerr != nil {
		return err
	}
	if _, aerr := prepare(alone); aerr != nil {
		return err
	}
	return &usageError{msg: fmt.Sprintf("%s (changed after the file: %s)", ue.msg, strings.Join(changed, ", ")), field: ue.field}
}

// runFlag reports whether name is one of the run and output flags every
// command shares (--method, --trials, --format…), which may give way
// between the file and the command line.
func runFlag(name string) bool { return runFlags().Lookup(name) != nil }

// runFlags is the run and output flags every command shares, registered
// once: only their names are read.
var runFlags = sync.OnceValue(func() *pflag.FlagSet {
	var common commonFlags
	return common.register(pflag.NewFlagSet("", pflag.ContinueOnError))
})

// key is the file's flag name as the file gives it, typed being the
// conflict's name for it: "mode: set" for "--mode set", "tem: 2" for
// "--tem", "rule: surrender" for "--rule surrender".
func (s *scenario) key(name, typed string) string {
	if _, v, ok := strings.Cut(typed, " "); ok {
		return name + ": " + v
	}
	for _, f := range s.flags {
		if f.name == name {
			return name + ": " + strings.Join(f.values, ", ")
		}
	}
	return name
}

// titled is the scenario's title marked with what the flags extra given
// after the file change: the attack's inputs, a sweep's metric or goal,
// a method other than the file's, and the file's flags that gave way to
// them. A file with no title is named by its file when they change
// anything, so that the output still says the file was not run as
// written; else it has none.
func (s *scenario) titled(extra []string) string {
	changed := s.changedInputs(extra)
	if sa, err := splitSweepArgs(extra); err == nil && s.vary != "" {
		// A sweep file's range, metric and goal given after it: what the
		// sweep asks and shows. A sweep of a file that is none heads
		// itself as a run of the file, its own inputs aside.
		if sa.hasVary && sa.vary != s.vary {
			changed = append(changed, "--vary "+sa.vary)
		}
		if sa.hasMetric && sa.metric != s.metric {
			changed = append(changed, "--metric "+sa.metric)
		}
		if sa.hasGoal {
			changed = append(changed, "--goal "+sa.goal)
		}
	}
	if m := s.methodChange(extra); m != "" {
		changed = append(changed, "--method "+m)
	}
	var dropped []string
	for _, f := range s.flags {
		if by, ok := s.displaced[f.name]; ok {
			dropped = append(dropped, fmt.Sprintf("%s: %s dropped for --%s", f.name, strings.Join(f.values, ", "), by))
		}
	}
	changed = append(changed, dropped...)
	title := s.title
	switch {
	case len(changed) == 0:
		return title
	case title == "":
		title = oneLine(clip(s.file))
	}
	return title + " (changed: " + strings.Join(changed, ", ") + ")"
}

// methodChange is the --method given after the file when it is not the
// file's: the file's own method: key, or the command's default where the
// file gives none; "" when it is the same, or none is given.
func (s *scenario) methodChange(extra []string) string {
	sa, err := splitSweepArgs(extra)
	if err != nil {
		return ""
	}
	fs, err := s.afterFlags(sa.rest)
	if err != nil || !fs.Changed("method") {
		return ""
	}
	f := fs.Lookup("method")
	file := f.DefValue
	if v, ok := s.fileValue("method"); ok {
		file = v
	}
	if m := f.Value.String(); m != file {
		return m
	}
	return ""
}

// changedInputs lists the inputs given after the file that change the
// attack the file describes, as typed (--fp 12): not the run and output
// flags every command shares, which leave the question as it was.
func (s *scenario) changedInputs(extra []string) []string {
	sa, err := splitSweepArgs(extra)
	if err != nil {
		return nil
	}
	fs, err := s.afterFlags(sa.rest)
	if err != nil {
		return nil
	}
	var out []string
	fs.Visit(func(f *pflag.Flag) {
		if runFlag(f.Name) || f.Name == "help" {
			return
		}
		v := f.Value.String()
		file, inFile := s.fileValue(f.Name)
		same, over := s.overFile[f.Name]
		switch {
		case !inFile && v == f.DefValue && !over, over && same:
			return // given as the default, or the crossing, has it: no change
		case inFile && v == file && (!repeatable(f) || f.Name == "rule"):
			return // given as the file has it: no change (a rule is a key's value, not one more)
		case f.Name == "rule":
			// A rule given replaces the file's value of its key alone:
			// the keys given at the file's values change nothing.
			var changed []string
			for _, kv := range strings.Split(strings.Trim(v, "[]"), ",") { // KEY=BOOL has no comma
				if !slices.Contains(s.fileRules(), kv) {
					changed = append(changed, kv)
				}
			}
			if len(changed) == 0 {
				return
			}
			v = strings.Join(changed, ",")
		case repeatable(f) && inFile:
			// Added to the file's list (docs/scenario-files.md): a
			// change, even of values the file has.
			v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]") + " added"
		case repeatable(f):
			v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
		}
		out = append(out, "--"+f.Name+" "+v)
	})
	return out
}

// fileRules are the file's --rule values, KEY=VALUE each.
func (s *scenario) fileRules() []string {
	for _, f := range s.flags {
		if f.name == "rule" {
			return f.values
		}
	}
	return nil
}

// fileValue is the value the file gives flag name, as the command's flag
// holds it once parsed (so that "fp: 8" and --fp 8.0 are one value), and
// whether the file gives it; "" when that does not parse.
func (s *scenario) fileValue(name string) (string, bool) {
	for _, f := range s.flags {
		if f.name != name {
			continue
		}
		fs := flagsOf(s.command)
		var args []string
		for _, v := range f.values {
			args = append(args, "--"+name+"="+v)
		}
		if parseFlags(fs, args) != nil {
			return "", true
		}
		return fs.Lookup(name).Value.String(), true
	}
	return "", false
}

// flagsGiven parses the flags given after the file, leaving a sweep's own
// to prepareSweep, and returns their names; a --rule given there is named
// "rule KEY" too, so that it replaces the file's value of that key alone.
// It returns the flag set they were parsed into too, for its flags' kinds.
func (s *scenario) flagsGiven(extra input) (map[string]bool, *pflag.FlagSet, error) {
	sa, err := splitSweepArgs(extra.args)
	if err != nil {
		return nil, nil, err
	}
	fs, err := s.afterFlags(sa.rest)
	if err != nil {
		return nil, nil, err
	}
	given := map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { given[f.Name] = true })
	for _, st := range extra.after {
		given[st.name] = true // a swept input
	}
	if f := fs.Lookup("rule"); f != nil && given["rule"] {
		if sv, ok := unwrapValue(f.Value).(pflag.SliceValue); ok {
			for _, r := range sv.GetSlice() {
				key, _, _ := strings.Cut(r, "=")
				given["rule "+key] = true
			}
		}
	}
	return given, fs, nil
}

// place puts a command's usage error at the line of the field it names,
// when inFile says the error may come from the file; one about the flags
// given after it names the scenario and its command.
func (s *scenario) place(err error, inFile bool) error {
	var ue *usageError
	if !errors.As(err, &ue) || ue.placed {
		return err
	}
	line := 0
	msg := ue.msg
	if f := ue.field; inFile && f != "" {
		line = s.lines["--"+f]
		if l := s.itemLine(f, msg); l > 0 {
			line = l
		}
		// An error of a repeatable flag given in the file and after it
		// too, that quotes no one value, is of its values together (a
		// unit too many in a Location).
		if s.given[f] && line > 0 && !strings.Contains(msg, `"`) {
			if fl := flagsOf(s.command).Lookup(f); fl != nil && repeatable(fl) {
				return scenarioError(s.file, line, "%s (%s: in the file and --%s after it, together)", msg, f, f)
			}
		}
		// A flag given after the file is the command line's.
		inFile = !s.given[f]
		if (f == "vary" || f == "metric") && inFile {
			// The file's own key, not a flag: named as the file names it.
			line = s.lines[f]
			if rest, ok := strings.CutPrefix(msg, "--"+f+" "); ok {
				msg = f + ": " + rest
			}
		}
	}
	if !inFile {
		// A flag given after the file: still its field, for a page to
		// mark. The file's command is named where another was typed
		// (sapper run, sapper sweep).
		of := fmt.Sprintf(" (sapper %s)", s.command.name)
		if s.via == s.command.name {
			of = ""
		}
		return &usageError{msg: fmt.Sprintf("%s%s: %s", oneLine(clip(s.file)), of, msg), field: ue.field}
	}
	return scenarioError(s.file, line, "%s", msg)
}

// itemLine is the line of the one item of the file's list for flag f that
// msg quotes, as a command quotes the value it refuses (--target
// "9-9-9"); 0 when msg quotes none of them, or several.
func (s *scenario) itemLine(f, msg string) int {
	line := 0
	for _, sf := range s.flags {
		if sf.name != f || len(sf.values) < 2 {
			continue
		}
		for i, v := range sf.values {
			if strings.Contains(msg, quote(v)) {
				if line > 0 && line != sf.lines[i] {
					return 0
				}
				line = sf.lines[i]
			}
		}
	}
	return line
}

// suggest offers the flag closest to a misspelt name.
func suggest(name string, fs *pflag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name != "help" {
			names = append(names, f.Name)
		}
	})
	if len(name) == 1 { // ShorthandLookup panics on a longer name
		if f := fs.ShorthandLookup(name); f != nil && f.Name != "help" {
			// A file names a flag in full: -j is the command line's.
			return fmt.Sprintf("; did you mean %s (-%s on the command line)?", f.Name, name)
		}
	}
	best := spell.Nearest(name, names)
	if best == "" {
		return fmt.Sprintf(" (sapper help %s lists its flags)", fs.Name())
	}
	return fmt.Sprintf("; did you mean %s?", best)
}

// oddRune names the first rune of s that is a control character not in
// allowed, or a bidirectional control that would make the text print in
// another order than it reads (U+202A–U+202E, U+2066–U+2069, U+200E,
// U+200F, U+061C), and where it stands: "U+001B at character 2"; "" for
// none.
func oddRune(s, allowed string) string {
	i := 0
	for _, r := range s {
		i++
		if yamlfile.Bidi(r) || yamlfile.BreaksLine(r) || unicode.IsControl(r) && !strings.ContainsRune(allowed, r) {
			return fmt.Sprintf("%U at character %d", r, i)
		}
	}
	return ""
}

// optionSplitOff reports whether value, a plain entry of the list field f
// of command cmd, is an option that YAML split at its comma from the
// entry before it ([4-6-7, elr=2] for ["4-6-7,elr=2"]), naming what the
// entries are and one to quote as an example: an ASL unit's option, an
// entry of The Last Hundred Yards with no NAME:, or a Tide of Iron squad's
// option=.
func optionSplitOff(cmd string, f *pflag.Flag, value string) (what, example string, ok bool) {
	u, isUnit := unitFormOf(cmd, f)
	switch {
	case !isUnit:
		return "", "", false
	case u.option != nil:
		return u.what, u.example, u.option(value)
	}
	// An option is what reads as one after an entry that reads alone.
	return u.what, u.example, !strings.ContainsAny(value, ",:") && value != "" && u.parse(u.entry+","+value) == nil
}

// unitForm is how a flag writes a unit of its game (unitFormOf).
type unitForm struct {
	what, example string // what the entries are, and one with an option
	entry         string // one that reads alone
	join          string // what joins its name to the rest (colonFix)
	parse         func(string) error
	// option, when set, tells one of its options (ASL's, whose units have
	// several forms) instead of parse after entry.
	option func(string) bool
}

// unitFormOf is the form of the units flag f of sapper cmd takes, by its
// placeholder; false for a flag of no unit.
func unitFormOf(cmd string, f *pflag.Flag) (unitForm, bool) {
	switch placeholder := placeholderOf(f); {
	case placeholder == "UNIT" && cmd == "lhy":
		return unitForm{"unit", "squad:7,concealed", "squad:7", ":", func(s string) error { _, err := lhy.ParseUnit(s); return err }, nil}, true
	case placeholder == "VEHICLE":
		return unitForm{"vehicle", "tank:8,afv", "tank:8", ":", func(s string) error { _, err := lhy.ParseVehicle(s); return err }, nil}, true
	case placeholder == "SQUAD":
		return unitForm{"squad", "3,cover=1", "3", ",", func(s string) error { _, err := toi.ParseSquad(s); return err }, nil}, true
	case placeholder == "UNIT":
		return unitForm{"unit", "4-6-7,elr=2", "4-6-7", ",", func(s string) error { _, err := asl.ParseUnit(s); return err }, asl.IsUnitOption}, true
	}
	return unitForm{}, false
}

// commandWithFlag reports whether the command the file root names has a
// flag named name, or, where it names none that runs, whether some
// command has.
func commandWithFlag(root *yaml.Node, name string) bool {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "command" {
			if c := lookup(root.Content[i+1].Value); c != nil && c.prepare != nil {
				return flagsOf(c).Lookup(name) != nil
			}
		}
	}
	for _, c := range commands {
		if c.prepare != nil && flagsOf(c).Lookup(name) != nil {
			return true
		}
	}
	return false
}

// splitNumber reports whether key is a number as a file writes one,
// digits with a sign or a point, such as YAML leaves as a key when it
// splits a value at its comma.
func splitNumber(key string) bool {
	_, err := decimal.ParseFloat(key)
	return err == nil
}
