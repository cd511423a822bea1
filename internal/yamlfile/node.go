package yamlfile

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/model/bound"
)

// Node is a decoded YAML value with what its messages need: the file it
// came from and the path of fields that leads to it ("path 2: eligible"),
// so that an error names the value as the user wrote it.
type Node struct {
	File string
	N    *yaml.Node
	Path string
}

// Field is a mapping's value with the line of its key: a message about
// the field as a whole points at its name, not at where its value starts.
type Field struct {
	Node
	Line int
}

// Errorf is an error about d at its line, prefixed with its path.
func (d Node) Errorf(format string, args ...any) error {
	return d.errorAt(d.N.Line, format, args...)
}

// errorAt is an error about d at line, such as a key's within it.
func (d Node) errorAt(line int, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if d.Path != "" {
		msg = d.Path + ": " + msg
	}
	return Errorf(d.File, line, "%s", msg)
}

// Child is the value v of d's field key.
func (d Node) Child(key string, v *yaml.Node) Node {
	p := key
	if d.Path != "" {
		p = d.Path + ": " + key
	}
	return Node{File: d.File, N: v, Path: p}
}

// MaxName is the most characters of a name a file gives: an S?'s id, a
// Location's, a unit's, a field's. Names are echoed in headings and
// errors, one short line each.
const MaxName = 80

// nameProblem says what keeps s from being a name, "" if nothing: a
// control character (a line break would forge a line of the output), or
// more than MaxName characters.
func nameProblem(s string) string {
	switch {
	case strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || BreaksLine(r) }) >= 0:
		return "a name holds no control character such as a line break"
	case strings.IndexFunc(s, Bidi) >= 0:
		return "a name holds no bidirectional control (U+202E and the like), which shows its text in another order than it has"
	case utf8.RuneCountInString(s) > MaxName:
		return fmt.Sprintf("a name is at most %d characters", MaxName)
	}
	return ""
}

// Bidi reports whether r is a bidirectional control: an embedding,
// override or isolate, or a directional mark. A title or a name holding
// one may show its text otherwise than it reads.
func Bidi(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200E || r == 0x200F || r == 0x061C
}

// Name reads a single value that names something: one line of at most
// MaxName characters.
func (d Node) Name() (string, error) {
	s, err := d.Str()
	if err != nil {
		return "", err
	}
	if p := nameProblem(s); p != "" {
		return "", d.Errorf("%s: %s", quoted(s), p)
	}
	return s, nil
}

// ID reads a name that other fields refer to, or that refers to one
// (an S?'s id and its Location, a unit of the tables): a Name that is
// not empty and has no space at either end, which would make a second
// spelling of one thing, or nothing of a key that names it.
func (d Node) ID() (string, error) {
	s, err := d.Name()
	switch {
	case err != nil:
		return "", err
	case s == "":
		return "", d.Errorf("an empty name; give one, or leave the key out")
	case strings.TrimSpace(s) != s:
		return "", d.Errorf("%s: a space around the name; write it without", quoted(s))
	}
	return s, nil
}

// Line reads a single value of one line, such as a file name: no control
// character, any length.
func (d Node) Line() (string, error) {
	s, err := d.Str()
	if err == nil && strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return "", d.Errorf("%s: want one line, with no control character", quoted(s))
	}
	return s, err
}

// quoted is s in quotes for a message, its control characters escaped
// once, at most MaxName characters of it.
func quoted(s string) string { return `"` + cut(OneLine(s)) + `"` }

// cut shortens s to MaxName characters for a message.
func cut(s string) string {
	if r := []rune(s); len(r) > MaxName {
		return string(r[:MaxName-1]) + "…"
	}
	return s
}

// Pairs calls fn for each field of mapping d in order, line being the
// key's, rejecting keys that are not plain strings, keys given twice and
// aliases: a reader of the file must see every value where it stands.
// A key is a name (MaxName).
func (d Node) Pairs(fn func(key string, line int, v Node) error) error {
	seen := map[string]bool{}
	n := d.N
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!null" {
			return Errorf(d.File, k.Line, "want a field name, not %s", KindName(k))
		}
		if p := nameProblem(k.Value); p != "" {
			return Errorf(d.File, k.Line, "field %s: %s", quoted(k.Value), p)
		}
		if seen[k.Value] {
			return Errorf(d.File, k.Line, "field %s given twice", OneLine(k.Value))
		}
		seen[k.Value] = true
		if v.Kind == yaml.AliasNode {
			return Errorf(d.File, v.Line, "field %s: aliases (*name) are not supported; write the value out", OneLine(k.Value))
		}
		if err := fn(k.Value, k.Line, d.Child(k.Value, v)); err != nil {
			return err
		}
	}
	return nil
}

// Fields walks a mapping whose keys must be among keys; an unknown key is
// an error with the closest known one suggested.
func (d Node) Fields(keys []string, fn func(key string, v Node) error) error {
	if d.N.Kind != yaml.MappingNode {
		return d.Errorf("want a mapping with the fields %s, not %s", strings.Join(keys, ", "), KindName(d.N))
	}
	return d.Pairs(func(key string, line int, v Node) error {
		known := false
		for _, k := range keys {
			known = known || k == key
		}
		if !known {
			return d.errorAt(line, "unknown field %q%s", key, closest(key, keys))
		}
		return fn(key, v)
	})
}

// closest suggests the known key nearest to a misspelt one, or lists them.
func closest(key string, keys []string) string {
	if best := spell.Nearest(key, keys); best != "" {
		return "; did you mean " + best + "?"
	}
	return "; want " + strings.Join(keys, ", ")
}

// List walks a sequence.
func (d Node) List(fn func(i int, v Node) error) error {
	if d.N.Kind != yaml.SequenceNode {
		return d.Errorf("want a list, not %s", KindName(d.N))
	}
	for i, v := range d.N.Content {
		if v.Kind == yaml.AliasNode {
			return d.errorAt(v.Line, "aliases (*name) are not supported; write the value out")
		}
		if err := fn(i, Node{File: d.File, N: v, Path: fmt.Sprintf("%s %d", d.Path, i+1)}); err != nil {
			return err
		}
	}
	return nil
}

// NotEmpty refuses an empty list, which is not the field left out (as an
// empty list of flags is refused): want says what to write instead.
func (d Node) NotEmpty(want string) error {
	if d.N.Kind == yaml.SequenceNode && len(d.N.Content) == 0 {
		return d.Errorf("an empty list; %s", want)
	}
	return nil
}

// Tagged reports whether n is written with a tag: one that names a type
// (!!str, !!int), one of its own (!foo), or the non-specific ! that
// makes a value text (! 2 is "2", as "2" is).
func Tagged(n *yaml.Node) bool { return n.Style&yaml.TaggedStyle != 0 || n.Tag == "!" }

// Str reads a single value, written without a tag: !!binary would read
// as its encoding, !!null as nothing, and any other tag would be ignored.
func (d Node) Str() (string, error) {
	if d.N.Kind == yaml.ScalarNode && Tagged(d.N) {
		return "", d.Errorf("%s is tagged %s: want a value with no tag", quoted(d.N.Value), d.N.Tag)
	}
	return d.scalar()
}

// scalar reads a single value, tagged or not: the readers of numbers and
// of true or false refuse a tag themselves, saying what they want.
func (d Node) scalar() (string, error) {
	if d.N.Kind != yaml.ScalarNode || d.N.Tag == "!!null" {
		return "", d.Errorf("want a single value, not %s", KindName(d.N))
	}
	return d.N.Value, nil
}

// NotPlain says how scalar n is written other than plain, "" when it is
// plain: quoted, tagged or a block. A number or a true or false is
// written plain: "3" and !!int "3" are text that looks like one.
func NotPlain(n *yaml.Node) string {
	switch {
	case Tagged(n):
		return "tagged " + n.Tag
	case n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0:
		return "quoted"
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return "a block of text"
	}
	return ""
}

// plainAs refuses a value that is not written plain, saying how it is
// and what is wanted.
func (d Node) plainAs(want string) error {
	if how := NotPlain(d.N); how != "" {
		return d.Errorf("%q is %s: want %s, written without quotes or a tag", d.N.Value, how, want)
	}
	return nil
}

// Integer reads a whole number from lo to hi, written as decimal digits
// after an optional sign, unquoted and untagged, so that 3.0 or "3" is not
// taken for 3. As on the command line, -0 is 0, 08 is 8, and a number may
// take the minus sign − (U+2212).
func (d Node) Integer(lo, hi int) (int, error) {
	s, err := d.scalar()
	if err != nil {
		return 0, err
	}
	if err := d.plainAs("a whole number"); err != nil {
		return 0, err
	}
	// YAML reads -0, 08 and a number past 64 bits as floats, and −1 as
	// text: each is still decimal digits after a sign.
	whole := d.N.Tag == "!!int" || d.N.Style == 0 && (d.N.Tag == "!!float" || d.N.Tag == "!!str") && decimal.IsInteger(s)
	v, err := decimal.ParseInt(s, math.MinInt64, math.MaxInt64)
	if err != nil && whole && decimal.IsInteger(s) {
		// A whole number past what a machine word holds.
		return 0, d.Errorf("%s outside %s", OneLine(s), bound.Int{Lo: lo, Hi: hi})
	}
	if err != nil || !whole {
		if f, ferr := decimal.ParseFloat(s); ferr == nil && f == math.Trunc(f) {
			// 4.0 or 4e0: whole in value, not as written; said as the
			// command line says it.
			return 0, d.Errorf("%q: not a whole decimal number; want a whole number from %d to %d", s, lo, hi)
		}
		return 0, d.Errorf("%q: want a whole number from %d to %d", s, lo, hi)
	}
	if v < int64(lo) || v > int64(hi) {
		return 0, d.Errorf("%s outside %s", s, bound.Int{Lo: lo, Hi: hi})
	}
	return int(v), nil
}

// Number reads a number from lo to hi, unquoted and untagged.
func (d Node) Number(lo, hi float64) (float64, error) {
	s, err := d.scalar()
	if err != nil {
		return 0, err
	}
	if err := d.plainAs("a number"); err != nil {
		return 0, err
	}
	if d.N.Tag != "!!int" && d.N.Tag != "!!float" && !d.minus() {
		return 0, d.Errorf("%q: want a number from %v to %v", s, lo, hi)
	}
	v, err := decimal.ParseFloat(s)
	if err != nil {
		// 7.9999999999999999999 would be read as 8: refused, as on
		// the command line.
		return 0, d.Errorf("%q: %s; want a number from %v to %v", s, err, lo, hi)
	}
	if !(v >= lo && v <= hi) {
		return 0, d.Errorf("%s outside %v…%v", s, lo, hi)
	}
	return v, nil
}

// minus reports whether the node is a plain, untagged value that starts
// with the minus sign − (U+2212), which YAML reads as text and sapper as
// a number's sign (docs/inputs.md).
func (d Node) minus() bool {
	return d.N.Tag == "!!str" && d.N.Style == 0 && strings.HasPrefix(d.N.Value, decimal.Minus)
}

// Boolean reads true or false, unquoted and untagged: a quoted "true" is
// text.
func (d Node) Boolean() (bool, error) {
	s, err := d.scalar()
	if err != nil {
		return false, err
	}
	if err := d.plainAs("true or false"); err != nil {
		return false, err
	}
	if d.N.Tag != "!!bool" || s != "true" && s != "false" {
		// True and FALSE too are refused: every word exactly as listed.
		return false, d.Errorf("%q: want true or false", s)
	}
	return s == "true", nil
}

// Parsed reads a value with a parser of its own, such as a unit or a
// date, whose error is placed at the value's line.
func Parsed[T any](d Node, parse func(string) (T, error)) (T, error) {
	var zero T
	s, err := d.Str()
	if err != nil {
		return zero, err
	}
	v, err := parse(s)
	if err != nil {
		return zero, d.Errorf("%q: %s", s, StripEcho(err.Error()))
	}
	return v, nil
}
