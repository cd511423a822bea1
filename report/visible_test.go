//go:build !js

package report

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestChartTextVisible: a title or a name holding control characters, a
// direction mark or a byte that is not UTF-8 reaches the SVG as escapes
// a reader sees, and the SVG stays XML; the newline that breaks a
// heading's lines still breaks them.
func TestChartTextVisible(t *testing.T) {
	res := ordered()
	c := Chart{
		Heading: []string{"a\x1bb\u202ec\xff\uffff\nsecond line"},
		Panels:  []Panel{{Kind: Bars, Title: "tab\there", Series: []Series{MetricSeries(res, res.Metrics[0], false)}}},
	}
	c.Panels[0].Series[0].Labels[0] = "bell\a"
	var b bytes.Buffer
	if err := WriteChart(&b, SVG, c); err != nil {
		t.Fatal(err)
	}
	var texts []string
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(cd)) != "" {
			texts = append(texts, string(cd))
		}
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{`a\x1bb\u202ec\xff\uffff`, "second line", `tab\there`, `bell\a`} {
		if !slices.Contains(texts, want) && !strings.Contains(all, want) {
			t.Errorf("no text %q in the SVG's %q", want, texts)
		}
	}
	if visible("plain “quoted” − text") != "plain “quoted” − text" {
		t.Error("visible changed text a chart shows")
	}
}
