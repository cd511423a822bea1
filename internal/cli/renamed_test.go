package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenamedFlags: a flag renamed to --target (or made singular) fails
// with one line naming the new name, on the command line and in a
// scenario file, and the old name is in no help, listing or form.
func TestRenamedFlags(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"lhy --sadrm 1 --unit a:7", `sapper lhy: --unit "a:7": --unit is now --target`},
		{"building --squad 4", `sapper building: --squad "4": --squad is now --target`},
		{"afv --vehicle tiger --riders 4-6-7", `sapper afv: --riders "4-6-7": --riders is now --rider`},
		{"afv --vehicle tiger --passengers 4-6-7", `--passengers is now --passenger`},
		{"afv --vehicle tiger --others 4-6-7", `--others is now --other`},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	file := filepath.Join(t.TempDir(), "old.yaml")
	if err := os.WriteFile(file, []byte("command: lhy\nflags:\n  sadrm: 1\n  unit: a:7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "run", file)
	if code != exitUsage || !strings.Contains(stderr, "old.yaml:4: field unit") || !strings.Contains(stderr, "--unit is now --target") {
		t.Errorf("a scenario with unit: exit %d, %q", code, stderr)
	}
	for _, name := range []string{"lhy", "building", "afv"} {
		_, help, _ := cli(t, "help", name)
		for _, old := range []string{"--unit ", "--squad ", "--riders", "--passengers", "--others"} {
			if strings.Contains(help, old) {
				t.Errorf("sapper help %s still shows %s", name, old)
			}
		}
	}
}

// TestSapperAlone: sapper with no command prints its usage.
func TestSapperAlone(t *testing.T) {
	code, stdout, _ := cli(t)
	_, usage, _ := cli(t, "help")
	if code != exitOK || stdout != usage || !strings.Contains(stdout, "Usage:") {
		t.Errorf("sapper alone: exit %d, %q", code, stdout)
	}
}
