// Package yamlfile reads the project's YAML input files strictly: a
// field given twice, an alias, a second document, an unknown field or a
// value of the wrong kind is an error placed at its file and line, so
// that a user can find and fix it without guessing which key the decoder
// meant. Every input file (scenarios, crossings, tables) obeys the same
// rules because they are written once, here.
package yamlfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/internal/infile"
)

// Error is an error at a line of an input file; Line 0 is the file as a
// whole. Callers place it from its fields, never from its text.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", OneLine(e.File), e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", OneLine(e.File), e.Msg)
}

// Errorf is an *Error at line of file.
func Errorf(file string, line int, format string, args ...any) error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Decode decodes the one YAML document of data; file names it in
// messages, and want says what an empty file should have held. Data over
// infile.MaxSize is refused unread, as a file of that size is: the
// decoder's time and memory grow with what it is given.
func Decode(file string, data []byte, want string) (Node, error) {
	if len(data) > infile.MaxSize {
		return Node{}, Errorf(file, 0, "%s", (&infile.TooLargeError{Limit: infile.MaxSize}).Error())
	}
	if err := checkUTF8(file, data); err != nil {
		return Node{}, err
	}
	if err := checkVersion(file, data); err != nil {
		return Node{}, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		return Node{}, loadError(file, data, err, want)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return Node{}, Errorf(file, next.Line, "a second document; a file holds one")
	case !errors.Is(err, io.EOF):
		return Node{}, loadError(file, data, err, want)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if err := untaggedLists(file, root, ""); err != nil {
		return Node{}, err
	}
	return Node{File: file, N: root}, nil
}

// untaggedLists refuses a mapping, a list or a key written with a tag
// (!!seq, !!map, !!str, !foo), anywhere in the file: none takes one (a
// single value's own reader refuses its tag, naming its field), and a
// tag the decoder does not know would be read as if it were not there.
// key is the key n is the value of, "" for none.
func untaggedLists(file string, n *yaml.Node, key string) error {
	if (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && Tagged(n) {
		what := "a list"
		if n.Kind == yaml.MappingNode {
			what = "a mapping"
		}
		if key != "" {
			what = key + ": " + what
		}
		return Errorf(file, n.Line, "%s tagged %s: a file's values take no YAML tag; remove it", what, n.Tag)
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if Tagged(k) {
				return Errorf(file, k.Line, "the key %s tagged %s: a file's keys take no YAML tag; remove it", quoted(k.Value), k.Tag)
			}
			if err := untaggedLists(file, n.Content[i+1], k.Value); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range n.Content {
		if err := untaggedLists(file, c, ""); err != nil {
			return err
		}
	}
	return nil
}

// checkVersion refuses a %YAML directive: the decoder reads every file
// as YAML 1.2 does, so that under the 1.1 a file may declare, where 010
// is eight and yes is true, it would read ten and a string without a
// word; and it takes no other version's directive, 1.2's among them,
// for which its own message names no fix.
func checkVersion(file string, data []byte) error {
	rest := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for i := 0; len(rest) > 0; i++ {
		var raw []byte
		raw, rest, _ = bytes.Cut(rest, []byte("\n"))
		line := strings.TrimRight(string(raw), "\r")
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || strings.HasPrefix(line, "#"):
			continue
		case !strings.HasPrefix(line, "%"):
			// Directives come before the document, and only there.
			return nil
		case f[0] == "%YAML":
			return Errorf(file, i+1, "%s: sapper reads every file as YAML 1.2 (010 is ten, yes is not true); remove the directive", OneLine(line))
		}
	}
	return nil
}

// utf16NoMark reports whether data reads as UTF-16 saved without its
// byte order mark: its first pairs of bytes, up to four, each one zero
// byte and one not, the zero on the same side in each (a key's letters
// and spaces, in either byte order). Such a file is not a control
// character to remove, as its first zero byte would otherwise be named.
func utf16NoMark(data []byte) bool {
	n := min(len(data)/2, 4)
	if n == 0 {
		return false
	}
	low := data[0] != 0 // little-endian: the letter first, its zero second
	for i := range n {
		a, b := data[2*i], data[2*i+1]
		if (a == 0) == (b == 0) || (a != 0) != low {
			return false
		}
	}
	return true
}

// checkUTF8 places the first byte of data that is not UTF-8, or the
// first control character YAML refuses, at its line and column, which
// the YAML decoder's own message leaves out. A file that starts with a
// UTF-16 byte order mark is left to the decoder, which reads UTF-16.
func checkUTF8(file string, data []byte) error {
	if bytes.HasPrefix(data, []byte{0xfe, 0xff}) || bytes.HasPrefix(data, []byte{0xff, 0xfe}) {
		return nil
	}
	start := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		start = 3 // a UTF-8 byte order mark, which no editor counts
	}
	if utf8.Valid(data) && bytes.IndexFunc(data[start:], refusedAfterStart) < 0 {
		return nil
	}
	if utf16NoMark(data) {
		return Errorf(file, 1, "this reads as UTF-16 text without a byte order mark; save the file as UTF-8")
	}
	line, col := 1, 1
	for i := start; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return Errorf(file, line, "column %d: byte 0x%02x is not UTF-8; save the file as UTF-8", col, data[i])
		}
		if r == bom {
			// The decoder drops one more at the start and then misreads
			// the next line, a key losing its first letter.
			return Errorf(file, line, "column %d: a byte order mark (U+FEFF), invisible, which only the file's first bytes may hold; remove it", col)
		}
		if what := lineBreak(r); what != "" {
			return Errorf(file, line, "column %d: U+%04X, %s, which YAML reads as a line break; remove it, or break the line", col, r, what)
		}
		if refused(r) {
			what := "control character"
			if r > 0xff {
				what = "noncharacter"
			}
			return Errorf(file, line, "column %d: %s U+%04X, which YAML does not allow; remove it", col, what, r)
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		i, col = i+n, col+1
	}
	return nil
}

// bom is the byte order mark, which a file may start with, once.
const bom = 0xfeff

// refusedAfterStart reports what checkUTF8 refuses past a file's first
// byte order mark: what the decoder refuses, another mark, and a break.
func refusedAfterStart(r rune) bool { return refused(r) || r == bom || lineBreak(r) != "" }

// BreaksLine reports whether r is a line separator, a paragraph separator
// or a next-line character, which some readers show as a line break and
// which no one-line value may hold (`\L` in a double-quoted value writes one).
func BreaksLine(r rune) bool { return lineBreak(r) != "" }

// lineBreak names the characters the decoder reads as line breaks, as
// YAML 1.1 does, though no editor shows them as one: a title holding one
// broke in two, and the decoder's message named a later line and a
// missing colon. "" for any other.
func lineBreak(r rune) string {
	switch r {
	case 0x85:
		return "a next-line character"
	case 0x2028:
		return "a line separator"
	case 0x2029:
		return "a paragraph separator"
	}
	return ""
}

// refused reports the characters the YAML decoder refuses in a file: the
// C0 controls but tab, line feed and carriage return, and the
// noncharacters U+FFFE and U+FFFF. DEL and the C1 controls it reads, and
// the output escapes them.
func refused(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xfffe || r == 0xffff
}

// loadError places a decoder error at its line, saying so when that line
// is indented with a tab, which the decoder's own words leave out.
func loadError(file string, data []byte, err error, want string) error {
	if errors.Is(err, io.EOF) {
		return Errorf(file, 0, "empty; want %s", want)
	}
	var le *yaml.LoadError
	if errors.As(err, &le) {
		msg := le.Message
		if strings.HasPrefix(msg, "exceeded max depth of ") {
			// The decoder's own limit, met by brackets opened by the
			// thousand: said as what the file does.
			depth := strings.TrimPrefix(msg, "exceeded max depth of ")
			for i := len(depth) - 3; i > 0; i -= 3 {
				depth = depth[:i] + "," + depth[i:]
			}
			msg = "nested " + depth + " levels deep or more; a value here is a level or two"
		}
		switch {
		case tabIndented(data, le.Mark.Line):
			msg += " (the line is indented with a tab; YAML indents with spaces)"
		case le.Mark.Line == firstContent(data):
			// Nothing before it read as YAML: most likely another kind
			// of file given by mistake, which the decoder's words alone
			// would not tell.
			msg += "; the file is not YAML from its first line of content: want " + want
		}
		return Errorf(file, le.Mark.Line, "%s", msg)
	}
	return Errorf(file, 0, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
}

// KindName names a node's kind as messages say what was found instead.
func KindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return "a value"
}

// OneLine escapes control characters, line separators and bidirectional
// controls, so that a message built from user input is always exactly one
// line, and reads in the order it was written.
func OneLine(s string) string {
	odd := func(r rune) bool { return unicode.IsControl(r) || BreaksLine(r) || Bidi(r) }
	if strings.IndexFunc(s, odd) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if odd(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// StripEcho drops the leading `"value": ` or `unit "value": ` that parsers
// put in their errors, since a message that quotes the value already
// would say it twice.
func StripEcho(msg string) string {
	rest := strings.TrimPrefix(msg, "unit ")
	if q, err := strconv.QuotedPrefix(rest); err == nil && strings.HasPrefix(rest[len(q):], ": ") {
		return rest[len(q)+2:]
	}
	return msg
}

// tabIndented reports whether line n (from 1) of data has a tab among the
// blanks before its first character.
// firstContent is the number of data's first line that is neither blank
// nor a comment, 0 if none is.
func firstContent(data []byte) int {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for n := 1; len(data) > 0; n++ {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		line = bytes.TrimSpace(line)
		if len(line) > 0 && line[0] != '#' {
			return n
		}
	}
	return 0
}

func tabIndented(data []byte, n int) bool {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data, '\n')
		if j < 0 {
			return false
		}
		data = data[j+1:]
	}
	for _, c := range data {
		switch c {
		case '\t':
			return true
		case ' ':
			continue
		}
		return false
	}
	return false
}
