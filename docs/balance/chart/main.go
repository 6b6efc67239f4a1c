// Command chart draws docs/balance.svg from docs/balance.csv, the table
// that `study merge -csv` writes, with gonum's plotting library: one row
// per cell (game, rules, players), the first player's score over finished
// games as a dot with its 95% interval, a dashed line at 50% (a balanced
// game); a colour per game, a marker per study (seed, opening, ply cap).
//
//	cd docs/balance/chart && go run . ../../balance.csv > ../../balance.svg
//
// It is a module of its own, so that the plotting library stays out of the
// library's go.mod; CI draws the chart again and compares it with the
// committed one. The output depends only on the CSV.
package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: chart balance.csv > balance.svg")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "chart:", err)
		os.Exit(1)
	}
}

// cell is one row of the CSV, with what the chart shows.
type cell struct {
	game, rules, players string
	score, lo, hi        float64 // first player's score and its 95% interval
	study                string  // "seed 2026, 4 random opening plies, ply cap 2000"
}

func readCSV(r io.Reader) ([]cell, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) < 2 {
		return nil, errors.New("no cells")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"game", "rules", "south", "north", "first_score", "first_score_lo", "first_score_hi", "opening_plies", "opening_turns", "max_plies", "seed"} {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("no column %q", h)
		}
	}
	var cells []cell
	for i, r := range rows[1:] {
		num := func(h string) (float64, error) {
			v, err := strconv.ParseFloat(r[col[h]], 64)
			if err != nil {
				return 0, fmt.Errorf("row %d, %s: %w", i+2, h, err)
			}
			return v, nil
		}
		c := cell{game: r[col["game"]], rules: r[col["rules"]]}
		if c.rules == "" {
			c.rules = "default"
		}
		c.players = r[col["south"]]
		if n := r[col["north"]]; n != c.players {
			c.players += " vs " + n
		}
		if r[col["first_score"]] == "" { // every game censored: no score
			continue
		}
		if c.score, err = num("first_score"); err != nil {
			return nil, err
		}
		if c.lo, err = num("first_score_lo"); err != nil {
			return nil, err
		}
		if c.hi, err = num("first_score_hi"); err != nil {
			return nil, err
		}
		opening := r[col["opening_plies"]] + " random opening plies"
		if t := r[col["opening_turns"]]; t != "0" && t != "" {
			opening = t + " random opening turns"
		}
		capText := "no ply cap"
		if m := r[col["max_plies"]]; m != "0" && m != "" {
			capText = "ply cap " + m
		}
		c.study = "seed " + r[col["seed"]] + ", " + opening + ", " + capText
		cells = append(cells, c)
	}
	return cells, nil
}

// points is the dots of some cells with their intervals, at their rows.
type points struct {
	xy  plotter.XYs
	err [][2]float64 // below, above
}

func (p *points) Len() int                        { return len(p.xy) }
func (p *points) XY(i int) (float64, float64)     { return p.xy[i].X, p.xy[i].Y }
func (p *points) XError(i int) (float64, float64) { return p.err[i][0], p.err[i][1] }
func (p *points) add(x, y, lo, hi float64) {
	p.xy = append(p.xy, plotter.XY{X: x, Y: y})
	p.err = append(p.err, [2]float64{x - lo, hi - x})
}
func order(list []string, s string) ([]string, int) {
	for i, x := range list {
		if x == s {
			return list, i
		}
	}
	return append(list, s), len(list)
}

// percentTicks marks every 10% between the axis' ends.
type percentTicks struct{}

func (percentTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for p := int(min*10 + 0.5); float64(p)/10 <= max+1e-9; p++ {
		ts = append(ts, plot.Tick{Value: float64(p) / 10, Label: strconv.Itoa(p*10) + "%"})
	}
	return ts
}

func run(path string, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	cells, err := readCSV(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	plotter.DefaultFont = plot.DefaultFont
	p := plot.New()
	p.Title.Text = "First player's (South's) score over finished games, with 95% intervals"
	p.X.Label.Text = "a win counts 1, a draw 1/2; games still going at the ply cap (censored) are left out"
	// The whole range of scores, 0% to 100%: the legend sits on the
	// right, where no variant comes.
	p.X.Min, p.X.Max = 0, 1
	p.X.Tick.Marker = percentTicks{}
	p.Add(plotter.NewGrid())

	// Rows from the top, in the CSV's order.
	n := len(cells)
	labels := make([]string, n)
	var games, studies []string
	groups := map[[2]int]*points{}
	var keys [][2]int
	for i, c := range cells {
		y := float64(n - 1 - i)
		labels[n-1-i] = c.game + " · " + c.rules + " · " + c.players
		var g, s int
		games, g = order(games, c.game)
		studies, s = order(studies, c.study)
		k := [2]int{g, s}
		if groups[k] == nil {
			groups[k] = &points{}
			keys = append(keys, k)
		}
		groups[k].add(c.score, y, c.lo, c.hi)
	}
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.7, float64(n)-0.3

	balanced, err := plotter.NewLine(plotter.XYs{{X: 0.5, Y: -0.7}, {X: 0.5, Y: float64(n) - 0.3}})
	if err != nil {
		return err
	}
	balanced.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(balanced)
	for _, k := range keys {
		pts := groups[k]
		bars, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return err
		}
		dots, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		dots.GlyphStyle.Color = plotutil.Color(k[0])
		dots.GlyphStyle.Shape = plotutil.Shape(k[1])
		dots.GlyphStyle.Radius = vg.Points(3.5)
		p.Add(bars, dots)
	}
	// The legend: a colour per game, a marker per study.
	for g, name := range games {
		sw := draw.GlyphStyle{Color: plotutil.Color(g), Shape: draw.CircleGlyph{}, Radius: vg.Points(3.5)}
		p.Legend.Add(name, legendGlyph{sw})
	}
	if len(studies) > 1 {
		for s, name := range studies {
			p.Legend.Add(name, legendGlyph{draw.GlyphStyle{Color: plotutil.Color(len(games)), Shape: plotutil.Shape(s), Radius: vg.Points(3.5)}})
		}
	} else {
		p.Title.Text += "\n" + studies[0]
	}
	p.Legend.Top = true

	width := 14 * vg.Inch
	height := vg.Length(n)*0.24*vg.Inch + 1.6*vg.Inch
	c := vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(false))
	p.Draw(draw.New(c))
	var b strings.Builder
	if _, err := c.WriteTo(&b); err != nil {
		return err
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// legendGlyph is a legend entry's marker.
type legendGlyph struct{ style draw.GlyphStyle }

func (l legendGlyph) Thumbnail(c *draw.Canvas) {
	c.DrawGlyph(l.style, c.Center())
}
