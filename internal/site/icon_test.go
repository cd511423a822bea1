package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

// TestIcons: every icon the manifest lists is a PNG of its size drawn from
// the shapes: the tile's colour at its edge (transparent in the rounded
// corners but for the maskable icon, which a platform crops itself), the
// red pip at the centre, a dark pip up and left; and icon.svg carries the
// same shapes.
func TestIcons(t *testing.T) {
	ics, err := icons()
	if err != nil {
		t.Fatal(err)
	}
	for name, size := range map[string]int{"icon-180.png": 180, "icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512} {
		img, err := png.Decode(bytes.NewReader(ics[name]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b != image.Rect(0, 0, size, size) {
			t.Fatalf("%s: %v, want %d × %d", name, b, size, size)
		}
		at := func(fx, fy float64) color.NRGBA {
			return color.NRGBAModel.Convert(img.At(int(fx*float64(size)), int(fy*float64(size)))).(color.NRGBA)
		}
		corner := at(0, 0)
		if maskable := strings.Contains(name, "maskable"); maskable != (corner.A == 255) {
			t.Errorf("%s: corner %v", name, corner)
		}
		for _, c := range []struct {
			fx, fy float64
			want   color.NRGBA
		}{{0.5, 0.02, iconGreen}, {0.5, 0.5, iconRed}, {24.0 / 64, 24.0 / 64, iconGreen}, {0.3, 0.7, iconBone}} {
			if got := at(c.fx, c.fy); got != c.want {
				t.Errorf("%s at (%.2f, %.2f): %v, want %v", name, c.fx, c.fy, got, c.want)
			}
		}
	}
	svg := string(ics["icon.svg"])
	for _, want := range []string{`viewBox="0 0 64 64"`, `rx="12" fill="#1f4d36"`, `<circle cx="32" cy="32" r="4" fill="#b3261e"/>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("icon.svg lacks %s: %s", want, svg)
		}
	}
}

// TestManifestIcons: the manifest lists PNG icons of 192 and 512 px, as
// an installable app needs, and a maskable one, each a file the build
// draws at the size the manifest says; and the service worker keeps them.
func TestManifestIcons(t *testing.T) {
	data, err := web.ReadFile("web/manifest.webmanifest")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Icons []struct{ Src, Sizes, Type, Purpose string }
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	ics, err := icons()
	if err != nil {
		t.Fatal(err)
	}
	sw, err := web.ReadFile("web/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, ic := range m.Icons {
		file, ok := ics[ic.Src]
		if !ok {
			t.Errorf("the manifest lists %s, which the build does not draw", ic.Src)
			continue
		}
		if !bytes.Contains(sw, []byte(`"`+ic.Src+`"`)) {
			t.Errorf("the service worker does not keep %s", ic.Src)
		}
		if ic.Type != "image/png" {
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(file))
		if err != nil {
			t.Fatalf("%s: %v", ic.Src, err)
		}
		if got := fmt.Sprintf("%dx%d", cfg.Width, cfg.Height); got != ic.Sizes {
			t.Errorf("%s is %s, the manifest says %s", ic.Src, got, ic.Sizes)
		}
		have[ic.Sizes+" "+ic.Purpose] = true
	}
	for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable"} {
		if !have[want] {
			t.Errorf("the manifest has no PNG icon %s", want)
		}
	}
}

// TestIconPNGsAreExact: each PNG, encoded with a palette of its colours,
// decodes to the very pixels rendered; an image of more than 256 colours
// is encoded without one, as exactly.
func TestIconPNGsAreExact(t *testing.T) {
	same := func(name string, want *image.NRGBA, data []byte, paletted bool) {
		t.Helper()
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, ok := img.(*image.Paletted); ok != paletted {
			t.Errorf("%s: paletted %v, want %v", name, ok, paletted)
		}
		b := want.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if got := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA); got != want.NRGBAAt(x, y) {
					t.Fatalf("%s at (%d, %d): %v, rendered %v", name, x, y, got, want.NRGBAAt(x, y))
				}
			}
		}
	}
	for _, size := range []int{180, 192, 512} {
		for _, maskable := range []bool{false, true} {
			data, err := iconPNG(size, maskable)
			if err != nil {
				t.Fatal(err)
			}
			same(fmt.Sprintf("%d px, maskable %v", size, maskable), iconImage(size, maskable), data, true)
		}
	}
	ramp := image.NewNRGBA(image.Rect(0, 0, 300, 2))
	for x := range 300 {
		ramp.SetNRGBA(x, 0, color.NRGBA{uint8(x), uint8(x / 2), 7, 255})
		ramp.SetNRGBA(x, 1, color.NRGBA{uint8(x), 0, 0, uint8(x / 3)})
	}
	data, err := encodePNG(ramp)
	if err != nil {
		t.Fatal(err)
	}
	same("a ramp of 300 colours", ramp, data, false)
}
