//go:build !js

package cli

import (
	"fmt"
	"io"
)

const serveHelpIntro = `Usage: sapper serve [flags]

Serves sapper's web page from this machine: the same page as the static
site (sapper site), its forms built from every command's inputs, with each
run made by this machine's native engine instead of WebAssembly in the
browser. The figures are the same either way, seed for seed; the native
engine is faster, and the page needs no download of the engine. Open the
address it prints in a browser.

A run shows its progress and can be cancelled, which gives its partial
result, as Ctrl-C does in a terminal. Each run is held to limits (trials,
exact paths, wall time, and the memory of an exact run's merged states,
1 GiB as on the command line); at most GOMAXPROCS runs go at once, and the
others wait their turn, each for --max-time and 5 s more. A page reads no
file from the server's disk (a crossing or tables file is uploaded with
the run) and writes none. Ctrl-C stops the runs in flight, whose pages
show their partial results, and the server.

The default address answers this machine only. Serving other machines
takes an explicit --addr, e.g. --addr 0.0.0.0:8080, and a look at the
limits below. Either way the server runs work for its own page only: a
request that another site's page has the browser make is refused.

Examples:
  sapper serve
  sapper serve --addr 127.0.0.1:9000 --max-time 20s

Flags:
`

func writeServeHelp(w io.Writer) {
	fs, _ := newFlagSet("serve")
	var f serveFlags
	f.register(fs)
	fmt.Fprint(w, serveHelpIntro)
	fmt.Fprint(w, flagUsages(fs))
}
