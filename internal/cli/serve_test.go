package cli

import (
	"bytes"
	"context"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// testLimits are small limits for fast handler tests.
func testLimits() limits {
	return limits{maxTrials: 2_000_000, maxPaths: sim.DefaultMaxPaths, maxTime: 2 * time.Minute, runs: 2, queue: 10, wait: 5 * time.Second}
}

// newTestServer builds a server.
func newTestServer(t *testing.T, lim limits) *server {
	t.Helper()
	return newServer(lim, true)
}

// get requests target from h as a browser on this machine would.
func get(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	r.Host = "127.0.0.1:8080"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

var (
	sameAsRe = regexp.MustCompile(`<code id="same-as">([^<]*)</code>`)
	textRe   = regexp.MustCompile(`(?s)<pre id="text">(.*?)</pre>`)
	errorRe  = regexp.MustCompile(`<p class="error" role="alert">([^<]*)</p>`)
	linkRe   = regexp.MustCompile(`<a id="permalink" href="([^"]*)"`)
)

func find(t *testing.T, re *regexp.Regexp, body string) string {
	t.Helper()
	m := re.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no %s in:\n%s", re, body)
	}
	return html.UnescapeString(m[1])
}

// terminal runs a command line as printed on a page, with the disk
// open to it as to any command line.
func terminal(t *testing.T, line string) (stdout, stderr string, code int) {
	t.Helper()
	words := args(line)
	if words[0] != "sapper" {
		t.Fatalf("not a sapper command line: %q", line)
	}
	code, stdout, stderr = cli(t, words[1:]...)
	return stdout, stderr, code
}

// compareTiming is the time at the foot of compare's table.
var compareTiming = regexp.MustCompile(`; [0-9.]+s\n`)

// sameRun reports whether two outputs are of the same run: equal but for
// the time they took.
func sameRun(a, b string) bool {
	norm := func(s string) string { return compareTiming.ReplaceAllString(string(normalize([]byte(s))), "") }
	return norm(a) == norm(b)
}

// TestServePageIsTheCommandLine runs each page's attack and the command
// line the page prints: the page's terminal text is the command's output.
func TestServePageIsTheCommandLine(t *testing.T) {
	s := newTestServer(t, testLimits())
	for _, q := range []string{
		"/dc/result?target=4-6-7&tem=2&method=exact",
		"/dc/result?mode=thrown&target=4-6-7&target=leader:8-1&thrower=4-6-7&trials=20000&seed=7",
		"/dc/result?target=4-6-7&drm=-2&method=exact&format=json",
		"/compare/result?method=exact&building=wooden",
		"/afv/result?" + scenarioQuery(t, s, "tiger-side"),
		"/lhy/result?" + scenarioQuery(t, s, "lhy-platoon-in-the-open"),
		"/building/result?" + scenarioQuery(t, s, "toi-charges-occupied"),
		"/activate/result?crossing=two-sq-crossing",
	} {
		t.Run(q, func(t *testing.T) {
			w := get(t, s, q)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d:\n%s", w.Code, w.Body)
			}
			body := w.Body.String()
			line := find(t, sameAsRe, body)
			page := find(t, textRe, body)
			out, errOut, code := terminal(t, line)
			if code != exitOK {
				t.Fatalf("%s: exit %d: %s", line, code, errOut)
			}
			if !sameRun(page, out) {
				t.Errorf("%s\npage:\n%s\nterminal:\n%s", line, page, out)
			}
			if !strings.Contains(body, `<img id="chart" src="data:image/svg&#43;xml;base64,`) {
				t.Error("no chart")
			}
		})
	}
}

// scenarioQuery is the query of a built-in scenario's page.
func scenarioQuery(t *testing.T, s *server, name string) string {
	t.Helper()
	sc, err := loadScenario(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	href, err := s.scenarioHref(sc, "", "")
	if err != nil {
		t.Fatal(err)
	}
	_, q, _ := strings.Cut(href, "?")
	return q
}

// TestServeBadInput: a bad input is the command line's own one-line
// message, shown in the form with a 400; nothing runs.
func TestServeBadInput(t *testing.T) {
	s := newTestServer(t, testLimits())
	for _, tc := range []struct {
		query string
		line  string // the same input on the command line
	}{
		{"/dc/run?target=4-6-x", "sapper dc --target 4-6-x"},
		{"/dc/run?target=4-6-7&tem=9", "sapper dc --target 4-6-7 --tem 9"},
		{"/dc/result?tem=2", "sapper dc --tem 2"},
		{"/dc/run?target=4-6-7&mode=sideways", "sapper dc --target 4-6-7 --mode sideways"},
		{"/compare/run?method=bogus", "sapper compare --method bogus"},
		{"/compare/events?cx=maybe", "sapper compare --cx=maybe"},
		{"/afv/run?tme=2", "sapper afv --tme 2"},
		{"/lhy/run?confidence=2", "sapper lhy --confidence 2"},
		{"/dc/run?target=4-6-7&confidence=0.9999999999999999", "sapper dc --target 4-6-7 --confidence 0.9999999999999999"},
		{"/activate/run?crossing=two-sq-crossing&ac=9", "sapper activate two-sq-crossing --ac 9"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			w := get(t, s, tc.query)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", w.Code)
			}
			_, errOut, code := terminal(t, tc.line)
			if code != exitUsage {
				t.Fatalf("%s: exit %d, want %d", tc.line, code, exitUsage)
			}
			// An event stream's error is plain text; a page shows it in
			// its form.
			got := strings.TrimSpace(w.Body.String())
			if !strings.Contains(tc.query, "/events?") {
				got = find(t, errorRe, w.Body.String())
			}
			if want := strings.TrimSpace(errOut); got != want {
				t.Errorf("page: %s\nterminal: %s", got, want)
			}
		})
	}
}

// TestServeRefuses: what only a server refuses, in the same one-line form.
func TestServeRefuses(t *testing.T) {
	s := newTestServer(t, testLimits())
	big := url.QueryEscape(strings.Repeat("#", maxUpload+1))
	data, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crossing := string(data)
	for _, tc := range []struct{ query, want string }{
		{"/dc/run?target=4-6-7&plot=odds.png", "sapper dc: --plot: not on the web page: the chart is drawn on the page"},
		{"/dc/run?target=4-6-7&workers=64", "sapper dc: --workers: not on the web page"},
		{"/dc/run?target=4-6-7&trials=2000001", `sapper dc: --trials "2000001": over this server's limit of 2,000,000 trials a run`},
		{"/dc/run?target=4-6-7&method=exact&trials=1000000000", "sapper dc: --trials with --method exact"},
		{"/dc/run?target=4-6-7&method=exact&max-paths=20000001", `sapper dc: --max-paths "20000001": over this server's limit of 20,000,000 paths`},
		{"/dc/run?target=4-6-7&method=exact&max-memory=2048", `sapper dc: --max-memory "2048": over this server's limit of 1024 MB a run`},
		{"/activate/run?crossing=no-such-crossing", "sapper activate: no-such-crossing: this server reads no files; upload it with the form"},
		{"/activate/run?crossing=/etc/hostname", "sapper activate: /etc/hostname: this server reads no files; upload it with the form"},
		{"/activate/run?crossing=../../etc/hostname", "this server reads no files"},
		{"/activate/run?crossing=two-sq-crossing&tables=/etc/hostname", "this server reads no files"},
		{"/dc/run?target:text=x", `sapper dc: "target:text": only a file's field carries its text`},
		{"/activate/run?crossing=c.yaml&crossing:text=" + big, "sapper activate: crossing: larger than this server's 32 KiB limit for a file"},
		{"/activate/run?crossing=c.yaml&crossing:text=" + url.QueryEscape(strings.Replace(crossing, "tables: illustrative", "tables: /etc/hostname", 1)), "this server reads no files"},
		{"/activate/run?crossing=c.yaml&crossing:text=" + url.QueryEscape("command: activate\nflags:\n  plot: /tmp/x.png\n"), "sapper activate: c.yaml:3: field plot: not on the web page"},
	} {
		t.Run(tc.query[:min(len(tc.query), 60)], func(t *testing.T) {
			w := get(t, s, tc.query)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", w.Code)
			}
			if got := find(t, errorRe, w.Body.String()); !strings.Contains(got, tc.want) {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestServeLowersDefaults: a default over the limits runs at the limit,
// and the command line says so.
func TestServeLowersDefaults(t *testing.T) {
	lim := testLimits()
	lim.maxTrials, lim.maxPaths = 50_000, 1_000_000
	s := newTestServer(t, lim)
	for q, want := range map[string]string{
		"/dc/result?target=4-6-7&precision=0.2": "sapper dc --target 4-6-7 --precision 0.2 --trials 50000",
		"/dc/result?target=4-6-7&seed=3":        "sapper dc --target 4-6-7 --seed 3 --trials 50000",
		"/dc/result?target=4-6-7&method=exact":  "sapper dc --target 4-6-7 --method exact --max-paths 1000000",
	} {
		w := get(t, s, q)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d", q, w.Code)
		}
		if got := find(t, sameAsRe, w.Body.String()); got != want {
			t.Errorf("%s: same as %q, want %q", q, got, want)
		}
	}
}

// TestServeEscapes: input echoed in a page is text, never markup.
func TestServeEscapes(t *testing.T) {
	s := newTestServer(t, testLimits())
	w := get(t, s, "/dc/run?target="+url.QueryEscape(`"><script>alert(1)</script>`)+"&"+url.QueryEscape(`<img src=x>`)+"=1")
	if w.Code != http.StatusBadRequest {
		t.Fatalf("status %d", w.Code)
	}
	if b := w.Body.String(); strings.Contains(b, "<script>alert") || strings.Contains(b, "<img src=x>") {
		t.Fatalf("unescaped input:\n%s", b)
	}
}

// TestServeEveryCommand: the pages are the commands with a prepare step,
// each form an input per flag with its help text; a command added to the
// list has its page with nothing else to do.
func TestServeEveryCommand(t *testing.T) {
	saved := commands
	t.Cleanup(func() { commands = saved })
	extra := &command{name: "newgame", summary: "a command added later", prepare: prepareDC, help: writeDCHelp}
	commands = append(append([]*command{}, commands...), extra)
	s := newTestServer(t, testLimits())
	index := get(t, s, "/").Body.String()
	for _, c := range commands {
		if c.prepare == nil && c != scenariosCommand {
			if strings.Contains(index, `href="/`+c.name+`"`) {
				t.Errorf("index links %s, which has no prepare step", c.name)
			}
			continue
		}
		if c.prepare == nil {
			continue
		}
		if !strings.Contains(index, `href="/`+c.name+`"`) {
			t.Errorf("index does not link %s", c.name)
		}
		w := get(t, s, "/"+c.name)
		if w.Code != http.StatusOK {
			t.Fatalf("/%s: status %d", c.name, w.Code)
		}
		body := html.UnescapeString(w.Body.String())
		for _, fd := range s.forms[c.name].fields() {
			if !strings.Contains(body, `name="`+fd.Name+`"`) || !strings.Contains(body, fd.Usage) {
				t.Errorf("/%s: no input or help for %s", c.name, fd.Label)
			}
		}
		for name := range notOnTheWeb {
			if strings.Contains(body, `name="`+name+`"`) {
				t.Errorf("/%s: a %s input", c.name, name)
			}
		}
	}
	if w := get(t, s, "/nosuch"); w.Code != http.StatusNotFound {
		t.Errorf("/nosuch: status %d", w.Code)
	}
}

// TestServePermalink: a result's link reproduces the run, seed included.
func TestServePermalink(t *testing.T) {
	s := newTestServer(t, testLimits())
	first := get(t, s, "/dc/result?target=4-6-7&target=leader:8-1&trials=30000&seed=42&drm=-1")
	link := find(t, linkRe, first.Body.String())
	if want := "/dc/run?target=4-6-7&target=leader%3A8-1&drm=-1&trials=30000&seed=42"; link != want {
		t.Fatalf("permalink %s, want %s", link, want)
	}
	page := get(t, s, link)
	if page.Code != http.StatusOK {
		t.Fatalf("permalink: status %d", page.Code)
	}
	if got, want := find(t, sameAsRe, page.Body.String()), "sapper dc --target 4-6-7 --target leader:8-1 --drm=-1 --trials 30000 --seed 42"; got != want {
		t.Errorf("same as %q, want %q", got, want)
	}
	again := get(t, s, strings.Replace(link, "/run?", "/result?", 1))
	a, b := find(t, textRe, first.Body.String()), find(t, textRe, again.Body.String())
	if !sameRun(a, b) {
		t.Errorf("the permalink ran something else:\n%s\n%s", a, b)
	}
}

// TestServeHeaders: the pages forbid inline script and answer loopback
// names only.
func TestServeHeaders(t *testing.T) {
	s := newTestServer(t, testLimits())
	w := get(t, s, "/static/sapper.js")
	if w.Code != http.StatusOK || !strings.Contains(w.Header().Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("script: status %d, CSP %q", w.Code, w.Header().Get("Content-Security-Policy"))
	}
	// Under no-referrer, the pages' own forms would post with "Origin:
	// null", which the server refuses as another site's.
	if got := w.Header().Get("Referrer-Policy"); got != "same-origin" {
		t.Errorf("Referrer-Policy %q", got)
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Host = "attacker.example:8080"
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, r)
	if rec.Code != http.StatusMisdirectedRequest {
		t.Errorf("foreign Host: status %d", rec.Code)
	}
	for _, h := range []string{"localhost:8080", "[::1]:8080", "127.0.0.1"} {
		if !loopbackHost(h) {
			t.Errorf("%s is loopback", h)
		}
	}
	long := get(t, s, "/dc/run?target="+strings.Repeat("x", maxURL))
	if long.Code != http.StatusRequestURITooLong {
		t.Errorf("long URL: status %d", long.Code)
	}
}

// multipartBody builds a form with files.
func multipartBody(t *testing.T, fields map[string]string, files map[string][2]string) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	for k, f := range files {
		fw, err := mw.CreateFormFile(k, f[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(fw, f[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &b, mw.FormDataContentType()
}

func post(t *testing.T, h http.Handler, target string, body io.Reader, contentType string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, target, body)
	r.Host = "localhost"
	r.Header.Set("Content-Type", contentType)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestServeUploads: an uploaded crossing, and a tables file it names
// beside it, run as the same files would on the command line; the link
// carries them.
func TestServeUploads(t *testing.T) {
	s := newTestServer(t, testLimits())
	crossing, err := builtins.ReadFile("scenarios/two-sq-crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := builtinTables.ReadFile("tables/illustrative-russian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mine := strings.Replace(string(crossing), "tables: illustrative", "tables: russian.yaml", 1)
	body, ct := multipartBody(t, map[string]string{"ac": "4"}, map[string][2]string{
		"crossing:file": {"my crossing.yaml", mine},
		"tables:file":   {"russian.yaml", string(tables)},
	})
	w := post(t, s, "/activate", body, ct)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("status %d:\n%s", w.Code, w.Body)
	}
	loc := w.Header().Get("Location")
	if !strings.HasPrefix(loc, "/activate/run?crossing=my-crossing.yaml&tables=russian.yaml&ac=4&crossing%3Atext=") {
		t.Fatalf("redirect to %s", loc)
	}
	page := get(t, s, strings.Replace(loc, "/run?", "/result?", 1))
	if page.Code != http.StatusOK {
		t.Fatalf("status %d:\n%s", page.Code, page.Body)
	}
	if got := find(t, sameAsRe, page.Body.String()); got != "sapper activate my-crossing.yaml --tables russian.yaml --ac 4" {
		t.Errorf("same as %q", got)
	}
	// The same files on disk, on the command line.
	dir := t.TempDir()
	writeFile(t, dir+"/my-crossing.yaml", mine)
	writeFile(t, dir+"/russian.yaml", string(tables))
	out, errOut, code := terminal(t, "sapper activate "+dir+"/my-crossing.yaml --ac 4 --tables "+dir+"/russian.yaml")
	if code != exitOK {
		t.Fatal(errOut)
	}
	if got := find(t, textRe, page.Body.String()); !sameRun(got, strings.ReplaceAll(out, dir+"/", "")) {
		t.Errorf("page:\n%s\nterminal:\n%s", got, out)
	}
	// Another request does not see them.
	w = get(t, s, "/activate/run?crossing=my-crossing.yaml")
	if got := find(t, errorRe, w.Body.String()); w.Code != http.StatusBadRequest || !strings.Contains(got, "this server reads no files") {
		t.Errorf("status %d: %s", w.Code, got)
	}
	// A crossing whose tables were not uploaded names the missing file.
	w = get(t, s, "/activate/run?crossing=c.yaml&crossing:text="+url.QueryEscape(mine))
	if got := find(t, errorRe, w.Body.String()); w.Code != http.StatusBadRequest || !strings.Contains(got, "tables russian.yaml:") {
		t.Errorf("status %d: %s", w.Code, got)
	}
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := writeFileAtomic(name, []byte(data)); err != nil {
		t.Fatal(err)
	}
}

// TestServeUploadCap: a body over the cap is refused before it is read
// whole.
func TestServeUploadCap(t *testing.T) {
	s := newTestServer(t, testLimits())
	body, ct := multipartBody(t, nil, map[string][2]string{"crossing:file": {"big.yaml", strings.Repeat("#", maxBody+1)}})
	w := post(t, s, "/activate", body, ct)
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "the form could not be read") {
		t.Fatalf("status %d:\n%s", w.Code, w.Body)
	}
	body, ct = multipartBody(t, nil, map[string][2]string{"crossing:file": {"big.yaml", strings.Repeat("#", maxUpload+1)}})
	w = post(t, s, "/activate", body, ct)
	if got := find(t, errorRe, w.Body.String()); w.Code != http.StatusBadRequest || !strings.Contains(got, "big.yaml: larger than this server's 32 KiB limit") {
		t.Fatalf("status %d: %s", w.Code, got)
	}
}

// TestServeScenarios: each built-in scenario opens its command's page,
// filled in; an uploaded one too; a sweep says how to run it.
func TestServeScenarios(t *testing.T) {
	s := newTestServer(t, testLimits())
	list := get(t, s, "/scenarios").Body.String()
	if !strings.Contains(list, `<a href="/compare/run?target=4-6-7&amp;target=leader%3A8-1&amp;building=stone`) {
		t.Errorf("compare-default does not link its page:\n%s", list)
	}
	if !strings.Contains(list, "<code>sapper run placed-tem-sweep</code>") {
		t.Error("a sweep without its command line")
	}
	data, err := builtins.ReadFile("scenarios/thrown-from-upper-level.yaml")
	if err != nil {
		t.Fatal(err)
	}
	body, ct := multipartBody(t, nil, map[string][2]string{"scenario:file": {"thrown.yaml", string(data)}})
	w := post(t, s, "/scenarios", body, ct)
	if w.Code != http.StatusSeeOther || !strings.HasPrefix(w.Header().Get("Location"), "/dc/run?mode=thrown") {
		t.Fatalf("status %d, to %q", w.Code, w.Header().Get("Location"))
	}
	sweep, _ := builtins.ReadFile("scenarios/placed-tem-sweep.yaml")
	body, ct = multipartBody(t, nil, map[string][2]string{"scenario:file": {"sweep.yaml", string(sweep)}})
	w = post(t, s, "/scenarios", body, ct)
	if got := find(t, errorRe, w.Body.String()); w.Code != http.StatusBadRequest || !strings.Contains(got, "a sweep (vary: tem=0..5)") {
		t.Errorf("status %d: %s", w.Code, got)
	}
	body, ct = multipartBody(t, nil, map[string][2]string{"scenario:file": {"bad.yaml", "command: dc\nflags:\n  tme: 2\n"}})
	w = post(t, s, "/scenarios", body, ct)
	if got := find(t, errorRe, w.Body.String()); w.Code != http.StatusBadRequest || got != `sapper run: bad.yaml:3: unknown field "tme" for sapper dc; did you mean tem?` {
		t.Errorf("status %d: %s", w.Code, got)
	}
}

// TestServeTimeLimit: a run past the wall time stops and shows its
// partial result.
func TestServeTimeLimit(t *testing.T) {
	lim := testLimits()
	lim.maxTime, lim.maxTrials = 300*time.Millisecond, 1_000_000_000
	s := newTestServer(t, lim)
	start := time.Now()
	w := get(t, s, "/dc/result?target=4-6-7&target=4-6-7&target=leader:8-1&trials=1000000000")
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %s past a 300ms limit", d)
	}
	body := w.Body.String()
	if w.Code != http.StatusOK || !strings.Contains(body, "stopped at this server&#39;s time limit of 300ms") || !strings.Contains(body, "INCOMPLETE") {
		t.Fatalf("status %d:\n%s", w.Code, body)
	}
}

// TestServeRunFailure: a run that fails (over its path budget) says why
// in the command's words.
func TestServeRunFailure(t *testing.T) {
	s := newTestServer(t, testLimits())
	w := get(t, s, "/dc/result?target=4-6-7&target=4-6-7&target=leader:8-1&method=exact&max-paths=10")
	_, errOut, code := terminal(t, "sapper dc --target 4-6-7 --target 4-6-7 --target leader:8-1 --method exact --max-paths 10")
	if code != exitFailure {
		t.Fatalf("exit %d", code)
	}
	if got := find(t, errorRe, w.Body.String()); w.Code != http.StatusUnprocessableEntity || got != strings.TrimSpace(errOut) {
		t.Errorf("status %d:\npage     %s\nterminal %s", w.Code, got, errOut)
	}
}
