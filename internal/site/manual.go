package site

import (
	"embed"
	"io/fs"
	"path"
)

// docsDir is where the manual's pages go in a site, and the path the page
// links.
const docsDir = "docs"

// manual is the manual and the rules reference, rendered ahead of time
// (package manual) and kept here as the site serves them.
//
//go:embed docs
var manual embed.FS

// Docs returns the manual's pages, by their paths in a site
// ("docs/rules/asl.html").
func Docs() (map[string][]byte, error) {
	pages := map[string][]byte{}
	err := fs.WalkDir(manual, docsDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".html" {
			return err
		}
		b, err := manual.ReadFile(p)
		pages[p] = b
		return err
	})
	return pages, err
}
