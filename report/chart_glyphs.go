//go:build !js

package report

import "gonum.org/v1/plot/vg/draw"

// glyphs gives each line of a panel its own marker, so that lines drawn
// on top of one another still show as several.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{},
	draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

func glyphOf(i int) draw.GlyphDrawer { return glyphs[i%len(glyphs)] }
