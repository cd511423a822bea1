//go:build !js

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestScenarioFileBounded: whatever a user names as a scenario file, run
// reads at most the limit and says so, before anything runs.
func TestScenarioFileBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	text := "command: dc\ndescription: |\n" + strings.Repeat("  a long description line\n", 50_000)
	if err := os.WriteFile(big, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ file, want string }{
		{big, big + ": larger than 1048576 bytes, the limit of an input file"},
		{dir, dir + ": is a directory; want a file"},
	}
	for _, dev := range []string{"/dev/zero", "/dev/urandom"} {
		if _, err := os.Stat(dev); err == nil {
			cases = append(cases, struct{ file, want string }{dev, dev + ": larger than 1048576 bytes"})
		}
	}
	for _, c := range cases {
		code, stdout, stderr := cli(t, "run", c.file)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "sapper run: "+c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.file, code, stdout, stderr, c.want)
		}
	}
}

// TestScenarioFIFOInterrupted: a FIFO with no writer gives way to the
// first Ctrl-C: exit 130, nothing on stdout.
func TestScenarioFIFOInterrupted(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "attack.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	code, stdout, stderr := cliCtx(t, ctx, "run", fifo)
	if code != exitInterrupted || stdout != "" || stderr != "sapper run: "+fifo+": interrupted while reading; nothing was run\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// Let the abandoned open return.
	if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
		w.Close()
	}
	// A tables file likewise.
	tables := filepath.Join(t.TempDir(), "tables.yaml")
	if err := syscall.Mkfifo(tables, 0o600); err != nil {
		t.Skip(err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	code, stdout, stderr = cliCtx(t, ctx, "activate", "two-sq-crossing", "--tables", tables)
	if code != exitInterrupted || stdout != "" || stderr != "sapper activate: tables "+tables+": interrupted while reading; nothing was run\n" {
		t.Errorf("tables: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if w, err := os.OpenFile(tables, os.O_WRONLY, 0); err == nil {
		w.Close()
	}
}
