package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"
)

// The chart: one row per cell, grouped by game and then by rules (the
// cells of one variant, e.g. random play and AlphaBeta self-play, side by
// side): the first player's score over finished games as a dot, a bar from
// 50% to it, and its 95% interval as a whisker; a dashed line marks 50% (a balanced game). The
// axis spans the scores shown, in steps of 10%. Hand-written SVG 1.1, no
// script; the fonts are the reader's sans-serif.

const (
	rowH     = 18
	groupGap = 6
	headH    = 28
	plotW    = 460
	charW    = 6.6 // an average character at 12px, for the label widths
	noteW    = 260
	wrapAt   = 44 // characters of rules per label line
	lineH    = 14
)

// The bars of the first, second, ... fifth study (and so on, in turn).
var (
	shades    = []string{"light", "dark", "medium", "pale", "solid"}
	opacities = []float64{0.35, 0.85, 0.6, 0.18, 1}
)

var gameColors = map[string]string{"kiothi": "#a0522d", "kisolo": "#2e7d32", "kimasai": "#1565c0"}

// players names a cell's players: "random", "alphabeta:4 vs mcts:2000".
func players(c *Cell) string {
	if c.South == c.North {
		return c.South
	}
	return c.South + " vs " + c.North
}

// wrapRules splits a rules label at commas into lines of at most wrapAt
// characters (a longer option stays whole).
func wrapRules(s string) []string {
	var lines []string
	cur := ""
	for _, opt := range strings.Split(s, ",") {
		switch {
		case cur == "":
			cur = opt
		case len(cur)+1+len(opt) <= wrapAt:
			cur += "," + opt
		default:
			lines = append(lines, cur+",")
			cur = opt
		}
	}
	return append(lines, cur)
}

// writeSVG draws the chart of rs (the cells of specs).
func writeSVG(w io.Writer, specs []*Spec, rs []row) error {
	// The groups: per game, per rules, the rows in study order.
	type group struct {
		game, rules string
		rows        []row
	}
	var groups []*group
	find := func(g, r string) *group {
		for _, gr := range groups {
			if gr.game == g && gr.rules == r {
				return gr
			}
		}
		gr := &group{game: g, rules: r}
		groups = append(groups, gr)
		return gr
	}
	for _, r := range rs {
		gr := find(r.cell.Game, r.cell.Rules)
		gr.rows = append(gr.rows, r)
	}
	order := gameOrder(rs)
	slices.SortStableFunc(groups, func(a, b *group) int {
		return slices.Index(order, a.game) - slices.Index(order, b.game)
	})
	// Widths from the labels; the axis from the intervals.
	rulesChars, playerChars := 8, 6
	lo, hi := 0.5, 0.5
	for _, gr := range groups {
		for _, l := range wrapRules(gr.rows[0].cell.RulesLabel()) {
			rulesChars = max(rulesChars, len(l))
		}
		for _, r := range gr.rows {
			playerChars = max(playerChars, len(players(r.cell)))
			if !math.IsNaN(r.first) {
				lo, hi = min(lo, r.firstLo), max(hi, r.firstHi)
			}
		}
	}
	lo = math.Floor(lo*10) / 10
	hi = math.Ceil(hi*10) / 10
	rulesW := float64(rulesChars)*charW + 16
	playersW := float64(playerChars)*charW + 16
	topMargin := 72 + 16*len(specs)
	x0 := 10 + rulesW + playersW
	width := int(x0) + plotW + noteW
	xOf := func(p float64) float64 { return x0 + (p-lo)/(hi-lo)*plotW }
	height := topMargin + 40
	prevGame := ""
	for _, gr := range groups {
		if gr.game != prevGame {
			height += headH
			prevGame = gr.game
		}
		height += max(len(gr.rows)*rowH, len(wrapRules(gr.rows[0].cell.RulesLabel()))*lineH+4) + groupGap
	}

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	b.WriteString("<title>First player's score per variant</title>\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	b.WriteString(`<text x="10" y="20" font-size="15" font-weight="bold">First player's (South's) score over finished games, with 95% intervals</text>` + "\n")
	b.WriteString(`<text x="10" y="38" fill="#555">A win counts 1, a draw 1/2; games still going at the ply cap (censored) are left out of the score.</text>` + "\n")
	for i, s := range specs {
		shade := shades[i%len(shades)]
		what := fmt.Sprintf("seed %d, %s, ply cap %s", s.Seed, s.openingText(), capText(s.MaxPlies))
		if len(specs) > 1 {
			what = shade + " bars: " + what
		}
		fmt.Fprintf(&b, `<text x="10" y="%d" fill="#555">%s</text>`+"\n", 54+16*i, html.EscapeString(what))
	}
	plotTop, plotBottom := topMargin-8, height-34
	for p := math.Round(lo * 10); p <= math.Round(hi*10); p++ {
		x := xOf(p / 10)
		stroke, dash := "#e0e0e0", ""
		if p == 5 {
			stroke, dash = "#444", ` stroke-dasharray="4 3"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"%s/>`+"\n", x, plotTop, x, plotBottom, stroke, dash)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%d%%</text>`+"\n", x, plotBottom+14, int(p*10))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#555">score, games (distinct)</text>`+"\n", int(x0)+plotW+12, plotTop+4)
	y := topMargin
	prevGame = ""
	for _, gr := range groups {
		color := gameColors[gr.game]
		if gr.game != prevGame {
			y += headH
			fmt.Fprintf(&b, `<text x="10" y="%d" font-size="14" font-weight="bold" fill="%s">%s</text>`+"\n", y-9, color, html.EscapeString(gr.game))
			prevGame = gr.game
		}
		lines := wrapRules(gr.rows[0].cell.RulesLabel())
		for i, l := range lines {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="end">%s</text>`+"\n", 10+rulesW-8, y+rowH/2+4+i*lineH, html.EscapeString(l))
		}
		for k, r := range gr.rows {
			cy := y + k*rowH + rowH/2
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" fill="#333">%s</text>`+"\n", 10+rulesW, cy+4, html.EscapeString(players(r.cell)))
			opacity := opacities[slices.Index(specs, r.spec)%len(opacities)]
			if !math.IsNaN(r.first) {
				// A bar from 50% to the score: how far from balance, and to
				// whose side; a dot at the score.
				x0, x1 := min(xOf(0.5), xOf(r.first)), max(xOf(0.5), xOf(r.first))
				fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="%.2f"><title>%s: %s%%</title></rect>`+"\n",
					x0, cy-5, x1-x0, 10, color, opacity, html.EscapeString(r.cell.Label()), interval(r.first, r.firstLo, r.firstHi))
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="3" fill="%s"/>`+"\n", xOf(r.first), cy, color)
				l, h := xOf(r.firstLo), xOf(r.firstHi)
				fmt.Fprintf(&b, `<path d="M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d" stroke="#000" fill="none"/>`+"\n", l, cy-4, cy+4, l, cy, h, h, cy-4, cy+4)
			}
			note := fmt.Sprintf("%s%%  %s", pct(r.first), countText(r.st.games, r.distinct))
			if r.st.censored > 0 {
				note += fmt.Sprintf(", %s%% censored", pct(r.censored))
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#333">%s</text>`+"\n", int(x0)+plotW+12, cy+4, html.EscapeString(note))
		}
		y += max(len(gr.rows)*rowH, len(lines)*lineH+4) + groupGap
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
