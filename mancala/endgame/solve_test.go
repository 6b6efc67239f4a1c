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

// solveGraph returns the result for the player to move of p (+1, 0, -1)
// by a second method: the whole graph of positions reachable from p
// (without turn counters), then repeated sweeps that mark a position won
// when a move reaches a position lost for its mover (or a won end), lost
// when every move reaches a won one, until nothing changes; what is left
// is a draw (play that never ends, C-9). It refuses graphs of more than
// limit positions (ok false).
func solveGraph[P mancala.Position[P, M], M mancala.Move](p P, limit int) (v int, ok bool) {
	type node struct {
		kids  []int
		same  []bool // the child has the same player to move
		fixed int    // best result of the moves that end the game; -2 none
		val   int    // 2 unknown
	}
	ids := map[P]int{}
	var nodes []node
	var todo []P
	id := func(q P) int {
		k := key[P, M](q)
		if i, ok := ids[k]; ok {
			return i
		}
		ids[k] = len(nodes)
		nodes = append(nodes, node{fixed: -2, val: 2})
		todo = append(todo, q)
		return len(nodes) - 1
	}
	id(p)
	for k := 0; k < len(todo); k++ {
		if len(nodes) > limit {
			return 0, false
		}
		q := todo[k]
		for _, m := range q.AppendLegalMoves(nil) {
			r, err := q.Apply(m)
			if err != nil {
				panic(err)
			}
			if o := r.Outcome(); o.Status != mancala.Ongoing {
				v := 0
				if o.Status == mancala.Win {
					v = -1
					if o.Winner == q.ToMove() {
						v = 1
					}
				}
				nodes[k].fixed = max(nodes[k].fixed, v)
				continue
			}
			c := id(r)
			nodes[k].kids = append(nodes[k].kids, c)
			nodes[k].same = append(nodes[k].same, r.ToMove() == q.ToMove())
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range nodes {
			n := &nodes[i]
			if n.val != 2 {
				continue
			}
			best, open := n.fixed, false
			for j, c := range n.kids {
				cv := nodes[c].val
				if cv == 2 {
					open = true
					continue
				}
				if !n.same[j] {
					cv = -cv
				}
				best = max(best, cv)
			}
			switch {
			case best == 1:
				n.val = 1
			case !open:
				n.val = best
			default:
				continue
			}
			changed = true
		}
	}
	if nodes[0].val == 2 {
		return 0, true
	}
	return nodes[0].val, true
}
