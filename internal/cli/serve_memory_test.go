package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"
)

// liveHeap is the heap in use once the garbage is collected.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestServeMemory: what a request takes, the server gives back: after
// many requests of every kind (pages that run, event streams, uploads),
// the heap in use and the goroutines come back to near where they were.
// A result is over 100 KB with its chart; a server that kept them,
// or the files uploaded, or the streams' goroutines, fails by far.
func TestServeMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("memory test: -short skips it")
	}
	s := newTestServer(t, testLimits())
	s.tick = time.Millisecond
	ts := startServer(t, s)
	client := &http.Client{Transport: &http.Transport{}}
	crossing, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	scenario, err := builtins.ReadFile("scenarios/thrown-from-upper-level.yaml")
	if err != nil {
		t.Fatal(err)
	}
	round := func() {
		for _, q := range []string{
			"/dc/result?target=4-6-7&tem=2&method=exact",
			"/dc/result?mode=thrown&target=4-6-7&thrower=4-6-7&method=exact",
			"/activate/run?crossing=c.yaml&crossing:text=" + url.QueryEscape(string(crossing)),
			"/dc/run?target=4-6-7&tem=9",
			"/scenarios",
		} {
			if w := get(t, s, q); w.Code != http.StatusOK && w.Code != http.StatusBadRequest {
				t.Fatalf("%s: status %d", q, w.Code)
			}
		}
		body, ct := multipartBody(t, map[string]string{"ac": "4"}, map[string][2]string{"crossing:file": {"c.yaml", string(crossing)}})
		if w := post(t, s, "/activate", body, ct); w.Code != http.StatusSeeOther {
			t.Fatalf("upload: status %d", w.Code)
		}
		body, ct = multipartBody(t, nil, map[string][2]string{"scenario:file": {"s.yaml", string(scenario)}})
		if w := post(t, s, "/scenarios", body, ct); w.Code != http.StatusSeeOther {
			t.Fatalf("scenario upload: status %d", w.Code)
		}
		for _, q := range []string{"/dc/events?target=4-6-7&trials=20000", "/dc/events?target=4-6-7&method=exact"} {
			resp, err := client.Get(ts.URL + q)
			if err != nil {
				t.Fatal(err)
			}
			evs := readEvents(t, resp.Body, func(e event) bool { return false })
			resp.Body.Close()
			if len(evs) == 0 || evs[len(evs)-1].name != "result" {
				t.Fatalf("%s: events %d", q, len(evs))
			}
		}
		// A stream whose client leaves mid-run.
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/dc/events?target=4-6-7&trials=2000000", nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readEvents(t, resp.Body, func(e event) bool { return e.name == "progress" })
		cancel()
		resp.Body.Close()
		waitIdle(t, s, 5*time.Second)
	}

	round() // the first round fills what a process fills once: templates, tables, pools
	client.CloseIdleConnections()
	goroutines, before := runtime.NumGoroutine(), liveHeap()
	const rounds = 20
	for range rounds {
		round()
	}
	client.CloseIdleConnections()
	after := liveHeap()
	const bound = 4 << 20
	t.Logf("live heap %d KiB before %d rounds, %d KiB after", before>>10, rounds, after>>10)
	if after > before+bound {
		t.Errorf("live heap grew by %d KiB over %d rounds of requests, more than %d KiB", (after-before)>>10, rounds, bound>>10)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > goroutines && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		t.Errorf("%d goroutines after the requests, %d before", n, goroutines)
	}
}

// requestMark is a request's context that a test can watch being freed.
type requestMark struct {
	context.Context
	_ [64]byte
}

// TestServeForgetsRequests: a request's run context is released when the
// request ends; the server's own stop context keeps nothing of it.
func TestServeForgetsRequests(t *testing.T) {
	s := newTestServer(t, testLimits())
	marks := make([]weak.Pointer[requestMark], 20)
	for i := range marks {
		mark := &requestMark{Context: context.Background()}
		marks[i] = weak.Make(mark)
		r := httptest.NewRequestWithContext(mark, http.MethodGet, "/dc/result?target=4-6-7&tem=2&method=exact", nil)
		r.Host = "127.0.0.1:8080"
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `<pre id="text">`) {
			t.Fatalf("status %d", w.Code)
		}
	}
	runtime.GC()
	runtime.GC()
	kept := 0
	for _, m := range marks {
		if m.Value() != nil {
			kept++
		}
	}
	if kept > 0 {
		t.Errorf("%d of %d requests' contexts are still held after they ended", kept, len(marks))
	}
	runtime.KeepAlive(s) // the server lives on after its requests
}
