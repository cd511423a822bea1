// Package docs holds the project's documentation: the manual, a page a
// command (docs/*.md), and the rules reference (docs/rules/*.md), which
// help texts, error messages and doc comments cite. It embeds the pages
// so that the static site can carry them to players who have no copy of
// the repository.
package docs

import "embed"

// Pages are the manual's pages and the rules reference's, as Markdown,
// by their paths under docs/ ("dc.md", "rules/asl.md").
//
//go:embed *.md rules/*.md
var Pages embed.FS
