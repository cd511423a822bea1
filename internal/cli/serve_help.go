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
result, as Ctrl-C does in a terminal. Ctrl-C stops the runs in flight,
whose pages show their partial results, and the server. A page reads no
file from the server's disk (a crossing or tables file is uploaded with
the run) and writes none.

Limits. Each run is held to --max-trials and --max-paths (a sweep's runs
each), to --max-time of wall time for all of a request's runs, and an
exact run to its share of --max-memory. --runs go at once; --queue more
requests are held, waiting for a run (each for --max-time and 5 s more),
sending their upload or taking their answer; others get 503 at once. A
request is at most 144 KiB: a command line of at most 400 words of 4 KiB,
and up to 4 files of 32 KiB, and its headers at most 32 KiB. Its headers
have 10 s to arrive and its body 30 s. At most --runs and --queue and 64
more connections are open at once; the next waits to be accepted. An
answer of n bytes has --max-time (at least 30 s) and n at 16 KiB/s to be
taken, and each 64 KiB of it that time alone, after which it is dropped:
a client that stops reading loses it, one reading at 128 kbit/s or faster
gets it all. Answers being taken
are held in memory beside --max-memory, one at most a request (at most
24 MB each), and the server's soft memory limit leaves them that room.
An idle connection is closed after 15 s.

The default address answers this machine only. Serving other machines
takes an explicit --addr, e.g. --addr 0.0.0.0:8080, and a look at the
limits above. Either way the server runs work for its own page only: a
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
