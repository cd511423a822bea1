package site

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
)

// The app's icon is drawn here, once, as shapes: a die showing three on a
// dark green tile. icon.svg and every PNG the manifest lists are rendered
// from these shapes when the site is built, so that no image in the site
// comes from anywhere but this file.

// iconView is the side of the square the shapes are placed in.
const iconView = 64

// shape is a rounded rectangle (r is its corner radius) or, with w = 0, a
// circle of radius r centred on (x, y).
type shape struct {
	x, y, w, h, r float64
	fill          color.NRGBA
}

var (
	iconGreen = color.NRGBA{0x1f, 0x4d, 0x36, 0xff}
	iconBone  = color.NRGBA{0xf2, 0xe6, 0xc9, 0xff}
	iconRed   = color.NRGBA{0xb3, 0x26, 0x1e, 0xff}
)

// iconShapes are the icon: the tile (with rounded corners, or square to
// the edge for a maskable icon, which the platform crops to its own
// shape), the die and its three pips. The die fits the maskable safe
// zone, a circle of 40% of the side around the centre.
func iconShapes(maskable bool) []shape {
	tile := shape{0, 0, iconView, iconView, 12, iconGreen}
	if maskable {
		tile.r = 0
	}
	return []shape{
		tile,
		{14, 14, 36, 36, 4, iconBone},
		{24, 24, 0, 0, 4, iconGreen},
		{40, 40, 0, 0, 4, iconGreen},
		{32, 32, 0, 0, 4, iconRed},
	}
}

// iconSVG writes the icon as SVG.
func iconSVG() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d">`, iconView, iconView)
	for _, s := range iconShapes(false) {
		hex := fmt.Sprintf("#%02x%02x%02x", s.fill.R, s.fill.G, s.fill.B)
		if s.w == 0 {
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`, s.x, s.y, s.r, hex)
		} else {
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s"/>`, s.x, s.y, s.w, s.h, s.r, hex)
		}
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// inside reports whether the point (px, py), in the shapes' units, is in s.
func (s shape) inside(px, py float64) bool {
	if s.w == 0 {
		return math.Hypot(px-s.x, py-s.y) <= s.r
	}
	if px < s.x || py < s.y || px > s.x+s.w || py > s.y+s.h {
		return false
	}
	// the nearest point of the rectangle shrunk by r: within r of it
	cx := math.Min(math.Max(px, s.x+s.r), s.x+s.w-s.r)
	cy := math.Min(math.Max(py, s.y+s.r), s.y+s.h-s.r)
	return math.Hypot(px-cx, py-cy) <= s.r
}

// iconPNG renders the icon at size × size pixels (iconImage) and encodes
// it as a PNG.
func iconPNG(size int, maskable bool) ([]byte, error) {
	return encodePNG(iconImage(size, maskable))
}

// iconImage renders the icon at size × size pixels, each pixel the mean
// of 4 × 4 samples, so that edges are smooth.
func iconImage(size int, maskable bool) *image.NRGBA {
	const n = 4
	shapes := iconShapes(maskable)
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := float64(iconView) / float64(size)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					px := (float64(x) + (float64(sx)+0.5)/n) * scale
					py := (float64(y) + (float64(sy)+0.5)/n) * scale
					// the topmost shape under the sample colours it
					for i := len(shapes) - 1; i >= 0; i-- {
						if s := shapes[i]; s.inside(px, py) {
							r += float64(s.fill.R)
							g += float64(s.fill.G)
							b += float64(s.fill.B)
							a++
							break
						}
					}
				}
			}
			if a == 0 {
				continue
			}
			// colour averaged over the covered samples, alpha the coverage
			img.SetNRGBA(x, y, color.NRGBA{uint8(math.Round(r / a)), uint8(math.Round(g / a)), uint8(math.Round(b / a)), uint8(math.Round(255 * a / (n * n)))})
		}
	}
	return img
}

// encodePNG encodes img, with a palette of its colours when it has at most
// 256: the same pixels, a byte each instead of four. The icon's few
// colours and their blends at the edges fit, and the four PNGs, which a
// first visit fetches with the manifest, take about half the bytes.
func encodePNG(img *image.NRGBA) ([]byte, error) {
	write := func(m image.Image) ([]byte, error) {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, m); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	b := img.Bounds()
	p := image.NewPaletted(b, nil)
	index := map[color.NRGBA]uint8{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			i, ok := index[c]
			if !ok {
				if len(p.Palette) == 256 {
					return write(img)
				}
				i = uint8(len(p.Palette))
				index[c] = i
				p.Palette = append(p.Palette, c)
			}
			p.SetColorIndex(x, y, i)
		}
	}
	return write(p)
}

// icons are the icon files a site has, by name: the SVG for browsers
// that take it, PNGs at the sizes an installed app needs (192 and 512 px
// for the manifest, 180 px for iOS's home screen) and a maskable 512 px
// one that Android crops to its own shape.
func icons() (map[string][]byte, error) {
	out := map[string][]byte{"icon.svg": iconSVG()}
	for _, ic := range []struct {
		name     string
		size     int
		maskable bool
	}{{"icon-192.png", 192, false}, {"icon-512.png", 512, false}, {"icon-180.png", 180, false}, {"icon-maskable-512.png", 512, true}} {
		data, err := iconPNG(ic.size, ic.maskable)
		if err != nil {
			return nil, err
		}
		out[ic.name] = data
	}
	return out, nil
}
