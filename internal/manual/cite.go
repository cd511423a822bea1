package manual

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/sapperhq/sapper/docs"
)

// Citations in the text of the manual's pages become links, as the
// page's help makes them (docs/rules/README.md, "Reading a citation"): a
// rules page named with an item or without ("rules/sasl.md S29")
// anywhere, and on a rules page a bare item of its own (a section sign
// and its number, a decision in brackets, one of the game's own letter).
// An item the page has no anchor for stays text, as does a rulebook
// number (A23.3) and the bold label that opens an item.

var (
	// namedCite is a rules page named, with its item or none.
	namedCite = regexp.MustCompile(`rules/(asl|toi|sasl|lhy)\.md(?: (§\d+(?:\.\d+)?|\[M\d+(?:\.\d+)?\]|[SLRD]\d+b?)\b)?`)
	// bareCite is an item of the page it is on: a section, a decision
	// in brackets, or a decision of the game's own letter.
	bareCite = regexp.MustCompile(`§\d+(?:\.\d+)?|\[M\d+(?:\.\d+)?\]|\b[SLRD]\d+b?\b`)
	// rulebookTail follows a rulebook number's first part (the .31 of
	// S5.31).
	rulebookTail = regexp.MustCompile(`^\.\d`)
	// ownLetter is the letter of each game's own lettered items that a
	// page cites bare: none on Solitaire ASL's, where a bare S5 is as
	// often Chapter S's rule 5 as the decision S5.
	ownLetter = map[string]string{"asl": "R", "toi": "D", "sasl": "", "lhy": "L"}
	// anchorRE is an anchor of a rules page.
	anchorRE = regexp.MustCompile(`<a id="([^"]+)"></a>`)
)

// ruleAnchors are the anchors of each rules page, by game.
func ruleAnchors() (map[string]map[string]bool, error) {
	all := map[string]map[string]bool{}
	for game := range ownLetter {
		src, err := fs.ReadFile(docs.Pages, "rules/"+game+".md")
		if err != nil {
			return nil, err
		}
		set := map[string]bool{}
		for _, m := range anchorRE.FindAllSubmatch(src, -1) {
			set[string(m[1])] = true
		}
		all[game] = set
	}
	return all, nil
}

// anchorOf is the anchor of item on game's page: a section's number, an
// ASL decision's number (the 8.14 of rules/asl.md [M8.14]), another
// game's M and its number, a lettered decision itself.
func anchorOf(game, item string) string {
	switch {
	case strings.HasPrefix(item, "§"):
		return strings.TrimPrefix(item, "§")
	case strings.HasPrefix(item, "[M") && game == "asl":
		return item[2 : len(item)-1]
	case strings.HasPrefix(item, "["):
		return item[1 : len(item)-1]
	}
	return item
}

// citeLinks makes the citations in the text t of page name into links,
// t's source being src; anchors are the rules pages'.
func citeLinks(t *ast.Text, src []byte, name string, anchors map[string]map[string]bool) {
	seg := t.Segment
	value := string(seg.Value(src))
	own := ""
	if dir, file := path.Split(name); dir == "rules/" {
		own = strings.TrimSuffix(file, ".md")
	}
	var cites []cite
	for _, m := range namedCite.FindAllStringSubmatchIndex(value, -1) {
		game := value[m[2]:m[3]]
		href := game + ".html"
		if m[4] >= 0 {
			a := anchorOf(game, value[m[4]:m[5]])
			if !anchors[game][a] {
				continue
			}
			href += "#" + a
		}
		if own == "" {
			href = "rules/" + href
		}
		cites = append(cites, cite{m[0], m[1], href})
	}
	if own != "" {
		for _, m := range bareCite.FindAllStringIndex(value, -1) {
			item, end := value[m[0]:m[1]], m[1]
			if overlaps(m[0], end, cites) || rulebookTail.MatchString(value[end:]) {
				continue
			}
			if c := item[0]; c >= 'A' && c <= 'Z' && (ownLetter[own] == "" || string(c) != ownLetter[own]) {
				continue
			}
			if a := anchorOf(own, item); anchors[own][a] {
				cites = append(cites, cite{m[0], end, "#" + a})
			}
		}
	}
	if len(cites) == 0 {
		return
	}
	slices.SortFunc(cites, func(a, b cite) int { return a.at - b.at })
	parent := t.Parent()
	at := 0
	for _, c := range cites {
		if c.at > at {
			parent.InsertBefore(parent, t, ast.NewTextSegment(text.NewSegment(seg.Start+at, seg.Start+c.at)))
		}
		link := ast.NewLink()
		link.Destination = []byte(c.href)
		link.AppendChild(link, ast.NewTextSegment(text.NewSegment(seg.Start+c.at, seg.Start+c.end)))
		parent.InsertBefore(parent, t, link)
		at = c.end
	}
	// What is left keeps the text's line break.
	t.Segment = text.NewSegment(seg.Start+at, seg.Stop)
}

// cite is a citation found in a text: where it is, and its link.
type cite struct {
	at, end int
	href    string
}

// overlaps reports whether [at, end) overlaps a citation of cites.
func overlaps(at, end int, cites []cite) bool {
	for _, c := range cites {
		if at < c.end && c.at < end {
			return true
		}
	}
	return false
}
