package cli

import (
	"strings"
	"testing"
)

// TestSetupSaysRulesGiven: the modeling switches a run was given are said
// under the headline, with the setup, not only in the JSON's inputs.
func TestSetupSaysRulesGiven(t *testing.T) {
	for _, c := range []struct{ cmd, want string }{
		{"dc --target 4-6-7 --concealed --building wooden --no-hob --rule flame-ignores-concealment=true --method exact",
			"\nRules as given: flame-ignores-concealment=true, no Heat of Battle (--no-hob)\n"},
		{"compare --no-hob --method exact", "\nRules as given: no Heat of Battle (--no-hob)\n"},
		{"fire --fp 1 --target 4-6-7 --rule cower-off-lowest-no-effect=true --method exact", "\nRules as given: cower-off-lowest-no-effect=true\n"},
	} {
		code, stdout, stderr := cli(t, args(c.cmd)...)
		if code != exitOK || !strings.Contains(stdout, c.want) {
			t.Errorf("%s: exit %d, stderr %q\n%s", c.cmd, code, stderr, stdout)
		}
	}
	if code, stdout, _ := cli(t, args("dc --target 4-6-7 --method exact")...); code != exitOK || strings.Contains(stdout, "Rules as given") {
		t.Errorf("no switch given, yet the setup names some:\n%s", stdout)
	}
}

// TestCompareSetupSaysItsInputs: compare's setup names the inputs that
// change its figures when they are given, as sapper dc's does.
func TestCompareSetupSaysItsInputs(t *testing.T) {
	code, stdout, stderr := cli(t, args("compare --concealed --cx --drm 1 --elr 2 --afph --captured --fortified --method exact")...)
	want := "DC vs 4-6-7, leader:8-1 in a stone building, TEM 4 (Fortified), DRM +1,\nconcealed, CX, captured DC, ELR 2\n"
	// The AFPh is the Throw's, said with it.
	afph := "Thrown in the\nAFPh (+1) by"
	if code != exitOK || !strings.Contains(stdout, want) || !strings.Contains(stdout, afph) {
		t.Errorf("exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}
