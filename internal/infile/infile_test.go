//go:build !js

package infile

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("command: dc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := Read(context.Background(), small, 12)
	if err != nil || string(data) != "command: dc\n" {
		t.Errorf("a file at the limit: %q, %v", data, err)
	}
	var tl *TooLargeError
	if _, err := Read(context.Background(), small, 11); !errors.As(err, &tl) || tl.Limit != 11 {
		t.Errorf("a file over the limit: %v", err)
	}
	if _, err := Read(context.Background(), filepath.Join(dir, "none"), 10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := Read(context.Background(), dir, 10); err == nil {
		t.Error("a directory reads")
	}
}

// TestEndlessFile: a device that never ends stops at the limit.
func TestEndlessFile(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	var tl *TooLargeError
	for _, dev := range []string{"/dev/zero", "/dev/urandom"} {
		if _, err := Read(context.Background(), dev, MaxSize); !errors.As(err, &tl) {
			t.Errorf("%s: %v", dev, err)
		}
	}
}

// TestFIFOCancelled: a FIFO with no writer blocks open(2), and one with a
// silent writer blocks read(2); both give way to the context.
func TestFIFOCancelled(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := Read(ctx, fifo, MaxSize); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("blocked in open: %v", err)
	}
	// Release the abandoned open: a writer lets it return, and it closes
	// its file.
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()

	// A writer that holds the FIFO open and writes nothing blocks read.
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			time.Sleep(400 * time.Millisecond)
			w.Close()
		}
	}()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	start := time.Now()
	if _, err := Read(ctx2, fifo, MaxSize); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("blocked in read: %v", err)
	}
	if time.Since(start) > 350*time.Millisecond {
		t.Error("the read waited for the writer, not for the context")
	}

	// And a FIFO that is written to reads like a file.
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			w.Write([]byte("command: dc\n"))
			w.Close()
		}
	}()
	data, err := Read(context.Background(), fifo, MaxSize)
	if err != nil || !bytes.Equal(data, []byte("command: dc\n")) {
		t.Errorf("a written FIFO: %q, %v", data, err)
	}
}
