package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// crossingFile writes the built-in two-sq-crossing with extra lines.
func crossingFile(t *testing.T, edit func(string) string) string {
	t.Helper()
	code, yaml, stderr := cli(t, "scenarios", "two-sq-crossing")
	if code != exitOK {
		t.Fatal(stderr)
	}
	file := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(file, []byte(edit(yaml)), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestCrossingSweep: a crossing file's vary: makes run sweep it, as sapper
// sweep activate does, and activate alone refuses it rather than leave it
// unread.
func TestCrossingSweep(t *testing.T) {
	file := crossingFile(t, func(s string) string { return s + "vary: ac=1..3\n" })
	code, got, stderr := cli(t, "run", file, "--trials", "20000", "--format", "csv")
	if code != exitOK {
		t.Fatalf("run: exit %d, %s", code, stderr)
	}
	plain := crossingFile(t, func(s string) string { return s })
	_, want, _ := cli(t, "sweep", "activate", plain, "--vary", "ac=1..3", "--trials", "20000", "--format", "csv")
	if got != want || !strings.Contains(got, "ac=3") {
		t.Errorf("run FILE with vary: differs from sapper sweep activate:\n%s\nwant\n%s", got, want)
	}
	code, _, stderr = cli(t, "activate", file)
	if code != exitUsage || !strings.Contains(stderr, "c.yaml:") || !strings.Contains(stderr, "sapper run") {
		t.Errorf("activate FILE with vary: exit %d, %q", code, stderr)
	}
	// The file's sweep keys, wrong or given again, at their lines, as a
	// dc scenario's are.
	for _, c := range []struct {
		body  string
		extra []string
		want  string
	}{
		{"vary: tem=1..3\n", nil, `:20: vary: "tem=1..3": "tem" is a number of the crossing's path or S?, not an input of sapper activate; sweep it by running copies of the file`},
		{"vary: ac=1..2\nmetric: nope\n", nil, `:21: metric: "nope": no such metric`},
		// replaced by --metric after the file, the file's metric is still
		// read, as a flag of the file one after it replaces is
		{"vary: ac=1..2\nmetric: nope\n", []string{"--metric", "arrived"}, `:21: metric: "nope": no such metric`},
	} {
		f := crossingFile(t, func(s string) string { return s + c.body })
		code, _, stderr := cli(t, append([]string{"run", f, "--trials", "100"}, c.extra...)...)
		if code != exitUsage || !strings.Contains(stderr, "c.yaml"+c.want) {
			t.Errorf("%q %v: exit %d, %q, want %q", c.body, c.extra, code, stderr, c.want)
		}
	}
	// --vary and --metric after the file replace the file's, as any flag
	// after it does, and the title says so.
	f := crossingFile(t, func(s string) string { return s + "vary: ac=1..2\nmetric: checked\n" })
	code, stdout, stderr := cli(t, "run", f, "--vary", "elr=1..2", "--metric", "arrived", "--trials", "100")
	if code != exitOK || !strings.Contains(stdout, "(changed: --vary elr=1..2, --metric arrived)") || !strings.Contains(stdout, "elr=2") || strings.Contains(stdout, "ac=2") {
		t.Errorf("a crossing sweep with --vary and --metric after it: exit %d, %q\n%s", code, stderr, stdout)
	}
	// sapper sweep activate FILE varies its own input: the file's vary:,
	// and the metric: it picks, would go unread.
	withMetric := crossingFile(t, func(s string) string { return s + "vary: ac=1..3\nmetric: checked\n" })
	for _, f := range []string{file, withMetric} {
		code, stdout, stderr := cli(t, "sweep", "activate", f, "--vary", "elr=1..2", "--trials", "1000")
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "c.yaml:") || !strings.Contains(stderr, "vary: ac=1..3") || !strings.Contains(stderr, "sapper run") {
			t.Errorf("sweep activate FILE with vary: exit %d, %q", code, stderr)
		}
	}
}

// TestCrossingValueGivenTwice: a value a crossing file gives in its own
// fields and again under flags: is refused at the flag's line.
func TestCrossingValueGivenTwice(t *testing.T) {
	for _, c := range []struct{ flag, line string }{{"ac", "  ac: 5"}, {"elr", "  elr: 4"}} {
		file := crossingFile(t, func(s string) string {
			if c.flag == "elr" && !strings.Contains(s, "\nelr:") {
				s += "elr: 2\n"
			}
			return strings.Replace(s, "flags:\n", "flags:\n"+c.line+"\n", 1)
		})
		code, _, stderr := cli(t, "activate", file)
		if code != exitUsage || !strings.Contains(stderr, c.flag+": given twice") {
			t.Errorf("%s: exit %d, %q", c.flag, code, stderr)
		}
	}
}

// TestCrossingMovementAfterTheFile: --hazardous after a file that says
// assault: true (or the reverse) names the flag after the file and the
// file's key, as any conflict between the two does; the model's own
// message named only the key.
func TestCrossingMovementAfterTheFile(t *testing.T) {
	for _, c := range []struct{ key, flag, want string }{
		{"assault", "--hazardous", "--hazardous with the file's assault: true: Assault Movement is not Hazardous Movement; give --assault=false with it"},
		{"hazardous", "--assault", "--assault with the file's hazardous: true: Assault Movement is not Hazardous Movement; give --hazardous=false with it"},
	} {
		f := crossingFile(t, func(s string) string {
			return strings.Replace(s, "stack: [4-6-7]\n", "stack: [4-6-7]\n"+c.key+": true\n", 1)
		})
		code, _, stderr := cli(t, "run", f, c.flag, "--trials", "100")
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: true, %s after it: exit %d, %q", c.key, c.flag, code, stderr)
		}
		if c.key != "assault" {
			continue // Assault Movement enters one Location, and the path has two
		}
		if code, _, stderr := cli(t, "run", f, c.flag, "--assault=false", "--trials", "100"); code != exitOK {
			t.Errorf("%s with --assault=false: exit %d, %q", c.flag, code, stderr)
		}
	}
}
