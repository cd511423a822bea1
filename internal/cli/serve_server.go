//go:build !js

package cli

import (
	"context"
	"embed"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"time"
)

//go:embed web
var webFS embed.FS

var pageTemplates = template.Must(template.ParseFS(webFS, "web/*.html"))

// server is sapper serve's handler: a page per command with a prepare
// step, in the order of commands.
type server struct {
	lim   limits
	slots *slots
	forms map[string]*form
	order []*form
	mux   *http.ServeMux
	// loopback is set when the server listens on loopback only; it then
	// answers only requests addressed to a loopback name, so that a web
	// page elsewhere cannot reach it through a DNS name it controls.
	loopback bool
	// tick is how often a stream sends a run's progress.
	tick time.Duration
	// bodyTimeout bounds the reading of a request's body.
	bodyTimeout time.Duration
	// stopping ends when the server stops its runs (serve_stop.go).
	stopping context.Context
	stopRuns context.CancelCauseFunc
}

// newServer builds the handler. From then on the process reads no input
// file from disk: a form's files are uploads.
func newServer(lim limits, loopback bool) *server {
	s := &server{lim: lim, slots: newSlots(lim), forms: map[string]*form{}, mux: http.NewServeMux(), loopback: loopback, tick: progressEvery, bodyTimeout: bodyTimeout}
	s.stopping, s.stopRuns = context.WithCancelCause(context.Background())
	for _, c := range commands {
		if c.prepare == nil {
			continue
		}
		f := newForm(c)
		s.forms[c.name] = f
		s.order = append(s.order, f)
	}
	// Each asset by its own path: a pattern for the whole directory would
	// overlap the commands' /{cmd}/run.
	static, err := fs.Sub(webFS, "web/static")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	assets, err := fs.ReadDir(static, ".")
	if err != nil {
		panic(err)
	}
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	for _, a := range assets {
		s.mux.Handle("GET /static/"+a.Name(), files)
	}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /scenarios", s.scenarios)
	s.mux.HandleFunc("POST /scenarios", s.uploadScenario)
	s.mux.HandleFunc("GET /{cmd}", s.withForm(s.blank))
	s.mux.HandleFunc("POST /{cmd}", s.withForm(s.upload))
	s.mux.HandleFunc("GET /{cmd}/run", s.withForm(s.page))
	s.mux.HandleFunc("GET /{cmd}/result", s.withForm(s.result))
	s.mux.HandleFunc("GET /{cmd}/events", s.withForm(s.events))
	return s
}

// The timeouts of a connection. A request's headers and body each have
// their time; an idle connection is closed. The server sets no
// ReadTimeout: net/http reads on past the body to see the client leave,
// and a read deadline that expires then cancels the request, cutting a
// run that is still within --max-time. Nor does it set a WriteTimeout,
// which would cut an event stream that outlives it.
const (
	headerTimeout = 10 * time.Second
	// bodyTimeout is room for maxBody at under 10 KB/s.
	bodyTimeout = 30 * time.Second
	idleTimeout = 2 * time.Minute
)

// httpServer is the http.Server that serves s.
func (s *server) httpServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: headerTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxURL + 16<<10,
	}
}

// maxURL caps a request's URL and headers: room for the two files a form
// may carry in its permalink, escaped.
const maxURL = 8 * maxUpload

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Body != nil && r.Body != http.NoBody {
		// A body sent slowly, whether a form reads it or the server
		// discards it after a refusal, would hold its connection and
		// goroutine for ever. The deadline ends with the request: the
		// next one on the connection gets the server's own.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.bodyTimeout))
	}
	h := w.Header()
	// The pages load their script and style from /static only; a chart
	// is an image (data:), and a form posts to its own page.
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	// Same-origin rather than no-referrer: under no-referrer a browser
	// sends "Origin: null" with the server's own forms, which crossSite
	// could not tell from a foreign page's.
	h.Set("Referrer-Policy", "same-origin")
	if s.loopback && !loopbackHost(r.Host) {
		http.Error(w, "sapper serve answers on localhost only; to serve others, start it with --addr", http.StatusMisdirectedRequest)
		return
	}
	if why := crossSite(r); why != "" {
		http.Error(w, why, http.StatusForbidden)
		return
	}
	if len(r.URL.RawQuery) > maxURL {
		http.Error(w, "the URL is longer than this server takes", http.StatusRequestURITooLong)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// withForm resolves the {cmd} of a command page.
func (s *server) withForm(h func(http.ResponseWriter, *http.Request, *form)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f := s.forms[r.PathValue("cmd")]
		if f == nil {
			s.notFound(w, r)
			return
		}
		h(w, r, f)
	}
}
