package sim

import "time"

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
// A worker times its first trials on the model alone, which gives m, the
// model's time per trial (the mean of a few blocks, the slowest left out),
// and then walks, timing each block of judgeBlock trials. The walk's debt
// is what it has cost beyond the model: the sum over blocks of the block's
// time less judgeBlock·m, negative once the walk has paid for its
// learning; its pace is its time per trial over the last blocks, a moving
// average in which the latest block weighs judgeTrend. The worker drops its
// graph, and runs the model on every trial left, as soon as both
//
//	debt > walkAllowance · m · max(share, walked)  and  pace > m
//
// where share is the trials the run gives each worker and walked the
// trials the worker has walked: a walk that has cost more than its
// allowance and still loses is given up, and one that has learnt enough to
// beat the model is kept while it pays its debt back. A walk that loses
// costs the run about walkAllowance of its time, whatever the workload.
// The choice changes only the time: a walked trial makes the draws and
// records the outcomes of the model's, so the figures are the same to the
// byte either way, for any number of workers and any timing.
//
// Measured on the built-in crossings with one worker: the hedgerow
// crossing's debt peaks at 10 ms, 2.6% of its run, after some 50,000
// trials, past which it walks 1.9× as fast as the model; the farm
// crossing's debt is still 48 ms after 200,000 trials and the village
// crossing's 108 ms, each losing at every block in its first ten thousand.
const (
	// probeBlocks blocks of probeBlock trials, after one to warm up, are
	// what a worker runs on the model alone to time it: the mean of
	// their times a trial, the slowest left out, is the model's, since a
	// pause for the collector or another process only ever slows a block
	// down, while the fastest block alone would be its cheapest trials'.
	probeBlocks = 5
	probeBlock  = 256
	// judgeBlock is the trials between two looks at the clock.
	judgeBlock = 256
	// judgeTrend is the weight of the latest block in the walk's pace.
	judgeTrend = 1.0 / 16
	// walkAllowance is the share of the run's time at the model's rate
	// that the walk may lose before it is given up.
	walkAllowance = 0.05
)

// walkJudge is one worker's account of its walk against its model. The
// zero value judges nothing: the worker walks to the end of the run, as a
// test of the walk against the model wants (Config.KeepWalking).
type walkJudge struct {
	on bool
	// share is the trials the run gives each worker.
	share float64
	// model is the model's time per trial, in ns; 0 until probed.
	model float64
	// The probe so far: its blocks; the trials and ns of those after the
	// first, and of the slowest of them (by its time a trial).
	blocks               int
	trials, ns           float64
	worstTrials, worstNs float64
	// debt is the walk's time beyond the model's, in ns; walked the
	// trials it has walked; pace its recent time per trial, in ns.
	debt   float64
	walked float64
	pace   float64
}

// newJudge returns the judge of a worker of a run with configuration cfg
// (defaults filled in). A run with a precision rule has no share known in
// advance: it is taken as the default run's.
func newJudge(cfg Config) walkJudge {
	if cfg.KeepWalking {
		return walkJudge{}
	}
	trials := cfg.Trials
	if cfg.Precision > 0 {
		trials = min(trials, DefaultTrials)
	}
	return walkJudge{on: true, share: float64(trials) / float64(cfg.Workers)}
}

// probing reports whether the worker has still to time its model.
func (j *walkJudge) probing() bool { return j.on && j.model == 0 }

// probed takes the time the model took over a block of n trials of the
// probe.
func (j *walkJudge) probed(n uint64, d time.Duration) {
	j.blocks++
	if j.blocks == 1 {
		return // warming the model's caches
	}
	ns, trials := float64(d.Nanoseconds()), float64(n)
	j.trials += trials
	j.ns += ns
	if ns*j.worstTrials >= j.worstNs*trials {
		j.worstTrials, j.worstNs = trials, ns
	}
	if j.blocks <= probeBlocks {
		return
	}
	// At least a nanosecond a trial, so that the model is known to be
	// timed even on a clock too coarse to see it.
	j.model = max((j.ns-j.worstNs)/(j.trials-j.worstTrials), 1)
}

// lost takes the time the walk took over n trials and reports whether it
// has cost more than its allowance and still loses: the worker should stop
// walking.
func (j *walkJudge) lost(n uint64, d time.Duration) bool {
	if !j.on {
		return false
	}
	ns := float64(d.Nanoseconds())
	if j.walked == 0 {
		j.pace = ns / float64(n)
	} else {
		j.pace += judgeTrend * (ns/float64(n) - j.pace)
	}
	j.walked += float64(n)
	j.debt += ns - float64(n)*j.model
	return j.debt > walkAllowance*j.model*max(j.share, j.walked) && j.pace > j.model
}
