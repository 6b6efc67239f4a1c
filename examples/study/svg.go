package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// The chart: one row per cell, grouped by game, with the first player's
// score over finished games as a bar from 0 to 100% and its 95% interval as
// a whisker; a dashed line marks 50% (a balanced game). Hand-written SVG
// 1.1, no script, fonts from the reader's sans-serif.

const (
	svgWidth  = 980
	labelW    = 400 // the cells' labels
	plotW     = 440 // 0..100%
	rowH      = 18
	headH     = 26
	topMargin = 58
)

var gameColors = map[string]string{"kiothi": "#b5651d", "kisolo": "#2e7d32", "kimasai": "#1565c0"}

// writeSVG draws the chart of rs.
func writeSVG(w io.Writer, s *Spec, rs []row) error {
	order := gameOrder(rs)
	height := topMargin + len(order)*headH + len(rs)*rowH + 40
	var b strings.Builder
	x0 := float64(labelW)
	xOf := func(p float64) float64 { return x0 + p*plotW }
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<title>First player's score per variant</title>`+"\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, height)
	fmt.Fprintf(&b, `<text x="10" y="20" font-size="15" font-weight="bold">First player's (South's) score, %% of finished games, with 95%% intervals</text>`+"\n")
	fmt.Fprintf(&b, `<text x="10" y="38" fill="#555">seed %d, %d random opening plies, ply cap %s; a win counts 1, a draw 1/2; censored games left out</text>`+"\n", s.Seed, s.OpeningPlies, capText(s.MaxPlies))
	plotTop := topMargin - 6
	plotBottom := height - 34
	// Grid and axis.
	for p := 0; p <= 100; p += 10 {
		x := xOf(float64(p) / 100)
		stroke, dash := "#e0e0e0", ""
		if p == 50 {
			stroke, dash = "#444", ` stroke-dasharray="4 3"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"%s/>`+"\n", x, plotTop, x, plotBottom, stroke, dash)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%d%%</text>`+"\n", x, plotBottom+14, p)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#555">games (distinct)</text>`+"\n", labelW+plotW+12, plotTop+2)
	y := topMargin
	for _, g := range order {
		y += headH
		fmt.Fprintf(&b, `<text x="10" y="%d" font-size="13" font-weight="bold" fill="%s">%s</text>`+"\n", y-8, gameColors[g], html.EscapeString(g))
		for _, r := range rs {
			if r.cell.Game != g {
				continue
			}
			cy := y + rowH/2
			players := r.cell.South
			if r.cell.North != r.cell.South {
				players += " vs " + r.cell.North
			}
			label := r.cell.RulesLabel() + " · " + players
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", labelW-8, cy+4, html.EscapeString(label))
			if !math.IsNaN(r.first) {
				fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="0.55"><title>%s: %s%%</title></rect>`+"\n",
					x0, cy-5, r.first*plotW, 10, gameColors[g], html.EscapeString(r.cell.Label()), interval(r.first, r.firstLo, r.firstHi))
				lo, hi := xOf(r.firstLo), xOf(r.firstHi)
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000" stroke-width="1.5"/>`, lo, cy, hi, cy)
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000"/>`, lo, cy-4, lo, cy+4)
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000"/>`+"\n", hi, cy-4, hi, cy+4)
			}
			note := fmt.Sprintf("%s %s%%", countText(r.st.games, r.distinct), pct(r.first))
			if r.st.censored > 0 {
				note += fmt.Sprintf(", %s%% censored", pct(r.censored))
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#333">%s</text>`+"\n", labelW+plotW+12, cy+4, html.EscapeString(note))
			y += rowH
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// countText writes a game count briefly: "2000 (1000)", "1.0M".
func countText(games, distinct int) string {
	g := fmt.Sprint(games)
	if games >= 1_000_000 {
		g = fmt.Sprintf("%.1fM", float64(games)/1e6)
	}
	if distinct != games {
		g += fmt.Sprintf(" (%d)", distinct)
	}
	return g
}
