package cli

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/decimal"
)

// FuzzParseArgs drives the whole dc command line with arbitrary arguments
// (separated by NUL in the fuzz input), under the contract of fuzzCommand.
func FuzzParseArgs(f *testing.F) {
	fuzzCommand(f, "dc",
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
		"--target\x004-6-7\x00--confidence\x000.9999999999999999",
		"--target\x004-6-7\x00--precision\x001e-400",
		"--target\x004-6-7\x00--tem\x000x1\x00--drm\x00\u22122",
		"--target\x00leader:8\u22121,drm=\u22121\x00--confidence\x001_0",
		"--help",
	)
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
		in, err := s.inputWithout(input{}, nil)
		if err != nil {
			t.Fatalf("no extra arguments, yet %v", err)
		}
		if _, err := s.command.prepare(context.Background(), in); err != nil {
			var ue *usageError
			if !errors.As(s.place(err, true), &ue) {
				t.Fatalf("prepare: %T %v", err, err)
			}
		}
	})
}

// FuzzLHYArgs drives the lhy command line as FuzzParseArgs does dc's.
func FuzzLHYArgs(f *testing.F) {
	fuzzCommand(f, "lhy",
		"--sadrm\x001\x00--sadrm\x003\x00--target\x00squad:7\x00--method\x00exact",
		"--sadrm\x000\x00--target\x00squad:7\x00--leader\x008",
		"--atdrm\x00tank=2\x00--vehicle\x00tank:8,afv,atv=1",
		"--mdrm\x001\x00--mfa-mv\x002\x00--target\x00a:6,rider\x00--vehicle\x00t:5,afv\x00--vehicle\x00g:1,towed-gun\x00--open-terrain",
		"--sadrm\x002\x00--target\x00a:7,japanese,av=2,sav=1\x00--rule\x00cohesion-fail=disrupt",
		"--sadrm\x000x2\x00--target\x00a:7",
		"--mdrm\x001\x00--mdrm\x002",
		"--target\x00a:7,on=",
		"--help",
	)
}

// fuzzCommand drives command name's command line with arbitrary arguments
// (NUL-separated in the fuzz input, seeded with seeds). The context is
// cancelled up front, so valid inputs stop at once with a partial result.
// The contract: no panic, a known exit code, and for bad input exactly one
// stderr line naming the command and nothing on stdout.
func fuzzCommand(f *testing.F, name string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f.Fuzz(func(t *testing.T, s string) {
		argv := append([]string{name}, strings.Split(s, "\x00")...)
		var out, errb bytes.Buffer
		switch code := run(ctx, &out, &errb, argv); code {
		case exitOK, exitInterrupted:
		case exitUsage:
			if e := errb.String(); out.Len() != 0 || strings.Count(e, "\n") != 1 || !strings.HasPrefix(e, "sapper "+name+": ") {
				t.Errorf("%q: stdout %q, stderr %q", argv, out.String(), e)
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

// FuzzParsePlan feeds arbitrary --plan values to the plan parser. The
// contract: no panic; an error is a usage error naming --plan; a plan
// accepted holds each fire attack's FP exactly as written, so that the
// number, written back as sapper writes it, parses to the same plan.
func FuzzParsePlan(f *testing.F) {
	for _, s := range []string{
		"a: fire 8", "b: fire 7.5 +2", "c: fire 8 drm=−1", "d: fire 8 −1; dc placed",
		"e: fire 0x1p3", "f: fire 1_0", "g: fire Inf", "h: fire 1.9999999999999999",
		"i: fire 1e-400", "j: dc thrown tem=03 cx", "k: fire 8 tem=+2 drm=0x1",
	} {
		f.Add(s)
	}
	targets, _ := parseUnits("target", []string{"4-6-7"})
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parsePlan(s, targets, 3, planDefaults{})
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) || !strings.HasPrefix(err.Error(), "--plan ") {
				t.Fatalf("%q: error %T %q does not name --plan", s, err, err)
			}
			return
		}
		_, body, _ := strings.Cut(s, ":")
		for k, part := range strings.Split(body, ";") {
			words := strings.Fields(part)
			step := p.Plan.Steps[k]
			if step.Fire == nil {
				continue
			}
			fp, err := decimal.ParseFloat(words[1])
			if err != nil || fp != step.Fire.FP {
				t.Fatalf("%q: FP %q read as %v (%v)", s, words[1], step.Fire.FP, err)
			}
			words[1] = strconv.FormatFloat(fp, 'g', -1, 64)
			again, err := parseStep(words, planDefaults{})
			if err != nil || again.Fire == nil || again.Fire.FP != fp {
				t.Fatalf("%q: FP written back as %q does not read as %v: %v", s, words[1], fp, err)
			}
		}
	})
}
