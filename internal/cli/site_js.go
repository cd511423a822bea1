//go:build js

package cli

import (
	"context"
	"io"
)

// siteCommand in the WebAssembly build only says that it is not there: a
// browser runs no go build.
var siteCommand = &command{
	name:    "site",
	summary: "write the static site (not in the browser build)",
	run: func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
		return usagef("site is not part of the browser build; run sapper site on a computer")
	},
	help: func(w io.Writer) {
		io.WriteString(w, "sapper site is not part of the browser build; run it on a computer.\n")
	},
}
