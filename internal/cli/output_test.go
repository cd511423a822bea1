package cli

import (
	"bytes"
	"context"
	"syscall"
	"testing"
)

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestWriteErrors: a stdout that takes nothing fails every command that
// writes to it, help texts and listings included: exit 1 and one line on
// stderr, never exit 0.
func TestWriteErrors(t *testing.T) {
	for _, c := range []struct{ args, who string }{
		{"help", "sapper help"},
		{"help dc", "sapper help"},
		{"help help", "sapper help"},
		{"--help", "sapper help"},
		{"scenarios", "sapper scenarios"},
		{"scenarios compare-default", "sapper scenarios"},
		{"version", "sapper version"},
		{"dc --help", "sapper dc"},
		{"sweep --help", "sapper sweep"},
		{"run --help", "sapper run"},
		{"dc --target 4-6-7 --trials 1000", "sapper dc"},
		{"dc --target 4-6-7 --trials 1000 --format csv", "sapper dc"},
		{"dc --target 4-6-7 --trials 1000 --format json", "sapper dc"},
		{"dc --target 4-6-7 --method exact --explain", "sapper dc"},
		{"compare --trials 1000", "sapper compare"},
		{"afv --vehicle tiger --trials 1000", "sapper afv"},
		{"fire --fp 8 --target 4-6-7 --trials 1000", "sapper fire"},
		{"building --dice 4 --trials 1000", "sapper building"},
		{"building --needed 0.5", "sapper building"},
		{"building --needed 0.5 --format csv", "sapper building"},
		{"lhy --sadrm 2 --target squad:6 --trials 1000", "sapper lhy"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --trials 1000 --format csv", "sapper sweep"},
		{"run set-under-fire --format json", "sapper run"},
		{"activate testdata/activate/crossing.yaml", "sapper activate"},
	} {
		t.Run(c.args, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(context.Background(), fullWriter{}, &stderr, args(c.args))
			want := c.who + ": writing to stdout: no space left on device\n"
			if code != exitFailure || stderr.String() != want {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr.String(), want)
			}
		})
	}
}

// pipeWriter fails every write, as a pipe whose reader is gone does.
type pipeWriter struct{}

func (pipeWriter) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// TestClosedPipe: a reader that went away gets no line on stderr; the exit
// status is 1, or 130 when the run was interrupted too, as Ctrl-C on a
// pipeline (sapper sweep … | head) stops both ends.
func TestClosedPipe(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		ctx  context.Context
		want int
	}{
		{"reader gone", context.Background(), exitFailure},
		{"interrupted", cancelled, exitInterrupted},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(c.ctx, pipeWriter{}, &stderr, args("dc --target 4-6-7 --trials 1000"))
			if code != c.want || stderr.Len() != 0 {
				t.Errorf("exit %d, stderr %q; want exit %d and nothing", code, stderr.String(), c.want)
			}
		})
	}
}
