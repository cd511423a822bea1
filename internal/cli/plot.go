package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/sapperhq/sapper/report"
)

// resolvePlot checks a given --plot's name: a .png or .svg file's. Where
// it may be written is checked once the job is known to be this
// machine's, not a server's (checkOutputs).
func resolvePlot(file string) (string, report.ChartFormat, error) {
	if file == "" {
		return "", "", badValue("plot", file, "want a file name ending in .png or .svg")
	}
	f, err := report.ChartFormatOf(file)
	if err != nil {
		return "", "", badValue("plot", file, err.Error())
	}
	if base := filepath.Base(file); base == "."+string(f) {
		// A hidden file of no name, where a name was meant.
		return "", "", badValue("plot", file, "want a name before "+base+", e.g. odds"+base)
	}
	return file, f, nil
}

// checkOutputs checks before anything runs that the job's --plot and
// --cpuprofile can be written, so that a long run never ends in a file
// that cannot be (checkOutputFile). A server's job, which writes no file,
// is refused before this looks at any disk (onServer).
func checkOutputs(c common) error {
	for _, out := range []struct{ flag, name string }{{"plot", c.plot}, {"cpuprofile", c.cpuprofile}} {
		if out.name == "" {
			continue
		}
		if err := checkOutputFile(out.flag, out.name); err != nil {
			return err
		}
	}
	return nil
}

// checkOutputFile makes sure before a run that file, the value of flag
// name, can be written: its directory exists and takes a new file, and it
// is not a directory, a device or a symbolic link.
func checkOutputFile(name, file string) error {
	if strings.IndexFunc(file, unicode.IsControl) >= 0 {
		// A line break or an escape in a file's name is a name no one
		// meant, which a shared scenario file could hand its runner.
		return badValue(name, file, "want a file name of one line, with no control character")
	}
	// The directory as written, not cleaned: nothere/../b.svg cleans to
	// b.svg, but the system opens it through nothere.
	dir, _ := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	if d := strings.TrimRightFunc(dir, func(r rune) bool { return r < 128 && os.IsPathSeparator(uint8(r)) }); d != "" {
		dir = d
	}
	switch fi, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist):
		return badValue(name, file, fmt.Sprintf("directory %s does not exist", quote(firstMissing(dir))))
	case err == nil && !fi.IsDir():
		return badValue(name, file, fmt.Sprintf("%s is a file, not a directory", quote(dir)))
	case err != nil:
		return badValue(name, file, fmt.Sprintf("directory %s cannot be read: %v", quote(dir), errors.Unwrap(err)))
	}
	if fi, err := os.Lstat(file); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// The file is written beside its name and renamed into place,
		// which would put a file where the link was: /dev/stdout, run
		// as root, would be gone.
		return badValue(name, file, "is a symbolic link, which the file written would replace; name a new file, or the file it links to")
	}
	switch fi, err := os.Stat(file); {
	case err == nil && !fi.Mode().IsRegular():
		return badValue(name, file, "exists and is not a regular file; want a new or a regular file's name")
	case err == nil && fi.Mode().Perm()&0o200 == 0:
		// The file is replaced by a rename, which its mode does not
		// stop: a file made read-only is one its owner means to keep.
		return badValue(name, file, "exists and is read-only; give a new name, or make it writable first")
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		// A name the system refuses (too long, say) would fail only
		// after the run.
		return badValue(name, file, fmt.Sprintf("cannot be written: %v", errors.Unwrap(err)))
	}
	probe, err := os.CreateTemp(dir, ".sapper-probe-*")
	if err != nil {
		return badValue(name, file, fmt.Sprintf("directory %s takes no new file: %v", quote(dir), errors.Unwrap(err)))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// checkNotClobbered refuses a --cpuprofile that would overwrite a file
// other than a profile: one not empty whose first bytes are not gzip's,
// as every profile of Go's is. A name that a chart's extension does not
// guard, such as the sapper binary's own, is a slip, not a profile to
// write again.
func checkNotClobbered(name, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return nil // new, or checkOutputFile has said why not
	}
	defer f.Close()
	var head [2]byte
	n, _ := io.ReadFull(f, head[:])
	if n == 0 || head == [2]byte{0x1f, 0x8b} {
		return nil
	}
	return badValue(name, file, "exists and is not a CPU profile: give a new name, or remove the file first")
}

// samePath reports whether file names a and b are one file: the same
// path once made absolute and cleaned (./odds.png and odds.png); when
// both exist, one file by two names (a link); or one name in one
// directory reached by two paths (here/odds.png, here a link to .).
func samePath(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil && os.SameFile(fa, fb) {
		return true
	}
	if filepath.Base(a) != filepath.Base(b) {
		return false
	}
	da, errA := os.Stat(filepath.Dir(a))
	db, errB := os.Stat(filepath.Dir(b))
	return errA == nil && errB == nil && os.SameFile(da, db)
}

// renderChart draws the chart in memory, so that a failure to draw is
// known before anything is written.
func renderChart(c common, ch report.Chart) ([]byte, error) {
	var buf bytes.Buffer
	if err := report.WriteChart(&buf, c.plotFormat, ch); err != nil {
		return nil, fmt.Errorf("--plot %s: %w", c.plot, err)
	}
	return buf.Bytes(), nil
}

// writeFileAtomic writes data to a temporary file beside name and renames
// it into place: a reader never sees half a chart, and a failure leaves
// no partial file behind.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".sapper-*"+filepath.Ext(name))
	if err != nil {
		return fmt.Errorf("--plot %s: %w", name, err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := firstErr(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("--plot %s: %w", name, templess(err))
	}
	// CreateTemp makes the file private; a chart is for sharing, or keeps
	// the mode of the one it replaces.
	if err := os.Chmod(tmp.Name(), modeFor(name)); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("--plot %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("--plot %s: %w", name, err)
	}
	return nil
}

// modeFor is the mode of a file written to name: that of the file it
// replaces, or 0644, readable by all, for a new one.
func modeFor(name string) fs.FileMode {
	if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() {
		return fi.Mode().Perm()
	}
	return 0o644
}

// templess is err without the name of the temporary file it happened
// on, which the user never named and which is gone: the cause alone
// ("no space left on device"), said of the file the user named.
func templess(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(filepath.Base(pe.Path), ".sapper-") {
		return pe.Err
	}
	return err
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// firstMissing is the first directory of the path dir, as written, that
// does not exist: nothere of nothere/../, which a cleaned path hides.
func firstMissing(dir string) string {
	for i, r := range dir {
		if i > 0 && os.IsPathSeparator(uint8(r)) {
			if _, err := os.Stat(dir[:i]); errors.Is(err, fs.ErrNotExist) {
				return dir[:i]
			}
		}
	}
	return filepath.Clean(dir)
}
