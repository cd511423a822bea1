package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputField holds every kind of bad input to the field it names: a
// range, a refused combination, an unknown name, a unit inside a list, a
// conflict. The page marks the field InputField names, and a scenario file
// places the error at that key's line, neither by reading the message.
func TestInputField(t *testing.T) {
	for _, c := range []struct{ args, field string }{
		{"dc --target 4-6-7 --tem 9", "tem"},
		{"dc --target 4-6-7 --mode set --cx", "cx"},
		{"dc --target 4-6-7 --terrain lava", "terrain"},
		{"dc --target 4-6-7 --thrower 4-6-7", "thrower"},
		{"dc --target 4-6-7,elr=9", "target"},
		{"dc --mode set --target 4-6-7 --tem 2", "tem"},
		{"fire --fp 8 --target 4-6-7 --drm 20", "drm"},
		{"afv --vehicle tiger --facing side --cs 99", "cs"},
		{"afv --vehicle tiger --facing side --rider 4-6-7,elr=9", "rider"},
		{"building --dice 1000", "dice"},
		{"building --pillbox inside", "pillbox"},
		{"lhy --sadrm 1 --target a:7 --target a:6", "target"},
		{"lhy --sadrm 12 --target a:7", "sadrm"},
		{"compare --target 4-6-7 --tem 12", "tem"},
		{"dc --target 4-6-7 --method exact --trials 5", "trials"},
	} {
		err := Execute(context.Background(), strings.Fields(c.args), new(bytes.Buffer), new(bytes.Buffer))
		if err == nil {
			t.Errorf("%s: accepted", c.args)
			continue
		}
		if got := InputField(err); got != c.field {
			t.Errorf("%s: InputField = %q, want %q (%v)", c.args, got, c.field, err)
		}
		if msg := errors.Unwrap(err).Error(); !strings.HasPrefix(msg, "--"+c.field) {
			t.Errorf("%s: %q does not name --%s first", c.args, msg, c.field)
		}
	}
}

// TestModelErrorAtItsLine: a model's refusal of a value read from a
// scenario file is reported at that key's line.
func TestModelErrorAtItsLine(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bad.yaml")
	body := "command: dc\nflags:\n  mode: set\n  target: [4-6-7]\n  cx: true\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "run", file)
	if code != 2 || !strings.Contains(stderr, "bad.yaml:5: ") || !strings.Contains(stderr, "--cx") {
		t.Errorf("exit %d, stderr %q; want the error at bad.yaml:5", code, stderr)
	}
}

// TestStrictWords: a yes/no is the word true or false, a --vary bound has
// no space around it, and a built-in name that is also a file is
// ambiguous; each is refused rather than read one way or the other.
func TestStrictWords(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"dc --target 4-6-7 --cx=1", `--cx "1": want true or false`},
		{"dc --target 4-6-7 --cx=t", `--cx "t": want true or false`},
		{"sweep dc --target 4-6-7 --vary tem=0..3_", "a space around a number"},
		{"sweep dc --target 4-6-7 --vary tem=0..99999999999999999999", "tem takes whole numbers from 0 to 8"},
	} {
		// _ stands for a space inside an argument.
		words := strings.Fields(c.args)
		for i := range words {
			words[i] = strings.ReplaceAll(words[i], "_", " ")
		}
		code, _, stderr := cli(t, words...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, %q; want %q", c.args, code, stderr, c.want)
		}
	}
	// A file of a built-in's name, uploaded as a served run's would be
	// (a test changes no working directory: others run beside it).
	var errb bytes.Buffer
	err := ExecuteFiles(context.Background(), []string{"run", "two-sq-crossing"}, map[string][]byte{"two-sq-crossing": []byte("command: dc\n")}, new(bytes.Buffer), &errb)
	if InputField(err) != "" || !strings.Contains(errb.String(), "both a built-in scenario and a file") {
		t.Errorf("%v, %q", err, errb.String())
	}
}
