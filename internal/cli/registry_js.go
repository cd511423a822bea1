//go:build js

package cli

import "context"

// onServer: the browser build serves no page.
func onServer(context.Context, *job) error { return nil }

// onServerAt: a run in the browser is no server's.
func onServerAt(context.Context, uint64) bool { return false }

// serverMemory: a run in the browser is no server's.
func serverMemory(context.Context) uint64 { return 0 }

// refusedHere: the browser build refuses no command it has.
func refusedHere(context.Context, string) bool { return false }
