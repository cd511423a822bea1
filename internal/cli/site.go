//go:build !js

package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sapperhq/sapper/internal/site"
)

var siteCommand = &command{
	name:    "site",
	summary: "write the static site: the page, and the engine as WebAssembly",
	run:     runSite,
	help:    writeSiteHelp,
}

func writeSiteHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: sapper site OUTDIR

Writes sapper's static site to OUTDIR: a page a player opens from a link,
with nothing to install. Any static file server can host the directory
(python3 -m http.server, a GitHub Pages branch, an S3 bucket); the
engine runs in the player's browser, compiled to WebAssembly, in a Web
Worker, so the page never freezes and nothing is sent anywhere.

The page has every simulating command (compare, dc, afv, fire, plans,
building, activate, lhy), its form built from the inputs "sapper describe"
lists, with the same defaults, bounds and one-line help; a sweep of one
input of any of them, with a line chart and a goal (sapper sweep --vary,
--metric, --goal); building's --needed; and a path builder for activate,
which writes the crossing file the player would otherwise write by hand. A
result shows a headline sentence, each metric's table with p and its
interval, a chart, and the command line that gives the same figures in a
terminal; a long Monte Carlo run first shows the figures of its first
50,000 trials. The page's address is a permalink: it carries every input
given, by its command-line name, and the seed, and opening it reruns the
same work. A crossing or tables file of the player's own is uploaded to
the page (it reads no disk) and travels in the permalink too. The same
inputs and seed give the same figures in the browser as on the command
line, Monte Carlo runs included. After the first visit a service worker
keeps the site, which then works offline and can be installed as an app.

OUTDIR is a new directory (its parent must exist), an empty one, or a
site written before and nothing else, which the new one replaces whole;
anything else is refused (exit status 2), a CNAME or a .git beside an old
site too, since they would go with it; so is a build outside a checkout of
sapper's module, or with no go command. The site is built beside OUTDIR
and renamed into place, so OUTDIR is never half written.

The files: index.html, app.js (the page and its Web Worker), style.css,
sw.js (the service worker), manifest.webmanifest, the icons (icon.svg,
PNGs at 180, 192 and 512 px and a maskable one at 512 px for an installed
app's home-screen shape, drawn when the site is built), the Go
toolchain's wasm_exec.js, sapper.wasm (cmd/sapper-wasm built with
GOOS=js GOARCH=wasm, without the chart code: the page draws its chart),
describe.json, and docs/: the manual and the rules reference as web
pages (docs/index.html), which the page's help links where it cites
them ("rules/sasl.md S29"). Building the engine takes the go command
and sapper's source: run it in a checkout of the module.

A server that compresses its responses sends the whole first visit in
about 3 MB, one that does not (python3 -m http.server) about 11 MB: the
build prints both (the manual's pages are fetched only when opened); a
.wasm file should be served as application/wasm (most servers do), or
the page compiles it a little more slowly.

Examples:
  go run ./cmd/sapper site public
  python3 -m http.server -d public 8000    # then open http://localhost:8000/
  http://localhost:8000/#dc?target=4-6-7&tem=2&seed=1    (a permalink)
`)
}

func runSite(ctx context.Context, stdout, _ io.Writer, args []string) error {
	fs, showHelp := newFlagSet("site")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *showHelp {
		writeSiteHelp(stdout)
		return nil
	}
	rest := fs.Args()
	switch {
	case len(rest) == 0:
		return usagef("want the directory to write the site to, e.g. sapper site public")
	case len(rest) > 1:
		return usagef("want one directory, got %d arguments", len(rest))
	}
	dir := rest[0]
	if err := site.CheckDir(dir); err != nil {
		return usagef("%s", err)
	}
	describe, err := browserDescribe()
	if err != nil {
		return err
	}
	s, err := site.Build(ctx, dir, site.Options{Describe: describe})
	var de *site.DirError
	var se *site.SourceError
	switch {
	case errors.As(err, &de), errors.As(err, &se):
		return usagef("%s", err)
	case err != nil && ctx.Err() != nil:
		// The build was stopped, not broken: the site is left as it was.
		return cancelled("interrupted while building the site; nothing was written")
	case err != nil:
		return err
	}
	raw, gz := s.FirstVisit()
	var pages int
	var docRaw, docGz int64
	for _, f := range s.Files {
		if f.OnDemand {
			pages++
			docRaw += f.Size
			docGz += f.Gzip
		}
	}
	fmt.Fprintf(stdout, "wrote the site to %s: a first visit of %d files, %s (%s gzipped)\n", s.Dir, len(s.Files)-pages, megabytes(raw), megabytes(gz))
	for _, f := range s.Files {
		if !f.OnDemand {
			fmt.Fprintf(stdout, "  %-22s %10s  %10s gzipped\n", f.Name, megabytes(f.Size), megabytes(f.Gzip))
		}
	}
	fmt.Fprintf(stdout, "and the manual, fetched page by page when opened: docs/, %d pages, %s (%s gzipped)\n", pages, megabytes(docRaw), megabytes(docGz))
	return nil
}

func megabytes(n int64) string {
	if n < 10_000 {
		return fmt.Sprintf("%d B", n)
	}
	if n < 1_000_000 {
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%.2f MB", float64(n)/1e6)
}

// browserDescribe is describe --format json as the site's engine takes
// the inputs: --max-memory within what a WebAssembly program holds
// (browserMemoryLimit), which the page's form then holds to.
func browserDescribe() ([]byte, error) {
	return describeWithin(serverLimits{maxMemory: browserMemoryLimit << 20})
}
