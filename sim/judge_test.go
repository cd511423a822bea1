package sim

import (
	"math"
	"testing"
	"time"
)

// fakeJudge is a judge on a clock the test moves: each block of trials
// takes the time the test says, and the clock reads it rounded down to its
// tick, after a jitter of up to a tick when jitter is set, as a browser's
// clock may add to defeat timing attacks.
type fakeJudge struct {
	walkJudge
	now, tick time.Duration
	jitter    bool
	reads     uint64
}

func newFakeJudge(share float64, tick time.Duration) *fakeJudge {
	f := &fakeJudge{tick: tick}
	origin := time.Unix(0, 0)
	f.walkJudge = walkJudge{on: true, share: share, window: windowTicks * tick,
		clock: func() time.Time {
			t := f.now
			if f.jitter {
				f.reads = f.reads*6364136223846793005 + 1442695040888963407
				t += time.Duration(f.reads>>33) % f.tick
			}
			return origin.Add(t / f.tick * f.tick)
		}}
	return f
}

// probe runs probe blocks of the model at ns a trial until the judge has
// timed it, the first block at first, then at each of firsts in turn.
func (f *fakeJudge) probe(ns time.Duration, firsts ...time.Duration) {
	for i := 0; f.probing(); i++ {
		d := ns
		if i < len(firsts) {
			d = firsts[i]
		}
		f.now += probeBlock * d
		f.probed(probeBlock)
	}
}

// walk walks n trials at ns a trial, a block at a time, and reports
// whether the judge gave the walk up, and after how many trials.
func (f *fakeJudge) walk(n int, ns time.Duration) (bool, int) {
	for done := 0; done < n; done += judgeBlock {
		f.now += judgeBlock * ns
		if f.walkedBlock(judgeBlock) {
			return true, done + judgeBlock
		}
	}
	return false, n
}

// TestProbeTimesTheModel: the probe leaves out its first block, which
// warms the model's caches, and takes the median of its windows' times a
// trial, so that a window that a pause slowed does not count.
func TestProbeTimesTheModel(t *testing.T) {
	f := newFakeJudge(1e6, time.Nanosecond)
	if !f.probing() {
		t.Fatal("a new judge does not ask for the model's time")
	}
	firsts := []time.Duration{5000}
	for _, ns := range []time.Duration{400, 110} { // a paused window, a fast one
		for range probeTrials / probeBlock {
			firsts = append(firsts, ns)
		}
	}
	f.probe(100, firsts...)
	if f.model != 110 {
		t.Errorf("model %v ns a trial, want the median window's 110", f.model)
	}
}

// TestProbeOnACoarseClock: on a clock that moves by whole milliseconds,
// with a jitter of up to a tick, as a browser's may, a window lasts at
// least 20 ticks, so that the model's time is read to within 5% however
// short its trials (a window of one tick reads it 6% off here).
func TestProbeOnACoarseClock(t *testing.T) {
	f := newFakeJudge(1e6, time.Millisecond)
	f.jitter = true
	f.probe(100)
	if math.Abs(f.model-100) > 5 {
		t.Errorf("model %v ns a trial on a jittery 1 ms clock, want 100 within 5", f.model)
	}
}

// TestJudgeGivesUpALosingWalk: a walk three times as slow as its model
// loses 200 ns a trial; it is given up at the end of the first window
// that takes it over its allowance, a tenth of a 10,000-trial share at
// 100 ns (100 µs) and learnTrials' model time.
func TestJudgeGivesUpALosingWalk(t *testing.T) {
	f := newFakeJudge(10_000, time.Nanosecond)
	f.probe(100)
	allowance := walkAllowance*100*10_000 + learnTrials*100.0
	windows := int(allowance/(200*windowTrials)) + 1
	lost, after := f.walk(100_000, 300)
	if want := max(windows, 3) * windowTrials; !lost || after != want {
		t.Errorf("gave up %v after %d trials, want after %d", lost, after, want)
	}
}

// TestJudgeKeepsAWalkThatPays: a walk that loses while it learns and then
// beats the model walks on, its debt paid back, however small its share:
// the learning allowance covers a debt of 1,840 model trials, about what
// compare's walk runs up on each worker.
func TestJudgeKeepsAWalkThatPays(t *testing.T) {
	for _, share := range []float64{1e6, 20_000, 1_000} {
		f := newFakeJudge(share, time.Nanosecond)
		f.probe(100)
		if lost, after := f.walk(2048, 190); lost { // 2,048 · 90 ns: 1,843 trials' time
			t.Errorf("share %v: gave up a learning walk after %d trials", share, after)
		}
		if lost, after := f.walk(100_000, 30); lost {
			t.Errorf("share %v: gave up a walk three times as fast as the model after %d trials", share, after)
		}
		if f.debt >= 0 {
			t.Errorf("share %v: debt %v ns after 100,000 fast trials, want it paid back", share, f.debt)
		}
	}
}

// TestJudgeForgivesOnePause: one window that a pause of the process slowed
// far over the allowance does not end a walk that otherwise beats the
// model; the median of its last three windows losing does.
func TestJudgeForgivesOnePause(t *testing.T) {
	f := newFakeJudge(10_000, time.Nanosecond)
	f.probe(100)
	for i, ns := range []time.Duration{5000, 50, 50, 5000} {
		if lost, _ := f.walk(windowTrials, ns); lost {
			t.Fatalf("gave up a walk whose window %d took %d ns a trial, one paused of its last three", i+1, ns)
		}
	}
	if lost, _ := f.walk(windowTrials, 5000); !lost {
		t.Error("kept a walk over its allowance whose last three windows lost two to one")
	}
}

// TestJudgeChargesAPauseAtMostThreeWindows: a window that a pause of the
// process slowed far beyond its neighbours adds to the debt as pauseFactor
// of the median window would, not its own time; a window that merely met
// more new paths than most is charged in full.
func TestJudgeChargesAPauseAtMostThreeWindows(t *testing.T) {
	f := newFakeJudge(1e9, time.Nanosecond)
	f.probe(100)
	f.walk(3*windowTrials, 150)
	before := f.debt
	f.walk(windowTrials, 100_000) // a pause of 25 ms in a window of 256 trials
	if got, want := f.debt-before, (pauseFactor*150-100)*float64(windowTrials); got != want {
		t.Errorf("a paused window added %v ns of debt, want %v", got, want)
	}
	before = f.debt
	f.walk(windowTrials, 400) // more new paths than most: under three medians
	if got, want := f.debt-before, (400-100)*float64(windowTrials); got != want {
		t.Errorf("a slow window added %v ns of debt, want its own %v", got, want)
	}
}

// TestJudgeAllowanceGrowsWithTheWalk: past its share, a worker may lose a
// tenth of the time the model would have taken over what it walked, so a
// walk that loses less than that a trial walks on; a run with a precision rule,
// whose share is not known, is judged on what it walked alone.
func TestJudgeAllowanceGrowsWithTheWalk(t *testing.T) {
	f := newFakeJudge(1000, time.Nanosecond)
	f.probe(100)
	if lost, after := f.walk(1_000_000, 109); lost {
		t.Errorf("gave up a walk losing 9%% a trial after %d trials", after)
	}
	j := newJudge(Config{Trials: 1e9, Workers: 4, Precision: 0.01})
	if j.on && j.share != 0 {
		t.Errorf("share %v with a precision rule, want none", j.share)
	}
	// four workers, of which as many run as there are processors
	j = newJudge(Config{Trials: 1e6, Workers: 4})
	if want := 1e6 / float64(running(4)); j.on && j.share != want {
		t.Errorf("share %v of a million trials on %d running workers, want %v", j.share, running(4), want)
	}
}

// TestKeepWalkingJudgesNothing: a run that keeps walking never probes the
// model nor gives up the walk.
func TestKeepWalkingJudgesNothing(t *testing.T) {
	j := newJudge(Config{Trials: 1000, Workers: 1, KeepWalking: true})
	if j.probing() {
		t.Error("a run that keeps walking probes its model")
	}
	for range 100 {
		if j.walkedBlock(judgeBlock) {
			t.Fatal("a run that keeps walking gave its walk up")
		}
	}
}
