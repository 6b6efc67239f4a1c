// Package toy is a tiny test-only mancala game on a 2 x 3 board, used to
// prove the generic tools (the conformance suite, perft, playouts, agents,
// game records) before and besides the real games. It can also be built
// with one deliberate defect (a [Bug]) so that tests can show that each
// check of the conformance suite really fails on a broken game.
//
// Rules: South owns row a (pits 0..2 = a1..a3), North row b (pits 3..5 =
// b3..b1), one shared counter-clockwise ring as in Kiothi, two seeds per pit
// at the start, a store per player. A move lifts all seeds of an occupied
// own pit and sows them one lap from the next pit. If the last seed falls
// into an own pit that was empty and the facing pit holds seeds, both pits
// go to the mover's store. A player to move with no seeds on their row
// loses the game's count: the game ends and the larger store wins (equal
// stores draw); the seeds left on the board stay there.
package toy

import (
	"github.com/seed8ebe013a/go-mancala/internal/hashmix"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Bug selects one deliberate defect. The zero value, None, is the correct
// game.
type Bug uint8

// The defects, one per check of the conformance suite.
const (
	None      Bug = iota
	Leak          // a lap of 3 or more seeds loses one seed
	Order         // legal moves come in descending order
	Dup           // the first legal move is listed twice
	Refuse        // Apply refuses a legal move from a3
	Accept        // Apply accepts a move from an empty own pit (it passes the turn)
	Mutate        // a refused move changes what the receiver prints (through a shared counter)
	Print         // String leaves out the stores
	Trace         // ApplyTrace leaves out the last Drop event
	Ending        // Outcome says the game is drawn at turn 5 although moves exist
	Side          // a move advances turn by two
	MoveText      // ParseMove reads "a2" as a3
	OverError     // a move after the end is refused without ErrGameOver
	Order2        // MoveKey disagrees with the order (keys all equal)
	Eval          // Evaluate is not antisymmetric
	nBugs
)

var bugNames = [...]string{"None", "Leak", "Order", "Dup", "Refuse", "Accept", "Mutate", "Print", "Trace", "Ending", "Side", "MoveText", "OverError", "Order2", "Eval"}

// Bugs lists every defect except None.
func Bugs() []Bug {
	var out []Bug
	for b := Bug(1); b < nBugs; b++ {
		out = append(out, b)
	}
	return out
}

// String returns the defect's name.
func (b Bug) String() string {
	if b < nBugs {
		return bugNames[b]
	}
	return "Bug(" + strconv.Itoa(int(b)) + ")"
}

var layout, _ = mancala.NewTwoRowLayout(3)

// Layout returns the toy's 2 x 3 board.
func Layout() *mancala.Layout { return layout }

// Move is the pit to sow from, plus one: 1..6. The zero Move is never legal.
type Move uint8

// String returns the pit's algebraic name ("a1".."b1"), "-" for the zero
// move.
func (m Move) String() string {
	if m == 0 || m > 6 {
		return "-"
	}
	return layout.PitName(int(m) - 1)
}

// ParseMove reads a pit name.
func ParseMove(s string) (Move, error) {
	p, err := layout.ParsePitName(s)
	if err != nil {
		return 0, err
	}
	return Move(p + 1), nil
}

// Position is a toy position; the zero value is not a valid position, use
// Start.
type Position struct {
	pits   [6]uint8
	stores [2]uint8
	side   mancala.Player
	turn   uint16
	bug    Bug
	extra  *uint8 // only with Bug Mutate: added to a1 when printed
}

// mutated is the counter behind every Mutate position.
var mutated uint8

var _ mancala.Game[Position, Move] = Position{}

// Start returns the start position with bug b.
func Start(b Bug) Position {
	p := Position{pits: [6]uint8{2, 2, 2, 2, 2, 2}, bug: b}
	if b == Mutate {
		mutated = 0
		p.extra = &mutated
	}
	return p
}

func (p Position) board() [6]uint8 {
	b := p.pits
	if p.extra != nil {
		b[0] += *p.extra
	}
	return b
}

// Evaluate returns the seeds pl owns (own row and store) minus the
// opponent's: plain material, as mancala/agent's default (its Evaluator).
func (p Position) Evaluate(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	side := func(x mancala.Player) int {
		b := p.board()
		n := int(p.stores[x])
		for i := 3 * int(x); i < 3*int(x)+3; i++ {
			n += int(b[i])
		}
		return n
	}
	if p.bug == Eval {
		return side(pl)
	}
	return side(pl) - side(pl.Other())
}

// ToMove returns the player to move.
func (p Position) ToMove() mancala.Player { return p.side }

// Turn returns the number of completed turns (the notation's turn=).
func (p Position) Turn() int { return int(p.turn) }

// Seeds returns the seeds in pit i (0 out of range).
func (p Position) Seeds(i int) int {
	if i < 0 || i >= 6 {
		return 0
	}
	return int(p.board()[i])
}

// AppendLegalMoves appends the occupied own pits of the mover in ring order.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	b := p.board()
	first := 3 * int(p.side)
	start := len(dst)
	for i := first; i < first+3; i++ {
		if b[i] > 0 {
			dst = append(dst, Move(i+1))
		}
	}
	if p.bug == Order {
		for i, j := start, len(dst)-1; i < j; i, j = i+1, j-1 {
			dst[i], dst[j] = dst[j], dst[i]
		}
	}
	if p.bug == Dup && len(dst) > start {
		dst = append(dst, dst[start])
	}
	return dst
}

// Outcome reports the result once the mover has no seeds.
func (p Position) Outcome() mancala.Outcome {
	b := p.board()
	first := 3 * int(p.side)
	if b[first]+b[first+1]+b[first+2] > 0 {
		if p.bug == Ending && p.turn == 5 {
			return mancala.Outcome{Status: mancala.Draw, Reason: mancala.NoMove}
		}
		return mancala.Outcome{}
	}
	o := mancala.Outcome{Reason: mancala.NoMove, HasScore: true, Score: [2]int{int(p.stores[0]), int(p.stores[1])}}
	switch {
	case p.stores[0] > p.stores[1]:
		o.Status, o.Winner = mancala.Win, mancala.South
	case p.stores[1] > p.stores[0]:
		o.Status, o.Winner = mancala.Win, mancala.North
	default:
		o.Status = mancala.Draw
	}
	return o
}

// Apply plays m.
func (p Position) Apply(m Move) (Position, error) { return p.ApplyTrace(m, nil) }

// ApplyTrace plays m and reports its events to fn (if not nil).
func (p Position) ApplyTrace(m Move, fn func(mancala.Event)) (Position, error) {
	if p.Outcome().Over() && !(p.bug == Ending && p.turn == 5) {
		err := mancala.ErrGameOver
		if p.bug == OverError {
			err = mancala.ErrIllegalMove
		}
		return p, &mancala.MoveError{Game: "toy", Move: m.String(), Reason: "game is over", Err: err}
	}
	b := p.board()
	src := int(m) - 1
	own := m >= 1 && m <= 6 && layout.Owner(src) == p.side
	if !own || b[src] == 0 {
		if own && p.bug == Accept {
			q := p
			q.side, q.turn = p.side.Other(), p.turn+1
			if fn != nil {
				fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEmptyPit})
			}
			return q, nil
		}
		if p.extra != nil {
			*p.extra++
		}
		return p, &mancala.MoveError{Game: "toy", Move: m.String(), Reason: "not an occupied pit of the mover"}
	}
	if p.bug == Refuse && src == 2 {
		return p, &mancala.MoveError{Game: "toy", Move: m.String(), Reason: "refused by the Refuse bug"}
	}
	n := int(b[src])
	b[src] = 0
	emit := func(e mancala.Event) {
		if fn != nil {
			fn(e)
		}
	}
	emit(mancala.Event{Kind: mancala.Lift, From: mancala.PitOf(src), To: mancala.Hand, Count: n})
	if p.bug == Leak && n >= 3 {
		n--
	}
	pit := src
	var before uint8
	for k := 0; k < n; k++ {
		pit = layout.Next(pit)
		before = b[pit]
		b[pit]++
		if !(p.bug == Trace && k == n-1) {
			emit(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(pit), Count: 1})
		}
	}
	q := p
	if before == 0 && layout.Owner(pit) == p.side {
		f, _ := layout.Facing(pit)
		if b[f] > 0 {
			emit(mancala.Event{Kind: mancala.Capture, From: mancala.PitOf(f), To: mancala.StoreOf(p.side), Count: int(b[f])})
			emit(mancala.Event{Kind: mancala.Capture, From: mancala.PitOf(pit), To: mancala.StoreOf(p.side), Count: 1})
			q.stores[p.side] += b[f] + 1
			b[f], b[pit] = 0, 0
		}
	}
	emit(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEmptyPit})
	q.pits = b
	if p.extra != nil {
		q.pits[0] -= *p.extra
	}
	q.side = p.side.Other()
	q.turn = p.turn + 1
	if p.bug == Side {
		q.turn++
	}
	return q, nil
}

// String writes the position as "toy 2,2,2/2,2,2 S turn=0 stores=0,0",
// with bug=<Name> for a broken game.
func (p Position) String() string {
	b := p.board()
	buf := []byte("toy ")
	buf = notation.AppendRow(buf, []int{int(b[5]), int(b[4]), int(b[3])}, nil)
	buf = append(buf, '/')
	buf = notation.AppendRow(buf, []int{int(b[0]), int(b[1]), int(b[2])}, nil)
	buf = append(buf, " "+p.side.Letter()+" turn="...)
	buf = strconv.AppendInt(buf, int64(p.turn), 10)
	if p.bug != Print {
		buf = append(buf, " stores="...)
		buf = notation.AppendRow(buf, []int{int(p.stores[0]), int(p.stores[1])}, nil)
	}
	if p.bug != None {
		buf = append(buf, " bug="+p.bug.String()...)
	}
	return string(buf)
}

// Parse reads a position written by String.
func Parse(s string) (Position, error) {
	t, err := notation.Split("toy", s, 2, "stores", "bug")
	if err != nil {
		return Position{}, err
	}
	var p Position
	for _, r := range t.Rows {
		if len(r) != 3 {
			return Position{}, notation.Syntax("toy", s, "want 3 pits a row")
		}
	}
	p.pits = [6]uint8{uint8(t.Rows[1][0]), uint8(t.Rows[1][1]), uint8(t.Rows[1][2]), uint8(t.Rows[0][2]), uint8(t.Rows[0][1]), uint8(t.Rows[0][0])}
	p.side, p.turn = t.Side, uint16(t.Turn)
	if v, ok := t.Field("stores"); ok {
		a, b, err := notation.Pair(v)
		if err != nil {
			return Position{}, notation.Syntax("toy", v, "stores: "+err.Error())
		}
		p.stores = [2]uint8{uint8(a), uint8(b)}
	}
	if v, ok := t.Field("bug"); ok {
		r, err := options.Parse("Bug:"+v, nil)
		if err != nil {
			return Position{}, err
		}
		p.bug = r.Bug
	}
	if p.bug == Mutate {
		p.extra = &mutated
		p.pits[0] -= mutated
	}
	return p, nil
}

// Counts returns the plain counts of p.
func (p Position) Counts() mancala.Counts {
	b := p.board()
	c := mancala.Counts{Pits: make([]int, 6), Stores: [2]int{int(p.stores[0]), int(p.stores[1])}}
	for i, n := range b {
		c.Pits[i] = int(n)
	}
	return c
}

// toyRules is the toy game's rule set: its one option chooses the defect.
type toyRules struct{ Bug Bug }

// options is the toy's table of rule options.
var options = notation.NewOptions("toy",
	notation.Enum("Bug", "", "the deliberate defect", bugNames[:], func(r *toyRules) *Bug { return &r.Bug }))

// Descriptor describes the toy game with bug b to generic tools.
func Descriptor(b Bug) *mancala.Descriptor[Position, Move] {
	return &mancala.Descriptor[Position, Move]{
		Name:    "toy",
		Title:   "Toy",
		Words:   mancala.Words{Seed: "seed", Capture: "capture", Store: "store"},
		Options: options.Describe(),
		Start:   func() Position { return Start(b) },
		New: func(rules string) (Position, error) {
			r, err := options.Parse(rules, nil)
			if err != nil {
				return Position{}, err
			}
			return Start(r.Bug), nil
		},
		Rules: func(p Position) string { return options.Format(toyRules{p.bug}) },
		Parse: Parse,
		ParseMove: func(s string) (Move, error) {
			m, err := ParseMove(s)
			if b == MoveText && s == "a2" {
				m++
			}
			return m, err
		},
		Diagram: func(p Position) string { return p.String() },
		Counts:  Position.Counts,
		Layout:  func(Position) *mancala.Layout { return layout },
		ApplyTrace: func(p Position, m Move, fn func(mancala.Event)) (Position, error) {
			return p.ApplyTrace(m, fn)
		},
		MoveKey: func(p Position, m Move) int {
			if p.bug == Order2 {
				return 0
			}
			return layout.CircuitIndex(p.side, int(m)-1)
		},
		Horizon: func(Position) int { return 100 },
		Levels:  []mancala.Level{{Name: "Beginner", Rating: 1000, Agent: "random"}},
	}
}

// Hash returns a 64-bit hash of p (mancala.Hasher): of its pits, stores,
// side to move, turn counter and bug (not a Mutate position's printed
// extra), the same on every machine.
func (p Position) Hash() uint64 {
	h := hashmix.Bytes(hashmix.Start, p.pits[:])
	return hashmix.Finish(hashmix.Add(h, uint64(p.stores[0])|uint64(p.stores[1])<<8|uint64(p.side)<<16|uint64(p.turn)<<24|uint64(p.bug)<<40))
}
