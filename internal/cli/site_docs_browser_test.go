//go:build !js

package cli

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sapperhq/sapper/internal/site"
)

// TestSiteLinksItsCitations: the page links every citation of the manual
// and the rules reference in its help ("rules/sasl.md S29",
// "docs/engine.md", a bare section of the command's game) to the page
// the site holds, at the item cited; a rulebook number (A23.3) is left as
// it is. Every link of every
// command's form leads to a page and an id there.
func TestSiteLinksItsCitations(t *testing.T) {
	pages, err := site.Docs()
	if err != nil {
		t.Fatal(err)
	}
	idRE := regexp.MustCompile(` id="([^"]*)"`)
	ids := map[string]map[string]bool{}
	for name, b := range pages {
		ids[name] = map[string]bool{}
		for _, m := range idRE.FindAllSubmatch(b, -1) {
			ids[name][string(m[1])] = true
		}
	}
	ctx, base := openSite(t)
	const links = `[...document.querySelectorAll('a[href^="docs/"]')].map((a) => a.textContent + ' ' + a.getAttribute('href'))`
	// A rulebook number: a chapter letter and a number (A23.3, D5.6), but
	// for Tide of Iron's own decisions D1–D9.
	rulebook := regexp.MustCompile(`^[A-G]\d`)
	toiDecision := regexp.MustCompile(`^D\d$`)
	seen := map[string]bool{}
	for _, name := range []string{"compare", "dc", "afv", "fire", "plans", "building", "activate", "lhy"} {
		var got []string
		if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/?cites-"+name+"#"+name), waitCommand(name),
			chromedp.Evaluate(links, &got)); err != nil {
			t.Fatal(err)
		}
		cites := 0
		for _, l := range got {
			text, href, _ := strings.Cut(l, " docs/")
			if rulebook.MatchString(text) && !(name == "building" && toiDecision.MatchString(text)) {
				t.Errorf("%s: the rulebook number %s linked to %s", name, text, href)
			}
			file, frag, _ := strings.Cut("docs/"+href, "#")
			if _, ok := pages[file]; !ok {
				t.Errorf("%s: %q links %s, which the site does not hold", name, text, file)
				continue
			}
			if frag != "" && !ids[file][frag] {
				t.Errorf("%s: %q links %s#%s, which has no such id", name, text, file, frag)
			}
			if !strings.HasPrefix(text, "The manual") && !strings.HasPrefix(text, "the rules") {
				cites++
				seen["docs/"+href] = true
			}
		}
		if cites == 0 {
			t.Errorf("%s: no citation linked in its form", name)
		}
	}
	// A section and a decision of each game, bare and with its page named,
	// and a page of the manual.
	for _, want := range []string{"docs/rules/toi.html#4", "docs/rules/toi.html#M4", "docs/rules/toi.html#D4", "docs/rules/sasl.html#S29", "docs/rules/lhy.html#L8",
		"docs/rules/asl.html#8.31", "docs/rules/asl.html#5", "docs/engine.html",
		// a rule switch's help (asl.md §8.26)
		"docs/rules/asl.html#8.26"} {
		if !seen[want] {
			t.Errorf("no form links %q", want)
		}
	}
	// A link followed: the rules page, at the item.
	var title string
	var found bool
	if err := chromedp.Run(ctx, leave, chromedp.Navigate(base+"/docs/rules/toi.html#M4"), chromedp.Title(&title),
		chromedp.Evaluate(`!!document.getElementById('M4')`, &found)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(title, "Tide of Iron") || !found {
		t.Errorf("docs/rules/toi.html#M4: title %q, the item found %v", title, found)
	}
}
