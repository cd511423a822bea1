//go:build race

package cli

// raceDetector: the race detector slows every goroutine many times over,
// so tests skip their wall-clock bounds under it and check the rest.
const raceDetector = true
