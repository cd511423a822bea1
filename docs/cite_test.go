// TestCitations checks that every citation of the rules reference
// resolves. The rules reference is docs/rules/{asl,toi,sasl,lhy}.md. Help texts,
// summaries, error messages, doc comments, scenario files and the README
// cite it as "rules/asl.md §8.50", "§7.4", "[M8.14]", "rules/sasl.md S21",
// "L8", "D3", "rules/asl.md §9 R16" and so on. TestCitations walks the
// repository, finds every such citation, decides which game's page it
// means and fails, naming file, line and citation, for each one that has
// no anchor there. The anchor scheme is in docs/rules/README.md.

package docs

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var listCites = flag.Bool("cites", false, "log every citation found and the anchors it resolves to")

// games are the four pages of docs/rules, by the name a citation gives
// them.
var games = []string{"asl", "toi", "sasl", "lhy"}

// letterGame is the page whose numbered decisions a letter names: S1…S29
// are sasl.md's, L1…L8 lhy.md's, D1…D9 toi.md's, R1… the reference
// figures of asl.md §9.
var letterGame = map[string]string{"S": "sasl", "L": "lhy", "D": "toi", "R": "asl"}

// A citation is one reference to the rules, as written, with the anchors
// it needs on its game's page (a range needs both of its ends).
type citation struct {
	file    string
	line    int
	text    string
	game    string
	anchors []string
}

func (c citation) String() string {
	return fmt.Sprintf("%s:%d: %q (rules/%s.md#%s)", c.file, c.line, c.text, c.game, strings.Join(c.anchors, ", #"))
}

// token finds, left to right, the mentions of a rules page and the
// citations. Groups:
//
//	1 page named (asl.md), 2 an anchor linked to it (asl.md#8.50),
//	3 a number right after it (asl.md 8.50)
//	4, 5 a section §N[.M] and the end of its range
//	6, 7 a decision [MN[.M]] and the end of its range
//	8 a bare M8.N (as the rules write "M8.26")
//	9, 10, 11, 12, 13, 14 a numbered item S/L/D/R, the end of its
//	range after a dash or ellipsis (R13–R16b), after a hyphen (D1-D9)
//	15 a Go package qualifier (toi., lhy.) in a file of no one game
//	16 a Markdown link to an anchor of the same page ([S16](#S16))
var token = regexp.MustCompile(
	`\b(asl|toi|sasl|lhy)\.md\b(?:#([\w.-]+)|[ \t]+(\d+\.\d+)\b)?` +
		`|§\s?(\d+(?:\.\d+)?)(?:\s?[–…-]\s?§?\s?(\d+(?:\.\d+)?))?` +
		`|\[M(\d+(?:\.\d+)?)\](?:\s?[–…-]\s?\[M(\d+(?:\.\d+)?)\])?` +
		`|\bM(8\.\d+)\b` +
		`|\b([SLDR])(\d+[a-z]?)\b(?:\s?[–…]\s?([SLDR])?(\d+[a-z]?)\b|-([SLDR])(\d+[a-z]?)\b)?` +
		`|\b(asl|toi|sasl|lhy)\.[A-Z]` +
		`|\]\(#([\w.-]+)\)`)

// notOurs are words right before a § that make it another document's
// section: DESIGN §5 is the design's, LHY §13 the LHY rulebook's.
var notOurs = []string{"DESIGN", "DESIGN.md", "LHY"}

// scanner reads one file's citations, keeping the page it is about.
type scanner struct {
	file string
	// fixed is the page every bare citation of the file is about ("" for
	// a file of several games: the README, shared command code).
	fixed string
	// nearest is the page last mentioned, for a file of no one game.
	nearest string
	// linksOnly: only citations that name their page count (the index of
	// the rules, whose bare citations are examples of the scheme).
	linksOnly bool
	cites     []citation
}

// line scans one line.
func (s *scanner) line(n int, text string) {
	onLine := "" // the page named earlier on this line
	for _, m := range token.FindAllStringSubmatchIndex(text, -1) {
		g := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[m[2*i]:m[2*i+1]]
		}
		whole := text[m[0]:m[1]]
		add := func(game string, anchors ...string) {
			s.cites = append(s.cites, citation{s.file, n, strings.TrimSpace(whole), game, anchors})
		}
		// context is the page a bare citation here is about.
		context := func() string {
			switch {
			case s.linksOnly:
				return ""
			case onLine != "":
				return onLine
			case s.fixed != "":
				return s.fixed
			}
			return s.nearest
		}
		switch {
		case g(1) != "":
			onLine, s.nearest = g(1), g(1)
			switch {
			case g(2) != "":
				add(g(1), g(2))
			case g(3) != "":
				add(g(1), g(3))
			}
		case g(4) != "":
			before := strings.TrimSpace(text[:m[0]])
			if slices.ContainsFunc(notOurs, func(w string) bool { return strings.HasSuffix(before, w) }) {
				continue
			}
			if game := context(); game != "" {
				add(game, rangeOf(g(4), g(5))...)
			}
		case g(6) != "":
			if game := context(); game != "" {
				add(game, rangeOf(decision(g(6)), decision(g(7)))...)
			}
		case g(8) != "":
			add("asl", g(8))
		case g(9) != "":
			letter, game := g(9), letterGame[g(9)]
			// A rulebook number goes on: S5.1, D5.31, A23.4 are the
			// rulebooks', not ours.
			if rest := text[m[1]:]; len(rest) > 1 && rest[0] == '.' && isDigit(rest[1]) {
				continue
			}
			if context() != game {
				continue // D5 in an ASL file is a Chapter D rule
			}
			// R1… are asl.md's reference figures only when the line says
			// so (rules/asl.md R16, §9 R12); elsewhere an R is a test's
			// own label.
			if letter == "R" && onLine == "" && !strings.Contains(text[:m[0]], "§") {
				continue
			}
			end := ""
			switch {
			case g(12) != "" && (g(11) == "" || g(11) == letter): // R13–R16b
				end = g(12)
			case g(13) == letter: // D1-D9
				end = g(14)
			}
			add(game, rangeOf(letter+g(10), prefixed(letter, end))...)
		case g(15) != "":
			if s.fixed == "" {
				s.nearest = g(15)
			}
		case g(16) != "":
			if strings.HasPrefix(s.file, "docs/rules/") && s.fixed != "" {
				add(s.fixed, g(16))
			}
		}
	}
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

func prefixed(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}

// rangeOf is the anchors a citation needs: its start and, for a range,
// its end. "§8.53–8.59" needs 8.53 and 8.59; "§3–§7" 3 and 7.
func rangeOf(start, end string) []string {
	if end == "" || end == start {
		return []string{start}
	}
	return []string{start, end}
}

// fixedGame is the page a file's bare citations are about, from where it
// lives; "" when it speaks of several games.
func fixedGame(path string) string {
	base := filepath.Base(path)
	switch {
	case strings.HasPrefix(path, "model/asl/"), strings.HasPrefix(path, "model/dice/"):
		return "asl"
	case strings.HasPrefix(path, "model/toi/"):
		return "toi"
	case strings.HasPrefix(path, "model/sasl/"):
		return "sasl"
	case strings.HasPrefix(path, "model/lhy/"):
		return "lhy"
	case strings.HasPrefix(path, "docs/rules/"):
		if g := strings.TrimSuffix(base, ".md"); slices.Contains(games, g) {
			return g
		}
		return ""
	case strings.HasPrefix(path, "internal/cli/"), strings.HasPrefix(path, "benchmarks/"):
		// Command files by their command: dc.go, afv_help.go,
		// testdata/explain_building_table.golden, scenarios/toi-….yaml.
		name := strings.TrimPrefix(strings.TrimSuffix(base, filepath.Ext(base)), "explain_")
		name = strings.TrimPrefix(name, "seeded_")
		for prefix, game := range map[string]string{
			"dc": "asl", "afv": "asl", "fire": "asl", "compare": "asl", "rules": "asl",
			"asl": "asl", "breach": "asl", "reference": "asl", "shared_conflicts": "asl",
			"building": "toi", "toi": "toi",
			"activate": "sasl", "sasl": "sasl",
			"lhy": "lhy",
		} {
			if name == prefix || strings.HasPrefix(name, prefix+"_") || strings.HasPrefix(name, prefix+"-") {
				return game
			}
		}
		switch {
		case strings.HasPrefix(path, "internal/cli/testdata/activate/"), strings.HasPrefix(path, "model/sasl/tables/"),
			strings.HasSuffix(name, "-crossing"):
			return "sasl"
		case strings.HasPrefix(path, "internal/cli/scenarios/"):
			return "asl" // every other built-in scenario is a DC or fire attack
		}
	}
	return ""
}

// scanned reports whether a file may cite the rules: Go sources, golden
// files, scenario and table files, the web page's files, Markdown.
func scanned(path string) bool {
	switch filepath.Ext(path) {
	case ".go", ".golden", ".yaml", ".yml", ".md", ".html", ".tmpl", ".js", ".css":
		return true
	}
	return false
}

func newScanner(path string) *scanner {
	return &scanner{file: path, fixed: fixedGame(path), linksOnly: path == "docs/rules/README.md"}
}

// scanFile reads the citations of one file, path relative to the root.
func scanFile(root, path string) ([]citation, error) {
	f, err := os.Open(filepath.Join(root, path))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := newScanner(path)
	in := bufio.NewScanner(f)
	in.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for n := 1; in.Scan(); n++ {
		s.line(n, in.Text())
	}
	return s.cites, in.Err()
}

// scanText reads the citations of text as if it were the file path.
func scanText(path, text string) []citation {
	s := newScanner(path)
	for i, l := range strings.Split(text, "\n") {
		s.line(i+1, l)
	}
	return s.cites
}

// anchorRE is an explicit anchor of a rules page.
var anchorRE = regexp.MustCompile(`<a id="([^"]+)"></a>`)

// anchorsOf reads the explicit anchors of each rules page.
func anchorsOf(dir string) (map[string]map[string]bool, error) {
	all := map[string]map[string]bool{}
	for _, g := range games {
		b, err := os.ReadFile(filepath.Join(dir, g+".md"))
		if err != nil {
			return nil, err
		}
		set := map[string]bool{}
		for _, m := range anchorRE.FindAllStringSubmatch(string(b), -1) {
			if set[m[1]] {
				return nil, fmt.Errorf("%s.md: anchor %q given twice", g, m[1])
			}
			set[m[1]] = true
		}
		all[g] = set
	}
	return all, nil
}

// unresolved is the anchors of c its page lacks.
func unresolved(c citation, anchors map[string]map[string]bool) []string {
	var missing []string
	for _, a := range c.anchors {
		if !anchors[c.game][a] {
			missing = append(missing, a)
		}
	}
	return missing
}

// repoFiles lists the files to scan, relative to root.
func repoFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if rel == "internal/site/docs" {
				// These pages, rendered from the Markdown scanned here,
				// read its citations out of their pages' context
				// (internal/manual holds them to the Markdown).
				return filepath.SkipDir
			}
			return nil
		}
		// The resolver's own tests cite pages that do not exist, on
		// purpose.
		if scanned(rel) && !(strings.HasPrefix(rel, "docs/") && strings.HasSuffix(rel, "_test.go")) {
			files = append(files, rel)
		}
		return nil
	})
	return files, err
}

// TestCitations: every citation of the rules in the repository resolves
// to an anchor of docs/rules.
func TestCitations(t *testing.T) {
	anchors, err := anchorsOf("rules")
	if err != nil {
		t.Fatal(err)
	}
	files, err := repoFiles("..")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		cites, err := scanFile("..", f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cites {
			total++
			if *listCites {
				t.Log(c)
			}
			if missing := unresolved(c, anchors); missing != nil {
				t.Errorf("%s:%d: %q cites rules/%s.md #%s, which resolves nowhere", c.file, c.line, c.text, c.game, strings.Join(missing, ", #"))
			}
		}
	}
	// The walk found the citations it exists for: a scanner that finds
	// nothing passes vacuously.
	if total < 500 {
		t.Errorf("found only %d citations in the repository; the scanner misses them", total)
	}
}

// decision is the anchor of a decision [MN]: M1 on toi.md, sasl.md and
// lhy.md; asl.md numbers its decisions in §8, so [M8.14] is 8.14.
func decision(n string) string {
	switch {
	case n == "":
		return ""
	case strings.Contains(n, "."):
		return n
	}
	return "M" + n
}
