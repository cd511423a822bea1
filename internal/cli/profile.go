//go:build !js

package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
)

// startCPUProfile profiles the process into a temporary file beside file
// until stop is called, which renames it into place, as a chart is
// written: the profiler drops its writer's errors, so they are kept here,
// and a profile the disk could not hold is an error, not an empty file.
func startCPUProfile(file string) (stop func() error, err error) {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".sapper-*.pprof")
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile %s: %w", file, err)
	}
	w := &keptErrWriter{w: tmp}
	if err := pprof.StartCPUProfile(w); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("--cpuprofile %s: %w", file, err)
	}
	return func() error {
		pprof.StopCPUProfile()
		err := firstErr(w.err, tmp.Close())
		if err == nil {
			err = os.Chmod(tmp.Name(), modeFor(file))
		}
		if err == nil {
			err = os.Rename(tmp.Name(), file)
		}
		if err != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("--cpuprofile %s: %w", file, templess(err))
		}
		return nil
	}, nil
}

// keptErrWriter writes to w and keeps the first error it returned.
type keptErrWriter struct {
	w   io.Writer
	err error
}

func (k *keptErrWriter) Write(p []byte) (int, error) {
	if k.err != nil {
		return 0, k.err
	}
	n, err := k.w.Write(p)
	k.err = err
	return n, err
}
