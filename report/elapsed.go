package report

import (
	"fmt"
	"math"
	"time"
)

// Elapsed is d as a run's line says it: to the millisecond, but to ten
// microseconds below ten milliseconds, so that a fast exact run does not
// read as taking no time ("0s").
func Elapsed(d time.Duration) string {
	if d < 10*time.Millisecond {
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

// Seconds is s seconds as the side-by-side tables say them: two decimals,
// or below a hundredth its first digit ("0.0003s"), not "0.00s".
func Seconds(s float64) string {
	if s >= 0.005 || s <= 0 {
		return fmt.Sprintf("%.2fs", s)
	}
	return fmt.Sprintf("%.*fs", int(math.Ceil(-math.Log10(s))), s)
}
