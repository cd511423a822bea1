package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCPUProfile: --cpuprofile writes a profile of the run, and a file
// that cannot be written is refused before anything runs.
func TestCPUProfile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cpu.out")
	if code, _, stderr := cli(t, "dc", "--target", "4-6-7", "--trials", "200000", "--cpuprofile", file); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(file); err != nil || fi.Size() == 0 {
		t.Fatalf("no profile written: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "missing", "cpu.out")
	code, stdout, stderr := cli(t, "dc", "--target", "4-6-7", "--cpuprofile", bad)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--cpuprofile") {
		t.Errorf("unwritable profile: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
