package site

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckDirKeepsOthersFiles: a site written before may be written
// again only when the directory holds nothing but the site, since the new
// one replaces the whole directory: a CNAME or a .git beside it is
// refused, by name, and left alone.
func TestCheckDirKeepsOthersFiles(t *testing.T) {
	dir := t.TempDir()
	own, err := siteFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name := range own {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckDir(dir); err != nil {
		t.Fatalf("a site alone: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CNAME"), []byte("example.org"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	err = CheckDir(dir)
	var de *DirError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "CNAME") || !strings.Contains(err.Error(), ".git") {
		t.Fatalf("a site with a CNAME and a .git: %v; want a DirError naming both", err)
	}
	if _, err := Build(t.Context(), dir, Options{Describe: []byte("{}")}); !errors.As(err, &de) {
		t.Fatalf("Build: %v; want the DirError before any work", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "CNAME")); err != nil || string(data) != "example.org" {
		t.Errorf("the CNAME after a refused build: %q, %v", data, err)
	}
}

// TestBuildRefusesWithoutSource: a site is built from sapper's source by
// the go command; outside a checkout of the module, or with no go
// command, Build refuses with a *SourceError before writing anything.
func TestBuildRefusesWithoutSource(t *testing.T) {
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"outside the module", Options{Dir: t.TempDir()}},
		{"no go command", Options{Go: "no-such-go-command"}},
	} {
		parent := t.TempDir()
		out := filepath.Join(parent, "public")
		c.opt.Describe = []byte("{}")
		_, err := Build(context.Background(), out, c.opt)
		var se *SourceError
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want a *SourceError", c.name, err)
		}
		if entries, _ := os.ReadDir(parent); len(entries) != 0 {
			t.Errorf("%s: wrote %d entries beside the site", c.name, len(entries))
		}
	}
}

// TestScriptStrips: the page's script loses its comment lines and nothing
// else, and has no template literal, whose lines could start with "//"
// inside a string.
func TestScriptStrips(t *testing.T) {
	src, err := web.ReadFile("web/app.js")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.ContainsRune(src, '`') {
		t.Fatal("app.js has a template literal: a line of it starting with // would be stripped as a comment")
	}
	got := stripComments([]byte("a();\n  // why\n\t// more\nb(); // kept\nc(\"//x\");\n// last"))
	if want := "a();\nb(); // kept\nc(\"//x\");\n"; string(got) != want {
		t.Errorf("stripped %q, want %q", got, want)
	}
	out := stripComments(src)
	var code int
	for line := range bytes.Lines(src) {
		if !bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("//")) {
			code++
		}
	}
	if n := bytes.Count(out, []byte("\n")); n != code || len(out) >= len(src) {
		t.Errorf("app.js: %d lines kept of %d bytes, want its %d lines of code", n, len(out), code)
	}
}

// TestDocsAreKept: the site carries the manual's pages, the rules
// reference's among them, each a whole page.
func TestDocsAreKept(t *testing.T) {
	pages, err := Docs()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"docs/index.html", "docs/compare.html", "docs/rules/index.html", "docs/rules/asl.html"} {
		if b := pages[name]; !bytes.HasPrefix(b, []byte("<!doctype html>")) || !bytes.HasSuffix(b, []byte("</html>\n")) {
			t.Errorf("%s: want a whole page, got %d bytes", name, len(b))
		}
	}
	if len(pages) < 20 {
		t.Errorf("%d pages, want the manual's and the rules reference's", len(pages))
	}
}

// TestPagePolicy: the static page declares the policy a server sends
// with it (package web): no script, style or connection but the site's
// own, so that a host that sends no header still loads nothing else.
func TestPagePolicy(t *testing.T) {
	b, err := fs.ReadFile(Page(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{`http-equiv="Content-Security-Policy"`, "default-src 'none'", "script-src 'self';", "style-src 'self';", "base-uri 'none'"} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html's policy lacks %q", want)
		}
	}
	if strings.Contains(page, "unsafe-inline") || strings.Contains(page, "unsafe-eval") {
		t.Error("index.html's policy allows inline or evaluated code")
	}
}
