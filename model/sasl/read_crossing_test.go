package sasl

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestReadCrossing: a Go program reads a crossing file as the command
// line does, passing over a scenario's own keys it names, refusing any
// other at its line, and runs it on the illustrative tables.
func TestReadCrossing(t *testing.T) {
	data, err := os.ReadFile(crossingFile)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ReadCrossing("x.yaml", data)
	var fe *FileError
	if !errors.As(err, &fe) || fe.File != "x.yaml" || fe.Line != 1 || !strings.HasPrefix(fe.Msg, `unknown field "command"`) {
		t.Errorf("a scenario's key not passed over, or not a *FileError at its line: %v", err)
	}
	cf, err := ReadCrossing("x.yaml", data, "command", "title", "description", "flags")
	if err != nil {
		t.Fatal(err)
	}
	if cf.Tables != "illustrative" {
		t.Errorf("tables %q", cf.Tables)
	}
	if cf.Crossing.Tables, err = IllustrativeTables(); err != nil {
		t.Fatal(err)
	}
	exp, err := cf.Crossing.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	// sapper activate two-sq-crossing's headline, the same file.
	if p := res.P(MetricArrived, "yes"); p < 0.69605 || p > 0.69615 {
		t.Errorf("arrived %.5f, want the command line's 69.61%%", p)
	}
}
