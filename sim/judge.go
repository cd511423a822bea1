package sim

import (
	"slices"
	"sync"
	"time"
)

// Judging the walk against the model.
//
// Walking a worker's kept paths (paths.go) is cheap once the graph holds
// the paths its trials take, but each trial that leaves the graph runs the
// model from its first draw, replaying what it walked and growing the graph
// as it goes: two to ten times a model trial. A workload whose states
// repeat (a DC or a fire attack on a stack) learns its graph in a few
// thousand trials and then walks three or four times as fast as its model;
// one whose states hardly repeat (a long Solitaire ASL crossing) keeps
// leaving it, and walking it is slower than the model throughout. Which
// is which cannot be told from the experiment, so each worker measures.
//
// A worker first runs its model alone: a block to warm its caches, then
// probeWindows windows of probeTrials trials or more, whose median time a
// trial is m, the model's. It then walks, and at the end of each window
// adds to the walk's debt what the window cost beyond the model, its time
// less its trials·m: negative once the walk has paid for its learning. A
// window's time counts up to pauseFactor times that of the median of the
// last three, so that one pause of the process does not weigh as the
// walk's cost: a walk whose learning costs about its allowance was
// otherwise given up for one window a hundred times its neighbours. A
// window is at least windowTrials trials and windowTicks ticks of the
// clock, so that a clock as coarse as a browser's (0.1 to 1 ms) times it to
// within 5%. The worker drops its graph, and runs the model on every trial
// left, once
//
//	debt > walkAllowance · m · max(share, walked) + learnTrials · m
//
// while the median of the walk's last three windows loses to the model,
// where share is the trials the run gives each worker (none for a run with
// a precision rule, whose length is not known) and walked the trials the
// worker has walked. A walk that has cost more than its allowance and still
// loses is given up; one that has learnt enough to beat the model walks on
// while it pays its debt back; neither a window that one pause of the
// process slowed nor one that met more new paths than most ends a walk on
// its own. learnTrials lets a walk learn its graph whatever its share:
// `compare`'s debt peaks at about 1,900 model trials' time, so that on a
// machine of many cores, where each worker's share is small, it still walks
// several times as fast as its model. A walk that loses costs a worker
// about walkAllowance of its share's time and learnTrials' model time.
//
// The choice changes only the time: a walked trial makes the draws and
// records the outcomes of the model's, so the figures are the same to the
// byte either way, for any number of workers and any timing.
//
// Why a tenth of the share: a walk's debt is its learning, which each
// worker pays in full whatever its share, while the allowance shrinks with
// the share. Walks recorded to the end and judged afterwards under each
// allowance lost more time to walks given up that would have paid at a
// twentieth than to walks that never pay at a tenth, and more to those at
// a fifth (benchmarks/README.md, "A tenth of the share", has the figures).
const (
	// probeBlock is the trials the model runs between two looks at the
	// clock while it is timed, the first of them to warm its caches;
	// probeWindows are the windows it is timed over, each at least
	// probeTrials trials, since the cost of a trial varies more than that
	// of a walked one.
	probeBlock   = 256
	probeWindows = 3
	probeTrials  = 1024
	// judgeBlock is the trials walked between two looks at the clock, of
	// each chunk where a worker walks two at once (paths_pair.go).
	judgeBlock = 256
	// A window is at least windowTrials trials and windowTicks ticks of
	// the clock.
	windowTrials = 256
	windowTicks  = 20
	// walkAllowance is the share of the run's time at the model's rate
	// that the walk may lose before it is given up, and learnTrials the
	// model trials' time it may lose whatever the run's length.
	walkAllowance = 0.10
	learnTrials   = 2048
	// pauseFactor bounds what one window is charged, in median windows.
	pauseFactor = 3
)

// walkJudge is one worker's account of its walk against its model. The
// zero value judges nothing: the worker walks to the end of the run, as a
// test of the walk against the model wants (Config.KeepWalking).
type walkJudge struct {
	on bool
	// share is the trials the run gives each worker; window the shortest
	// time a window takes.
	share  float64
	window time.Duration
	// model is the model's time per trial, in ns; 0 until probed.
	model float64
	// The window being timed: when it began (zero: no block timed yet)
	// and its trials so far.
	start  time.Time
	trials float64
	// probes are the probe's windows so far, in ns a trial.
	probes  [probeWindows]float64
	nProbes int
	// debt is the walk's time beyond the model's, in ns; walked the
	// trials it has walked; paces the times a trial of its last windows,
	// the latest at paces[windows%3].
	debt    float64
	walked  float64
	paces   [3]float64
	windows int
	// clock is the time now: time.Now, but in tests.
	clock func() time.Time
}

// newJudge returns the judge of a worker of a run with configuration cfg
// (defaults filled in).
func newJudge(cfg Config) walkJudge {
	if cfg.KeepWalking {
		return walkJudge{}
	}
	tick := clockTick()
	if tick <= 0 {
		// A clock that does not move cannot judge: walk, as before
		// the judge.
		return walkJudge{}
	}
	j := walkJudge{on: true, window: windowTicks * tick, clock: time.Now}
	if cfg.Precision == 0 {
		j.share = float64(cfg.Trials) / float64(running(cfg.Workers))
	}
	return j
}

// clockTick is the smallest step the clock takes, read once: tens of
// nanoseconds natively, 0.1 to 1 ms in a browser; 0 when it did not move
// within a second.
var clockTick = sync.OnceValue(func() time.Duration {
	t0 := time.Now()
	for {
		t := time.Now()
		if d := t.Sub(t0); d > 0 {
			return d
		}
		if time.Since(t0) > time.Second {
			return 0
		}
	}
})

// probing reports whether the worker has still to time its model.
func (j *walkJudge) probing() bool { return j.on && j.model == 0 }

// probed notes that the model ran another n trials of the probe.
func (j *walkJudge) probed(n uint64) {
	if j.start.IsZero() {
		j.start = j.clock() // the first block warmed the caches
		return
	}
	d, _, ok := j.tally(n, probeTrials)
	if !ok {
		return
	}
	j.probes[j.nProbes] = d
	if j.nProbes++; j.nProbes == probeWindows {
		j.model = max(median(j.probes[:]), 1)
	}
}

// walkedBlock notes that the walk ran another n trials, and reports
// whether it should be given up.
func (j *walkJudge) walkedBlock(n uint64) bool {
	if !j.on {
		return false
	}
	j.walked += float64(n)
	d, trials, ok := j.tally(n, windowTrials)
	if !ok {
		return false
	}
	j.paces[j.windows%len(j.paces)] = d
	j.windows++
	if j.windows < len(j.paces) {
		j.debt += (d - j.model) * trials
		return false
	}
	paces := j.paces // a copy: median sorts it
	pace := median(paces[:])
	// A window is charged at most pauseFactor times the median pace of
	// the last three: a pause of the process (another program, the host)
	// that slowed it alone is no cost of the walk's, while the windows
	// that meet more new paths than most are charged in full.
	j.debt += (min(d, pauseFactor*pace) - j.model) * trials
	allowance := walkAllowance*j.model*max(j.share, j.walked) + learnTrials*j.model
	return j.debt > allowance && pace > j.model
}

// tally adds n trials to the window and, once the window is long enough
// (at least least trials and the window's time), returns its time a trial,
// in ns, and its trials, and begins the next.
func (j *walkJudge) tally(n uint64, least float64) (ns, trials float64, ok bool) {
	j.trials += float64(n)
	if j.trials < least {
		return 0, 0, false
	}
	now := j.clock()
	d := now.Sub(j.start)
	if d < j.window {
		return 0, 0, false
	}
	ns, trials = float64(d.Nanoseconds())/j.trials, j.trials
	j.start, j.trials = now, 0
	return ns, trials, true
}

// median is the median of xs, which it sorts.
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
