package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// golden compares got with testdata/name.golden, or rewrites the file
// under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// The wall-clock figures are the only part of an output that a run does
// not fix; golden files hold them as zero.
var (
	elapsedJSON  = regexp.MustCompile(`"elapsed_seconds": [0-9.e+-]+`)
	elapsedTable = regexp.MustCompile(`(?m)^elapsed .*$`)
)

func normalize(out []byte) []byte {
	out = elapsedJSON.ReplaceAll(out, []byte(`"elapsed_seconds": 0`))
	return elapsedTable.ReplaceAll(out, []byte("elapsed 0s"))
}

// cli runs the program as a user would, with a context that is not
// cancelled.
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
