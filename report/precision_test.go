package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestPrecisionMissed: a complete run that stopped at its cap short of its
// precision says so in the table's header and in JSON (precision_missed,
// which the page shows); a run that reached
// it, asked none or was interrupted says nothing of it in the header, and
// JSON records the precision only when one was asked.
func TestPrecisionMissed(t *testing.T) {
	const missed = "precision 0.01 not reached: the widest interval half-width is 0.031 after 1,000 trials, the cap"
	cases := []struct {
		name      string
		precision float64
		reached   bool
		complete  bool
		header    string // "": no precision line
		json      string // "": no precision field
	}{
		{"missed", 0.01, false, true, missed, `"precision": 0.01,` + "\n  " + `"precision_reached": false,` + "\n  " + `"precision_missed": "` + missed + `",`},
		{"reached", 0.05, true, true, "", `"precision": 0.05,` + "\n  " + `"precision_reached": true,`},
		{"none asked", 0, false, true, "", ""},
		{"interrupted", 0.01, false, false, "", `"precision": 0.01,` + "\n  " + `"precision_reached": false,`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := mcResult()
			res.Precision, res.PrecisionReached, res.Complete = tc.precision, tc.reached, tc.complete
			if got := PrecisionMissed(res); got != tc.header {
				t.Errorf("PrecisionMissed = %q, want %q", got, tc.header)
			}
			h := strings.Join(resultHeader(res), "\n")
			if strings.Contains(h, "precision") != (tc.header != "") || !strings.Contains(h, tc.header) {
				t.Errorf("header %q; want the line %q", h, tc.header)
			}
			var b bytes.Buffer
			if err := WriteJSON(&b, Report{Command: "dc", Result: res}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), "precision") != (tc.json != "") || !strings.Contains(b.String(), tc.json) {
				t.Errorf("JSON\n%s\nwant %q", b.String(), tc.json)
			}
		})
	}
}
