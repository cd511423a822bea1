package report

import (
	"testing"
	"time"
)

// TestElapsedNeverZero: a run that took time never says it took none.
func TestElapsedNeverZero(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{312345 * time.Nanosecond, "310µs"},
		{9412345 * time.Nanosecond, "9.41ms"},
		{21456789 * time.Nanosecond, "21ms"},
		{1234567890 * time.Nanosecond, "1.235s"},
	} {
		if got := Elapsed(c.d); got != c.want {
			t.Errorf("Elapsed(%v) = %q, want %q", c.d, got, c.want)
		}
	}
	for _, c := range []struct {
		s    float64
		want string
	}{{0.0003, "0.0003s"}, {0.00007, "0.00007s"}, {0.004, "0.004s"}, {0.005, "0.01s"}, {0.05, "0.05s"}, {1.234, "1.23s"}} {
		if got := Seconds(c.s); got != c.want {
			t.Errorf("Seconds(%v) = %q, want %q", c.s, got, c.want)
		}
	}
}
