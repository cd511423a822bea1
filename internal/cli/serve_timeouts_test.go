package cli

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// startTimedServer serves s on 127.0.0.1 with sapper serve's own
// http.Server, its timeouts shortened to short.
func startTimedServer(t *testing.T, s *server, short time.Duration) *httptest.Server {
	t.Helper()
	s.bodyTimeout = short
	ts := httptest.NewUnstartedServer(s)
	ts.Config = s.httpServer()
	ts.Config.ReadHeaderTimeout, ts.Config.IdleTimeout = short, short
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// TestServeTimeouts: a client that sends its headers or its body slowly,
// or stays idle, loses its connection once its time is up.
func TestServeTimeouts(t *testing.T) {
	const short = 200 * time.Millisecond
	s := newTestServer(t, testLimits())
	ts := startTimedServer(t, s, short)
	addr := ts.Listener.Addr().String()
	for _, tc := range []struct {
		name string
		sent string // all the client sends, then it waits
		want string // the start of the answer, or "" for none
	}{
		{"slow headers", "GET / HTTP/1.1\r\nHost: " + addr + "\r\n", ""},
		{"slow body", "POST /activate HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n",
			"HTTP/1.1 400 Bad Request"},
		{"slow body refused unread", "POST /nosuch/run HTTP/1.1\r\nHost: " + addr + "\r\nContent-Length: 100000\r\n\r\nx", "HTTP/1.1 405"},
		{"idle", "GET /static/sapper.css HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", "HTTP/1.1 200 OK"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, tc.sent); err != nil {
				t.Fatal(err)
			}
			// Far longer than the timeouts, far shorter than for ever.
			conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			start := time.Now()
			got, err := io.ReadAll(conn)
			if err != nil {
				t.Fatalf("after %s, the connection is still open: %v", time.Since(start), err)
			}
			if !strings.HasPrefix(string(got), tc.want) || (tc.want == "" && len(got) > 0) {
				t.Errorf("answer %.200q, want %q", got, tc.want)
			}
		})
	}
}

// TestServeTimeoutsSpareStreams: a run and its event stream go on past
// every connection timeout, up to the run's own time limit.
func TestServeTimeoutsSpareStreams(t *testing.T) {
	const short = 100 * time.Millisecond
	lim := testLimits()
	lim.maxTime, lim.maxTrials = time.Second, 1_000_000_000
	s := newTestServer(t, lim)
	s.tick = 20 * time.Millisecond
	ts := startTimedServer(t, s, short)
	start := time.Now()
	resp := stream(t, context.Background(), ts.URL+"/dc/events?target=4-6-7&target=leader:8-1&trials=1000000000")
	defer resp.Body.Close()
	evs := readEvents(t, bufio.NewReader(resp.Body), func(e event) bool { return e.name != "progress" })
	if len(evs) == 0 {
		t.Fatal("no events")
	}
	if last := evs[len(evs)-1]; last.name != "result" || !strings.Contains(last.data, "time limit of 1s") {
		t.Errorf("after %s, last event %s: %.300s", time.Since(start), last.name, last.data)
	}
	// And so does a page that runs in its request.
	r, err := http.Get(ts.URL + "/dc/result?target=4-6-7&target=leader:8-1&trials=1000000000")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != http.StatusOK || !strings.Contains(string(body), "time limit of 1s") {
		t.Errorf("status %d:\n%.500s", r.StatusCode, body)
	}
}
