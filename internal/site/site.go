// Package site writes sapper's static site: a page that runs the engine,
// compiled to WebAssembly, in the player's browser. Any static file server
// can host it, and after the first visit it works offline.
//
// The site is index.html, app.js (the page's script and its Web Worker),
// style.css, sw.js (the service worker), manifest.webmanifest, the icons
// (icon.svg and PNGs, drawn by icon.go),
// the Go toolchain's wasm_exec.js, sapper.wasm (cmd/sapper-wasm built for
// GOOS=js GOARCH=wasm), describe.json, the inputs of every command, from
// which the page builds its forms, and docs/, the manual and the rules
// reference that the page's help cites (Docs).
package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

//go:embed web
var web embed.FS

// Module is the module path whose source builds the engine.
const Module = "github.com/sapperhq/sapper"

// wasmPackage is the engine's main package for the browser.
const wasmPackage = Module + "/cmd/sapper-wasm"

// Options are what Build needs besides the directory.
type Options struct {
	// Describe is the describe listing as JSON, written as describe.json.
	Describe []byte
	// Go is the go command; "" finds go on the PATH.
	Go string
	// Dir is a directory inside sapper's module, where go build runs; ""
	// is the current directory.
	Dir string
}

// File is one file of a written site.
type File struct {
	Name string // its path in the site, "docs/dc.html"
	Size int64  // bytes as served
	Gzip int64  // bytes gzipped, as a server that compresses sends them
	// OnDemand: a page of the manual, which a browser fetches when the
	// player opens it, not on the first visit.
	OnDemand bool
}

// Site is what Build wrote.
type Site struct {
	Dir     string
	Version string // the content hash the service worker's cache is named by
	Files   []File
}

// FirstVisit is the bytes, raw and gzipped, of the files a first visit
// fetches: all but the manual's pages.
func (s *Site) FirstVisit() (raw, gz int64) {
	for _, f := range s.Files {
		if !f.OnDemand {
			raw += f.Size
			gz += f.Gzip
		}
	}
	return raw, gz
}

// DirError is a directory a site cannot be written to.
type DirError struct {
	Dir    string
	Reason string
}

func (e *DirError) Error() string { return fmt.Sprintf("%q: %s", e.Dir, e.Reason) }

// CheckDir reports whether a site can be written to dir: a directory that
// does not exist yet in one that does, an empty directory, or a site
// written before, which the new one replaces.
func CheckDir(dir string) error {
	if strings.TrimSpace(dir) == "" {
		return &DirError{dir, "want a directory name"}
	}
	if dir == "-" {
		// Standard output to most commands; a site is a directory.
		return &DirError{dir, "want a directory name, not standard output; for a directory named -, give ./-"}
	}
	parent := filepath.Dir(filepath.Clean(dir))
	switch fi, err := os.Stat(parent); {
	case errors.Is(err, fs.ErrNotExist):
		return &DirError{dir, fmt.Sprintf("its parent %s does not exist", parent)}
	case err != nil || !fi.IsDir():
		return &DirError{dir, fmt.Sprintf("its parent %s is not a directory", parent)}
	}
	// A site replaces its directory whole, which would replace a link
	// rather than fill the directory it names.
	if li, err := os.Lstat(filepath.Clean(dir)); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		return &DirError{dir, "is a symbolic link; give the directory it names"}
	}
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &DirError{dir, err.Error()}
	}
	if !fi.IsDir() {
		return &DirError{dir, "exists and is not a directory"}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return &DirError{dir, err.Error()}
	}
	if len(entries) == 0 {
		return nil
	}
	if !isSite(dir) {
		return &DirError{dir, "is a directory that holds other files; want a new or empty directory, or a site written before"}
	}
	// A new site replaces the whole directory: anything in it that is not
	// a site's own file (a CNAME, .git) would go with the old site.
	own, err := siteFiles()
	if err != nil {
		return err
	}
	var others []string
	for _, e := range entries {
		if e.Name() == docsDir && e.IsDir() {
			continue // the manual, which a site holds
		}
		if !own[e.Name()] || !e.Type().IsRegular() {
			others = append(others, e.Name())
		}
	}
	if len(others) > 0 {
		if len(others) > 3 {
			others = append(others[:3], "…")
		}
		return &DirError{dir, fmt.Sprintf("holds a site and other files (%s), which writing the site again would delete with the old one; "+
			"want a new or empty directory, or a site written before and nothing else", strings.Join(others, ", "))}
	}
	return nil
}

// siteFiles are the names of the files a site is made of.
func siteFiles() (map[string]bool, error) {
	own := map[string]bool{"describe.json": true, "wasm_exec.js": true, "sapper.wasm": true}
	entries, err := fs.ReadDir(web, "web")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		own[e.Name()] = true
	}
	ics, err := icons()
	if err != nil {
		return nil, err
	}
	for name := range ics {
		own[name] = true
	}
	return own, nil
}

// isSite reports whether dir holds a site written before.
func isSite(dir string) bool {
	for _, f := range []string{"index.html", "app.js", "sapper.wasm", "describe.json"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// Build writes the site to dir. It builds everything in a new directory
// beside dir and renames it into place, so that dir is never half
// written: a failure leaves it as it was. A *DirError is a dir that
// cannot take a site, a *SourceError a site that cannot be built here
// (no go command, or not in sapper's module), both found before anything
// is written; any other error is a failed build.
func Build(ctx context.Context, dir string, opt Options) (*Site, error) {
	if err := CheckDir(dir); err != nil {
		return nil, err
	}
	goCmd, err := checkSource(ctx, opt)
	if err != nil {
		return nil, err
	}
	opt.Go = goCmd
	dir = filepath.Clean(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return nil, &DirError{dir, fmt.Sprintf("its parent takes no new directory: %v", errors.Unwrap(err))}
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	if err := writeFiles(ctx, tmp, opt); err != nil {
		return nil, err
	}
	site, err := finish(tmp)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return nil, err
	}
	if err := replace(tmp, dir); err != nil {
		return nil, err
	}
	ok = true
	site.Dir = dir
	return site, nil
}

// writeFiles writes every file of the site to dir but the service
// worker's version.
func writeFiles(ctx context.Context, dir string, opt Options) error {
	if len(opt.Describe) == 0 {
		return errors.New("site: no describe listing")
	}
	err := fs.WalkDir(web, "web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := web.ReadFile(path)
		if err != nil {
			return err
		}
		if path == "web/app.js" {
			data = stripComments(data)
		}
		return os.WriteFile(filepath.Join(dir, strings.TrimPrefix(path, "web/")), data, 0o644)
	})
	if err != nil {
		return err
	}
	// The listing is the page's data, read by no one else: without its
	// indentation it is 2.3 KB smaller gzipped, of a first visit held to
	// 3 MB.
	var describe bytes.Buffer
	if err := json.Compact(&describe, opt.Describe); err != nil {
		return fmt.Errorf("describe listing: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "describe.json"), describe.Bytes(), 0o644); err != nil {
		return err
	}
	ics, err := icons()
	if err != nil {
		return err
	}
	for name, data := range ics {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	pages, err := Docs()
	if err != nil {
		return err
	}
	for name, data := range pages {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	goCmd := opt.Go
	root, err := goOutput(ctx, goCmd, opt.Dir, nil, "env", "GOROOT")
	if err != nil {
		return err
	}
	execJS, err := os.ReadFile(filepath.Join(root, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("the toolchain's wasm_exec.js: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	wasm := filepath.Join(dir, "sapper.wasm")
	env := []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"}
	if _, err := goOutput(ctx, goCmd, opt.Dir, env, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, wasmPackage); err != nil {
		return err
	}
	return os.Chmod(wasm, 0o644) // data to serve, not a program to run
}

// SourceError is a site that cannot be built where it was asked for: no go
// command, or not in a checkout of sapper's module, whose source the
// engine is built from. Nothing has been written.
type SourceError struct{ Reason string }

func (e *SourceError) Error() string { return e.Reason }

// checkSource makes sure that the go command opt names (go, if none) runs
// in sapper's module, before anything is written, and returns it.
func checkSource(ctx context.Context, opt Options) (string, error) {
	goCmd := opt.Go
	if goCmd == "" {
		goCmd = "go"
	}
	if _, err := exec.LookPath(goCmd); err != nil {
		return "", &SourceError{fmt.Sprintf("building the engine needs the go command, and %q is not on PATH: install Go (go.dev/dl) and run sapper site in a checkout of %s", goCmd, Module)}
	}
	mods, err := goOutput(ctx, goCmd, opt.Dir, nil, "list", "-m")
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err != nil {
		return "", err // go's own words: a broken GOFLAGS or go.mod, say
	}
	// One module, or a workspace's several (go.work), one of them sapper.
	if !slices.Contains(strings.Fields(mods), Module) {
		return "", &SourceError{fmt.Sprintf("the engine is built from sapper's source: run sapper site in a checkout of %s (go run ./cmd/sapper site DIR)", Module)}
	}
	return goCmd, nil
}

// goOutput runs the go command in dir and returns its output, trimmed;
// a failure's error carries what go said.
func goOutput(ctx context.Context, goCmd, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.Join(strings.Fields(stderr.String()), " ")
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("go %s: %s", strings.Join(args, " "), msg)
	}
	return strings.TrimSpace(stdout.String()), nil
}

// finish names the service worker's cache after the content of every
// file, so that a new site replaces an old one in a browser that has it,
// and measures the files.
func finish(dir string) (*Site, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		if n == "sw.js" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(h, "%s %d\n", n, len(data))
		h.Write(data)
	}
	version := hex.EncodeToString(h.Sum(nil))[:16]
	sw := filepath.Join(dir, "sw.js")
	data, err := os.ReadFile(sw)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(sw, bytes.Replace(data, []byte("__BUILD__"), []byte(version), 1), 0o644); err != nil {
		return nil, err
	}
	site := &Site{Version: version}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			return nil, err
		}
		site.Files = append(site.Files, File{Name: n, Size: int64(len(data)), Gzip: gzipSize(data), OnDemand: strings.HasPrefix(n, docsDir+"/")})
	}
	return site, nil
}

func gzipSize(data []byte) int64 {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return int64(buf.Len())
}

// replace puts the new site tmp at dir: a rename onto a name that is free
// or an empty directory, else the old site moves aside first and goes once
// the new one is in place.
func replace(tmp, dir string) error {
	if err := os.Rename(tmp, dir); err == nil {
		return nil
	}
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		return fmt.Errorf("moving the old site aside: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return fmt.Errorf("putting the site in place: %w", err)
	}
	return os.RemoveAll(old)
}

// stripComments drops the lines of a script that are comments alone
// (after their indent, "//"), which a player's browser downloads for
// nothing: a quarter of app.js once compressed. It leaves every other
// line as it is, so the script runs the same. The script has no template
// literals (TestScriptStrips), the one place a line that starts with
// "//" could be part of a string.
func stripComments(src []byte) []byte {
	var out []byte
	for line := range bytes.Lines(src) {
		if bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("//")) {
			continue
		}
		out = append(out, line...)
	}
	return out
}
