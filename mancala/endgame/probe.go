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
	r, _, ok := t.probe(p)
	return r, ok
}

// probe is Lookup that also returns p's layer (seeds in play).
func (t *Table[P, M]) probe(p P) (Result, int, bool) {
	if p.Turn() > mancala.MaxTurn/2 {
		return 0, 0, false
	}
	n, i, ok := t.space.Index(p)
	if !ok || n > t.seeds || i >= uint64(len(t.layers[n])/2) {
		return 0, 0, false
	}
	r, ok := t.lookup(n, i, t.space.Material(p))
	if !ok {
		return 0, 0, false
	}
	if r == Draw && t.space.Scored() && t.space.Repetition() == mancala.RepetitionThree {
		return 0, 0, false
	}
	return r, n, true
}

// PliesPerSeed is the distance to the end of the game an [Oracle] states
// for each seed in play (plus one), since a table holds no distance: a
// won position with n seeds in play is valued winValue - PliesPerSeed*(n+1),
// so that a search that weighs quicker wins higher prefers to win by
// taking seeds out of play.
const PliesPerSeed = 64

// Oracle is a table as a search's oracle (mancala/agent's Oracle hook):
// V is the search's verdict type, so that this package need not import
// the search (nor the search this package: the wasm build links the
// search, never the tables). Make one with [NewOracle]. It is safe for
// concurrent use (the table is immutable).
type Oracle[P mancala.Position[P, M], M mancala.Move, V any] struct {
	t               *Table[P, M]
	win, draw, loss V
	winValue        int
}

// NewOracle returns t as an oracle that answers the verdicts win, draw
// and loss and values a won position winValue - PliesPerSeed*(n+1) (n the
// seeds in play), a lost one the negation, a drawn one 0. With
// mancala/agent:
//
//	endgame.NewOracle(t, agent.ProvenWin, agent.ProvenDraw, agent.ProvenLoss, agent.WinValue)
//
// A table knows no margin: a won Kiothi position is valued as a win by
// an unknown margin (0 in the search's units).
func NewOracle[P mancala.Position[P, M], M mancala.Move, V any](t *Table[P, M], win, draw, loss V, winValue int) *Oracle[P, M, V] {
	return &Oracle[P, M, V]{t: t, win: win, draw: draw, loss: loss, winValue: winValue}
}

// Probe returns p's value and verdict for its player to move, and true,
// when the table knows them ([Table.Probe]); else false. It allocates
// nothing.
func (o *Oracle[P, M, V]) Probe(p P) (value int, outcome V, ok bool) {
	r, n, ok := o.t.probe(p)
	if !ok {
		return 0, outcome, false
	}
	switch r {
	case Win:
		return o.winValue - PliesPerSeed*(n+1), o.win, true
	case Loss:
		return -(o.winValue - PliesPerSeed*(n+1)), o.loss, true
	}
	return 0, o.draw, true
}
