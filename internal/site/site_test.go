package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckDirKeepsOthersFiles: a site written before may be written
// again only when the directory holds nothing but the site, since the new
// one replaces the whole directory: a CNAME or a .git beside it is
// refused, by name, and left alone.
func TestCheckDirKeepsOthersFiles(t *testing.T) {
	dir := t.TempDir()
	own, err := siteFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name := range own {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckDir(dir); err != nil {
		t.Fatalf("a site alone: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CNAME"), []byte("example.org"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	err = CheckDir(dir)
	var de *DirError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "CNAME") || !strings.Contains(err.Error(), ".git") {
		t.Fatalf("a site with a CNAME and a .git: %v; want a DirError naming both", err)
	}
	if _, err := Build(t.Context(), dir, Options{Describe: []byte("{}")}); !errors.As(err, &de) {
		t.Fatalf("Build: %v; want the DirError before any work", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "CNAME")); err != nil || string(data) != "example.org" {
		t.Errorf("the CNAME after a refused build: %q, %v", data, err)
	}
}
