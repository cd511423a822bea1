package manual

import (
	"bytes"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	hrefRE = regexp.MustCompile(`href="([^"]*)"`)
	idRE   = regexp.MustCompile(` id="([^"]*)"`)
)

// TestDocsLinksResolve: every link of every rendered page of the manual
// and the rules reference leads to a page the site holds and, with a
// fragment, to an id on that page; no link is left to a Markdown file.
func TestDocsLinksResolve(t *testing.T) {
	pages, err := Render()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]map[string]bool{}
	for name, b := range pages {
		set := map[string]bool{}
		for _, m := range idRE.FindAllSubmatch(b, -1) {
			set[string(m[1])] = true
		}
		ids[name] = set
	}
	// The page's own files, which the header links.
	root := map[string]bool{"": true, "icon.svg": true, "style.css": true}
	links := 0
	for name, b := range pages {
		for _, m := range hrefRE.FindAllSubmatch(b, -1) {
			href := string(m[1])
			if strings.Contains(href, "://") {
				continue
			}
			links++
			file, frag, _ := strings.Cut(href, "#")
			target := name
			if file != "" {
				target = path.Join(path.Dir(name), file)
			}
			if strings.HasSuffix(file, ".md") {
				t.Errorf("%s: a link to Markdown, %q", name, href)
				continue
			}
			if _, ok := pages[target]; !ok {
				if !root[strings.TrimSuffix(target, "/")] && !root[target] && target != "." {
					t.Errorf("%s: %q leads to %s, which the site does not hold", name, href, target)
				}
				continue
			}
			if frag != "" && !ids[target][frag] {
				t.Errorf("%s: %q: %s has no id %q", name, href, target, frag)
			}
		}
	}
	if links < 200 {
		t.Errorf("%d links checked; the pages have hundreds", links)
	}
	for _, want := range []string{"docs/index.html", "docs/rules/index.html", "docs/rules/asl.html", "docs/dc.html"} {
		if _, ok := pages[want]; !ok {
			t.Errorf("no page %s", want)
		}
	}
	// The rules reference keeps its anchors (docs/rules/README.md).
	for page, id := range map[string]string{"docs/rules/asl.html": "8.50", "docs/rules/sasl.html": "S29", "docs/rules/toi.html": "M4", "docs/rules/lhy.html": "L8"} {
		if !ids[page][id] {
			t.Errorf("%s has no anchor %q", page, id)
		}
	}
	// Citations in the text are links (a rules page named with its item,
	// a rules page's bare item of its own); a rulebook number and an
	// item's own bold label are not.
	for page, want := range map[string]string{
		"docs/activate.html": `<a href="rules/sasl.html#6">rules/sasl.md §6</a>`,
		// rules/asl.md's own
		"docs/rules/asl.html": `<a href="#3.6">§3.6</a>`,
		// rules/toi.md's own
		"docs/rules/toi.html":  `<a href="#4">§4</a>`,
		"docs/rules/sasl.html": `Rule numbers S5.1, S5.31, …,`,
	} {
		if !bytes.Contains(pages[page], []byte(want)) {
			t.Errorf("%s lacks %s", page, want)
		}
	}
	for page, not := range map[string]string{
		"docs/rules/sasl.html": `>S5.31</a>`,
		"docs/rules/toi.html":  `<strong><a href="#M4">`,
		"docs/rules/asl.html":  `>A23.3</a>`,
	} {
		if bytes.Contains(pages[page], []byte(not)) {
			t.Errorf("%s has %s", page, not)
		}
	}
	if b := pages["docs/dc.html"]; !bytes.Contains(b, []byte("<title>")) || bytes.Contains(b, []byte("<img")) {
		t.Errorf("docs/dc.html: want a titled page with no images")
	}
}

// TestSlug: a heading's id as GitHub makes it, which the pages' links
// use.
func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Show the working: --explain":                     "show-the-working---explain",
		"Exact enumeration, its budget and merged states": "exact-enumeration-its-budget-and-merged-states",
		"Views of ordered outcomes":                       "views-of-ordered-outcomes",
		// rules/asl.md's heading
		"8. Modeling decisions (§8.1–8.64)": "8-modeling-decisions-81864",
		"Set before play, Set during play":  "set-before-play-set-during-play",
	} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

var update = flag.Bool("update", false, "write the site's pages of the manual afresh")

// kept is where package site keeps the rendered pages it embeds.
const kept = "../site"

// TestPagesAreRendered: the pages package site embeds are those the
// manual's Markdown renders to, and no others; -update writes them.
func TestPagesAreRendered(t *testing.T) {
	pages, err := Render()
	if err != nil {
		t.Fatal(err)
	}
	old := map[string]bool{}
	err = filepath.WalkDir(filepath.Join(kept, docsDir), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(kept, p)
			old[filepath.ToSlash(rel)] = true
		}
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	if *update {
		for name := range old {
			if pages[name] == nil {
				if err := os.Remove(filepath.Join(kept, filepath.FromSlash(name))); err != nil {
					t.Fatal(err)
				}
			}
		}
		for name, b := range pages {
			p := filepath.Join(kept, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	const how = "after a change to docs/, run: go test ./internal/manual -run TestPagesAreRendered -update"
	for name, b := range pages {
		got, err := os.ReadFile(filepath.Join(kept, filepath.FromSlash(name)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			t.Errorf("internal/site/%s is missing; %s", name, how)
		case err != nil:
			t.Fatal(err)
		case !bytes.Equal(got, b):
			t.Errorf("internal/site/%s is not what docs/ renders to; %s", name, how)
		}
	}
	for name := range old {
		if pages[name] == nil {
			t.Errorf("internal/site/%s renders from no page of docs/; %s", name, how)
		}
	}
}
