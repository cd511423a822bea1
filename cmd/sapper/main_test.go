package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokenPipe runs the program itself, as a shell pipeline does, with
// a stdout whose reader is gone (sapper sweep … | head): the process is
// not killed by SIGPIPE; it still writes the --plot chart, then exits 1,
// saying nothing: the reader chose to stop.
func TestBrokenPipe(t *testing.T) {
	if os.Getenv("SAPPER_TEST_MAIN") == "1" {
		os.Args = append([]string{"sapper"}, strings.Fields(os.Getenv("SAPPER_TEST_ARGS"))...)
		main()
		return
	}
	chart := filepath.Join(t.TempDir(), "f.png")
	cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenPipe$")
	cmd.Env = append(os.Environ(), "SAPPER_TEST_MAIN=1",
		"SAPPER_TEST_ARGS=sweep dc --target 4-6-7 --vary tem=0..1 --trials 2000 --format csv --plot "+chart)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// The reader is gone before the first write.
	r.Close()
	err = cmd.Run()
	w.Close()
	code := cmd.ProcessState.ExitCode()
	if code != 1 || stderr.Len() != 0 {
		t.Errorf("exit %d (%v), stderr %q; want exit 1 and nothing", code, err, stderr.String())
	}
	if fi, err := os.Stat(chart); err != nil || fi.Size() == 0 {
		t.Errorf("no chart written: %v", err)
	}
}
