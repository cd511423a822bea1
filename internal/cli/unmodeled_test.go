package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
)

// TestUnmodeledFlags: a flag for a situation rules/asl.md §8.30 leaves out is
// refused by each command of ASL attacks with why, in one line and exit
// 2, on the command line and in a scenario file alike; a DC attack is told
// it never has FFMO, an IFT attack where its DRM goes. No word of the
// table is a flag of these commands, which would parse instead. Other
// games' commands know none of it.
func TestUnmodeledFlags(t *testing.T) {
	for _, cmd := range []string{"dc", "compare", "afv", "plans", "fire"} {
		for _, w := range asl.UnmodeledWords() {
			code, _, stderr := cli(t, cmd, "--"+w)
			want := "sapper " + cmd + ": --" + w + ": " + unmodeled(cmd, w) + "\n"
			if code != exitUsage || stderr != want || unmodeled(cmd, w) == "" {
				t.Errorf("%s --%s: exit %d, %q; want %q", cmd, w, code, stderr, want)
			}
		}
	}
	if got := unmodeled("dc", "ffmo"); !strings.Contains(got, "never apply to a DC attack") {
		t.Errorf("dc --ffmo: %q", got)
	}
	if got := unmodeled("fire", "ffmo"); !strings.HasSuffix(got, "add them to --drm") {
		t.Errorf("fire --ffmo: %q", got)
	}
	if got := unmodeled("plans", "hindrance"); !strings.HasSuffix(got, "add it to "+planDRM) {
		t.Errorf("plans --hindrance: %q", got)
	}
	for _, cmd := range []string{"activate", "lhy", "building"} {
		if code, _, stderr := cli(t, cmd, "--ffmo"); code != exitUsage || !strings.Contains(stderr, `unknown flag "--ffmo"`) {
			t.Errorf("%s --ffmo: exit %d, %q; want an unknown flag", cmd, code, stderr)
		}
	}

	file := filepath.Join(t.TempDir(), "s.yaml")
	if err := os.WriteFile(file, []byte("command: dc\ntitle: t\nflags:\n  target: 4-6-7\n  hindrance: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "run", file)
	if want := "s.yaml:5: field hindrance: LOS Hindrances never apply to a DC attack (A23.1)\n"; code != exitUsage || stdout != "" || !strings.HasSuffix(stderr, want) {
		t.Errorf("run with hindrance: exit %d, %q; want …%q", code, stderr, want)
	}
}

// TestUnmodeledPlanOptions: an attack of a plan refuses the same words
// with the same reasons, a fire attack pointed at its own DRM.
func TestUnmodeledPlanOptions(t *testing.T) {
	for _, c := range []struct{ plan, want string }{
		{"a: fire 8 ffmo", "attack 1: fire: FFMO and FFNAM are DRMs of the attack (−1 each): add them to " + planDRM},
		{"a: fire 8; dc placed hindrance=1", "attack 2: dc: LOS Hindrances never apply to a DC attack (A23.1)"},
		{"a: dc thrown encircled", "attack 1: dc: Encirclement (A7.7) is not modeled (rules/asl.md §8.30)"},
	} {
		code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", c.plan, "--plan", "b: dc placed")
		if code != exitUsage || !strings.HasSuffix(stderr, c.want+"\n") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("--plan %q: exit %d, %q; want …%q", c.plan, code, stderr, c.want)
		}
	}
}
