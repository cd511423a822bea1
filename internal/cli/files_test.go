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

// TestMissingFileNamed: a file that is not there is named as typed, and
// quoted where a space at its end or no name at all would be misread.
func TestMissingFileNamed(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", ""}, `sapper run: "": no such file`},
		{[]string{"run", " x.yaml"}, `sapper run: " x.yaml": no such file`},
		{[]string{"run", "x.yaml"}, `sapper run: x.yaml: no such file`},
		{[]string{"activate", "two-sq-crossing", "--tables", "t.yaml "}, `sapper activate: built-in scenario two-sq-crossing: --tables "t.yaml ": no such file`},
	} {
		code, _, stderr := cli(t, c.args...)
		if code != exitUsage || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%q: exit %d, %q, want %q", c.args, code, stderr, c.want)
		}
	}
}
