//go:build !js

package report

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// A Monte Carlo run stopped before its first trial has no figures: not a
// 0.00% with an interval of 0–100%, which reads as a result.
func TestNoTrialsNoFigures(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := sim.RunMC(ctx, twoDice(), sim.Config{Trials: 1000, Seed: 1, Workers: 1})
	if err != nil || res == nil || res.Trials != 0 || res.Complete {
		t.Fatalf("a run cancelled before it began: %v, %+v", err, res)
	}
	if c := Sum(res, "sum", "seven"); c.Valid {
		t.Errorf("Sum of no trials: %+v, want no figure", c)
	}
	if c := Mean(res, "sixes"); c.Valid {
		t.Errorf("Mean of no trials: %+v, want no figure", c)
	}
	if h := NewHeadline(res, "sum", []string{"seven"}, "Seven"); h != nil {
		t.Errorf("headline %q of no trials", h.Text)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, Report{Command: "roll", Title: "Two dice", Result: res}, Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	first, _, _ := strings.Cut(out, "\n")
	if first != "No figures: stopped before the first trial." {
		t.Errorf("first line %q", first)
	}
	if !strings.Contains(out, "INCOMPLETE: interrupted before its first trial: there are no figures") {
		t.Errorf("no INCOMPLETE line:\n%s", out)
	}
	if strings.Contains(out, "%") && !strings.Contains(out, "95% Wilson intervals") || strings.Contains(out, "0.00%") {
		t.Errorf("a figure of no trials:\n%s", out)
	}
}
