package cli

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The README and the manual (docs/*.md) show the program at work as
// shell sessions: a fenced block whose first line is
//
//	$ go run ./cmd/sapper ARGS…
//
// (or "$ sapper ARGS…") and whose other lines are what the command
// prints. TestDocExamples runs every such ARGS through the same entry
// point as the other tests and holds the block to the output, scrubbed of
// wall-clock figures as the golden files are, so that the documents
// cannot drift from the program. Within a block:
//
//   - a line that is only "…" stands for lines left out, any number of
//     them (at the start, the output may begin anywhere; at the end, go
//     on past the block);
//   - the command may end in "| head -N" or "| tail -N";
//   - trailing blanks are not significant (Markdown shows none);
//   - what the command writes to stderr follows what it writes to stdout,
//     as a terminal would show a usage error.
//
// An example must not write files (--plot, --cpuprofile) nor serve.
// go test ./internal/cli -run TestDocExamples -docs rewrites each block
// that has no "…" from the program's current output.

var rewriteDocs = flag.Bool("docs", false, "rewrite the README's and the manual's examples from the current output")

// readmeMaxLines is the README's length: one read in five minutes, the
// manual beside it.
const readmeMaxLines = 250

// docFiles are the README and the manual's pages, relative to this
// package's directory; not docs/rules, which shows no sessions.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("no docs/*.md")
	}
	return append([]string{filepath.Join("..", "..", "README.md")}, pages...)
}

// A fence is one fenced code block of a Markdown file: its lines, 1-based,
// the opening and closing fences excluded.
type fence struct {
	open, close int // lines of the fences; close is 0 when never closed
	body        []string
}

// fences splits a Markdown text into its fenced code blocks, as CommonMark
// reads them: a fence is three or more backticks or tildes indented at
// most three spaces, and the block ends at a fence of the same character,
// at least as long, with nothing after it.
func fences(text string) []fence {
	var (
		out    []fence
		cur    *fence
		marker string
	)
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if len(line)-len(trimmed) > 3 {
			trimmed = ""
		}
		run := fenceRun(trimmed)
		if cur == nil {
			if run != "" && !(run[0] == '`' && strings.Contains(trimmed[len(run):], "`")) {
				out = append(out, fence{open: i + 1})
				cur, marker = &out[len(out)-1], run
			}
			continue
		}
		if run != "" && run[0] == marker[0] && len(run) >= len(marker) && strings.TrimSpace(trimmed[len(run):]) == "" {
			cur.close = i + 1
			cur = nil
			continue
		}
		cur.body = append(cur.body, line)
	}
	return out
}

// fenceRun is the run of three or more backticks or tildes a line starts
// with, or "".
func fenceRun(s string) string {
	if len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := 0
	for n < len(s) && s[n] == s[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return s[:n]
}

func TestReadmeShort(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n > readmeMaxLines {
		t.Errorf("README.md has %d lines; at most %d: the rest belongs in the manual under docs/", n, readmeMaxLines)
	}
}

func TestDocFencesClosed(t *testing.T) {
	for _, path := range docFiles(t) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fences(string(b)) {
			if f.close == 0 {
				t.Errorf("%s:%d: a code fence opened here is never closed", path, f.open)
			}
		}
	}
}

func TestFences(t *testing.T) {
	text := "a\n````\n$ x\n```\nstill\n````\nb\n~~~~\n```\n~~~\n~~~~ \n``` go\nopen\n"
	got := fences(text)
	if len(got) != 3 || got[0].open != 2 || got[0].close != 6 || len(got[0].body) != 3 ||
		got[1].open != 8 || got[1].close != 11 || len(got[1].body) != 2 || got[2].open != 12 || got[2].close != 0 {
		t.Errorf("fences = %+v", got)
	}
}

// An example is one shell session of a document.
type example struct {
	path    string
	line    int      // of the command
	command string   // as written, after "$ "
	args    []string // sapper's arguments
	head    int      // | head -N, 0 if none
	tail    int      // | tail -N, 0 if none
	want    []string // the lines shown under it
}

var commandPrefixes = []string{"$ go run ./cmd/sapper ", "$ sapper "}

// examples finds a document's shell sessions.
func examples(t *testing.T, path, text string) []example {
	t.Helper()
	var out []example
	for _, f := range fences(text) {
		if len(f.body) == 0 {
			continue
		}
		first := f.body[0]
		var rest string
		for _, p := range commandPrefixes {
			if after, ok := strings.CutPrefix(first, p); ok {
				rest = after
			}
		}
		if rest == "" {
			if strings.HasPrefix(first, "$ ") && strings.Contains(first, "sapper") && !strings.Contains(first, "go test") {
				t.Errorf("%s:%d: %q: an example starts with %q or %q", path, f.open+1, first, commandPrefixes[0], commandPrefixes[1])
			}
			continue
		}
		ex := example{path: path, line: f.open + 1, command: strings.TrimPrefix(first, "$ "), want: f.body[1:]}
		words, err := shellWords(rest)
		if err != nil {
			t.Errorf("%s:%d: %v", path, ex.line, err)
			continue
		}
		if i := indexOf(words, "|"); i >= 0 {
			pipe := words[i+1:]
			words = words[:i]
			n := 0
			if len(pipe) == 2 && strings.HasPrefix(pipe[1], "-") {
				n, err = strconv.Atoi(pipe[1][1:])
			}
			switch {
			case len(pipe) != 2 || err != nil || n <= 0 || (pipe[0] != "head" && pipe[0] != "tail"):
				t.Errorf("%s:%d: %q: the only pipes an example may use are | head -N and | tail -N", path, ex.line, first)
				continue
			case pipe[0] == "head":
				ex.head = n
			default:
				ex.tail = n
			}
		}
		for _, w := range words {
			if w == ">" || w == ">>" || w == "serve" || w == "--plot" || strings.HasPrefix(w, "--plot=") ||
				w == "--cpuprofile" || strings.HasPrefix(w, "--cpuprofile=") {
				t.Errorf("%s:%d: %q: an example may not write files nor serve (%s)", path, ex.line, first, w)
				words = nil
			}
		}
		if words == nil {
			continue
		}
		ex.args = words
		out = append(out, ex)
	}
	return out
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}

// shellWords splits a command line as a POSIX shell would for the cases
// the documents use: blanks separate words, single quotes keep everything,
// double quotes keep everything but \" and \\, a lone | is a pipe.
func shellWords(s string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		in    bool // a word is under way
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unclosed \" in %q", s)
			}
			in = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		case c == '|' || c == ';' || c == '&' || c == '<' || c == '>' || c == '`' || c == '$':
			if c != '|' && c != '>' {
				return nil, fmt.Errorf("%q: no %c in an example", s, c)
			}
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
			if c == '>' && i+1 < len(s) && s[i+1] == '>' {
				i++
				words = append(words, ">>")
				continue
			}
			words = append(words, string(c))
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string]string{
		`dc --target 4-6-7 --tem 2`:                   `dc|--target|4-6-7|--tem|2`,
		`sweep dc --goal 'stack=cleared>=0.5' --x`:    `sweep|dc|--goal|stack=cleared>=0.5|--x`,
		`a "b c" d\ e`:                                `a|b c|d e`,
		`dc --target 4-6-7 | tail -4`:                 `dc|--target|4-6-7|||tail|-4`,
		`run x.yaml --a=1  `:                          `run|x.yaml|--a=1`,
		`dc "--goal=out.mean<=0.6" '' --z`:            `dc|--goal=out.mean<=0.6||--z`,
		`dc --target leader:8-1,drm=-1 --format json`: `dc|--target|leader:8-1,drm=-1|--format|json`,
	} {
		got, err := shellWords(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("shellWords(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{`a 'b`, `a "b`, "a `b`", "a $(b)", "a; b", "a && b"} {
		if _, err := shellWords(in); err == nil {
			t.Errorf("shellWords(%q): no error", in)
		}
	}
}

// output runs an example and returns what a terminal would show, lines
// without trailing blanks, wall-clock figures scrubbed.
func (ex example) output(t *testing.T) []string {
	t.Helper()
	_, stdout, stderr := cli(t, ex.args...)
	lines := strings.Split(strings.TrimSuffix(stdout+stderr, "\n"), "\n")
	switch {
	case ex.head > 0 && len(lines) > ex.head:
		lines = lines[:ex.head]
	case ex.tail > 0 && len(lines) > ex.tail:
		lines = lines[len(lines)-ex.tail:]
	}
	return lines
}

// fullMonteCarlo reports whether an example runs an attack by Monte Carlo
// at the default million trials (compare: three runs of it), which the
// race detector slows twentyfold.
func (ex example) fullMonteCarlo() bool {
	switch ex.args[0] {
	case "compare", "dc", "afv", "fire", "building", "lhy":
	default:
		return false
	}
	for _, a := range ex.args {
		if a == "--trials" || strings.HasPrefix(a, "--trials=") || a == "exact" || a == "--method=exact" ||
			a == "--help" || a == "--needed" || strings.HasPrefix(a, "--needed=") {
			return false
		}
	}
	return true
}

// canon is a list of lines as the comparison sees them.
func canon(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(string(normalize([]byte(l))), " \t")
	}
	return out
}

const elision = "…"

// matches reports whether got is what want shows, "…" lines standing for
// lines left out; if not, it says where they part.
func matches(want, got []string) (bool, string) {
	want, got = canon(want), canon(got)
	var segs [][]string
	seg := []string{}
	for _, l := range want {
		if l == elision {
			segs = append(segs, seg)
			seg = []string{}
			continue
		}
		seg = append(seg, l)
	}
	segs = append(segs, seg)
	if len(segs) == 1 {
		if i := firstDiff(want, got); i >= 0 {
			return false, partAt(want, got, i)
		}
		return true, ""
	}
	// The first block at the start, the last at the end, the others in
	// order between them, each where it first fits.
	first, last := segs[0], segs[len(segs)-1]
	if len(got) < len(first) || firstDiff(first, got[:len(first)]) >= 0 {
		return false, "the output does not begin as shown:\n" + partAt(first, got, max(0, firstDiff(first, got[:min(len(first), len(got))])))
	}
	end := len(got) - len(last)
	if end < len(first) || firstDiff(last, got[end:]) >= 0 {
		return false, "the output does not end as shown:\n" + partAt(last, got[max(0, end):], max(0, firstDiff(last, got[max(0, end):])))
	}
	at := len(first)
	for _, s := range segs[1 : len(segs)-1] {
		found := -1
		for i := at; i+len(s) <= end; i++ {
			if firstDiff(s, got[i:i+len(s)]) < 0 {
				found = i
				break
			}
		}
		if found < 0 {
			return false, fmt.Sprintf("these lines are not in the output, in this order:\n%s\n--- output\n%s", strings.Join(s, "\n"), strings.Join(got, "\n"))
		}
		at = found + len(s)
	}
	return true, ""
}

// firstDiff is the first line where a and b differ, -1 if none.
func firstDiff(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

func partAt(want, got []string, i int) string {
	line := func(ls []string) string {
		if i < len(ls) {
			return fmt.Sprintf("%q", ls[i])
		}
		return "(no more lines)"
	}
	return fmt.Sprintf("line %d of the output: shown %s, got %s\n--- output\n%s", i+1, line(want), line(got), strings.Join(got, "\n"))
}

func TestMatches(t *testing.T) {
	got := []string{"a", "b  ", "c", "d", "elapsed 3ms"}
	for _, c := range []struct {
		want string
		ok   bool
	}{
		{"a|b|c|d|elapsed 9s", true},
		{"a|b|c|d", false},
		{"a|…|elapsed 1s", true},
		{"…|c|…|elapsed 1s", true},
		{"a|…|c|…", true},
		{"a|…|d|c|…", false},
		{"b|…", false},
		{"…|d", false},
		{"a|b|…|b|c|d|elapsed 0s", false},
	} {
		if ok, why := matches(strings.Split(c.want, "|"), got); ok != c.ok {
			t.Errorf("matches(%q) = %v; want %v\n%s", c.want, ok, c.ok, why)
		}
	}
}

// TestDocExamples runs every example of the README and the manual.
func TestDocExamples(t *testing.T) {
	for _, path := range docFiles(t) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		exs := examples(t, path, text)
		name := strings.TrimPrefix(filepath.ToSlash(path), "../../")
		if *rewriteDocs {
			rewrite(t, path, text, exs)
			continue
		}
		for _, ex := range exs {
			t.Run(fmt.Sprintf("%s:%d", name, ex.line), func(t *testing.T) {
				if testing.Short() && ex.fullMonteCarlo() {
					t.Skip("a million trials or more: the plain run checks it")
				}
				if ok, why := matches(ex.want, ex.output(t)); !ok {
					t.Errorf("%s:%d: $ %s\n%s\n(go test ./internal/cli -run TestDocExamples -docs rewrites the examples with no …)", name, ex.line, ex.command, why)
				}
			})
		}
	}
}

// rewrite replaces the output under every example of one document that
// leaves nothing out with the program's output, as it is printed.
func rewrite(t *testing.T, path, text string, exs []example) {
	t.Helper()
	lines := strings.Split(text, "\n")
	// From the last example up, so that earlier line numbers hold.
	for i := len(exs) - 1; i >= 0; i-- {
		ex := exs[i]
		if indexOf(ex.want, elision) >= 0 {
			continue
		}
		got := ex.output(t)
		for j := range got {
			got[j] = strings.TrimRight(got[j], " \t")
		}
		start := ex.line // index of the first output line
		lines = append(lines[:start:start], append(got, lines[start+len(ex.want):]...)...)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
