//go:build !js

package cli

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// An invocation is a form's submission read as a command line. Its query
// string is the page's permalink: one parameter per flag given, named
// after the flag, in the flag set's order; an uploaded file travels as
// NAME:text beside the file's name, so that a link reproduces the run
// without the server keeping anything.
type invocation struct {
	form *form
	arg  string // the positional argument as its user named it, or ""
	args []flagArg
	// texts are the uploaded files' contents by field name.
	texts map[string]string
}

type flagArg struct{ name, value string }

// textSuffix marks the parameter that carries an uploaded file's content.
const textSuffix = ":text"

// readInvocation reads a query. Empty values are flags not given, as a
// form sends its empty inputs; names the command does not know are kept
// for its prepare step to refuse in its own words.
func readInvocation(f *form, q url.Values) (*invocation, error) {
	inv := &invocation{form: f, texts: map[string]string{}}
	var unknown []string
	for name, values := range q {
		base, isText := strings.CutSuffix(name, textSuffix)
		fd := f.byName[base]
		switch {
		case isText && (fd == nil || !fd.File):
			return nil, usagef("%q: only a file's field carries its text", oneLine(name))
		case isText:
			text := lastNonEmpty(values)
			if len(text) > maxUpload {
				return nil, usagef("%s: larger than this server's %d KiB limit for a file", base, maxUpload>>10)
			}
			if text != "" {
				inv.texts[base] = text
			}
		case fd == nil && notOnTheWeb[name] != "" && lastNonEmpty(values) != "":
			return nil, inputErrorf(name, "--%s: not on the web page: %s", name, notOnTheWeb[name])
		case fd == nil && lastNonEmpty(values) != "":
			unknown = append(unknown, name)
		}
	}
	if f.arg != nil {
		inv.arg = lastNonEmpty(q[f.arg.Name])
		if slices.Contains(f.arg.Builtins, inv.arg) {
			// A built-in chosen after an upload replaces it.
			delete(inv.texts, f.arg.Name)
		}
	}
	for name := range inv.texts {
		fd := f.byName[name]
		if fd == f.arg && inv.arg == "" {
			inv.arg = fd.Name + ".yaml"
		}
		if fd != f.arg && lastNonEmpty(q[name]) == "" {
			q[name] = []string{fd.Name + ".yaml"}
		}
	}
	// A new slice: the form is shared by the requests at once, and an
	// append to its own fields could write into their spare capacity.
	for _, fd := range slices.Concat(f.own, f.common) {
		for _, v := range q[fd.Name] {
			if v != "" {
				inv.args = append(inv.args, flagArg{fd.Name, v})
			}
		}
	}
	slices.Sort(unknown)
	for _, name := range unknown {
		for _, v := range q[name] {
			inv.args = append(inv.args, flagArg{name, v})
		}
	}
	return inv, nil
}

func lastNonEmpty(values []string) string {
	for i := len(values) - 1; i >= 0; i-- {
		if values[i] != "" {
			return values[i]
		}
	}
	return ""
}

// argv is the command line the command's prepare step reads, and the
// uploaded files by the names it reads them by.
func (inv *invocation) argv() (argv []string, files map[string][]byte) {
	files = map[string][]byte{}
	for name, text := range inv.texts {
		files[inv.fileName(name)] = []byte(text)
	}
	if inv.arg != "" {
		argv = append(argv, inv.arg)
	}
	for _, a := range inv.args {
		argv = append(argv, "--"+a.name+"="+a.value)
	}
	return argv, files
}

// fileName is the name of the file a file field carries.
func (inv *invocation) fileName(field string) string {
	if inv.form.arg != nil && field == inv.form.arg.Name {
		return inv.arg
	}
	return lastNonEmpty(inv.values(field))
}

// commandLine is the command a terminal runs for the same result.
func (inv *invocation) commandLine() string {
	words := []string{"sapper", inv.form.cmd.name}
	if inv.arg != "" {
		words = append(words, shellQuote(inv.arg))
	}
	for _, a := range inv.args {
		fd := inv.form.byName[a.name]
		switch {
		case fd != nil && fd.Bool && a.value == "true":
			words = append(words, "--"+a.name)
		case a.value == "" || strings.HasPrefix(a.value, "-") || (fd != nil && fd.Bool):
			// pflag takes "-2" after a flag for another flag, and a
			// boolean's value only after "=".
			words = append(words, shellQuote("--"+a.name+"="+a.value))
		default:
			words = append(words, "--"+a.name, shellQuote(a.value))
		}
	}
	return strings.Join(words, " ")
}

// query is the permalink's query string.
func (inv *invocation) query() string {
	var parts []string
	add := func(name, value string) {
		parts = append(parts, url.QueryEscape(name)+"="+url.QueryEscape(value))
	}
	if inv.arg != "" {
		add(inv.form.arg.Name, inv.arg)
	}
	for _, a := range inv.args {
		add(a.name, a.value)
	}
	for _, fd := range inv.form.fields() {
		if text, ok := inv.texts[fd.Name]; ok {
			add(fd.Name+textSuffix, text)
		}
	}
	return strings.Join(parts, "&")
}

// values are the field's values in the invocation, for filling the form.
func (inv *invocation) values(name string) []string {
	if inv.form.arg != nil && name == inv.form.arg.Name {
		if inv.arg == "" {
			return nil
		}
		return []string{inv.arg}
	}
	var vs []string
	for _, a := range inv.args {
		if a.name == name {
			vs = append(vs, a.value)
		}
	}
	return vs
}

// shellSafe are words a POSIX shell reads as they are.
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellQuote quotes a word for a POSIX shell, so that the command line
// can be pasted as it is.
func shellQuote(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
