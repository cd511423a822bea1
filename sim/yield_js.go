//go:build js

package sim

import "runtime"

// betweenChunks lets other goroutines run after each chunk. A js/wasm
// program has one thread and no preemption, so without it a run's
// progress ticker would wait for the run's end: the browser's page
// would learn nothing until then. Once per chunk costs nothing.
func betweenChunks() { runtime.Gosched() }
