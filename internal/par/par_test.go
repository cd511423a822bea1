package par

import (
	"slices"
	"testing"
)

// TestDo: every index is called once, whatever the number of workers.
func TestDo(t *testing.T) {
	for _, workers := range []int{-1, 0, 1, 2, 3, 64} {
		for _, n := range []int{0, 1, 2, 7, 100} {
			got := make([]int, n)
			Do(workers, n, func(i int) { got[i]++ })
			if want := slices.Repeat([]int{1}, n); !slices.Equal(got, want) {
				t.Errorf("Do(%d, %d): calls per index %v, want one each", workers, n, got)
			}
		}
	}
}
