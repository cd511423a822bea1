//go:build !js

package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCPUProfile: --cpuprofile writes a profile of the run, whatever the
// command or mode, and a file that cannot be written is refused before
// anything runs.
func TestCPUProfile(t *testing.T) {
	for _, cmdline := range []string{
		"dc --target 4-6-7 --trials 200000",
		"compare --trials 20000",
		"afv --vehicle tiger --trials 20000",
		"fire --fp 8 --target 4-6-7 --trials 20000",
		"building --dice 4 --trials 20000",
		"building --needed 0.5",
		"lhy --sadrm 2 --target squad:6 --trials 20000",
		"activate testdata/activate/crossing.yaml",
		"sweep dc --target 4-6-7 --vary tem=0..1 --trials 20000",
		"run set-under-fire",
	} {
		t.Run(cmdline, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "cpu.out")
			if code, _, stderr := cli(t, append(args(cmdline), "--cpuprofile", file)...); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if fi, err := os.Stat(file); err != nil || fi.Size() == 0 {
				t.Fatalf("no profile written: %v", err)
			}
		})
	}
	bad := filepath.Join(t.TempDir(), "missing", "cpu.out")
	code, stdout, stderr := cli(t, "dc", "--target", "4-6-7", "--cpuprofile", bad)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--cpuprofile") {
		t.Errorf("unwritable profile: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// A profile is written again over the last, but no other file is:
	// the program itself, or a scenario, named by a slip.
	dir := t.TempDir()
	profile := filepath.Join(dir, "cpu.out")
	for range 2 {
		if code, _, stderr := cli(t, "dc", "--target", "4-6-7", "--trials", "1000", "--cpuprofile", profile); code != exitOK {
			t.Fatalf("a profile over the last: exit %d: %s", code, stderr)
		}
	}
	other := filepath.Join(dir, "sapper")
	if err := os.WriteFile(other, []byte("\x7fELF"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = cli(t, "dc", "--target", "4-6-7", "--cpuprofile", other)
	if b, _ := os.ReadFile(other); code != exitUsage || stdout != "" || !strings.Contains(stderr, "exists and is not a CPU profile") || string(b) != "\x7fELF" {
		t.Errorf("a profile over another file: exit %d, stderr %q, the file now %q", code, stderr, b)
	}
}

// TestOutputsShareAFile: --plot and --cpuprofile naming one file, however
// spelt, are refused before anything runs, and neither file is written.
func TestOutputsShareAFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, c := range []struct{ plot, profile string }{
		{"x.png", "x.png"},
		{"x.png", "./x.png"},
		{"x.png", filepath.Join(dir, "x.png")},
		{"sub/../x.png", "x.png"},
	} {
		os.Mkdir("sub", 0o755)
		cmdline := "dc --target 4-6-7 --plot " + c.plot + " --cpuprofile " + c.profile
		wantUsage(t, cmdline, `sapper dc: --plot and --cpuprofile name the same file "`+c.plot+`"; the one would overwrite the other: give each its own`)
		wantUsage(t, "sweep "+cmdline+" --vary tem=0..1", `sapper sweep: --plot and --cpuprofile name the same file`)
		if _, err := os.Stat("x.png"); err == nil {
			t.Errorf("%s: x.png written", cmdline)
		}
	}
	if err := os.WriteFile("y.png", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("y.png", "link.out"); err != nil {
		t.Skip(err)
	}
	wantUsage(t, "dc --target 4-6-7 --plot y.png --cpuprofile link.out", `sapper dc: --plot and --cpuprofile name the same file "y.png"`)
	// A new file's name, through a link to its directory.
	if err := os.Symlink(".", "here"); err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "dc --target 4-6-7 --plot z.png --cpuprofile here/z.png", `sapper dc: --plot and --cpuprofile name the same file "z.png"`)
	if _, err := os.Stat("z.png"); err == nil {
		t.Error("here/z.png: z.png written")
	}
	// Names of one line: a shared scenario's plot: could hold any bytes.
	for _, name := range []string{"a\nb.png", "a\x1b[31m.svg"} {
		for _, flag := range []string{"plot", "cpuprofile"} {
			code, _, stderr := cli(t, "dc", "--target", "4-6-7", "--"+flag, name)
			if code != exitUsage || !strings.Contains(stderr, "want a file name of one line, with no control character") {
				t.Errorf("--%s %q: exit %d, %q", flag, name, code, stderr)
			}
		}
	}
}

// TestOutputsSpareTheInputs: --cpuprofile or --plot naming a file the
// command reads (a scenario, a crossing) is refused before any work, and
// the input is left as it was.
func TestOutputsSpareTheInputs(t *testing.T) {
	dir := t.TempDir()
	scenario := filepath.Join(dir, "v.yaml")
	text := "command: dc\nflags:\n  target: 4-6-7\n  trials: 100\n"
	if err := os.WriteFile(scenario, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	crossing := filepath.Join(dir, "crossing.yaml")
	var data []byte
	for _, name := range []string{"tables.yaml", "crossing.yaml"} {
		b, err := os.ReadFile(filepath.Join("testdata", "activate", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		data = b
	}
	for _, c := range [][]string{
		{"run", scenario, "--cpuprofile", scenario},
		{"run", scenario, "--cpuprofile", filepath.Join(dir, ".", "v.yaml")},
		{"activate", crossing, "--cpuprofile", crossing},
		{"activate", crossing, "--cpuprofile", filepath.Join(dir, "tables.yaml")},
	} {
		code, stdout, stderr := cli(t, c...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "would overwrite the input") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 naming the input", c, code, stdout, stderr)
		}
	}
	if got, _ := os.ReadFile(scenario); string(got) != text {
		t.Errorf("the scenario after a refused run: %q", got)
	}
	if got, _ := os.ReadFile(crossing); string(got) != string(data) {
		t.Error("the crossing changed after a refused run")
	}
}

// TestCPUProfileNotWritten: a profile that cannot be put in place, or
// whose writes failed (a full disk), is an error of the run, and leaves
// no file behind, neither its own nor a temporary one.
func TestCPUProfileNotWritten(t *testing.T) {
	dir := t.TempDir()
	// a directory stands where the profile goes: the rename fails
	place := filepath.Join(dir, "cpu.out")
	if err := os.MkdirAll(filepath.Join(place, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	stop, err := startCPUProfile(place)
	if err != nil {
		t.Fatal(err)
	}
	if err := stop(); err == nil || !strings.HasPrefix(err.Error(), "--cpuprofile "+place+": ") {
		t.Errorf("profile not put in place: %v, want an error of --cpuprofile", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".sapper-*"))
	if len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}

	// the error names the file the user gave, not the temporary one
	if err := templess(&fs.PathError{Op: "write", Path: filepath.Join(dir, ".sapper-1.pprof"), Err: syscall.ENOSPC}); err != syscall.ENOSPC {
		t.Errorf("a temporary file's error: %v, want its cause alone", err)
	}

	// the writer keeps the first error the profiler would drop
	full := &keptErrWriter{w: failAfter{n: 3}}
	if n, err := full.Write([]byte("abc")); n != 3 || err != nil {
		t.Fatalf("first write: %d, %v", n, err)
	}
	full.Write([]byte("defg"))
	if _, err := full.Write([]byte("h")); err == nil || full.err == nil {
		t.Errorf("a write after a failed one: %v, kept %v; want the first error kept", err, full.err)
	}
}

// failAfter fails a write of more than n bytes, as a disk with n bytes
// left does.
type failAfter struct{ n int }

func (f failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, syscall.ENOSPC
	}
	return len(p), nil
}
