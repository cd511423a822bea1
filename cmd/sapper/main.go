// Command sapper computes the odds of tactical-wargame attacks (Advanced
// Squad Leader Demolition Charges and IFT attacks, Tide of Iron buildings,
// Solitaire ASL activation chains, The Last Hundred Yards fire), by Monte
// Carlo or by exact enumeration of every dice path.
//
// Run "sapper help" for the commands and "sapper help dc" for the flags of
// one of them.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first interrupt the run winds down and writes its partial
	// result; restoring the default handler lets a second Ctrl-C kill a
	// process that is slow to do so.
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	os.Exit(code)
}
