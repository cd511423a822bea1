//go:build !js

package cli

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSiteExcludesInBrowser: of two inputs that say one thing (afv's
// armor and its named vehicle, describe's excludes), the one the player
// gives clears the other, which the form had started from, so that the
// run takes what was typed instead of refusing the pair.
func TestSiteExcludesInBrowser(t *testing.T) {
	s := buildSite(t)
	ctx := browser(t)
	ts, _ := countingServer(t, s.Dir)
	var vehicle, af, cmdline, errText string
	var options []string
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(ts.URL+"/#afv"),
		waitCommand("afv"),
		chromedp.Evaluate(`[...document.getElementById('in-vehicle').options].map((o) => o.value)`, &options),
		fill(`#in-af`, "hull=8/4/4,turret=8/6/6"),
		chromedp.Evaluate(`document.getElementById('in-vehicle').value`, &vehicle),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Evaluate(`document.getElementById('error').textContent`, &errText),
		chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if want := []string{"", "tiger", "medium-tank", "light-tank", "armored-car", "halftrack", "truck"}; !slices.Equal(options, want) {
		t.Errorf("the vehicle's choices %q, want %q", options, want)
	}
	if vehicle != "" || errText != "" {
		t.Errorf("an AF typed: the vehicle reads %q, the run's error %q; want the vehicle cleared and a run", vehicle, errText)
	}
	if want := "sapper afv --af hull=8/4/4,turret=8/6/6"; cmdline != want {
		t.Errorf("command line %q, want %q", cmdline, want)
	}
	// and back: a vehicle chosen clears the armor typed
	if err := chromedp.Run(ctx,
		fill(`#in-vehicle`, "light-tank"),
		chromedp.Evaluate(`document.getElementById('in-af').value`, &af),
		chromedp.Click(`#run`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById('cmdline').textContent.includes('light-tank')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		waitState("done", "error"),
		chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if want := "sapper afv --vehicle light-tank"; af != "" || cmdline != want {
		t.Errorf("a vehicle chosen: the AF reads %q, the command line %q; want it cleared and %q", af, cmdline, want)
	}
}
