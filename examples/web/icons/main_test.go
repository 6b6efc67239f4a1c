package main

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestFresh: the committed PNG icons are what the SVG icons draw now
// (run go run ./examples/web/icons after changing an SVG).
func TestFresh(t *testing.T) {
	dir := filepath.Join("..", "static")
	for _, ic := range icons {
		want, err := render(dir, ic)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, ic.name))
		if err != nil {
			t.Fatalf("%v (go run ./examples/web/icons writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: go run ./examples/web/icons", ic.name)
		}
		img, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != ic.size || b.Dy() != ic.size {
			t.Errorf("%s is %dx%d, want %d", ic.name, b.Dx(), b.Dy(), ic.size)
		}
	}
}

// TestDraw: exact pixels of a small drawing: a rounded square's corner
// is transparent, its middle the fill, a circle's centre its fill, and an
// edge pixel half covered.
func TestDraw(t *testing.T) {
	shapes, view, err := parse([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#102030"/><circle cx="8" cy="8" r="2" fill="#ffffff"/><rect x="0" y="12" width="16" height="0.5" fill="#ff0000"/></svg>`))
	if err != nil {
		t.Fatal(err)
	}
	img := draw(shapes, view, 16)
	for _, c := range []struct {
		x, y int
		want color.NRGBA
	}{
		{0, 0, color.NRGBA{}},
		{4, 4, color.NRGBA{0x10, 0x20, 0x30, 255}},
		{7, 7, color.NRGBA{255, 255, 255, 255}},
		{8, 12, color.NRGBA{0x88, 0x10, 0x18, 255}}, // half red, half the square
	} {
		if got := img.NRGBAAt(c.x, c.y); got != c.want {
			t.Errorf("pixel (%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	for _, bad := range []string{
		`<svg viewBox="0 0 16 16"><path d="M0 0" fill="#000000"/></svg>`,
		`<svg viewBox="0 0 16 16"><rect width="4" height="4" fill="red"/></svg>`,
		`<svg><rect width="4" height="4" fill="#000000"/></svg>`,
		``,
	} {
		if _, _, err := parse([]byte(bad)); err == nil {
			t.Errorf("parse(%q) took it", bad)
		}
	}
}
