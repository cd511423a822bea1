//go:build !js

package sim

// betweenChunks has nothing to do where goroutines are preempted.
func betweenChunks() {}
