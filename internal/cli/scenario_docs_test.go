package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestScenarioTableNamesEvery: docs/scenario-files.md's table of what
// each built-in scenario runs has a row for every one, as the listing
// above it has (it once left toi-suppressive-fire out), and none other.
func TestScenarioTableNamesEvery(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "scenario-files.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "| Name | What it runs |")
	if !ok {
		t.Fatal("docs/scenario-files.md has no table of the built-in scenarios")
	}
	named := map[string]bool{}
	for _, line := range strings.Split(table, "\n")[2:] {
		if !strings.HasPrefix(line, "| ") {
			break
		}
		first, _, _ := strings.Cut(line[2:], " | ")
		for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(first, -1) {
			named[m[1]] = true
		}
	}
	for _, name := range builtinNames() {
		if !named[name] {
			t.Errorf("docs/scenario-files.md's table has no row for %s", name)
		}
		delete(named, name)
	}
	for name := range named {
		t.Errorf("docs/scenario-files.md's table has a row for %s, which is no built-in scenario", name)
	}
}
