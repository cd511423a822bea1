//go:build !js

package report

import "gonum.org/v1/plot/vg/draw"

// glyphs gives each line of a panel its own marker, so that lines drawn
// on top of one another still show as several.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{},
	draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

// glyphOrder is the marker of each colour of the palette: the first eight
// in turn, then, for the last four, one that no colour like theirs has
// (Tol's wine not vermillion's ring nor purple's box; olive not orange's
// square; green not bluish green's triangle; yellow not orange's square
// nor olive's plus).
var glyphOrder = [...]int{0, 1, 2, 3, 4, 5, 6, 7, 2, 7, 0, 4}

func glyphOf(i int) draw.GlyphDrawer { return glyphs[glyphOrder[i%len(palette)]] }
