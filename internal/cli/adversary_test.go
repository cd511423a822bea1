package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAdversaryCases: inputs found by trying to break the command line,
// each a right answer or one line of bad input, exit 2.
func TestAdversaryCases(t *testing.T) {
	dir := t.TempDir()
	two, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pinned := write("pinned.yaml", strings.Replace(string(two), "stack: [4-6-7]", "stack: [\"4-6-7,pinned\"]", 1))
	berserk := write("berserk.yaml", strings.Replace(string(two), "stack: [4-6-7]", "stack: [\"4-6-7,berserk\"]", 1))
	oldList := write("old.yaml", "command: lhy\nflags:\n  sadrm: 1\n  unit: [a:7]\n")
	for _, c := range []struct{ args, want string }{
		// --sw and the first target's sw= both give its SW.
		{"dc --target 4-6-7,sw=1 --sw 2 --method exact", "--sw with the first --target's sw=1: both give its SW; give one"},
		{"fire --fp 8 --target 4-6-7,sw=1 --sw 0 --method exact", "both give its SW"},
		// A pinned unit may not move (A7.8).
		{"activate " + pinned, "a pinned unit may not move (A7.8)"},
		// Said before the S16 switch the crossing would make moot.
		{"activate " + pinned + " --rule pinned-keeps-fire=false", "a pinned unit may not move (A7.8)"},
		// Nor does a berserk one move on with the stack (S18): the
		// crossing would be lost before it began.
		{"activate " + berserk, "a berserk unit does not move on with the stack (S18)"},
		// −1 is the model's "no EAV"; given, it is out of range.
		{"lhy --atdrm t=1 --vehicle t:8,eav=-1", "eav -1 outside 0…21"},
		// An old flag name as a list still names the new one.
		{"run " + oldList, "--unit is now --target"},
		{"serve --max-paths 99999999999999", "--max-paths \"99999999999999\": want a whole number from 1 to 200,000,000"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	// Choice words exactly as listed, everywhere: another case is
	// refused, not guessed.
	outside := write("outside.yaml", strings.Replace(string(two), "site: outside", "site: Outside", 1))
	for _, c := range []string{
		"dc --target 4-6-7,class=ELITE --method exact",
		"lhy --sadrm 1 --target a:7 --rule cohesion-fail=DISRUPT --method exact",
		"activate two-sq-crossing --tables ILLUSTRATIVE",
		"activate " + outside,
	} {
		if code, stdout, stderr := cli(t, args(c)...); code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, %s", c, code, stderr)
		}
	}
	// A right-to-left override in a title is refused, never obeyed.
	bidi := write("bidi.yaml", "command: dc\ntitle: \"abc\\u202edef\"\nflags:\n  target: 4-6-7\n  method: exact\n")
	if code, stdout, stderr := cli(t, "run", bidi); code != exitUsage || stdout != "" || !strings.Contains(stderr, "title: U+202E at character 4") || strings.ContainsRune(stderr, 0x202e) {
		t.Errorf("a title with an override: exit %d, %q", code, stderr)
	}
}
