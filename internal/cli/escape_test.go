package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEscapeControls: control characters but the newline, and bytes that
// are not UTF-8, are escaped; other text, "…" and "−" included, is kept,
// whichever write boundaries cut it.
func TestEscapeControls(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain 4-6-7 … −2 █▏\n", "plain 4-6-7 … −2 █▏\n"},
		{"\x1b[2J\x1b]0;title\a", `\x1b[2J\x1b]0;title\a`},
		{"a\rb\tc\bd\fe\vf\x00g", `a\rb\tc\bd\fe\vf\x00g`},
		{"del\x7f c1\u0085\u009b", `del\u007f c1\u0085\u009b`},
		{"bad \xff\xc2 byte", `bad \xff\xc2 byte`},
		{"cut at the end \xe2\x96", `cut at the end \xe2\x96`},
		{"one\u2028line\u2029and \u202eevil", `one\u2028line\u2029and \u202eevil`},
	} {
		// Every split of the input into two writes gives the same text.
		for cut := 0; cut <= len(c.in); cut++ {
			var b bytes.Buffer
			o := newOutput(&b)
			for _, part := range []string{c.in[:cut], c.in[cut:]} {
				if n, err := o.Write([]byte(part)); n != len(part) || err != nil {
					t.Fatalf("%q: Write = %d, %v", c.in, n, err)
				}
			}
			if err := o.finish(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("%q cut at %d: %q, want %q", c.in, cut, b.String(), c.want)
			}
		}
	}
}

// TestEscapedJSON: JSON through the output still reads back to the same
// strings, control characters and all.
func TestEscapedJSON(t *testing.T) {
	var all []rune
	for r := rune(0); r < 0xa0; r++ {
		all = append(all, r)
	}
	in := string(all) + "…−"
	data, err := json.Marshal(map[string]string{"title": in})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	o := newOutput(&b)
	o.Write(data)
	if err := o.finish(); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsFunc(b.String(), func(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }) {
		t.Errorf("raw control characters in %q", b.String())
	}
	var out map[string]string
	if err := json.Unmarshal(b.Bytes(), &out); err != nil || out["title"] != in {
		t.Errorf("read back %q, %v; want %q", out["title"], err, in)
	}
}

// TestEscapedTitle: a scenario's title with escape sequences never
// reaches the terminal: it is refused, naming the first, and the error
// line holds no raw control character either.
func TestEscapedTitle(t *testing.T) {
	file := filepath.Join(t.TempDir(), "title.yaml")
	yaml := "command: dc\ntitle: \"\\e]0;pwned\\a\\e[2J …\"\nflags:\n  target: 4-6-7\n  method: exact\n"
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "run", file)
	if code != exitUsage || stdout != "" || !strings.HasSuffix(stderr, "title.yaml:2: title: U+001B at character 1: a title is text, with no control or bidirectional-override character\n") {
		t.Errorf("exit %d: %q", code, stderr)
	}
	if strings.ContainsRune(stderr, 0x1b) {
		t.Errorf("a raw ESC in the error")
	}
}

// TestEscapedError: an error line escapes a direction override in a name
// it quotes unquoted (a Location's), as the output does.
func TestEscapedError(t *testing.T) {
	code, yaml, _ := cli(t, "scenarios", "two-sq-crossing")
	if code != exitOK {
		t.Fatal("no crossing")
	}
	yaml = regexp.MustCompile(`name: [^,]*, mf: 1, tem: 2,`).ReplaceAllString(yaml, "name: p\u202eabc, mf: 1, tem: 2, open: true,")
	file := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "activate", file)
	if code != exitUsage || strings.ContainsRune(stderr, 0x202e) || !strings.Contains(stderr, `p\u202eabc`) {
		t.Errorf("exit %d, %q", code, stderr)
	}
}
