package cli

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"

	"github.com/sapperhq/sapper/internal/infile"
)

// A server process reads no input file from disk: the files a form
// uploads reach the commands' own readers (loadScenario, loadTables)
// through readCapped, from memory, under the names their user gave them,
// so that a crossing's "tables: russian.yaml" finds the tables file
// uploaded beside it and every message names the files as on the command
// line. Nothing is written to disk.

// errNoDisk answers an attempt to read a file a form did not upload, in
// sapper serve or in the page's WebAssembly engine.
var errNoDisk = errors.New("no file of that name was uploaded, and the page reads no other: upload it with the form")

// uploadsKey is the context key of a request's uploaded files.
type uploadsKey struct{}

// withUploads returns ctx carrying a server request's uploaded files: a
// command prepared under it reads those files, by the names their user
// gave them, and none from disk. Each request carries its own, so two
// requests may upload different files of the same name at once.
func withUploads(ctx context.Context, files map[string][]byte) context.Context {
	if files == nil {
		files = map[string][]byte{}
	}
	return context.WithValue(ctx, uploadsKey{}, files)
}

// uploaded returns a file's data from ctx's uploads, with ok set when ctx
// carries uploads at all: then only an uploaded file can be read. A name
// spelt another way, ./my.yaml for my.yaml, finds it too, as it would on
// the command line.
func uploaded(ctx context.Context, name string) (data []byte, ok bool, err error) {
	files, ok := ctx.Value(uploadsKey{}).(map[string][]byte)
	if !ok {
		return nil, false, nil
	}
	data, found := files[name]
	if !found {
		data, found = files[path.Clean(name)]
	}
	if !found {
		return nil, true, errNoDisk
	}
	return data, true, nil
}

// readInput reads a crossing, tables or scenario file through infile
// (bounded, and given up when ctx is done), or, inside sapper serve, the
// file of that name the request uploaded (withUploads): a server never
// reads its own disk for a user's input. Under withReads a command reads
// each file once, however many of its steps read it (run reads a
// scenario to learn its command, then as that command's input; a sweep
// reads its crossing and tables for each value): a pipe or a FIFO can be
// read only once, and every step reads the same bytes. The data returned
// is shared, and read only.
func readInput(ctx context.Context, name string) ([]byte, error) {
	if data, ok, err := uploaded(ctx, name); ok {
		return data, err
	}
	r, ok := ctx.Value(readsKey{}).(*reads)
	if !ok {
		return infile.Read(ctx, name, infile.MaxSize)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if data, ok := r.data[name]; ok {
		return data, nil
	}
	r.names = append(r.names, name)
	data, err := infile.Read(ctx, name, infile.MaxSize)
	if err == nil {
		if r.data == nil {
			r.data = map[string][]byte{}
		}
		// No append by one step may write into what the others read.
		data = data[:len(data):len(data)]
		r.data[name] = data
	}
	return data, err
}

// fileName is a file's name as a message gives it: as typed, but
// quoted where it could be misread, empty or with spaces at either end.
func fileName(ref string) string {
	if ref == "" || strings.TrimSpace(ref) != ref {
		return quote(ref)
	}
	return oneLine(clip(ref))
}

// readFailed is the error, if any, of readInput of the file that
// messages call name: an interruption while it waited (exit 130), a file
// that is not there (missing says what else was looked for and what to
// give), or why it could not be read, the file named once.
func readFailed(ctx context.Context, name string, err error, missing string) error {
	var tl *infile.TooLargeError
	var pe *fs.PathError
	switch {
	case errors.As(err, &tl):
		return usagef("%s: %v", name, err)
	case ctx.Err() != nil:
		return cancelled(name + ": interrupted while reading; nothing was run")
	case os.IsNotExist(err):
		return usagef("%s: %s", name, missing)
	case errors.Is(err, syscall.EISDIR):
		return usagef("%s: is a directory; want a file", name)
	case errors.As(err, &pe):
		return usagef("%s: %v", name, pe.Err)
	case err != nil:
		return usagef("%s: %v", name, err)
	}
	return nil
}

// stdinOffer is what a missing file named - is told: - is standard input
// to many programs, not to sapper, which reads a file by its name, and
// the system names standard input.
const stdinOffer = "no such file; to read standard input, give /dev/stdin"

// reads are the input files a command has read from disk, so that no
// output it writes (--plot, --cpuprofile) can overwrite one of them.
type reads struct {
	mu    sync.Mutex
	names []string
	data  map[string][]byte // each file's data, as first read
}

// readsKey is the context key of a command's reads.
type readsKey struct{}

// withReads returns ctx noting the input files read under it.
func withReads(ctx context.Context) context.Context {
	return context.WithValue(ctx, readsKey{}, &reads{})
}

// overwritesInput returns an input error when output file name, given
// with flag, is one of the input files read under ctx.
func overwritesInput(ctx context.Context, flag, name string) error {
	r, ok := ctx.Value(readsKey{}).(*reads)
	if !ok || name == "" {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, in := range r.names {
		if samePath(name, in) {
			return inputErrorf(flag, "--%s %s is the input file %s: writing it would overwrite the input; give another file", flag, quote(name), quote(in))
		}
	}
	return nil
}
