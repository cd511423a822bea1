package sim

import (
	"testing"
	"time"
)

// TestJudgeGivesUpALosingWalk: with the model at 100 ns a trial and a
// share of 1,000 trials a worker, a walk of 1,000 trials may lose 5% of
// 100 µs, 5 µs, and one of 2,000 trials 10 µs: a first block at 103 ns a
// trial loses 3 µs and walks on, a second at 110 ns brings the loss to
// 13 µs and gives it up. Blocks at 60 ns a trial pay, and a walk that
// paid off its learning keeps walking through a slow block that its
// savings cover.
func TestJudgeGivesUpALosingWalk(t *testing.T) {
	j := newJudge(Config{Trials: 2000, Workers: 2})
	probeAt(&j, 100)
	if j.probing() {
		t.Fatal("a judge that timed its model asks again")
	}
	if j.lost(1000, 103*time.Microsecond) {
		t.Fatal("gave up at 3 µs lost, within the 5 µs allowed")
	}
	if !j.lost(1000, 110*time.Microsecond) {
		t.Fatal("kept walking at 13 µs lost, over the 10 µs allowed")
	}

	j = newJudge(Config{Trials: 2000, Workers: 2})
	probeAt(&j, 100)
	for range 10 {
		if j.lost(1000, 60*time.Microsecond) {
			t.Fatal("gave up a walk that saves 40 µs a block")
		}
	}
	if j.lost(1000, 400*time.Microsecond) {
		t.Fatal("gave up a walk whose savings (400 µs) cover its slow block (300 µs)")
	}
}

// TestJudgeAllowanceGrowsWithTheWalk: past its share, a worker may lose 5%
// of the time the model would have taken over what it walked, so a walk
// that loses less than that a trial is never given up.
func TestJudgeAllowanceGrowsWithTheWalk(t *testing.T) {
	j := newJudge(Config{Trials: 1000, Workers: 1})
	probeAt(&j, 100)
	for range 100 {
		if j.lost(1000, 104*time.Microsecond) {
			t.Fatal("gave up a walk losing 4% a trial")
		}
	}
	if !j.lost(100_000, 20*time.Millisecond) {
		t.Fatal("kept a walk that lost as much again as it walked")
	}
}

// TestKeepWalkingJudgesNothing: a run that keeps walking never probes the
// model nor gives up the walk, and a run with a precision rule reckons
// the allowance on the default run's share.
func TestKeepWalkingJudgesNothing(t *testing.T) {
	j := newJudge(Config{Trials: 1000, Workers: 1, KeepWalking: true})
	if j.probing() || j.lost(1000, time.Hour) {
		t.Error("a run that keeps walking judged its walk")
	}
	j = newJudge(Config{Trials: 1e9, Workers: 4, Precision: 0.01})
	if j.share != DefaultTrials/4 {
		t.Errorf("share %v with a precision rule, want the default run's %v", j.share, DefaultTrials/4)
	}
}

// TestJudgeKeepsAWalkThatPaysItsDebt: a walk over its allowance whose pace
// beats the model is paying its debt back, and walks on; once its pace
// falls behind the model, it is given up.
func TestJudgeKeepsAWalkThatPaysItsDebt(t *testing.T) {
	j := newJudge(Config{Trials: 2000, Workers: 1})
	probeAt(&j, 100)
	if !j.lost(1000, 200*time.Microsecond) {
		t.Fatal("kept a walk 100 µs over its 5 µs allowance on its first block, at twice the model's time")
	}
	j = newJudge(Config{Trials: 2000, Workers: 1})
	probeAt(&j, 100)
	j.walked, j.debt, j.pace = 1000, 50_000, 50
	blocks := 0
	for !j.lost(judgeBlock, judgeBlock*300*time.Nanosecond) {
		if blocks++; blocks > 16 {
			t.Fatal("kept a walk over its allowance whose pace has fallen far behind the model")
		}
	}
	if blocks == 0 || j.pace <= j.model {
		t.Errorf("gave the walk up after %d blocks at a pace of %.0f ns, the model's %.0f ns", blocks, j.pace, j.model)
	}
	j.pace, j.debt = 50, 50_000
	if j.lost(judgeBlock, judgeBlock*50*time.Nanosecond) {
		t.Error("gave up a walk over its allowance that beats the model")
	}
}

// probeAt runs j's probe on a model that takes ns a trial.
func probeAt(j *walkJudge, ns time.Duration) {
	for j.probing() {
		j.probed(probeBlock, probeBlock*ns)
	}
}

// TestProbeTimesTheModel: the probe leaves out its first block, which
// warms the model's caches, and its slowest, which a pause may have
// slowed, and takes the mean of the rest, partial blocks included.
func TestProbeTimesTheModel(t *testing.T) {
	j := newJudge(Config{Trials: 1000, Workers: 1})
	if !j.probing() {
		t.Fatal("a new judge does not ask for the model's time")
	}
	blocks := []struct {
		n  uint64
		ns time.Duration
	}{{256, 256 * 1000}, {256, 256 * 100}, {100, 100 * 130}, {256, 256 * 400}, {256, 256 * 90}, {256, 256 * 110}}
	for i, b := range blocks {
		if !j.probing() {
			t.Fatalf("timed the model after %d blocks, want %d", i, len(blocks))
		}
		j.probed(b.n, b.ns)
	}
	if j.probing() {
		t.Fatal("still probing after the warm-up and five blocks")
	}
	want := float64(256*100+100*130+256*90+256*110) / float64(256+100+256+256)
	if j.model != want {
		t.Errorf("model %v ns a trial, want %v", j.model, want)
	}
}
