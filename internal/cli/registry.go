//go:build !js

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/sapperhq/sapper/internal/web"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// Registry is sapper's commands as a server runs them for its page
// (package web): every command but those that would touch the server
// itself, each run held to the server's limits on trials and paths, and
// reading only the files its request carries.
type Registry struct {
	lim      serverLimits
	describe []byte
}

var _ web.Registry = (*Registry)(nil)

// NewRegistry returns the commands of a server whose runs take at most
// maxTrials Monte Carlo trials, maxPaths exact paths and maxMemory bytes
// of an exact run's memory each. Its describe.json gives those limits as
// the inputs' greatest values, so that the page's form holds to them.
func NewRegistry(maxTrials, maxPaths, maxMemory uint64) (*Registry, error) {
	if maxTrials == 0 || maxPaths == 0 || maxMemory < minMemory<<20 || maxMemory%(1<<20) != 0 {
		return nil, fmt.Errorf("cli: a server's limits must be positive, and its memory a whole number of MB, at least %d, a run", minMemory)
	}
	lim := serverLimits{maxTrials: maxTrials, maxPaths: maxPaths, maxMemory: maxMemory}
	d, err := describeWithin(lim)
	if err != nil {
		return nil, err
	}
	return &Registry{lim: lim, describe: d}, nil
}

// describeWithin is describe --format json with each input's greatest
// value held to lim, where lim sets one (serverLimits.bound).
func describeWithin(lim serverLimits) ([]byte, error) {
	var descs []commandDesc
	for _, c := range describable() {
		d := describeCommand(c)
		for i := range d.Inputs {
			lim.bound(&d.Inputs[i])
		}
		descs = append(descs, d)
	}
	var b bytes.Buffer
	err := writeDescJSON(&b, descs)
	return b.Bytes(), err
}

// bound lowers an input's greatest value, and a default above it, to the
// server's limit on it: what a run left to its default is held to.
func (l serverLimits) bound(in *inputDesc) {
	limit := map[string]uint64{"trials": l.maxTrials, "max-paths": l.maxPaths, "max-memory": l.maxMemory >> 20}[in.Name]
	if limit == 0 {
		return
	}
	text := strconv.FormatUint(limit, 10)
	if hi, err := strconv.ParseUint(string(in.Max), 10, 64); err == nil && limit < hi {
		in.Max = json.Number(text)
	}
	if d, err := strconv.ParseUint(in.Default, 10, 64); err == nil && limit < d {
		in.Default = text
	}
}

// Describe is describe --format json, which the page builds its forms
// from.
func (r *Registry) Describe() []byte { return r.describe }

// notServed are the commands a page may not run on a server: they would
// listen, or write to its disk.
var notServed = map[string]string{
	"serve": "a server starts no other",
	"site":  "it writes a directory on the server",
}

// refusedHere reports whether a served page refuses command name
// (notServed) in a run of ctx.
func refusedHere(ctx context.Context, name string) bool {
	_, served := ctx.Value(serverLimitsKey{}).(serverLimits)
	return served && notServed[name] != ""
}

// Run runs one command line for a page.
func (r *Registry) Run(ctx context.Context, args []string, files map[string][]byte, stdout, stderr io.Writer) (code int, field string) {
	if code := notServedLine(args, stderr); code != exitOK {
		return code, ""
	}
	ctx = withServerLimits(withUploads(ctx, files), r.lim)
	code, err := runErr(ctx, stdout, stderr, args)
	return code, InputField(err)
}

// Check reads one command line as Run would and runs nothing: it returns
// Run's exit status and input at fault for a command line Run would
// refuse, with its error line written to stderr, and ok for one it would
// run. A server answers bad input with it at once, rather than after the
// request has waited its turn behind the runs going.
func (r *Registry) Check(ctx context.Context, args []string, files map[string][]byte, stderr io.Writer) (code int, field string, ok bool) {
	if code := notServedLine(args, stderr); code != exitOK {
		return code, "", false
	}
	ctx = withChecking(withServerLimits(withUploads(ctx, files), r.lim))
	code, err := runErr(ctx, io.Discard, stderr, args)
	return code, InputField(err), code == exitOK
}

// notServedLine writes the error line of a command a served page may not
// run (notServed) and returns its exit status; exitOK for any other.
func notServedLine(args []string, stderr io.Writer) int {
	if len(args) > 0 {
		if why, ok := notServed[args[0]]; ok {
			fmt.Fprintf(stderr, "sapper %s: not on a served page: %s\n", args[0], why)
			return exitUsage
		}
	}
	return exitOK
}

// serverLimits bound one run of a server's page.
type serverLimits struct {
	maxTrials uint64 // Monte Carlo trials of one run
	maxPaths  uint64 // exact enumeration budget (--max-paths)
	maxMemory uint64 // exact memory budget of one run, in bytes (--max-memory)
}

type serverLimitsKey struct{}

func withServerLimits(ctx context.Context, l serverLimits) context.Context {
	return context.WithValue(ctx, serverLimitsKey{}, l)
}

// serverMemory is the memory a run of the server it runs on may take at
// most, in bytes; 0 for a run that is no server's.
func serverMemory(ctx context.Context) uint64 {
	l, _ := ctx.Value(serverLimitsKey{}).(serverLimits)
	return l.maxMemory
}

// onServerAt reports whether the run is a server's and its path budget
// is at that server's limit, which no --max-paths may pass.
func onServerAt(ctx context.Context, budget uint64) bool {
	l, ok := ctx.Value(serverLimitsKey{}).(serverLimits)
	return ok && budget >= l.maxPaths
}

// onServer holds a prepared job to the limits of the server it runs on,
// if any, before it runs: a bound asked for beyond them is refused in the
// words of a flag error, one left to its default is lowered to them and
// named in the report (HeldTo), so that the page's command line gives the
// same figures, and nothing is written to the server's disk.
func onServer(ctx context.Context, j *job) error {
	l, ok := ctx.Value(serverLimitsKey{}).(serverLimits)
	if !ok {
		return nil
	}
	c := &j.common
	switch {
	case c.plot != "":
		return inputErrorf("plot", "--plot: not on a served page: the page draws its own chart, and nothing is written to the server's disk")
	case c.cpuprofile != "":
		return inputErrorf("cpuprofile", "--cpuprofile: not on a served page: nothing is written to the server's disk")
	}
	if j.run != nil && len(j.runs) == 0 {
		// A job that runs no engine (building --needed works its
		// chances out from the dice's weights) has no run to hold, and
		// its command line takes none of these flags.
		return nil
	}
	cfg := &c.cfg
	changed := func(name string) bool { return j.flags != nil && j.flags.Changed(name) }
	if cfg.Method != sim.Exact && cfg.Trials > l.maxTrials {
		if changed("trials") {
			return badValue("trials", strconv.FormatUint(cfg.Trials, 10),
				fmt.Sprintf("over this server's limit of %s trials a run (sapper serve --max-trials)", report.Group(l.maxTrials)))
		}
		cfg.Trials = l.maxTrials
		j.report.HeldTo = append(j.report.HeldTo, "--trials", strconv.FormatUint(l.maxTrials, 10))
	}
	if cfg.Method != sim.MonteCarlo && cfg.MaxPaths > l.maxPaths {
		if changed("max-paths") {
			return badValue("max-paths", strconv.FormatUint(cfg.MaxPaths, 10),
				fmt.Sprintf("over this server's limit of %s paths (sapper serve --max-paths)", report.Group(l.maxPaths)))
		}
		cfg.MaxPaths = l.maxPaths
		j.report.HeldTo = append(j.report.HeldTo, "--max-paths", strconv.FormatUint(l.maxPaths, 10))
	}
	if cfg.Method != sim.MonteCarlo && cfg.MaxMemory > l.maxMemory {
		if changed("max-memory") {
			return badValue("max-memory", strconv.FormatUint(cfg.MaxMemory>>20, 10),
				fmt.Sprintf("over this server's limit of %d MB a run (sapper serve --max-memory over --runs)", l.maxMemory>>20))
		}
		// The probabilities are the same within any memory, but a
		// smaller one walks again what its tables dropped: more paths,
		// which the JSON counts and the path budget bounds.
		cfg.MaxMemory = l.maxMemory
		j.report.HeldTo = append(j.report.HeldTo, "--max-memory", strconv.FormatUint(l.maxMemory>>20, 10))
	}
	return nil
}
