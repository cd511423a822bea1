package main

import (
	"errors"
	"testing"
)

func TestSmallestReaching(t *testing.T) {
	// Not monotone: 0.1, 0.6, 0.3, 0.9, …
	probs := []float64{0.1, 0.6, 0.3, 0.9, 0.95}
	got, err := smallestReaching(0, 4, []float64{0.5, 0.3, 0.95, 0.99}, func(x int) (float64, error) { return probs[x], nil })
	if err != nil {
		t.Fatal(err)
	}
	want := []goalAnswer{{0.5, 1, 0.6, true}, {0.3, 1, 0.6, true}, {0.95, 4, 0.95, true}, {Target: 0.99}}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("target %v: %+v, want %+v", want[i].Target, got[i], want[i])
		}
	}
	// A probability a rounding below its exact target still reaches it.
	got, _ = smallestReaching(3, 3, []float64{4.0 / 9}, func(int) (float64, error) { return 4.0/9 - 1e-15, nil })
	if !got[0].Found || got[0].Value != 3 {
		t.Errorf("4/9 less a rounding: %+v", got[0])
	}
	// It stops at the first error, and does not evaluate past the answer.
	calls := 0
	boom := errors.New("boom")
	_, err = smallestReaching(0, 100, []float64{0.5}, func(x int) (float64, error) {
		calls++
		if x == 2 {
			return 0, boom
		}
		return 0, nil
	})
	if !errors.Is(err, boom) || calls != 3 {
		t.Errorf("err %v after %d calls", err, calls)
	}
	calls = 0
	_, _ = smallestReaching(0, 100, []float64{0.5}, func(x int) (float64, error) { calls++; return float64(x) / 10, nil })
	if calls != 6 {
		t.Errorf("%d evaluations for an answer at 5", calls)
	}
}
