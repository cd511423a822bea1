package cli

import (
	"strings"
	"testing"
)

// TestChoiceCase: every flag that takes one of a list of words takes it
// in any case, and the output is then the same as for the listed word,
// which is what it echoes.
func TestChoiceCase(t *testing.T) {
	for _, c := range []struct{ cmdline, word, as string }{
		{"dc --target 4-6-7 --format json --method %s", "EXACT", "exact"},
		{"dc --target 4-6-7 --trials 2000 --format json --method %s", "Mc", "mc"},
		{"dc --target 4-6-7 --method exact --format %s", "JSON", "json"},
		{"dc --target 4-6-7 --method exact --format %s", "Csv", "csv"},
		{"dc --target 4-6-7 --method exact --progress %s", "NEVER", "never"},
		{"dc --target 4-6-7 --method exact --format json --mode %s", "THROWN", "thrown"},
		{"dc --target 4-6-7 --method exact --format json --terrain %s", "WOODS", "woods"},
		{"compare --method exact --format json --building none --terrain %s", "Woods", "woods"},
		{"fire --fp 8 --weapon ft --target 4-6-7 --method exact --format json --terrain %s", "ORCHARD", "orchard"},
		{"building --target 4 --charges 1 --method exact --format json --pillbox %s", "INSIDE", "inside"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --method exact --metric %s", "IFT", "ift"},
	} {
		t.Run(strings.Replace(c.cmdline, "%s", c.word, 1), func(t *testing.T) {
			var outs []string
			for _, w := range []string{c.word, c.as} {
				code, stdout, stderr := cli(t, args(strings.Replace(c.cmdline, "%s", w, 1))...)
				if code != exitOK {
					t.Fatalf("%s: exit %d: %s", w, code, stderr)
				}
				outs = append(outs, scrubElapsed(stdout))
			}
			if outs[0] != outs[1] {
				t.Errorf("%s and %s differ:\n%s\n---\n%s", c.word, c.as, outs[0], outs[1])
			}
		})
	}
	wantUsage(t, "dc --target 4-6-7 --method EXACTLY", `sapper dc: --method "EXACTLY": want mc, exact or auto`)
	wantUsage(t, "dc --target 4-6-7 --terrain WOOD", `sapper dc: --terrain "WOOD": want one of woods`)
}
