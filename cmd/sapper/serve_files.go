package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"path"
	"strings"
	"sync"
	"sync/atomic"
)

// Files uploaded to sapper serve reach the commands' own readers
// (loadScenario, loadTables) through readCapped, under names that no file
// on disk has: "upload:<random>/<name>". Each request gets its own random
// directory, so that a crossing's "tables: russian.yaml" finds a tables
// file uploaded with it and never one of another request's. Nothing is
// written to disk.
const uploadPrefix = "upload:"

// maxUpload caps one uploaded file: the largest shipped input, the
// illustrative tables, is 4 KiB. A file travels in its permalink, so this
// also bounds a URL.
const maxUpload = 32 << 10

// errNoDisk answers a server's attempt to read a file it was not given.
var errNoDisk = errors.New("this server reads no files; upload it with the form")

// uploads is the in-memory file system of the uploaded files.
type uploads struct {
	mu    sync.RWMutex
	files map[string][]byte
	// noDisk is set in a server process: an input file must then be an
	// upload, whatever path a form or an uploaded file names.
	noDisk atomic.Bool
}

var inputFiles = &uploads{files: map[string][]byte{}}

// read returns an uploaded file's data, with ok set when name is an
// upload's or the disk is closed to inputs.
func (u *uploads) read(name string) (data []byte, ok bool, err error) {
	if strings.HasPrefix(name, uploadPrefix) {
		u.mu.RLock()
		data, found := u.files[name]
		u.mu.RUnlock()
		if !found {
			return nil, true, fs.ErrNotExist
		}
		return data, true, nil
	}
	if u.noDisk.Load() {
		return nil, true, errNoDisk
	}
	return nil, false, nil
}

// uploadDir is one request's uploads.
type uploadDir struct {
	u    *uploads
	dir  string
	keys []string
}

// newUploadDir opens a directory with an unguessable name.
func (u *uploads) newUploadDir() *uploadDir {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on a supported system
	}
	return &uploadDir{u: u, dir: uploadPrefix + hex.EncodeToString(b[:]) + "/"}
}

// add stores data under name's base name and returns the name the
// commands read it by.
func (d *uploadDir) add(name string, data []byte) string {
	key := d.dir + path.Base("/"+name)
	d.u.mu.Lock()
	d.u.files[key] = data
	d.u.mu.Unlock()
	d.keys = append(d.keys, key)
	return key
}

// close forgets the directory's files.
func (d *uploadDir) close() {
	d.u.mu.Lock()
	for _, k := range d.keys {
		delete(d.u.files, k)
	}
	d.u.mu.Unlock()
}

// unplace removes the directory from a message, which then names each
// file as its user named it.
func (d *uploadDir) unplace(msg string) string {
	return strings.ReplaceAll(msg, d.dir, "")
}
