//go:build js

package sim

import (
	"runtime"
	"sync/atomic"
	"time"
)

// lastBreath is when the run last let JavaScript's event loop run.
var lastBreath atomic.Int64

// breathEvery is how often a run in the browser lets JavaScript's event
// loop run: often enough that a Cancel is taken within a tenth of a
// second, seldom enough that the timer it waits on costs under 5%.
const breathEvery = 100 * time.Millisecond

// betweenChunks lets other goroutines run after each chunk: a js/wasm
// program has one thread and no preemption, so without it a run's progress
// ticker would wait for the run's end. Every breathEvery it also sleeps a
// moment, which hands the thread to JavaScript's event loop, where a
// message to cancel the run is waiting.
func betweenChunks() {
	runtime.Gosched()
	now := time.Now().UnixNano()
	if last := lastBreath.Load(); now-last >= int64(breathEvery) {
		lastBreath.Store(now)
		time.Sleep(time.Millisecond)
	}
}
