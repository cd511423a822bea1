package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDocFilesRun runs every crossing file the manual and sapper help
// activate show, as a reader would copy it, and with every tables file the
// manual shows: an example that the reader's first run refuses teaches
// nothing. A YAML block of the manual is a crossing when it has a
// command, a tables file when it has a nationality first.
func TestDocFilesRun(t *testing.T) {
	type file struct{ where, body string }
	var crossings, tables []file
	for _, path := range docFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for _, f := range fences(string(data)) {
			if strings.TrimSpace(strings.TrimLeft(lines[f.open-1], " `~")) != "yaml" || len(f.body) == 0 {
				continue
			}
			at := file{filepath.Base(path) + ":" + strconv.Itoa(f.open), strings.Join(f.body, "\n") + "\n"}
			switch {
			case strings.HasPrefix(f.body[0], "command:"):
				crossings = append(crossings, at)
			case strings.HasPrefix(f.body[0], "nationality:"):
				tables = append(tables, at)
			default:
				t.Errorf("%s: a YAML block that is neither a scenario (command:) nor a tables file (nationality:)", at.where)
			}
		}
	}
	var help bytes.Buffer
	writeActivateHelp(&help)
	text := help.String()
	start := strings.Index(text, "\n  command: activate\n")
	end := strings.Index(text, "\n  flags:")
	if start < 0 || end < start {
		t.Fatal("sapper help activate shows no crossing file")
	}
	var body []string
	for _, l := range strings.Split(text[start+1:end], "\n") {
		body = append(body, strings.TrimPrefix(l, "  "))
	}
	crossings = append(crossings, file{"sapper help activate", strings.Join(body, "\n") + "\n"})
	if len(crossings) < 2 || len(tables) == 0 {
		t.Fatalf("%d crossing files and %d tables files: the manual's are gone", len(crossings), len(tables))
	}
	dir := t.TempDir()
	for i, tb := range tables {
		if err := os.WriteFile(filepath.Join(dir, "tables"+strconv.Itoa(i)+".yaml"), []byte(tb.body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range crossings {
		path := filepath.Join(dir, "crossing.yaml")
		if err := os.WriteFile(path, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		type run struct {
			with string
			args []string
		}
		runs := []run{{"", []string{"activate", path, "--method", "mc", "--trials", "2000"}}}
		for i, tb := range tables {
			runs = append(runs, run{" with the tables of " + tb.where, []string{"activate", path, "--method", "mc", "--trials", "2000", "--tables", filepath.Join(dir, "tables"+strconv.Itoa(i)+".yaml")}})
		}
		for _, r := range runs {
			var errb bytes.Buffer
			if err := Execute(context.Background(), r.args, new(bytes.Buffer), &errb); err != nil {
				t.Errorf("%s%s: %v\n%s", c.where, r.with, err, errb.String())
			}
		}
	}
}
