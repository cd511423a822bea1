package sasl

import (
	"encoding/json"
	"os"
	"testing"
)

// TestCrossingReadsBack: a crossing's JSON, as the command line echoes
// it, decodes to the same crossing.
func TestCrossingReadsBack(t *testing.T) {
	data, err := os.ReadFile(crossingFile)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := decodeCrossing("x.yaml", crossingFields(t, "x.yaml", data))
	if err != nil {
		t.Fatal(err)
	}
	c := cf.Crossing
	c.Tables = readTables(t)
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	var back Crossing
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if again, _ := json.Marshal(&back); string(again) != string(b) {
		t.Errorf("the crossing reads back otherwise:\n%s\n%s", b, again)
	}
}
