package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// FuzzParseArgs drives the whole dc command line with arbitrary arguments
// (separated by NUL in the fuzz input). The context is cancelled up front,
// so valid inputs stop at once with a partial result instead of running a
// million trials. The contract: no panic, a known exit code, and for bad
// input exactly one stderr line and nothing on stdout.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"--target\x004-6-7",
		"--target\x004-6-7\x00--tem\x002\x00--method\x00exact",
		"--mode\x00thrown\x00--target\x00hs:2-4-7,elr=2\x00--thrower\x004-6-7\x00--afph",
		"--mode\x00set\x00--target\x00leader:9-2\x00--enemy-infantry\x000",
		"--target\x004-6-7,class=elite,broken-ml=6,drm=-1\x00--drm=-2\x00--rule\x00surrender=false",
		"--target\x004-6-x",
		"--trials\x00-5",
		"--mode\x00lobbed",
		"--precision\x000.01\x00--target\x00crew:2-2-8",
		"-j\x002\x00--format\x00csv\x00--target\x004-6-7",
		"--help",
	} {
		f.Add(s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f.Fuzz(func(t *testing.T, s string) {
		argv := append([]string{"dc"}, strings.Split(s, "\x00")...)
		var out, errb bytes.Buffer
		code := run(ctx, &out, &errb, argv)
		switch code {
		case exitOK, exitInterrupted:
		case exitUsage:
			if out.Len() != 0 {
				t.Errorf("%q: usage error with stdout %q", argv, out.String())
			}
			if e := errb.String(); strings.Count(e, "\n") != 1 || !strings.HasSuffix(e, "\n") || !strings.HasPrefix(e, "sapper dc: ") {
				t.Errorf("%q: stderr is not one sapper dc line: %q", argv, e)
			}
		case exitFailure:
			// The one runtime failure reachable from flags alone: an exact
			// run whose --max-paths is smaller than the enumeration.
			if !strings.Contains(errb.String(), "--max-paths") {
				t.Errorf("%q: exit 1; stderr %q", argv, errb.String())
			}
		default:
			t.Errorf("%q: exit %d; stderr %q", argv, code, errb.String())
		}
	})
}

// FuzzDecodeScenario feeds arbitrary bytes to the scenario decoder. The
// contract: no panic; an error is a usage error that names the file; a
// scenario that decodes gives a command line its command can parse
// (possibly rejecting a value, but again with a usage error).
func FuzzDecodeScenario(f *testing.F) {
	for _, s := range []string{
		"command: dc\nflags:\n  target: [4-6-7, leader:8-1]\n  tem: 2\n",
		"command: compare\ntitle: t\ndescription: |\n  d\nflags:\n  dff: 8:-1\n  preset: false\n",
		"command: dc\nflags:\n  target: 4-6-7\nvary: tem=0..3\nmetric: ift\n",
		"command: dc\nflags:\n  tme: 3\n",
		"command: dc\nflags:\n  tem: [1, 2]\n",
		"command: dc\n---\ncommand: dc\n",
		"a: &x [1]\nb: *x\n",
		"command: [dc]\n",
		"{command: dc, flags: {target: 4-6-7, drm: -2}}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := decodeScenario("fuzz.yaml", data)
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) || !strings.HasPrefix(err.Error(), "fuzz.yaml") {
				t.Fatalf("error %T %q does not name the file", err, err)
			}
			return
		}
		argv, err := s.args(nil)
		if err != nil {
			t.Fatalf("no extra arguments, yet %v", err)
		}
		if _, err := s.command.prepare(argv); err != nil {
			var ue *usageError
			if !errors.As(s.place(err, true), &ue) {
				t.Fatalf("prepare: %T %v", err, err)
			}
		}
	})
}
