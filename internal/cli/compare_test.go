package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestCompareJSONRuns(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), &out, &errb, []string{"compare", "--method", "exact", "--format", "json"})
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var doc struct {
		Command string `json:"command"`
		Runs    []struct {
			Label  string `json:"label"`
			Method string `json:"method"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range doc.Runs {
		labels = append(labels, r.Label)
		if r.Method != "exact" {
			t.Errorf("run %s: method %s", r.Label, r.Method)
		}
	}
	if doc.Command != "compare" || strings.Join(labels, ",") != "placed,thrown,set" {
		t.Errorf("command %q, runs %v", doc.Command, labels)
	}
}

func TestCompareTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), &out, &errb, []string{"compare", "--trials", "20000", "--progress", "never"}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"placed", "thrown", "set", "chain ok", "stone building"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

// TestComparePlacerIsTheSquad: a --placer is one squad's three ways, the
// thrower and the Setter too, unless either is given; and the side-by-side
// refusals name compare's ways as ways.
func TestComparePlacerIsTheSquad(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// A 4-6-7 is 1st Line, a non-elite user, whose X# is the lower
		// (A23.2): said once for the three ways alike.
		{[]string{"--placer", "4-6-7"}, "Placed by 4-6-7 facing Defensive Fire of 8 FP at −1; Thrown in the PFPh by 4-6-7\nfrom open ground; Set during play by 4-6-7; each a non-elite user"},
		{[]string{"--placer", "4-6-7", "--setter", "4-4-7"}, "Set during play by 4-4-7; each a non-elite user"},
		{[]string{"--placer", "4-6-7", "--thrower", "4-4-7"}, "Thrown in the PFPh by 4-4-7\nfrom open ground; Set during play by 4-6-7; each a non-elite user"},
		{[]string{"--placer", "4-6-7", "--thrower", "4-4-7,class=elite"}, "Placed by 4-6-7 (a non-elite user) facing Defensive Fire of 8 FP at −1; Thrown\nin the PFPh by 4-4-7,class=elite from open ground; Set during play by 4-6-7 (a\nnon-elite user)"},
		{nil, "Set during play by 4-6-8,class=elite"},
		// The Throw's phase, whose AFPh +1 changes the Thrown way alone
		// (A23.62), said either way.
		{[]string{"--afph"}, "Thrown in the\nAFPh (+1) by 4-6-8,class=elite"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"compare", "--trials", "1000", "--progress", "never"}, c.args...)
		if code := run(context.Background(), &out, &errb, args); code != exitOK {
			t.Fatalf("%v: exit %d: %s", c.args, code, errb.String())
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("%v: the setup lacks %q:\n%s", c.args, c.want, out.String())
		}
	}
	var out, errb bytes.Buffer
	run(context.Background(), &out, &errb, []string{"compare", "--hide-zero"})
	if !strings.Contains(errb.String(), "fixed figures of each way") {
		t.Errorf("compare --hide-zero: %q", errb.String())
	}
}

// TestCompareNoDefensiveFire: --dff none Places with no Defensive Fire,
// the chain always whole and the Placer never out, and its placed column
// is sapper dc's Placed DC with no --dff, exactly.
func TestCompareNoDefensiveFire(t *testing.T) {
	code, stdout, stderr := cli(t, "compare", "--dff", "none", "--method", "exact", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var v struct {
		Inputs struct{ DFF []any }
		Runs   []struct {
			Label   string
			Figures []struct{ Name, Fraction string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatal(err)
	}
	fig := func(name string) string {
		for _, f := range v.Runs[0].Figures {
			if f.Name == name {
				return f.Fraction
			}
		}
		return ""
	}
	_, dc, _ := cli(t, "dc", "--target", "4-6-7", "--target", "leader:8-1", "--building", "stone", "--placer", "4-6-8,class=elite", "--method", "exact", "--format", "json")
	var d struct {
		Metrics []struct {
			Name     string
			Outcomes []struct{ Value, Fraction string }
		}
	}
	if err := json.Unmarshal([]byte(dc), &d); err != nil {
		t.Fatal(err)
	}
	cleared := ""
	for _, m := range d.Metrics {
		if m.Name == "stack" {
			cleared = m.Outcomes[0].Fraction // cleared
		}
	}
	if v.Inputs.DFF == nil || len(v.Inputs.DFF) != 0 || v.Runs[0].Label != "placed" || fig("chain ok") != "1/1" || fig("user out") != "0/1" || cleared == "" || fig("cleared") != cleared {
		t.Errorf("compare --dff none: dff %v, %s: chain ok %s, user out %s, cleared %s (dc with no --dff: %s)",
			v.Inputs.DFF, v.Runs[0].Label, fig("chain ok"), fig("user out"), fig("cleared"), cleared)
	}
	code, _, stderr = cli(t, "compare", "--dff", "none", "--dff", "4:0")
	if code != exitUsage || !strings.Contains(stderr, "--dff none: no Defensive Fire stands alone") {
		t.Errorf("--dff none --dff 4:0: exit %d, %q", code, stderr)
	}
}

// TestDCNoDefensiveFire: dc reads --dff none as compare does, no
// Defensive Fire, which is its default.
func TestDCNoDefensiveFire(t *testing.T) {
	args := []string{"dc", "--target", "4-6-7", "--placer", "4-6-7", "--method", "exact", "--format", "json"}
	code, none, stderr := cli(t, append(args, "--dff", "none")...)
	if code != exitOK {
		t.Fatalf("dc --dff none: exit %d: %s", code, stderr)
	}
	_, bare, _ := cli(t, args...)
	if scrubElapsed(none) != scrubElapsed(bare) {
		t.Errorf("dc --dff none:\n%s\nwith no --dff:\n%s", none, bare)
	}
}

func TestCompareBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"compare", "--dff", "8"},
		{"compare", "--target", "4-6-x"},
		{"compare", "--building", "castle"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), &out, &errb, args)
		if code != exitUsage || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
}

func TestDCBreachCombinations(t *testing.T) {
	for _, args := range [][]string{
		{"dc", "--mode", "set", "--breach", "rowhouse", "--building", "stone", "--beyond", "4-6-7"},
		{"dc", "--breach", "rowhouse", "--building", "stone", "--target", "4-6-7"},
		{"dc", "--beyond", "4-6-7"},
		{"dc", "--mode", "placed", "--setter", "4-6-8", "--target", "4-6-7"},
		{"dc", "--target", "4-6-7", "--placer", "4-6-8", "--dff", "8"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), &out, &errb, args)
		if code != exitUsage || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	args := []string{"dc", "--breach", "rowhouse", "--building", "stone", "--beyond", "4-6-7", "--tem", "3", "--method", "exact", "--format", "csv"}
	if code := run(context.Background(), &out, &errb, args); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// R12: a stone Rowhouse breach by an elite user, 33/36.
	if !strings.Contains(out.String(), ",breach,yes,,0.9166666666666") {
		t.Errorf("no 33/36 breach in:\n%s", out.String())
	}
}

// TestCompareNamesDFFFirers: the setup line names Defensive Fire's firers
// and how they Cower, as --dff gave them, so that two runs whose figures
// differ by Cowering do not read alike.
func TestCompareNamesDFFFirers(t *testing.T) {
	code, stdout, stderr := cli(t, "compare", "--method", "exact", "--dff", "8:-1,class=first", "--dff", "1:0,class=green", "--dff", "4:0,class=elite,nation=british")
	flat := strings.Join(strings.Fields(stdout), " ")
	for _, want := range []string{
		"Defensive Fire of 8 FP at −1 by 1st Line firers (Cowering) and 1 FP by Green firers (Cowering off the lowest column: doubles do nothing) and 4 FP by British Elite firers (no Cowering);",
	} {
		if code != exitOK || !strings.Contains(flat, want) {
			t.Errorf("exit %d %s: want %q in\n%s", code, stderr, want, stdout)
		}
	}
}
