//go:build !js

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/sapperhq/sapper/internal/site"
)

// buildSite writes the static site into a temporary directory, as sapper
// site does.
func buildSite(t testing.TB) *site.Site {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("the site test builds the engine for js/wasm and needs the go command: %v", err)
	}
	if out, err := exec.Command("go", "tool", "dist", "list").Output(); err != nil || !bytes.Contains(out, []byte("js/wasm")) {
		t.Skipf("this Go toolchain cannot build for js/wasm (go tool dist list: %v)", err)
	}
	var describe bytes.Buffer
	if err := runDescribe(&describe, []string{"--format", "json"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s, err := site.Build(ctx, filepath.Join(t.TempDir(), "site"), site.Options{Describe: describe.Bytes()})
	if err != nil {
		t.Fatalf("building the site: %v", err)
	}
	return s
}

// native runs a command line in-process and returns its JSON.
func native(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if err := Execute(context.Background(), append(args, "--format", "json"), &out, &errb); err != nil {
		t.Fatalf("sapper %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	var v map[string]any
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// pageFigures reads every figure a result page shows, by table and row,
// from the exact values its cells carry.
const pageFigures = `(() => {
  const out = {};
  for (const tb of document.querySelectorAll('#result table.metric')) {
    for (const tr of tb.querySelectorAll('tbody tr')) {
      out[(tb.dataset.run ? tb.dataset.run + '/' : '') + tb.dataset.metric + '/' + tr.dataset.value] = tr.querySelector('td[data-p]').dataset.p;
    }
  }
  for (const td of document.querySelectorAll('#result td[data-fig]')) {
    out['figure/' + td.dataset.run + '/' + td.dataset.fig] = td.dataset.p;
  }
  return out;
})()`

// nativeFigures lists a native result's figures under the names
// pageFigures gives them.
func nativeFigures(v map[string]any) map[string]float64 {
	out := map[string]float64{}
	add := func(prefix string, r map[string]any) {
		for _, m := range r["metrics"].([]any) {
			m := m.(map[string]any)
			outcomes, _ := m["outcomes"].([]any)
			for _, o := range outcomes {
				o := o.(map[string]any)
				out[prefix+m["name"].(string)+"/"+o["value"].(string)] = o["p"].(float64)
			}
		}
	}
	runs, ok := v["runs"].([]any)
	if !ok {
		add("", v)
		return out
	}
	for _, r := range runs {
		r := r.(map[string]any)
		label := r["label"].(string)
		add(label+"/", r)
		figures, _ := r["figures"].([]any) // plans have none
		for _, f := range figures {
			f := f.(map[string]any)
			p, ok := f["p"]
			if !ok {
				p = f["mean"]
			}
			out["figure/"+label+"/"+f["name"].(string)] = p.(float64)
		}
	}
	return out
}

// sameFigures checks that the page shows every native figure, exactly.
func sameFigures(t *testing.T, what string, page map[string]string, want map[string]float64) {
	t.Helper()
	if len(page) != len(want) {
		t.Errorf("%s: the page shows %d figures, the command line %d", what, len(page), len(want))
		for k := range page {
			if _, ok := want[k]; !ok {
				t.Errorf("%s: the page shows %s, the command line does not", what, k)
			}
		}
	}
	for k, w := range want {
		got, err := strconv.ParseFloat(page[k], 64)
		if err != nil || got != w {
			t.Errorf("%s: %s is %q on the page, %v on the command line", what, k, page[k], w)
		}
	}
}

// pageSetup reads the lines a result shows above its figures: the
// scenario's title, then the setup.
const pageSetup = `[...document.querySelectorAll('#result #setup p')].map((p) => p.textContent)`

// sameText checks that the page shows the native JSON's title and setup
// above the figures and its notes under them, in the same words.
func sameText(t *testing.T, ctx context.Context, what string, v map[string]any) {
	t.Helper()
	var want []string
	if title, ok := v["title"].(string); ok {
		want = append(want, title)
	}
	setup, _ := v["setup"].([]any)
	for _, l := range setup {
		want = append(want, l.(string))
	}
	var notes []string
	if ns, ok := v["notes"].([]any); ok {
		for _, l := range ns {
			notes = append(notes, l.(string))
		}
	}
	var got []string
	var gotNotes string
	var above bool
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(pageSetup, &got),
		chromedp.Evaluate(`document.getElementById('notes')?.textContent || ''`, &gotNotes),
		// the setup comes before the figures, the notes after them
		chromedp.Evaluate(`(() => {
  const s = document.getElementById('setup'), f = document.querySelector('#result table');
  const n = document.getElementById('notes');
  const before = (a, b) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  return !!s && !!f && before(s, f) && (!n || before(f, n));
})()`, &above),
	); err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Errorf("%s: the command line's JSON has no setup", what)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: the page's setup %q, the command line's %q", what, got, want)
	}
	if gotNotes != strings.Join(notes, " ") {
		t.Errorf("%s: the page's notes %q, the command line's %q", what, gotNotes, notes)
	}
	if !above {
		t.Errorf("%s: the setup is not above the figures, or the notes not under them", what)
	}
	noStrayText(t, ctx, what)
}

// noStrayText fails if the result shows a value JavaScript printed for
// want of one: a null or undefined appended to the page, NaN, an object.
func noStrayText(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	var stray []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
  const out = [];
  const w = document.createTreeWalker(document.getElementById('result'), NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    if (/^(null|undefined)$|\bundefined\b|\bNaN\b|\[object /.test(n.textContent.trim())) out.push(n.textContent.trim());
  }
  return out;
})()`, &stray)); err != nil {
		t.Fatal(err)
	}
	if len(stray) > 0 {
		t.Errorf("%s: the result shows %q", what, stray)
	}
}

// countingServer serves dir and counts the bytes it sends.
func countingServer(t testing.TB, dir string) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	fs := http.FileServer(http.Dir(dir))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fs.ServeHTTP(countingWriter{w, &n}, r)
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return c.ResponseWriter.Write(p)
}

// waitState waits until the page says it is in one of states, and
// returns which.
func waitState(states ...string) chromedp.Action {
	cond := make([]string, len(states))
	for i, s := range states {
		cond[i] = `document.body.dataset.state === '` + s + `'`
	}
	return chromedp.Poll(strings.Join(cond, " || "), nil, chromedp.WithPollingInterval(20*time.Millisecond))
}

// waitCommand waits until the page shows the form of command name.
func waitCommand(name string) chromedp.Action {
	return chromedp.Poll(`document.getElementById('cmd-title').textContent === 'sapper `+name+`' && document.body.dataset.state === 'idle'`, nil, chromedp.WithPollingInterval(20*time.Millisecond))
}

// exampleTarget checks that a fresh dc form starts with its example
// target, the one describe lists, so that its first run answers.
var exampleTarget = chromedp.ActionFunc(func(ctx context.Context) error {
	var v []string
	if err := chromedp.Evaluate(`[...document.querySelectorAll('#in-target input')].map((i) => i.value)`, &v).Do(ctx); err != nil {
		return err
	}
	if len(v) != 1 || v[0] != "4-6-7" {
		return fmt.Errorf("a fresh dc form's targets are %q, want its example [4-6-7]", v)
	}
	return nil
})

// shot saves the visible page, or the element sel, as name.png when
// screenshots are asked for.
func shot(name, sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if *screenshots == "" {
			return nil
		}
		var png []byte
		var err error
		if sel == "" {
			err = chromedp.CaptureScreenshot(&png).Do(ctx)
		} else {
			err = chromedp.Screenshot(sel, &png, chromedp.ByQuery).Do(ctx)
		}
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(*screenshots, name+".png"), png, 0o644)
	})
}

// noOverflow fails when the page scrolls sideways at width px.
func noOverflow(t *testing.T, ctx context.Context, what string, width int) {
	t.Helper()
	var sw int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth`, &sw)); err != nil {
		t.Fatal(err)
	}
	if sw > width {
		t.Errorf("%s: the page is %d px wide at %d px: it scrolls sideways", what, sw, width)
	}
}

// TestSiteInBrowser builds the static site, serves it as a plain file
// server would, and plays it in a headless Chromium: a permalink opened
// cold, compare's form (exact) and dc's (Monte Carlo, a fixed seed) filled
// in as a player would, a bad input, a cancelled run, and the phone
// layout. Every figure the page shows is the command line's, exactly.
func TestSiteInBrowser(t *testing.T) {
	ctx := browser(t)
	start := time.Now()
	s := buildSite(t)
	raw, gz := s.FirstVisit()
	t.Logf("site built in %s: %d files, %d bytes, %d gzipped", time.Since(start).Round(time.Millisecond), len(s.Files), raw, gz)
	if gz > 3<<20 {
		t.Errorf("the first visit is %d bytes gzipped; the budget is 3 MB", gz)
	}
	ts, sent := countingServer(t, s.Dir)

	// A permalink opened cold: the engine loads and the run starts at once.
	dcArgs := []string{"dc", "--target", "4-6-7", "--tem", "2", "--trials", "200000", "--seed", "7"}
	dcWant := nativeFigures(native(t, dcArgs...))
	link := ts.URL + "/#dc?target=4-6-7&tem=2&trials=200000&seed=7"
	pages := make([]map[string]string, 4)
	var first, loaded float64
	t0 := time.Now()
	if err := chromedp.Run(ctx,
		network.Enable(),
		network.SetCacheDisabled(true),
		chromedp.Navigate(link),
		waitState("done", "error"),
		chromedp.Evaluate(`window.sapperTiming.firstResultMs`, &first),
		chromedp.Evaluate(`window.sapperLoaded || 0`, &loaded),
		chromedp.Evaluate(pageFigures, &pages[0]),
		network.SetCacheDisabled(false),
	); err != nil {
		t.Fatal(err)
	}
	t.Logf("time to first result (cold permalink, 200,000 trials): %.0f ms from navigation (%s wall); %d bytes sent", first, time.Since(t0).Round(time.Millisecond), sent.Load())
	sameFigures(t, "dc permalink", pages[0], dcWant)
	// The page counted the engine's bytes as they came, to the last.
	if fi, err := os.Stat(filepath.Join(s.Dir, "sapper.wasm")); err != nil {
		t.Error(err)
	} else if int64(loaded) != fi.Size() {
		t.Errorf("the page saw %.0f bytes of the engine arrive; sapper.wasm is %d", loaded, fi.Size())
	}

	// The engine's Monte Carlo rate in the Worker, and natively.
	rateArgs := []string{"dc", "--target", "4-6-7", "--tem", "2", "--trials", "4000000", "--seed", "7"}
	var engineMs float64
	var ratePage map[string]string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/?rate#dc?target=4-6-7&tem=2&trials=4000000&seed=7"),
		waitState("done", "error"),
		chromedp.Evaluate(`window.sapperTiming.engineMs`, &engineMs),
		chromedp.Evaluate(pageFigures, &ratePage),
	); err != nil {
		t.Fatal(err)
	}
	n0 := time.Now()
	rateWant := nativeFigures(native(t, rateArgs...))
	nativeAll := time.Since(n0)
	n0 = time.Now()
	native(t, append(rateArgs, "--workers", "1")...)
	nativeOne := time.Since(n0)
	sameFigures(t, "dc, 4,000,000 trials", ratePage, rateWant)
	t.Logf("Monte Carlo rate, dc on a 4-6-7 at TEM 2: %.1f M trials/s in the Worker, %.1f M/s natively on one worker, %.1f M/s on %d",
		4000/engineMs, 4/nativeOne.Seconds(), 4/nativeAll.Seconds(), runtime.GOMAXPROCS(0))

	// compare: the player opens the run inputs, picks exact and runs.
	var headline, cmdline string
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Click(`#commands a[data-cmd=compare]`, chromedp.ByQuery),
		waitCommand("compare"),
		chromedp.Click(`#group-run summary`, chromedp.ByQuery),
		chromedp.SetValue(`#in-method`, "exact", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Text(`#headline`, &headline, chromedp.ByQuery),
		chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
		chromedp.Evaluate(pageFigures, &pages[1]),
	); err != nil {
		t.Fatal(err)
	}
	if want := "sapper compare --method exact"; cmdline != want {
		t.Errorf("compare's command line %q, want %q", cmdline, want)
	}
	compareJSON := native(t, "compare", "--method", "exact")
	sameFigures(t, "compare", pages[1], nativeFigures(compareJSON))
	sameText(t, ctx, "compare", compareJSON)
	var setup []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(pageSetup, &setup)); err != nil {
		t.Fatal(err)
	}
	if len(setup) == 0 || setup[0] != "DC vs 4-6-7, leader:8-1 in a stone building, TEM 3" {
		t.Errorf("compare's setup on the page: %q", setup)
	}
	if !strings.HasPrefix(headline, "Thrown clears the stack most often: 24.71%") {
		t.Errorf("compare's headline %q", headline)
	}

	// Every other command, from a permalink: the page's figures are the
	// command line's.
	for _, c := range []struct {
		command string
		params  [][2]string
	}{
		{"afv", [][2]string{{"af", "hull=11/8/8,turret=11/8/8"}, {"facing", "side"}, {"method", "exact"}}},
		{"fire", [][2]string{{"fp", "8"}, {"drm", "2"}, {"target", "4-6-7"}, {"target", "leader:8-1"}, {"method", "exact"}}},
		{"building", [][2]string{{"method", "exact"}}},
		{"activate", [][2]string{{"crossing", "two-sq-crossing"}, {"method", "exact"}}},
		{"lhy", [][2]string{{"sadrm", "1"}, {"sadrm", "2"}, {"mdrm", "2"}, {"mfa-mv", "2"}, {"atdrm", "sherman=3"},
			{"target", "rifle:7,av=2"}, {"target", "bar:6,concealed"}, {"target", "riders:6,rider,on=sherman"}, {"target", "hq:8,non-combat"},
			{"leader", "8"}, {"vehicle", "sherman:7,afv,atv=1"}, {"vehicle", "jeep:1"}, {"open-terrain", "true"}, {"method", "exact"}}},
	} {
		q := url.Values{}
		args := []string{c.command}
		for _, p := range c.params {
			q.Add(p[0], p[1])
			switch {
			case p[0] == "crossing":
				args = append(args, p[1])
			case p[1] == "true":
				args = append(args, "--"+p[0])
			default:
				args = append(args, "--"+p[0], p[1])
			}
		}
		var got map[string]string
		var errText, headline string
		if err := chromedp.Run(ctx,
			chromedp.Navigate(ts.URL+"/?"+c.command+"#"+c.command+"?"+q.Encode()),
			waitState("done", "error"),
			chromedp.Evaluate(pageFigures, &got),
			chromedp.Evaluate(`document.getElementById('error').textContent`, &errText),
			chromedp.Evaluate(`document.getElementById('headline')?.textContent || ''`, &headline),
		); err != nil {
			t.Fatal(err)
		}
		if errText != "" {
			t.Errorf("%s: %s", c.command, errText)
			continue
		}
		v := native(t, args...)
		sameFigures(t, c.command, got, nativeFigures(v))
		sameText(t, ctx, c.command, v)
		if c.command == "activate" {
			// The crossing's tables are the illustrative ones, and the
			// page says so where the player reads the figures.
			var warning string
			if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
  const p = [...document.querySelectorAll('#setup p')].find((p) => p.textContent.includes('ILLUSTRATIVE'));
  const r = p && p.getBoundingClientRect();
  return p && r.width > 0 && r.height > 0 && getComputedStyle(p).visibility === 'visible' ? p.textContent : '';
})()`, &warning)); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(warning, "Tables: ILLUSTRATIVE russian tables") || !strings.Contains(warning, "not the official ones") {
				t.Errorf("activate: the page shows no illustrative-tables warning (%q)", warning)
			}
		}
		t.Logf("%s: %s", c.command, headline)
	}

	// activate with a crossing of the player's own, uploaded: the same
	// figures as the command line's, and the permalink carries the file.
	crossing := filepath.Join(t.TempDir(), "my-crossing.yaml")
	var yaml bytes.Buffer
	if err := Execute(context.Background(), []string{"scenarios", "two-sq-crossing"}, &yaml, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(crossing, yaml.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var uploaded map[string]string
	var upLink string
	if err := chromedp.Run(ctx,
		chromedp.Click(`#commands a[data-cmd=activate]`, chromedp.ByQuery),
		waitCommand("activate"),
		chromedp.SetUploadFiles(`#up-crossing`, []string{crossing}, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById('in-crossing').value === 'my-crossing.yaml'`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
		shot("activate-form-1280", ""),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
		chromedp.Evaluate(pageFigures, &uploaded),
		chromedp.Evaluate(`document.getElementById("permalink").href`, &upLink),
	); err != nil {
		t.Fatal(err)
	}
	// The page adds no seed of its own: the crossing file's method (exact)
	// stands, as on the command line.
	if want := "sapper activate my-crossing.yaml"; cmdline != want {
		t.Errorf("activate's command line %q, want %q", cmdline, want)
	}
	sameFigures(t, "activate, an uploaded crossing", uploaded, nativeFigures(native(t, "activate", "two-sq-crossing")))
	if !strings.Contains(upLink, "file%3Amy-crossing.yaml=") {
		t.Errorf("the permalink does not carry the crossing: %s", upLink)
	}

	// dc: the form starts from the example target (describe's example),
	// and the player sets the TEM, the trials and the seed.
	if err := chromedp.Run(ctx,
		chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery),
		waitCommand("dc"),
		exampleTarget,
		chromedp.SetValue(`#in-tem`, "", chromedp.ByQuery),
		chromedp.SendKeys(`#in-tem`, "2", chromedp.ByQuery),
		chromedp.Click(`#group-run summary`, chromedp.ByQuery),
		chromedp.SetValue(`#in-trials`, "", chromedp.ByQuery),
		chromedp.SendKeys(`#in-trials`, "200000", chromedp.ByQuery),
		chromedp.SetValue(`#in-seed`, "", chromedp.ByQuery),
		chromedp.SendKeys(`#in-seed`, "7", chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
		shot("form-1280", ""),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Text(`#headline`, &headline, chromedp.ByQuery),
		chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
		chromedp.Evaluate(pageFigures, &pages[2]),
		shot("result-1280", ""),
	); err != nil {
		t.Fatal(err)
	}
	if want := "sapper " + strings.Join(dcArgs, " "); cmdline != want {
		t.Errorf("dc's command line %q, want %q", cmdline, want)
	}
	sameFigures(t, "dc", pages[2], dcWant)
	if !strings.HasPrefix(headline, "The stack is cleared (every target eliminated, surrendered or broken): ") {
		t.Errorf("dc's headline %q", headline)
	}

	// The page's permalink reruns the same work.
	var href string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.getElementById("permalink").href`, &href),
	); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate(strings.Replace(href, "/#", "/?again#", 1)),
		waitState("done", "error"),
		chromedp.Evaluate(pageFigures, &pages[3]),
	); err != nil {
		t.Fatal(err)
	}
	t.Logf("permalink %s", href)
	sameFigures(t, "dc reopened from "+href, pages[3], dcWant)

	// A bad input: the engine's one line, under the field it names.
	var fieldErr, pageErr string
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#in-tem`, "99", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("error"),
		chromedp.Text(`#err-tem`, &fieldErr, chromedp.ByQuery),
		chromedp.Text(`#error`, &pageErr, chromedp.ByQuery),
		shot("error-1280", ""),
	); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	err := Execute(context.Background(), []string{"dc", "--target", "4-6-7", "--tem", "99", "--trials", "200000", "--seed", "7"}, new(bytes.Buffer), &errb)
	var ee *ExitError
	if !errors.As(err, &ee) || ee.Code != exitUsage || strings.TrimSpace(errb.String()) != pageErr {
		t.Errorf("page: %q\ncommand line (%v): %q", pageErr, err, errb.String())
	}
	if !strings.HasPrefix(fieldErr, `TEM "99": want a whole number from 0 to 8`) {
		t.Errorf("the error under the TEM field: %q", fieldErr)
	}

	// An error the run meets after its progress has begun: the page
	// shows the engine's line, not the bar that line erased.
	var runErr string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/?budget#activate?crossing=village-crossing&method=exact&max-paths=5000"),
		waitState("error"),
		chromedp.Text(`#error`, &runErr, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	err = Execute(context.Background(), []string{"activate", "village-crossing", "--method", "exact", "--max-paths", "5000"}, new(bytes.Buffer), &errb)
	if err == nil || !strings.Contains(runErr, "needs more than 5,000 paths") || strings.TrimSpace(errb.String()) != runErr {
		t.Errorf("an error after progress: the page shows %q\ncommand line (%v): %q", runErr, err, errb.String())
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/?back#dc?target=4-6-7&tem=2&trials=200000&seed=7"),
		waitState("done", "error"),
	); err != nil {
		t.Fatal(err)
	}

	// A long run cancelled.
	var status, partialText string
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#in-tem`, "2", chromedp.ByQuery),
		chromedp.SetValue(`#in-trials`, "1000000000", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("running"),
		// The Worker reports its progress as the run goes.
		chromedp.Poll(`document.querySelector('#status progress').value > 0`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		shot("running-1280", ""),
		chromedp.Click(`#cancel`, chromedp.ByQuery),
		// The engine stops at its next chunk and answers with the trials
		// run so far, marked partial, as Ctrl-C does in a terminal.
		waitState("partial"),
		chromedp.Text(`#status`, &status, chromedp.ByQuery),
		chromedp.Text(`#result`, &partialText, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(status, "Cancelled") || !strings.Contains(status, "PARTIAL") {
		t.Errorf("after Cancel the status says %q", status)
	}
	if !strings.Contains(partialText, "The stack is cleared") {
		t.Errorf("the partial result shows no figures: %.200q", partialText)
	}

	// An exact run cancelled: its counts' means have no interval, and
	// none is printed (it may end before the click on a fast host).
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/#activate?crossing=village-crossing&method=exact&run"),
		waitState("running", "done"),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`document.getElementById('cancel').click()`, nil),
		waitState("partial", "done"),
	); err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx, "an exact crossing cancelled")

	// A long compare: its three runs share the workers, and the status
	// counts them together.
	var counted string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/#compare"),
		waitState("idle"),
		chromedp.SetValue(`#in-trials`, "1000000000", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("running"),
		// Past the first look (its own short run), into the whole run.
		chromedp.Poll(`document.querySelector('#first-look') && document.querySelector('#status progress').value > 0`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Text(`#counted`, &counted, chromedp.ByQuery),
		shot("compare-running-1280", "#status"),
		chromedp.Click(`#cancel`, chromedp.ByQuery),
		waitState("partial"),
	); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^3 runs: [\d,]+/3,000,000,000 trials, \S+ left$`).MatchString(counted) {
		t.Errorf("a compare's status counts %q, want its three runs' trials together, and the time left", counted)
	}
	// Cancelled before thrown and set had started, it shows the first
	// look, which has all three, and offers placed's own trials instead.
	var cutNote, cutMeta, cutStatus string
	if err := chromedp.Run(ctx,
		chromedp.Text(`#cut-note`, &cutNote, chromedp.ByQuery),
		shot("compare-cancelled-1280", "#result"),
		chromedp.Click(`#show-cut`, chromedp.ByQuery),
		chromedp.Poll(`!document.getElementById('cut-note')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`[...document.querySelectorAll('#result .meta')].map((p) => p.textContent).join(' ') + ' ' + (document.getElementById('notes')?.textContent || '')`, &cutMeta),
		chromedp.Text(`#status`, &cutStatus, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^The first look's figures: the full run was stopped having run placed [\d,]+ trials, before the others started\. Show those figures instead$`).MatchString(cutNote) {
		t.Errorf("the cancelled compare's note says %q", cutNote)
	}
	if strings.Contains(cutMeta, "Monte Carlo: 50,000 trials") || !strings.Contains(cutMeta, "Not run, as the placed run was interrupted: thrown, set.") || !strings.HasSuffix(cutStatus, ": PARTIAL figures of the runs that had started.") {
		t.Errorf("placed's own figures: %q, status %q", cutMeta, cutStatus)
	}

	// Run pressed at the foot of a long form on a phone: the first look
	// is brought into view, where it would have stayed above the screen.
	var top float64
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(ts.URL+"/#compare"),
		waitState("idle"),
		chromedp.SetValue(`#in-trials`, "1000000000", chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, document.body.scrollHeight)`, nil),
		chromedp.Click(`#run`, chromedp.ByQuery),
		chromedp.Poll(`!!document.querySelector('#first-look')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`document.getElementById('result-title').getBoundingClientRect().top`, &top),
		chromedp.Click(`#cancel`, chromedp.ByQuery),
		waitState("partial"),
		chromedp.EmulateViewport(1280, 900),
	); err != nil {
		t.Fatal(err)
	}
	if top < 0 || top > 800 {
		t.Errorf("the first look's heading is at %.0f px, off a screen 800 px high", top)
	}

	// A sweep cancelled: the row of the value whose run was cut short
	// says so, as on the command line, beside the rows of whole runs.
	var rows string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/#sweep?command=dc&target=4-6-7&vary=tem%3D0..5&trials=1000000000"),
		waitState("running"),
		chromedp.Poll(`!!document.querySelector('#first-look')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Sleep(time.Second),
		chromedp.Click(`#cancel`, chromedp.ByQuery),
		waitState("partial"),
		chromedp.Evaluate(`[...document.querySelectorAll('table.sweep tbody th')].map((th) => th.textContent).join('|')`, &rows),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rows, " (partial)") {
		t.Errorf("a sweep cancelled: its rows read %q; want the run cut short marked (partial)", rows)
	}

	// Plans cancelled in their first plan's exact walk: the engine gives
	// no headline of its own, and the page's says the run stopped, and
	// which plan never began, not that it is done.
	var stopped string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/#plans?target=4-6-7&target=leader%3A9-2&plan=A%3A+fire+16%3B+fire+12%3B+fire+8&plan=B%3A+fire+20%3B+fire+20%3B+fire+4&method=exact&max-paths=200000000&run"),
		waitState("running"),
		chromedp.Sleep(time.Second),
		chromedp.Click(`#cancel`, chromedp.ByQuery),
		waitState("partial"),
		chromedp.Text(`#headline`, &stopped, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if stopped != "Stopped before the end; not run: B." {
		t.Errorf("plans cancelled: the headline says %q", stopped)
	}

	// Cancelled just as its first look ends: the first look is all there
	// is, and is shown as partial, under its own command line. The
	// page's Worker is wrapped to click Cancel as the first look's answer
	// arrives, before the page reads it.
	var lookStatus, lookArgv string
	if err := chromedp.Run(ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(cancelAtFirstLook).Do(ctx)
			return err
		}),
		// A new document, which the script wraps.
		chromedp.Navigate(ts.URL+"/?look#compare"),
		waitState("idle"),
		chromedp.SetValue(`#in-trials`, "1000000000", chromedp.ByQuery),
		chromedp.Evaluate(`window.cancelAtFirstLook = true`, nil),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("partial"),
		chromedp.Text(`#status`, &lookStatus, chromedp.ByQuery),
		chromedp.Evaluate(`window.sapperLast.argv.join(" ")`, &lookArgv),
		shot("first-look-cancelled-1280", ""),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(lookStatus, "PARTIAL, the first look's 50,000 trials") || !strings.HasSuffix(lookArgv, "--trials 50000") {
		t.Errorf("cancelled as its first look ended: status %q, command line %q", lookStatus, lookArgv)
	}

	// A phone: nothing scrolls sideways, the form or a result.
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.Navigate(ts.URL+"/?phone#dc"),
		waitState("idle"),
		exampleTarget,
		chromedp.Click(`#field-target button.add`, chromedp.ByQuery),
		chromedp.SendKeys(`#in-target .row:nth-child(2) input`, "leader:8-1", chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
		shot("form-390", ""),
	); err != nil {
		t.Fatal(err)
	}
	noOverflow(t, ctx, "dc's form", 390)
	var problems []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(accessChecks, &problems)); err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("dc's form at 390 px: %s", p)
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/?phone-result#compare?method=exact"),
		waitState("done", "error"),
		shot("result-390", ""),
	); err != nil {
		t.Fatal(err)
	}
	noOverflow(t, ctx, "compare's result", 390)
	problems = nil
	if err := chromedp.Run(ctx, chromedp.Evaluate(accessChecks, &problems)); err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("compare's result at 390 px: %s", p)
	}

	// Offline: with the server gone, the service worker's copy of the
	// site opens and runs.
	var ready bool
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`navigator.serviceWorker.ready.then(() => true)`, &ready, func(p *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams {
			return p.WithAwaitPromise(true)
		}),
	); err != nil {
		t.Fatal(err)
	}
	ts.Close()
	pages = append(pages, nil)
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/?offline#dc?target=4-6-7&tem=2&trials=200000&seed=7"),
		waitState("done", "error"),
		chromedp.Evaluate(pageFigures, &pages[4]),
	); err != nil {
		t.Fatalf("offline: %v", err)
	}
	sameFigures(t, "dc offline", pages[4], dcWant)
}

// accessChecks lists what a page does wrong for a phone or a screen
// reader: a control without a label, a tap target under 44 px, text
// under 11 px.
const accessChecks = `(() => {
  const out = [];
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  for (const e of document.querySelectorAll('input, select, textarea')) {
    if (!visible(e)) continue;
    const named = e.labels?.length || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby');
    if (!named) out.push('no label: ' + (e.id || e.outerHTML.slice(0, 60)));
  }
  for (const e of document.querySelectorAll('button, select, input[type=text], input[type=number], nav a, summary')) {
    if (!visible(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) out.push('tap target ' + Math.round(r.width) + '×' + Math.round(r.height) + ': ' + (e.id || e.textContent.trim().slice(0, 30)));
  }
  for (const e of document.querySelectorAll('body *')) {
    if (!visible(e) || ![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px < 11) out.push('text ' + px + ' px: ' + e.textContent.trim().slice(0, 30));
  }
  return out;
})()`

// TestSiteOffersWhatItReads: the page runs every command with --format
// json, which lists every outcome with every view and an exact run's
// fractions, and draws its own chart: it offers none of the flags that
// shape the table or the chart, which the engine refuses with JSON
// (--hide-zero, --view, --cumulative, a sweep's too) or which change
// nothing there (--fractions).
func TestSiteOffersWhatItReads(t *testing.T) {
	ctx, base := openSite(t)
	const missing = `['hide-zero', 'view', 'fractions', 'cumulative'].filter((n) => document.getElementById('in-' + n))`
	for _, name := range []string{"compare", "dc", "afv", "fire", "plans", "building", "activate", "lhy", "sweep"} {
		var offered []string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?offers-"+name+"#"+name), waitCommand(name), chromedp.Evaluate(missing, &offered)); err != nil {
			t.Fatal(err)
		}
		if len(offered) > 0 {
			t.Errorf("%s: the page offers %v", name, offered)
		}
	}
}

// cancelAtFirstLook wraps the page's Worker so that, when the page sets
// window.cancelAtFirstLook, the next answer of a run clicks Cancel before
// the page reads it: a player's Cancel that lands as a first look ends.
const cancelAtFirstLook = `(() => {
  const W = window.Worker;
  window.Worker = class extends W {
    set onmessage(h) {
      super.onmessage = (e) => {
        if (window.cancelAtFirstLook && e.data && e.data.type === "done") {
          window.cancelAtFirstLook = false;
          document.querySelector("#cancel").click();
        }
        h(e);
      };
    }
  };
})()`
