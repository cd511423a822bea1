package report

import (
	"image/color"
	"testing"
)

// TestPaletteStaysDistinct: twelve series get twelve colours, none near
// another or near the white page, and the series after them repeat the
// colours with dash patterns that tell the rounds apart.
func TestPaletteStaysDistinct(t *testing.T) {
	dist := func(a, b color.RGBA) int {
		d := func(x, y uint8) int { return (int(x) - int(y)) * (int(x) - int(y)) }
		return d(a.R, b.R) + d(a.G, b.G) + d(a.B, b.B)
	}
	white := color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	for i := range 12 {
		if dashesOf(i) != nil {
			t.Errorf("series %d is dashed: the first twelve are solid", i)
		}
		if dist(colorOf(i), white) < 3*40*40 {
			t.Errorf("series %d: %v is too near white", i, colorOf(i))
		}
		for j := range i {
			if dist(colorOf(i), colorOf(j)) < 3*30*30 {
				t.Errorf("series %d and %d: %v and %v are too alike", j, i, colorOf(j), colorOf(i))
			}
		}
	}
	for i := 12; i < 48; i++ {
		if dashesOf(i) == nil {
			t.Errorf("series %d repeats the colour of series %d and is solid", i, i%12)
		}
		if i >= 24 && equalDashes(dashesOf(i), dashesOf(i-12)) {
			t.Errorf("series %d and %d: one colour, one dash pattern", i-12, i)
		}
	}
}

func equalDashes[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
