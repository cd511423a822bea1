package cli

import (
	"os"
	"runtime/debug"
)

// gcPercent is the garbage collector's target for a run: a heap may grow
// to five times what it holds live before a collection, where Go's default
// is twice. A run's live heap is small (a Monte Carlo run's graphs of
// paths, a few megabytes on a default run), so the default collected two
// or three times during a default run of two workers, each collection
// marking beside the workers for 5–9 ms of a 35–70 ms run; on one worker
// it ran on the idle core instead. With it: `compare` and
// `lhy-platoon-in-the-open` on two workers 8% faster, a plan's Monte Carlo
// run 12% faster on one (benchmarks/README.md).
const gcPercent = 400

// gcFloor is the least soft memory limit a run sets: room for a Monte
// Carlo run's graphs (sim's 64 MB) and its tallies whatever the exact
// budget.
const gcFloor = 256 << 20

// gcTunable: the environment sets neither GOGC nor GOMEMLIMIT, which are
// then the user's to keep.
var gcTunable = os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == ""

// tuneGC sets the garbage collector for a run whose exact memory budget
// (--max-memory) is budget bytes: gcPercent, with the budget as the soft
// memory limit, so that an exact run's heap, whose tables of merged states
// hold at most half the budget (sim.Config.MaxMemory), still keeps within
// it. Runs at once in one process (sapper serve) share the setting, the
// last run's standing: a lower limit only makes the collector run sooner.
func tuneGC(budget uint64) {
	if !gcTunable {
		return
	}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(int64(max(budget, gcFloor)))
}
