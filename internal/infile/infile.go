// Package infile reads the files a user names as input (scenario files
// now; crossing files, tables and any other later): every one of them
// through Read, so that each is bounded in size and gives way to Ctrl-C.
//
// A user may name anything as a file: /dev/zero never ends, /dev/urandom
// grows without bound, and a FIFO blocks until a writer comes, even in
// open(2). Read caps what it takes at a limit and stops waiting when its
// context is done.
package infile

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
)

// MaxSize is the limit of every input file sapper reads: 1 MiB, a
// thousand times a large scenario, and small enough to hold at once.
const MaxSize = 1 << 20

// TooLargeError is a file longer than the limit it was read with.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("larger than %d bytes, the limit of an input file", e.Limit)
}

// Read returns the contents of the file at path, or a *TooLargeError when
// it holds more than limit bytes, or ctx's error once ctx is done, even
// while open or read is blocked (on a FIFO with no writer, say).
func Read(ctx context.Context, path string, limit int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	var (
		mu        sync.Mutex
		file      *os.File
		abandoned bool
	)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			done <- result{err: err}
			return
		}
		mu.Lock()
		if abandoned {
			mu.Unlock()
			f.Close()
			return
		}
		file = f
		mu.Unlock()
		data, err := io.ReadAll(io.LimitReader(f, limit+1))
		f.Close()
		if err == nil && int64(len(data)) > limit {
			data, err = nil, &TooLargeError{Limit: limit}
		}
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		mu.Lock()
		abandoned = true
		if file != nil {
			// Closing a pipe's descriptor wakes a blocked Read; an open
			// still blocked is let go, to close its file when it returns.
			file.Close()
		}
		mu.Unlock()
		return nil, ctx.Err()
	}
}
