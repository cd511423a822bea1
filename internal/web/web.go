// Package web serves sapper's page from a server: the same page, script
// and forms as the static site (package site), with each run made by the
// server's native engine instead of WebAssembly in the browser. The
// figures are the same either way; the server is faster and needs no
// download of the engine.
//
// The handler keeps no state outside itself: New takes the commands (a
// Registry) and the limits a request is held to, and two handlers in one
// process share nothing.
package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"
)

// Registry is what the server runs: sapper's commands, by command line.
type Registry interface {
	// Describe is the inputs of every command, the JSON of sapper describe
	// --format json, from which the page builds its forms.
	Describe() []byte
	// Run runs one command line as the terminal would (without the
	// program name), reading only the files given, writing its output to
	// stdout and its progress and error line to stderr. It returns the
	// exit status and, for bad input, the input at fault by its flag name
	// ("" for none), which the page marks.
	Run(ctx context.Context, args []string, files map[string][]byte, stdout, stderr io.Writer) (code int, field string)
	// Check reads a command line as Run would and runs nothing: for one
	// Run would refuse, it writes Run's error line to stderr and returns
	// Run's exit status and input at fault; ok for one Run would run.
	Check(ctx context.Context, args []string, files map[string][]byte, stderr io.Writer) (code int, field string, ok bool)
}

// Limits bound what a request may ask of a server that anyone who can
// reach it may use. The trials and paths of one run are the Registry's to
// bound; these are the server's.
type Limits struct {
	// Runs is how many runs go at once. Runs + Queue is how many
	// requests the server holds at once, from their upload to the end of
	// their answer, the others refused at once with a 503: so many may
	// wait for a run, each at most Wait before a 503, while the runs go
	// on or earlier answers are taken.
	Runs  int
	Queue int
	Wait  time.Duration
	// MaxTime is the wall time of one run; a run still going then stops
	// and answers with its partial result.
	MaxTime time.Duration
	// Loopback is set when the server listens on loopback only: it then
	// answers only requests addressed to a loopback name, so that a page
	// elsewhere cannot reach it through a DNS name it controls.
	Loopback bool
	// Tick is the least time between two progress messages of a run; 0
	// is DefaultTick.
	Tick time.Duration
	// Stall and MinRate bound how long a client may take a message of
	// a run's answer: n bytes have Stall and n/MinRate (bytes a second)
	// more; past that the answer is dropped, the run stopped and the
	// request's place freed. Stall 0 is MaxTime, or MinStall if that is
	// longer; MinRate 0 is DefaultMinRate.
	Stall   time.Duration
	MinRate int
}

// DefaultMinRate is the slowest a client may take an answer by default,
// in bytes a second: 128 kbit/s, a phone on a poor line. The largest
// answers (a sweep of 200 values over ten targets, some 8 MB) then have
// eight and a half minutes beyond Stall.
const DefaultMinRate = 16 << 10

// MaxAnswer is the most memory one answer holds while it is taken: the
// largest (a sweep of fire over 200 values against ten targets with SW,
// some 12 MB of JSON) as its output and its encoded message, which live
// side by side until the collector frees the first. A server holds at
// most one a place (Runs + Queue) beside its runs' memory, so that its
// soft memory limit must leave room for them: below it, answers being
// taken would make the collector run without end.
const MaxAnswer = 24 << 20

// DefaultTick is how often a run's progress reaches the page at most.
const DefaultTick = 200 * time.Millisecond

// MinStall is the least time a message waits for a client that has
// stopped reading, however short MaxTime is: a slow phone takes a large
// answer in seconds.
const MinStall = 30 * time.Second

// A request's body is one command line and its files: a crossing and a
// tables file of at most MaxFile bytes each, and room around them.
const (
	MaxFile = 32 << 10
	maxBody = 4*MaxFile + 16<<10
	// bodyTimeout is room for maxBody at under 10 KB/s.
	bodyTimeout = 30 * time.Second
)

// LimitsError is a Limits value New refuses.
type LimitsError struct{ Why string }

func (e *LimitsError) Error() string { return "web: " + e.Why }

type handler struct {
	reg   Registry
	lim   Limits
	mux   *http.ServeMux
	slots *slots
	page  []byte // index.html, marked as served
	// gets are the paths served by GET, for the 405 of another method.
	gets map[string]bool
	// runs are the runs in flight, by the token their page cancels them
	// with.
	mu   sync.Mutex
	runs map[string]context.CancelFunc
}

// New returns the handler of a server running reg's commands within lim.
func New(reg Registry, lim Limits) (http.Handler, error) {
	switch {
	case reg == nil:
		return nil, errors.New("web: no registry")
	case lim.Runs < 1:
		return nil, &LimitsError{"Runs must be at least 1"}
	case lim.Queue < 0:
		return nil, &LimitsError{"Queue must be 0 or more"}
	case lim.Wait <= 0 || lim.MaxTime <= 0:
		return nil, &LimitsError{"Wait and MaxTime must be positive"}
	case lim.Tick < 0 || lim.Stall < 0 || lim.MinRate < 0:
		return nil, &LimitsError{"Tick, Stall and MinRate must be 0 or more"}
	}
	if lim.MinRate == 0 {
		lim.MinRate = DefaultMinRate
	}
	if lim.Tick == 0 {
		lim.Tick = DefaultTick
	}
	if lim.Stall == 0 {
		lim.Stall = max(lim.MaxTime, MinStall)
	}
	page, err := servedPage()
	if err != nil {
		return nil, err
	}
	h := &handler{reg: reg, lim: lim, mux: http.NewServeMux(), slots: newSlots(lim), page: page, gets: map[string]bool{}, runs: map[string]context.CancelFunc{}}
	if err := h.routes(); err != nil {
		return nil, err
	}
	return h, nil
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Body != nil && r.Body != http.NoBody {
		// A body sent slowly would hold its connection and goroutine for
		// ever. The deadline ends with the request.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	}
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "same-origin")
	if h.lim.Loopback && !loopbackHost(r.Host) {
		http.Error(w, "sapper serve answers on localhost only; to serve others, start it with --addr", http.StatusMisdirectedRequest)
		return
	}
	if why := crossSite(r); why != "" {
		http.Error(w, why, http.StatusForbidden)
		return
	}
	h.mux.ServeHTTP(w, r)
}
