//go:build !js

package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/report"
)

var serveCommand = &command{
	name:    "serve",
	summary: "the same commands on a local web page: forms, tables, charts",
	run:     runServe,
	help:    writeServeHelp,
}

// serveFlags are sapper serve's own flags.
type serveFlags struct {
	addr      string
	maxTrials uint64
	maxPaths  uint64
	maxTime   time.Duration
	queue     int
}

func (f *serveFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`; the default answers this machine only,\ne.g. --addr 127.0.0.1:9000 (port 0: any free port)")
	fs.Uint64Var(&f.maxTrials, "max-trials", 10_000_000, "most Monte Carlo trials `N` of one run a page may ask for")
	fs.Uint64Var(&f.maxPaths, "max-paths", 20_000_000, "most dice paths `N` an exact run may enumerate")
	fs.DurationVar(&f.maxTime, "max-time", time.Minute, "wall time `D` of one request's runs; a run still going\nthen stops and shows its partial result, e.g. --max-time 30s")
	fs.IntVar(&f.queue, "queue", 1000, "requests `N` that may wait for a run while GOMAXPROCS\nruns go on; more get 503 Service Unavailable")
	// A server's limits are at most the command line's own.
	setRange(fs, "max-trials", 1, uint64(maxTrials))
	setRange(fs, "max-paths", 1, uint64(maxPathsLimit))
	setWant(fs, "max-time", "want a duration > 0 such as 30s or 2m")
	setWant(fs, "queue", "want a whole number ≥ 0")
}

// limits checks the flags.
func (f *serveFlags) limits(fs *pflag.FlagSet) (limits, error) {
	raw := func(name string) string { return fs.Lookup(name).Value.String() }
	switch {
	case strings.TrimSpace(f.addr) == "":
		// net.Listen takes "" for every interface on any port: a server
		// open to the network that its user never asked for.
		return limits{}, badValue("addr", f.addr, "want HOST:PORT such as 127.0.0.1:8080; an empty address would listen on every interface")
	case f.maxTrials == 0:
		return limits{}, badValue("max-trials", raw("max-trials"), want(fs.Lookup("max-trials")))
	case f.maxPaths == 0:
		return limits{}, badValue("max-paths", raw("max-paths"), want(fs.Lookup("max-paths")))
	case f.maxTime <= 0:
		return limits{}, badValue("max-time", raw("max-time"), want(fs.Lookup("max-time")))
	case f.queue < 0:
		return limits{}, badValue("queue", raw("queue"), want(fs.Lookup("queue")))
	}
	return limits{maxTrials: f.maxTrials, maxPaths: f.maxPaths, maxTime: f.maxTime,
		runs: defaultRuns(), queue: f.queue, wait: f.maxTime}, nil
}

// defaultRuns is how many runs go at once: one a core, each run's workers
// sharing the cores with the others'.
func defaultRuns() int { return runtime.GOMAXPROCS(0) }

// shutdownGrace is how long Ctrl-C waits for the answers in flight, whose
// runs it has already stopped.
const shutdownGrace = 5 * time.Second

func runServe(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs, showHelp := newFlagSet("serve")
	var f serveFlags
	f.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *showHelp {
		writeServeHelp(stdout)
		return nil
	}
	lim, err := f.limits(fs)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return badValue("addr", f.addr, err.Error())
	}
	loopback := isLoopback(ln.Addr())
	if !loopback {
		fmt.Fprintf(stderr, "sapper serve: listening on %s: anyone who can reach this machine can run attacks on it\n", ln.Addr())
	}
	s := newServer(lim, loopback)
	srv := s.httpServer()
	fmt.Fprintf(stdout, "sapper serve: open http://%s/ in a browser (Ctrl-C stops; at most %d runs at once, %s trials a run)\n",
		ln.Addr(), lim.runs, report.Group(lim.maxTrials))
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	// Ctrl-C stops the runs in flight, whose pages get their partial
	// results, and then waits for those answers.
	s.stop()
	shut, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	fmt.Fprintln(stdout, "sapper serve: stopped")
	return nil
}

// isLoopback reports whether a listener answers this machine only.
func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}
