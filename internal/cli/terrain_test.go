package cli

import (
	"strings"
	"testing"
)

// TestTerrainNeedsTEM: a terrain given with the TEM left at 0 is refused
// wherever the attack reads a TEM, since no terrain sets it (woods at TEM
// 0 was a silent wrong answer); a Set DC and a FT read none, and open
// ground is TEM 0 by name.
func TestTerrainNeedsTEM(t *testing.T) {
	const want = "--terrain woods without --tem: the terrain decides Flame and Shellholes, not the TEM"
	for _, c := range []struct {
		args    string
		refused bool
	}{
		{"dc --target 4-6-7 --terrain woods", true},
		{"dc --target 4-6-7 --mode thrown --terrain woods", true},
		{"dc --target 4-6-7 --terrain woods --tem 1", false},
		{"dc --target 4-6-7 --mode set --terrain woods", false},
		{"compare --building none --terrain woods", true},
		{"compare --building none --terrain woods --tem 1", false},
		{"fire --fp 16 --weapon he --calibre 75 --terrain woods --target 4-6-7", true},
		{"fire --fp 16 --weapon he --calibre 75 --terrain woods --tem 0 --target 4-6-7", false},
		{"fire --fp 16 --weapon he --calibre 75 --terrain open-ground --target 4-6-7", false},
		{"fire --fp 24 --weapon ft --terrain woods --target 4-6-7", false},
		{"fire --weapon wp --terrain woods --ec dry", false},
	} {
		code, _, stderr := cli(t, args(c.args+" --method exact")...)
		switch {
		case c.refused && (code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1):
			t.Errorf("%s: exit %d, %q; want it refused", c.args, code, stderr)
		case !c.refused && strings.Contains(stderr, want):
			t.Errorf("%s: %q; want no TEM asked for", c.args, stderr)
		}
	}
	// A plan's attacks: refused while one takes the Location's TEM.
	plan := func(a, b string) (int, string) {
		code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--terrain", "woods", "--plan", a, "--plan", b, "--method", "exact")
		return code, stderr
	}
	if code, stderr := plan("a: fire 8", "b: dc placed"); code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("plans reading the TEM: exit %d, %q", code, stderr)
	}
	if code, stderr := plan("a: fire 8 tem=1", "b: dc placed tem=1"); code != exitOK {
		t.Errorf("plans with their own tem=: exit %d, %q", code, stderr)
	}
}
