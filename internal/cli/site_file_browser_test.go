//go:build !js

package cli

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSiteOpenedAsAFileSaysToServeIt: a browser starts no Worker for a
// page opened from a file, so the engine never loads; the page says how
// to serve it, where it said "Loading…" for good.
func TestSiteOpenedAsAFileSaysToServeIt(t *testing.T) {
	s := buildSite(t)
	ctx := browser(t)
	var title, errText string
	var actionsHidden bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate("file://"+s.Dir+"/index.html"),
		waitState("error"),
		chromedp.Text(`#cmd-title`, &title, chromedp.ByQuery),
		chromedp.Text(`#error`, &errText, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById('actions').hidden`, &actionsHidden),
	); err != nil {
		t.Fatal(err)
	}
	if title != "Open this page over HTTP" || !strings.Contains(errText, "python3 -m http.server -d "+s.Dir+",") || !actionsHidden {
		t.Errorf("opened as a file: title %q, error %q, Run hidden %v", title, errText, actionsHidden)
	}
}
