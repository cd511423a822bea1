package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/site"
)

// servedMark tells the page that its runs go to this server (POST /run)
// rather than to the engine compiled to WebAssembly, which a server does
// not carry.
const servedMark = `<meta name="sapper-engine" content="server">`

// servedPage is the site's index.html with the mark in its head.
func servedPage() ([]byte, error) {
	b, err := fs.ReadFile(site.Page(), "index.html")
	if err != nil {
		return nil, err
	}
	const head = "<head>"
	i := bytes.Index(b, []byte(head))
	if i < 0 {
		return nil, errors.New("web: the site's index.html has no <head>")
	}
	i += len(head)
	return append(append(append([]byte{}, b[:i]...), "\n"+servedMark...), b[i:]...), nil
}

// workerRemover is the service worker a server answers /sw.js with: it
// takes over from the static site's at once, then removes itself and the
// site's caches, and reloads the pages it held.
const workerRemover = `// sapper serve runs this page's work: no worker is wanted here.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(
  caches.keys()
    .then((keys) => Promise.all(keys.map((k) => caches.delete(k))))
    .then(() => self.registration.unregister())
    .then(() => self.clients.matchAll({ type: "window", includeUncontrolled: true }))
    .then((pages) => Promise.all(pages.map((p) => p.navigate(p.url))))));
`

// notServed are the site's files a server does not serve as they are:
// the page, marked as served (servedPage), and the service worker, whose
// offline copy of the site would want the WebAssembly engine; /sw.js is
// workerRemover instead.
var notServed = map[string]bool{"index.html": true, "sw.js": true}

// get serves GET (and HEAD) of path with hd, and notes the path, so that
// another method there is told which it takes.
func (h *handler) get(path string, hd http.Handler) {
	h.mux.Handle("GET "+path, hd)
	h.gets[path] = true
}

// routes registers the page, its files, the manual's pages,
// describe.json and the run endpoints.
func (h *handler) routes() error {
	files, err := fs.ReadDir(site.Page(), ".")
	if err != nil {
		return err
	}
	static := http.FileServerFS(site.Page())
	for _, f := range files {
		if f.IsDir() || notServed[f.Name()] {
			continue
		}
		if path.Ext(f.Name()) == ".webmanifest" {
			// a type the mime package does not know, which the browser
			// then reads as text
			h.get("/"+f.Name(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/manifest+json")
				static.ServeHTTP(w, r)
			}))
			continue
		}
		h.get("/"+f.Name(), static)
	}
	icons, err := site.Icons()
	if err != nil {
		return err
	}
	for name, data := range icons {
		typ := "image/png"
		if path.Ext(name) == ".svg" {
			typ = "image/svg+xml"
		}
		h.get("/"+name, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", typ)
			w.Header().Set("Cache-Control", "max-age=86400")
			_, _ = w.Write(data)
		}))
	}
	docs, err := site.Docs()
	if err != nil {
		return err
	}
	for name, data := range docs {
		hd := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(data)
		})
		h.get("/"+name, hd)
		if dir, ok := strings.CutSuffix(name, "index.html"); ok {
			// /docs/ as a static server answers it, exactly: {$}
			// matches the directory and nothing below it.
			h.mux.Handle("GET /"+dir+"{$}", hd)
			h.gets["/"+dir] = true
		}
	}
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(h.page)
	}
	// The static site's service worker, left on this address by an
	// earlier visit, would serve its cached page and engine in place of
	// this server's. The browser fetches the worker's script again on a
	// visit, and gets this one, which removes the worker and its caches
	// and reloads the pages it held, now from the server.
	h.get("/sw.js", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = io.WriteString(w, workerRemover)
	}))
	h.mux.HandleFunc("GET /{$}", page)
	h.gets["/"] = true
	h.get("/index.html", http.HandlerFunc(page))
	h.get("/describe.json", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := h.reg.Describe()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(d))) // for HEAD too
		_, _ = w.Write(d)
	}))
	h.mux.HandleFunc("POST /run", h.run)
	h.mux.HandleFunc("POST /cancel", h.cancel)
	postOnly := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, r.URL.Path+" takes POST only", http.StatusMethodNotAllowed)
	}
	h.mux.HandleFunc("/run", postOnly)
	h.mux.HandleFunc("/cancel", postOnly)
	h.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead && h.gets[r.URL.Path] {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, r.URL.Path+" takes GET and HEAD only", http.StatusMethodNotAllowed)
			return
		}
		http.Error(w, fmt.Sprintf("not found: %s; the page is at /", shortPath(r.URL.Path)), http.StatusNotFound)
	})
	return nil
}

// shortPath quotes a path not found, cut to its first 80 bytes: an answer
// need not echo a megabyte of path, nor a NUL.
func shortPath(p string) string {
	if len(p) > 80 {
		return strconv.Quote(p[:80]) + "…"
	}
	return strconv.Quote(p)
}
