// Package par runs a model's set-up on the cores a run is given: the tables
// a model builds before its first trial are one core's work otherwise,
// which the other workers wait for.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Do calls f(0), …, f(n−1) on up to workers goroutines (≤ 0: GOMAXPROCS),
// each index once, and returns when all have returned. Each f(i) must
// write only what is its own, so that the result does not depend on the
// order the calls run in. One worker calls them in order on the caller's
// goroutine.
func Do(workers, n int, f func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	// The calls are pulled one at a time rather than shared out in
	// blocks: their costs differ widely, and the first are the largest.
	var next atomic.Int64
	var wg sync.WaitGroup
	pull := func() {
		for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
			f(i)
		}
	}
	for range workers - 1 {
		wg.Go(pull)
	}
	pull()
	wg.Wait()
}
