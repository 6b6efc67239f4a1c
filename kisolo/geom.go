package kisolo

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// geom is the board topology for one column count, built once at package
// initialisation from mancala.NewFourRowLayout and checked against the
// arithmetic the sowing code uses (KS-2..KS-4):
//
//   - the mover's circuit is pits m0..m0+2C-1 (m0 = 0 for South, 2C for
//     North), relative index i = pit - m0, next is i+1 mod 2C (KS-3);
//   - relative indices C..2C-1 are the inner row;
//   - the opponent's pit facing own inner index i is the opponent's
//     relative index 3C-1-i, and the pit behind that is the opponent's
//     relative index i-C (KS-4).
type geom struct {
	c, ring int
	layout  *mancala.Layout
	at      [maxRows][maxFiles + 1]int8 // row, file -> pit, -1 if none
	pit     [32]Pit                     // pit -> its name
}

var geoms [maxFiles + 1]*geom

// geomOf returns the tables for c columns, or nil for a column count
// Kisolo does not play on.
func geomOf(c int) *geom {
	if c < 0 || c > maxFiles {
		return nil
	}
	return geoms[c]
}

func init() {
	for _, c := range []int{6, 7, 8} {
		geoms[c] = newGeom(c)
	}
}

// newGeom builds the tables for c columns. It panics if the shared layout
// disagrees with the arithmetic above: a programmer error in package
// set-up, never an input error.
func newGeom(c int) *geom {
	l, err := mancala.NewFourRowLayout(c, mancala.CounterClockwise)
	if err != nil {
		panic("kisolo: " + err.Error())
	}
	g := &geom{c: c, ring: 2 * c, layout: l}
	for r := range g.at {
		for f := range g.at[r] {
			g.at[r][f] = -1
		}
	}
	fail := func(format string, args ...any) {
		panic(fmt.Sprintf("kisolo: layout of %d columns: ", c) + fmt.Sprintf(format, args...))
	}
	for p := 0; p < 4*c; p++ {
		r, f := l.Row(p), l.File(p)
		g.at[r][f] = int8(p)
		g.pit[p] = PitAt(r, f)
		m0 := 0
		if p >= g.ring {
			m0 = g.ring
		}
		o0 := g.ring - m0
		i := p - m0
		if want := m0 + (i+1)%g.ring; l.Next(p) != want {
			fail("next of %d is %d, want %d", p, l.Next(p), want)
		}
		if l.IsInner(p) != (i >= c) {
			fail("pit %d inner mismatch", p)
		}
		if i >= c {
			f, _ := l.Facing(p)
			if want := o0 + 3*c - 1 - i; f != want || f != 5*c-1-p {
				fail("pit %d faces %d, want %d", p, f, want)
			}
			b, _ := l.Behind(f)
			if want := o0 + i - c; b != want {
				fail("behind %d is %d, want %d", f, b, want)
			}
		}
	}
	return g
}
