// Package manual renders the manual and the rules reference for the
// static site.
//
// The page's help cites the rules reference ("§4", "rules/sasl.md S29")
// and the manual ("docs/engine.md"); a player of the site has no copy of
// the repository, so the site carries both, rendered from the Markdown of
// package docs: docs/NAME.html for docs/NAME.md, docs/rules/NAME.html for
// docs/rules/NAME.md, a rules README as its directory's index.html, and
// docs/index.html listing the pages. A link between two pages follows
// them; a link out of docs/ (the README, a Go file) would lead nowhere on
// the site and stays as its text. Headings get the ids GitHub gives them,
// which the pages' own links use.
//
// The pages are rendered ahead of time and kept with package site, which
// embeds them: the Markdown library's start-up (its tables of HTML
// entities, its extensions' patterns) took 1.5 ms of every sapper
// command, a quarter of its start-up, though only `sapper site` and
// `sapper serve` write the pages. TestPagesAreRendered holds the kept
// pages to the Markdown; after a change to docs/, run
//
//	go test ./internal/manual -run TestPagesAreRendered -update
package manual
