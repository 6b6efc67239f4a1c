package endgame

import "github.com/seed8ebe013a/go-mancala/mancala"

// Prober is the hook a search calls at its nodes to ask a table for the
// exact result of a position: Probe answers the result for the player to
// move (+1 win, 0 draw, -1 loss) and true, or false when it does not know.
// [*Table] meets it. It uses no type of this package, so that a search
// (mancala/agent) can declare the same interface and take a table without
// linking this package (the wasm build never links it).
type Prober[P any] interface {
	Probe(p P) (result int, ok bool)
}

// Probe returns the result of p for its player to move with perfect play
// (int(Win), int(Draw) or int(Loss): +1, 0, -1) and true, or false when the
// table does not know it: p is not in the table's space (another rule set,
// more seeds in play than the table's limit, a phase the space does not
// cover, a finished game), p is after turn MaxTurn/2 (the turn limit, C-9,
// could come first), or, under Repetition:Three in a scored game (Kiothi,
// KI-18), the table's value is a draw, which a repetition can turn into
// a win or a loss (docs/endgame.md). It allocates nothing.
func (t *Table[P, M]) Probe(p P) (result int, ok bool) {
	r, ok := t.Lookup(p)
	return int(r), ok
}

// Lookup is [Table.Probe] with the result typed.
func (t *Table[P, M]) Lookup(p P) (Result, bool) {
	if p.Turn() > mancala.MaxTurn/2 {
		return 0, false
	}
	n, i, ok := t.space.Index(p)
	if !ok || n > t.seeds || i >= uint64(len(t.layers[n])/2) {
		return 0, false
	}
	r, ok := t.lookup(n, i, t.space.Material(p))
	if !ok {
		return 0, false
	}
	if r == Draw && t.space.Scored() && t.space.Repetition() == mancala.RepetitionThree {
		return 0, false
	}
	return r, true
}
