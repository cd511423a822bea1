//go:build js

package cli

import "context"

// onServer: the browser build serves no page.
func onServer(context.Context, *job) error { return nil }
