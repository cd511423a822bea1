package cli

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/sapperhq/sapper/sim"
)

// gcPercent is the garbage collector's target for a Monte Carlo run of the
// command line: a heap may grow to five times what it holds live before a
// collection, where Go's default is twice. The live heap of such a run is
// small (the workers' graphs of paths, a few megabytes on a default run),
// so the default collected two or three times during a default run of two
// workers, each collection marking beside the workers for 5–9 ms of a
// 35–70 ms run; on one worker it ran on the idle core instead
// (benchmarks/README.md).
const gcPercent = 400

// gcLimit is the soft memory limit of such a run: four times the most its
// graphs of paths may hold together (sim), so that the heap stays bounded
// and the collector never chases a live heap near the limit.
const gcLimit = 256 << 20

// gcTunable: the environment sets neither GOGC nor GOMEMLIMIT, which are
// then the user's to keep.
var gcTunable = os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == ""

// serving is set once sapper serve runs: its runs at once would share the
// process's setting, one run's target applying to another's heap.
var serving atomic.Bool

// serveGC sets the collector of sapper serve: Go's default target, and a
// soft limit of the memory its runs share (--max-memory), each run's
// tables held to its share, and its answers being taken
// (web.MaxAnswer a place); unless the environment sets them.
func serveGC(limit uint64) {
	if !gcTunable {
		return
	}
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
}

// tuneGC sets the garbage collector for a run of cfg: gcPercent and
// gcLimit for Monte Carlo; for an exact or auto run, Go's default target
// and a soft limit of the run's --max-memory. Its tables of merged states
// hold at most half the budget and leave the rest to the collector's
// headroom (sim.Config.MaxMemory), which under the default target alone
// let the process pass the budget by a fifth on a long walk. It leaves
// the collector alone under sapper serve, in the browser, whose
// WebAssembly heap never shrinks, and when the environment sets it.
func tuneGC(cfg sim.Config) {
	if !gcTunable || serving.Load() || runtime.GOOS == "js" {
		return
	}
	if cfg.Method == sim.MonteCarlo {
		debug.SetGCPercent(gcPercent)
		debug.SetMemoryLimit(gcLimit)
		return
	}
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(exactLimit(cfg.MaxMemory))
}

// exactLimit is the soft memory limit of an exact run of budget max bytes
// (0: the default).
func exactLimit(max uint64) int64 {
	if max == 0 {
		max = sim.DefaultMaxMemory
	}
	return int64(min(max, math.MaxInt64))
}
