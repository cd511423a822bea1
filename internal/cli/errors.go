package cli

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/internal/yamlfile"
)

// Exit codes (docs/output.md, Exit codes).
const (
	exitOK          = 0
	exitFailure     = 1   // the run itself failed
	exitUsage       = 2   // bad usage or bad input: nothing was run
	exitInterrupted = 130 // interrupted; the partial result was written
)

// usageError is bad usage or bad input. It is printed as one line on
// stderr, with nothing on stdout, and exits 2.
type usageError struct {
	msg string
	// field, when set, is the input the error is about, by its flag name:
	// a scenario file places the error at that key's line and the page
	// marks that field, neither by reading msg.
	field string
	// placed: msg already names the scenario file and line it is about.
	placed bool
}

func (e *usageError) Error() string { return e.msg }

// inputErrorf is a usage error about the input field; the message names
// it as the user typed it ("--tem: …").
func inputErrorf(field, format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...), field: field}
}

// about makes a usage error that names no input one about field: an
// error of the file a positional argument names (activate's crossing),
// which the page marks at that field. Any other error is returned as it
// is.
func about(err error, field string) error {
	var ue *usageError
	if !errors.As(err, &ue) || ue.field != "" {
		return err
	}
	c := *ue
	c.field = field
	return &c
}

// InputField returns the input a usage error is about, by its flag name,
// or "" when it is about no one input.
func InputField(err error) string {
	var ue *usageError
	if errors.As(err, &ue) {
		return ue.field
	}
	return ""
}

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// badValue reports that flag --name was given v, and what it accepts.
func badValue(name, v, want string) error {
	return inputErrorf(name, "--%s %s: %s", name, quote(v), want+choiceHint(v, want))
}

// choiceHint names the choice that v is in lower case and without spaces
// around it, when v is one written otherwise ("Set", " json"), or the one
// a misspelt v most likely meant ("Wods", "very_dry"): such a value is
// refused, never guessed (choice.go), but the refusal says what was
// meant. The choices are those want lists ("want placed, thrown or set",
// "want one of woods, brush, …"); a message that offers a word already
// ("did you mean") or says what the case is gets no second.
func choiceHint(v, want string) string {
	trimmed := strings.TrimSpace(v)
	w := strings.ToLower(trimmed)
	if strings.Contains(want, "lower case") || strings.Contains(want, "did you mean") {
		return ""
	}
	choices := listedChoices(want)
	switch {
	case slices.Contains(choices, v):
		return ""
	case !slices.Contains(choices, w):
		if meant := spell.Nearest(w, choices); meant != "" && strings.ContainsFunc(w, unicode.IsLetter) {
			return "; did you mean " + meant + "?"
		}
		return ""
	case trimmed == v:
		return "; words are lower case: " + w
	case w == trimmed:
		return "; no spaces around the word: " + w
	}
	return "; words are lower case, with no spaces around them: " + w
}

// wantOneOf says what a message wants in place of typed, a name not among
// names: "want one of a, b, c", after the one of offered meant, when one
// is near ("did you mean b? (want one of a, b, c)"). offered is names but
// where only some of them would do; what, when not "", names them ("want
// one of the counts, which have a mean: out").
func wantOneOf(typed string, names, offered []string, what string) string {
	list := "want one of " + strings.Join(names, ", ")
	if what != "" {
		list = "want one of " + what + ": " + strings.Join(names, ", ")
	}
	return spell.Offer(spell.Nearest(typed, offered), list)
}

// listedChoices are the words a message's "want" lists as its choices:
// "want placed, thrown or set", "want one of a, b, c" and "want true or
// false, or the flag alone for true" list words (surrender=false is one);
// "want a whole number from 0 to 5" and "want e.g. 4-6-7, …" list none.
func listedChoices(want string) []string {
	_, list, ok := strings.Cut(want, "want ")
	if !ok {
		return nil
	}
	list = strings.TrimPrefix(list, "one of ")
	if i := strings.IndexAny(list, ";("); i >= 0 {
		list = list[:i]
	}
	var words []string
	for _, part := range strings.Split(strings.ReplaceAll(list, " or ", ", "), ",") {
		part = strings.TrimSpace(part)
		if part == "" || strings.ContainsFunc(part, func(r rune) bool { return !unicode.IsLower(r) && !unicode.IsDigit(r) && r != '-' && r != '=' }) {
			continue // a phrase, a placeholder or an example: no word
		}
		words = append(words, part)
	}
	return words
}

// maxQuoted is the most characters of a user's argument an error line
// quotes: enough to recognise it, never a screenful.
const maxQuoted = 80

// clip shortens s to maxQuoted characters, marking the cut with "…".
func clip(s string) string {
	if r := []rune(s); len(r) > maxQuoted {
		return string(r[:maxQuoted]) + "…"
	}
	return s
}

// quote is s clipped and quoted, as error lines show arguments.
func quote(s string) string { return strconv.Quote(clip(s)) }

// clipLong clips every quoted string of an error message, whichever
// parser wrote it, and every run of text without a space longer than a
// quoted argument may be (a number of a hundred thousand digits a model's
// parser echoed as it read it, a path the system refused), so that no
// argument fills the line.
func clipLong(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		if msg[i] == '"' {
			if q, err := strconv.QuotedPrefix(msg[i:]); err == nil {
				i += len(q)
				if u, err := strconv.Unquote(q); err == nil && len([]rune(u)) > maxQuoted {
					q = quote(u)
				}
				b.WriteString(q)
				continue
			}
		}
		if msg[i] == ' ' || msg[i] == '"' {
			b.WriteByte(msg[i])
			i++
			continue
		}
		j := i + 1
		for j < len(msg) && msg[j] != ' ' && msg[j] != '"' {
			j++
		}
		tok := msg[i:j]
		end := len(strings.TrimRight(tok, ":,;)"))
		b.WriteString(clip(tok[:end]) + tok[end:])
		i = j
	}
	return b.String()
}

// errInterrupted ends a run whose partial result has been written.
var errInterrupted = errors.New("interrupted; the result written is partial and marked incomplete")

// errCancelled ends a command interrupted before it ran anything, such as
// while it waited for a scenario file.
var errCancelled = errors.New("interrupted")

// cancelled is errCancelled said in words of what was stopped, which
// name the interruption once: "x.yaml: interrupted while reading; nothing
// was run".
type cancelled string

func (c cancelled) Error() string        { return string(c) }
func (c cancelled) Is(target error) bool { return target == errCancelled }

// wantKey is the flag annotation holding the accepted form of a flag's
// value, for flags whose parse errors would otherwise quote strconv.
const wantKey = "want"

// setWant records the accepted form of flag name's value.
// switchWant is what a switch (--concealed) takes on the command line; a
// file, which has no bare flag, takes true or false (fileWant).
const switchWant = "want true or false, or the flag alone for true"

// fileWant is problem, a flag's refusal of a value, as a file gives the
// value: a switch there is written true or false.
func fileWant(problem string) string {
	return strings.Replace(problem, switchWant, "want true or false", 1)
}

func setWant(fs *pflag.FlagSet, name, want string) {
	if err := fs.SetAnnotation(name, wantKey, []string{want}); err != nil {
		panic(err) // a flag name misspelt in this package
	}
}

// want returns the accepted form of f's value, or "".
func want(f *pflag.Flag) string {
	if w := f.Annotations[wantKey]; len(w) > 0 {
		return w[0]
	}
	return ""
}

// valueWanted says what f takes, for a flag given no value: its accepted
// form, its choices, or what its own parser says of an empty value (the
// parse has failed, so the value it may leave behind is never read).
func valueWanted(f *pflag.Flag) string {
	if w := want(f); w != "" {
		return w
	}
	if c := f.Annotations[choicesKey]; len(c) > 0 {
		return "want " + orList(c)
	}
	var rep *repeatedError
	if err := f.Value.Set(""); err != nil && !errors.As(err, &rep) {
		if p := valueProblem(f, err); strings.HasPrefix(p, "want ") {
			return p
		}
	}
	placeholder, usage := pflag.UnquoteUsage(f)
	if i := strings.Index(usage, "e.g. "); i >= 0 {
		return placeholder + ", " + strings.Join(strings.Fields(usage[i:]), " ")
	}
	return placeholder
}

// orList is words as a sentence says them: "a, b or c".
func orList(words []string) string { return wordList(words, "or") }

// andList is words as a sentence says them: "a, b and c".
func andList(words []string) string { return wordList(words, "and") }

// wordList joins words with commas and conj before the last.
func wordList(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// parseError turns a pflag parse error of fs into a usageError naming
// the flag and what it accepts, or for a flag fs lacks, the nearest it
// has or of also (a sweep's own flags).
func parseError(fs *pflag.FlagSet, err error, also ...string) error {
	var (
		inv *pflag.InvalidValueError
		req *pflag.ValueRequiredError
		nx  *pflag.NotExistError
		syn *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &inv):
		return valueError(inv.GetFlag(), inv.GetValue(), errors.Unwrap(inv))
	case errors.As(err, &req):
		f := req.GetFlag()
		return inputErrorf(f.Name, "--%s needs a value: %s", f.Name, valueWanted(f))
	case errors.As(err, &nx):
		switch s := nx.GetSpecifiedShortnames(); len(s) {
		case 0:
		case 1:
			return usagef("unknown flag %s; --help lists the flags", quote("-"+s))
		default:
			return usagef("unknown flag %s in %s; --help lists the flags", quote("-"+nx.GetSpecifiedName()), quote("-"+s))
		}
		name := nx.GetSpecifiedName()
		if why := whyNoFlag(fs.Name(), name); why != "" {
			return usagef("--%s: %s", name, why)
		}
		if as := choiceOf(fs, name); len(as) > 0 {
			// --thrown: a value written as a flag.
			return usagef("unknown flag %s; did you mean %s? (--help lists the flags)", quote("--"+name), orList(as))
		}
		owners, best := flagOwners(name, fs.Name()), nearestFlag(fs, name, also...)
		if longer := flagsBeginning(fs, name+"-"); len(longer) == 1 {
			// fire --area: its own --area-fire, not building's --area.
			best, owners = longer[0], nil
		}
		switch {
		case len(owners) > 0 && fs.Name() == "plans" && (slices.Contains(owners, "sapper dc") || slices.Contains(owners, "sapper fire")):
			return usagef("unknown flag %s: an attack's own inputs are written in the attack, e.g. --plan 'b: fire 8 +1 weapon=he' (sapper help plans lists them)", quote("--"+name))
		case len(owners) > 0:
			return usagef("unknown flag %s: it is a flag of %s, not of sapper %s (--help lists the flags)", quote("--"+name), andList(owners), fs.Name())
		case best != "":
			return usagef("unknown flag %s; did you mean --%s? (--help lists the flags)", quote("--"+name), best)
		}
		return usagef("unknown flag %s; --help lists the flags", quote("--"+name))
	case errors.As(err, &syn):
		return usagef("bad flag syntax %s; flags are --name VALUE or --name=VALUE", quote(syn.GetSpecifiedFlag()))
	}
	return usagef("%v", err)
}

// choiceOf is "--FLAG NAME" for each flag of fs that takes name as one
// of its choices, for a value given as a flag of its own (--thrown for
// --mode thrown).
func choiceOf(fs *pflag.FlagSet, name string) []string {
	var as []string
	fs.VisitAll(func(f *pflag.Flag) {
		if slices.Contains(f.Annotations[choicesKey], name) {
			as = append(as, "--"+f.Name+" "+name)
		}
	})
	return as
}

// flagsBeginning are the flags of fs whose names begin with prefix,
// hidden and retired flags left out.
func flagsBeginning(fs *pflag.FlagSet, prefix string) []string {
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && f.Deprecated == "" && strings.HasPrefix(f.Name, prefix) {
			names = append(names, f.Name)
		}
	})
	return names
}

// flagOwners names the commands other than cmd that have a flag name
// (sapper afv's --vehicle, given to dc), for a flag that cmd lacks.
func flagOwners(name, cmd string) []string {
	var owners []string
	for _, c := range commands {
		if c.name == cmd || c.absent || c.prepare == nil && c.inputs == nil {
			continue
		}
		if f := flagsOf(c).Lookup(name); f != nil && !f.Hidden && f.Deprecated == "" {
			owners = append(owners, "sapper "+c.name)
		}
	}
	return owners
}

// nearestFlag is the flag of fs nearest to name, as a misspelling of it
// (--bulding, --taget), or "" for none near: hidden and retired flags are
// not offered.
func nearestFlag(fs *pflag.FlagSet, name string, also ...string) string {
	names := slices.Clone(also)
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && f.Deprecated == "" {
			names = append(names, f.Name)
		}
	})
	return spell.Nearest(name, names)
}

// stripEcho drops the value a parser's error echoes, as an input file's
// messages do: a flag's error quotes the value already.
func stripEcho(msg string) string { return yamlfile.StripEcho(msg) }

// oneLine keeps a message built from user input to one line, by the same
// rule as an input file's messages.
func oneLine(s string) string { return yamlfile.OneLine(s) }
