//go:build !js

package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteRefusesABadDir: a directory the site cannot go to is bad input,
// exit status 2 with one line, and nothing is written.
func TestSiteRefusesABadDir(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	full := filepath.Join(tmp, "full")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty, link, dangling := filepath.Join(tmp, "empty"), filepath.Join(tmp, "link"), filepath.Join(tmp, "dangling")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(empty, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tmp, "gone"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"site"}, "want the directory to write the site to"},
		{[]string{"site", "a", "b"}, "want one directory, got 2 arguments"},
		{[]string{"site", ""}, "want a directory name"},
		{[]string{"site", "-"}, "want a directory name, not standard output; for a directory named -, give ./-"},
		{[]string{"site", file}, "exists and is not a directory"},
		{[]string{"site", full}, "holds other files"},
		{[]string{"site", filepath.Join(tmp, "no", "such")}, "its parent " + filepath.Join(tmp, "no") + " does not exist"},
		{[]string{"site", filepath.Join(file, "such")}, "its parent " + file + " is not a directory"},
		{[]string{"site", link}, "is a symbolic link; give the directory it names"},
		{[]string{"site", link + string(filepath.Separator)}, "is a symbolic link"},
		{[]string{"site", dangling}, "is a symbolic link"},
	} {
		code, out, errOut := cli(t, c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("sapper %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	entries, _ := os.ReadDir(tmp)
	if len(entries) != 5 {
		t.Errorf("the refused runs left %d entries in the directory, want the 5 it had", len(entries))
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(full, "notes.txt")); string(data) != "mine" {
		t.Errorf("a refused directory's file changed: %q", data)
	}
}

// TestSiteInterrupted: a site whose build is interrupted is no failure of
// the build: exit 130, one line, and no directory left behind.
func TestSiteInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := filepath.Join(t.TempDir(), "site")
	code, stdout, stderr := cliCtx(t, ctx, "site", dir)
	if code != exitInterrupted || stdout != "" || stderr != "sapper site: interrupted while building the site; nothing was written\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the directory was left: %v", err)
	}
}

// TestBrowserDescribeHoldsMemory: the site's describe.json holds
// --max-memory to what the browser's engine takes, whose WebAssembly
// memory ends at 4 GB, and leaves its default as it is.
func TestBrowserDescribeHoldsMemory(t *testing.T) {
	b, err := browserDescribe()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Commands []commandDesc `json:"commands"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range doc.Commands {
		for _, in := range c.Inputs {
			if in.Name == "max-memory" {
				seen++
				if string(in.Max) != "3072" || in.Default != "1024" {
					t.Errorf("%s --max-memory: max %s, default %s; want 3072 and 1024", c.Name, in.Max, in.Default)
				}
			}
		}
	}
	if seen == 0 {
		t.Error("no command has --max-memory")
	}
}
