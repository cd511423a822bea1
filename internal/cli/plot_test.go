package cli

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
)

// TestPlotFiles writes a PNG and an SVG for dc and compare, and checks
// that each is a whole image of its kind, written next to a normal stdout.
func TestPlotFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ file, args string }{
		{"dc.png", "dc --target 4-6-7 --tem 2 --method exact"},
		{"dc.svg", "dc --target 4-6-7 --tem 2 --trials 5000 --cumulative"},
		{"compare.png", "compare --trials 5000"},
		{"compare.svg", "compare --trials 5000 --format json"},
	} {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			code, stdout, stderr := cli(t, append(args(c.args), "--plot", path)...)
			if code != exitOK || stderr != "" || stdout == "" {
				t.Fatalf("exit %d, stderr %q, stdout %d bytes", code, stderr, len(stdout))
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(path, ".png") {
				if _, err := png.Decode(bytes.NewReader(data)); err != nil {
					t.Errorf("not a PNG: %v", err)
				}
			} else if !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("</svg>")) {
				t.Error("not a whole SVG")
			}
		})
	}
	// Only the charts: no temporary files left beside them.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 {
		t.Errorf("%d files in the plot directory, want 4", len(entries))
	}
}

// TestPlotKeepsMode: a chart written again over one the user keeps
// private stays private; a new one is readable by all.
func TestPlotKeepsMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "odds.png")
	run := func() os.FileMode {
		t.Helper()
		if code, _, stderr := cli(t, args("dc --target 4-6-7 --method exact --plot "+path)...); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	if m := run(); m != 0o644 {
		t.Errorf("a new chart: mode %v, want 0644", m)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if m := run(); m != 0o600 {
		t.Errorf("a chart written over a private one: mode %v, want 0600", m)
	}
}

func TestPlotUsageErrors(t *testing.T) {
	dir := t.TempDir()
	// A directory named as the chart file.
	if err := os.Mkdir(filepath.Join(dir, "sub.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A file named as the chart's directory.
	if err := os.WriteFile(filepath.Join(dir, "plain"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A link, which renaming the chart into place would replace, as it
	// would /dev/stdout for root.
	if err := os.Symlink("plain", filepath.Join(dir, "link.png")); err != nil {
		t.Fatal(err)
	}
	// A file made read-only, which the rename into place would replace
	// all the same.
	if err := os.WriteFile(filepath.Join(dir, "kept.png"), []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want string }{
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, "kept.png"), `--plot "` + filepath.Join(dir, "kept.png") + `": exists and is read-only`},
		{"dc --target 4-6-7 --cpuprofile " + filepath.Join(dir, "kept.png"), `--cpuprofile "` + filepath.Join(dir, "kept.png") + `": exists and is read-only`},
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, "out.gif"), `sapper dc: --plot "` + filepath.Join(dir, "out.gif") + `": want a file name ending in .png or .svg`},
		{"compare --plot " + filepath.Join(dir, "nope", "out.png"), "does not exist"},
		// A cleaned path hides the directory it is opened through: this
		// failed after the run.
		{"dc --target 4-6-7 --plot " + dir + "/nope/../out.png", `directory "` + filepath.Join(dir, "nope") + `" does not exist`},
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, "plain", "x.png"), `"` + filepath.Join(dir, "plain") + `" is a file, not a directory`},
		{"dc --target 4-6-x --plot " + filepath.Join(dir, "out.png"), `--target "4-6-x"`},
		{"dc --target 4-6-7 --cumulative=sometimes", `--cumulative "sometimes": want true or false`},
		{"dc --target 4-6-7 --plot=", `--plot "": want a file name ending in .png or .svg`},
		// An extension alone names a hidden file no one meant.
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, ".png"), `--plot "` + filepath.Join(dir, ".png") + `": want a name before .png, e.g. odds.png`},
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, "sub.png"), `--plot "` + filepath.Join(dir, "sub.png") + `": exists and is not a regular file`},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --plot " + filepath.Join(dir, "sub.png"), "exists and is not a regular file"},
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, "link.png"), `--plot "` + filepath.Join(dir, "link.png") + `": is a symbolic link, which the file written would replace`},
		{"dc --target 4-6-7 --cpuprofile " + filepath.Join(dir, "link.png"), `--cpuprofile "` + filepath.Join(dir, "link.png") + `": is a symbolic link`},
		// A name no file system takes would fail only after the run.
		{"dc --target 4-6-7 --plot " + filepath.Join(dir, strings.Repeat("a", 300)+".png"), "cannot be written: file name too long"},
		{"dc --target 4-6-7 --cpuprofile " + filepath.Join(dir, strings.Repeat("a", 300)+".prof"), "cannot be written: file name too long"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.args, code, stdout, stderr)
		}
	}
	// A directory that takes no new file, even for root: procfs.
	if runtime.GOOS == "linux" {
		code, stdout, stderr := cli(t, args("dc --target 4-6-7 --plot /proc/sapper.png")...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, `--plot "/proc/sapper.png": directory "/proc" takes no new file`) {
			t.Errorf("/proc: exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 { // sub.png, plain, link.png and kept.png
		t.Errorf("bad input left %d files behind", len(entries)-4)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "kept.png")); err != nil || string(data) != "keep" {
		t.Errorf("the read-only file: %q, %v", data, err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.png")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is not left as it was: %v, %v", fi, err)
	}
}

// TestPlotSeries checks what the dc chart draws against the result it
// draws: one Bars panel per metric, bar for bar.
func TestPlotSeries(t *testing.T) {
	rep, ch := charted(t, prepareDC, "--target 4-6-7 --tem 2 --method exact --cumulative --plot "+filepath.Join(t.TempDir(), "c.png"))
	if len(ch.Panels) != len(rep.Result.Metrics) {
		t.Fatalf("%d panels for %d metrics", len(ch.Panels), len(rep.Result.Metrics))
	}
	if !strings.HasPrefix(ch.Heading[0], "Placed DC vs 4-6-7; TEM 2") || !strings.Contains(ch.Heading[1], "exact enumeration") {
		t.Errorf("heading %q", ch.Heading)
	}
	// The IFT is ordered: "at least" sums from 7KIA down.
	ift := ch.Panels[1]
	if ift.Series[0].Labels[7] != "≥ K/4" {
		t.Errorf("ift labels %q", ift.Series[0].Labels)
	}
	// Every row but the last, "≥ no_attack", 100% by construction and
	// left out.
	outcomes := rep.Result.Metric("ift").Outcomes
	if n := len(ift.Series[0].Labels); n != len(outcomes)-1 {
		t.Errorf("%d ift rows for %d outcomes", n, len(outcomes))
	}
	sum := 0.0
	for k, o := range outcomes[:len(outcomes)-1] {
		sum += o.P
		if c := ift.Series[0].Cells[k]; !near(c.P, sum) {
			t.Errorf("%s: %v, want %v", ift.Series[0].Labels[k], c.P, sum)
		}
	}
	// target.1 has no order: its bars are its outcomes.
	fate := ch.Panels[2]
	if fate.Series[0].Labels[0] != "eliminated" || fate.Series[0].Cells[0].P != rep.Result.P("target.1", "eliminated") {
		t.Errorf("target.1 panel %+v", fate.Series[0])
	}
}

// TestCompareChartSeries: compare draws its summary figures as groups,
// one bar per way, the same numbers as its table.
func TestCompareChartSeries(t *testing.T) {
	rep, ch := charted(t, prepareCompare, "--trials 20000")
	probs := ch.Panels[0]
	if probs.Kind != report.Groups || len(probs.Series) != 3 || probs.Series[2].Name != "set" {
		t.Fatalf("panel %+v", probs)
	}
	g := dcFigures.grid(rep.Runs)
	if probs.Series[0].Labels[2] != "any KIA" || probs.Series[2].Cells[2] != g.Rows[2].Cells[2] {
		t.Errorf("set any KIA: chart %+v, table %+v", probs.Series[2].Cells[2], g.Rows[2].Cells[2])
	}
	if len(ch.Panels) != 2 || !ch.Panels[1].Mean || ch.Panels[1].Series[0].Labels[0] != "E[out]" {
		t.Errorf("means panel %+v", ch.Panels[1:])
	}
}

func near(a, b float64) bool { d := a - b; return d < 1e-12 && d > -1e-12 }

// charted prepares a command with prepare, runs it to completion and
// returns its report and the chart --plot would draw of it.
func charted(t *testing.T, prepare func(context.Context, input) (*job, error), line string) (report.Report, report.Chart) {
	t.Helper()
	j, err := prepare(context.Background(), argv(args(line)))
	if err != nil {
		t.Fatal(err)
	}
	rep, complete, err := execute(context.Background(), &bytes.Buffer{}, j)
	if err != nil || !complete {
		t.Fatal(err, complete)
	}
	ch, err := j.chartOf(rep)
	if err != nil {
		t.Fatal(err)
	}
	return rep, ch
}

// TestChartTitlesInPlayerWords: the panels of a dc chart and of a sweep
// of one metric are named as the table names the metric after its key,
// and no label is a key with underscores.
func TestChartTitlesInPlayerWords(t *testing.T) {
	rep, ch := charted(t, prepareDC, "--target 4-6-7 --tem 2 --method exact")
	for k, p := range ch.Panels {
		m := rep.Result.Metrics[k]
		if p.Title != m.Title && !strings.HasPrefix(p.Title, m.Title+" — mean") {
			t.Errorf("panel of %s titled %q, want %q", m.Name, p.Title, m.Title)
		}
		for _, l := range p.Series[0].Labels {
			if strings.Contains(l, "_") {
				t.Errorf("%s: label %q", m.Name, l)
			}
		}
	}
	_, sw := charted(t, prepareSweep, "dc --target 4-6-7 --vary tem=0..1 --method exact --metric ift")
	if p := sw.Panels[0]; p.Title != "IFT result (first target's column)" || p.Series[len(p.Series)-1].Name != "no attack" {
		t.Errorf("sweep panel %q, last line %q", p.Title, p.Series[len(p.Series)-1].Name)
	}
}

// TestFPSweepTicksAtTheIFTColumns: a sweep over FP marks its x-axis at
// the IFT columns, where its lines step, not at round numbers between
// them; another input keeps the chart's own ticks.
func TestFPSweepTicksAtTheIFTColumns(t *testing.T) {
	_, ch := charted(t, prepareSweep, "fire --target 4-6-7 --vary fp=3..36 --method exact")
	for _, p := range ch.Panels {
		if got := fmt.Sprint(p.XTicks); got != "[3 4 6 8 12 16 20 24 30 36]" {
			t.Errorf("%s: ticks %s", p.Title, got)
		}
	}
	_, tem := charted(t, prepareSweep, "dc --target 4-6-7 --vary tem=0..3 --method exact")
	if tem.Panels[0].XTicks != nil {
		t.Errorf("tem sweep ticks %v", tem.Panels[0].XTicks)
	}
}

// TestCompareSweepPanelPerFigure: a sweep of compare draws a panel per
// summary figure with placed, thrown and set as its lines, each line the
// figure of that way's table at every value.
func TestCompareSweepPanelPerFigure(t *testing.T) {
	rep, ch := charted(t, prepareSweep, "compare --vary tem=0..2 --trials 2000")
	var cleared *report.Panel
	for k, p := range ch.Panels {
		if len(p.Series) != 3 || p.Series[0].Name != "placed" || p.Series[1].Name[:6] != "thrown" || p.Series[2].Name[:3] != "set" {
			t.Errorf("panel %q: lines %+v", p.Title, p.Series)
		}
		if p.Title == "cleared" {
			cleared = &ch.Panels[k]
		}
	}
	if cleared == nil || ch.Panels[len(ch.Panels)-1].Title != "E[out]" || !ch.Panels[len(ch.Panels)-1].Mean {
		t.Fatalf("panels %d, no cleared or E[out] last", len(ch.Panels))
	}
	// The runs are tem=0/placed, tem=0/thrown, tem=0/set, tem=1/placed, …
	for i, run := range rep.Runs {
		want := dcFigures.grid([]report.Run{run}).Rows[0].Cells[slices.Index(dcFigures.columns, "cleared")]
		if got := cleared.Series[i%3].Cells[i/3]; got != want {
			t.Errorf("%s: cleared %+v, table %+v", run.Label, got, want)
		}
	}
}
