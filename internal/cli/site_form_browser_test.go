//go:build !js

package cli

import (
	"context"
	"encoding/json"
	"maps"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestSiteFormRunsWhatItShows: what the page runs is what its form and
// its permalink say, and nothing else.
func TestSiteFormRunsWhatItShows(t *testing.T) {
	ctx, base := openSite(t)
	poll := func(js string) chromedp.Action {
		return chromedp.Poll(js, nil, chromedp.WithPollingInterval(20*time.Millisecond))
	}
	// typed opens the dc form afresh (query keeps the address new) and
	// types text into the box of id, emptied first.
	typed := func(query, id, text string) chromedp.Tasks {
		return chromedp.Tasks{leave, chromedp.Navigate(base + "/?" + query + "#dc"), waitCommand("dc"),
			chromedp.SetValue(`#`+id, "", chromedp.ByQuery), chromedp.SendKeys(`#`+id, text, chromedp.ByQuery)}
	}

	// A crossing file that says method: exact runs exactly: the page adds
	// no seed of its own, which would have made it Monte Carlo.
	t.Run("crossing file's method", func(t *testing.T) {
		var method string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?farm#activate?crossing=farm-crossing"), waitState("done", "error"),
			chromedp.Evaluate(`window.sapperLast ? JSON.parse(window.sapperLast.json).method : document.getElementById('error').textContent`, &method)); err != nil {
			t.Fatal(err)
		}
		if method != "exact" {
			t.Errorf("farm-crossing ran %q, want exact as its file says", method)
		}
	})

	// A run of a form left at its defaults links to an address that runs
	// it when opened afresh, "#building?run", where a bare "#building"
	// shows the form and waits.
	t.Run("a run on the defaults has a permalink that runs", func(t *testing.T) {
		var link, state string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?defaults#building"), waitCommand("building"),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('permalink').href`, &link)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(link, "/#building?run") {
			t.Fatalf("a run on building's defaults links to %q, want …/#building?run", link)
		}
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(link),
			chromedp.Poll(`document.body.dataset.state === 'done' || document.body.dataset.state === 'error'`, nil,
				chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)),
			chromedp.Evaluate(`document.body.dataset.state`, &state)); err != nil {
			t.Fatalf("%s opened afresh: %v", link, err)
		}
		if state != "done" {
			t.Errorf("%s opened afresh ends %q", link, state)
		}
	})

	// Inputs typed and not run keep that mark through a click on their
	// own form's tab: a reload then shows them, and does not run them.
	t.Run("typed inputs through the form's own tab", func(t *testing.T) {
		var hash, state string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?typed#dc"), waitCommand("dc"),
			chromedp.SetValue(`#in-elr`, "2", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-elr').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery), waitCommand("dc"),
			// The tab's link sets the address to its own, #dc, and the
			// page then gives back the form's: read it once it has had
			// the time to, not between the two.
			chromedp.Poll(`location.hash.includes('elr=2')`, nil,
				chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(2*time.Second)),
			chromedp.Evaluate(`location.hash`, &hash),
			chromedp.Reload(), waitCommand("dc"),
			chromedp.Sleep(1500*time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(hash, "elr=2") || state != "idle" {
			t.Errorf("typed elr=2, its tab clicked, reloaded: address %q, state %q; want the inputs shown, idle", hash, state)
		}
	})

	// An exact run's progress lines give no share done: once the engine
	// has loaded, its bar moves rather than stand full from the download;
	// the status says, as the command line's bar does, the most time the
	// run may take before its path budget is spent.
	t.Run("an exact run's bar after the engine loads", func(t *testing.T) {
		var valued bool
		var counted string
		if err := chromedp.Run(ctx, leave,
			chromedp.Navigate(base+"/?bar#fire?fp=30&target=4-6-7&target=4-6-7&target=4-6-7&target=leader%3A8-1&target=4-6-7&target=4-6-7&method=exact"),
			poll(`/ more$/.test(document.getElementById('counted')?.textContent || '')`),
			chromedp.Evaluate(`document.querySelector('#status progress').hasAttribute('value')`, &valued),
			chromedp.Text(`#counted`, &counted, chromedp.ByQuery),
			chromedp.Click(`#cancel`, chromedp.ByQuery), waitState("partial", "done", "error")); err != nil {
			t.Fatal(err)
		}
		if valued {
			t.Errorf("an exact run's bar has a value, the download's, where it should move")
		}
		if !regexp.MustCompile(`^[\d,]+ of at most 20,000,000 paths, at most ~\S+ more$`).MatchString(counted) {
			t.Errorf("an exact run's status counts %q; want its paths of its budget, and the most time left", counted)
		}
	})

	// A number box whose text is no number reads as empty: the page says
	// so at the box instead of running without it.
	t.Run("bad number", func(t *testing.T) {
		var state, msg string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?badnum#dc"), waitCommand("dc"),
			chromedp.SendKeys(`#in-tem`, "2e", chromedp.ByQuery),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('err-tem').textContent`, &msg)); err != nil {
			t.Fatal(err)
		}
		if state != "error" || !strings.Contains(msg, "TEM: not a number; want a whole number from 0 to 8") {
			t.Errorf("TEM typed as 2e: state %q, the box says %q", state, msg)
		}
	})

	// Trials typed as 1e6 reads as a million to the browser, and as no
	// whole number to the engine: the run is refused, with no first look
	// of figures before it.
	t.Run("trials in exponent form", func(t *testing.T) {
		var state, msg string
		var looked bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?exp#dc"), waitCommand("dc"),
			chromedp.Click(`#group-run summary`, chromedp.ByQuery),
			chromedp.SetValue(`#in-trials`, "", chromedp.ByQuery), chromedp.SendKeys(`#in-trials`, "1e6", chromedp.ByQuery),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`!!(window.sapperTiming && window.sapperTiming.firstLookMs) || !!document.getElementById('first-look')`, &looked),
			chromedp.Evaluate(`document.getElementById('error').textContent`, &msg)); err != nil {
			t.Fatal(err)
		}
		if state != "error" || looked || !strings.Contains(msg, `--trials "1e6": not a whole decimal number`) {
			t.Errorf("trials typed as 1e6: state %q, a first look shown %v, the page says %q", state, looked, msg)
		}
	})

	// A number box drops what it cannot hold as it is typed: a minus typed
	// as a dash would run as a plus. The minus sign goes in as -, as the
	// command line reads it; a dash or a letter is left out with a note,
	// and the form does not run until the box is edited.
	t.Run("typed minus", func(t *testing.T) {
		var value, note, state, msg string
		if err := chromedp.Run(ctx, typed("minus", "in-drm", "\u22122"),
			chromedp.Evaluate(`document.getElementById('in-drm').value`, &value)); err != nil {
			t.Fatal(err)
		}
		if value != "-2" {
			t.Errorf("DRM typed as −2 (the minus sign) holds %q, want -2", value)
		}
		if err := chromedp.Run(ctx, typed("dash", "in-drm", "\u20132"),
			chromedp.Evaluate(`document.getElementById('err-drm').textContent`, &note),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('error').textContent`, &msg)); err != nil {
			t.Fatal(err)
		}
		const want = "--drm: \"\u2013\" not taken: a minus is written - or \u2212"
		if wantNote := strings.Replace(want, "--drm", "DRM", 1); !strings.Contains(note, wantNote) {
			t.Errorf("DRM typed as –2 (a dash): the box says %q, want %q", note, wantNote)
		}
		if state != "error" || !strings.Contains(msg, want) {
			t.Errorf("DRM typed as –2 (a dash) and run: state %q, the page says %q", state, msg)
		}
		// Edited (the 2 deleted, then -2 typed), it runs at −2.
		var inputs string
		if err := chromedp.Run(ctx, chromedp.SendKeys(`#in-drm`, kb.Backspace+"-2", chromedp.ByQuery),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.body.dataset.state === 'done' ? JSON.stringify(JSON.parse(window.sapperLast.json).inputs.drm) : document.getElementById('error').textContent`, &inputs)); err != nil {
			t.Fatal(err)
		}
		if inputs != "-2" {
			t.Errorf("DRM edited to -2 runs with drm %s, want -2", inputs)
		}
		// A letter is left out too: 2abc would run as 2. The note quotes
		// every letter left out, not the last.
		if err := chromedp.Run(ctx, typed("letter", "in-tem", "2abc"),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('error').textContent`, &msg)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(msg, `--tem: "abc" not taken: want a whole number from 0 to 8`) {
			t.Errorf("TEM typed as 2abc and run: the page says %q", msg)
		}
		// Another number put in its place, by the arrows or typed over
		// it, clears the mark: the form runs what the box now holds.
		for _, edit := range []struct {
			name string
			act  chromedp.Action
			want string
		}{
			{"stepped up", chromedp.SendKeys(`#in-tem`, kb.ArrowUp, chromedp.ByQuery), "3"},
			{"typed over", chromedp.ActionFunc(func(ctx context.Context) error {
				return chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById('in-tem').select()`, nil), chromedp.SendKeys(`#in-tem`, "4", chromedp.ByQuery))
			}), "4"},
		} {
			var tem string
			if err := chromedp.Run(ctx, typed(strings.ReplaceAll(edit.name, " ", ""), "in-tem", "2a"), edit.act,
				chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
				chromedp.Evaluate(`document.body.dataset.state === 'done' ? JSON.stringify(JSON.parse(window.sapperLast.json).inputs.tem) : document.getElementById('error').textContent`, &tem)); err != nil {
				t.Fatal(err)
			}
			if tem != edit.want {
				t.Errorf("TEM typed as 2a, then %s: runs with %s, want tem %s", edit.name, tem, edit.want)
			}
		}
	})

	// Back and Forward between two finished runs of one form show each
	// one's result again, the very nodes, not a run made again.
	t.Run("back to a finished run", func(t *testing.T) {
		a := "#dc?target=4-6-7&trials=20000&seed=9"
		b := "#dc?target=4-6-7&tem=2&trials=20000&seed=9"
		var mark, state, again string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?backfwd"+a), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('result-title').dataset.mark = 'a'`, nil),
			leave, chromedp.Evaluate(`location.hash = '`+b+`'`, nil), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('result-title').dataset.mark = 'b'`, nil),
			leave, chromedp.Evaluate(`history.back()`, nil),
			poll(`document.body.dataset.state !== 'left' && location.hash === '`+a+`'`),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.getElementById('result-title').dataset.mark || 'none'`, &mark),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			leave, chromedp.Evaluate(`history.forward()`, nil),
			poll(`document.body.dataset.state !== 'left' && location.hash === '`+b+`'`),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`(document.getElementById('result-title').dataset.mark || 'none') + ' ' + document.body.dataset.state + ' ' + JSON.parse(window.sapperLast.json).inputs.tem`, &again)); err != nil {
			t.Fatal(err)
		}
		if mark != "a" || state != "done" {
			t.Errorf("Back to a finished run: its result marked %q, the page %q; want a, done (shown again, not run again)", mark, state)
		}
		if again != "b done 2" {
			t.Errorf("Forward to a finished run: %q, want \"b done 2\"", again)
		}
		// An edit of b's form after its run, its box still focused, takes
		// a new entry of the page's history: Back returns to b's run, its
		// result shown again, and the form's own tab then keeps b's
		// address, of a run, for a reload to run it.
		var hash, shown, ran string
		if err := chromedp.Run(ctx, chromedp.SendKeys(`#in-tem`, kb.Backspace+"3", chromedp.ByQuery),
			leave, chromedp.Evaluate(`history.back()`, nil),
			poll(`document.body.dataset.state !== 'left' && location.hash === '`+b+`'`),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`location.hash`, &hash),
			chromedp.Evaluate(`(document.getElementById('result-title').dataset.mark || 'none') + ' ' + document.body.dataset.state + ' ' + document.getElementById('in-tem').value`, &shown),
			chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery), waitCommand("dc"),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`location.hash + ' ' + JSON.stringify(history.state)`, &ran)); err != nil {
			t.Fatal(err)
		}
		if hash != b || shown != "b done 2" {
			t.Errorf("Back from an edit of b's form after its run: the address %q, the page %q; want b's, %q, and \"b done 2\"", hash, shown, b)
		}
		if ran != b+` {"ran":true}` {
			t.Errorf("Back to b's result, then the form's tab: %q, want b's address, of a run", ran)
		}
		// Run from the form, edited and run again: Back steps from the
		// second run to the first, each shown as it was, not run again.
		var first, second string
		if err := chromedp.Run(ctx, chromedp.SetValue(`#in-tem`, "", chromedp.ByQuery),
			chromedp.SendKeys(`#in-tem`, "4", chromedp.ByQuery),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('result-title').dataset.mark = 'c'`, nil),
			leave, chromedp.Evaluate(`history.back()`, nil),
			poll(`document.body.dataset.state !== 'left' && location.hash === '`+b+`'`),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`(document.getElementById('result-title').dataset.mark || 'none') + ' ' + document.body.dataset.state`, &first),
			leave, chromedp.Evaluate(`history.forward()`, nil),
			poll(`document.body.dataset.state !== 'left' && location.hash.includes('tem=4')`),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`(document.getElementById('result-title').dataset.mark || 'none') + ' ' + document.body.dataset.state + ' ' + JSON.parse(window.sapperLast.json).inputs.tem`, &second)); err != nil {
			t.Fatal(err)
		}
		if first != "b done" || second != "c done 4" {
			t.Errorf("Back from a second run of the form, then Forward: %q, then %q; want \"b done\", then \"c done 4\"", first, second)
		}
	})

	// Leaving a form mid-run stops the run: its result never stands under
	// another command.
	t.Run("leaving stops the run", func(t *testing.T) {
		var hidden bool
		var title string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?leave#dc?target=4-6-7&tem=3&trials=100000000"), waitState("running"),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Sleep(1500*time.Millisecond),
			chromedp.Evaluate(`document.getElementById('result').hidden`, &hidden),
			chromedp.Text(`#cmd-title`, &title, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !hidden || title != "sapper fire" {
			t.Errorf("after leaving a dc run for fire: result hidden %v under %q", hidden, title)
		}
	})

	// A form given back as the player left it has the address it had
	// then: its inputs, so that a copy or a reload keeps them, and is not
	// run by it; a form he never touched stays bare, which a reload
	// does not run.
	t.Run("a form given back keeps its address", func(t *testing.T) {
		var hash, bare, state string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?back#dc"), waitCommand("dc"),
			chromedp.SetValue(`#in-elr`, "2", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-elr').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery), waitCommand("dc"),
			chromedp.Evaluate(`location.hash`, &hash),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Evaluate(`location.hash`, &bare)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(hash, "#dc?") || !strings.Contains(hash, "elr=2") || state == "running" {
			t.Errorf("back on dc after fire: address %q, state %q; want the form's inputs, elr=2, and no run", hash, state)
		}
		if bare != "#fire" {
			t.Errorf("back on an untouched fire form: address %q, want #fire", bare)
		}
	})

	// A finished result is given back with its form, as it was, and its
	// status with it: leaving a tab and coming back does not ask for the
	// run again.
	t.Run("a result is given back with its form", func(t *testing.T) {
		var before, after, status, state string
		var hidden bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?kept#dc?target=4-6-7&trials=20000"), waitState("done", "error"),
			chromedp.Text(`#headline`, &before, chromedp.ByQuery),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery),
			chromedp.Poll(`document.getElementById('cmd-title').textContent === 'sapper dc'`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
			chromedp.Evaluate(`document.getElementById('result').hidden`, &hidden),
			chromedp.Text(`#headline`, &after, chromedp.ByQuery),
			chromedp.Text(`#status`, &status, chromedp.ByQuery),
			chromedp.Evaluate(`document.body.dataset.state`, &state)); err != nil {
			t.Fatal(err)
		}
		if hidden || after != before || before == "" || !strings.HasPrefix(status, "Done in ") || state != "done" {
			t.Errorf("back on dc after fire: result hidden %v, headline %q (was %q), status %q, state %q", hidden, after, before, status, state)
		}
	})

	// Back, or a reload, to inputs typed and never run shows them and runs
	// nothing: the player did not ask for it, and it may be long. Back to
	// a finished run gives its result back as it was, not a run again.
	t.Run("back and reload run nothing unasked", func(t *testing.T) {
		titled := func(name string) chromedp.Action {
			return poll(`document.getElementById('cmd-title').textContent === 'sapper ` + name + `'`)
		}
		var state, tem, hash string
		look := chromedp.Tasks{chromedp.Sleep(400 * time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('in-tem').value`, &tem),
			chromedp.Evaluate(`location.hash`, &hash)}
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?unasked#dc"), waitCommand("dc"),
			fill(`#in-tem`, "4"), fill(`#in-trials`, "500000000"),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Evaluate(`history.back()`, nil), titled("dc"), look); err != nil {
			t.Fatal(err)
		}
		if state == "running" || tem != "4" || !strings.Contains(hash, "tem=4") {
			t.Errorf("Back to a form typed in: state %q, TEM %q, address %q; want it idle with TEM 4 in both", state, tem, hash)
		}
		if err := chromedp.Run(ctx, chromedp.Reload(), titled("dc"), look); err != nil {
			t.Fatal(err)
		}
		if state == "running" || tem != "4" {
			t.Errorf("a reload of a form typed in: state %q, TEM %q; want it idle with TEM 4", state, tem)
		}
		var status, again string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?backrun#dc?target=4-6-7&trials=20000"), waitState("done", "error"),
			chromedp.Text(`#status`, &status, chromedp.ByQuery),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Evaluate(`history.back()`, nil), titled("dc"), chromedp.Sleep(400*time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Text(`#status`, &again, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if state != "done" || again != status {
			t.Errorf("Back to a finished run: state %q, status %q (was %q); want its result given back", state, again, status)
		}
	})

	// A run left unfinished, its form shown again, says it was stopped.
	t.Run("a run left unfinished says so", func(t *testing.T) {
		var status, state string
		var hidden bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?left#dc?target=4-6-7&trials=1000000000"), waitState("running"),
			chromedp.Click(`#commands a[data-cmd=fire]`, chromedp.ByQuery), waitCommand("fire"),
			chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery),
			chromedp.Poll(`document.getElementById('cmd-title').textContent === 'sapper dc'`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
			chromedp.Evaluate(`document.getElementById('result').hidden`, &hidden),
			chromedp.Text(`#status`, &status, chromedp.ByQuery),
			chromedp.Evaluate(`document.body.dataset.state`, &state)); err != nil {
			t.Fatal(err)
		}
		if !hidden || !strings.Contains(status, "stopped when you left this form") || state != "idle" {
			t.Errorf("back on dc left running: result hidden %v, status %q, state %q", hidden, status, state)
		}
	})

	// A cancel the engine does not answer within its two seconds ends the
	// worker; a first look on show is then kept as the run's answer,
	// marked partial, not called no result.
	t.Run("a cancel unanswered keeps the first look", func(t *testing.T) {
		var status, state string
		var hidden bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?unanswered#dc?target=4-6-7&trials=1000000000"),
			chromedp.Poll(`!!document.querySelector('#first-look')`, nil, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
			t.Fatal("no first look: ", err)
		}
		if err := chromedp.Run(ctx,
			// the engine, busy, never reads the cancel
			chromedp.Evaluate(`{ const post = Worker.prototype.postMessage; Worker.prototype.postMessage = function (m) { if (m && m.type === 'cancel') return; return post.apply(this, arguments); }; }`, nil),
			chromedp.Click(`#cancel`, chromedp.ByQuery),
			waitState("partial", "cancelled"),
			chromedp.Sleep(300*time.Millisecond), // the new engine loading
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('result').hidden`, &hidden),
			chromedp.Text(`#status`, &status, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if state != "partial" || hidden || !regexp.MustCompile(`^Cancelled after [\d.]+ s: the figures are PARTIAL, the first look's 50,000 trials\.`).MatchString(status) {
			t.Errorf("a cancel unanswered during the full run: state %q, result hidden %v, status %q", state, hidden, status)
		}
	})

	// Enter in a box while a run is under way runs the form as it now
	// is, in the old run's place.
	t.Run("enter during a run", func(t *testing.T) {
		var hash, counted string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?enter#dc?target=4-6-7&trials=1000000000"), waitState("running"),
			chromedp.SetValue(`#in-trials`, "20000", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-trials').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			chromedp.Focus(`#in-trials`, chromedp.ByQuery),
			chromedp.KeyEvent("\r"),
			waitState("done", "error"),
			chromedp.Evaluate(`location.hash`, &hash),
			chromedp.Evaluate(`document.getElementById('result').textContent`, &counted)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(hash, "trials=20000") || !strings.Contains(counted, "20,000") {
			t.Errorf("Enter with 20,000 trials during a run of 1e9: address %q, result %.200q", hash, counted)
		}
	})

	// compare's chart draws its chances, and says that its average,
	// E[out], is in the table only.
	t.Run("compare's chart names what it leaves out", func(t *testing.T) {
		var caption string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?cap#compare?trials=20000"), waitState("done", "error"),
			chromedp.Text(`#chart figcaption`, &caption, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(caption, "E[out], an average, not a chance, is in the table only.") {
			t.Errorf("compare's chart caption %q", caption)
		}
	})

	// A built-in scenario chosen on a form fills it and runs it: the
	// figures of sapper run NAME, for a command's scenario and for a
	// sweep's, under the scenario's title, with a link that names it; a
	// run of the form changed since is the form's, and has neither.
	t.Run("a built-in scenario", func(t *testing.T) {
		for _, c := range []struct{ form, name string }{{"dc", "set-under-bridge"}, {"plans", "plans-fire-group"}, {"sweep", "placed-tem-sweep"}, {"sweep", "toi-tank-dice-sweep"}} {
			var got map[string]string
			var title, errText, scenario, hash string
			if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?scn-"+c.name+"#"+c.form), waitState("idle"),
				chromedp.SetValue(`#in-scenario`, c.name, chromedp.ByQuery),
				chromedp.Evaluate(`document.getElementById('in-scenario').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
				waitState("done", "error"),
				chromedp.Evaluate(`document.getElementById('error').textContent`, &errText),
				chromedp.Text(`#cmd-title`, &title, chromedp.ByQuery),
				chromedp.Evaluate(`(document.getElementById('scenario-title') || {}).textContent || ''`, &scenario),
				chromedp.Evaluate(`location.hash`, &hash),
				chromedp.Evaluate(pageFigures, &got)); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if errText != "" {
				t.Fatalf("%s: %s", c.name, errText)
			}
			v := native(t, "run", c.name)
			sameFigures(t, c.name+" chosen on the page", got, nativeFigures(v))
			if want := "sapper " + c.form; title != want {
				t.Errorf("%s: ran under %q, want %q", c.name, title, want)
			}
			if want, _ := v["title"].(string); want == "" || scenario != want || !strings.Contains(hash, "scenario="+c.name) {
				t.Errorf("%s: the result's title %q, want %q; its link %q names no scenario", c.name, scenario, want, hash)
			}
		}
		var scenario, hash string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?scn-changed#plans"), waitState("idle"),
			chromedp.SetValue(`#in-scenario`, "plans-fire-group", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-scenario').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			waitState("done", "error"),
			chromedp.SetValue(`#in-building`, "wooden", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-building').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			chromedp.Evaluate(`document.body.dataset.state = 'changed'; document.getElementById('run').click()`, nil),
			waitState("done", "error"),
			chromedp.Evaluate(`(document.getElementById('scenario-title') || {}).textContent || ''`, &scenario),
			chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if scenario != "" || strings.Contains(hash, "scenario=") {
			t.Errorf("plans-fire-group in a wooden building: the result's title %q, its link %q", scenario, hash)
		}
		// A link that names a scenario its inputs are not runs them under
		// no title, and says so.
		var notice string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?scn-mislabelled#dc?target=5-4-8&trials=20000&scenario=set-under-fire"), waitState("done", "error"),
			chromedp.Evaluate(`(document.getElementById('scenario-title') || {}).textContent || ''`, &scenario),
			chromedp.Evaluate(`document.getElementById('notice').textContent`, &notice),
			chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if scenario != "" || strings.Contains(hash, "scenario=") || !strings.Contains(notice, "set-under-fire") {
			t.Errorf("a 5-4-8 under set-under-fire's name: the result's title %q, its link %q, notice %q", scenario, hash, notice)
		}
		// A scenario of another form, or a second one, is named as left
		// out, and nothing runs.
		for _, c := range []struct{ link, want string }{
			{"#activate?scenario=plans-fire-group", "scenario=plans-fire-group (a scenario of sapper plans)"},
			{"#dc?scenario=placed-tem-sweep", "scenario=placed-tem-sweep (a scenario of sapper sweep)"},
			{"#plans?scenario=plans-fire-group&scenario=plans-broken-stack", "scenario=plans-broken-stack (a second scenario)"},
		} {
			var state string
			if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?scn-foreign"+c.link),
				chromedp.Poll(`!document.getElementById('notice').hidden`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
				chromedp.Sleep(300*time.Millisecond),
				chromedp.Evaluate(`document.body.dataset.state`, &state),
				chromedp.Evaluate(`document.getElementById('notice').textContent`, &notice)); err != nil {
				t.Fatalf("%s: %v", c.link, err)
			}
			if state != "idle" || !strings.Contains(notice, "left out: "+c.want) {
				t.Errorf("%s: state %q, notice %q", c.link, state, notice)
			}
		}
		// A link that names a scenario and nothing else, as written by
		// hand, runs the scenario, as its picker does.
		for _, c := range []struct{ form, name string }{{"plans", "plans-fire-group"}, {"activate", "two-sq-crossing"}, {"sweep", "placed-tem-sweep"}} {
			var got map[string]string
			var errText string
			if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?scn-named-"+c.name+"#"+c.form+"?scenario="+c.name), waitState("done", "error"),
				chromedp.Evaluate(`document.getElementById('error').textContent`, &errText),
				chromedp.Evaluate(`document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`, &notice),
				chromedp.Evaluate(`(document.getElementById('scenario-title') || {}).textContent || ''`, &scenario),
				chromedp.Evaluate(`location.hash`, &hash),
				chromedp.Evaluate(pageFigures, &got)); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if errText != "" || notice != "" {
				t.Fatalf("#%s?scenario=%s: error %q, notice %q", c.form, c.name, errText, notice)
			}
			v := native(t, "run", c.name)
			sameFigures(t, c.name+" named alone in a link", got, nativeFigures(v))
			if c.form == "activate" {
				// a built-in crossing is the form's crossing=NAME
				if hash != "#activate?crossing="+c.name {
					t.Errorf("#activate?scenario=%s: its link %q", c.name, hash)
				}
				continue
			}
			if want, _ := v["title"].(string); scenario != want || !strings.Contains(hash, "scenario="+c.name) || !strings.Contains(hash, "&") {
				t.Errorf("#%s?scenario=%s: the result's title %q, want %q; its link %q", c.form, c.name, scenario, want, hash)
			}
		}
	})

	// A result that arrives after an input changed answers the form as it
	// was at Run: it says so, and keeps what its status said of the run.
	t.Run("a result run before the form changed", func(t *testing.T) {
		var stale bool
		var status string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?changed#dc?target=4-6-7&trials=10000000"), waitState("running"),
			chromedp.SetValue(`#in-tem`, "2", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-tem').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			waitState("done", "partial", "error"),
			chromedp.Evaluate(`document.getElementById('result').classList.contains('stale') && !!document.getElementById('stale-note')`, &stale),
			chromedp.Text(`#status`, &status, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !stale || !strings.HasPrefix(status, "Done in ") || !strings.Contains(status, "The form has changed since") {
			t.Errorf("a result run before TEM changed: marked out of date %v, status %q", stale, status)
		}
	})

	// A sweep of a side by side (compare) lists its runs' metrics for the
	// goal and the columns.
	t.Run("sweep of compare", func(t *testing.T) {
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?sbs#sweep?command=compare"),
			poll(`[...document.querySelectorAll('#in-goal-metric option')].some((o) => o.value === 'stack')`),
			poll(`[...document.querySelectorAll('#in-metric option')].some((o) => o.value === 'ift')`)); err != nil {
			t.Fatal(err)
		}
	})

	// The form's small promises: a box that takes a value below zero keeps
	// the phone's full keyboard (its numeric keypad has no minus key), a
	// list's button says which list it adds to, a sweep with no goal shows
	// no goal's line, and an exact sweep's chart promises no band.
	t.Run("form details", func(t *testing.T) {
		var drm, tem, add string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?details#dc"), waitCommand("dc"),
			chromedp.Evaluate(`String(document.getElementById('in-drm').getAttribute('inputmode'))`, &drm),
			chromedp.Evaluate(`String(document.getElementById('in-tem').getAttribute('inputmode'))`, &tem),
			chromedp.Evaluate(`document.querySelector('#field-target button.add').getAttribute('aria-label')`, &add)); err != nil {
			t.Fatal(err)
		}
		if drm != "null" || tem != "numeric" || add != "Add another Target" {
			t.Errorf("dc's form: DRM's inputmode %q, TEM's %q, the targets' add button %q", drm, tem, add)
		}
		var goalShown bool
		var caption string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?nogoal#sweep?command=dc&target=4-6-7&vary=tem%3D0..2&method=exact"), waitState("done", "error"),
			chromedp.Evaluate(`getComputedStyle(document.querySelector('#field-goal .goal-line')).display !== 'none'`, &goalShown),
			chromedp.Evaluate(`document.querySelector('#chart figcaption').textContent`, &caption)); err != nil {
			t.Fatal(err)
		}
		if goalShown || !strings.HasSuffix(caption, ", exact.") {
			t.Errorf("a sweep with no goal: goal line shown %v; an exact chart's caption %q", goalShown, caption)
		}
		// A run's error of no one field (past the budget: use --method
		// mc, or raise --max-paths) opens the folded group of the fields
		// it names, marks their boxes, and keeps each flag whole on its
		// line.
		var runOpen bool
		var flags []string
		var marked string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?budget#dc?target=4-6-7&method=exact&max-paths=10"), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('group-run').open`, &runOpen),
			chromedp.Evaluate(`[...document.querySelectorAll('#error .flag')].map((s) => s.textContent)`, &flags),
			chromedp.Evaluate(`['method', 'max-paths'].map((n) => document.getElementById('in-' + n).getAttribute('aria-invalid')).join('/')`, &marked)); err != nil {
			t.Fatal(err)
		}
		if !runOpen || !slices.Contains(flags, "--max-paths") || marked != "true/true" {
			t.Errorf("an exact run past its budget: the run group open %v, the error's flags %q, method/max-paths marked %q", runOpen, flags, marked)
		}
		// --method auto says which it ran and why, as on stderr.
		var note string
		var wraps, tabStops []int
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?auto#dc?target=4-6-7&method=auto&max-paths=10&trials=1000"), waitState("done", "error"),
			chromedp.Evaluate(`(document.getElementById('engine-note') || {}).textContent || ''`, &note),
			// a table box is a Tab stop only where it scrolls sideways
			poll(`[...document.querySelectorAll('#result .table-wrap')].every((w) => w.hasAttribute('tabindex') === w.classList.contains('scrolls'))`),
			chromedp.Evaluate(`[document.querySelectorAll('#result .table-wrap').length]`, &wraps),
			chromedp.Evaluate(`[document.querySelectorAll('#result .table-wrap.scrolls').length]`, &tabStops)); err != nil {
			t.Fatal(err)
		}
		if wraps[0] == 0 || tabStops[0] == wraps[0] {
			t.Errorf("dc's result: %d table boxes, %d of them scrolling; want some that do not", wraps[0], tabStops[0])
		}
		if want := "Exact enumeration needs more than 10 paths, the budget; ran Monte Carlo"; !strings.HasPrefix(note, want) {
			t.Errorf("auto's choice on the page: %q, want it to begin %q", note, want)
		}
	})

	// An exact run cancelled answers with what it enumerated, cut short,
	// as Ctrl-C does in a terminal: the engine hears the Cancel between
	// its paths, not only a Monte Carlo run between its chunks.
	t.Run("an exact run cancelled", func(t *testing.T) {
		var status, partial string
		q := "fp=8&target=4-6-7&target=4-6-7&target=4-6-7&target=4-6-7&target=leader:9-2&target=leader:8-1&method=exact"
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?exactcancel#fire?"+q), waitState("running"),
			chromedp.Sleep(1500*time.Millisecond),
			chromedp.Click(`#cancel`, chromedp.ByQuery),
			waitState("partial", "cancelled", "error"),
			chromedp.Text(`#status`, &status, chromedp.ByQuery),
			chromedp.Evaluate(`(document.getElementById('partial') || {}).textContent || ''`, &partial)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(status, "Cancelled after ") || !strings.Contains(status, "PARTIAL") || partial == "" {
			t.Errorf("an exact run cancelled: status %q, partial note %q", status, partial)
		}
	})

	// compare cancelled before its last way started shows its first
	// look, which has every way, rather than the ways that ran.
	t.Run("compare cancelled before every way started", func(t *testing.T) {
		var status string
		var runs []string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?cmpcut#compare?trials=100000000"),
			poll(`!!document.getElementById('first-look')`),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Click(`#cancel`, chromedp.ByQuery),
			waitState("partial", "done", "error"),
			chromedp.Text(`#status`, &status, chromedp.ByQuery),
			chromedp.Evaluate(`[...new Set([...document.querySelectorAll('#result [data-run]')].map((e) => e.dataset.run))]`, &runs)); err != nil {
			t.Fatal(err)
		}
		slices.Sort(runs) // a way's first cell may be a figure it lacks ("—")
		if !strings.Contains(status, "before every run had started: PARTIAL figures, the first look's 50,000 trials a run") || strings.Join(runs, " ") != "placed set thrown" {
			t.Errorf("compare cancelled early: status %q, runs shown %q", status, runs)
		}
	})

	// A sweep with a goal cancelled part way says in its headline that
	// its answer is of the values it ran.
	t.Run("a sweep with a goal cancelled", func(t *testing.T) {
		var head string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?goalcut#sweep?command=dc&target=4-6-7&vary=tem%3D0..8&trials=30000000&goal=stack%3Dcleared%3E%3D0.5"),
			poll(`!!document.getElementById('first-look')`),
			chromedp.Sleep(500*time.Millisecond),
			chromedp.Click(`#cancel`, chromedp.ByQuery),
			waitState("partial", "done", "error"),
			chromedp.Text(`#headline`, &head, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(head, "not run, as the sweep was interrupted: ") && !strings.Contains(head, "at the values run") {
			t.Errorf("a sweep with a goal cancelled: headline %q", head)
		}
	})

	// A sweep of plans whose label has a slash keeps each plan's rows
	// apart: a run's label is VALUE/PLAN, and only the value has none.
	t.Run("sweep of a plan labelled with a slash", func(t *testing.T) {
		var ways []string
		q := url.Values{"command": {"plans"}, "target": {"4-6-7"}, "plan": {"a/b: fire 4", "b: fire 8"}, "vary": {"tem=0..1"}, "method": {"exact"}}
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?slash#sweep?"+q.Encode()), waitState("done", "error"),
			chromedp.Evaluate(`[...document.querySelectorAll('table.sweep')].map((t) => t.dataset.way + ':' + [...t.tBodies[0].rows].map((r) => r.cells[0].textContent).join(','))`, &ways)); err != nil {
			t.Fatal(err)
		}
		if want := []string{"a/b:0,1", "b:0,1"}; !slices.Equal(ways, want) {
			t.Errorf("the sweep's tables: %q, want %q", ways, want)
		}
	})

	// A link the form cannot take whole is not run on what is left of it:
	// the page names what it left out.
	t.Run("a link's left-out parts", func(t *testing.T) {
		var state, notice, hash, after string
		var resultHidden bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?leftout#dc?target=4-6-7&foo=1&rule=surrender%3Dmaybe"), waitCommand("dc"),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`, &notice),
			chromedp.Evaluate(`document.getElementById('result').hidden`, &resultHidden),
			chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if state != "idle" || !resultHidden || !strings.Contains(notice, "foo=1") || !strings.Contains(notice, "rule=surrender=maybe") {
			t.Errorf("a link with an unknown input and a bad rule: state %q, result hidden %v, notice %q", state, resultHidden, notice)
		}
		// The address is what the form took, and a reload gives the form
		// as it shows, not run, with nothing left out to say.
		if hash != "#dc?target=4-6-7" {
			t.Errorf("the address after a link's left-out parts: %q", hash)
		}
		if err := chromedp.Run(ctx, chromedp.Reload(), waitCommand("dc"), chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`, &after)); err != nil {
			t.Fatal(err)
		}
		if state != "idle" || after != "" {
			t.Errorf("reloaded: state %q, notice %q", state, after)
		}
		// A sweep's link that gives the input it varies a value too.
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?leftvary#sweep?command=fire&target=4-6-7&fp=8&vary=fp%3D1..10"), waitCommand("sweep"),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`, &notice)); err != nil {
			t.Fatal(err)
		}
		if state != "idle" || !strings.Contains(notice, "left out: fp=8.") {
			t.Errorf("a sweep's link giving fp and varying it: state %q, notice %q", state, notice)
		}
	})

	// A link that gives an input of one value twice, a switch twice, or
	// a box something other than true or false is not guessed at: the
	// page keeps the last and names the rest, and waits.
	t.Run("a link's repeated and unreadable values", func(t *testing.T) {
		var state, notice, tem, rule string
		var concealed bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?twice#dc?target=4-6-7&tem=1&tem=3&concealed=yes&rule=surrender%3Dtrue&rule=surrender%3Dfalse"), waitCommand("dc"),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`, &notice),
			chromedp.Evaluate(`document.getElementById('in-tem').value`, &tem),
			chromedp.Evaluate(`document.getElementById('in-concealed').checked`, &concealed),
			chromedp.Evaluate(`document.getElementById('in-rule-surrender').value`, &rule)); err != nil {
			t.Fatal(err)
		}
		for _, part := range []string{"tem=1", "concealed=yes", "rule=surrender=true"} {
			if !strings.Contains(notice, part) {
				t.Errorf("the notice %q does not name %s", notice, part)
			}
		}
		if state != "idle" || tem != "3" || concealed || rule != "false" || strings.Contains(notice, "tem=3") {
			t.Errorf("state %q, tem %q, concealed %v, surrender %q; want idle, 3, false, false", state, tem, concealed, rule)
		}
		// A file given twice keeps its last copy too, and says so.
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?twicefile#activate?crossing=a.yaml&file:a.yaml=x%3A%201&file:a.yaml=y%3A%202"), waitCommand("activate"),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`, &notice)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(notice, "file:a.yaml (an earlier copy)") {
			t.Errorf("a link giving file:a.yaml twice: notice %q", notice)
		}
	})

	// A seed past 2^53 is named to its last digit, not as JavaScript rounds it.
	t.Run("a large seed", func(t *testing.T) {
		var meta string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?seed#dc?target=4-6-7&trials=1000&seed=9007199254740993"), waitState("done", "error"),
			chromedp.Evaluate(`document.querySelector('#result .meta').textContent`, &meta)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(meta, "seed 9007199254740993,") {
			t.Errorf("the method line %q, want seed 9007199254740993", meta)
		}
	})

	// A link to a command sapper does not have, or a sweep of one, is
	// not run as another: the page says which it shows instead.
	t.Run("a link's unknown command", func(t *testing.T) {
		for _, c := range []struct{ link, want string }{
			{"dcc?target=4-6-7", `"dcc", is not one of sapper's`},
			{"sweep?command=comapre&vary=tem%3D0..1", "command=comapre"},
		} {
			var state, notice string
			if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?unknown#"+c.link), poll(`document.getElementById('notice') && !document.getElementById('notice').hidden`),
				chromedp.Sleep(200*time.Millisecond),
				chromedp.Evaluate(`document.body.dataset.state`, &state),
				chromedp.Evaluate(`document.getElementById('notice').textContent`, &notice)); err != nil {
				t.Fatal(err)
			}
			if state != "idle" || !strings.Contains(notice, c.want) {
				t.Errorf("#%s: state %q, notice %q; want idle and %q", c.link, state, notice, c.want)
			}
		}
	})

	// A goal written with an exponent, as the command line takes it, is
	// the sweep's goal.
	t.Run("a goal with an exponent", func(t *testing.T) {
		var goal bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?goalexp#sweep?command=dc&target=4-6-7&vary=tem%3D0..2&method=exact&goal=stack%3Dcleared%3E%3D5e-1"), waitState("done", "error"),
			chromedp.Evaluate(`!!(window.sapperLast && JSON.parse(window.sapperLast.json).goal)`, &goal)); err != nil {
			t.Fatal(err)
		}
		if !goal {
			t.Error("the goal stack=cleared>=5e-1 was not the sweep's")
		}
	})

	// Runs a precision stopped apart give their trials as a range.
	t.Run("trials per run", func(t *testing.T) {
		var meta, want string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?perrun#compare?target=4-6-7&precision=0.002"), waitState("done", "error"),
			chromedp.Evaluate(`document.querySelector('#result .meta').textContent`, &meta),
			chromedp.Evaluate(`(() => { const t = JSON.parse(window.sapperLast.json).runs.map((r) => r.trials); const n = (x) => x.toLocaleString('en-US'); const lo = Math.min(...t), hi = Math.max(...t); return (lo === hi ? n(lo) : n(lo) + '–' + n(hi)) + ' trials per run'; })()`, &want)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(meta, want) {
			t.Errorf("the method line %q; want %q", meta, want)
		}
	})

	// The address follows the form: a reload keeps what was given.
	t.Run("the address follows the form", func(t *testing.T) {
		var hash string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?follow#dc"), waitCommand("dc"),
			fill(`#in-tem`, "3"),
			chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(hash, "tem=3") {
			t.Errorf("after TEM 3 the address is %q", hash)
		}
		// A unit removed with its ✕ leaves the address too, and the
		// cursor stays in the list, its rows numbered anew.
		var focused, labels string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?remove#dc?target=4-6-7&target=leader:8-1&target=4-4-7&tem=2"), waitState("done", "error"),
			chromedp.Click(`#in-target .row:nth-child(2) button.remove`, chromedp.ByQuery),
			chromedp.Evaluate(`location.hash`, &hash),
			chromedp.Evaluate(`document.activeElement.getAttribute('aria-label') || document.activeElement.tagName`, &focused),
			chromedp.Evaluate(`[...document.querySelectorAll('#in-target button.remove')].map((b) => b.getAttribute('aria-label')).join('|')`, &labels)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(hash, "8-1") || !strings.Contains(hash, "4-4-7") {
			t.Errorf("after the leader's ✕ the address is %q", hash)
		}
		if focused != "Remove Target 2" || labels != "Remove Target 1|Remove Target 2" {
			t.Errorf("after the leader's ✕ the focus is on %q and the rows are %q", focused, labels)
		}
		// The picker of common units, from the keyboard: the arrow keys
		// choose, and only Enter adds.
		var rows, chosen int
		pick := `select[aria-label^="Add a common unit to Target"]`
		if err := chromedp.Run(ctx,
			chromedp.Focus(pick, chromedp.ByQuery),
			chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown),
			chromedp.Evaluate(`document.querySelectorAll('#in-target .row').length`, &rows),
			chromedp.KeyEvent(kb.Enter),
			chromedp.Evaluate(`document.querySelectorAll('#in-target .row').length`, &chosen),
			chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if rows != 2 || chosen != 3 {
			t.Errorf("the picker: %d rows after three arrow keys, %d after Enter; want 2, then 3", rows, chosen)
		}
		if strings.Count(hash, "target=") != 3 {
			t.Errorf("after a unit picked with Enter the address is %q", hash)
		}
		// The scenarios too: an arrow key browses them, leaving the form
		// as it was; Enter loads the one chosen and runs it.
		var before, after, loaded string
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`location.hash`, &before),
			chromedp.Focus(`#in-scenario`, chromedp.ByQuery),
			chromedp.KeyEvent(kb.ArrowDown),
			chromedp.Evaluate(`location.hash`, &after),
			chromedp.KeyEvent(kb.Enter),
			waitState("done", "error"),
			chromedp.Evaluate(`location.hash`, &loaded)); err != nil {
			t.Fatal(err)
		}
		if after != before || loaded == before {
			t.Errorf("the scenarios from the keyboard: %q before, %q after an arrow key, %q after Enter", before, after, loaded)
		}
	})

	// A mode shows the inputs it takes: a Placed DC no thrower, a Thrown
	// one no Placer, as the command line refuses them; one given stays.
	t.Run("a mode shows what it takes", func(t *testing.T) {
		hidden := `['thrower', 'placer', 'setter', 'cx'].map((n) => n + '=' + document.getElementById('field-' + n).hidden).join(' ')`
		var placed, thrown, set, given, summary string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?modes#dc"), waitCommand("dc"),
			chromedp.Evaluate(`document.getElementById('cmd-summary').textContent`, &summary),
			chromedp.Evaluate(hidden, &placed),
			chromedp.SetValue(`#in-mode`, "thrown", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-mode').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			chromedp.Evaluate(hidden, &thrown),
			chromedp.SetValue(`#in-mode`, "set", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-mode').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			chromedp.Evaluate(hidden, &set),
			chromedp.Navigate(base+"/?modes2#dc?target=4-6-7&mode=thrown&placer=4-6-8"), waitState("done", "error"),
			chromedp.Evaluate(hidden, &given)); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ what, got, want string }{
			{"placed", placed, "thrower=true placer=false setter=true cx=false"},
			{"thrown", thrown, "thrower=false placer=true setter=true cx=false"},
			{"set", set, "thrower=true placer=true setter=false cx=true"},
			{"thrown, a Placer given", given, "thrower=false placer=false setter=true cx=false"},
			// the command line's --mode placed|thrown|set is the form's field
			{"the summary", summary, "one DC attack on a Location of Personnel (Mode placed|thrown|set)"},
		} {
			if c.got != c.want {
				t.Errorf("%s: %s, want %s", c.what, c.got, c.want)
			}
		}
	})

	// Defaults can be undone: the form comes back as it was.
	t.Run("defaults undone", func(t *testing.T) {
		var before, reset, after string
		form := `[...document.querySelectorAll('#form input:not([type=file]), #form select')].map((c) => c.type === 'checkbox' ? c.checked : c.value).join('|')`
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?undo#dc?target=4-6-8&tem=2&method=exact"), waitState("done", "error"),
			chromedp.Evaluate(form, &before),
			chromedp.Click(`#defaults`, chromedp.ByQuery),
			chromedp.Evaluate(form, &reset),
			chromedp.Click(`#undo-defaults`, chromedp.ByQuery),
			chromedp.Evaluate(form, &after)); err != nil {
			t.Fatal(err)
		}
		if reset == before || after != before {
			t.Errorf("the form before Defaults %q, after %q, undone %q; want it back as it was", before, reset, after)
		}
		var hash string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(hash, "target=4-6-8") || !strings.Contains(hash, "tem=2") {
			t.Errorf("undone, the address is %q: a reload would lose the form", hash)
		}
	})

	// Defaults during a run stops it, and the page is idle again.
	t.Run("defaults stops the run", func(t *testing.T) {
		var state, shown string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?defaults#dc?target=4-6-7&trials=100000000"), waitState("running"),
			chromedp.Click(`#defaults`, chromedp.ByQuery),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Evaluate(`document.querySelector('#error').hidden ? '' : document.querySelector('#error').textContent`, &shown)); err != nil {
			t.Fatal(err)
		}
		if state != "idle" {
			// What the page said, so that a failure on a busy host
			// tells what went wrong.
			t.Errorf("after Defaults mid-run the page is %q, want idle; it shows %q", state, shown)
		}
	})

	// An exact fraction too long to take in at a glance folds behind its
	// size, so that no table is widened by it.
	t.Run("long fractions fold", func(t *testing.T) {
		var long int
		var widest int
		var summary string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?frac#activate?crossing=hedgerow-crossing&method=exact"), waitState("done", "error"),
			chromedp.Evaluate(`document.querySelectorAll('#result td.frac details.frac-long').length`, &long),
			chromedp.Evaluate(`(document.querySelector('#result td.frac details.frac-long summary') || {}).textContent || ''`, &summary),
			chromedp.Evaluate(`Math.max(0, ...[...document.querySelectorAll('#result td.frac')].filter((td) => !td.querySelector('details')).map((td) => td.textContent.length))`, &widest)); err != nil {
			t.Fatal(err)
		}
		if long == 0 || widest > 24 {
			t.Errorf("hedgerow-crossing, exact: %d folded fractions, the longest shown whole %d characters; want some folded and none over 24", long, widest)
		}
		// Its size does not read as a fraction (40/41).
		if !regexp.MustCompile(`^[0-9]+ digits over [0-9]+$`).MatchString(summary) {
			t.Errorf("a folded fraction reads %q; want its size, as 40 digits over 41", summary)
		}
	})

	// A side by side shows each plan's Δ from the first, as the command
	// line's table does, from the same JSON.
	t.Run("plans' differences", func(t *testing.T) {
		var page string
		q := url.Values{"target": {"4-6-7"}, "plan": {"a: fire 8", "b: fire 4; fire 4"}, "method": {"exact"}}
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?delta#plans?"+q.Encode()), waitState("done", "error"),
			chromedp.Evaluate(`(document.querySelector('#figures td[data-fig="Δ stack cleared"]') || {dataset: {}}).dataset.p || ''`, &page)); err != nil {
			t.Fatal(err)
		}
		var out struct {
			Runs []struct {
				Figures []struct {
					Name string  `json:"name"`
					P    float64 `json:"p"`
				} `json:"figures"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(natively(t, []string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--method", "exact", "--format", "json"}), &out); err != nil {
			t.Fatal(err)
		}
		want := math.NaN()
		for _, f := range out.Runs[1].Figures {
			if f.Name == "Δ stack cleared" {
				want = f.P
			}
		}
		if got, err := strconv.ParseFloat(page, 64); err != nil || got != want {
			t.Errorf("the page's Δ stack cleared is %q, the command line's %v", page, want)
		}
	})

	// A figure only a later plan has, its second DC, has its row, as on
	// the command line: the first plan's figures are not all. The DC
	// both plans have shares one row, whichever attack it is in each.
	t.Run("a later plan's own figures", func(t *testing.T) {
		var rows string
		q := url.Values{"target": {"4-6-7"}, "plan": {"a: dc placed", "b: fire 8; dc placed; dc thrown"}, "method": {"exact"}}
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?later#plans?"+q.Encode()), waitState("done", "error"),
			chromedp.Evaluate(`[...document.querySelectorAll('#figures tr[data-figure^="dc."]')].map((r) => r.dataset.figure + "=" + [...r.querySelectorAll('td')].map((c) => c.dataset.fig ? "p" : "-").join("")).join(" ")`, &rows)); err != nil {
			t.Fatal(err)
		}
		if want := "dc.1.detonation detonated=ppp dc.2.detonation detonated=-p-"; rows != want {
			t.Errorf("the plans' attack rows: %q, want %q", rows, want)
		}
	})

	// The modeling switches are a choice each: a permalink's rule sets
	// one, a choice made in the form reaches the command line and the
	// permalink, and the figures are the command line's with the same
	// switches.
	t.Run("rule switches", func(t *testing.T) {
		var shown, argv, hash, js string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?rules#dc?target=4-6-7&target=leader:8-1&method=exact&rule=surrender%3Dfalse"), waitState("done", "error"),
			chromedp.Evaluate(`document.getElementById('in-rule-surrender').value`, &shown),
			chromedp.SetValue(`#in-rule-leaders-elite`, "false", chromedp.ByQuery),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`window.sapperLast.argv.join(" ")`, &argv),
			chromedp.Evaluate(`location.hash`, &hash),
			chromedp.Evaluate(`window.sapperLast.json`, &js)); err != nil {
			t.Fatal(err)
		}
		if shown != "false" {
			t.Errorf("rule=surrender=false shows surrender as %q", shown)
		}
		if !strings.Contains(argv, "--rule surrender=false") || !strings.Contains(argv, "--rule leaders-elite=false") {
			t.Errorf("the page ran %q; want both switches", argv)
		}
		if !strings.Contains(hash, "rule=leaders-elite%3Dfalse") {
			t.Errorf("permalink %q lacks the switch chosen", hash)
		}
		var page, native map[string]any
		if err := json.Unmarshal([]byte(js), &page); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(natively(t, []string{"dc", "--target", "4-6-7", "--target", "leader:8-1", "--method", "exact",
			"--rule", "surrender=false", "--rule", "leaders-elite=false", "--format", "json"}), &native); err != nil {
			t.Fatal(err)
		}
		if got, want := nativeFigures(page), nativeFigures(native); len(got) == 0 || !maps.Equal(got, want) {
			t.Errorf("the page's figures with two switches are not the command line's:\n%v\n%v", got, want)
		}
	})

	// A result answers the form it ran: once an input changes it says it
	// is out of date, until the next run.
	t.Run("stale result", func(t *testing.T) {
		var stale, note bool
		var after bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?stale#dc?target=4-6-7&tem=3&method=exact"), waitState("done", "error"),
			chromedp.Evaluate(`(() => { const t = document.getElementById('in-tem'); t.value = '5'; t.dispatchEvent(new Event('input', { bubbles: true })); })()`, nil),
			chromedp.Evaluate(`document.getElementById('result').classList.contains('stale')`, &stale),
			chromedp.Evaluate(`!!document.getElementById('stale-note')`, &note),
			leave, chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.body.dataset.state !== 'done' || document.getElementById('result').classList.contains('stale') || !!document.getElementById('stale-note')`, &after)); err != nil {
			t.Fatal(err)
		}
		if !stale || !note || after {
			t.Errorf("after a change: stale %v, note %v; after the next run: still stale %v", stale, note, after)
		}
	})

	// An error about one entry of a list puts the cursor in that entry.
	t.Run("bad entry focused", func(t *testing.T) {
		var focused string
		var invalid bool
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?badentry#dc?target=4-6-7&target=4-6-77&method=exact"), waitState("done", "error"),
			chromedp.Evaluate(`document.activeElement.value || ''`, &focused),
			chromedp.Evaluate(`document.activeElement.getAttribute('aria-invalid') === 'true'`, &invalid)); err != nil {
			t.Fatal(err)
		}
		if focused != "4-6-77" || !invalid {
			t.Errorf("the cursor is in %q (marked invalid %v); want the bad entry 4-6-77", focused, invalid)
		}
	})

	// A list short of entries marks its empty box, not its first, which
	// is sound; each box is described by the field's help and error, as a
	// number's box is; and under the field the line's example of two
	// plans is left to the line above.
	t.Run("empty entry focused", func(t *testing.T) {
		var got string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?emptyentry#plans?target=4-6-7&plan=A%3A%20fire%208&plan="), waitState("done", "error"),
			chromedp.Evaluate(`[document.activeElement.value, document.activeElement.getAttribute('aria-invalid'), document.activeElement.getAttribute('aria-describedby'), document.getElementById('err-plan').textContent].join('|')`, &got)); err != nil {
			t.Fatal(err)
		}
		if want := "|true|help-plan err-plan|Plan: give two or more plans to compare"; got != want {
			t.Errorf("value|invalid|described by|error under the field: %q; want %q", got, want)
		}
	})

	// Under its field an error reads in the form's words: a flag given a
	// choice is the field and the choice, and the command line's example
	// of the field itself is left to the line above.
	t.Run("field errors in the form's words", func(t *testing.T) {
		var beyond, fp, tem string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?words#dc?target=4-4-7&beyond=4-6-7&method=exact"), waitState("done", "error"),
			chromedp.Text(`#err-beyond`, &beyond, chromedp.ByQuery),
			leave, chromedp.Navigate(base+"/?words1#dc?target=4-6-7&mode=set&tem=2"), waitState("done", "error"),
			chromedp.Text(`#err-tem`, &tem, chromedp.ByQuery),
			leave, chromedp.Navigate(base+"/?words2#fire?target=4-6-7&fp=8&method=exact"), waitState("done", "error"),
			chromedp.SetValue(`#in-fp`, "", chromedp.ByQuery),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("error"),
			chromedp.Text(`#err-fp`, &fp, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if beyond != "Beyond needs Breach rowhouse or Breach fortified" {
			t.Errorf("under Beyond: %q", beyond)
		}
		if !strings.HasPrefix(tem, "TEM with Mode set: ") {
			t.Errorf("under TEM: %q", tem)
		}
		if strings.Contains(fp, "e.g.") || strings.Contains(fp, "--") {
			t.Errorf("under FP: %q", fp)
		}
	})

	// The Last Hundred Yards' form offers its own units, not ASL counters.
	t.Run("lhy units", func(t *testing.T) {
		var offered []string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?lhyunits#lhy"), waitCommand("lhy"),
			chromedp.Evaluate(`[...document.querySelectorAll('#field-target select option')].map((o) => o.value).filter((v) => v)`, &offered)); err != nil {
			t.Fatal(err)
		}
		if len(offered) == 0 || slices.Contains(offered, "4-6-7") || !slices.Contains(offered, "rifle:7") {
			t.Errorf("lhy's target offers %q", offered)
		}
	})

	// An input whose 0 is "not given" shows empty, not as a 0 the engine
	// would read otherwise, unless a run needs it: then a fresh form shows
	// the command's example (fire's FP 8).
	t.Run("no default shown", func(t *testing.T) {
		var fire, lhy, activate []string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?nodef#fire"), waitCommand("fire"),
			chromedp.Evaluate(`['fp', 'calibre'].map((n) => document.getElementById('in-' + n).value)`, &fire),
			chromedp.Navigate(base+"/?nodef#lhy"), waitCommand("lhy"),
			chromedp.Evaluate(`['mdrm', 'leader'].map((n) => document.getElementById('in-' + n).value)`, &lhy),
			// a crossing file's method and trials are its own
			chromedp.Navigate(base+"/?nodef#activate"), waitCommand("activate"),
			chromedp.Evaluate(`['method', 'trials'].map((n) => document.getElementById('in-' + n).value)`, &activate)); err != nil {
			t.Fatal(err)
		}
		if len(fire) != 2 || fire[0] != "8" {
			t.Fatalf("fire's fp and calibre %q: want fp's example 8", fire)
		}
		fire = fire[1:] // the example
		for _, v := range append(append(fire, lhy...), activate...) {
			if v != "" {
				t.Errorf("fire's fp and calibre %q, lhy's mdrm and leader %q, activate's method and trials %q; want them empty", fire, lhy, activate)
				break
			}
		}
	})

	// A box ticked and unticked again is not given: a CX unticked stays
	// out of a Set DC's run, which would refuse it.
	t.Run("a box back at its default", func(t *testing.T) {
		var state, cmdline string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?untick#dc?target=4-6-7&trials=1000"), waitState("done", "error"),
			chromedp.Click(`#in-cx`, chromedp.ByQuery), chromedp.Click(`#in-cx`, chromedp.ByQuery),
			chromedp.SetValue(`#in-mode`, "set", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-mode').dispatchEvent(new Event('change', { bubbles: true }))`, nil),
			chromedp.Click(`#run`, chromedp.ByQuery), waitState("done", "error"),
			chromedp.Evaluate(`document.body.dataset.state`, &state),
			chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if state != "done" || strings.Contains(cmdline, "--cx") {
			t.Errorf("CX ticked and unticked, then a Set DC: state %q, command line %q; want it run without --cx", state, cmdline)
		}
	})

	// The tab of the form shown keeps the form and its address.
	t.Run("the tab of the form shown", func(t *testing.T) {
		var hash string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?tab#dc?target=4-6-7&elr=1&trials=1000"), waitState("done", "error"),
			chromedp.Click(`#commands a[data-cmd=dc]`, chromedp.ByQuery),
			chromedp.Sleep(100*time.Millisecond),
			chromedp.Evaluate(`location.hash`, &hash)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(hash, "elr=1") {
			t.Errorf("after a click on dc's own tab the address is %q; want the form's, elr=1 in it", hash)
		}
	})

	// Tables chosen for a built-in crossing leave the crossing chosen: the
	// page's builder takes their nationality only when its crossing is the
	// one run.
	t.Run("tables keep the crossing", func(t *testing.T) {
		tables := filepath.Join(t.TempDir(), "mine.yaml")
		text, err := os.ReadFile(filepath.Join("..", "..", "model", "sasl", "tables", "illustrative-russian.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(tables, text, 0o644); err != nil {
			t.Fatal(err)
		}
		var crossing string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?tables#activate"), waitCommand("activate"),
			chromedp.SetValue(`#in-crossing`, "village-crossing", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-crossing').dispatchEvent(new Event('change', { bubbles: true }))`, nil),
			chromedp.SetUploadFiles(`#up-tables`, []string{tables}, chromedp.ByQuery),
			chromedp.Poll(`document.getElementById('in-tables').value === 'mine.yaml'`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
			chromedp.Sleep(100*time.Millisecond),
			chromedp.Value(`#in-crossing`, &crossing, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if crossing != "village-crossing" {
			t.Errorf("after a tables file the crossing chosen is %q; want village-crossing, as the player chose", crossing)
		}
	})

	// The scenario picker names the scenario the form holds, once it has
	// run, and none once an input is changed.
	t.Run("the scenario picked", func(t *testing.T) {
		var picked, edited string
		if err := chromedp.Run(ctx, leave,
			chromedp.Navigate(base+"/?picked#fire"), waitCommand("fire"),
			chromedp.SetValue(`#in-scenario`, "fire-on-stack", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-scenario').dispatchEvent(new Event('change'))`, nil),
			waitState("done", "error"),
			chromedp.Value(`#in-scenario`, &picked, chromedp.ByQuery),
			chromedp.SetValue(`#in-drm`, "1", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('in-drm').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			chromedp.Value(`#in-scenario`, &edited, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if picked != "fire-on-stack" || edited != "" {
			t.Errorf("the picker after fire-on-stack ran: %q, after --drm changed: %q; want the scenario, then none", picked, edited)
		}
	})
}
