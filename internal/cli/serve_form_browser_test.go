//go:build !js

package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFormShowsListDefaults: a repeatable input with defaults (compare's
// targets, a 4-6-7 and an 8-1) shows them as its rows and leaves them to
// the engine while they stand; a unit picked adds to them, where the form
// once sent the unit alone, the defaults gone without a word; emptied, the
// list says that the run takes the defaults.
func TestFormShowsListDefaults(t *testing.T) {
	ctx, page := servedPage(t)
	rows := `[...document.querySelectorAll('#in-target input')].map((i) => i.value)`
	var first, added []string
	var line, line2, empty string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#compare?trials=20000"),
		waitState("done", "error"),
		chromedp.Evaluate(rows, &first),
		chromedp.Text(`#cmdline`, &line, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const p = document.querySelector('#f-target .list-tools select') || document.querySelector('select[aria-label^="Add a common unit to"]'); p.value = '5-4-8'; p.dispatchEvent(new Event('change', { bubbles: true })); })()`, nil),
		chromedp.Evaluate(rows, &added),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Text(`#cmdline`, &line2, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { for (const b of document.querySelectorAll('#in-target .remove')) b.click(); return getComputedStyle(document.querySelector('#in-target'), '::before').content; })()`, &empty),
	); err != nil {
		t.Fatal(err)
	}
	if strings.Join(first, " ") != "4-6-7 leader:8-1" {
		t.Errorf("compare's target rows at first: %q, want its defaults", first)
	}
	if strings.Contains(line, "--target") {
		t.Errorf("the defaults untouched were given: %q", line)
	}
	if strings.Join(added, " ") != "4-6-7 leader:8-1 5-4-8" {
		t.Errorf("a unit picked: rows %q", added)
	}
	if !strings.Contains(line2, "--target 4-6-7 --target leader:8-1 --target 5-4-8") {
		t.Errorf("a unit picked ran %q", line2)
	}
	if !strings.Contains(empty, "the run takes the default, 4-6-7 and leader:8-1") {
		t.Errorf("the emptied list says %q", empty)
	}
}

// TestLinkBadNumberShown: a link whose number does not parse (tem=abc)
// is run as written and refused on its field, where a number field
// emptied it without a word and ran the rest at the default TEM.
func TestLinkBadNumberShown(t *testing.T) {
	ctx, page := servedPage(t)
	var field, msg string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#dc?target=4-6-7&tem=abc&trials=20000"),
		waitState("done", "error"),
		chromedp.Value(`#in-tem`, &field, chromedp.ByQuery),
		chromedp.Text(`#err-tem`, &msg, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if field != "abc" || !strings.Contains(msg, `"abc"`) {
		t.Errorf("a link's tem=abc: the field holds %q, its error %q", field, msg)
	}
}

// TestSweepHidesOutcomesNeverReached: a sweep tabulating a metric leaves
// out the outcomes no run reached (the IFT's KIA results at 8 FP), naming
// them once under the table, where a phone showed columns of 0.00% first.
func TestSweepHidesOutcomesNeverReached(t *testing.T) {
	ctx, page := servedPage(t)
	var heads []string
	var never, headline string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#sweep?command=fire&fp=8&target=4-6-7&vary=drm%3D-2..4&metric=ift&method=exact"),
		waitState("done", "error"),
		chromedp.Evaluate(`[...document.querySelectorAll('table.sweep thead th')].map((th) => th.textContent)`, &heads),
		chromedp.Text(`#never`, &never, chromedp.ByQuery),
		chromedp.Text(`#headline`, &headline, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if strings.Join(heads, " ") != "drm 3KIA 2KIA 1KIA K/2 2MC 1MC NMC PTC none" {
		t.Errorf("the sweep's columns: %q", heads)
	}
	if never != "Not shown, at 0.00% for every value: 7KIA, 6KIA, 5KIA, 4KIA, K/4, K/3, K/1, 4MC, 3MC, no_attack." {
		t.Errorf("the outcomes left out: %q", never)
	}
	// the headline follows the outcome that moves most, not the first
	if headline != "P(ift = none) goes from 2.78% at drm=-2 to 72.22% at drm=4." {
		t.Errorf("the headline: %q", headline)
	}
}

// TestResultLeadsWithHeadlineMetric: a result's first table is its
// headline's metric (dc's stack), and the tables run row by row, where a
// column layout put the second column's first table beside the first.
func TestResultLeadsWithHeadlineMetric(t *testing.T) {
	ctx, page := servedPage(t)
	var order []string
	var rowWise bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#dc?target=4-6-7&target=leader%3A8-1&trials=20000"),
		waitState("done", "error"),
		chromedp.Evaluate(`[...document.querySelectorAll('#result > .tables table.metric')].map((t) => t.dataset.metric)`, &order),
		// the second table sits beside the first, the third below them
		chromedp.Evaluate(`(() => { const r = [...document.querySelectorAll('#result > .tables .table-wrap')].map((w) => w.getBoundingClientRect()); return r[1].top === r[0].top && r[1].left > r[0].left && r[2].top > r[0].top; })()`, &rowWise),
	); err != nil {
		t.Fatal(err)
	}
	if len(order) < 3 || order[0] != "stack" || order[1] != "detonation" {
		t.Errorf("the result's tables in order: %q; want stack, then the engine's order", order)
	}
	if !rowWise {
		t.Errorf("the tables do not run row by row at 1280 px")
	}
}

// TestBuilderStartsFromCrossing: the path builder starts from the
// built-in crossing chosen above, when asked, the form taking the file's
// flags (method: exact), and the crossing it then runs is that one, as
// the file runs it: its figures are the command line's.
func TestBuilderStartsFromCrossing(t *testing.T) {
	ctx, page := servedPage(t)
	var label, stack, chosen, headline, hash, method, note, shown string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#activate"),
		waitState("idle"),
		chromedp.SetValue(`#in-crossing`, "hedgerow-crossing", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById('in-crossing').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Click(`#group-builder summary`, chromedp.ByQuery),
		chromedp.Text(`#builder-load`, &label, chromedp.ByQuery),
		chromedp.Click(`#builder-load`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById('in-crossing').value === 'my-crossing.yaml'`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`[...document.querySelectorAll('#b-stack input')].map((i) => i.value).join(' ')`, &stack),
		chromedp.Evaluate(`document.getElementById('in-crossing').value`, &chosen),
		chromedp.Evaluate(`location.hash`, &hash),
		chromedp.Evaluate(`document.getElementById('in-method').value`, &method),
		chromedp.Text(`#builder-load-note`, &note, chromedp.ByQuery),
		// What the builder hides (an S? not eligible: its range,
		// hindrance and Long Range) is not shown by a rule of its own.
		chromedp.Evaluate(`[...document.querySelectorAll('#group-builder [hidden]')].filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.id || e.className).join(' ')`, &shown),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Text(`#headline`, &headline, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if label != "Start from hedgerow-crossing" || stack != "4-6-7 hs:2-4-7" || chosen != "my-crossing.yaml" {
		t.Errorf("the builder's button %q, its stack %q, the crossing chosen %q", label, stack, chosen)
	}
	if shown != "" {
		t.Errorf("the builder shows what it marks hidden: %s", shown)
	}
	if want := "The builder now holds hedgerow-crossing, to change; the form takes its method: exact."; method != "exact" || note != want {
		t.Errorf("after Start from hedgerow-crossing, the method %q and the note %q; want exact and %q", method, note, want)
	}
	want := native(t, "activate", "hedgerow-crossing", "--method", "exact")["headline"].(map[string]any)["text"]
	if headline != want {
		t.Errorf("the crossing built from hedgerow-crossing, run exactly: %q; the command line's: %q", headline, want)
	}

	// The address followed the crossing built before any run, as it
	// follows any choice.
	if !strings.Contains(hash, "crossing=my-crossing.yaml") {
		t.Errorf("after Start from, the address is %q", hash)
	}

	// An answer that comes once the form was rebuilt (Defaults pressed
	// meanwhile) is dropped, not filled into a crossing no longer shown.
	var after string
	if err := chromedp.Run(ctx,
		leave,
		chromedp.Navigate(page+"?late#activate"),
		waitState("idle"),
		chromedp.Click(`#group-builder summary`, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById('builder-load').click(); document.getElementById('defaults').click()`, nil),
		chromedp.Sleep(500*time.Millisecond),
		chromedp.Evaluate(`document.getElementById('in-crossing').value + '/' + [...document.querySelectorAll('#b-stack input')].map((i) => i.value).join(' ')`, &after),
	); err != nil {
		t.Fatal(err)
	}
	if want := startCrossing + "/4-6-7"; after != want {
		t.Errorf("a late answer after Defaults: the form holds %q, want the defaults %q (the form's first crossing, the builder's own example)", after, want)
	}

	// Defaults puts the builder back at its own example too, and Undo
	// gives back the path it had.
	var reset, undone string
	mf := `document.getElementById('b-loc-0-mf').value`
	if err := chromedp.Run(ctx,
		leave,
		chromedp.Navigate(page+"?reset#activate"),
		waitState("idle"),
		chromedp.Click(`#group-builder summary`, chromedp.ByQuery),
		fill(`#b-loc-0-mf`, "3"),
		chromedp.Click(`#defaults`, chromedp.ByQuery),
		chromedp.Evaluate(mf, &reset),
		chromedp.Click(`#undo-defaults`, chromedp.ByQuery),
		chromedp.Evaluate(mf, &undone),
	); err != nil {
		t.Fatal(err)
	}
	if reset != "1" || undone != "3" {
		t.Errorf("Location 1's MF set to 3: after Defaults %q, after Undo %q; want 1 and 3", reset, undone)
	}

	// Start from during a long run leaves Cancel working: the run's
	// token is its own. The farm's hundred million trials take ten
	// seconds and more on two quiet cores: ten million, since its walk
	// got faster, could end in about a second, before Cancel was pressed
	// (as a CI run once did at 5,600,000 trials in 0.6 s), so this part
	// runs on a server that takes them.
	long := servedEngine(t, 100_000_000).URL + "/"
	var status, dbg string
	if err := chromedp.Run(ctx,
		leave,
		chromedp.Navigate(long+"?long#activate?crossing=farm-crossing&trials=100000000&method=mc"),
		waitState("running"),
		chromedp.Poll(`document.querySelector('#status progress') && document.querySelector('#status progress').value > 0`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`document.getElementById('group-builder').open = true`, nil),
		chromedp.Click(`#builder-load`, chromedp.ByQuery),
		// the builder's answer redraws the form: Cancel is pressed once it
		// has come, not while the page moves under the pointer
		chromedp.Poll(`document.getElementById('builder-load-note').textContent.startsWith('The builder now holds')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`document.body.dataset.state + ' | ' + document.getElementById('status').textContent + ' | cancel hidden ' + document.getElementById('cancel').hidden + ' | ' + document.getElementById('error').textContent`, &dbg),
		chromedp.Click(`#cancel`, chromedp.ByQuery),
		waitState("partial", "cancelled"),
		chromedp.Text(`#status`, &status, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err, dbg)
	}
	if !strings.Contains(status, "PARTIAL") {
		t.Errorf("Cancel after Start from during a run: %q (%s)", status, dbg)
	}
}

// TestZeroOutcomesFolded: a table's outcomes no trial reached are folded
// behind one row, which unfolds them; the figures are all still there.
func TestZeroOutcomesFolded(t *testing.T) {
	ctx, page := servedPage(t)
	var shown, after int
	var label string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#fire?fp=8&target=4-6-7&method=exact"),
		waitState("done", "error"),
		chromedp.Evaluate(`[...document.querySelectorAll('table.metric[data-metric=ift] tbody tr')].filter((r) => !r.hidden).length`, &shown),
		chromedp.Text(`table.metric[data-metric=ift] button.unfold`, &label, chromedp.ByQuery),
		chromedp.Click(`table.metric[data-metric=ift] button.unfold`, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll('table.metric[data-metric=ift] tbody tr')].filter((r) => !r.hidden).length`, &after),
	); err != nil {
		t.Fatal(err)
	}
	// 8 FP on the IFT at DRM 0, exact: 12 of its 19 outcomes cannot
	// happen (7KIA to 2KIA among them)
	if shown != 7 || label != "12 outcomes at 0.00%: show them" || after != 19 {
		t.Errorf("the ift table shows %d rows, its fold %q, unfolded %d", shown, label, after)
	}
}

// TestUploadMovesChoice: a crossing uploaded is chosen as a player's pick
// is: the address names it, and the builder no longer offers to start
// from the built-in crossing chosen before (which would have replaced it).
func TestUploadMovesChoice(t *testing.T) {
	ctx, page := servedPage(t)
	file := filepath.Join(t.TempDir(), "mine.yaml")
	data, err := os.ReadFile(filepath.Join("scenarios", "two-sq-crossing.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var hash string
	var offered bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#activate"),
		waitState("idle"),
		chromedp.SetValue(`#in-crossing`, "two-sq-crossing", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById('in-crossing').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.SetUploadFiles(`#up-crossing`, []string{file}, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById('in-crossing').value === 'mine.yaml'`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(`location.hash`, &hash),
		chromedp.Evaluate(`!document.getElementById('builder-load').hidden`, &offered),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(hash, "crossing=mine.yaml") || offered {
		t.Errorf("after an upload: the address %q, Start from still offered %v", hash, offered)
	}
}

// servedPage starts a headless Chromium and a server of the page, whose
// address it returns, for a test of the form's behaviour on one page.
func servedPage(t *testing.T) (context.Context, string) {
	ctx := browser(t)
	return ctx, servedEngine(t, 10_000_000).URL + "/"
}

// TestSweepGoalHeadlineSaysWhereItIsLost: a goal reached from the first
// value and lost again says in its headline where, the half of the
// answer the Goal box alone gave before.
func TestSweepGoalHeadlineSaysWhereItIsLost(t *testing.T) {
	ctx, page := servedPage(t)
	for _, c := range []struct{ link, want string }{
		{"#sweep?command=dc&target=4-6-7&vary=tem%3D0..5&goal=stack%3Dcleared%3E%3D0.5&method=exact",
			"P(stack = cleared) ≥ 0.5: reached from the first value, tem=0 (84.70%); last reached at tem=4 (55.16%), not at tem=5 (44.89%)."},
		// found again after it was lost
		{"#sweep?command=fire&target=4-6-7&vary=fp%3D1..36&method=exact&goal=ift%3DK%2F4%3E%3D0.13",
			"P(ift = K/4) ≥ 0.13: first reached at fp=24 (13.89%); last reached at fp=29 (13.89%), not at fp=30 (11.11%); reached again at fp=36 (19.44%)."},
		// compare: each way's span, and where it is lost
		{"#sweep?command=compare&vary=tem%3D0..5&goal=stack%3Dcleared%3E%3D0.3&trials=20000",
			"P(stack = cleared) ≥ 0.3: thrown reaches it from tem=0 (48.20%) to tem=2 (31.14%), not at tem=3 (23.90%); placed and set never do."},
		// a Monte Carlo figure whose interval straddles the goal: said
		{"#sweep?command=dc&target=4-6-7&vary=tem%3D0..5&goal=stack%3Dcleared%3E%3D0.65&trials=20000",
			"An interval straddles the goal, which leaves the answer open."},
	} {
		var headline string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(page+"?"+strings.ReplaceAll(c.link[1:], "&", "_")+c.link),
			waitState("done", "error"),
			chromedp.Text(`#headline`, &headline, chromedp.ByQuery),
		); err != nil {
			t.Fatal(err)
		}
		if headline != c.want && !(strings.HasPrefix(c.want, "An interval") && strings.HasSuffix(headline, " "+c.want)) {
			t.Errorf("%s: the headline %q, want %q", c.link, headline, c.want)
		}
	}
}

// TestActivateFormOffersTables: the tables list offers the illustrative
// set by name beside (automatic), which picks the crossing's own, and a
// run with it chosen answers; the crossings are listed with their titles.
func TestActivateFormOffersTables(t *testing.T) {
	ctx, page := servedPage(t)
	var tables []string
	var crossing, state, hash string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(page+"#activate"),
		waitState("idle"),
		chromedp.Evaluate(`[...document.querySelectorAll('#in-tables option')].map((o) => o.value + '=' + o.textContent)`, &tables),
		chromedp.Evaluate(`[...document.querySelectorAll('#in-crossing option')].find((o) => o.value === 'two-sq-crossing').textContent`, &crossing),
		fill(`#in-tables`, "illustrative"),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		chromedp.Evaluate(`document.body.dataset.state`, &state),
		chromedp.Evaluate(`location.hash`, &hash),
	); err != nil {
		t.Fatal(err)
	}
	if want := []string{"=(automatic)", "illustrative=illustrative"}; !slices.Equal(tables, want) {
		t.Errorf("the tables offered: %q, want %q", tables, want)
	}
	if crossing != "two-sq-crossing — A squad dashes past two S?" {
		t.Errorf("the crossing listed as %q", crossing)
	}
	if state != "done" || !strings.Contains(hash, "tables=illustrative") {
		t.Errorf("run with the illustrative tables: state %q, address %q", state, hash)
	}
}

// TestSweepLineChart: a compare sweep draws each way in one colour and
// dash in every panel, chain ok's too, where thrown has no line (a way's
// style once followed its place among the lines drawn, so set took
// thrown's there); and on a phone's width its x-axis marks each of three
// values swept, where it once marked only the first and the last.
func TestSweepLineChart(t *testing.T) {
	ctx, page := servedPage(t)
	var styles, ticks []string
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(page+"#sweep?command=compare&vary=tem%3D0..2&method=exact"),
		waitState("done", "error"),
		chromedp.Evaluate(`(() => {
			const m = {};
			for (const svg of document.querySelectorAll('svg.panel.line')) {
				const kids = [...svg.children];
				kids.forEach((n, i) => {
					const sw = kids[i - 1];
					if (n.tagName === 'text' && sw && sw.tagName === 'line' && sw.getAttribute('stroke')) {
						(m[n.textContent] = m[n.textContent] || []).push(sw.getAttribute('stroke') + ' ' + sw.getAttribute('stroke-dasharray'));
					}
				});
			}
			return Object.entries(m).map(([k, v]) => k + ': ' + [...new Set(v)].join(' | ') + ' in ' + v.length);
		})()`, &styles),
		chromedp.Evaluate(`[...document.querySelector('svg.panel.line').querySelectorAll('text.tick[text-anchor="middle"]')].map((t) => t.textContent)`, &ticks),
	); err != nil {
		t.Fatal(err)
	}
	if len(styles) != 3 {
		t.Fatalf("the ways' keys: %q, want placed, thrown and set", styles)
	}
	for _, s := range styles {
		if strings.Contains(s, " | ") {
			t.Errorf("a way drawn in two styles: %s", s)
		}
	}
	if strings.Join(ticks, " ") != "0 1 2 tem" {
		t.Errorf("the x-axis at 390 px reads %q, want each value swept and its name", ticks)
	}
}
