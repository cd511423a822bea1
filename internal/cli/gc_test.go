package cli

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestTuneGC: a Monte Carlo run collects at gcPercent under gcLimit; an
// exact or auto run at Go's defaults, under which its budget is reckoned;
// under sapper serve nothing is changed.
func TestTuneGC(t *testing.T) {
	if !gcTunable {
		t.Skip("GOGC or GOMEMLIMIT is set: the run leaves them")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	check := func(what string, percent int, limit int64) {
		t.Helper()
		// Reading the target sets it: put it back.
		got := debug.SetGCPercent(100)
		debug.SetGCPercent(got)
		if got != percent {
			t.Errorf("%s: GC percent %d, want %d", what, got, percent)
		}
		if got := debug.SetMemoryLimit(-1); got != limit {
			t.Errorf("%s: memory limit %d, want %d", what, got, limit)
		}
	}
	for _, m := range []sim.Method{sim.MonteCarlo, sim.Exact, sim.MonteCarlo, sim.Auto} {
		tuneGC(sim.Config{Method: m})
		if m == sim.MonteCarlo {
			check(string(m), gcPercent, gcLimit)
		} else {
			check(string(m), 100, sim.DefaultMaxMemory)
		}
	}
	tuneGC(sim.Config{Method: sim.Exact, MaxMemory: 64 << 20})
	check("exact --max-memory 64", 100, 64<<20)
	debug.SetGCPercent(150)
	debug.SetMemoryLimit(123 << 20)
	serving.Store(true)
	defer serving.Store(false)
	tuneGC(sim.Config{Method: sim.MonteCarlo})
	check("serving", 150, 123<<20)
}
