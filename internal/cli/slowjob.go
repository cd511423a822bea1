package cli

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// jobNote is the slow note of a job of several runs (a sweep, plans,
// compare) whose end is not known, when no progress bar is drawn: each
// run of such a job may end before slowNote, and the job go on for
// minutes (a sweep of 200 exact walks of a few seconds each), so the job,
// not each run, says once that it is still going, which run it is at,
// and that run's progress. The runs count on one counter, set back to 0
// as each starts.
type jobNote struct {
	counter atomic.Uint64
	mu      sync.Mutex
	run     string    // the run going on, as the bar labels it
	start   time.Time // when it started
	budget  uint64
	unit    string
	what    string // what is still going
	bounds  string // what bounds each run
	runs    int
	stop    func()
}

// slowJob is a job's note: what is still going and since when, the run
// it is at and that run's progress, then what bounds each run.
const slowJob = "%s after %s, at %s%s (%s bounds each of the %d runs)\n"

// startJobNote starts j's note on w, or returns nil when j needs none: a
// single run has its own (runOne), a bar already shows progress, and a
// Monte Carlo run to its trial cap ends when the cap says.
func startJobNote(w io.Writer, j *job) *jobNote {
	c := j.common
	if len(j.runs) < 2 || c.progress != progressAuto || c.progress.shows(w) {
		return nil
	}
	n := &jobNote{runs: len(j.runs)}
	switch {
	case c.cfg.Method == sim.Exact:
		n.what, n.budget, n.unit, n.bounds = "exact enumeration still walking", c.cfg.MaxPaths, "paths", "--max-paths"
	case c.cfg.Method == sim.Auto:
		n.what, n.unit, n.bounds = "--method auto still running", "paths/trials", "auto's bound on exact, then --trials,"
	case c.cfg.Precision > 0:
		n.what, n.budget, n.unit, n.bounds = "Monte Carlo still running to its --precision", c.cfg.Trials, "trials", "--trials"
	default:
		return nil
	}
	n.stop = afterSlowNote(func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		line := progressLine(n.counter.Load(), 0, n.budget, n.unit, time.Since(n.start), progressWidth)
		fmt.Fprintf(w, slowJob, n.what, slowNote, n.run, line, n.bounds, n.runs)
	})
	return n
}

// at says the job has started the run label (as the bar labels it: its
// name, and its place among the job's runs), and returns the counter it
// counts on.
func (n *jobNote) at(label string) *atomic.Uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.run, n.start = label, time.Now()
	n.counter.Store(0)
	return &n.counter
}
