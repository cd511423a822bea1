//go:build !js

package cli

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeBoundsConnections: the server's listener holds it to its
// connections at once, the next answered only once one of them closes,
// and its headers to maxHeaderBytes: a megabyte of them, which Go's
// server would read, is refused, and so are headers just past 32 KiB,
// where headers just short of it pass.
func TestServeBoundsConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{
		MaxHeaderBytes:    serverHeaderBytes,
		ReadHeaderTimeout: 5 * time.Second,
		Handler:           http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }),
	}
	go srv.Serve(limitConns(ln, 2))
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/"

	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("X-Pad", strings.Repeat("a", 1<<20))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a megabyte of headers: %s, want 431", resp.Status)
	}
	for _, c := range []struct {
		pad  int
		want int
	}{{maxHeaderBytes - 1<<10, http.StatusOK}, {maxHeaderBytes + 64, http.StatusRequestHeaderFieldsTooLarge}} {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("X-Pad", strings.Repeat("a", c.pad))
		resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%d bytes of headers: %s, want %d", c.pad, resp.Status, c.want)
		}
	}

	var idle []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		idle = append(idle, c)
	}
	quick := &http.Client{Timeout: 300 * time.Millisecond, Transport: &http.Transport{DisableKeepAlives: true}}
	if resp, err := quick.Get(url); err == nil {
		resp.Body.Close()
		t.Fatalf("a third connection was answered while two were open: %s", resp.Status)
	}
	idle[0].Close()
	slow := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err = slow.Get(url)
	if err != nil {
		t.Fatalf("once a connection closed, the next was not answered: %v", err)
	}
	resp.Body.Close()
}
