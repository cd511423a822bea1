package cli

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// event is one Server-Sent Event.
type event struct{ name, data string }

// readEvents reads a stream's events until it ends or stop says so.
func readEvents(t *testing.T, body io.Reader, stop func(event) bool) []event {
	t.Helper()
	var evs []event
	var cur event
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.name != "" {
				evs = append(evs, cur)
				if stop(cur) {
					return evs
				}
			}
			cur = event{}
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if cur.data != "" {
				cur.data += "\n"
			}
			cur.data += strings.TrimPrefix(line, "data: ")
		}
	}
	return evs
}

// startServer serves s on 127.0.0.1 for the test.
func startServer(t *testing.T, s *server) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts
}

func stream(t *testing.T, ctx context.Context, url string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestServeEvents: a run streams its progress, then its result.
func TestServeEvents(t *testing.T) {
	s := newTestServer(t, testLimits())
	s.tick = 5 * time.Millisecond
	ts := startServer(t, s)
	resp := stream(t, context.Background(), ts.URL+"/dc/events?target=4-6-7&target=leader:8-1&trials=2000000&seed=5")
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	evs := readEvents(t, resp.Body, func(e event) bool { return e.name != "progress" })
	last := evs[len(evs)-1]
	if last.name != "result" || !strings.Contains(last.data, "Monte Carlo: n = 2,000,000 trials, seed 5") {
		t.Fatalf("last event %s: %.300s", last.name, last.data)
	}
	progress := 0
	for _, e := range evs[:len(evs)-1] {
		if e.name != "progress" || !strings.Contains(e.data, `"total":2000000,"unit":"trials"`) {
			t.Errorf("event %s %s", e.name, e.data)
		}
		progress++
	}
	if progress == 0 {
		t.Error("no progress before the result")
	}
	// A run that fails says so in its own event.
	resp = stream(t, context.Background(), ts.URL+"/dc/events?target=4-6-7&target=4-6-7&method=exact&max-paths=5")
	defer resp.Body.Close()
	evs = readEvents(t, resp.Body, func(e event) bool { return e.name != "progress" })
	if last := evs[len(evs)-1]; last.name != "failure" || !strings.HasPrefix(last.data, "sapper dc: ") || !strings.Contains(last.data, "(--max-paths 5)") {
		t.Errorf("last event %s: %s", last.name, last.data)
	}
}

// waitIdle waits until no run holds a slot.
func waitIdle(t *testing.T, s *server, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for len(s.slots.free) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("a run still holds its slot after %s", within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestServeCancel: closing the page stops its run.
func TestServeCancel(t *testing.T) {
	lim := testLimits()
	lim.maxTrials = 1_000_000_000
	s := newTestServer(t, lim)
	s.tick = 5 * time.Millisecond
	ts := startServer(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	resp := stream(t, ctx, ts.URL+"/dc/events?target=4-6-7&target=4-6-7&target=leader:8-1&trials=1000000000")
	readEvents(t, resp.Body, func(e event) bool { return e.name == "progress" && !strings.Contains(e.data, `"done":0,`) })
	if len(s.slots.free) != 1 {
		t.Fatalf("%d runs going, want 1", len(s.slots.free))
	}
	cancel()
	resp.Body.Close()
	// A billion trials take minutes; a cancelled run stops within a chunk.
	waitIdle(t, s, 5*time.Second)
}

// TestServeConcurrencyCap: at most limits.runs runs at once; a request
// that finds them taken waits its turn, or gets a 503 when the line is
// full or its wait too long.
func TestServeConcurrencyCap(t *testing.T) {
	lim := testLimits()
	// The wait is long beside a 503 given at once, so that a machine busy
	// with the long run (or the race detector) still tells them apart.
	lim.maxTrials, lim.runs, lim.queue, lim.wait = 1_000_000_000, 1, 1, time.Second
	s := newTestServer(t, lim)
	s.tick = 5 * time.Millisecond
	ts := startServer(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	long := stream(t, ctx, ts.URL+"/dc/events?target=4-6-7&trials=1000000000")
	readEvents(t, long.Body, func(e event) bool { return e.name == "progress" })

	// One waits its second in line and is turned away; the line being
	// full meanwhile, another is turned away at once.
	waited := make(chan *http.Response)
	go func() {
		resp, err := http.Get(ts.URL + "/dc/result?target=4-6-7&method=exact")
		if err != nil {
			t.Error(err)
		}
		waited <- resp
	}()
	for s.slots.waiting.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	full, err := http.Get(ts.URL + "/dc/result?target=4-6-7&method=exact")
	if err != nil {
		t.Fatal(err)
	}
	full.Body.Close()
	if full.StatusCode != http.StatusServiceUnavailable || full.Header.Get("Retry-After") == "" || time.Since(start) > 600*time.Millisecond {
		t.Errorf("line full: status %d after %s", full.StatusCode, time.Since(start))
	}
	if resp := <-waited; resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("waited too long: %v", resp)
	} else {
		resp.Body.Close()
	}

	// Once the long run is gone, a waiting request gets its turn.
	go func() {
		for s.slots.waiting.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
		long.Body.Close()
	}()
	s.slots.wait = 5 * time.Second
	resp, err := http.Get(ts.URL + "/dc/result?target=4-6-7&method=exact")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after the long run: status %d", resp.StatusCode)
	}
}

// TestServeShutdown: sapper serve answers on loopback, and Ctrl-C stops
// the runs in flight, whose streams end with their partial results, and
// the server.
func TestServeShutdown(t *testing.T) {
	ctx, interrupt := context.WithCancel(context.Background())
	defer interrupt()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		code := run(ctx, outW, io.Discard, []string{"serve", "--addr", "127.0.0.1:0", "--max-trials", "1000000000"})
		outW.Close()
		done <- code
	}()
	out := bufio.NewReader(outR)
	first, err := out.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr := strings.Fields(strings.SplitAfter(first, "http://")[1])[0]
	go io.Copy(io.Discard, out)
	resp := stream(t, context.Background(), "http://"+addr+"dc/events?target=4-6-7&trials=1000000000")
	defer resp.Body.Close()
	readEvents(t, resp.Body, func(e event) bool { return e.name == "progress" })
	start := time.Now()
	interrupt()
	evs := readEvents(t, resp.Body, func(e event) bool { return e.name != "progress" })
	if len(evs) == 0 {
		t.Fatal("the stream ended with no result")
	}
	if last := evs[len(evs)-1]; last.name != "result" || !strings.Contains(last.data, "stopped because the server is stopping (Ctrl-C)") ||
		!strings.Contains(last.data, "INCOMPLETE") {
		t.Errorf("last event %s: %.500s", last.name, last.data)
	}
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d", code)
		}
	case <-time.After(shutdownGrace + 5*time.Second):
		t.Fatal("sapper serve did not stop")
	}
	if d := time.Since(start); d > shutdownGrace {
		t.Errorf("stopping took %s: the run in flight was not stopped", d)
	}
}
