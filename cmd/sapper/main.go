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

	"github.com/sapperhq/sapper/internal/cli"
)

func main() {
	ignoreSIGPIPE()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first interrupt the run winds down and writes its partial
	// result; restoring the default handler lets a second Ctrl-C kill a
	// process that is slow to do so.
	go func() {
		<-ctx.Done()
		stop()
	}()
	err := cli.Execute(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	var exit *cli.ExitError
	if errors.As(err, &exit) {
		os.Exit(exit.Code)
	}
}
