package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// request is a run the page asks for: a command line, as the page's
// permalink and its "command line" box show it, and the files it reads.
type request struct {
	Args  []string          `json:"args"`
	Files map[string]string `json:"files"`
}

// message is one line of a run's answer, which streams as JSON lines: a
// "started" with the token that cancels the run, "stderr" writes (the
// progress bar) as they come, and "done" with the run's output. They are
// the messages the page's Web Worker posts when the engine runs in the
// browser, so the page reads both alike.
type message struct {
	Type   string `json:"type"`
	Token  string `json:"token,omitempty"`
	Text   string `json:"text,omitempty"`
	Code   int    `json:"code"`
	Stdout string `json:"stdout,omitempty"`
	Stderr string `json:"stderr,omitempty"`
	// Field is the input a usage error is about, by its flag name.
	Field string `json:"field,omitempty"`
	// Stopped says why the server cut a run short: its time limit, or
	// the server stopping.
	Stopped string `json:"stopped,omitempty"`
}

const (
	maxArgs    = 400
	maxArgLen  = 4 << 10
	maxFiles   = 4
	maxNameLen = 200
)

// read decodes and bounds a run's request. Its error carries the HTTP
// status to answer with (requestError).
func read(w http.ResponseWriter, r *http.Request) (request, error) {
	var req request
	if err := jsonBody(r); err != nil {
		return req, err
	}
	if r.ContentLength > maxBody {
		return req, tooLarge()
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return req, decodeError(err)
	}
	body = bytes.TrimPrefix(body, []byte("\uFEFF")) // a byte-order mark some editors write
	if !utf8.Valid(body) {
		return req, errors.New("the request is not UTF-8 text")
	}
	if err := exactKeys(body); err != nil {
		return req, err
	}
	if err := wholeSurrogates(body); err != nil {
		return req, err
	}
	var raw struct {
		Args  []*string         `json:"args"`
		Files map[string]string `json:"files"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return req, decodeError(err)
	}
	if dec.More() {
		return req, errors.New("want one JSON object, with nothing after it")
	}
	req.Files = raw.Files
	for _, a := range raw.Args {
		if a == nil {
			return req, errors.New("args: want an array of strings, the command line's words, not null")
		}
		req.Args = append(req.Args, *a)
	}
	switch {
	case len(req.Args) == 0:
		return req, errors.New("args: want a command line, e.g. [\"dc\", \"--target\", \"4-6-7\"]")
	case len(req.Args) > maxArgs:
		return req, fmt.Errorf("args: %d arguments; at most %d", len(req.Args), maxArgs)
	case len(req.Files) > maxFiles:
		return req, fmt.Errorf("files: %d files; at most %d", len(req.Files), maxFiles)
	}
	for _, a := range req.Args {
		if len(a) > maxArgLen {
			return req, fmt.Errorf("args: an argument of %d bytes; at most %d", len(a), maxArgLen)
		}
	}
	for name, data := range req.Files {
		if len(name) == 0 || len(name) > maxNameLen {
			return req, fmt.Errorf("files: a name of %d bytes; want 1 to %d", len(name), maxNameLen)
		}
		if len(data) > MaxFile {
			return req, fmt.Errorf("files: %q is %d bytes; this server takes files up to %d KiB", name, len(data), MaxFile>>10)
		}
	}
	return req, nil
}

// exactKeys refuses a body whose object names a key otherwise than
// "args" and "files", or twice, and a files object that names a file
// twice or gives one null for its text: encoding/json matches keys
// regardless of case, keeps the last of two and reads null as empty, so
// that {"ARGS": …}, a second "args" or a file given twice would run as if
// written otherwise.
func exactKeys(body []byte) error {
	return eachKey(body, func(key string, value json.RawMessage) error {
		if key != "args" && key != "files" {
			return fmt.Errorf("unknown field %q; want only \"args\" and \"files\"", key)
		}
		if key != "files" {
			return nil
		}
		return eachKey(value, func(name string, text json.RawMessage) error {
			if string(text) == "null" {
				return fmt.Errorf("files: %q is null; want its text", name)
			}
			return nil
		}, "files: ")
	}, "")
}

// wholeSurrogates refuses a string escape of half a UTF-16 surrogate
// pair ("\ud800" alone): encoding/json reads it as U+FFFD, which the
// request never wrote, so a command line would run on a word it did not
// give. It reads the body's strings only; what is not JSON, the decoder
// refuses.
func wholeSurrogates(body []byte) error {
	half := errors.New("a string holds half a surrogate pair (\\uD800–\\uDFFF alone), which is no character")
	inString := false
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\' && i+1 < len(body) && body[i+1] == 'u':
			r, ok := hex4(body, i+2)
			switch {
			case !ok:
				return nil // the decoder says what is wrong
			case r >= 0xD800 && r <= 0xDBFF:
				next, ok := hex4(body, i+8)
				if i+7 >= len(body) || body[i+6] != '\\' || body[i+7] != 'u' || !ok || next < 0xDC00 || next > 0xDFFF {
					return half
				}
				i += 11
			case r >= 0xDC00 && r <= 0xDFFF:
				return half
			default:
				i += 5
			}
		case c == '\\':
			i++ // the escaped byte
		}
	}
	return nil
}

// hex4 reads four hex digits at body[i:], as a \u escape holds them.
func hex4(body []byte, i int) (rune, bool) {
	if i+4 > len(body) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(body[i:i+4]), 16, 16)
	return rune(n), err == nil
}

// eachKey calls f with each key of the JSON object obj and its value, in
// order, and refuses a key given twice, naming it after prefix. It says
// nothing of what is not an object, or not JSON: the decoder that reads
// it says what is wrong.
func eachKey(obj []byte, f func(key string, value json.RawMessage) error, prefix string) error {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := t.(string)
		if seen[key] {
			return fmt.Errorf("%s%q given twice; give it once", prefix, key)
		}
		seen[key] = true
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil
		}
		if err := f(key, value); err != nil {
			return err
		}
	}
	return nil
}

// jsonBody refuses a request whose body is not said to be JSON, with
// 415: the page sends application/json, and a form of another site can
// send only the types a browser posts without asking the server first.
func jsonBody(r *http.Request) error {
	t, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if cs, ok := params["charset"]; err != nil || t != "application/json" || ok && !strings.EqualFold(cs, "utf-8") {
		return &requestError{http.StatusUnsupportedMediaType, "want Content-Type: application/json"}
	}
	return nil
}

// requestError is a request refused with a status other than 400.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

func tooLarge() error {
	return &requestError{http.StatusRequestEntityTooLarge,
		fmt.Sprintf("the request is over this server's %d KiB (a command line and up to %d files of %d KiB)", maxBody>>10, maxFiles, MaxFile>>10)}
}

// decodeError says what is wrong with a body that does not decode, in
// the request's own terms rather than Go's.
func decodeError(err error) error {
	var mbe *http.MaxBytesError
	var te *json.UnmarshalTypeError
	var ne net.Error
	switch {
	case errors.As(err, &mbe):
		return tooLarge()
	case errors.As(err, &ne) && ne.Timeout():
		return &requestError{http.StatusRequestTimeout, fmt.Sprintf("the request did not arrive within this server's %s", bodyTimeout)}
	case errors.As(err, &te):
		if te.Field == "files" || strings.HasPrefix(te.Field, "files.") {
			return errors.New("files: want an object of file names to their text")
		}
		if te.Field == "args" || strings.HasPrefix(te.Field, "args") {
			return errors.New("args: want an array of strings, the command line's words")
		}
		return errors.New("want a JSON object {\"args\": [...], \"files\": {...}}")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s; want only \"args\" and \"files\"", strings.TrimPrefix(err.Error(), "json: "))
	case errors.Is(err, io.EOF):
		return errors.New("an empty request; want a JSON object {\"args\": [...], \"files\": {...}}")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the JSON ends early; want a JSON object {\"args\": [...], \"files\": {...}}")
	}
	return fmt.Errorf("want a JSON object {\"args\": [...], \"files\": {...}}: %v", strings.TrimPrefix(err.Error(), "json: "))
}

// refuse answers a request read refused.
func refuse(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	var re *requestError
	if errors.As(err, &re) {
		status = re.status
	}
	http.Error(w, err.Error(), status)
}

func (h *handler) run(w http.ResponseWriter, r *http.Request) {
	leave, ok := h.slots.admit()
	if !ok {
		// No place: refused before its upload is read, so that the
		// uploads held at once are bounded.
		w.Header().Set("Retry-After", "5")
		w.Header().Set("Connection", "close")
		http.Error(w, errBusy.Error(), http.StatusServiceUnavailable)
		return
	}
	defer leave()
	req, err := read(w, r)
	if err != nil {
		refuse(w, err)
		return
	}
	files := make(map[string][]byte, len(req.Files))
	for name, data := range req.Files {
		files[name] = []byte(data)
	}
	// Input the run would refuse is answered now, as its run would answer
	// it, and not after the request has waited its turn behind the runs
	// going: it needs no run.
	var refusal bytes.Buffer
	if code, field, ok := h.reg.Check(r.Context(), req.Args, files, &refusal); !ok {
		h.answer(w, func() {}).send(message{Type: "done", Code: code, Stderr: refusal.String(), Field: field})
		return
	}
	release, err := h.slots.acquire(r.Context())
	if err != nil {
		// Busy, or the server stopping while the request waited: either
		// way no run, and the page is told so.
		msg := err.Error()
		if !errors.Is(err, errBusy) {
			msg = "the server is stopping; no run was made"
		}
		w.Header().Set("Retry-After", "5")
		http.Error(w, msg, http.StatusServiceUnavailable)
		return
	}
	ctx, cancelTime := context.WithTimeout(r.Context(), h.lim.MaxTime)
	defer cancelTime()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	token := h.track(cancel)
	// The slot and the token go once the run is over, before its answer
	// is taken, or when the handler ends some other way: a run that
	// panics (net/http recovers it) must not keep its slot for good.
	var over sync.Once
	free := func() { over.Do(func() { h.untrack(token); release() }) }
	defer free()

	out := h.answer(w, cancel)
	out.send(message{Type: "started", Token: token})
	var stdout bytes.Buffer
	stderr := &progress{out: out, tick: h.lim.Tick}
	code, field := h.reg.Run(ctx, req.Args, files, &stdout, stderr)
	// The run is over: its slot goes to the next while this answer is
	// taken, however slowly.
	free()
	done := message{Type: "done", Code: code, Stdout: stdout.String(), Stderr: stderr.all.String(), Field: field}
	// The answer is held while it is taken, as the encoded message
	// alone: not its output's buffer too.
	stdout = bytes.Buffer{}
	if code != 0 && errors.Is(ctx.Err(), context.DeadlineExceeded) && r.Context().Err() == nil {
		done.Stopped = fmt.Sprintf("stopped at this server's time limit of %s (sapper serve --max-time): the figures are partial", h.lim.MaxTime)
	} else if code != 0 && r.Context().Err() != nil {
		done.Stopped = "stopped because the server is stopping: the figures are partial"
	}
	out.send(done)
}

// cancel stops the run whose token the body holds: it ends at its next
// chunk and answers with its partial result.
func (h *handler) cancel(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Token string `json:"token"`
	}
	const want = "want {\"token\": \"…\"}, the token of the run's \"started\" message"
	if err := jsonBody(r); err != nil {
		refuse(w, err)
		return
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<10))
	if err != nil {
		http.Error(w, want, http.StatusBadRequest)
		return
	}
	// As strict as /run: the key spelt exactly, once.
	if err := eachKey(raw, func(key string, _ json.RawMessage) error {
		if key != "token" {
			return fmt.Errorf("unknown field %q", key)
		}
		return nil
	}, ""); err != nil {
		http.Error(w, err.Error()+"; "+want, http.StatusBadRequest)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || dec.More() || body.Token == "" {
		http.Error(w, want, http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	stop := h.runs[body.Token]
	h.mu.Unlock()
	if stop == nil {
		http.Error(w, "no run of that token: it has ended", http.StatusNotFound)
		return
	}
	stop()
	w.WriteHeader(http.StatusNoContent)
}

// track records a run's cancel under a new token that no other page can
// guess.
func (h *handler) track(cancel context.CancelFunc) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	h.mu.Lock()
	h.runs[token] = cancel
	h.mu.Unlock()
	return token
}

func (h *handler) untrack(token string) {
	h.mu.Lock()
	delete(h.runs, token)
	h.mu.Unlock()
}

// answer starts the answer to a run, a stream of JSON lines; gone is
// called when the page stops taking it.
func (h *handler) answer(w http.ResponseWriter, gone context.CancelFunc) *stream {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	return &stream{w: w, rc: http.NewResponseController(w), wait: h.lim.Stall, rate: h.lim.MinRate, gone: gone}
}

// stream writes messages as JSON lines, each flushed as it is written.
// A message of n bytes must be taken within wait (Limits.Stall) and
// n/rate more (Limits.MinRate): past that the stream ends, the run stops (gone) and the
// request gives back its place. A client that stops reading, its
// connection open, would otherwise hold its answer for as long as it
// liked; one that reads at rate or faster takes it all. That deadline
// is the whole message's, since a write returns once the piece is in the
// socket's buffers, megabytes of them, not once the client has read it.
// Each piece has wait besides, within the message's deadline: a client
// that takes nothing loses its answer once the buffers are full and wait
// has passed, not after the whole message's time, some minutes for an
// answer of megabytes.
type stream struct {
	mu   sync.Mutex
	w    io.Writer
	rc   *http.ResponseController
	wait time.Duration
	rate int
	gone context.CancelFunc
	dead bool
}

func (s *stream) send(m message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dead {
		return
	}
	b, _ := json.Marshal(m) // strings and ints only
	b = append(b, '\n')
	end := time.Now().Add(takes(s.wait, len(b), s.rate))
	for len(b) > 0 {
		n := min(len(b), streamPiece)
		d := time.Now().Add(s.wait)
		if d.After(end) {
			d = end
		}
		_ = s.rc.SetWriteDeadline(d)
		_, err := s.w.Write(b[:n])
		if err == nil {
			err = s.rc.Flush()
		}
		if err != nil {
			// The page has gone, or takes nothing: the run stops, and
			// the handler returns, giving back its place.
			s.dead = true
			s.gone()
			return
		}
		b = b[n:]
	}
}

// takes is the time a message of n bytes has to be taken: wait and n at
// rate bytes a second, at most a year, where a sum past the largest
// Duration would wrap to a deadline passed.
func takes(wait time.Duration, n, rate int) time.Duration {
	const most = 365 * 24 * time.Hour
	return min(wait, most) + min(time.Duration(n)*time.Second/time.Duration(rate), most)
}

// streamPiece is how much of a message is flushed at once.
const streamPiece = 64 << 10

// progress is a run's stderr: every write is kept for the answer, and
// passed on to the page at most once a tick, the latest one, which is
// the progress bar as it stands.
type progress struct {
	out  *stream
	tick time.Duration
	mu   sync.Mutex
	all  bytes.Buffer
	last time.Time
}

// maxStderr bounds what a run's stderr keeps: a progress bar rewritten
// for a minute is long, and only its latest state matters.
const maxStderr = 64 << 10

func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	if p.all.Len()+len(b) > maxStderr {
		p.all.Reset()
	}
	p.all.Write(b)
	now := time.Now()
	send := now.Sub(p.last) >= p.tick
	if send {
		p.last = now
	}
	p.mu.Unlock()
	if send {
		p.out.send(message{Type: "stderr", Text: string(b)})
	}
	return len(b), nil
}
