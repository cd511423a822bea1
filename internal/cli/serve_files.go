package cli

import (
	"errors"
	"sync"
	"sync/atomic"
)

// A server process reads no input file from disk: the files a form
// uploads reach the commands' own readers (loadScenario, loadTables)
// through readCapped, from memory, under the names their user gave them,
// so that a crossing's "tables: russian.yaml" finds the tables file
// uploaded beside it and every message names the files as on the command
// line. Nothing is written to disk.

// maxUpload caps one uploaded file: the largest shipped input, the
// illustrative tables, is 4 KiB. A file travels in its permalink, so this
// also bounds a URL.
const maxUpload = 32 << 10

// errNoDisk answers a server's attempt to read a file it was not given.
var errNoDisk = errors.New("this server reads no files; upload it with the form")

// uploads is the in-memory file system of one request's uploaded files.
type uploads struct {
	// noDisk is set in a server process.
	noDisk atomic.Bool
	// turn lets one request's files be read at a time: two requests may
	// upload different files of the same name. Reading them is a prepare
	// step, milliseconds.
	turn  sync.Mutex
	mu    sync.RWMutex
	files map[string][]byte
}

var inputFiles = &uploads{}

// read returns a file's data, with ok set when the disk is closed to
// inputs: then only an uploaded file can be read.
func (u *uploads) read(name string) (data []byte, ok bool, err error) {
	if !u.noDisk.Load() {
		return nil, false, nil
	}
	u.mu.RLock()
	data, found := u.files[name]
	u.mu.RUnlock()
	if !found {
		return nil, true, errNoDisk
	}
	return data, true, nil
}

// with runs fn while files, and no other request's, can be read.
func (u *uploads) with(files map[string][]byte, fn func()) {
	u.turn.Lock()
	defer u.turn.Unlock()
	u.mu.Lock()
	u.files = files
	u.mu.Unlock()
	defer func() {
		u.mu.Lock()
		u.files = nil
		u.mu.Unlock()
	}()
	fn()
}
