package endgame_test

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// solve returns the result for the player to move of p (+1 win, 0 draw, -1
// loss), with perfect play to the end, by plain minimax over the game's
// own moves: a position that repeats on the line is a draw (a game that
// never ends is drawn by the turn limit, C-9).
func solve[P mancala.Position[P, M], M mancala.Move](p P) int {
	s := &solver[P, M]{memo: map[P]int{}, path: map[P]bool{}}
	v, _ := s.solve(p)
	return v
}

// solver memoises the results that no repetition decided (a result that
// a repetition on the line decided depends on the line).
type solver[P mancala.Position[P, M], M mancala.Move] struct {
	memo  map[P]int
	path  map[P]bool
	nodes int
}

// key is p without its turn counter: the repetition key of every game
// (kiothi, kisolo) keeps the turn's parity.
func key[P mancala.Position[P, M], M mancala.Move](p P) P {
	type keyer interface{ RepetitionKey() P }
	return any(p).(keyer).RepetitionKey()
}

func (s *solver[P, M]) solve(p P) (v int, dependent bool) {
	s.nodes++
	if s.nodes > 5_000_000 {
		panic("solve: too many nodes")
	}
	if o := p.Outcome(); o.Status != mancala.Ongoing {
		switch {
		case o.Status == mancala.Draw:
			return 0, false
		case o.Winner == p.ToMove():
			return 1, false
		}
		return -1, false
	}
	k := key[P, M](p)
	if s.path[k] {
		return 0, true
	}
	if v, ok := s.memo[k]; ok {
		return v, false
	}
	s.path[k] = true
	best := -2
	for _, m := range p.AppendLegalMoves(nil) {
		q, err := p.Apply(m)
		if err != nil {
			panic(err)
		}
		v, dep := s.solve(q)
		if q.ToMove() != p.ToMove() {
			v = -v
		}
		dependent = dependent || dep
		best = max(best, v)
		if best == 1 && !dep {
			// A win that no repetition decided stands whatever the rest.
			dependent = false
			break
		}
	}
	delete(s.path, k)
	if !dependent {
		s.memo[k] = best
	}
	return best, dependent
}
