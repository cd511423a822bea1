package decimal

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func TestParseInt(t *testing.T) {
	for _, c := range []struct {
		in      string
		want    int64
		wantErr string
	}{
		{"010", 10, ""},
		{"+2", 2, ""},
		{"-2", -2, ""},
		{"\u22122", -2, ""},
		{"0", 0, ""},
		{"0x10", 0, "not a whole decimal number"},
		{"0o7", 0, "not a whole decimal number"},
		{"0b1", 0, "not a whole decimal number"},
		{"1_000", 0, "not a whole decimal number"},
		{" 1", 0, "not a whole decimal number"},
		{"1.0", 0, "not a whole decimal number"},
		{"", 0, "not a whole decimal number"},
		{"-", 0, "not a whole decimal number"},
		{"11", 0, "at most 10"},
		{"-9", 0, "at least -8"},
		{"99999999999999999999999", 0, "at most 10"},
		{"-99999999999999999999999", 0, "at least -8"},
	} {
		got, err := ParseInt(c.in, -8, 10)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("ParseInt(%q) = error %v", c.in, err)
		case c.wantErr != "" && (err == nil || err.Error() != c.wantErr):
			t.Errorf("ParseInt(%q) = %d, %v; want error %q", c.in, got, err, c.wantErr)
		case c.wantErr == "" && got != c.want:
			t.Errorf("ParseInt(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestParseUint(t *testing.T) {
	for _, c := range []struct {
		in      string
		want    uint64
		wantErr string
	}{
		{"010", 10, ""},
		{"18446744073709551615", math.MaxUint64, ""},
		{"18446744073709551616", 0, "at most 18446744073709551615"},
		{"-1", 0, "at least 0"},
		{"-0", 0, ""},
		{"0x10", 0, "not a whole decimal number"},
	} {
		got, err := ParseUint(c.in, 0, math.MaxUint64)
		switch {
		case c.wantErr == "" && (err != nil || got != c.want):
			t.Errorf("ParseUint(%q) = %d, %v; want %d", c.in, got, err, c.want)
		case c.wantErr != "" && (err == nil || err.Error() != c.wantErr):
			t.Errorf("ParseUint(%q) = %d, %v; want error %q", c.in, got, err, c.wantErr)
		}
	}
	if _, err := ParseUint("0", 1, 10); err == nil || err.Error() != "at least 1" {
		t.Errorf("ParseUint(0) in [1, 10] = %v", err)
	}
}

func TestParseFloat(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.95", 0.95, true},
		{".5", 0.5, true},
		{"5.", 5, true},
		{"1e-3", 1e-3, true},
		{"1E+2", 100, true},
		{"\u22120.5", -0.5, true},
		{"0x1p-2", 0, false},
		{"inf", 0, false},
		{"NaN", 0, false},
		{"1e999", 0, false},
		{".", 0, false},
		{"1e", 0, false},
		{"1_0", 0, false},
		{"", 0, false},
		{"1.99999999999999", 1.99999999999999, true},
		{"1.9999999999999999", 0, false},
		{"0.99999999999999999999", 0, false},
		{"0.3333333333333333", 0, false},
		{"1.000000000000000000", 1, true},
		{"0.000000000000000000000001", 1e-24, true},
		{"123456789012345", 123456789012345, true},
		{"1234567890123456", 0, false},
		{"1e308", 1e308, true},
		{"1.1e308", 0, false},
		{"1e-307", 1e-307, true},
		{"1e-308", 0, false},
		{"1e-400", 0, false},
		{"0e-400", 0, true},
		{"-0", 0, true},
		{"Infinity", 0, false},
		{"+Inf", 0, false},
		{"0x10", 0, false},
		{" 1", 0, false},
		{"1 ", 0, false},
		{"1e−3", 0, false},
	} {
		got, err := ParseFloat(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseFloat(%q) = %v, %v; want %v (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestParseFloatErrors(t *testing.T) {
	for in, want := range map[string]string{
		"1.9999999999999999": "17 significant digits; at most 15",
		"1e-400":             "too close to 0; at least 1e-307 in size, or 0",
		"1e999":              "too large; at most 1e308 in size",
		"0x1p3":              "not a decimal number",
	} {
		if _, err := ParseFloat(in); err == nil || err.Error() != want {
			t.Errorf("ParseFloat(%q) = %v, want %q", in, err, want)
		}
	}
}

// FuzzParseFloat checks that every number ParseFloat accepts is written
// back by FormatFloat as one it reads again as the same number, that it
// accepts only the documented syntax, and that ParseRat reads the same
// numbers, exactly: its value rounds to ParseFloat's.
func FuzzParseFloat(f *testing.F) {
	for _, s := range []string{"0.95", ".5", "1e-3", "\u22122", "1.9999999999999999", "1e-400", "0x1p3", "1_0", "Inf", "1e308", "010"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseFloat(s)
		r, rerr := ParseRat(s)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("ParseFloat(%q): %v; ParseRat: %v", s, err, rerr)
		}
		if err != nil {
			return
		}
		if f, _ := r.Float64(); f != x {
			t.Fatalf("ParseRat(%q) = %s, %v as a float; ParseFloat %v", s, r, f, x)
		}
		// The fraction is the number written, digit for digit.
		if w, ok := new(big.Rat).SetString(Normalize(s)); ok && w.Cmp(r) != 0 {
			t.Fatalf("ParseRat(%q) = %s, want %s", s, r, w)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("ParseFloat(%q) = %v", s, x)
		}
		for _, r := range Normalize(s) {
			if !strings.ContainsRune("0123456789+-.eE", r) {
				t.Fatalf("ParseFloat(%q) accepted %q", s, r)
			}
		}
		back := strconv.FormatFloat(x, 'g', -1, 64)
		y, err := ParseFloat(back)
		if err != nil || y != x {
			t.Fatalf("ParseFloat(%q) = %v, written %q, read back %v, %v", s, x, back, y, err)
		}
		// The number is the one written: 15 digits of it are s's own.
		if z, _ := strconv.ParseFloat(Normalize(s), 64); strconv.FormatFloat(z, 'g', MaxDigits, 64) != strconv.FormatFloat(x, 'g', MaxDigits, 64) {
			t.Fatalf("ParseFloat(%q) = %v, not the number written", s, x)
		}
	})
}

// FuzzParseInt checks that a whole number accepted is written back the
// same and read again as itself.
func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"010", "+2", "\u22122", "0x10", "1_000", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseInt(s, math.MinInt64, math.MaxInt64)
		if err != nil {
			return
		}
		if m, err := ParseInt(strconv.FormatInt(n, 10), math.MinInt64, math.MaxInt64); err != nil || m != n {
			t.Fatalf("ParseInt(%q) = %d, read back %d, %v", s, n, m, err)
		}
	})
}

// TestOutOfRange: a number written right but outside its range, or past
// 64 bits, is told from one that does not read.
func TestOutOfRange(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{{"9", true}, {"-1", true}, {"99999999999999999999", true}, {"-99999999999999999999", true}, {"x", false}, {"1.5", false}, {"", false}} {
		_, err := ParseInt(c.s, 0, 8)
		if got := OutOfRange(err); got != c.want {
			t.Errorf("ParseInt(%q): OutOfRange = %v, want %v (%v)", c.s, got, c.want, err)
		}
	}
	if _, err := ParseUint("99999999999999999999", 0, 5); !OutOfRange(err) {
		t.Errorf("ParseUint past 64 bits: %v is not out of range", err)
	}
	if OutOfRange(nil) {
		t.Error("OutOfRange(nil)")
	}
}

// TestDashForMinus: a dash where a minus was meant is refused, saying so;
// the minus sign is read.
func TestDashForMinus(t *testing.T) {
	for _, s := range []string{"\u20131", "\u20141", "\u20101"} {
		_, err := ParseInt(s, -8, 8)
		if err == nil || !strings.HasSuffix(err.Error(), "; a minus is written - or \u2212, not "+s[:len(s)-1]) {
			t.Errorf("ParseInt(%q): %v", s, err)
		}
		if _, err := ParseFloat(s); err == nil || !strings.Contains(err.Error(), "a minus is written") {
			t.Errorf("ParseFloat(%q): %v", s, err)
		}
	}
	if n, err := ParseInt("\u22121", -8, 8); n != -1 || err != nil {
		t.Errorf("the minus sign: %d, %v", n, err)
	}
	if _, err := ParseInt("\u2013", -8, 8); err == nil || strings.Contains(err.Error(), "minus") {
		t.Errorf("a dash alone: %v", err)
	}
}

// TestParseRat: a number is read exactly as written, however many zeros
// pad it, and what ParseFloat refuses ParseRat refuses too.
func TestParseRat(t *testing.T) {
	for s, want := range map[string]string{
		"0.1": "1/10", "0.04314495871": "4314495871/100000000000", "5e-1": "1/2", "−0.25": "-1/4", "0": "0",
		"0e99999999999999999999":               "0",
		"0.5" + strings.Repeat("0", 1_000_000): "1/2", "1e-307": "1/1" + strings.Repeat("0", 307),
	} {
		r, err := ParseRat(s)
		if err != nil || r.RatString() != want {
			t.Errorf("ParseRat(%.20q…) = %v, %v; want %s", s, r, err, want)
		}
	}
	for _, s := range []string{"0.99999999999999999", "1e-400", "1/2", "0x10", ""} {
		if r, err := ParseRat(s); err == nil {
			t.Errorf("ParseRat(%q) = %s, want an error", s, r)
		}
	}
}
