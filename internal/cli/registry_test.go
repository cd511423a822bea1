//go:build !js

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sapperhq/sapper/report"

	"github.com/sapperhq/sapper/internal/web"
	"github.com/sapperhq/sapper/sim"
)

// servedRun posts one run to a served page's engine and returns its
// final message.
func servedRun(t *testing.T, ts *httptest.Server, args []string, files map[string]string) (code int, stdout, stderr, field string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"args": args, "files": files})
	res, err := ts.Client().Post(ts.URL+"/run", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%v: HTTP %d", args, res.StatusCode)
	}
	var last struct {
		Type, Stdout, Stderr, Field string
		Code                        int
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		if err := json.Unmarshal(sc.Bytes(), &last); err != nil {
			t.Fatal(err)
		}
	}
	if last.Type != "done" {
		t.Fatalf("%v: the answer ends with %q, not done", args, last.Type)
	}
	return last.Code, last.Stdout, last.Stderr, last.Field
}

func servedEngine(t *testing.T, maxTrials uint64) *httptest.Server {
	t.Helper()
	return servedFor(t, maxTrials, time.Minute)
}

// servedFor is servedEngine whose runs stop after maxTime.
func servedFor(t *testing.T, maxTrials uint64, maxTime time.Duration) *httptest.Server {
	t.Helper()
	reg, err := NewRegistry(maxTrials, 20_000_000, sim.DefaultMaxMemory)
	if err != nil {
		t.Fatal(err)
	}
	h, err := web.New(reg, web.Limits{Runs: 2, Queue: 4, Wait: time.Second, MaxTime: maxTime})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts
}

// TestServedFiguresAreTheCommandLine: a run on a served page prints the
// command line's JSON, byte for byte, exact and seeded Monte Carlo alike.
func TestServedFiguresAreTheCommandLine(t *testing.T) {
	ts := servedEngine(t, 10_000_000)
	for _, args := range [][]string{
		{"compare", "--method", "exact", "--format", "json"},
		{"dc", "--target", "4-6-7", "--tem", "2", "--trials", "100000", "--seed", "7", "--format", "json"},
		{"activate", "two-sq-crossing", "--trials", "20000", "--seed", "3", "--format", "json"},
	} {
		code, stdout, stderr, _ := servedRun(t, ts, args, nil)
		var want, errb bytes.Buffer
		if err := Execute(context.Background(), args, &want, &errb); err != nil {
			t.Fatal(err)
		}
		if code != 0 || scrubElapsed(stdout) != scrubElapsed(want.String()) {
			t.Errorf("%v: exit %d, stderr %q; the served JSON differs from the command line's", args, code, stderr)
		}
	}
}

// TestServedLimits: a served page's runs are held to the server's limits,
// read no file from its disk and write none; the input at fault comes
// back by name for the page to mark.
func TestServedLimits(t *testing.T) {
	ts := servedEngine(t, 50_000)
	for _, c := range []struct {
		args        []string
		code        int
		field, want string
	}{
		{[]string{"dc", "--target", "4-6-7", "--trials", "60000"}, 2, "trials", "over this server's limit of 50,000 trials"},
		{[]string{"dc", "--target", "4-6-7", "--tem", "9"}, 2, "tem", `--tem "9": want a whole number from 0 to 8`},
		{[]string{"dc", "--target", "4-6-7", "--plot", "x.svg"}, 2, "plot", "not on a served page"},
		{[]string{"dc", "--target", "4-6-7", "--cpuprofile", "x.prof"}, 2, "cpuprofile", "not on a served page"},
		// Refused before any directory of the server's is looked at: its
		// answer tells nothing of the server's disk.
		{[]string{"dc", "--target", "4-6-7", "--plot", "/no-such-dir/x.png"}, 2, "plot", "--plot: not on a served page"},
		{[]string{"dc", "--target", "4-6-7", "--cpuprofile", "/etc/x.prof"}, 2, "cpuprofile", "--cpuprofile: not on a served page"},
		{[]string{"serve"}, 2, "", "not on a served page"},
		{[]string{"site", "out"}, 2, "", "not on a served page"},
		// What the page may run, listed without what it refuses.
		{[]string{"srve"}, 2, "", `unknown command "srve"; want one of compare, dc, afv, fire, plans, building, activate, lhy, sweep, run, scenarios, describe, version, help`},
		{[]string{"help", "srve"}, 2, "", `unknown command "srve"; want one of compare, dc, afv, fire, plans, building, activate, lhy, sweep, run, scenarios, describe, version, help`},
		{[]string{"activate", "/etc/passwd"}, 2, "crossing", "/etc/passwd: no file of that name was uploaded, and the page reads no other: upload it with the form, or pick a built-in crossing: farm-crossing, "},
		{[]string{"activate", "--tables", "/etc/passwd", "two-sq-crossing"}, 2, "tables", "--tables /etc/passwd: no file of that name was uploaded"},
	} {
		code, _, stderr, field := servedRun(t, ts, c.args, nil)
		if code != c.code || field != c.field || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, field %q, stderr %q; want exit %d, field %q, %q", c.args, code, field, stderr, c.code, c.field, c.want)
		}
	}
	// A default over the limit is lowered to it rather than refused, and
	// the result names the flag it was held to: the command line with it
	// gives the same figures.
	code, stdout, stderr, _ := servedRun(t, ts, []string{"dc", "--target", "4-6-7", "--format", "json"}, nil)
	if code != 0 || !strings.Contains(stdout, `"trials": 50000`) {
		t.Errorf("exit %d, stderr %q, stdout %.200q; want 50,000 trials", code, stderr, stdout)
	}
	var served struct {
		HeldTo []string `json:"held_to"`
	}
	if err := json.Unmarshal([]byte(stdout), &served); err != nil || !slices.Equal(served.HeldTo, []string{"--trials", "50000"}) {
		t.Errorf("held_to %q (%v); want [--trials 50000]", served.HeldTo, err)
	}
	var local bytes.Buffer
	if err := Execute(context.Background(), append([]string{"dc", "--target", "4-6-7", "--format", "json"}, served.HeldTo...), &local, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	if a, b := withoutRunFields(t, stdout), withoutRunFields(t, local.String()); !reflect.DeepEqual(a, b) {
		t.Errorf("served %v\nlocal %v\nwant the same figures", a, b)
	}
	// An uploaded crossing is read, under the name its player gave it.
	var crossing bytes.Buffer
	if err := Execute(context.Background(), []string{"scenarios", "two-sq-crossing"}, &crossing, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	code, _, stderr, _ = servedRun(t, ts, []string{"activate", "mine.yaml", "--trials", "1000"}, map[string]string{"mine.yaml": crossing.String()})
	if code != 0 {
		t.Errorf("an uploaded crossing: exit %d, %s", code, stderr)
	}
	// One the YAML reader cannot read is the crossing field's fault, as
	// one of its fields out of range is.
	for _, c := range []struct{ file, want string }{
		{"stack: [4-6-7\n", "bad.yaml:"},
		{strings.Replace(crossing.String(), "ac: 3", "ac: 9", 1), "bad.yaml:"},
		// A run's limit broken by the file's flags is the file's fault too,
		// at its line.
		{strings.Replace(crossing.String(), "method: exact", "method: mc\n  trials: 60000", 1), "bad.yaml:"},
	} {
		code, _, stderr, field := servedRun(t, ts, []string{"activate", "bad.yaml"}, map[string]string{"bad.yaml": c.file})
		if code != 2 || field != "crossing" || !strings.HasPrefix(stderr, "sapper activate: "+c.want) {
			t.Errorf("a crossing file %.40q: exit %d, field %q, %q; want 2, the crossing field, %q", c.file, code, field, stderr, c.want)
		}
	}
}

// withoutRunFields is a JSON result without what differs between two runs
// of the same figures: the time taken and the flags a server held it to.
func withoutRunFields(t *testing.T, doc string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "elapsed_seconds")
	delete(m, "held_to")
	return m
}

// TestServedNeeded: building --needed makes no run, so a server's limit
// on paths does not stop it: its bound is the inputs' own, 100 dice and
// 20 charges.
func TestServedNeeded(t *testing.T) {
	reg, err := NewRegistry(50_000, 5, sim.DefaultMaxMemory)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code, _ := reg.Run(context.Background(), []string{"building", "--needed", "0.99", "--format", "json"}, nil, &stdout, &stderr)
	if code != exitOK || !strings.Contains(stdout.String(), `"value": 39`) || strings.Contains(stdout.String(), "held_to") {
		t.Errorf("--needed on a server of 5 paths a run: exit %d, stderr %q, stdout %s", code, stderr.String(), stdout.String())
	}
}

// TestServedHolds: a precision run that reached its precision before the
// server's lowered cap was not held by it, and says so by naming no flag;
// one that met the cap names it, and its advice is the server's limit,
// not more trials. A limit broken by an uploaded scenario file is placed
// at the file's line, not on a field of the form; an exact run's memory
// is held to the server's share; describe.json gives the server's limits
// as the inputs' greatest values.
func TestServedHolds(t *testing.T) {
	ts := servedEngine(t, 50_000)
	heldTo := func(stdout string) []string {
		var r struct {
			HeldTo []string `json:"held_to"`
		}
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		return r.HeldTo
	}
	code, stdout, stderr, _ := servedRun(t, ts, []string{"dc", "--target", "4-6-7", "--precision", "0.01", "--format", "json"}, nil)
	if code != 0 || heldTo(stdout) != nil {
		t.Errorf("precision reached: exit %d, held_to %q, stderr %q; want none", code, heldTo(stdout), stderr)
	}
	code, stdout, stderr, _ = servedRun(t, ts, []string{"dc", "--target", "4-6-7", "--precision", "0.001", "--format", "json"}, nil)
	if code != 0 || !slices.Equal(heldTo(stdout), []string{"--trials", "50000"}) || !strings.Contains(stderr, "this server's limit (sapper serve --max-trials)") || strings.Contains(stderr, "raise --trials") {
		t.Errorf("precision missed at the cap: exit %d, held_to %q, stderr %q", code, heldTo(stdout), stderr)
	}
	file := map[string]string{"a.yaml": "command: dc\nflags:\n  target: 4-6-7\n  trials: 20000000\n"}
	code, _, stderr, field := servedRun(t, ts, []string{"run", "a.yaml"}, file)
	if code != exitUsage || field != "" || !strings.HasPrefix(stderr, `sapper run: a.yaml:4: --trials "20000000": over this server's limit`) {
		t.Errorf("a file's trials over the limit: exit %d, field %q, stderr %q", code, field, stderr)
	}

	reg, err := NewRegistry(50_000, 1000, 100<<20)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code, field = reg.Run(context.Background(), []string{"dc", "--target", "4-6-7", "--method", "exact", "--max-memory", "128"}, nil, &out, &errb)
	if code != exitUsage || field != "max-memory" || !strings.Contains(errb.String(), "over this server's limit of 100 MB a run") {
		t.Errorf("--max-memory over the server's share: exit %d, field %q, stderr %q", code, field, errb.String())
	}
	// Its share lowered silently, an exact run that dropped no merged
	// state names nothing: any memory gives its figures and paths.
	out.Reset()
	errb.Reset()
	code, _ = reg.Run(context.Background(), []string{"dc", "--target", "4-6-7", "--method", "exact", "--format", "json"}, nil, &out, &errb)
	if held := heldTo(out.String()); code != 0 || slices.Contains(held, "--max-memory") {
		t.Errorf("an exact run on a server of 100 MB a run, which dropped no state: exit %d, held_to %q, stderr %q", code, heldTo(out.String()), errb.String())
	}
	// One that dropped some names it: the paths it walks, which the JSON
	// counts, depend on its memory.
	for dropped, want := range map[uint64][]string{0: nil, 3: {"--max-memory", "100"}} {
		rep := report.Report{Result: &sim.Result{Method: sim.Exact, Complete: true, Dropped: dropped}, HeldTo: []string{"--max-memory", "100"}}
		if got := heldThat(rep); !slices.Equal(got, want) {
			t.Errorf("an exact run that dropped %d states: held to %q, want %q", dropped, got, want)
		}
	}
	var d struct {
		Commands []commandDesc `json:"commands"`
	}
	if err := json.Unmarshal(reg.Describe(), &d); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range d.Commands {
		for _, in := range c.Inputs {
			want := map[string]string{"trials": "50000", "max-paths": "1000", "max-memory": "100"}[in.Name]
			if want == "" {
				continue
			}
			seen++
			if string(in.Max) != want {
				t.Errorf("%s --%s: max %s, want the server's %s", c.Name, in.Name, in.Max, want)
			}
			// Their defaults, where a number (1,000,000 and 1,024), are over
			// the limits.
			if _, err := strconv.ParseUint(in.Default, 10, 64); err == nil && in.Name != "max-paths" && in.Default != want {
				t.Errorf("%s --%s: default %s, want the server's %s, what a run left to it is held to", c.Name, in.Name, in.Default, want)
			}
		}
	}
	if seen == 0 {
		t.Error("describe.json lists no trials, max-paths or max-memory")
	}
}

// TestServedBudgetAdvice: an exact run over a server's path limit is not
// told to raise --max-paths, which the server refuses, but pointed to
// Monte Carlo or the command line.
func TestServedBudgetAdvice(t *testing.T) {
	reg, err := NewRegistry(50_000, 1000, sim.DefaultMaxMemory)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code, _ := reg.Run(context.Background(), []string{"dc", "--target", "4-6-7", "--target", "4-6-7", "--placer", "4-6-8", "--dff", "8:-1", "--method", "exact"}, nil, &stdout, &stderr)
	if code != exitFailure || strings.Contains(stderr.String(), "raise --max-paths") ||
		!strings.Contains(stderr.String(), "the most this server allows (sapper serve --max-paths); use --method mc (or auto), or the command line") {
		t.Errorf("exact over a server's path limit: exit %d, %q", code, stderr.String())
	}
}

// TestServedTablesFileMarked: an uploaded tables file the run refuses at
// one of its lines comes back as the Tables field's, for the page to mark
// as it marks a crossing file's; named ./t.yaml it is the file uploaded as
// t.yaml, as the command line reads the same file either way.
func TestServedTablesFileMarked(t *testing.T) {
	ts := servedEngine(t, 50_000)
	files := map[string]string{"t.yaml": "nationality: russian\nunits: 3\n"}
	for _, name := range []string{"t.yaml", "./t.yaml"} {
		code, _, stderr, field := servedRun(t, ts, []string{"activate", "two-sq-crossing", "--tables", name}, files)
		if code != exitUsage || field != "tables" || !strings.HasPrefix(stderr, "sapper activate: "+name+":2: ") {
			t.Errorf("--tables %s: exit %d, field %q, stderr %q", name, code, field, stderr)
		}
	}
}

// TestServedNameIsOnlyAName: an uploaded crossing named as a descriptor
// the server holds (/dev/fd/N, open on a file in a directory of its own)
// names its tables beside that name, not beside the file the descriptor
// reads: resolving it on the server's disk told whether a file existed
// there, and where the server ran.
func TestServedNameIsOnlyAName(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "held.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var crossing bytes.Buffer
	if err := Execute(context.Background(), []string{"scenarios", "two-sq-crossing"}, &crossing, io.Discard); err != nil {
		t.Fatal(err)
	}
	body := strings.Replace(crossing.String(), "tables: illustrative", "tables: t.yaml", 1)
	if body == crossing.String() {
		t.Fatal("the built-in crossing names no illustrative tables to replace")
	}
	name := fmt.Sprintf("/dev/fd/%d", f.Fd())
	ts := servedEngine(t, 50_000)
	code, _, stderr, _ := servedRun(t, ts, []string{"activate", name}, map[string]string{name: body})
	if code != exitUsage || strings.Contains(stderr, dir) || !strings.Contains(stderr, "/dev/fd/t.yaml") {
		t.Errorf("exit %d, stderr %q; want the tables named /dev/fd/t.yaml, never beside %s", code, stderr, dir)
	}
}

// TestServedDrawPastItsPaths: a draw wider than the server's most paths
// is not answered with a --max-paths the server would refuse, however low
// the run's own budget; one within it is.
func TestServedDrawPastItsPaths(t *testing.T) {
	for _, c := range []struct {
		most uint64
		want string
	}{
		{10, "more than the budget of 5 paths; use --method mc (or auto)\n"},
		{20, "more than the budget of 5 paths; use --method mc (or auto), or raise --max-paths to 11 or more\n"},
	} {
		reg, err := NewRegistry(50_000, c.most, sim.DefaultMaxMemory)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code, _ := reg.Run(context.Background(), []string{"fire", "--fp", "8", "--target", "4-6-7", "--method", "exact", "--max-paths", "5"}, nil, &stdout, &stderr)
		if code != exitFailure || !strings.HasSuffix(stderr.String(), c.want) {
			t.Errorf("a server of %d paths: exit %d, stderr %q, want …%q", c.most, code, stderr.String(), c.want)
		}
	}
}

// TestServedCheck: a server's check of a command line refuses what its run
// would refuse, in the same words, and runs nothing of what its run would
// run: with the request gone already, the run stops interrupted, the check
// passes without a word.
func TestServedCheck(t *testing.T) {
	reg, err := NewRegistry(50_000, 20_000_000, sim.DefaultMaxMemory)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, args := range [][]string{
		{"dc", "--target", "4-6-7", "--tem", "9"},
		{"dc", "--target", "4-6-7", "--trials", "60000"},
		{"dc", "--target", "4-6-7", "--plot", "x.svg"},
		{"serve"},
		{"srve"},
		{"activate", "/etc/passwd"},
		{"run", "no-such-scenario"},
		{"sweep", "dc", "--target", "4-6-7", "--vary", "tem=0..9"},
		{"plans", "--target", "4-6-7", "--plan", "A: fire x"},
		{"compare", "--seed", "1e3"},
		{"activate", "bad.yaml"},
	} {
		var checked, ran bytes.Buffer
		code, field, ok := reg.Check(ctx, args, nil, &checked)
		runCode, runField := reg.Run(ctx, args, nil, new(bytes.Buffer), &ran)
		if ok || code != runCode || field != runField || checked.String() != ran.String() {
			t.Errorf("%v: checked %v, exit %d, field %q, %q; run exit %d, field %q, %q", args, ok, code, field, checked.String(), runCode, runField, ran.String())
		}
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	for _, args := range [][]string{
		{"compare"},
		{"dc", "--target", "4-6-7", "--trials", "50000"},
		{"activate", "two-sq-crossing"},
		{"sweep", "dc", "--target", "4-6-7", "--vary", "tem=0..3"},
		{"run", "compare-default"},
		{"building", "--needed", "0.5"},
	} {
		var checked bytes.Buffer
		code, field, ok := reg.Check(gone, args, nil, &checked)
		if !ok || code != exitOK || field != "" || checked.Len() != 0 {
			t.Errorf("%v: checked %v, exit %d, field %q, %q; want it passed, silent", args, ok, code, field, checked.String())
		}
		if code, _ := reg.Run(gone, args, nil, new(bytes.Buffer), new(bytes.Buffer)); code != exitInterrupted {
			t.Errorf("%v: run with the request gone: exit %d, want %d (the check ran nothing the run does)", args, code, exitInterrupted)
		}
	}
}
