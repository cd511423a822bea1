//go:build unix

package cli

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// terminalWidth is the columns of the terminal w writes to, 0 when w is
// no terminal or does not say.
func terminalWidth(w io.Writer) int {
	f, ok := unlocked(w).(*os.File)
	if !ok {
		return 0
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
