//go:build !js

package cli

import (
	"fmt"
	"io"
	"strings"
)

const serveHelpIntro = `Usage: sapper serve [flags]

Serves sapper's commands as web pages on this machine, for players who
would rather fill in a form than type flags. Open the address it prints in
a browser. Each command has its page, its form built from the command's
own flags and help texts, so that the page and the command line take the
same inputs and say the same things about them:

  %s

A result page shows the tables with their intervals, the chart --plot
would draw, and the command line that gives the same figures in a
terminal ("same as: sapper dc --target 4-6-7 --tem 2"). Its address is a
permalink: the query string is the command's flags, seed included, so the
link reproduces the exact run. A crossing or scenario file is uploaded, not
read from disk, and travels in the link.

Long Monte Carlo runs show their progress; closing the page stops the run.
Each request is held to limits (trials, exact paths, wall time); at most
GOMAXPROCS runs go at once and the others wait their turn. Ctrl-C stops
the runs in flight, whose pages show their partial results, and the
server.

The default address answers this machine only. Serving other machines
takes an explicit --addr, e.g. --addr 0.0.0.0:8080, and a look at the
limits below. Either way the server answers its own pages only: a
request that another site's page has the browser make is refused, so
that no page elsewhere can start runs here.

Examples:
  sapper serve
  sapper serve --addr 127.0.0.1:9000 --max-time 20s

Flags:
`

func writeServeHelp(w io.Writer) {
	fs, _ := newFlagSet("serve")
	var f serveFlags
	f.register(fs)
	fmt.Fprintf(w, serveHelpIntro, strings.Join(sweepTargets(), ", "))
	fmt.Fprint(w, flagUsages(fs))
}
