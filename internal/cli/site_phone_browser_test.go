//go:build !js

package cli

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// contrastChecks lists the text whose colour fails WCAG AA against what
// is behind it: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
const contrastChecks = `(() => {
  const out = [];
  const parse = (s) => {
    const m = /rgba?\(([^)]+)\)/.exec(s || '');
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return { rgb: p.slice(0, 3), a: p.length > 3 ? p[3] : 1 };
  };
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const behind = (e) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0) return c.rgb;
    }
    return [255, 255, 255];
  };
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  for (const e of document.querySelectorAll('body *')) {
    if (!visible(e) || e.closest('[disabled], :disabled') || ![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const st = getComputedStyle(e);
    const fg = parse(e instanceof SVGElement ? st.fill : st.color);
    if (!fg) continue;
    const a = lum(fg.rgb), b = lum(behind(e));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const px = parseFloat(st.fontSize), bold = Number(st.fontWeight) >= 700;
    const need = px >= 24 || (px >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < need) out.push('contrast ' + ratio.toFixed(2) + ' < ' + need + ': ' + e.textContent.trim().slice(0, 30));
  }
  return out;
})()`

// openAll unfolds every folded group of the page, as a player who wants
// to see every input would.
var openAll = chromedp.Evaluate(`for (const d of document.querySelectorAll('#form details')) d.open = true`, nil)

// TestSitePhoneInBrowser opens every form of the page at 390 px, its
// groups unfolded (the sweep's and activate's path builder among them),
// and the results of a sweep, building --needed and compare: nothing
// scrolls sideways, every input has a label, every tap target is 44 px or
// more, no text is under 11 px (the charts' included), and every text
// passes WCAG AA contrast. The same holds at 1280 px.
func TestSitePhoneInBrowser(t *testing.T) {
	s := buildSite(t)
	ctx := browser(t)
	ts, _ := countingServer(t, s.Dir)
	check := func(what string, width int) {
		t.Helper()
		noOverflow(t, ctx, what, width)
		var problems, contrast []string
		if err := chromedp.Run(ctx, chromedp.Evaluate(accessChecks, &problems), chromedp.Evaluate(contrastChecks, &contrast)); err != nil {
			t.Fatal(err)
		}
		for _, p := range append(problems, contrast...) {
			t.Errorf("%s at %d px: %s", what, width, p)
		}
	}
	// The contrast check finds a grey too light on white.
	var flagged []string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/#compare"),
		waitCommand("compare"),
		chromedp.Evaluate(`document.body.append(Object.assign(document.createElement('p'), {id: 'pale', textContent: 'pale words', style: 'color: #999; background: #fff'}))`, nil),
		chromedp.Evaluate(contrastChecks, &flagged),
		chromedp.Evaluate(`document.getElementById('pale').remove()`, nil),
	); err != nil {
		t.Fatal(err)
	}
	if len(flagged) != 1 || !strings.HasSuffix(flagged[0], "pale words") {
		t.Errorf("the contrast check on #999 on white found %q", flagged)
	}
	var names []string
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.Navigate(ts.URL+"/#compare"),
		waitCommand("compare"),
		chromedp.Evaluate(`[...document.querySelectorAll('#commands a')].map((a) => a.dataset.cmd)`, &names),
	); err != nil {
		t.Fatal(err)
	}
	if len(names) < 9 {
		t.Fatalf("the page offers %v", names)
	}
	for _, width := range []int{390, 1280} {
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(width), 844, chromedp.EmulateScale(2))); err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if err := chromedp.Run(ctx,
				leave,
				chromedp.Navigate(ts.URL+"/?"+name+"#"+name),
				waitCommand(name),
				openAll,
			); err != nil {
				t.Fatal(err)
			}
			check(name+"'s form", width)
		}
	}
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		leave,
		chromedp.Navigate(ts.URL+"/?sweep#sweep?command=dc&target=4-6-7&vary=tem%3D0..5&method=exact"),
		waitState("done", "error"),
		chromedp.Poll(`document.querySelectorAll('#in-goal-metric option').length > 3`, nil),
		fill(`#in-goal-metric`, "stack"),
		chromedp.Evaluate(`document.getElementById('group-sweep').scrollIntoView()`, nil),
		shot("sweep-form-390", ""),
		chromedp.Poll(`!!document.querySelector("#chart svg.line")`, nil),
		shot("sweep-chart-390", "#chart"),
	); err != nil {
		t.Fatal(err)
	}
	check("the sweep's form with a goal", 390)
	// A table wider than its box keeps its caption in the box, wrapped, at
	// either width: the caption of dc's "out" table, five columns with
	// long fractions, was cut mid-word.
	for _, width := range []int64{390, 1280} {
		if err := chromedp.Run(ctx,
			chromedp.EmulateViewport(width, 844, chromedp.EmulateScale(2)),
			leave,
			chromedp.Navigate(fmt.Sprintf("%s/?wide%d#dc?target=4-6-7&building=wooden&method=exact", ts.URL, width)),
			waitState("done", "error"),
			chromedp.Evaluate(`document.querySelector('table[data-metric="out"]').scrollIntoView()`, nil),
			shot(fmt.Sprintf("captions-%d", width), ""),
		); err != nil {
			t.Fatal(err)
		}
		captionsInView(t, ctx, "dc's exact result", int(width))
		// the chart leaves out what the tables fold, and says so; it is
		// drawn on the frame after the state says done
		var chart string
		if err := chromedp.Run(ctx,
			chromedp.Poll(`!!document.querySelector("#chart svg.panel")`, nil),
			chromedp.Evaluate(`document.getElementById('chart').textContent`, &chart)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(chart, "7KIA") || !strings.Contains(chart, "2KIA") || !strings.Contains(chart, "Where a table folds its outcomes at 0.00%, the chart leaves them out too.") {
			t.Errorf("dc's exact chart at %d px: %q", width, chart)
		}
	}
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ name, link, shot string }{
		{"a sweep with a goal", "sweep?command=compare&method=exact&vary=tem%3D0..4&goal=stack%3Dcleared%3E%3D0.5", "sweep-result-390"},
		{"building --needed", "building?needed=0.5&needed=0.9", ""},
		{"compare", "compare?trials=200000&seed=1", ""},
		{"a dc sweep with --metric and a goal on a mean", "sweep?command=dc&target=4-6-7&target=4-6-7&method=exact&vary=drm%3D-3..3&metric=ift&goal=out.mean%3E%3D1", ""},
		{"an exact crossing", "activate?crossing=two-sq-crossing&method=exact", "crossing-exact-390"},
	} {
		if err := chromedp.Run(ctx,
			leave,
			chromedp.Navigate(ts.URL+"/?result#"+r.link),
			waitState("done", "error"),
			// the checks read the chart's text too, drawn on the next frame
			chromedp.Poll(`!document.getElementById("chart") || !!document.querySelector("#chart svg")`, nil),
			chromedp.Evaluate(`document.getElementById('result-title').scrollIntoView()`, nil),
		); err != nil {
			t.Fatal(err)
		}
		if r.shot != "" {
			if err := chromedp.Run(ctx, shot(r.shot, "")); err != nil {
				t.Fatal(err)
			}
		}
		var errText, cmdline string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("error").textContent`, &errText)); err != nil || errText != "" {
			t.Errorf("%s: %s %v", r.name, errText, err)
			continue
		}
		if err := chromedp.Run(ctx, chromedp.Text(`#cmdline`, &cmdline, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		// the permalink's inputs are all on the command line it reproduces
		if strings.Contains(r.link, "goal=out.mean") && !strings.HasSuffix(cmdline, "--metric ift --goal 'out.mean>=1'") {
			t.Errorf("%s: the command line %q", r.name, cmdline)
		}
		check(r.name+"'s result", 390)
		captionsInView(t, ctx, r.name+"'s result", 390)
		// compare's three ways fit the phone's width side by side, with
		// their intervals, as the main job's first answer should
		if r.name == "an exact crossing" {
			// a fraction a phone shows whole leaves a table of outcome,
			// p and fraction room: the longer fold under "show" (a
			// count's table, with at least and at most beside them,
			// scrolls sideways and says so)
			var scrolling []string
			if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll('#result .table-wrap.scrolls table')].filter((t) => t.querySelectorAll('thead th').length <= 3).map((t) => t.dataset.metric)`, &scrolling)); err != nil || len(scrolling) > 0 {
				t.Errorf("the exact crossing's tables of three columns that scroll sideways at 390 px: %q (%v)", scrolling, err)
			}
		}
		var scrolls bool
		if r.name == "compare" {
			if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById('figures').closest('.table-wrap').classList.contains('scrolls')`, &scrolls)); err != nil || scrolls {
				t.Errorf("compare's side by side scrolls sideways at 390 px (%v)", err)
			}
		}
	}
	// A plan chart's long label goes on two lines at 390 px, whole, where
	// its row of two bars has room, rather than cut with an ellipsis.
	var label []string
	if err := chromedp.Run(ctx,
		leave,
		chromedp.Navigate(ts.URL+"/?plans#plans"),
		waitCommand("plans"),
		chromedp.Click(`#run`, chromedp.ByQuery),
		waitState("done", "error"),
		// the chart is drawn on the next frame
		chromedp.Poll(`!!document.querySelector("#chart svg.panel")`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll('svg.panel text')].filter((t) => t.querySelector('title')?.textContent === 'cleared after any attack').map((t) => [...t.querySelectorAll('tspan')].map((s) => s.textContent).join('|'))`, &label),
	); err != nil {
		t.Fatal(err)
	}
	if len(label) != 1 || label[0] != "cleared after any|attack" {
		t.Errorf("the plans chart's label at 390 px: %q, want it on two lines, whole", label)
	}
	// Three plans of long names: the chart's legend wraps, each name
	// whole within the chart.
	var cut []string
	three := "plan=" + url.QueryEscape("prep fire then placed: fire 8; dc placed") + "&plan=" + url.QueryEscape("placed DC alone: dc placed") + "&plan=" + url.QueryEscape("thrown from next door: dc thrown") + "&target=4-6-7&method=exact"
	if err := chromedp.Run(ctx,
		leave,
		chromedp.Navigate(ts.URL+"/?legend#plans?"+three),
		waitState("done", "error"),
		chromedp.Poll(`[...document.querySelectorAll('#chart svg.panel text')].some((t) => t.textContent === 'thrown from next door')`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll('#chart svg.panel')].flatMap((svg) => {
			const box = svg.getBoundingClientRect();
			return [...svg.querySelectorAll('text')].filter((t) => t.textContent.startsWith('thrown from') || t.textContent.startsWith('placed DC') || t.textContent.startsWith('prep fire'))
				.filter((t) => t.getBoundingClientRect().right > box.right + 1).map((t) => t.textContent);
		})`, &cut),
	); err != nil {
		t.Fatal(err)
	}
	if len(cut) > 0 {
		t.Errorf("the plans chart's legend at 390 px runs past the chart: %q", cut)
	}
	if err := chromedp.Run(ctx,
		leave,
		chromedp.Navigate(ts.URL+"/?builder#activate"),
		waitCommand("activate"),
		chromedp.Click(`#group-builder summary`, chromedp.ByQuery),
		chromedp.Click(`#b-add-loc`, chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, document.getElementById('group-builder').offsetTop - 10)`, nil),
		shot("builder-390", ""),
	); err != nil {
		t.Fatal(err)
	}
	check("activate's path builder", 390)
}

// captionsInView fails when a table's caption reaches past the box its
// table scrolls in, where its end cannot be read.
func captionsInView(t *testing.T, ctx context.Context, what string, width int) {
	t.Helper()
	var cut []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll('#result .table-wrap')].flatMap((w) => {
		const c = w.querySelector('caption');
		if (!c) return [];
		const box = w.getBoundingClientRect(), cap = c.getBoundingClientRect();
		return cap.right > box.right + 1 || cap.left < box.left - 1 ? [c.textContent] : [];
	})`, &cut)); err != nil {
		t.Fatal(err)
	}
	for _, c := range cut {
		t.Errorf("%s at %d px: the caption %q reaches past its table's box", what, width, c)
	}
}
