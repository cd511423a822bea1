package report

import "testing"

func TestPercent(t *testing.T) {
	cases := []struct {
		c    float64
		want string
	}{
		{0.95, "95"},
		{0.5, "50"},
		{0.999, "99.9"},
		{0.9995, "99.95"},
		{0.999999, "99.9999"},
		{0.123456789, "12.3456789"},
		{0.05, "5"},
		{0.0001, "0.01"},
		{1, "100"},
	}
	for _, tc := range cases {
		if got := Percent(tc.c); got != tc.want {
			t.Errorf("Percent(%v) = %q, want %q", tc.c, got, tc.want)
		}
	}
}
