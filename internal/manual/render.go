package manual

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/sapperhq/sapper/docs"
)

// docsDir is where the pages go in a site, and the path the page links.
const docsDir = "docs"

// docPage is what the page template needs of one page.
type docPage struct {
	Title string
	Root  string // from the page to the site's root: "../" or "../../"
	Body  template.HTML
}

var docTemplate = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — sapper</title>
<link rel="icon" href="{{.Root}}icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{{.Root}}style.css">
</head>
<body class="doc">
<header class="top">
  <p class="crumbs"><a href="{{.Root}}">sapper</a> · <a href="{{.Root}}docs/index.html">the manual</a> · <a href="{{.Root}}docs/rules/index.html">the rules reference</a></p>
</header>
<main id="main">
{{.Body}}
</main>
</body>
</html>
`))

// Render renders the pages, by their paths in a site
// ("docs/rules/asl.html").
func Render() (map[string][]byte, error) {
	var names []string
	err := fs.WalkDir(docs.Pages, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".md" {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	anchors, err := ruleAnchors()
	if err != nil {
		return nil, err
	}
	pages := map[string]bool{}
	for _, n := range names {
		pages[n] = true
	}
	out := map[string][]byte{}
	var index []docEntry
	for _, n := range names {
		src, err := fs.ReadFile(docs.Pages, n)
		if err != nil {
			return nil, err
		}
		title, body, err := renderDoc(n, src, pages, anchors)
		if err != nil {
			return nil, fmt.Errorf("docs/%s: %w", n, err)
		}
		page, err := wrapDoc(docPage{Title: title, Root: rootOf(n), Body: template.HTML(body)})
		if err != nil {
			return nil, err
		}
		out[path.Join(docsDir, htmlName(n))] = page
		index = append(index, docEntry{htmlName(n), title})
	}
	page, err := wrapDoc(docPage{Title: "The manual", Root: "../", Body: indexBody(index)})
	if err != nil {
		return nil, err
	}
	out[path.Join(docsDir, "index.html")] = page
	return out, nil
}

func wrapDoc(p docPage) ([]byte, error) {
	var b bytes.Buffer
	if err := docTemplate.Execute(&b, p); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// docEntry is a page of the manual's index.
type docEntry struct{ file, title string }

// indexParts are the manual's index: its parts, each with its pages in
// the order a player reads them (the main job first); a page no part
// names goes at the end of the last.
var indexParts = []struct {
	heading string
	pages   []string
}{
	{"The commands", []string{"compare.html", "dc.html", "afv.html", "fire.html", "plans.html", "building.html", "activate.html", "lhy.html", "sweep.html"}},
	{"How sapper works", []string{"inputs.html", "output.html", "scenario-files.html", "engine.html", "serve.html", "library.html"}},
	{"The rules reference", []string{"rules/index.html", "rules/asl.html", "rules/toi.html", "rules/sasl.html", "rules/lhy.html"}},
}

// indexBody lists the manual's pages by part.
func indexBody(entries []docEntry) template.HTML {
	title := map[string]string{}
	var unlisted []string
	for _, e := range entries {
		title[e.file] = e.title
		if !listedIn(e.file) {
			unlisted = append(unlisted, e.file)
		}
	}
	var b strings.Builder
	b.WriteString("<h1>The manual</h1>\n<p>A page a command, and how the inputs, the output and the engine work. The rules reference gives the rules each game follows, with their numbers, and every modeling decision with its option and default.</p>\n")
	for i, part := range indexParts {
		fmt.Fprintf(&b, "<h2>%s</h2>\n<ul>\n", part.heading)
		pages := part.pages
		if i == len(indexParts)-1 {
			pages = slices.Concat(pages, unlisted)
		}
		for _, f := range pages {
			if t, ok := title[f]; ok {
				fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>\n", template.HTMLEscapeString(f), template.HTMLEscapeString(t))
			}
		}
		b.WriteString("</ul>\n")
	}
	return template.HTML(b.String())
}

// listedIn reports whether a part of the index names the page f.
func listedIn(f string) bool {
	for _, part := range indexParts {
		if slices.Contains(part.pages, f) {
			return true
		}
	}
	return false
}

// htmlName is the site's name of the page name: dc.md is dc.html, a
// README its directory's index.html.
func htmlName(name string) string {
	if path.Base(name) == "README.md" {
		return path.Join(path.Dir(name), "index.html")
	}
	return strings.TrimSuffix(name, ".md") + ".html"
}

// rootOf is the way from the page name to the site's root.
func rootOf(name string) string {
	return strings.Repeat("../", strings.Count(path.Join(docsDir, name), "/"))
}

// renderDoc renders the page name, whose source is src, and returns its
// title (its first heading) and its HTML. pages are every page's name,
// anchors the rules pages' anchors.
func renderDoc(name string, src []byte, pages map[string]bool, anchors map[string]map[string]bool) (string, []byte, error) {
	fix := &docLinks{name: name, pages: pages, anchors: anchors}
	md := goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		// The pages are the project's own, and their anchors are raw
		// HTML (<a id="8.50"></a>).
		goldmark.WithRendererOptions(html.WithUnsafe()),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(fix, 100))),
	)
	var b bytes.Buffer
	if err := md.Convert(src, &b); err != nil {
		return "", nil, err
	}
	if fix.title == "" {
		return "", nil, fmt.Errorf("no heading to title the page")
	}
	return fix.title, b.Bytes(), nil
}

// docLinks is the transformer that gives headings their ids and points
// links at the site's pages.
type docLinks struct {
	name    string
	pages   map[string]bool
	anchors map[string]map[string]bool
	title   string
}

func (d *docLinks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	ids := map[string]int{}
	var unlink, drop []ast.Node
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			if plain(n) {
				texts = append(texts, n)
			}
		case *ast.Heading:
			t := plainText(n, src)
			if d.title == "" {
				d.title = t
			}
			id := slug(t)
			if k := ids[id]; k > 0 {
				ids[id] = k + 1
				id = fmt.Sprintf("%s-%d", id, k)
			} else {
				ids[id] = 1
			}
			n.SetAttributeString("id", []byte(id))
		case *ast.Link:
			if dest, ok := d.dest(string(n.Destination)); ok {
				n.Destination = []byte(dest)
			} else {
				unlink = append(unlink, n)
			}
		case *ast.Image:
			// The screenshots of the site, which it does not carry: the
			// player is looking at the page itself.
			drop = append(drop, n)
		case *ast.CodeSpan:
			// A browser breaks a line after a hyphen, which splits a
			// flag (--no-hob) from its dashes; a short span keeps to
			// one line.
			if len(plainText(n, src)) <= nowrapCode {
				n.SetAttributeString("class", []byte("nb"))
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unlink {
		parent := n.Parent()
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
	for _, n := range drop {
		parent := n.Parent()
		parent.RemoveChild(parent, n)
		// A paragraph of screenshots alone goes with them.
		if _, ok := parent.(*ast.Paragraph); ok && plainText(parent, src) == "" && parent.Parent() != nil {
			parent.Parent().RemoveChild(parent.Parent(), parent)
		}
	}
	for _, t := range texts {
		citeLinks(t, src, d.name, d.anchors)
	}
}

// plain reports whether t is running text: not a link's, a heading's, an
// image's, code's, or bold, as the label that opens an item is.
func plain(t *ast.Text) bool {
	for p := t.Parent(); p != nil; p = p.Parent() {
		switch p := p.(type) {
		case *ast.Link, *ast.AutoLink, *ast.Heading, *ast.Image, *ast.CodeSpan:
			return false
		case *ast.Emphasis:
			if p.Level == 2 {
				return false
			}
		}
	}
	return true
}

// nowrapCode is the longest code span kept to one line: a flag and its
// value; a longer one, a command line, wraps as it must on a phone.
const nowrapCode = 28

// dest is the site's link for a page's link to dest, and whether it has
// one: a link of the web or within the page as it is, one to another page
// to its HTML, and none for a file the site does not hold.
func (d *docLinks) dest(dest string) (string, bool) {
	if strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") || strings.HasPrefix(dest, "#") {
		return dest, true
	}
	file, frag, _ := strings.Cut(dest, "#")
	target := path.Join(path.Dir(d.name), file)
	if !d.pages[target] {
		return "", false
	}
	rel := htmlName(file)
	if frag != "" {
		rel += "#" + frag
	}
	return rel, true
}

// plainText is the text a node shows (a heading, a code span, a
// paragraph): its text and code, without markup, trimmed.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// slug is GitHub's id for a heading whose text is t: lower case, spaces
// as hyphens, and no punctuation but hyphens and underscores.
func slug(t string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(t) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
