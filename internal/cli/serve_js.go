//go:build js

package cli

import (
	"context"
	"io"
)

// serveCommand in the WebAssembly build only says that it is not there:
// the page is the server, and a listener has no place in it.
var serveCommand = &command{
	name:    "serve",
	summary: "the same commands on a local web page (not in the browser build)",
	run: func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
		return usagef("serve is not part of the browser build; run sapper serve on a computer")
	},
	help: func(w io.Writer) {
		io.WriteString(w, "sapper serve is not part of the browser build; run it on a computer.\n")
	},
}
