package cli

import (
	"context"
	"flag"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenshots, when set, is where the browser test writes a screenshot
// of each page it visits (the README's, under docs/site).
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
func browser(t testing.TB) context.Context {
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
	// A Chromium that fails to start once on a busy host often starts
	// the next time; three failures in a row say it cannot.
	var err error
	for range 3 {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(alloc)
		ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
		if err = chromedp.Run(ctx); err == nil {
			t.Cleanup(cancelAlloc)
			t.Cleanup(cancel)
			t.Cleanup(cancelTime)
			return ctx
		}
		cancelTime()
		cancel()
		cancelAlloc()
	}
	t.Skipf("chromium at %s does not start: %v", bin, err)
	return nil
}
