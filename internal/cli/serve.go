//go:build !js

package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/web"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

var serveCommand = &command{
	name:    "serve",
	summary: "the web page on this machine, run by the native engine",
	run:     runServe,
	help:    writeServeHelp,
}

// serveFlags are sapper serve's own flags.
type serveFlags struct {
	addr      string
	maxTrials uint64
	maxPaths  uint64
	maxMemory uint64
	maxTime   time.Duration
	runs      int
	queue     int
}

func (f *serveFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`; the default answers this machine only,\ne.g. --addr 127.0.0.1:9000 (port 0: any free port)")
	fs.Uint64Var(&f.maxTrials, "max-trials", 10_000_000, "most Monte Carlo trials `N` of one run a page may ask for")
	fs.Uint64Var(&f.maxPaths, "max-paths", 20_000_000, "most dice paths `N` an exact run may enumerate")
	fs.DurationVar(&f.maxTime, "max-time", time.Minute, "wall time `D` of one request's runs, at most 24h; a run\nstill going then stops and shows its partial result,\ne.g. --max-time 30s")
	fs.Uint64Var(&f.maxMemory, "max-memory", sim.DefaultMaxMemory>>20, "memory `MB` the runs at once share, each held to its\n--runs share for an exact run's tables; with 24 MB a\nrequest for the answers being taken, the server's soft\nmemory limit")
	fs.IntVar(&f.runs, "runs", 0, "runs `N` that go at once, each on all the processors\n(default: GOMAXPROCS, at most 16)")
	fs.IntVar(&f.queue, "queue", 100, "requests `N` (0…10000) held beyond the runs: waiting\nfor a run, sending their upload or taking their answer;\nmore get 503 Service Unavailable at once")
	// A server's limits are at most the command line's own.
	setRange(fs, "max-trials", 1, uint64(maxTrials))
	setRange(fs, "max-paths", 1, uint64(maxPathsLimit))
	setRange(fs, "max-memory", minMemory, maxMemoryLimit)
	setRange(fs, "runs", 1, maxServeRuns)
	setFromMachine(fs, "runs", "the machine: one a processor (GOMAXPROCS), at most 16")
	setWant(fs, "max-time", "want a duration > 0 and at most 24h, such as 30s, 2m or 1h30m")
	setWant(fs, "queue", "want a whole number from 0 to "+report.Group(maxQueue))
}

// The most a server's runs may take each, and the most requests that may
// wait for one: each waiting request holds a connection and its upload.
const (
	maxServeTime = 24 * time.Hour
	maxQueue     = 10_000
	maxServeRuns = 16
)

// limits checks the flags.
func (f *serveFlags) limits(fs *pflag.FlagSet) (web.Limits, error) {
	raw := func(name string) string { return argument(fs.Lookup(name)) }
	if !fs.Changed("runs") {
		f.runs = min(runtime.GOMAXPROCS(0), maxServeRuns)
	}
	switch {
	case strings.TrimSpace(f.addr) == "":
		// net.Listen takes "" for every interface on any port: a server
		// open to the network that its user never asked for.
		return web.Limits{}, badValue("addr", f.addr, "want HOST:PORT such as 127.0.0.1:8080; an empty address would listen on every interface")
	case !portNumber(f.addr):
		// net.Listen reads "host:" as any free port and "host:http" as
		// port 80: a port is a number, written out.
		return web.Limits{}, badValue("addr", f.addr, "want HOST:PORT, the port a number from 0 (any free port) to 65535, such as 127.0.0.1:8080")
	case f.maxTrials == 0:
		return web.Limits{}, badValue("max-trials", raw("max-trials"), want(fs.Lookup("max-trials")))
	case f.maxPaths == 0:
		return web.Limits{}, badValue("max-paths", raw("max-paths"), want(fs.Lookup("max-paths")))
	case f.maxTime <= 0 || f.maxTime > maxServeTime || !plainDuration(raw("max-time")):
		return web.Limits{}, badValue("max-time", raw("max-time"), want(fs.Lookup("max-time")))
	case f.queue < 0 || f.queue > maxQueue:
		return web.Limits{}, badValue("queue", raw("queue"), want(fs.Lookup("queue")))
	case f.runs < 1 || f.runs > maxServeRuns:
		return web.Limits{}, badValue("runs", raw("runs"), want(fs.Lookup("runs")))
	case f.maxMemory < minMemory || f.maxMemory > maxMemoryLimit:
		return web.Limits{}, badValue("max-memory", raw("max-memory"), want(fs.Lookup("max-memory")))
	case f.maxMemory/uint64(f.runs) < minMemory:
		return web.Limits{}, badValue("max-memory", raw("max-memory"),
			fmt.Sprintf("%d MB over %d runs leaves %d MB a run; want at least %d MB a run (raise --max-memory or lower --runs)",
				f.maxMemory, f.runs, f.maxMemory/uint64(f.runs), minMemory))
	}
	// A request waits its turn for as long as a run may take, and a
	// margin, so that a slot freed by a run cut at --max-time reaches it.
	return web.Limits{Runs: f.runs, Queue: f.queue, Wait: f.maxTime + waitMargin, MaxTime: f.maxTime}, nil
}

// runMemory is the memory budget of one run, in bytes: its share of
// --max-memory, in whole MB, as --max-memory gives it on the command line
// that repeats the run.
func (f *serveFlags) runMemory() uint64 { return f.maxMemory / uint64(f.runs) << 20 }

// portNumber reports whether addr is HOST:PORT with a port in digits.
func portNumber(addr string) bool {
	_, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return false
	}
	_, err = decimal.ParseInt(port, 0, 65535)
	return err == nil && strings.Trim(port, "0123456789") == ""
}

// plainDuration reports whether d, which time.ParseDuration has read,
// names each unit once, the larger first, and has no sign: Go reads
// "1h1h" as 2h and "30s1m" as 90s, which no one writes meaning that.
func plainDuration(d string) bool {
	rank := map[string]int{"h": 1, "m": 2, "s": 3, "ms": 4, "us": 5, "µs": 5, "μs": 5, "ns": 6}
	last := 0
	for d != "" {
		num := strings.TrimLeft(d, "0123456789.")
		if num == d {
			return false
		}
		i := strings.IndexAny(num, "0123456789.")
		if i < 0 {
			i = len(num)
		}
		u := rank[num[:i]]
		if u <= last {
			return false
		}
		last, d = u, num[i:]
	}
	return true
}

// serveMemoryLimit is the server's soft memory limit in bytes: its runs'
// --max-memory (MB), and room for an answer being taken at each place.
func serveMemoryLimit(maxMemoryMB uint64, lim web.Limits) uint64 {
	return maxMemoryMB<<20 + uint64(lim.Runs+lim.Queue)*web.MaxAnswer
}

// waitMargin is how much longer than a run a queued request waits.
const waitMargin = 5 * time.Second

// shutdownGrace is how long Ctrl-C waits for the answers in flight, whose
// runs it has already stopped.
const shutdownGrace = 5 * time.Second

// The timeouts of a connection: a request's headers have their time (its
// body has its own, set by the handler) and an idle connection is closed
// soon, since it holds one of the connections the server keeps open at
// once: a page opens a new one in a moment, where two minutes of idle
// connections by the hundred would keep every other client out.
// No ReadTimeout or WriteTimeout: either would cut a run's answer, which
// streams for up to --max-time; the handler gives each 64 KiB of it
// --max-time (at least 30 s) to be taken instead (web.Limits.Stall).
const (
	headerTimeout = 10 * time.Second
	idleTimeout   = 15 * time.Second
)

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
	reg, err := NewRegistry(f.maxTrials, f.maxPaths, f.runMemory())
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return badValue("addr", f.addr, err.Error())
	}
	lim.Loopback = isLoopback(ln.Addr())
	if !lim.Loopback {
		fmt.Fprintf(stderr, "sapper serve: listening on %s: anyone who can reach this machine can run attacks on it\n", listeningOn(f.addr, ln.Addr()))
	}
	h, err := web.New(reg, lim)
	if err != nil {
		ln.Close()
		return err
	}
	// Every request's context derives from runs: Ctrl-C cancels it, so
	// that each run in flight stops at its next chunk and answers with
	// its partial result before the server shuts down.
	runs, stopRuns := context.WithCancel(context.Background())
	defer stopRuns()
	srv := &http.Server{
		Handler:           h,
		MaxHeaderBytes:    serverHeaderBytes,
		ReadHeaderTimeout: headerTimeout,
		IdleTimeout:       idleTimeout,
		BaseContext:       func(net.Listener) context.Context { return runs },
	}
	fmt.Fprintf(stdout, "sapper serve: open http://%s/ in a browser (Ctrl-C stops; %s at once, %s trials a run)\n",
		browsable(ln.Addr()), plural(lim.Runs, "run", "runs"), report.Group(f.maxTrials))
	served := make(chan error, 1)
	serving.Store(true) // tuneGC
	serveGC(serveMemoryLimit(f.maxMemory, lim))
	go func() { served <- srv.Serve(limitConns(ln, lim.Runs+lim.Queue+spareConns)) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stopRuns()
	shut, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	fmt.Fprintln(stdout, "sapper serve: stopped")
	return nil
}

// browsable is the address a browser on this machine opens for a
// listener: a wildcard one (0.0.0.0, [::]) by its loopback name.
func browsable(a net.Addr) string {
	t, ok := a.(*net.TCPAddr)
	if !ok || !t.IP.IsUnspecified() {
		return a.String()
	}
	return net.JoinHostPort("localhost", strconv.Itoa(t.Port))
}

// isLoopback reports whether a listener answers this machine only.
func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}

// listeningOn is the address a server listens on as the user gave it,
// with the port the system chose for :0: the listener writes 0.0.0.0 as
// [::], the wildcard of both families it listens on, which reads as if
// the user had asked for IPv6.
func listeningOn(given string, got net.Addr) string {
	host, _, err := net.SplitHostPort(given)
	_, port, err2 := net.SplitHostPort(got.String())
	switch {
	case err != nil || err2 != nil:
		return got.String()
	case host == "":
		return "port " + port + " of every address"
	}
	return net.JoinHostPort(host, port)
}
