package cli

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

var versionCommand = &command{
	name:    "version",
	summary: "print sapper's version and the Go toolchain that built it",
	run:     runVersion,
	help:    writeVersionHelp,
}

func writeVersionHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: sapper version

Prints sapper's module version ("devel" when built from a clone), its VCS
revision when known, and the Go version and platform it was built for.
`)
}

func runVersion(_ context.Context, stdout, _ io.Writer, args []string) error {
	fs, showHelp := newFlagSet("version")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *showHelp {
		writeVersionHelp(stdout)
		return nil
	}
	_, err := fmt.Fprintln(stdout, versionString())
	return err
}

// versionString reads the version from the build information that go
// install and go build embed, so that no release step has to edit it.
func versionString() string {
	v, rev := "devel", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if m := bi.Main.Version; m != "" && m != "(devel)" {
			v = m
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	return fmt.Sprintf("sapper %s%s %s %s/%s", v, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
