package cli

import (
	"strings"
	"testing"
)

// TestShellWord: a word a shell would take apart, or read otherwise, is
// quoted; the shell's own reading of the quoted word (shellWords, the
// README's reader) gives it back.
func TestShellWord(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"--target", "--target"},
		{"4-6-7,elr=2", "4-6-7,elr=2"},
		{"leader:8-1", "leader:8-1"},
		{"a: fire 4", "'a: fire 4'"},
		{"fire 2; fire 2", "'fire 2; fire 2'"},
		{"it's", `'it'\''s'`},
		{"", "''"},
		{"$HOME", "'$HOME'"},
		{"a|b", "'a|b'"},
		{"~x", "'~x'"},
	} {
		got := shellWord(c.in)
		if got != c.want {
			t.Errorf("shellWord(%q) = %q, want %q", c.in, got, c.want)
		}
		back, err := shellWords(got)
		if err != nil || len(back) != 1 || back[0] != c.in {
			t.Errorf("shellWord(%q) = %q reads back as %q (%v)", c.in, got, back, err)
		}
	}
}

// TestSweepEchoPastes: the command line a sweep's setup echoes reads back,
// a plan's spaces and semicolons quoted.
func TestSweepEchoPastes(t *testing.T) {
	code, stdout, stderr := cli(t, "sweep", "plans", "--target", "4-6-7", "--plan", "a: fire 4", "--plan", "b: fire 2; fire 2", "--vary", "tem=0..1", "--method", "exact")
	want := "sapper plans --target 4-6-7 --plan 'a: fire 4' --plan 'b: fire 2; fire 2' --method exact with --tem from 0 to 1"
	if code != exitOK || !strings.Contains(stdout, want) {
		t.Errorf("exit %d, stderr %q; the setup does not read %q:\n%s", code, stderr, want, stdout)
	}
}
