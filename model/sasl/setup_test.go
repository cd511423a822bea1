package sasl

import (
	"os"
	"reflect"
	"testing"
)

// TestPlanOnWorkers: a plan whose tables are built on several workers is
// the plan built on one, for every crossing of the tests: the set-up is
// shared out, never changed.
func TestPlanOnWorkers(t *testing.T) {
	crossings := mergeCrossings(t)
	for _, file := range []string{crossingFile, "../../internal/cli/scenarios/village-crossing.yaml"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cf, err := decodeCrossing(file, crossingFields(t, file, data))
		if err != nil {
			t.Fatal(err)
		}
		cf.Crossing.Tables = readTables(t)
		crossings[file] = &cf.Crossing
	}
	for name, c := range crossings {
		one, err := newPlan(c, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, workers := range []int{2, 3, 64} {
			p, err := newPlan(c, workers)
			if err != nil {
				t.Fatalf("%s on %d workers: %v", name, workers, err)
			}
			if !reflect.DeepEqual(p, one) {
				t.Errorf("%s: the plan built on %d workers differs from the one built on one", name, workers)
			}
		}
	}
}
