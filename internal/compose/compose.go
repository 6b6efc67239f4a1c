// Package compose ranks the ways to put n seeds into k pits in order (the
// weak compositions of n into k parts): the perfect index that Kisolo's
// and Bao la Kimasai's endgame spaces give a board of n seeds, so that
// both rank boards one way. Kiothi's board, whose pits also carry nki
// marks, ranks by a table of its own.
package compose

// Table counts and ranks the compositions of 0..Max seeds into Pits pits.
// Make one with [New]; it is read-only after, safe for concurrent use.
type Table struct {
	pits, max int
	// count[l*(max+1)+s]: the number of ways to put s seeds into l pits.
	count []uint64
}

// New returns the table of pits pits (1 or more) and up to max seeds (0 or
// more).
func New(pits, max int) *Table {
	t := &Table{pits: pits, max: max, count: make([]uint64, (pits+1)*(max+1))}
	t.count[0] = 1
	for l := 1; l <= pits; l++ {
		for s := 0; s <= max; s++ {
			var n uint64
			for c := 0; c <= s; c++ {
				n += t.at(l-1, s-c)
			}
			t.count[l*(max+1)+s] = n
		}
	}
	return t
}

func (t *Table) at(l, s int) uint64 { return t.count[l*(t.max+1)+s] }

// Size returns the number of ways to put n seeds into the table's pits: 0
// for n out of [0, max].
func (t *Table) Size(n int) uint64 {
	if n < 0 || n > t.max {
		return 0
	}
	return t.at(t.pits, n)
}

// Rank returns the index in [0, Size(n)) of the board whose pit j holds
// seeds(j) seeds, n in all: boards in lexicographic order of their pits'
// counts, pit 0 first. The counts must be 0 or more and add up to n (n at
// most the table's max).
func (t *Table) Rank(n int, seeds func(j int) int) uint64 {
	var i uint64
	rem := n
	for j := range t.pits {
		c := seeds(j)
		l := t.pits - 1 - j
		for d := range c {
			i += t.at(l, rem-d)
		}
		rem -= c
	}
	return i
}

// Unrank calls set(j, c) with the count c of each pit j, pit 0 first, of
// the board of n seeds at index i (the inverse of [Table.Rank]), stopping
// once every seed is placed (the pits after are empty), and reports
// whether i is below Size(n); it calls nothing when it is not.
func (t *Table) Unrank(n int, i uint64, set func(j, c int)) bool {
	if i >= t.Size(n) {
		return false
	}
	rem := n
	for j := 0; j < t.pits && rem > 0; j++ {
		l := t.pits - 1 - j
		c := 0
		for ; c < rem; c++ {
			w := t.at(l, rem-c)
			if i < w {
				break
			}
			i -= w
		}
		set(j, c)
		rem -= c
	}
	return true
}
