package sim

// cacheGap is how far apart the state that two workers write on every
// trial must lie. A cache line is 64 bytes on the machines sapper runs on;
// the adjacent-line prefetcher of x86 cores pulls lines in pairs, so two
// lines keep two writers from invalidating each other's copies.
const cacheGap = 128

// gap is padding that keeps the fields on either side of it on different
// cache-line pairs.
type gap [cacheGap]byte

// isolated returns a slice of n elements of T that shares no cache-line
// pair with any other allocation: the heap packs small objects of one size
// class side by side, so two workers' tallies allocated one after the other
// would otherwise sit in one line, and every trial of one worker would
// evict the other's copy (false sharing).
func isolated[T any](n, size int) []T {
	// size is the size of T in bytes; a caller passes unsafe.Sizeof's
	// value so that this file needs no unsafe import.
	pad := (cacheGap + size - 1) / size
	return make([]T, pad+n+pad)[pad : pad+n : pad+n]
}

// Scratch returns a new zero T for one worker's trial state, padded so
// that no other worker's state can share its cache lines. The engine calls
// Experiment.New once per worker; a model that keeps state written on
// every trial allocates it here rather than with new, which may place two
// workers' small states side by side.
func Scratch[T any]() *T {
	return &(&struct {
		_ gap
		v T
		_ gap
	}{}).v
}
