package kisolo

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
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
//
// For the sowing core it also holds the lap table of a circuit of 2C pits
// (internal/sowing) and byte masks of a circuit packed in two words: the
// whole circuit, the outer row (relative indices 0..C-1) and the inner row
// (C..2C-1).
type geom struct {
	c, ring int
	layout  *mancala.Layout
	at      [maxRows][maxFiles + 1]int8 // row, file -> pit, -1 if none
	pit     [32]Pit                     // pit -> its name

	circ             sowing.Ring2
	facing           [16]uint8 // relative index i -> the opponent's facing pit (KS-4), or 16 (no pit) for an outer pit
	outerLo, outerHi uint64
	innerLo, innerHi uint64
	innerBits        uint // bits C..2C-1
}

var geoms [maxFiles + 1]*geom

// byFiles is geoms by a rule set's Files field as packed (0 meaning 7).
var byFiles [16]*geom

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
		byFiles[c] = geoms[c]
	}
	byFiles[0] = geoms[DefaultFiles]
}

// newGeom builds the tables for c columns. It panics if the shared layout
// disagrees with the arithmetic above: a programmer error in package
// set-up, never an input error.
func newGeom(c int) *geom {
	l, err := mancala.NewFourRowLayout(c, mancala.CounterClockwise)
	if err != nil {
		panic("kisolo: " + err.Error())
	}
	g := &geom{c: c, ring: 2 * c, layout: l, circ: sowing.NewRing2(2 * c)}
	for i := range 2 * c {
		lo, hi := sowing.Add2(0, 0, uint(i), 0xff)
		g.facing[i] = 16
		if i < c {
			g.outerLo, g.outerHi = g.outerLo|lo, g.outerHi|hi
		} else {
			g.facing[i] = uint8(3*c - 1 - i)
			g.innerLo, g.innerHi = g.innerLo|lo, g.innerHi|hi
			g.innerBits |= 1 << i
		}
	}
	for r := range g.at {
		for f := range g.at[r] {
			g.at[r][f] = -1
		}
	}
	fail := func(msg string) {
		panic("kisolo: layout of " + strconv.Itoa(c) + " columns: " + msg)
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
			fail("next of " + strconv.Itoa(p) + " is " + strconv.Itoa(l.Next(p)) + ", want " + strconv.Itoa(want))
		}
		if l.IsInner(p) != (i >= c) {
			fail("pit " + strconv.Itoa(p) + " inner mismatch")
		}
		if i >= c {
			f, _ := l.Facing(p)
			if want := o0 + 3*c - 1 - i; f != want || f != 5*c-1-p {
				fail("pit " + strconv.Itoa(p) + " faces " + strconv.Itoa(f) + ", want " + strconv.Itoa(want))
			}
			b, _ := l.Behind(f)
			if want := o0 + i - c; b != want {
				fail("behind " + strconv.Itoa(f) + " is " + strconv.Itoa(b) + ", want " + strconv.Itoa(want))
			}
		}
	}
	return g
}
