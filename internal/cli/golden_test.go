package cli

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
)

// The wall-clock figures are the only part of an output that a run does
// not fix; golden files hold them as zero.
var (
	elapsedJSON  = regexp.MustCompile(`"elapsed_seconds": [0-9.e+-]+`)
	elapsedTable = regexp.MustCompile(`(?m)^elapsed .*$`)
	// elapsedGrid is the total time at the end of a grid table's footer.
	elapsedGridM = regexp.MustCompile(`(?m); [0-9.]+s$`)
)

func normalize(out []byte) []byte {
	out = elapsedJSON.ReplaceAll(out, []byte(`"elapsed_seconds": 0`))
	out = elapsedGridM.ReplaceAll(out, []byte("; 0.00s"))
	return elapsedTable.ReplaceAll(out, []byte("elapsed 0s"))
}

// cli runs the program as a user would, with a context that is not
// cancelled.
// run is the program as Execute runs it, returning its exit code.
func run(ctx context.Context, stdout, stderr io.Writer, args []string) int {
	code, _ := runErr(ctx, stdout, stderr, args)
	return code
}

func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return cliCtx(t, context.Background(), args...)
}

func cliCtx(t *testing.T, ctx context.Context, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(ctx, &out, &errb, args)
	return code, out.String(), errb.String()
}

// args splits a command line on spaces; no test argument contains one.
func args(s string) []string { return strings.Fields(s) }

// scrubElapsed holds every wall-clock figure of an output, table, grid or
// JSON, at zero.
func scrubElapsed(out string) string {
	return string(normalize([]byte(out)))
}

// wantUsage runs a command line that must be refused: exit 2, nothing on
// stdout, one line on stderr that contains want.
func wantUsage(t *testing.T, cmdline, want string) {
	t.Helper()
	code, stdout, stderr := cli(t, args(cmdline)...)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", cmdline, code, stdout, stderr, want)
	}
}
