package cli

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneGC: a run sets the collector's target and takes its exact budget
// as the soft memory limit, never below the room a Monte Carlo run's
// graphs need, unless the environment set either itself.
func TestTuneGC(t *testing.T) {
	if !gcTunable {
		t.Skip("GOGC or GOMEMLIMIT is set: the run leaves them")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, c := range []struct{ budget, limit uint64 }{
		{1 << 30, 1 << 30},
		{64 << 20, gcFloor},
		{8 << 30, 8 << 30},
	} {
		tuneGC(c.budget)
		if got := debug.SetGCPercent(100); got != gcPercent {
			t.Errorf("budget %d: GC percent %d, want %d", c.budget, got, gcPercent)
		}
		if got := debug.SetMemoryLimit(-1); got != int64(c.limit) {
			t.Errorf("budget %d: memory limit %d, want %d", c.budget, got, c.limit)
		}
	}
}
