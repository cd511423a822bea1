package web

import (
	"bytes"
	"errors"
	"io/fs"
	"net/http"
	"path"

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

// notServed are the site's files a server leaves out: the service worker,
// whose offline copy of the site would want the WebAssembly engine.
var notServed = map[string]bool{"index.html": true, "sw.js": true}

// routes registers the page, its files, describe.json and the run
// endpoints.
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
		h.mux.Handle("GET /"+f.Name(), static)
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
		h.mux.HandleFunc("GET /"+name, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", typ)
			w.Header().Set("Cache-Control", "max-age=86400")
			_, _ = w.Write(data)
		})
	}
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(h.page)
	}
	h.mux.HandleFunc("GET /{$}", page)
	h.mux.HandleFunc("GET /index.html", page)
	h.mux.HandleFunc("GET /describe.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(h.reg.Describe())
	})
	h.mux.HandleFunc("POST /run", h.run)
	h.mux.HandleFunc("POST /cancel", h.cancel)
	postOnly := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, r.URL.Path+" takes POST only", http.StatusMethodNotAllowed)
	}
	h.mux.HandleFunc("/run", postOnly)
	h.mux.HandleFunc("/cancel", postOnly)
	h.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not found: "+path.Clean(r.URL.Path)+"; the page is at /", http.StatusNotFound)
	})
	return nil
}
