package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestExecuteFiles: a crossing given as data runs as the same file on
// disk would, and a file that was not given is not read from disk.
func TestExecuteFiles(t *testing.T) {
	var crossing bytes.Buffer
	if err := Execute(context.Background(), []string{"scenarios", "two-sq-crossing"}, &crossing, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"mine.yaml": crossing.Bytes()}
	var got, want, errb bytes.Buffer
	if err := ExecuteFiles(context.Background(), []string{"activate", "mine.yaml", "--format", "json"}, files, &got, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	if err := Execute(context.Background(), []string{"activate", "two-sq-crossing", "--format", "json"}, &want, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	strip := func(s string) string {
		s = s[strings.Index(s, `"method"`):]
		return s[:strings.Index(s, `"elapsed_seconds"`)]
	}
	if strip(got.String()) != strip(want.String()) {
		t.Errorf("the crossing as data:\n%s\nthe built-in one:\n%s", got.String(), want.String())
	}
	errb.Reset()
	err := ExecuteFiles(context.Background(), []string{"activate", "go.mod"}, nil, new(bytes.Buffer), &errb)
	if err == nil || !strings.Contains(errb.String(), "upload") {
		t.Errorf("a file not given: %v, %q", err, errb.String())
	}
}
