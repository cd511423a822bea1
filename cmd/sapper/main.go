// Command sapper computes the odds of tactical-wargame attacks (Advanced
// Squad Leader Demolition Charges and IFT attacks, Tide of Iron buildings,
// Solitaire ASL activation chains, The Last Hundred Yards fire), by Monte
// Carlo or by exact enumeration of every dice path.
//
// Run "sapper help" for the commands and "sapper help dc" for the flags of
// one of them. The application is package internal/cli; this is its shell.
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/sapperhq/sapper/internal/cli"
)

// secondInterrupt is how long after the first interrupt a second one
// kills the process.
const secondInterrupt = 500 * time.Millisecond

func main() {
	ignoreSIGPIPE()
	ctx, stop := interruptible()
	err := cli.Execute(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	var exit *cli.ExitError
	if errors.As(err, &exit) {
		os.Exit(exit.Code)
	}
}

// interruptible is a context that Ctrl-C or SIGTERM cancels. After the
// first interrupt the run winds down and writes its partial result; the
// default handler then comes back, so that a second Ctrl-C kills a
// process slow to do so. Not at once: timeout(1) signals the process and
// its group, two signals microseconds apart that are one interrupt, and
// the second must not kill the run before it writes.
func interruptible() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		time.Sleep(secondInterrupt)
		stop()
	}()
	return ctx, stop
}
