//go:build !js

package cli

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestServeInBrowser plays the page sapper serve serves, in a headless
// Chromium: the same page as the static site, its runs made by the
// server's native engine. A seeded permalink shows the command line's
// figures exactly; a bad input is marked on its field; a long run
// cancelled shows its partial result; a run held to the server's limits
// offers the command line that gives its figures.
func TestServeInBrowser(t *testing.T) {
	ctx := browser(t)
	ts := servedEngine(t, 10_000_000)

	want := nativeFigures(native(t, "dc", "--target", "4-6-7", "--tem", "2", "--trials", "200000", "--seed", "7"))
	var got map[string]string
	var footer, about string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/#dc?target=4-6-7&tem=2&trials=200000&seed=7"),
		waitState("done", "error"),
		chromedp.Evaluate(pageFigures, &got),
		chromedp.Text(`footer`, &footer, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('meta[name="description"]').content`, &about),
	); err != nil {
		t.Fatal(err)
	}
	sameFigures(t, "served dc permalink", got, want)
	if !strings.Contains(footer, "sapper serve") {
		t.Errorf("the footer does not say the page runs on the server: %q", footer)
	}
	if strings.Contains(about, "in your browser") || !strings.Contains(about, "sapper serve") {
		t.Errorf("the served page describes itself as %q", about)
	}

	var fieldErr string
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#in-tem`, "99", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("error"),
		chromedp.Text(`#err-tem`, &fieldErr, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(fieldErr, "TEM ") {
		t.Errorf("the error under --tem: %q", fieldErr)
	}

	// Cancel, or Escape as the button does, stops a long run and shows
	// what it ran.
	for i, stop := range []struct {
		what   string
		action chromedp.Action
	}{{"Cancel", chromedp.Click(`#cancel`, chromedp.ByQuery)}, {"Escape", chromedp.KeyEvent(kb.Escape)}} {
		var status string
		if err := chromedp.Run(ctx,
			chromedp.Navigate(fmt.Sprintf("%s/?long%d#activate?crossing=village-crossing&trials=10000000&seed=1", ts.URL, i)),
			waitState("running"),
			chromedp.Poll(`document.querySelector('#status progress') && document.querySelector('#status progress').value > 0`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
			stop.action,
			waitState("partial"),
			chromedp.Text(`#status`, &status, chromedp.ByQuery),
		); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(status, "PARTIAL") {
			t.Errorf("after %s the status says %q", stop.what, status)
		}
	}

	// A run the server stops before its first trial has no figures: the
	// page says so, and shows no table of 0.00%.
	var head, partial string
	var tables int
	if err := chromedp.Run(ctx,
		chromedp.Navigate(servedFor(t, 10_000_000, time.Nanosecond).URL+"/?none#compare?trials=1000000"),
		waitState("partial"),
		chromedp.Text(`#headline`, &head, chromedp.ByQuery),
		chromedp.Text(`#partial`, &partial, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('#result table').length`, &tables),
	); err != nil {
		t.Fatal(err)
	}
	if head != "No figures: stopped before the first trial." || !strings.Contains(partial, "no figures") || tables != 0 {
		t.Errorf("a run of no trials: headline %q, %q, %d tables", head, partial, tables)
	}
	var stopped string
	if err := chromedp.Run(ctx, chromedp.Text(`#status`, &stopped, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stopped, "Stopped at the server's time limit after ") || !strings.HasSuffix(stopped, "before the first trial: there are no figures.") {
		t.Errorf("the status of a run the server stopped before its first trial: %q", stopped)
	}

	// A --precision run's cap of 10⁹ trials is lowered to the server's
	// limit: the page says so, offers the command line that gives the same
	// figures, and says the precision was not reached.
	small := servedFor(t, 20_000, time.Minute)
	precise := []string{"dc", "--target", "4-6-7", "--precision", "0.0001", "--trials", "20000"}
	var cmdline, held, missed string
	got = nil
	if err := chromedp.Run(ctx,
		chromedp.Navigate(small.URL+"/?precise#dc?target=4-6-7&precision=0.0001"),
		waitState("done", "error"),
		chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
		chromedp.Text(`#held-to`, &held, chromedp.ByQuery),
		chromedp.Text(`#precision-missed`, &missed, chromedp.ByQuery),
		chromedp.Evaluate(pageFigures, &got),
	); err != nil {
		t.Fatal(err)
	}
	if want := "sapper " + strings.Join(precise, " "); cmdline != want {
		t.Errorf("a precision run held to the server's limit offers %q, want %q", cmdline, want)
	}
	if !strings.Contains(held, "--trials 20000") || !strings.Contains(missed, "Precision 0.0001 not reached") || !strings.HasSuffix(missed, "the cap, this server's limit.") {
		t.Errorf("a precision run held to the server's limit says %q and %q", held, missed)
	}
	sameFigures(t, "a precision run held to the server's limit", got, nativeFigures(native(t, precise...)))

	// An input the player gives at its flag set's zero value is still
	// given when its default is worked out from other inputs: TEM 0 in a
	// stone building, no enemy Infantry at a Set DC.
	for _, c := range []struct{ hash, want string }{
		{"compare?target=4-6-7&tem=0&method=exact", "sapper compare --target 4-6-7 --tem 0 --method exact"},
		{"dc?target=4-6-7&mode=set&enemy-infantry=0&method=exact", "sapper dc --target 4-6-7 --mode set --enemy-infantry 0 --method exact"},
	} {
		cmdline = ""
		if err := chromedp.Run(ctx,
			chromedp.Navigate(ts.URL+"/?given#"+c.hash),
			waitState("done", "error"),
			chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
		); err != nil {
			t.Fatal(err)
		}
		if cmdline != c.want {
			t.Errorf("%s: the page ran %q, want %q", c.hash, cmdline, c.want)
		}
	}
}

// TestServedPageSendsTheFilesItNames: crossings opened one after another
// in one tab, each by a permalink with its own tables file, each send the
// server only the crossing and the tables it names: the files of the
// links before would pile up past the 4 a request takes. A link whose
// command has a bad escape shows the notice of a command not sapper's.
func TestServedPageSendsTheFilesItNames(t *testing.T) {
	ctx := browser(t)
	ts := servedEngine(t, 10_000_000)
	tables, err := os.ReadFile(filepath.Join("..", "..", "model", "sasl", "tables", "illustrative-russian.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, crossing, _ := cli(t, "scenarios", "two-sq-crossing")
	for i := range 3 {
		c, tb := fmt.Sprintf("c%d.yaml", i), fmt.Sprintf("t%d.yaml", i)
		q := url.Values{"crossing": {c}, "file:" + c: {strings.Replace(crossing, "tables: illustrative", "tables: "+tb, 1)}, "file:" + tb: {string(tables)}}
		var errText string
		var sent []string
		if err := chromedp.Run(ctx,
			chromedp.Navigate(ts.URL+"/?files#activate?"+q.Encode()),
			waitState("done", "error"),
			chromedp.Text(`#error`, &errText, chromedp.ByQuery),
			chromedp.Evaluate(`[...new URLSearchParams(location.hash.slice(location.hash.indexOf("?") + 1)).keys()].filter((k) => k.startsWith("file:"))`, &sent),
		); err != nil {
			t.Fatal(err)
		}
		if errText != "" || len(sent) != 2 {
			t.Errorf("crossing %d of a tab: error %q, files in its address %q", i+1, errText, sent)
		}
	}
	var notice, state string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/?escape#%E0%A4%A"),
		chromedp.Poll(`document.body.dataset.state === "idle"`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Text(`#notice`, &notice, chromedp.ByQuery),
		chromedp.Evaluate(`document.body.dataset.state`, &state),
	); err != nil {
		t.Fatalf("a link with a bad escape: %v", err)
	}
	if !strings.Contains(notice, "is not one of sapper's") {
		t.Errorf("a link with a bad escape: notice %q", notice)
	}
}
