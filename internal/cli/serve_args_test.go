package cli

import (
	"net/url"
	"slices"
	"sync"
	"testing"
)

// TestReadInvocationLeavesTheForm: reading a query writes nothing into
// its form, which every request shares; concurrent requests, each with
// its own flags, get their own.
func TestReadInvocationLeavesTheForm(t *testing.T) {
	f := *newForm(dcCommand)
	// Spare room after the form's own fields, where an append would write.
	f.own = slices.Grow(f.own, len(f.common))
	spare := f.own[len(f.own):cap(f.own)]
	queries := []url.Values{
		{"target": {"4-6-7"}, "tem": {"2"}, "seed": {"3"}},
		{"target": {"leader:8-1"}, "trials": {"1000"}},
	}
	var wg sync.WaitGroup
	got := make([]*invocation, 8)
	for i := range got {
		wg.Go(func() {
			inv, err := readInvocation(&f, queries[i%2])
			if err != nil {
				t.Error(err)
			}
			got[i] = inv
		})
	}
	wg.Wait()
	for i, fd := range spare[:cap(spare)] {
		if fd != nil {
			t.Errorf("the form's spare field %d is now %s", i, fd.Name)
		}
	}
	for i, inv := range got {
		if inv == nil {
			continue
		}
		want := []string{"--target=4-6-7", "--tem=2", "--seed=3"}
		if i%2 == 1 {
			want = []string{"--target=leader:8-1", "--trials=1000"}
		}
		if argv, _ := inv.argv(); !slices.Equal(argv, want) {
			t.Errorf("request %d: %q, want %q", i, argv, want)
		}
	}
}
