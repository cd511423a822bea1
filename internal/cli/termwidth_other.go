//go:build !unix

package cli

import "io"

// terminalWidth is 0, not known, where the terminal's size is not asked
// for: the bar is drawn at its full width.
func terminalWidth(io.Writer) int { return 0 }
