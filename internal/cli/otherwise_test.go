package cli

import (
	"os"
	"strings"
	"testing"
)

// TestOtherSpelling: Heat of Battle's switch spelt as another command
// spells it says how this one takes it, on the command line and in a
// scenario file, exit 2, one line.
func TestOtherSpelling(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"activate", "two-sq-crossing", "--no-hob"}, "--no-hob: a crossing turns Heat of Battle off with --rule heat-of-battle=false"},
		{[]string{"dc", "--target", "4-6-7", "--rule", "heat-of-battle=false"}, "off with --no-hob in this command"},
		{[]string{"fire", "--fp", "8", "--target", "4-6-7", "--rule", "heat-of-battle=true"}, "off with --no-hob in this command"},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4", "--rule", "heat-of-battle=false"}, "off with --no-hob in this command"},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	_, yaml, _ := cli(t, "scenarios", "two-sq-crossing")
	file := t.TempDir() + "/c.yaml"
	body := strings.Replace(yaml, "\nflags:\n", "\nflags:\n  no-hob: true\n", 1)
	if body == yaml {
		t.Fatal("the crossing has no flags:")
	}
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "activate", file)
	if code != exitUsage || !strings.Contains(stderr, "--rule heat-of-battle=false") {
		t.Errorf("a crossing file's no-hob: exit %d, %q", code, stderr)
	}
}
