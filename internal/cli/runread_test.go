//go:build !js

package cli

import (
	"context"
	"fmt"
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

// TestFIFOReadOnce: a crossing or a tables file that can be read only
// once, a FIFO whose writer has sent the whole file and gone, runs
// through run and sweep, which read a file more than once where they
// once opened it again and waited for ever, or found it empty.
func TestFIFOReadOnce(t *testing.T) {
	dir := t.TempDir()
	crossing, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := os.ReadFile("../../model/sasl/tables/illustrative-russian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "two.yaml")
	if err := os.WriteFile(plain, crossing, 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	fifo := func(data []byte) string {
		n++
		name := filepath.Join(dir, fmt.Sprintf("fifo%d.yaml", n))
		if err := syscall.Mkfifo(name, 0o600); err != nil {
			t.Skip(err)
		}
		go func() {
			if w, err := os.OpenFile(name, os.O_WRONLY, 0); err == nil {
				w.Write(data)
				w.Close()
			}
		}()
		// A command that never opened it leaves the writer waiting for a
		// reader: one that opens and goes lets it go.
		t.Cleanup(func() {
			if r, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				r.Close()
			}
		})
		return name
	}
	for _, args := range [][]string{
		{"run", fifo(crossing), "--trials", "1000"},
		{"sweep", "activate", fifo(crossing), "--vary", "ac=1..2", "--trials", "1000"},
		{"sweep", "activate", plain, "--tables", fifo(tables), "--vary", "ac=1..2", "--trials", "1000"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		code, stdout, stderr := cliCtx(t, ctx, args...)
		cancel()
		if code != exitOK || !strings.Contains(stdout, "A squad dashes past two S?") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestCrossingDirOfADescriptor: a crossing read through a descriptor
// names its tables from the directory of the file redirected to it, or,
// from a pipe, from the working directory: /dev, where the descriptor
// stands, holds no tables of the user's. Any other path names them from
// its own directory.
func TestCrossingDirOfADescriptor(t *testing.T) {
	if got := crossingDir(context.Background(), filepath.Join("a", "b", "c.yaml")); got != filepath.Join("a", "b") {
		t.Errorf("a file's: %q", got)
	}
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if got := crossingDir(context.Background(), fmt.Sprintf("/proc/self/fd/%d", r.Fd())); got != "." {
		t.Errorf("a pipe's: %q, want the working directory", got)
	}
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "c.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := crossingDir(context.Background(), fmt.Sprintf("/dev/fd/%d", f.Fd())); got != real {
		t.Errorf("a file redirected: %q, want %q", got, real)
	}
}
