package cli

import (
	"context"
	"strings"
	"testing"
)

// TestActivateHelpNamesBuiltinFlags holds sapper help activate to the
// built-in crossings' flags: it says they set method: exact, but for
// village-crossing's trials: 200000, which stand in for the defaults the
// help lists under the engine flags.
func TestActivateHelpNamesBuiltinFlags(t *testing.T) {
	if !strings.Contains(strings.Join(strings.Fields(activateHelpIntro), " "), "the built-in crossings set method: exact, but for village-crossing's trials: 200000") {
		t.Fatal("sapper help activate no longer names the built-in crossings' flags: update this test with it")
	}
	crossings := 0
	for _, n := range builtinNames() {
		s, err := loadScenario(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if s.command.name != activateName {
			continue
		}
		crossings++
		got := map[string]string{}
		for _, f := range s.flags {
			got[f.name] = strings.Join(f.values, ",")
		}
		want := map[string]string{"method": "exact"}
		if n == "village-crossing" {
			want = map[string]string{"trials": "200000"}
		}
		if len(got) != len(want) || got["method"] != want["method"] || got["trials"] != want["trials"] {
			t.Errorf("%s: flags %v, the help says %v", n, got, want)
		}
	}
	if crossings == 0 {
		t.Fatal("no built-in crossing")
	}
}
