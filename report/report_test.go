package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sapperhq/sapper/internal/golden"

	"github.com/sapperhq/sapper/sim"
)

type inputs struct {
	Mode   string   `json:"mode"`
	Target []string `json:"targets"`
}

func TestGolden(t *testing.T) {
	in := inputs{Mode: "placed", Target: []string{"4-6-7", "leader:8-1"}}
	runs := Report{Command: "compare", Title: "Placed vs Set", Inputs: in, Runs: []Run{
		{Label: "placed", Result: mcResult()},
		{Label: "exact", Result: exactResult(t)},
	}}
	cases := []struct {
		name   string
		format Format
		report Report
		opt    Options
	}{
		{"table_mc", Table, Report{Command: "dc", Title: "Placed DC vs 4-6-7", Result: mcResult()}, Options{}},
		{"table_mc_hidezero", Table, Report{Command: "dc", Result: mcResult()}, Options{HideZero: true}},
		{"table_exact", Table, Report{Command: "dc", Result: exactResult(t)}, Options{}},
		{"table_fractions", Table, Report{Command: "dc", Result: fractionsResult(t)}, Options{}},
		{"table_fractions_atleast", Table, Report{Command: "dc", Result: fractionsResult(t)}, Options{View: AtLeast}},
		{"table_incomplete", Table, Report{Command: "dc", Result: incompleteResult()}, Options{}},
		{"table_runs", Table, runs, Options{}},
		{"json_mc", JSON, Report{Command: "dc", Inputs: in, Result: mcResult()}, Options{}},
		{"json_exact", JSON, Report{Command: "dc", Inputs: in, Result: exactResult(t)}, Options{}},
		{"json_fractions", JSON, Report{Command: "dc", Inputs: in, Result: fractionsResult(t)}, Options{}},
		{"json_incomplete", JSON, Report{Command: "dc", Inputs: in, Result: incompleteResult()}, Options{}},
		{"json_runs", JSON, runs, Options{}},
		{"csv_mc", CSV, Report{Command: "dc", Result: mcResult()}, Options{}},
		{"csv_exact", CSV, Report{Command: "dc", Result: exactResult(t)}, Options{}},
		{"csv_runs", CSV, runs, Options{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, c.format, c.report, c.opt); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, c.name, b.Bytes())
		})
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"table", "json", "csv"} {
		if f, err := ParseFormat(s); err != nil || string(f) != s {
			t.Errorf("ParseFormat(%q) = %q, %v", s, f, err)
		}
	}
	for _, s := range []string{"JSON", "Csv", " json"} {
		if f, err := ParseFormat(s); err == nil {
			t.Errorf("ParseFormat(%q) = %q; want the word spelt exactly", s, f)
		}
	}
	_, err := ParseFormat("xml")
	if err == nil || !strings.Contains(err.Error(), `"xml"`) || !strings.Contains(err.Error(), "table, json or csv") {
		t.Errorf("ParseFormat(xml) error = %v", err)
	}
}

// TestJSONDeterministic checks that only elapsed_seconds depends on
// anything but the Result.
func TestJSONDeterministic(t *testing.T) {
	write := func(d time.Duration) []byte {
		r := mcResult()
		r.Elapsed = d
		var b bytes.Buffer
		if err := WriteJSON(&b, Report{Command: "dc", Inputs: map[string]int{"b": 2, "a": 1}, Result: r}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := write(time.Second), write(2*time.Second)
	if bytes.Equal(a, b) {
		t.Fatal("elapsed_seconds did not change")
	}
	strip := func(p []byte) string {
		i := bytes.Index(p, []byte(`"elapsed_seconds"`))
		return string(p[:i])
	}
	if strip(a) != strip(b) {
		t.Error("JSON differs beyond elapsed_seconds")
	}
	if !bytes.HasSuffix(a, []byte("}\n")) {
		t.Error("JSON does not end in a newline")
	}
}

// TestJSONContract decodes the output generically and checks the rules
// of docs/output.md that golden files would only show.
func TestJSONContract(t *testing.T) {
	for _, res := range []*sim.Result{mcResult(), exactResult(t)} {
		var b bytes.Buffer
		if err := WriteJSON(&b, Report{Command: "dc", Inputs: struct{}{}, Result: res}); err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		exact := res.Method == sim.Exact
		for _, k := range []string{"trials", "seed", "chunk", "rng"} {
			if _, ok := doc[k]; ok == exact {
				t.Errorf("%s: key %q present = %v", res.Method, k, ok)
			}
		}
		if _, ok := doc["paths"]; ok != exact {
			t.Errorf("%s: key paths present = %v", res.Method, ok)
		}
		for _, m := range doc["metrics"].([]any) {
			m := m.(map[string]any)
			sum := 0.0
			for _, o := range m["outcomes"].([]any) {
				o := o.(map[string]any)
				p := o["p"].(float64)
				sum += p
				if _, ok := o["count"]; ok == exact {
					t.Errorf("%s %s: count present = %v", res.Method, m["name"], ok)
				}
				if exact && (o["lo"] != p || o["hi"] != p) {
					t.Errorf("exact %s=%s: lo, hi = %v, %v; want p = %v", m["name"], o["value"], o["lo"], o["hi"], p)
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("%s %s: p sum to %v", res.Method, m["name"], sum)
			}
			_, hasMean := m["mean"]
			_, hasLo := m["mean_lo"]
			numeric := m["name"] == "out" || m["name"] == "sixes"
			if hasMean != numeric || hasLo != (numeric && !exact) {
				t.Errorf("%s %s: mean %v, mean_lo %v", res.Method, m["name"], hasMean, hasLo)
			}
		}
	}
}

func TestExactFigures(t *testing.T) {
	res := exactResult(t)
	for _, c := range []struct {
		metric, label string
		want          float64
	}{
		{"sum", "low", 15.0 / 36}, {"sum", "seven", 6.0 / 36}, {"sum", "high", 15.0 / 36},
		{"sixes", "2", 1.0 / 36},
	} {
		if got := res.P(c.metric, c.label); math.Abs(got-c.want) > 1e-15 {
			t.Errorf("P(%s=%s) = %v, want %v", c.metric, c.label, got, c.want)
		}
	}
}

func TestBar(t *testing.T) {
	for _, c := range []struct {
		p     float64
		width int
		want  string
	}{
		{0, 8, ""},
		{math.NaN(), 8, ""},
		{1, 4, "████"},
		{0.5, 4, "██"},
		{1.0 / 64, 8, "▏"},
		{1e-9, 8, "▏"},
		{0.3, 10, "███"},
		{0.35, 10, "███▌"},
		{2, 3, "███"},
	} {
		if got := Bar(c.p, c.width); got != c.want {
			t.Errorf("Bar(%v, %d) = %q, want %q", c.p, c.width, got, c.want)
		}
	}
}

func TestReportShape(t *testing.T) {
	bad := []Report{
		{Command: "dc"},
		{Command: "dc", Result: mcResult(), Runs: []Run{{Label: "a", Result: mcResult()}}},
		{Command: "compare", Runs: []Run{{Label: "a"}}},
	}
	for i, r := range bad {
		for _, f := range Formats() {
			if err := Write(&bytes.Buffer{}, f, r, Options{}); err == nil {
				t.Errorf("report %d, %s: no error", i, f)
			}
		}
	}
	if err := Write(&bytes.Buffer{}, Format("yaml"), Report{Result: mcResult()}, Options{}); err == nil {
		t.Error("unknown format: no error")
	}
}

func TestGroup(t *testing.T) {
	for n, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567"} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{-1: "-1", -1234567: "-1,234,567", math.MinInt64: "-9,223,372,036,854,775,808"} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestCSVWithoutFractions: the CSV of a run with fractions has the
// columns and rows of the same run without them (CSVHeader: its columns
// are fixed), each p read from its fraction.
func TestCSVWithoutFractions(t *testing.T) {
	plain, withFr := exactResult(t), fractionsResult(t)
	var a, b bytes.Buffer
	if err := WriteCSV(&a, Report{Command: "dc", Result: plain}); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&b, Report{Command: "dc", Result: withFr}); err != nil {
		t.Fatal(err)
	}
	ra, err := csv.NewReader(&a).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rb, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(ra) != len(rb) || !slices.Equal(ra[0], rb[0]) {
		t.Fatalf("CSV with fractions:\n%v\nwithout:\n%v", rb, ra)
	}
	row := 1
	for _, m := range withFr.Metrics {
		for _, o := range m.Outcomes {
			f, _ := o.Fraction.Float64()
			want := strconv.FormatFloat(f, 'g', -1, 64)
			if got := rb[row]; !slices.Equal(got[:3], ra[row][:3]) || got[4] != want {
				t.Errorf("row %v, without fractions %v; want p %s (%v)", got, ra[row], want, o.Fraction)
			}
			row++
		}
	}
}

// TestJSONFractions: every outcome of a run with fractions carries one,
// and they read back to p; a run without them carries none.
func TestJSONFractions(t *testing.T) {
	for _, fractions := range []bool{false, true} {
		var b bytes.Buffer
		if err := WriteJSON(&b, Report{Command: "dc", Result: exactRun(t, fractions)}); err != nil {
			t.Fatal(err)
		}
		var out struct {
			Metrics []struct {
				Outcomes []struct {
					P        float64 `json:"p"`
					Fraction *string `json:"fraction"`
				} `json:"outcomes"`
			} `json:"metrics"`
		}
		if err := json.Unmarshal(b.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		for _, m := range out.Metrics {
			for _, o := range m.Outcomes {
				if (o.Fraction != nil) != fractions {
					t.Fatalf("fractions %v: outcome with fraction %v", fractions, o.Fraction)
				}
				if o.Fraction == nil {
					continue
				}
				r, ok := new(big.Rat).SetString(*o.Fraction)
				if f, _ := r.Float64(); !ok || !strings.Contains(*o.Fraction, "/") || math.Abs(f-o.P) > 1e-15 {
					t.Errorf("fraction %q for p %v", *o.Fraction, o.P)
				}
			}
		}
	}
}

// TestSpan: an interval's ends take one or two more places only where
// their places print them alike and more tell them apart, and an end
// above 0 never prints as 0; a chance's below 1 never as 100.
func TestSpan(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		pct    bool // SpanPct of a chance, not Span to one place
		want   string
	}{
		{42.71, 42.93, false, "42.7–42.9"},
		{1.171, 1.219, false, "1.17–1.22"},
		{1.1873, 1.1907, false, "1.187–1.191"},
		{0, 0.000004, false, "0.0–<0.1"},
		{0.03, 0.2, false, "<0.1–0.2"}, // 4 of 6,000 trials
		{99.999996, 100, false, "100.0–100.0"},
		{0.4271, 0.4293, true, "42.7–42.9"},
		{0.99999996, 1, true, ">99.9–100.0"},
		{0.9997, 0.99998, true, "99.97 – >99.99"},
		{0, 0.0000004, true, "0.0–<0.1"},
		{0.0000004, 0.99999996, true, "<0.1 – >99.9"}, // an interrupted walk's
	} {
		a, b := Span(c.lo, c.hi, 1)
		if c.pct {
			a, b = SpanPct(c.lo, c.hi)
		}
		if got := Dash(a, b); got != c.want {
			t.Errorf("Span(%v, %v), of a chance %v: %s, want %s", c.lo, c.hi, c.pct, got, c.want)
		}
	}
}
