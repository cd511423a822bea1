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
// minutes (a sweep of 200 exact walks of a few seconds each), so the job
// says, once it has run slowNote, which run it is at and that run's
// progress. A run that itself goes on for slowNote says so too, once,
// unless the job's note was about it and came late enough in it to say
// how it goes. The runs count on one counter, set back to 0 as each
// starts.
type jobNote struct {
	w       io.Writer
	counter atomic.Uint64
	start   time.Time // the job's
	budget  uint64
	unit    string
	what    string // what is still going
	bounds  string // what bounds each run
	also    string // what else to do, if anything
	runs    int

	mu      sync.Mutex
	k       int       // the run going on
	run     string    // its label, as the bar's
	begun   time.Time // when it began
	saidRun int       // the run the job's note was about, or -1
	saidAt  time.Duration
	// due: the job's note came before its first run began (a slow
	// set-up, a busy host), and is said as that run begins, of it.
	due     bool
	stopJob func()
	stopRun func()
}

// slowJob is a job's note: what is still going and since when, the run
// it is at and that run's progress, then what bounds each run.
const slowJob = "%s after %s, at %s%s (%s each of the %d runs%s)\n"

// startJobNote starts j's note on w, or returns nil when j needs none: a
// single run has its own (runOne), a bar already shows progress, and a
// Monte Carlo run to its trial cap ends when the cap says.
func startJobNote(w io.Writer, j *job) *jobNote {
	c := j.common
	if len(j.runs) < 2 || c.progress != progressAuto || c.progress.shows(w) {
		return nil
	}
	n := &jobNote{w: w, start: time.Now(), runs: len(j.runs), k: -1, saidRun: -1}
	switch {
	case c.cfg.Method == sim.Exact:
		n.what, n.budget, n.unit, n.bounds = "exact enumeration still walking", c.cfg.MaxPaths, "paths", "--max-paths bounds"
		n.also = "; --method auto runs Monte Carlo on a walk this long"
	case c.cfg.Method == sim.Auto:
		n.what, n.unit, n.bounds = "--method auto still running", "paths/trials", "auto's bounds on exact, then --trials, bound"
	case c.cfg.Precision > 0:
		n.what, n.budget, n.unit, n.bounds = "Monte Carlo still running to its --precision", c.cfg.Trials, "trials", "--trials bounds"
	default:
		return nil
	}
	n.stopJob = afterSlowNote(func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.k < 0 {
			n.due = true // no run to say, nor time of one (at)
			return
		}
		n.saidRun, n.saidAt = n.k, time.Since(n.begun)
		n.say(slowNote)
	})
	return n
}

// noteSince is the time from t to now as a note says it: to the millisecond
// under a second, else to the second.
func noteSince(t time.Time) time.Duration {
	d := time.Since(t)
	if d >= time.Second {
		return d.Round(time.Second)
	}
	return d.Round(time.Millisecond)
}

// say writes the note of the run going on, the job having run for
// after; n.mu is held.
func (n *jobNote) say(after time.Duration) {
	line := progressLine(n.counter.Load(), 0, n.budget, n.unit, time.Since(n.begun), progressWidth)
	fmt.Fprintf(n.w, slowJob, n.what, after, n.run, line, n.bounds, n.runs, n.also)
}

// at says the job has started run k, labelled label (its name, and its
// place among the job's runs, as the bar labels it), and returns the
// counter it counts on.
func (n *jobNote) at(k int, label string) *atomic.Uint64 {
	if n.stopRun != nil {
		n.stopRun() // outside n.mu, which its note takes
	}
	n.mu.Lock()
	n.k, n.run, n.begun = k, label, time.Now()
	n.counter.Store(0)
	if n.due {
		n.due = false
		n.saidRun, n.saidAt = k, 0
		n.say(noteSince(n.start))
	}
	n.mu.Unlock()
	n.stopRun = afterSlowNote(func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		// Before the job's note, the job's timer, started first, is
		// about to write it, of this run.
		if n.saidRun < 0 || n.k != k || n.saidRun == k && n.saidAt >= slowNote/2 {
			return
		}
		n.say(noteSince(n.start))
	})
	return &n.counter
}

// stop ends the notes; nothing is written after it returns.
func (n *jobNote) stop() {
	if n.stopRun != nil {
		n.stopRun()
	}
	n.stopJob()
}

// lockedWriter serializes writes to w: a command's stderr takes its
// notes, written when their time comes, from goroutines of their own,
// beside the lines of the run itself, and a writer given to Execute
// need not be safe for concurrent use.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// unlocked is the writer under w, for what asks of the writer itself
// (a terminal, and how wide).
func unlocked(w io.Writer) io.Writer {
	if l, ok := w.(*lockedWriter); ok {
		return l.w
	}
	return w
}
