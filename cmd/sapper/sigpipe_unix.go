//go:build unix

package main

import (
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE keeps a reader that goes away (sapper sweep … | head -2)
// from killing the process before it writes its --plot chart: with
// SIGPIPE ignored, a write to the closed pipe fails with EPIPE instead,
// the chart is still written, and the process exits with status 1,
// quietly: the reader chose to stop.
func ignoreSIGPIPE() { signal.Ignore(syscall.SIGPIPE) }
