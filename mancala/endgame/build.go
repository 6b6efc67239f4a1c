package endgame

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Result is a game's result for the player to move with perfect play.
type Result int8

const (
	Loss Result = -1 // the player to move loses
	Draw Result = 0  // neither player can force a win
	Win  Result = 1  // the player to move wins
)

// String returns "loss", "draw" or "win" (the words of the Think answer's
// outcome, docs/wire.md), or "Result(5)" out of range.
func (r Result) String() string {
	switch r {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return fmt.Sprintf("Result(%d)", int8(r))
}

// Errors of the package.
var (
	// ErrSpace: the space broke its contract (a move left the space, an
	// index did not round-trip, a layer too large to build).
	ErrSpace = errors.New("endgame: space")
	// ErrFile: a table file is not a valid table of the expected space
	// (wrong magic, version, game, rules, seed limit, sizes, checksum or
	// length).
	ErrFile = errors.New("endgame: bad table file")
)

// MaxLayer bounds the positions of one layer [Build] accepts: 2^27
// (134,217,728). Building a layer takes about 56 bytes per position plus
// 8 per move within the layer (docs/endgame.md), so the bound keeps a
// build under about 10 GB; Build checks every layer before it allocates
// anything. (Indices and edges are held in 32 bits, which would allow
// 2^31.)
const MaxLayer = 1 << 27

// invalid marks an entry of an index that names no position.
const invalid = 127

// Table is a built or loaded endgame table of one [Space]: for every
// position, two thresholds of the mover's material lead (see
// docs/endgame.md). It is immutable and safe for concurrent use. P and M
// are the game's position and move types.
type Table[P mancala.Position[P, M], M mancala.Move] struct {
	space Space[P]
	seeds int
	// layers[n][2i], layers[n][2i+1]: thresholds a and b (int8) of index
	// i of layer n: the mover's result is at least a draw when its lead
	// d, clamped to [-(n+1), n+1], is at least a, a win when it is at
	// least b; both invalid (127) for an index that names no position.
	layers [][]byte
}

// Seeds returns the table's seed limit: it covers layers 0..Seeds().
func (t *Table[P, M]) Seeds() int { return t.seeds }

// Positions returns the number of indices of the table (all layers).
func (t *Table[P, M]) Positions() uint64 {
	var n uint64
	for _, l := range t.layers {
		n += uint64(len(l) / 2)
	}
	return n
}

// decode returns the result of an entry (a, b) of layer n for a mover's
// material lead d.
func decode(a, b int8, n, d int) Result {
	d = max(-(n + 1), min(n+1, d))
	switch {
	case d >= int(b):
		return Win
	case d >= int(a):
		return Draw
	}
	return Loss
}

// lookup returns the result of index i of layer n at lead d, and false
// for an index that names no position.
func (t *Table[P, M]) lookup(n int, i uint64, d int) (Result, bool) {
	a, b := int8(t.layers[n][2*i]), int8(t.layers[n][2*i+1])
	if a == invalid {
		return 0, false
	}
	return decode(a, b, n, d), true
}

// Build computes the table of space for layers 0..seeds by retrograde
// analysis (docs/endgame.md): layer by layer from the empty board up,
// each layer solved once per mover's lead in [0, n+1] (just once when the
// game is not scored). It runs on the calling goroutine; ctx cancels it
// (the error then wraps ctx.Err()). A seed limit out of [0,
// space.MaxSeeds()] gives an error; a space that breaks its contract
// gives an error wrapping [ErrSpace], as does a legal move that fails to
// apply.
func Build[P mancala.Position[P, M], M mancala.Move](ctx context.Context, space Space[P], seeds int) (*Table[P, M], error) {
	if seeds < 0 || seeds > space.MaxSeeds() {
		return nil, fmt.Errorf("endgame: seed limit %d: the space holds 0..%d", seeds, space.MaxSeeds())
	}
	if seeds > 120 {
		return nil, fmt.Errorf("endgame: seed limit %d: thresholds are held in a byte; at most 120", seeds)
	}
	for n := 0; n <= seeds; n++ {
		if s := space.Size(n); s > MaxLayer {
			return nil, fmt.Errorf("%w: layer %d has %d positions, more than MaxLayer (%d): the build would need about %d GB", ErrSpace, n, s, MaxLayer, (s*64)>>30)
		}
	}
	t := &Table[P, M]{space: space, seeds: seeds}
	for n := 0; n <= seeds; n++ {
		l, err := buildLayer(ctx, t, n)
		if err != nil {
			return nil, err
		}
		t.layers = append(t.layers, l)
	}
	return t, nil
}

// sameMover is the flag bit of an edge whose child has the same player to
// move as its parent (the rest of the word is the index).
const sameMover = 1 << 31

// foldOutcome folds into vals by max the result for pl of the finished
// game o, for each lead of vals' range: vals[k] is pl's lead lo+k in the
// tabulated position, which [Space.Position] made with no material out of
// play, so that o's score is what the game put out of play since.
func foldOutcome(vals []Result, lo int, scored bool, o mancala.Outcome, pl mancala.Player) {
	if scored && o.HasScore && o.Reason != mancala.Endless && o.Reason != mancala.TurnLimit && o.Reason != mancala.Repetition {
		margin := o.Score[pl] - o.Score[pl.Other()]
		for k := range vals {
			v := sign(lo + k + margin)
			vals[k] = max(vals[k], v)
		}
		return
	}
	v := Draw
	if o.Status == mancala.Win {
		v = Loss
		if o.Winner == pl {
			v = Win
		}
	}
	for k := range vals {
		vals[k] = max(vals[k], v)
	}
}

func sign(x int) Result {
	switch {
	case x > 0:
		return Win
	case x < 0:
		return Loss
	}
	return Draw
}

// thresholds returns the entry (a, b) of a monotone vals (vals[k] is lead
// lo+k): a the first lead with at least a draw, b the first with a win,
// hi+1 for none. ok is false if vals is not monotone.
func thresholds(vals []Result, lo int) (a, b int8, ok bool) {
	hi := lo + len(vals) - 1
	a, b = int8(hi+1), int8(hi+1)
	for k := len(vals) - 1; k >= 0; k-- {
		if vals[k] >= Draw {
			a = int8(lo + k)
		}
		if vals[k] == Win {
			b = int8(lo + k)
		}
	}
	for k, v := range vals {
		d := lo + k
		if (v >= Draw) != (d >= int(a)) || (v == Win) != (d >= int(b)) {
			return a, b, false
		}
	}
	return a, b, true
}

// buildLayer solves layer n of t, whose lower layers are built.
func buildLayer[P mancala.Position[P, M], M mancala.Move](ctx context.Context, t *Table[P, M], n int) ([]byte, error) {
	space := t.space
	size64 := space.Size(n)
	if size64 > MaxLayer {
		return nil, fmt.Errorf("%w: layer %d has %d positions, at most %d", ErrSpace, n, size64, MaxLayer)
	}
	size := int(size64)
	scored := space.Scored()
	lo, hi := -(n + 1), n+1
	if !scored {
		lo, hi = 0, 0
	}
	out := make([]byte, 2*size)
	exits := make([]byte, 2*size) // thresholds of the best move that leaves the layer
	outdeg := make([]uint16, size)
	fwdOff := make([]uint32, size+1)
	var fwd []uint32
	vals := make([]Result, hi-lo+1)
	var moves []M
	for i := range size {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("endgame: build cancelled: %w", err)
			}
		}
		fwdOff[i] = uint32(len(fwd))
		p, ok := space.Position(n, uint64(i))
		if !ok {
			out[2*i], out[2*i+1] = invalid, invalid
			exits[2*i], exits[2*i+1] = invalid, invalid
			continue
		}
		for k := range vals {
			vals[k] = Loss
		}
		pl := p.ToMove()
		if o := p.Outcome(); o.Status != mancala.Ongoing {
			foldOutcome(vals, lo, scored, o, pl)
		} else {
			if m0 := space.Material(p); m0 != 0 {
				return nil, fmt.Errorf("%w: %v: Position made a position with material %d out of play, want 0", ErrSpace, p, m0)
			}
			moves = p.AppendLegalMoves(moves[:0])
			if len(moves) == 0 {
				return nil, fmt.Errorf("%w: %v: a game not over without a legal move", ErrSpace, p)
			}
			for _, m := range moves {
				q, err := p.Apply(m)
				if err != nil {
					return nil, fmt.Errorf("%w: %v: legal move %v refused: %v", ErrSpace, p, m, err)
				}
				s := -1
				if q.ToMove() == pl {
					s = 1
				}
				if o := q.Outcome(); o.Status != mancala.Ongoing {
					foldOutcome(vals, lo, scored, o, pl)
					continue
				}
				n2, j, ok := space.Index(q)
				if !ok || n2 > n || j >= space.Size(n2) {
					return nil, fmt.Errorf("%w: %v after %v in %v is outside the space (layer %d)", ErrSpace, q, m, p, n)
				}
				mq := space.Material(q)
				if n2 == n {
					if mq != 0 {
						return nil, fmt.Errorf("%w: %v after %v in %v: material changed without seeds leaving play", ErrSpace, q, m, p)
					}
					e := uint32(j)
					if s == 1 {
						e |= sameMover
					}
					fwd = append(fwd, e)
					continue
				}
				for k := range vals {
					d := lo + k
					v, ok := t.lookup(n2, j, s*d+mq)
					if !ok {
						return nil, fmt.Errorf("%w: %v after %v in %v has an invalid index", ErrSpace, q, m, p)
					}
					if s < 0 {
						v = -v
					}
					vals[k] = max(vals[k], v)
				}
			}
			if len(fwd)-int(fwdOff[i]) > 65535 {
				return nil, fmt.Errorf("%w: %v has more than 65535 moves", ErrSpace, p)
			}
			if len(fwd) >= sameMover {
				return nil, fmt.Errorf("%w: layer %d has more than 2^31 moves within it", ErrSpace, n)
			}
		}
		outdeg[i] = uint16(len(fwd) - int(fwdOff[i]))
		a, b, ok := thresholds(vals, lo)
		if !ok {
			return nil, fmt.Errorf("endgame: internal error: the moves leaving layer %d from %v are not monotone in the lead", n, p)
		}
		exits[2*i], exits[2*i+1] = byte(a), byte(b)
	}
	fwdOff[size] = uint32(len(fwd))

	// Reverse the edges: rev[revOff[j]:revOff[j+1]] are the parents of j.
	revOff := make([]uint32, size+1)
	for _, e := range fwd {
		revOff[(e&^sameMover)+1]++
	}
	for j := range size {
		revOff[j+1] += revOff[j]
	}
	rev := make([]uint32, len(fwd))
	fill := make([]uint32, size)
	copy(fill, revOff[:size])
	for i := range size {
		for _, e := range fwd[fwdOff[i]:fwdOff[i+1]] {
			j := e &^ sameMover
			rev[fill[j]] = uint32(i) | e&sameMover
			fill[j]++
		}
	}
	fwd, fwdOff, fill = nil, nil, nil

	// Solve the layer for each lead pair {+D, -D}: moves within the layer
	// keep the lead (same mover) or negate it (the other player moves).
	for i := range size {
		if out[2*i] != invalid {
			out[2*i], out[2*i+1] = byte(int8(hi+1)), byte(int8(hi+1))
		}
	}
	lastLoss := make([]int8, size) // the largest lead solved as a loss
	lastNonWin := make([]int8, size)
	for i := range lastLoss {
		lastLoss[i], lastNonWin[i] = int8(lo-1), int8(lo-1)
	}
	copies := 2
	res := make([]Result, 2*size)
	best := make([]Result, 2*size)
	pend := make([]uint16, 2*size)
	queue := make([]uint32, 0, 2*size)
	for D := 0; D <= hi; D++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("endgame: build cancelled: %w", err)
		}
		if D == 0 {
			copies = 1
		} else {
			copies = 2
		}
		leadOf := func(c int) int { return D * (1 - 2*c) } // copy 0: +D, copy 1: -D
		const unresolved = Result(2)
		queue = queue[:0]
		resolve := func(st int, v Result) {
			res[st] = v
			queue = append(queue, uint32(st))
		}
		for c := range copies {
			d := leadOf(c)
			for i := range size {
				st := c*size + i
				if exits[2*i] == invalid {
					res[st] = Draw // never read: an invalid index has no edges
					continue
				}
				res[st] = unresolved
				best[st] = decode(int8(exits[2*i]), int8(exits[2*i+1]), n, d)
				pend[st] = outdeg[i]
				if best[st] == Win || pend[st] == 0 {
					resolve(st, best[st])
				}
			}
		}
		for k := 0; k < len(queue); k++ {
			st := int(queue[k])
			c, j := st/size, st%size
			v := res[st]
			for _, e := range rev[revOff[j]:revOff[j+1]] {
				i := int(e &^ sameMover)
				pc, pv := c, v
				if e&sameMover == 0 {
					pv = -v
					if copies == 2 {
						pc = 1 - c
					}
				}
				ps := pc*size + i
				if res[ps] != unresolved {
					continue
				}
				if pv == Win {
					resolve(ps, Win)
					continue
				}
				best[ps] = max(best[ps], pv)
				pend[ps]--
				if pend[ps] == 0 {
					resolve(ps, best[ps])
				}
			}
		}
		for c := range copies {
			d := leadOf(c)
			for i := range size {
				if exits[2*i] == invalid {
					continue
				}
				v := res[c*size+i]
				if v == unresolved {
					v = Draw // a cycle neither player leaves: the turn limit draws it
				}
				if v >= Draw && d < int(int8(out[2*i])) {
					out[2*i] = byte(int8(d))
				}
				if v == Win && d < int(int8(out[2*i+1])) {
					out[2*i+1] = byte(int8(d))
				}
				if v == Loss && d > int(lastLoss[i]) {
					lastLoss[i] = int8(d)
				}
				if v != Win && d > int(lastNonWin[i]) {
					lastNonWin[i] = int8(d)
				}
			}
		}
	}
	if !scored {
		// One lead only (0): store the entry for every lead.
		for i := range size {
			if out[2*i] == invalid {
				continue
			}
			a, b := int8(out[2*i]), int8(out[2*i+1])
			if a <= 0 {
				a = int8(-(n + 1))
			} else {
				a = int8(n + 2)
			}
			if b <= 0 {
				b = int8(-(n + 1))
			} else {
				b = int8(n + 2)
			}
			out[2*i], out[2*i+1] = byte(a), byte(b)
		}
		return out, nil
	}
	for i := range size {
		if out[2*i] == invalid {
			continue
		}
		if int(lastLoss[i]) >= int(int8(out[2*i])) || int(lastNonWin[i]) >= int(int8(out[2*i+1])) {
			p, _ := space.Position(n, uint64(i))
			return nil, fmt.Errorf("endgame: internal error: the result of %v is not monotone in the lead", p)
		}
	}
	return out, nil
}
