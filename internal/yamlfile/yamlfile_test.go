package yamlfile

import (
	"errors"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/infile"
)

// TestIntegerAsOnTheCommandLine: a whole number is read as the command
// line reads one, -0 included, and only as YAML reads one.
func TestIntegerAsOnTheCommandLine(t *testing.T) {
	for _, c := range []struct {
		body string
		want int
		err  string
	}{
		{"size: 3\n", 3, ""},
		{"size: -0\n", 0, ""},
		{"size: +2\n", 2, ""},
		{"size: -0.0\n", 0, `f.yaml:1: size: "-0.0": not a whole decimal number; want a whole number from 0 to 9`},
		{"size: '-0'\n", 0, `f.yaml:1: size: "-0" is quoted: want a whole number, written without quotes or a tag`},
		{"size: -1\n", 0, "f.yaml:1: size: -1 outside 0…9"},
		{"size: −0\n", 0, ""},
		{"size: −1\n", 0, "f.yaml:1: size: −1 outside 0…9"},
		{"size: '−0'\n", 0, `f.yaml:1: size: "−0" is quoted: want a whole number, written without quotes or a tag`},
		{"size: −x\n", 0, `f.yaml:1: size: "−x": want a whole number from 0 to 9`},
		{"size: 99999999999999999999999\n", 0, "f.yaml:1: size: 99999999999999999999999 outside 0…9"},
		{"size: 0x10\n", 0, `f.yaml:1: size: "0x10": want a whole number from 0 to 9`},
		{"size: 08\n", 8, ""},
		{"size: −99999999999999999999\n", 0, "f.yaml:1: size: −99999999999999999999 outside 0…9"},
		{"size: !!str −1\n", 0, `f.yaml:1: size: "−1" is tagged !!str: want a whole number, written without quotes or a tag`},
		{"size: >-\n  3\n", 0, `f.yaml:1: size: "3" is a block of text: want a whole number, written without quotes or a tag`},
		// A tag is never needed, and may make text of a number or a
		// number of text ("!!int '3'"): refused, whatever it says.
		{"size: !!int 3\n", 0, `f.yaml:1: size: "3" is tagged !!int: want a whole number, written without quotes or a tag`},
		{"size: !!int '3'\n", 0, `f.yaml:1: size: "3" is tagged !!int: want a whole number, written without quotes or a tag`},
	} {
		n, err := Decode("f.yaml", []byte(c.body), "size:")
		if err != nil {
			t.Fatal(err)
		}
		var got int
		err = n.Fields([]string{"size"}, func(_ string, v Node) error {
			var err error
			got, err = v.Integer(0, 9)
			return err
		})
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q: %d, %v; want %d", c.body, got, err, c.want)
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%q: %v; want %s", c.body, err, c.err)
		}
	}
}

// TestStrict: each refusal is an *Error at the line a user must fix.
func TestStrict(t *testing.T) {
	walk := func(n Node) error {
		return n.Fields([]string{"size", "names"}, func(key string, v Node) error {
			if key == "size" {
				_, err := v.Integer(0, 9)
				return err
			}
			return v.List(func(_ int, x Node) error { _, err := x.Str(); return err })
		})
	}
	for _, c := range []struct{ body, want string }{
		{"size: 1\n---\nsize: 2\n", "f.yaml:2: a second document; a file holds one"},
		{"size: 1\nsize: 2\n", "f.yaml:2: field size given twice"},
		{"size: &a 1\nnames: [*a]\n", "f.yaml:2: names: aliases (*name) are not supported; write the value out"},
		{"sise: 1\n", `f.yaml:1: unknown field "sise"; did you mean size?`},
		{"size: 1.5\n", `f.yaml:1: size: "1.5": want a whole number from 0 to 9`},
		{"names: [a, [b]]\n", "f.yaml:1: names 2: want a single value, not a list"},
		{"", "f\\n.yaml: empty; want size:"},
		{"size: 1\nnames: [a, é\xff]\n", "f.yaml:2: column 13: byte 0xff is not UTF-8; save the file as UTF-8"},
		{"\xef\xbb\xbfsize: 1\xff\n", "f.yaml:1: column 8: byte 0xff is not UTF-8; save the file as UTF-8"},
		// UTF-16 saved without its byte order mark, either way round.
		{"s\x00i\x00z\x00e\x00:\x00 \x001\x00\n\x00", "f.yaml:1: this reads as UTF-16 text without a byte order mark; save the file as UTF-8"},
		{"\x00s\x00i\x00z\x00e\x00:\x00 \x001\x00\n", "f.yaml:1: this reads as UTF-16 text without a byte order mark; save the file as UTF-8"},
		// One zero byte in UTF-8 text is a control character.
		{"s\x00ize: 1\n", "f.yaml:1: column 2: control character U+0000, which YAML does not allow; remove it"},
		{"size: 1\nnames: [a\x07b]\n", "f.yaml:2: column 10: control character U+0007, which YAML does not allow; remove it"},
		{"size: 1\nnames: [\"a\u0092b\", \x1b]\n", "f.yaml:2: column 16: control character U+001B, which YAML does not allow; remove it"},
		{"size: 1\nnames: [a\uffffb]\n", "f.yaml:2: column 10: noncharacter U+FFFF, which YAML does not allow; remove it"},
		// One byte order mark starts a file; a second one, which the
		// decoder would drop before misreading the next line's key, is
		// refused, as one anywhere else is.
		{"\xef\xbb\xbf\xef\xbb\xbfsize: 1\nnames: [a]\n", "f.yaml:1: column 1: a byte order mark (U+FEFF), invisible, which only the file's first bytes may hold; remove it"},
		{"size: 1\nnames: [a\ufeffb]\n", "f.yaml:2: column 10: a byte order mark (U+FEFF), invisible, which only the file's first bytes may hold; remove it"},
		{"%YAML 1.1\n---\nsize: 010\n", "f.yaml:1: %YAML 1.1: sapper reads every file as YAML 1.2 (010 is ten, yes is not true); remove the directive"},
		{"# a comment\n\n%YAML   1.2 # new\n---\nsize: 1\n", "f.yaml:3: %YAML   1.2 # new: sapper reads every file as YAML 1.2 (010 is ten, yes is not true); remove the directive"},
		{"%TAG ! tag:x,2000:\n---\nsize: 1.5\n", `f.yaml:3: size: "1.5": want a whole number from 0 to 9`},
	} {
		file := "f.yaml"
		if c.body == "" {
			file = "f\n.yaml"
		}
		n, err := Decode(file, []byte(c.body), "size:")
		if err == nil {
			err = walk(n)
		}
		var fe *Error
		if !errors.As(err, &fe) || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.body, err, c.want)
		}
	}
}

// TestNames: a name, as a value or a key, is one short line: a line break
// in an S?'s id printed a forged line in the table, and a 5,000-character
// unit name a 5 KB error.
func TestNames(t *testing.T) {
	long := strings.Repeat("x", MaxName+1)
	readEach(t, Node.Name, []readCase{
		{"id: hut\n", ""},
		{"id: \"h\\nFORGED\"\n", `f.yaml:1: id: "h\nFORGED": a name holds no control character such as a line break`},
		{"id: " + long + "\n", `f.yaml:1: id: "` + long[:MaxName-1] + `…": a name is at most 80 characters`},
		{long + ": 1\n", `f.yaml:1: field "` + long[:MaxName-1] + `…": a name is at most 80 characters`},
		{"\"a\\tb\": 1\n", `f.yaml:1: field "a\tb": a name holds no control character such as a line break`},
		// nor a line separator written as YAML's escape \L
		{"id: \"h\\Lut\"\n", `f.yaml:1: id: "h\u2028ut": a name holds no control character such as a line break`},
		// nor a bidirectional control, which a title refuses too: the
		// name would show in another order than it reads
		{"id: \"h\u202eut\"\n", `f.yaml:1: id: "h\u202eut": a name holds no bidirectional control (U+202E and the like), which shows its text in another order than it has`},
		// A tag is refused on text as on numbers: !!binary would read as
		// its encoding, !!null as nothing, another would be dropped.
		{"id: !!binary aGVsbG8=\n", `f.yaml:1: id: "aGVsbG8=" is tagged !!binary: want a value with no tag`},
		{"id: !custom hut\n", `f.yaml:1: id: "hut" is tagged !custom: want a value with no tag`},
		{"id: !!null x\n", `f.yaml:1: id: "x" is tagged !!null: want a value with no tag`},
	})
}

// readCase is a one-field file and the error reading its value gives, ""
// for none.
type readCase struct{ body, err string }

// readEach reads the value of each case's one field with read.
func readEach(t *testing.T, read func(Node) (string, error), cases []readCase) {
	t.Helper()
	for _, c := range cases {
		n, err := Decode("f.yaml", []byte(c.body), "id:")
		if err != nil {
			t.Fatal(err)
		}
		err = n.Pairs(func(key string, _ int, v Node) error {
			_, err := read(v)
			return err
		})
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.body, err)
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%q: %v; want %s", c.body, err, c.err)
		}
	}
}

// TestIDs: a name other fields refer to is a Name that is not empty and
// has no space around it; inside it a space is a name's own.
func TestIDs(t *testing.T) {
	readEach(t, Node.ID, []readCase{
		{"id: hut\n", ""},
		{"id: stone hut\n", ""},
		{"id: ''\n", `f.yaml:1: id: an empty name; give one, or leave the key out`},
		{"id: 'hut '\n", `f.yaml:1: id: "hut ": a space around the name; write it without`},
		{"id: \"\\thut\"\n", `f.yaml:1: id: "\thut": a name holds no control character such as a line break`},
	})
}

// TestRangeAsTheRulesPrintIt: a range below zero is written with the
// minus sign, as every other message writes it, where a file's read -6…6.
func TestRangeAsTheRulesPrintIt(t *testing.T) {
	n, err := Decode("f.yaml", []byte("drm: -9\n"), "drm:")
	if err != nil {
		t.Fatal(err)
	}
	err = n.Fields([]string{"drm"}, func(_ string, v Node) error { _, err := v.Integer(-6, 6); return err })
	if want := "f.yaml:1: drm: -9 outside −6…6"; err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
}

// TestTabIndent: a line indented with a tab is named as such, where the
// decoder said only that a character cannot start a token.
func TestTabIndent(t *testing.T) {
	for _, body := range []string{"a:\n\tb: 1\n", "a:\n  b: 1\n \tc: 2\n"} {
		_, err := Decode("f.yaml", []byte(body), "a:")
		if err == nil || !strings.HasSuffix(err.Error(), "(the line is indented with a tab; YAML indents with spaces)") {
			t.Errorf("%q: %v", body, err)
		}
	}
	if _, err := Decode("f.yaml", []byte("a: [1\n"), "a:"); err == nil || strings.Contains(err.Error(), "tab") {
		t.Errorf("an error on a line with no tab: %v", err)
	}
}

// TestNotYAMLFromTheStart: a file that fails on its first line of
// content, another kind of file given by mistake, is told what was
// wanted; a slip further down is not.
func TestNotYAMLFromTheStart(t *testing.T) {
	const want = "; the file is not YAML from its first line of content: want a: and b:"
	for body, says := range map[string]bool{
		"# notes\n\n`go run` it\n": true,
		"\xef\xbb\xbf`x`\n":        true,
		"a: 1\nb: [1\n":            false,
		"a: 1\n`x`\n":              false,
	} {
		_, err := Decode("f.md", []byte(body), "a: and b:")
		if err == nil || strings.HasSuffix(err.Error(), want) != says {
			t.Errorf("%q: %v; want the hint %v", body, err, says)
		}
	}
}

// TestTooLarge: data past an input file's limit is refused unread, as
// the file would be.
func TestTooLarge(t *testing.T) {
	body := []byte("a: [" + strings.Repeat("1,", infile.MaxSize/2) + "]\n")
	_, err := Decode("f.yaml", body, "a:")
	if err == nil || err.Error() != "f.yaml: larger than 1048576 bytes, the limit of an input file" {
		t.Errorf("%d bytes: %v", len(body), err)
	}
}

// TestTooDeep: brackets opened by the thousand are said to nest too
// deep, in the file's terms, at their line.
func TestTooDeep(t *testing.T) {
	_, err := Decode("f.yaml", []byte("a: b\nc: "+strings.Repeat("[", 20000)+"\n"), "a:")
	if err == nil || err.Error() != "f.yaml:2: nested 10,000 levels deep or more; a value here is a level or two" {
		t.Errorf("%v", err)
	}
}

// TestLineBreaksNoEditorShows: NEL, LS and PS, which the decoder reads
// as line breaks, are refused at their line and column, which the
// decoder's own message got wrong ("could not find expected ':'" two
// lines on).
func TestLineBreaksNoEditorShows(t *testing.T) {
	decodeRefuses(t, map[string]string{
		"a: 1\nb: \"x\u2028y\"\n": "f.yaml:2: column 6: U+2028, a line separator, which YAML reads as a line break",
		"a: x\u0085y\nb: 2\n":     "f.yaml:1: column 5: U+0085, a next-line character",
		"# \u2029\na: 1\n":        "f.yaml:1: column 3: U+2029, a paragraph separator",
	})
}

// decodeRefuses decodes each file body and wants an error that starts
// with its message.
func decodeRefuses(t *testing.T, cases map[string]string) {
	t.Helper()
	for body, want := range cases {
		_, err := Decode("f.yaml", []byte(body), "a:")
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v; want %q", body, err, want)
		}
	}
}

// TestTaggedListsAndKeys: a list, a mapping or a key written with a tag
// is refused wherever it stands; a value's own tag is its reader's to
// refuse, naming its field.
func TestTaggedListsAndKeys(t *testing.T) {
	decodeRefuses(t, map[string]string{
		"a: !!seq [1, 2]\n":     "f.yaml:1: a: a list tagged !!seq",
		"!!map\na: 1\n":         "f.yaml:1: a mapping tagged !!map",
		"a:\n  - !foo {b: 1}\n": "f.yaml:2: a mapping tagged !foo",
		"!!str a: 1\n":          `f.yaml:1: the key "a" tagged !!str`,
	})
	if _, err := Decode("f.yaml", []byte("a: !!float 1\n"), "a:"); err != nil {
		t.Errorf("a tagged value is its reader's to refuse: %v", err)
	}
}
