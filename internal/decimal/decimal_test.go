package decimal

import (
	"math"
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
	} {
		got, err := ParseFloat(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseFloat(%q) = %v, %v; want %v (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
}
