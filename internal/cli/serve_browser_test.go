package cli

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenshots, when set, is where the browser test writes a screenshot
// of each page it visits (the README's: docs/serve).
var screenshots = flag.String("screenshots", "", "write the browser test's screenshots of each page into `DIR`")

// chromium finds a Chromium to drive.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless Chromium for the test.
func browser(t *testing.T) context.Context {
	t.Helper()
	bin := chromium()
	if bin == "" {
		t.Skip("no chromium on PATH (Debian: apt-get install chromium); the browser test needs one")
	}
	if testing.Short() {
		t.Skip("browser test: -short skips it")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox, // CI runs as root, where Chromium's sandbox will not start
		chromedp.WindowSize(1280, 1000),
		chromedp.Flag("hide-scrollbars", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelTime)
	if err := chromedp.Run(ctx); err != nil {
		t.Skipf("chromium at %s does not start: %v", bin, err)
	}
	return ctx
}

// shoot saves the visible page as name.png when screenshots are asked for.
func shoot(name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if *screenshots == "" {
			return nil
		}
		var png []byte
		if err := chromedp.CaptureScreenshot(&png).Do(ctx); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(*screenshots, name+".png"), png, 0o644)
	})
}

// TestServeInBrowser drives the pages as a player would: fill in a form,
// run it, read the table and see the chart drawn, with the same figures
// as the command line; a bad input shows the command line's message.
func TestServeInBrowser(t *testing.T) {
	ctx := browser(t)
	s := newTestServer(t, testLimits())
	ts := startServer(t, s)

	var sameAs, text, detonated, err400 string
	var chartWidth, targets int
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`dl.commands`, chromedp.ByQuery),
		shoot("index"),
		chromedp.Click(`dl.commands a[href="/dc"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#f-target`, chromedp.ByQuery),
		chromedp.SendKeys(`#f-target`, "4-6-7", chromedp.ByQuery),
		chromedp.Click(`.field[data-name=target] button.more`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('.field[data-name=target] input[type=text]').length`, &targets),
		chromedp.SendKeys(`#f-tem`, "2", chromedp.ByQuery),
		chromedp.Click(`details.common summary`, chromedp.ByQuery),
		chromedp.SendKeys(`#f-method`, "exact", chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
		shoot("dc-form"),
		chromedp.Click(`form#attack button[type=submit]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#result table.metric`, chromedp.ByQuery),
		chromedp.Text(`#same-as`, &sameAs, chromedp.ByQuery),
		chromedp.Text(`#result table.metric tbody tr:first-child td.num`, &detonated, chromedp.ByQuery),
		chromedp.TextContent(`#text`, &text, chromedp.ByQuery),
		// The chart is drawn once its image has decoded to a width.
		chromedp.Poll(`document.getElementById('chart').complete && document.getElementById('chart').naturalWidth`, &chartWidth),
		shoot("dc-result"),
	); err != nil {
		t.Fatal(err)
	}
	if targets != 2 {
		t.Errorf("add another: %d target inputs, want 2", targets)
	}
	if want := "sapper dc --target 4-6-7 --tem 2 --method exact"; sameAs != want {
		t.Fatalf("same as %q, want %q", sameAs, want)
	}
	out, _, code := terminal(t, sameAs)
	if code != exitOK || !sameRun(text, out) {
		t.Errorf("page:\n%s\nterminal:\n%s", text, out)
	}
	if !regexp.MustCompile(`\n  detonated +` + regexp.QuoteMeta(detonated) + "  ").MatchString(out) {
		t.Errorf("the table's detonated %s is not the terminal's:\n%s", detonated, out)
	}
	if chartWidth < 100 {
		t.Errorf("chart %d px wide", chartWidth)
	}

	// A bad input: the same one-line message as the terminal's.
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#f-tem`, "9", chromedp.ByQuery),
		chromedp.Click(`form#attack button[type=submit]`, chromedp.ByQuery),
		chromedp.WaitVisible(`p.error`, chromedp.ByQuery),
		chromedp.Text(`p.error`, &err400, chromedp.ByQuery),
		shoot("dc-error"),
	); err != nil {
		t.Fatal(err)
	}
	_, errOut, _ := terminal(t, "sapper dc --target 4-6-7 --tem 9 --method exact")
	if err400 != strings.TrimSpace(errOut) {
		t.Errorf("page: %s\nterminal: %s", err400, errOut)
	}

	// The other pages draw their results too.
	for _, p := range []struct{ name, path string }{
		{"compare", "/compare/run?method=exact"},
		{"activate", "/activate/run?crossing=two-sq-crossing"},
		{"lhy", "/lhy/run?" + scenarioQuery(t, s, "lhy-platoon-in-the-open")},
		{"afv", "/afv/run?" + scenarioQuery(t, s, "tiger-side")},
		{"building", "/building/run?" + scenarioQuery(t, s, "toi-charges-occupied")},
		{"fire", "/fire/run?" + scenarioQuery(t, s, "fire-on-stack")},
	} {
		var width int
		if err := chromedp.Run(ctx,
			chromedp.Navigate(ts.URL+p.path),
			chromedp.WaitVisible(`#result table`, chromedp.ByQuery),
			chromedp.Poll(`document.getElementById('chart').complete && document.getElementById('chart').naturalWidth`, &width),
			shoot(p.name+"-result"),
		); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/scenarios"),
		chromedp.WaitVisible(`table.scenarios`, chromedp.ByQuery),
		shoot("scenarios"),
	); err != nil {
		t.Fatal(err)
	}
}
