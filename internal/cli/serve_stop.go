//go:build !js

package cli

import (
	"context"
	"errors"
	"net/http"
)

// Ctrl-C stops a server's runs in flight as it stops a terminal's: each
// run ends where it is, and its page gets the partial result, marked as
// such, or its failure, before the server closes its connection. A run
// must tell this from its client leaving, who is sent nothing; the
// request's own context cannot, so the server stops its runs through a
// context of its own.

// errStopping is the cause of the runs the server stops, and its answer
// to a request that finds it stopping before its run began.
var errStopping = errors.New("sapper serve is stopping (Ctrl-C); nothing was run")

// stop stops the runs in flight and those waiting for a slot; the
// server's answers to them follow. runServe calls it before it shuts the
// http.Server down.
func (s *server) stop() { s.stopRuns(errStopping) }

// runContext is the context of a request's run: it ends when the client
// leaves or, its cause errStopping, when the server stops. The caller
// calls done when the request ends, which lets the server forget it.
func (s *server) runContext(r *http.Request) (ctx context.Context, done func()) {
	ctx, cancel := context.WithCancelCause(r.Context())
	unhook := context.AfterFunc(s.stopping, func() { cancel(context.Cause(s.stopping)) })
	// AfterFunc calls a stopped server's func in a goroutine of its own:
	// a request that comes after the stop must see it at once.
	if cause := context.Cause(s.stopping); cause != nil {
		cancel(cause)
	}
	return ctx, func() {
		unhook()
		cancel(nil)
	}
}

// stopping reports whether ctx, a runContext, ended because the server
// is stopping.
func stopping(ctx context.Context) bool { return errors.Is(context.Cause(ctx), errStopping) }
