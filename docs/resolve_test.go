package docs

import (
	"slices"
	"strings"
	"testing"
)

// pages are small rules pages for the resolver's tests.
var pages = map[string]map[string]bool{
	"asl":  {"5": true, "7.4": true, "8.50": true, "8.53": true, "8.59": true, "9": true, "R16": true, "R16b": true, "R13": true},
	"toi":  {"1": true, "5": true, "M1": true, "M6": true, "D1": true, "D3": true, "D9": true},
	"sasl": {"6": true, "7": true, "S21": true, "S29": true},
	"lhy":  {"2.1": true, "5": true, "M1": true, "L8": true},
}

// TestScanner: which text is a citation, of which page, needing which
// anchors.
func TestScanner(t *testing.T) {
	for _, c := range []struct {
		file, text string
		want       []string // game#anchor+anchor, in order
	}{
		{"README.md", "see rules/asl.md §8.50 and rules/sasl.md S21", []string{"asl#8.50", "sasl#S21"}},
		{"model/asl/morale.go", "// a Berserk TC chain (§8.50, [M8.14], M8.26)", []string{"asl#8.50", "asl#8.14", "asl#8.26"}},
		{"model/asl/doc.go", "// rules/asl.md §8.53–8.59 and §3–§7", []string{"asl#8.53+8.59", "asl#3+7"}},
		{"model/asl/ift.go", "// A23.4, B24.11, C7.346: rulebook numbers; a 8-1 leader; S1 D5 L8", nil},
		{"model/asl/fire.go", "// DESIGN §5 and DESIGN.md §4 are the design's", nil},
		{"model/asl/figures_test.go", `check(t, "R16", p)`, nil},
		{"model/asl/figures_test.go", "// rules/asl.md §9 R13–R16b", []string{"asl#9", "asl#R13+R16b"}},
		{"internal/cli/scenarios/tiger-side.yaml", "  (rules/asl.md §5, R16: the", []string{"asl#5", "asl#R16"}},
		{"model/toi/attack.go", "// ([M6], D7) and D1–D9, D5.31 is not ours", []string{"toi#M6", "toi#D7", "toi#D1+D9"}},
		{"internal/cli/building.go", `"(§4, [M2])"`, []string{"toi#4", "toi#M2"}},
		{"model/sasl/shot.go", "// S5.31 is Chapter S; S13 is ours, as is S9–S11; asl.md §7.4", []string{"sasl#S13", "sasl#S9+S11", "asl#7.4"}},
		{"model/lhy/trial.go", "// rules/lhy.md [M1], L2 and §2.1; LHY §13", []string{"lhy#M1", "lhy#L2", "lhy#2.1"}},
		{"docs/manual.md", "[the rule](rules/asl.md#8.50) and [this](rules/lhy.md#L8)", []string{"asl#8.50", "lhy#L8"}},
		{"report/doc.go", "// §5 of nothing in particular", nil},
		{"sasl-in-asl.go", "asl.md 8.50 berserk TC chain", []string{"asl#8.50"}},
	} {
		var got []string
		for _, ci := range scanText(c.file, c.text) {
			got = append(got, ci.game+"#"+strings.Join(ci.anchors, "+"))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q: got %q, want %q", c.file, c.text, got, c.want)
		}
	}
}

// TestScannerNearest: a file of several games reads a bare citation by
// the page it last named, or the game package it last used.
func TestScannerNearest(t *testing.T) {
	text := "rules/toi.md is the building's\nits §4 and [M1]\nfunc f(a lhy.FireAttack) {\n\tstep(\"§2.1, L1, [M1]\")\n"
	var got []string
	for _, c := range scanText("internal/cli/explain_games.go", text) {
		got = append(got, c.game+"#"+strings.Join(c.anchors, "+"))
	}
	want := []string{"toi#4", "toi#M1", "lhy#2.1", "lhy#L1", "lhy#M1"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestUnresolved: a citation with no anchor is reported, and only that
// one; so TestCitations can fail.
func TestUnresolved(t *testing.T) {
	for _, c := range []struct {
		file, text string
		missing    []string // per citation, its missing anchors joined by +
	}{
		{"model/asl/x.go", "// §8.50", []string{""}},
		{"model/asl/x.go", "// §8.65", []string{"8.65"}},
		{"model/asl/x.go", "// [M8.99] and §8.53–8.60", []string{"8.99", "8.60"}},
		{"model/toi/x.go", "// D10 is no decision; [M7] neither; D3 is", []string{"D10", "M7", ""}},
		{"model/sasl/x.go", "// S30", []string{"S30"}},
		{"model/lhy/x.go", "// L9, §2.1", []string{"L9", ""}},
		{"README.md", "rules/sasl.md#S21 and rules/sasl.md#S99", []string{"", "S99"}},
	} {
		cites := scanText(c.file, c.text)
		if len(cites) != len(c.missing) {
			t.Fatalf("%q: %d citations, want %d", c.text, len(cites), len(c.missing))
		}
		for i, ci := range cites {
			if got := strings.Join(unresolved(ci, pages), "+"); got != c.missing[i] {
				t.Errorf("%q: %s: missing %q, want %q", c.text, ci, got, c.missing[i])
			}
		}
	}
}
