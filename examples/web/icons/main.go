// Command icons draws the page's PNG icons from its SVG icons: the
// installed app's icons that browsers want as PNG (192 and 512 pixels,
// and a maskable one). It reads examples/web/static/icon.svg and
// icon-maskable.svg (rectangles, rounded or not, and circles: the
// elements the icons use) and writes icon-192.png, icon-512.png and
// icon-maskable-512.png beside them, anti-aliased by 4x4 supersampling.
// Run it after changing an SVG icon (go test ./examples/web/icons fails
// while the PNGs are stale):
//
//	go run ./examples/web/icons
//
// With -dir it reads and writes another folder.
package main

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// icon is one PNG to write: its file, the SVG it is drawn from, its size
// in pixels.
type icon struct {
	name, svg string
	size      int
}

var icons = []icon{
	{"icon-192.png", "icon.svg", 192},
	{"icon-512.png", "icon.svg", 512},
	{"icon-maskable-512.png", "icon-maskable.svg", 512},
}

// shape is a filled rectangle (rounded by rx) or circle, in the SVG's
// user units.
type shape struct {
	circle         bool
	x, y, w, h, rx float64 // rectangle
	cx, cy, r      float64 // circle
	fill           color.NRGBA
}

// inside tells whether point (px, py) is inside the shape.
func (s shape) inside(px, py float64) bool {
	if s.circle {
		dx, dy := px-s.cx, py-s.cy
		return dx*dx+dy*dy <= s.r*s.r
	}
	if px < s.x || py < s.y || px > s.x+s.w || py > s.y+s.h {
		return false
	}
	rx := math.Min(s.rx, math.Min(s.w, s.h)/2)
	dx := math.Max(math.Abs(px-(s.x+s.w/2))-(s.w/2-rx), 0)
	dy := math.Max(math.Abs(py-(s.y+s.h/2))-(s.h/2-rx), 0)
	return dx*dx+dy*dy <= rx*rx
}

// parse reads an SVG of rect and circle elements with fill colours
// (#rrggbb) and its viewBox width.
func parse(b []byte) ([]shape, float64, error) {
	d := xml.NewDecoder(bytes.NewReader(b))
	var shapes []shape
	view := 0.0
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		a := map[string]string{}
		for _, at := range el.Attr {
			a[at.Name.Local] = at.Value
		}
		num := func(k string) float64 {
			v, _ := strconv.ParseFloat(a[k], 64)
			return v
		}
		switch el.Name.Local {
		case "svg":
			f := strings.Fields(a["viewBox"])
			if len(f) != 4 {
				return nil, 0, fmt.Errorf("icons: viewBox %q", a["viewBox"])
			}
			view, _ = strconv.ParseFloat(f[2], 64)
		case "rect", "circle":
			c, err := hex(a["fill"])
			if err != nil {
				return nil, 0, err
			}
			s := shape{circle: el.Name.Local == "circle", x: num("x"), y: num("y"), w: num("width"), h: num("height"),
				rx: num("rx"), cx: num("cx"), cy: num("cy"), r: num("r"), fill: c}
			shapes = append(shapes, s)
		default:
			return nil, 0, fmt.Errorf("icons: element <%s> is not drawn (rect and circle only)", el.Name.Local)
		}
	}
	if view <= 0 || len(shapes) == 0 {
		return nil, 0, fmt.Errorf("icons: no viewBox or no shapes")
	}
	return shapes, view, nil
}

// hex reads a #rrggbb colour.
func hex(s string) (color.NRGBA, error) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if len(s) != 7 || s[0] != '#' || err != nil {
		return color.NRGBA{}, fmt.Errorf("icons: fill %q (want #rrggbb)", s)
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, nil
}

// draw paints the shapes, in order, on a size x size transparent image.
func draw(shapes []shape, view float64, size int) *image.NRGBA {
	const ss = 4
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	unit := view / float64(size)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					px := (float64(x) + (float64(sx)+0.5)/ss) * unit
					py := (float64(y) + (float64(sy)+0.5)/ss) * unit
					// The topmost shape that covers the sample.
					for i := len(shapes) - 1; i >= 0; i-- {
						if shapes[i].inside(px, py) {
							c := shapes[i].fill
							r += float64(c.R)
							g += float64(c.G)
							b += float64(c.B)
							a++
							break
						}
					}
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(r/a + 0.5), uint8(g/a + 0.5), uint8(b/a + 0.5), uint8(a*255/(ss*ss) + 0.5)})
		}
	}
	return img
}

// render returns the PNG of ic drawn from the SVG in dir.
func render(dir string, ic icon) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(dir, ic.svg))
	if err != nil {
		return nil, err
	}
	shapes, view, err := parse(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ic.svg, err)
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, draw(shapes, view, ic.size)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func main() {
	dir := flag.String("dir", filepath.Join("examples", "web", "static"), "the folder of the SVG icons, where the PNGs go")
	flag.Parse()
	for _, ic := range icons {
		b, err := render(*dir, ic)
		if err == nil {
			err = os.WriteFile(filepath.Join(*dir, ic.name), b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("icons: wrote %s (%d bytes)\n", filepath.Join(*dir, ic.name), len(b))
	}
}
