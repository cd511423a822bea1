//go:build js

package cli

import (
	"strings"
	"testing"
)

// TestExplainRefusedInThePage: the page's engine, built without the
// working, refuses --explain with one line that says where it is shown,
// rather than a result without it.
func TestExplainRefusedInThePage(t *testing.T) {
	for _, argv := range [][]string{
		{"dc", "--target", "4-6-7", "--explain"},
		{"activate", "two-sq-crossing", "--explain"},
		{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--explain"},
	} {
		code, stdout, stderr := cli(t, argv...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--explain with the page's engine: it is built without the working") {
			t.Errorf("%v: exit %d, %q, %q", argv, code, stdout, stderr)
		}
	}
	if code, _, stderr := cli(t, "dc", "--target", "4-6-7", "--trials", "1000"); code != exitOK {
		t.Errorf("dc without --explain: exit %d, %q", code, stderr)
	}
}
