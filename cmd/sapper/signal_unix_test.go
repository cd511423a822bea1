//go:build unix

package main

import (
	"syscall"
	"testing"
	"time"
)

// TestTwoSignalsAtOnce: an interrupt sent twice at once, as timeout(1)
// sends it to the process and to its group, is one interrupt: the second
// finds the run's handler still there, and does not kill the process
// (were it killed, the test binary would die with it) before the run has
// written its partial result.
func TestTwoSignalsAtOnce(t *testing.T) {
	ctx, stop := interruptible()
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the first interrupt did not end the run's context")
	}
	time.Sleep(secondInterrupt / 5)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	time.Sleep(secondInterrupt / 5)
}
