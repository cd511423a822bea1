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
