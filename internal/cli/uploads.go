package cli

import (
	"context"
	"errors"

	"github.com/sapperhq/sapper/internal/infile"
)

// A server process reads no input file from disk: the files a form
// uploads reach the commands' own readers (loadScenario, loadTables)
// through readCapped, from memory, under the names their user gave them,
// so that a crossing's "tables: russian.yaml" finds the tables file
// uploaded beside it and every message names the files as on the command
// line. Nothing is written to disk.

// errNoDisk answers a server's attempt to read a file it was not given.
var errNoDisk = errors.New("this server reads no files; upload it with the form")

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
// carries uploads at all: then only an uploaded file can be read.
func uploaded(ctx context.Context, name string) (data []byte, ok bool, err error) {
	files, ok := ctx.Value(uploadsKey{}).(map[string][]byte)
	if !ok {
		return nil, false, nil
	}
	data, found := files[name]
	if !found {
		return nil, true, errNoDisk
	}
	return data, true, nil
}

// readInput reads a crossing, tables or scenario file through infile
// (bounded, and given up when ctx is done), or, inside sapper serve, the
// file of that name the request uploaded (withUploads): a server never
// reads its own disk for a user's input.
func readInput(ctx context.Context, name string) ([]byte, error) {
	if data, ok, err := uploaded(ctx, name); ok {
		return data, err
	}
	return infile.Read(ctx, name, infile.MaxSize)
}
