//go:build js

package cli

import (
	"context"
	"io"
)

// absent is a command the WebAssembly build leaves out, which only says
// so: why is the reason, for its one line and its help.
func absent(name, summary, why string) *command {
	return &command{
		absent:  true,
		name:    name,
		summary: summary + " (not in the browser build)",
		run: func(context.Context, io.Writer, io.Writer, []string) error {
			return usagef("%s is not part of the browser build (%s); run sapper %s on a computer", name, why, name)
		},
		help: func(w io.Writer) {
			io.WriteString(w, "sapper "+name+" is not part of the browser build ("+why+"); run it on a computer.\n")
		},
	}
}

// serveCommand is left out: the page is the server.
var serveCommand = absent("serve", "the same commands on a local web page", "the page is the server")

// siteCommand is left out: a browser runs no go build.
var siteCommand = absent("site", "write the static site", "a browser runs no go build")
