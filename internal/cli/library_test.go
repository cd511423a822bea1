package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibraryExamplesAreTheCLI: each game's Example_report builds an
// attack as a Go struct, runs it and writes it with the report package;
// its doc comment names the command line that asks the same question.
// That command's output must be the example's // Output:, byte for byte,
// so the library and the command line cannot drift apart.
func TestLibraryExamplesAreTheCLI(t *testing.T) {
	files, err := filepath.Glob("../../model/*/example_report_test.go")
	if err != nil || len(files) < 4 {
		t.Fatalf("found %d Example_report files (%v)", len(files), err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var cmdline string
		var output []string
		inOutput := false
		for _, line := range strings.Split(string(src), "\n") {
			switch {
			case strings.HasPrefix(line, "//\tsapper "):
				cmdline = strings.TrimPrefix(line, "//\tsapper ")
			case strings.TrimSpace(line) == "// Output:":
				inOutput = true
			case inOutput && strings.HasPrefix(strings.TrimSpace(line), "// "):
				output = append(output, strings.TrimPrefix(strings.TrimSpace(line), "// "))
			case inOutput:
				inOutput = false
			}
		}
		if cmdline == "" || len(output) == 0 {
			t.Errorf("%s: no command line (//\\tsapper …) or no // Output:", file)
			continue
		}
		var out, errb bytes.Buffer
		if err := Execute(context.Background(), strings.Fields(cmdline), &out, &errb); err != nil {
			t.Errorf("%s: sapper %s: %v: %s", file, cmdline, err, errb.String())
			continue
		}
		if got, want := strings.TrimRight(out.String(), "\n"), strings.Join(output, "\n"); got != want {
			t.Errorf("%s: sapper %s prints\n%s\nwant the example's output\n%s", file, cmdline, got, want)
		}
	}
}
