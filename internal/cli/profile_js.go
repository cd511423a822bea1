//go:build js

package cli

// startCPUProfile refuses: a browser cannot profile its WebAssembly, and
// the profiler left out is a twentieth of what a first visit fetches.
func startCPUProfile(string) (stop func() error, err error) {
	return nil, usagef("--cpuprofile is not part of the browser build (a browser cannot profile the engine); run sapper on a computer")
}
