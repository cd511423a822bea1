package cli

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestServeCrossSite: a request another site's page has a browser make
// is refused, 403 and one plain line, before anything runs; the server's
// own pages, an address typed in, and programs are answered; the static
// assets are open to all.
func TestServeCrossSite(t *testing.T) {
	s := newTestServer(t, testLimits())
	const host = "127.0.0.1:8080"
	run := "/dc/result?target=4-6-7&tem=2&method=exact"
	for _, tc := range []struct {
		method, target string
		site, origin   string
		want           int
	}{
		// Another site's page.
		{"GET", run, "cross-site", "", http.StatusForbidden},
		{"GET", run, "cross-site", "https://attacker.example", http.StatusForbidden},
		{"GET", "/dc/events?target=4-6-7&method=exact", "cross-site", "https://attacker.example", http.StatusForbidden},
		{"GET", "/dc/run?target=4-6-7", "cross-site", "", http.StatusForbidden},
		{"GET", "/", "cross-site", "", http.StatusForbidden},
		{"POST", "/activate", "cross-site", "https://attacker.example", http.StatusForbidden},
		{"POST", "/scenarios", "cross-site", "null", http.StatusForbidden},
		// Another port of this machine is another origin, if the same site.
		{"GET", run, "same-site", "", http.StatusForbidden},
		{"POST", "/activate", "same-site", "http://127.0.0.1:3000", http.StatusForbidden},
		// A browser without Sec-Fetch-Site: its Origin.
		{"POST", "/activate", "", "https://attacker.example", http.StatusForbidden},
		{"POST", "/activate", "", "http://attacker.example:8080", http.StatusForbidden},
		{"POST", "/activate", "", "null", http.StatusForbidden},
		{"GET", run, "", "http://localhost:8080", http.StatusForbidden},
		// The server's own pages, an address typed in, a program.
		{"GET", run, "same-origin", "", http.StatusOK},
		{"GET", run, "same-origin", "http://" + host, http.StatusOK},
		{"GET", run, "none", "", http.StatusOK},
		{"GET", run, "", "", http.StatusOK},
		{"GET", run, "", "HTTP://127.0.0.1:8080", http.StatusOK},
		{"POST", "/scenarios", "same-origin", "http://" + host, http.StatusBadRequest}, // no file: the form's own message
		// The static assets, from anywhere.
		{"GET", "/static/sapper.css", "cross-site", "https://attacker.example", http.StatusOK},
		{"POST", "/static/sapper.css", "cross-site", "", http.StatusForbidden},
	} {
		t.Run(tc.method+" "+tc.target[:min(len(tc.target), 20)]+" "+tc.site+" "+tc.origin, func(t *testing.T) {
			var r *http.Request
			if tc.method == http.MethodPost {
				body, ct := multipartBody(t, nil, nil)
				r = httptest.NewRequest(tc.method, tc.target, body)
				r.Header.Set("Content-Type", ct)
			} else {
				r = httptest.NewRequest(tc.method, tc.target, nil)
			}
			r.Host = host
			if tc.site != "" {
				r.Header.Set("Sec-Fetch-Site", tc.site)
			}
			if tc.origin != "" {
				r.Header.Set("Origin", tc.origin)
			}
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != tc.want {
				t.Fatalf("status %d, want %d:\n%.300s", w.Code, tc.want, w.Body)
			}
			if tc.want != http.StatusForbidden {
				return
			}
			body := w.Body.String()
			if strings.Count(body, "\n") != 1 || !strings.HasPrefix(body, "sapper serve takes requests from its own pages only") ||
				!strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
				t.Errorf("%s %q", w.Header().Get("Content-Type"), body)
			}
			if len(s.slots.free) != 0 {
				t.Error("a refused request took a run slot")
			}
		})
	}
}

func TestSameOrigin(t *testing.T) {
	for _, tc := range []struct {
		origin, host string
		want         bool
	}{
		{"http://127.0.0.1:8080", "127.0.0.1:8080", true},
		{"http://localhost", "localhost:80", true},
		{"http://localhost:80", "localhost", true},
		{"https://sapper.example", "sapper.example:443", true},
		{"http://[::1]:8080", "[::1]:8080", true},
		{"http://[::1]", "[::1]:80", true},
		{"http://127.0.0.1:8080", "127.0.0.1:8081", false},
		{"http://127.0.0.1", "127.0.0.1:8080", false},
		{"https://127.0.0.1:443", "127.0.0.1", true},
		{"http://localhost:8080", "127.0.0.1:8080", false},
		{"null", "127.0.0.1:8080", false},
		{"file://", "127.0.0.1:8080", false},
		{"ws://127.0.0.1:8080", "127.0.0.1:8080", false},
		{"http://127.0.0.1:8080/x", "127.0.0.1:8080", false},
		{"%", "127.0.0.1:8080", false},
	} {
		if got := sameOrigin(tc.origin, tc.host); got != tc.want {
			t.Errorf("sameOrigin(%q, %q) = %v", tc.origin, tc.host, got)
		}
	}
}
