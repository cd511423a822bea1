package cli

import (
	"os"
	"testing"
	"time"
)

// TestMain keeps the note of a slow exact run (slowNote) out of the
// tests' stderr, which many hold to be empty: under -race, or on a busy
// host, an enumeration of a second takes more than ten. The test of the
// note sets its own delay.
func TestMain(m *testing.M) {
	slowNote = 24 * time.Hour
	os.Exit(m.Run())
}
