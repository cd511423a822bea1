package sim

import (
	"reflect"
	"testing"
	"time"
)

// runPairs runs chunks [0, 2·pairs) of exp on one worker two at a time,
// the second of each pair short by short trials, with the graph capped at
// cap bytes, the judge j if not nil; it returns the worker and its
// tallies.
func runPairs(exp Experiment, pairs, short uint64, cap int, j *walkJudge) (*worker, []uint64) {
	offsets, size := exp.Schema.layout()
	w := newWorker(exp, offsets, size, 1)
	if w.paths != nil {
		w.paths.cap = cap
	}
	if j != nil {
		w.judge = *j
	}
	w.trial = w.newTrial()
	for c := uint64(0); c < 2*pairs; c += 2 {
		w.runChunkTwo(1, c, DefaultChunk, c+1, DefaultChunk-short)
	}
	w.fold(0)
	return w, w.counts
}

// runSingles runs the chunks runPairs runs, one at a time, on the model.
func runSingles(exp Experiment, pairs, short uint64) []uint64 {
	exp.KeepPaths = false
	offsets, size := exp.Schema.layout()
	w := newWorker(exp, offsets, size, 1)
	w.trial = w.newTrial()
	for c := uint64(0); c < 2*pairs; c += 2 {
		w.runChunk(1, c, DefaultChunk)
		w.runChunk(1, c+1, DefaultChunk-short)
	}
	w.fold(0)
	return w.counts
}

// TestTwoChunksAreEachAlone: a worker that walks two chunks at once, of
// the same length or not, in a graph that grows, that stops growing, or
// that holds nothing, counts what the model counts running them one after
// the other.
func TestTwoChunksAreEachAlone(t *testing.T) {
	for _, exp := range []func() Experiment{pathsExperiment, diceExperiment} {
		for _, short := range []uint64{0, 1, DefaultChunk / 3, DefaultChunk - 1} {
			want := runSingles(exp(), 3, short)
			e := exp()
			e.KeepPaths = true
			for _, cap := range []int{0, 2000, 20_000, pathBytes} {
				if _, got := runPairs(e, 3, short, cap, nil); !reflect.DeepEqual(got, want) {
					t.Errorf("short %d, cap %d: two chunks at once counted otherwise than one at a time", short, cap)
				}
			}
		}
	}
}

// TestTwoChunksGivenUp: when the judge gives the walk up in the middle of
// two chunks, the model runs the rest of each from its own stream.
func TestTwoChunksGivenUp(t *testing.T) {
	// A model of 1 ns a trial, and a clock that moves a millisecond each
	// time it is read: the walk loses from its first windows.
	f := newFakeJudge(10_000, time.Nanosecond)
	f.probe(1)
	f.clock = func() time.Time { f.now += time.Millisecond; return time.Unix(0, 0).Add(f.now) }
	e := pathsExperiment()
	want := runSingles(e, 2, 123)
	e.KeepPaths = true
	w, got := runPairs(e, 2, 123, pathBytes, &f.walkJudge)
	if w.paths != nil {
		t.Error("the judge did not give the walk up")
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("a walk given up in the middle of two chunks counted otherwise than the model")
	}
}

// TestTwoChunksDoNotAllocate: once the graph holds the paths, two chunks
// walk them at once without allocating.
func TestTwoChunksDoNotAllocate(t *testing.T) {
	exp := diceExperiment()
	exp.KeepPaths = true
	w, _ := runPairs(exp, 2, 0, pathBytes, nil)
	c := uint64(4)
	if a := testing.AllocsPerRun(5, func() {
		w.runChunkTwo(1, c, DefaultChunk, c+1, DefaultChunk)
		c += 2
	}); a != 0 {
		t.Errorf("two chunks' walk allocates %v times", a)
	}
}
