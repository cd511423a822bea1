package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// fake is a Registry whose runs echo their arguments and files, and, for
// "wait", block until cancelled, answering 130 with a partial result as
// sapper does.
type fake struct {
	started chan struct{}
}

func (f *fake) Describe() []byte { return []byte(`{"commands":[]}`) }

func (f *fake) Run(ctx context.Context, args []string, files map[string][]byte, stdout, stderr io.Writer) (int, string) {
	switch args[0] {
	case "wait":
		for i := 0; ; i++ {
			fmt.Fprintf(stderr, "\r[##] %d trials", i)
			if i == 0 && f.started != nil {
				close(f.started)
			}
			select {
			case <-ctx.Done():
				fmt.Fprint(stdout, `{"partial":true}`)
				return 130, ""
			case <-time.After(5 * time.Millisecond):
			}
		}
	case "mid":
		stdout.Write(bytes.Repeat([]byte("x"), 8<<20))
		return 0, ""
	case "big":
		// An answer far larger than the socket buffers between a server
		// and a client that reads none of it.
		stdout.Write(bytes.Repeat([]byte("x"), 16<<20))
		return 0, ""
	case "bad":
		fmt.Fprintln(stderr, "sapper dc: --tem: 9 is out of range 0…8")
		return 2, "tem"
	}
	fmt.Fprintf(stdout, "%s|%d files|%s", strings.Join(args, " "), len(files), files["a.yaml"])
	return 0, ""
}

// Check refuses "bad" as Run does, and passes the rest.
func (f *fake) Check(_ context.Context, args []string, _ map[string][]byte, stderr io.Writer) (int, string, bool) {
	if len(args) > 0 && args[0] == "bad" {
		code, field := f.Run(context.Background(), args, nil, io.Discard, stderr)
		return code, field, false
	}
	return 0, "", true
}

func limits() Limits {
	return Limits{Runs: 1, Queue: 0, Wait: 50 * time.Millisecond, MaxTime: 5 * time.Second, Tick: time.Millisecond}
}

func server(t *testing.T, reg Registry, lim Limits) *httptest.Server {
	t.Helper()
	h, err := New(reg, lim)
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s
}

// post sends a run and reads its messages.
func post(t *testing.T, s *httptest.Server, body string, header map[string]string) (*http.Response, []message) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+"/run", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var msgs []message
	if res.StatusCode == http.StatusOK {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			var m message
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatalf("%q: %v", sc.Text(), err)
			}
			msgs = append(msgs, m)
		}
	}
	return res, msgs
}

func TestNewRefusesBadLimits(t *testing.T) {
	for _, l := range []Limits{{}, {Runs: 1, Wait: time.Second}, {Runs: 1, Queue: -1, Wait: time.Second, MaxTime: time.Second}, {Runs: 1, Wait: time.Second, MaxTime: time.Second, Tick: -1}, {Runs: 1, Wait: time.Second, MaxTime: time.Second, Stall: -1}} {
		if _, err := New(&fake{}, l); err == nil {
			t.Errorf("%+v: accepted", l)
		}
	}
	if _, err := New(nil, limits()); err == nil {
		t.Error("a nil registry was accepted")
	}
}

// TestPage: the site's page, marked as served, its files, the manual's
// pages, and the registry's describe.json; no service worker, whose offline copy would
// want the WebAssembly engine.
func TestPage(t *testing.T) {
	s := server(t, &fake{}, limits())
	for path, want := range map[string]string{
		"/":              servedMark,
		"/index.html":    servedMark,
		"/app.js":        "sapper",
		"/style.css":     "{",
		"/describe.json": `{"commands":[]}`,
		"/icon.svg":      "<svg",
		"/icon-192.png":  "PNG",
		// the manual and the rules reference, which the page's help links
		"/docs/index.html":     "the rules reference",
		"/docs/rules/asl.html": `id="8.50"`,
		"/docs/":               "The commands",
		"/docs/rules/":         "asl.md",
	} {
		res, err := s.Client().Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, body lacks %q", path, res.StatusCode, want)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
	}
	for _, path := range []string{"/run", "/cancel"} {
		res, err := s.Client().Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
			t.Errorf("GET %s: %d, Allow %q; want 405, POST", path, res.StatusCode, res.Header.Get("Allow"))
		}
	}
	res, err := s.Client().Head(s.URL + "/describe.json")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.ContentLength != int64(len(`{"commands":[]}`)) {
		t.Errorf("HEAD /describe.json: %d, length %d", res.StatusCode, res.ContentLength)
	}
	for _, path := range []string{"/", "/describe.json", "/style.css"} {
		res, err := s.Client().Post(s.URL+path, "text/plain", nil)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("POST %s: %d, Allow %q; want 405, GET, HEAD", path, res.StatusCode, res.Header.Get("Allow"))
		}
	}
	for path, want := range map[string]string{
		"/sapper.wasm": `"/sapper.wasm"`, "/nothing": `"/nothing"`, "/run/": `"/run/"`,
		"/a%00b": `"/a\x00b"`, "/" + strings.Repeat("z", 2000): `"/` + strings.Repeat("z", 79) + `"…`,
	} {
		res, err := s.Client().Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound || !strings.Contains(string(b), "not found: "+want+"; the page is at /") {
			t.Errorf("GET %.40s: %d %q, want 404 naming %s", path, res.StatusCode, b, want)
		}
	}
}

// TestWorkerRemoved: /sw.js is no copy of the static site's worker but
// one that removes itself, so that a worker that site left on this
// address does not keep serving its cached page instead of this server's.
func TestWorkerRemoved(t *testing.T) {
	s := server(t, &fake{}, limits())
	res, err := s.Client().Get(s.URL + "/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") || res.Header.Get("Cache-Control") != "no-cache" ||
		!strings.Contains(string(b), "self.registration.unregister()") || strings.Contains(string(b), "fetch") {
		t.Errorf("GET /sw.js: %d %s %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), b)
	}
}

// TestManifestType: the app manifest goes as what it is, not text.
func TestManifestType(t *testing.T) {
	s := server(t, &fake{}, limits())
	res, err := s.Client().Get(s.URL + "/manifest.webmanifest")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/manifest+json" {
		t.Errorf("GET /manifest.webmanifest: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// TestRun: a run's answer streams its start, its progress and its output,
// the files reaching the registry.
func TestRun(t *testing.T) {
	s := server(t, &fake{}, limits())
	res, msgs := post(t, s, `{"args":["dc","--tem","2"],"files":{"a.yaml":"x: 1"}}`, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if len(msgs) != 2 || msgs[0].Type != "started" || len(msgs[0].Token) != 32 || msgs[1].Type != "done" {
		t.Fatalf("%+v", msgs)
	}
	if d := msgs[1]; d.Code != 0 || d.Stdout != "dc --tem 2|1 files|x: 1" {
		t.Errorf("%+v", d)
	}
	_, msgs = post(t, s, `{"args":["bad"]}`, nil)
	if d := msgs[len(msgs)-1]; d.Code != 2 || d.Field != "tem" || !strings.Contains(d.Stderr, "--tem: 9") {
		t.Errorf("%+v", d)
	}
	// A byte-order mark before the object, as some editors write, is
	// not the request's.
	_, msgs = post(t, s, "\uFEFF"+`{"args":["dc"]}`, nil)
	if len(msgs) != 2 || msgs[1].Stdout != "dc|0 files|" {
		t.Errorf("after a byte-order mark: %+v", msgs)
	}
}

// TestBadRequests: a body that is not one bounded run is refused, 400,
// with what is wanted in the request's terms, not Go's; one over the
// server's size, 413, before it is read when its length says so.
func TestBadRequests(t *testing.T) {
	s := server(t, &fake{}, limits())
	big := strings.Repeat("x", MaxFile+1)
	for _, c := range []struct {
		body   string
		status int
		want   string
	}{
		{``, 400, "an empty request; want a JSON object"},
		{`{"args":["dc"]`, 400, "the JSON ends early; want a JSON object"},
		{`[]`, 400, "want a JSON object"},
		{`{"args":[]}`, 400, "args: want a command line"},
		{`{"args":["dc"],"extra":1}`, 400, `unknown field "extra"; want only "args" and "files"`},
		{`{"args":"dc"}`, 400, "args: want an array of strings"},
		{`{"args":["dc",1]}`, 400, "args: want an array of strings"},
		{`{"args":["dc"],"files":["a"]}`, 400, "files: want an object of file names to their text"},
		{`{"args":["dc"],"files":{"a":"` + big + `"}}`, 400, "this server takes files up to 32 KiB"},
		{`{"args":["dc"],"files":{"":"x"}}`, 400, "files: a name of 0 bytes"},
		{`{"args":["` + strings.Repeat("y", maxBody) + `"]}`, 413, "over this server's 144 KiB"},
		{`{"args":["dc"]}garbage`, 400, "nothing after it"},
		{`{"ARGS":["dc"]}`, 400, `unknown field "ARGS"; want only "args" and "files"`},
		{`{"args":["serve"],"args":["dc"]}`, 400, `"args" given twice`},
		{`{"args":["dc",null]}`, 400, "not null"},
		{`{"args":["dc"],"files":{"a.yaml":"x","a.yaml":"y"}}`, 400, `files: "a.yaml" given twice`},
		{`{"args":["dc"],"files":{"a.yaml":null}}`, 400, `files: "a.yaml" is null; want its text`},
		{"{\"args\":[\"dc\",\"\xff\"]}", 400, "not UTF-8 text"},
		{`{"args":["dc"]}{"args":["serve"]}`, 400, "nothing after it"},
		{`{"args":["dc","\ud800"]}`, 400, "half a surrogate pair"},
		{`{"args":["dc","\udc00x"]}`, 400, "half a surrogate pair"},
		{`{"args":["dc","\ud800\u0041"]}`, 400, "half a surrogate pair"},
		{`{"args":["dc"],"files":{"a":"\uD83D"}}`, 400, "half a surrogate pair"},
	} {
		res, err := s.Client().Post(s.URL+"/run", "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		msg, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || !strings.Contains(string(msg), c.want) || strings.Contains(string(msg), "Go ") || strings.Contains(string(msg), "EOF") {
			t.Errorf("%.60q: %d %q, want %d with %q", c.body, res.StatusCode, msg, c.status, c.want)
		}
	}
}

// TestJSONOnly: /run and /cancel take a body said to be JSON, in UTF-8,
// and refuse any other with 415 before reading it: the types a form of
// another site may post without asking first among them.
func TestJSONOnly(t *testing.T) {
	s := server(t, &fake{}, limits())
	for _, path := range []string{"/run", "/cancel"} {
		for _, typ := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1", "application/jsonx"} {
			req, _ := http.NewRequest("POST", s.URL+path, strings.NewReader(`{"args":["dc"]}`))
			if typ != "" {
				req.Header.Set("Content-Type", typ)
			}
			res, err := s.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			msg, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(string(msg), "want Content-Type: application/json") {
				t.Errorf("%s as %q: %d %q, want 415", path, typ, res.StatusCode, msg)
			}
		}
	}
	if res, _ := post(t, s, `{"args":["dc"]}`, map[string]string{"Content-Type": "application/json; charset=UTF-8"}); res.StatusCode != 200 {
		t.Errorf("application/json; charset=UTF-8: %d, want 200", res.StatusCode)
	}
}

// TestCrossSite: a run asked for by another site's page is refused; the
// page's own files are open to all.
func TestCrossSite(t *testing.T) {
	s := server(t, &fake{}, limits())
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example"},
		{"Origin": "null"},
	} {
		res, _ := post(t, s, `{"args":["dc"]}`, h)
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%v: %d, want 403", h, res.StatusCode)
		}
	}
	u := strings.TrimPrefix(s.URL, "http://")
	for _, h := range []map[string]string{{"Sec-Fetch-Site": "same-origin", "Origin": "http://" + u}, {}} {
		if res, _ := post(t, s, `{"args":["dc"]}`, h); res.StatusCode != 200 {
			t.Errorf("%v: %d, want 200", h, res.StatusCode)
		}
	}
	for _, c := range []struct {
		origin, host string
		same         bool
	}{
		{"http://localhost:8080", "localhost:8080", true},
		{"http://localhost", "localhost:80", true},
		{"https://a.example", "a.example:443", true},
		{"http://localhost:8080", "localhost:9090", false},
		{"http://localhost:8080/x", "localhost:8080", false},
		{"file://", "localhost", false},
		// Not a browser's origin: a user, a query or a fragment.
		{"http://user@localhost:8080", "localhost:8080", false},
		{"http://localhost:8080?x", "localhost:8080", false},
		{"http://localhost:8080?", "localhost:8080", false},
		{"http://localhost:8080#x", "localhost:8080", false},
		{"http://localhost:8080#", "localhost:8080", false},
		{"http://localhost:8080/", "localhost:8080", false},
	} {
		if got := sameOrigin(c.origin, c.host); got != c.same {
			t.Errorf("sameOrigin(%q, %q) = %v", c.origin, c.host, got)
		}
	}
}

// TestLoopbackOnly: a server on loopback answers loopback names only, so
// that a DNS name rebound to 127.0.0.1 reaches nothing.
func TestLoopbackOnly(t *testing.T) {
	lim := limits()
	lim.Loopback = true
	s := server(t, &fake{}, lim)
	req, _ := http.NewRequest("GET", s.URL+"/", nil)
	req.Host = "attacker.example"
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("%d, want 421", res.StatusCode)
	}
	for host, want := range map[string]bool{"localhost:1": true, "127.0.0.1": true, "[::1]:80": true, "example.com": false, "10.0.0.1:80": false} {
		if loopbackHost(host) != want {
			t.Errorf("loopbackHost(%q) != %v", host, want)
		}
	}
}

// TestCancelAndBusy: with one run going and no queue, a second is turned
// away (503); the first, cancelled by its token, answers with its partial
// result.
func TestCancelAndBusy(t *testing.T) {
	f := &fake{started: make(chan struct{})}
	s := server(t, f, limits())
	type answer struct {
		msgs []message
	}
	done := make(chan answer)
	tokens := make(chan string, 1)
	go func() {
		req, _ := http.NewRequest("POST", s.URL+"/run", strings.NewReader(`{"args":["wait"]}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := s.Client().Do(req)
		if err != nil {
			done <- answer{}
			return
		}
		defer res.Body.Close()
		var a answer
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			var m message
			_ = json.Unmarshal(sc.Bytes(), &m)
			if m.Type == "started" {
				tokens <- m.Token
			}
			a.msgs = append(a.msgs, m)
		}
		done <- a
	}()
	token := <-tokens
	<-f.started
	if res, _ := post(t, s, `{"args":["dc"]}`, nil); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a second run with no slot: %d, want 503", res.StatusCode)
	}
	res, err := s.Client().Post(s.URL+"/cancel", "application/json", strings.NewReader(`{"token":"`+token+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		t.Errorf("cancel: %d, want 204", res.StatusCode)
	}
	a := <-done
	last := a.msgs[len(a.msgs)-1]
	if last.Type != "done" || last.Code != 130 || last.Stdout != `{"partial":true}` {
		t.Errorf("%+v", last)
	}
	var progress int
	for _, m := range a.msgs {
		if m.Type == "stderr" && strings.Contains(m.Text, "trials") {
			progress++
		}
	}
	if progress == 0 {
		t.Error("no progress reached the page")
	}
	res, err = s.Client().Post(s.URL+"/cancel", "application/json", strings.NewReader(`{"token":"`+token+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("cancel of an ended run: %d, want 404", res.StatusCode)
	}
}

// TestBadInputWaitsForNoRun: input the run would refuse is answered at
// once, while the one run the server makes at a time goes on, as its run
// would answer it, with no slot and no token.
func TestBadInputWaitsForNoRun(t *testing.T) {
	f := &fake{started: make(chan struct{})}
	lim := limits()
	lim.Queue, lim.Wait = 1, time.Minute
	s := server(t, f, lim)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", s.URL+"/run", strings.NewReader(`{"args":["wait"]}`))
		req.Header.Set("Content-Type", "application/json")
		if res, err := s.Client().Do(req); err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}()
	<-f.started
	start := time.Now()
	res, msgs := post(t, s, `{"args":["bad"]}`, nil)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("bad input answered after %s, behind the run going", took)
	}
	if res.StatusCode != 200 || len(msgs) != 1 {
		t.Fatalf("%d %+v", res.StatusCode, msgs)
	}
	if d := msgs[0]; d.Type != "done" || d.Code != 2 || d.Field != "tem" || !strings.Contains(d.Stderr, "--tem: 9") || d.Token != "" {
		t.Errorf("%+v", d)
	}
}

// TestTimeLimit: a run still going at MaxTime stops, partial, and says
// why.
func TestTimeLimit(t *testing.T) {
	lim := limits()
	lim.MaxTime = 30 * time.Millisecond
	s := server(t, &fake{}, lim)
	_, msgs := post(t, s, `{"args":["wait"]}`, nil)
	last := msgs[len(msgs)-1]
	if last.Code != 130 || !strings.Contains(last.Stopped, "time limit") {
		t.Errorf("%+v", last)
	}
}

// TestStalledReader: a client that asks for a run and then reads none of
// its answer, its connection left open, holds its place but not the run
// slot: the next run goes on meanwhile. Without it the stalled answer
// held the slot for as long as it liked.
func TestStalledReader(t *testing.T) {
	lim := limits()
	lim.Queue, lim.Wait = 1, 5*time.Second // a slot the answer held would be waited for in vain
	s := server(t, &fake{}, lim)
	stall(t, s, "big")
	res, msgs := post(t, s, `{"args":["dc"]}`, nil)
	if res.StatusCode != http.StatusOK || len(msgs) == 0 || msgs[len(msgs)-1].Code != 0 {
		t.Errorf("the next run beside a stalled answer: %d, %+v", res.StatusCode, msgs)
	}
}

// TestStalledReaderDropped: a client that takes none of a message within
// Limits.Stall and the message's size at Limits.MinRate loses it, and
// gives its place back.
func TestStalledReaderDropped(t *testing.T) {
	lim := limits()
	lim.Stall, lim.MinRate = 200*time.Millisecond, 16<<20
	s := server(t, &fake{}, lim)
	stall(t, s, "mid")
	if res, _ := post(t, s, `{"args":["dc"]}`, nil); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a request while the stalled answer holds the one place: %d, want 503", res.StatusCode)
	}
	// Stall, and 8 MiB at 16 MiB/s: 0.2 + 0.5 s.
	placeFreed(t, s, "the stalled answer")
}

// placeFreed waits up to 10 s for s to run a request, the place held by
// what, a stalled answer, given back.
func placeFreed(t *testing.T, s *httptest.Server, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, _ := post(t, s, `{"args":["dc"]}`, nil)
		if res.StatusCode == http.StatusOK {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the next request still %d after 10 s: %s holds its place", res.StatusCode, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestStalledReaderOfMegabytes: a client that takes nothing of a long
// message loses it once the socket's buffers are full and Limits.Stall
// has passed, though the whole message at a slow Limits.MinRate would
// have had hours: 8 MiB at 1 KiB/s.
func TestStalledReaderOfMegabytes(t *testing.T) {
	lim := limits()
	lim.Stall, lim.MinRate = 200*time.Millisecond, 1<<10
	s := server(t, &fake{}, lim)
	stall(t, s, "mid")
	placeFreed(t, s, "a stalled answer of megabytes")
}

// stall asks s for a run of command as a client that, once the run has
// started, reads nothing more, its connection left open until the test
// ends.
func stall(t *testing.T, s *httptest.Server, command string) {
	t.Helper()
	conn, err := net.Dial("tcp", s.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := conn.(*net.TCPConn).SetReadBuffer(4096); err != nil {
		t.Fatal(err)
	}
	body := `{"args":["` + command + `"]}`
	fmt.Fprintf(conn, "POST /run HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		s.Listener.Addr(), len(body), body)
	r := bufio.NewReader(conn)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the stalled run's answer: %v", err)
		}
		if strings.Contains(line, `"type":"started"`) {
			return
		}
	}
}

// TestSlowReader: a message of n bytes has Limits.Stall and n/MinRate to
// be taken, one deadline for the whole of it, since a write returns once
// its piece is in the socket's buffers; it goes out in pieces of at most
// streamPiece bytes, each with Stall within that deadline.
func TestSlowReader(t *testing.T) {
	w := &pieces{}
	s := &stream{w: w, rc: http.NewResponseController(w), wait: time.Minute, rate: DefaultMinRate, gone: func() { t.Error("the stream gave up") }}
	start := time.Now()
	s.send(message{Type: "done", Stdout: strings.Repeat("x", 5*streamPiece/2)})
	if len(w.sizes) != 3 || w.sizes[0] != streamPiece || w.sizes[1] != streamPiece {
		t.Errorf("pieces of %v bytes, want two of %d and the rest", w.sizes, streamPiece)
	}
	n := w.all.Len()
	end := start.Add(time.Minute + time.Duration(n)*time.Second/DefaultMinRate)
	if len(w.deadlines) != len(w.sizes) {
		t.Errorf("%d deadlines for %d pieces, want one a piece", len(w.deadlines), len(w.sizes))
	}
	for i, d := range w.deadlines {
		// Each a minute (Stall) from its piece, before the message's end.
		if d.After(end.Add(time.Second)) || d.Before(start.Add(time.Minute)) || d.After(time.Now().Add(time.Minute)) {
			t.Errorf("piece %d's deadline %v, want a minute from its write and before %v", i, d, end)
		}
	}
	var m message
	if err := json.Unmarshal(bytes.TrimSuffix(w.all.Bytes(), []byte("\n")), &m); err != nil || len(m.Stdout) != 5*streamPiece/2 {
		t.Errorf("the message as written: %v, %d bytes of stdout", err, len(m.Stdout))
	}
}

// pieces is a ResponseWriter that notes each write's size and how many
// write deadlines were set.
type pieces struct {
	all       bytes.Buffer
	sizes     []int
	deadlines []time.Time
}

func (p *pieces) Header() http.Header { return http.Header{} }
func (p *pieces) WriteHeader(int)     {}
func (p *pieces) Write(b []byte) (int, error) {
	p.sizes = append(p.sizes, len(b))
	return p.all.Write(b)
}
func (p *pieces) Flush() {}
func (p *pieces) SetWriteDeadline(d time.Time) error {
	p.deadlines = append(p.deadlines, d)
	return nil
}

// TestCancelRefuses: a cancel without a token, or with fields it does not
// take, is a bad request, not a run that has ended.
func TestCancelRefuses(t *testing.T) {
	s := server(t, &fake{}, limits())
	for _, body := range []string{`{}`, `{"token":""}`, `{"token":"ab","x":1}`, `[]`,
		`{"token":"x","token":"y"}`, `{"Token":"ab"}`} {
		res, err := s.Client().Post(s.URL+"/cancel", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", body, res.StatusCode)
		}
	}
}

// timeout is a read that timed out.
type timeout struct{}

func (timeout) Error() string   { return "read tcp 127.0.0.1:1->127.0.0.1:2: i/o timeout" }
func (timeout) Timeout() bool   { return true }
func (timeout) Temporary() bool { return true }

// TestSlowBody: a body that did not arrive in time is a 408 naming the
// server's time, not the socket's addresses.
func TestSlowBody(t *testing.T) {
	err := decodeError(fmt.Errorf("wrapped: %w", timeout{}))
	var re *requestError
	if !errors.As(err, &re) || re.status != http.StatusRequestTimeout || !strings.Contains(err.Error(), "within this server's 30s") || strings.Contains(err.Error(), "127.0.0.1") {
		t.Errorf("%v", err)
	}
}

// panicky is a Registry whose runs panic, as a model's bug would.
type panicky struct{ fake }

func (p *panicky) Run(ctx context.Context, args []string, files map[string][]byte, stdout, stderr io.Writer) (int, string) {
	if args[0] == "panic" {
		panic("a model's bug")
	}
	return p.fake.Run(ctx, args, files, stdout, stderr)
}

// TestPanicFreesSlot: a run that panics (net/http recovers the handler)
// gives its slot back; it once kept it for good, and the server then
// answered every request 503.
func TestPanicFreesSlot(t *testing.T) {
	lim := limits()
	lim.Queue = 1
	h, err := New(&panicky{}, lim)
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewUnstartedServer(h)
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.Start()
	t.Cleanup(s.Close)
	for range 3 {
		res, err := s.Client().Post(s.URL+"/run", "application/json", strings.NewReader(`{"args":["panic"]}`))
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	if res, msgs := post(t, s, `{"args":["dc"]}`, nil); res.StatusCode != http.StatusOK || len(msgs) != 2 {
		t.Errorf("a run after three that panicked: %d, %+v", res.StatusCode, msgs)
	}
}

// TestTakesSaturates: the time a message has is wait and its size at
// the rate, and never wraps past the largest Duration.
func TestTakesSaturates(t *testing.T) {
	if got := takes(30*time.Second, 16<<10, 16<<10); got != 31*time.Second {
		t.Errorf("takes(30s, 16 KiB, 16 KiB/s) = %v", got)
	}
	if got := takes(time.Duration(math.MaxInt64), 1<<30, 1); got <= 0 {
		t.Errorf("takes near the largest Duration = %v: wrapped", got)
	}
}

// TestWholeSurrogates: a surrogate pair written whole, an escaped
// backslash before a u, and U+FFFD written as itself are text as given.
func TestWholeSurrogates(t *testing.T) {
	for _, body := range []string{
		`{"args":["dc","\ud83d\ude00"]}`,
		`{"args":["dc","\\ud800"]}`,
		`{"args":["dc","\ufffd","�"]}`,
		`{"args":["dc","\"\ud800\udc00\""]}`,
	} {
		if err := wholeSurrogates([]byte(body)); err != nil {
			t.Errorf("%s: %v", body, err)
		}
	}
}
