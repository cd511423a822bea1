//go:build !unix

package main

// ignoreSIGPIPE does nothing where there is no SIGPIPE (Windows): a write
// to a closed pipe fails there with an error already.
func ignoreSIGPIPE() {}
