package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestBuiltinCrossingsExact: every built-in crossing whose file asks for
// --method exact runs exact, on one worker, within the default path
// budget.
func TestBuiltinCrossingsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("exact runs of whole crossings")
	}
	n := 0
	for _, name := range builtinNames() {
		data, err := builtins.ReadFile("scenarios/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), "command: activate\n") || !strings.Contains(string(data), "\n  method: exact\n") {
			continue
		}
		n++
		code, stdout, stderr := cli(t, "activate", name, "-j", "1", "--format", "json")
		if code != exitOK {
			t.Errorf("%s: exit %d: %s", name, code, stderr)
			continue
		}
		var out struct {
			Method string `json:"method"`
			Paths  uint64 `json:"paths"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out.Method != "exact" || out.Paths == 0 || out.Paths > sim.DefaultMaxPaths {
			t.Errorf("%s: method %s, %d paths", name, out.Method, out.Paths)
		}
	}
	if n < 2 {
		t.Errorf("%d built-in exact crossings", n)
	}
}
