package mancala

import (
	"errors"
	"math/bits"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
)

// Game is the contract every game's position type meets (docs/design.md,
// "The contract every game meets"). P is the game's position type, M its move
// type. kiothi.Position, kisolo.Position and kimasai.Position satisfy it,
// asserted at compile time in their packages.
type Game[P any, M comparable] interface {
	// ToMove returns whose decision it is. It does not always alternate:
	// in the Kiothi opening the same player takes several steps (KI-7).
	ToMove() Player
	// AppendLegalMoves appends the legal moves to dst and returns the
	// extended slice: in the game's documented order (ascending along the
	// mover's circuit, then count), without duplicates, none iff the game
	// is over. It allocates nothing when dst has room.
	AppendLegalMoves(dst []M) []M
	// Apply returns the position after m. The receiver is unchanged. An
	// illegal move gives an error wrapping ErrIllegalMove, a move after the
	// end one wrapping ErrGameOver (which matches ErrIllegalMove too).
	Apply(m M) (P, error)
	// Outcome reports whether the game is over and how.
	Outcome() Outcome
}

// Position is the constraint for generic code that keys maps by position
// or prints positions: a comparable position type that meets [Game],
// formats itself in the notation of docs/notation.md and tells its turn
// counter.
type Position[P any, M comparable] interface {
	comparable
	Game[P, M]
	String() string
	// Turn returns the number of completed turns, as the notation's turn=
	// field (a Kiothi opening turn of several steps is one turn).
	Turn() int
}

// Move is the constraint on a game's move type: a small comparable value
// that formats itself in the game's move notation ("b3", "xb3", "a5:3").
type Move interface {
	comparable
	String() string
}

// Descriptor describes one game to generic tools (the conformance suite,
// game records, agents' front ends, the example programs): plain values and
// functions, no registry and no reflection. Each game package exports one
// (kisolo.Descriptor and so on), with every field set.
//
// # Which fields may be nil
//
// A Descriptor built outside the module (a new game, a test double) must
// set Name and every function field that its users call: generic code
// calls them without checking, and a nil one panics there. The exceptions,
// which generic code checks and which may be nil (or empty) with the
// meaning given:
//
//   - Costly nil: no rules text is costly (servers queue nothing apart).
//   - Horizon nil: learning environments truncate at env.DefaultHorizon.
//   - Levels empty: the game has no strength ladder; an agent spec naming
//     a level ("level:expert") is refused with agent.ErrSpec.
//   - Options empty: the game has no rule options to offer.
//
// Costly, Horizon and Levels are facts measured per game (what a rules
// text can cost, how long games under given rules run, how strong each
// rung of the ladder is: docs/strength.md) that programs base their
// policies on; they are part of the contract, not the policies themselves
// (a server decides what to do with a costly request, an environment
// whether to use the horizon, a front end which levels to show).
type Descriptor[P Position[P, M], M Move] struct {
	// Name is the game's notation name: "kiothi", "kisolo" or "kimasai".
	Name string
	// Title is the game's name in prose: "Kiothi", "Kisolo", "Bao la
	// Kimasai".
	Title string
	// Words are the game's terms for messages: its counter ("warrior",
	// "seed", "cow"), capture ("capture", "raid"), store ("prison") and
	// reserve ("reserve") words.
	Words Words
	// Options describes the game's rule options, sorted by name, with
	// their values and defaults, for front ends that offer them.
	Options []RuleOption
	// Start returns the standard start position under the default rules.
	Start func() P
	// New returns the standard start position under the rules given as in
	// a position's rules= field ("" for the defaults, e.g.
	// "Endless:Illegal,MaxLaps:5000"); bad rules give an error wrapping
	// ErrSyntax (and ErrRules for an invalid rule set).
	New func(rules string) (P, error)
	// Rules returns p's rules as in the rules= field: "" for the defaults.
	Rules func(p P) string
	// Parse reads a position in the notation of docs/notation.md; errors
	// wrap ErrSyntax.
	Parse func(s string) (P, error)
	// ParseMove reads a move in the game's notation; errors wrap ErrSyntax.
	ParseMove func(s string) (M, error)
	// Diagram draws p as a multi-line board diagram with algebraic labels,
	// as a player in South's seat sees it.
	Diagram func(p P) string
	// Counts returns p's plain seed counts (pits, stores, reserves, hand,
	// nki marks), as a front end draws them.
	Counts func(p P) Counts
	// Layout returns the board topology of p (which may depend on p's
	// rules, e.g. Kisolo's Columns).
	Layout func(p P) *Layout
	// ApplyTrace is Apply that also reports every event of the move, in
	// order, to fn (docs/design.md, "Traces for front ends"). A refused
	// move reports nothing.
	ApplyTrace func(p P, m M, fn func(Event)) (P, error)
	// MoveKey returns m's place in the order of legal moves of p: legal
	// moves come in strictly increasing key order (docs/design.md:
	// ascending circuit index from the mover's first pit, then count;
	// Kiothi's Stop last). The conformance suite checks it.
	MoveKey func(p P, m M) int

	// Actions returns the number of action ids of p's game
	// (docs/design.md, "Action ids"): every move of every position of the
	// game has an id in [0, Actions(p)). It depends on the rules (Kisolo's
	// Columns) and, for Kiothi, on the game's seed total, which no move
	// changes (C-5), so it is fixed for a whole game.
	Actions func(p P) int
	// Action returns the action id of m in p, in [0, Actions(p)): ids are
	// relative to the player to move (the mover's first pit is id 0 of
	// each kind). It does not check that m is legal; a move with no id in
	// p (the zero Move, a pit that is not the mover's, a count over the
	// seed total) gives an [*ActionError] wrapping [ErrNoAction].
	Action func(p P, m M) (int, error)
	// ActionMove returns the move with action id a in p:
	// ActionMove(p, Action(p, m)) is m for every move with an id. It does not check legality (Apply
	// does); an id outside [0, Actions(p)) gives an [*ActionError]
	// wrapping [ErrNoAction].
	ActionMove func(p P, a int) (M, error)
	// AppendMask appends Actions(p) flags to dst, flag a true exactly when
	// the move with id a is legal in p (all false once the game is over),
	// and returns the extended slice. It allocates nothing when dst has
	// room.
	AppendMask func(p P, dst []bool) []bool

	// DescribeMove says what m does in p, for front ends: its kind, the
	// board index of its pit (-1 for Stop) and its count (a Kiothi
	// sowing's; 0 otherwise), from the move itself rather than its text.
	// It does not check that m is legal; the zero Move gives MoveUnknown
	// and Index -1.
	DescribeMove func(p P, m M) MoveInfo

	// Costly reports whether text, a rules text, a position or a record
	// of the game, names rules under which reading a position, listing
	// its moves or playing one move can cost far more than usual, so that
	// a server can queue such requests apart before it parses them. It
	// looks at the text only and errs on the side of costly. nil means
	// never. The games set it to [CostlyRules].
	Costly func(text string) bool

	// Horizon returns the horizon of p's rules in plies: the ply count
	// (both players' plies, a Kiothi opening step counting one) at which
	// a learning environment truncates a game that has not ended
	// (docs/env.md). It is above the longest
	// game measured under those rules, random or searched (each game's
	// horizon function gives the figures), and at least 1.
	Horizon func(p P) int
	// Levels is the game's strength ladder, weakest first, with ratings
	// from docs/strength.md; each Agent is the canonical text of an agent
	// spec (mancala/agent.ParseSpec). Programs read it, never change it.
	Levels []Level

	// RepetitionKey returns p without its turn counter, for C-10: two
	// positions are the same position for the repetition rule exactly when
	// their keys are ==. [History] counts positions by it.
	RepetitionKey func(p P) P
	// Repetition returns the Repetition option of p's rules (C-10).
	Repetition func(p P) RepetitionRule
	// EndByRepetition returns p ended by C-10, as [History] does when a
	// move makes p for the third time under Repetition=Three: a draw in
	// Kisolo and Bao la Kimasai; in Kiothi the warriors on the board go to
	// the prison of their row's owner and the prisons decide (KI-16). The
	// result is written (result=), reason [Repetition]. A position whose
	// game is over is returned unchanged; so is a Kiothi position in the
	// opening (turn 0 or 1), which never repeats (KI-7).
	EndByRepetition func(p P) P
}

// SeedTotal returns the number of seeds in p counted everywhere (board,
// stores, reserves, hand): constant through a game (C-5).
func (d *Descriptor[P, M]) SeedTotal(p P) int {
	c := d.Counts(p)
	return c.Total()
}

// Stack is a reusable stack of move buffers, one per search depth, so that
// generic recursions (perft, agents) allocate nothing per node once each
// level has grown to its largest move list. The zero value is ready to use;
// a Stack must not be used by two goroutines at once.
type Stack[P Game[P, M], M comparable] struct {
	levels [][]M
}

// Moves returns p's legal moves in the buffer of level depth (0 or more),
// which stays valid until the next call with the same depth. It allocates
// only when a level is used for the first time or outgrows its buffer.
// A negative depth is treated as 0.
func (s *Stack[P, M]) Moves(depth int, p P) []M {
	if depth < 0 {
		depth = 0
	}
	for len(s.levels) <= depth {
		s.levels = append(s.levels, make([]M, 0, 64))
	}
	buf := p.AppendLegalMoves(s.levels[depth][:0])
	s.levels[depth] = buf
	return buf
}

// Perft counts the positions exactly depth plies after p, one ply per legal
// move (a Kiothi opening step is one ply); a game that ends earlier adds
// nothing, and an endless move under Endless=Draw is one legal move to a
// finished game (docs/rules/common.md, "Perft convention"). Perft(p, 0) is
// 1. A negative depth gives an error; so does a legal move that fails to
// apply (a bug in the game). It allocates one
// move buffer per level and nothing per node.
//
// A position type with its own method Perft(depth int) (uint64, error), as
// every game's Position has, counts with it instead: the game plays the
// moves in place and counts the last plies without listing them (the
// conformance suite checks it against the count over AppendLegalMoves and
// Apply).
func Perft[P Game[P, M], M comparable](p P, depth int) (uint64, error) {
	if depth < 0 {
		return 0, errors.New("mancala: perft: depth " + strconv.Itoa(depth) + " is negative")
	}
	if f, ok := any(p).(perfter); ok {
		return f.Perft(depth)
	}
	var s Stack[P, M]
	return perft(&s, p, depth, 0)
}

// perfter is a position type with its own exact Perft, which [Perft] and
// [Divide] use instead of the generic count over AppendLegalMoves and
// Apply: each game's Position has one, and the conformance suite checks it
// against the generic count.
type perfter interface {
	Perft(depth int) (uint64, error)
}

func perft[P Game[P, M], M comparable](s *Stack[P, M], p P, depth, level int) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	moves := s.Moves(level, p)
	if depth == 1 {
		return uint64(len(moves)), nil
	}
	var n uint64
	for i := 0; i < len(moves); i++ {
		q, err := p.Apply(moves[i])
		if err != nil {
			return n, errtext.Prefix("mancala: perft: legal move "+errtext.Value(moves[i])+" refused", err)
		}
		k, err := perft(s, q, depth-1, level+1)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// DivideEntry is one line of [Divide]: a legal move and the perft count of
// the position it leads to.
type DivideEntry[M comparable] struct {
	Move  M      // a legal move of the divided position, in the game's order
	Nodes uint64 // perft at depth-1 of the position after Move
}

// Divide returns, for each legal move of p in the game's order, the perft
// count at depth-1 of the position after it (by the position's own Perft
// where it has one, as [Perft]); the counts add up to Perft(p, depth). A
// depth below 1 gives an error.
func Divide[P Game[P, M], M comparable](p P, depth int) ([]DivideEntry[M], error) {
	if depth < 1 {
		return nil, errors.New("mancala: divide: depth " + strconv.Itoa(depth) + " is less than 1")
	}
	var s Stack[P, M]
	moves := append([]M(nil), s.Moves(0, p)...)
	out := make([]DivideEntry[M], 0, len(moves))
	for _, m := range moves {
		q, err := p.Apply(m)
		if err != nil {
			return out, errtext.Prefix("mancala: divide: legal move "+errtext.Value(m)+" refused", err)
		}
		var n uint64
		if f, ok := any(q).(perfter); ok {
			n, err = f.Perft(depth - 1)
		} else {
			n, err = perft(&s, q, depth-1, 1)
		}
		if err != nil {
			return out, err
		}
		out = append(out, DivideEntry[M]{Move: m, Nodes: n})
	}
	return out, nil
}

// Playout plays seeded random games: each ply picks a legal move uniformly
// at random. It reuses one move buffer, so a playout allocates nothing per
// ply. The same seed gives the same games. A Playout must not be used by two
// goroutines at once.
//
// A position type with a method PlayRandom(pick func(n int) int, maxPlies
// int) (P, int), as every game's Position has, plays the games itself, with
// the same draws and the same moves as the loop over AppendLegalMoves and
// Apply (the conformance suite checks it). Under Endless=Illegal (C-6) the
// games' own PlayRandom draws a move by rejection among the candidates,
// endless or not, instead of listing the legal moves first: each ply is
// still uniform over the legal moves and gives exactly Apply's position,
// and the same seed still gives the same games, but not the loop's games.
type Playout[P Game[P, M], M comparable] struct {
	src  pcg
	buf  []M
	pick func(n int) int // IntN, made once
	cell *P              // the position a PlayRandom method plays from
	fast randomPlayer[P] // cell, if P has PlayRandom; else nil
}

// randomPlayer is a position type with its own random playout; see
// [Playout].
type randomPlayer[P any] interface {
	PlayRandom(pick func(n int) int, maxPlies int) (P, int)
}

// NewPlayout returns a Playout whose random choices follow seed (a PCG
// stream).
func NewPlayout[P Game[P, M], M comparable](seed uint64) *Playout[P, M] {
	r := &Playout[P, M]{src: pcg{seed, 0x6d616e63616c61}, buf: make([]M, 0, 64), cell: new(P)}
	r.pick = r.IntN
	// The method set of *P holds P's methods: an interface holding the
	// pointer calls PlayRandom on the position without boxing a copy.
	r.fast, _ = any(r.cell).(randomPlayer[P])
	return r
}

// pcg is math/rand/v2's PCG (128-bit LCG, DXSM output) held by value, so
// that a draw is inlined into the playout loop: the same numbers as
// rand.NewPCG(hi, lo).
type pcg struct{ hi, lo uint64 }

func (p *pcg) Uint64() uint64 {
	const (
		mulHi    = 2549297995355413924
		mulLo    = 4865540595714422341
		incHi    = 6364136223846793005
		incLo    = 1442695040888963407
		cheapMul = 0xda942042e4dd58b5
	)
	// state = state * mul + inc
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.lo, p.hi = lo, hi
	// DXSM
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// IntN returns a uniform random int in [0, n) from the playout's stream; n
// must be positive (n <= 0 returns 0).
func (r *Playout[P, M]) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	return int(r.uint64n(uint64(n)))
}

// uint64n is math/rand/v2's Rand.IntN on the PCG stream, written out so
// that a ply does not go through the Source interface: the same draws,
// hence the same games, as rand.New(rand.NewPCG(...)).IntN(n) (n > 0).
func (r *Playout[P, M]) uint64n(n uint64) uint64 {
	if n&(n-1) == 0 {
		return r.src.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(r.src.Uint64(), n)
	if lo < n {
		hi = r.reject(hi, lo, n)
	}
	return hi
}

// reject is the rare end of uint64n: draws again while the draw would bias
// the result.
func (r *Playout[P, M]) reject(hi, lo, n uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(r.src.Uint64(), n)
	}
	return hi
}

// Run plays from p until the game is over or maxPlies plies have been
// played (maxPlies <= 0 means no cap), and returns the final position and
// the number of plies played. A legal move that fails to apply (a bug in
// the game) is returned as an error with the position reached.
func (r *Playout[P, M]) Run(p P, maxPlies int) (P, int, error) {
	if r.fast != nil {
		*r.cell = p
		q, n := r.fast.PlayRandom(r.pick, maxPlies)
		return q, n, nil
	}
	return r.run(p, maxPlies)
}

// run is Run as a loop over AppendLegalMoves and Apply.
func (r *Playout[P, M]) run(p P, maxPlies int) (P, int, error) {
	plies := 0
	buf := r.buf
	defer func() { r.buf = buf }()
	for maxPlies <= 0 || plies < maxPlies {
		buf = p.AppendLegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[r.uint64n(uint64(len(buf)))]
		var err error
		if p, err = p.Apply(m); err != nil { // a refused move returns the receiver
			return p, plies, errtext.Prefix("mancala: playout: legal move "+errtext.Value(m)+" refused", err)
		}
		plies++
	}
	return p, plies, nil
}

// RandomPlayout plays one seeded random game from p for at most maxPlies
// plies (<= 0: no cap); see [Playout.Run]. Use a [Playout] to play many
// games without allocating.
func RandomPlayout[P Game[P, M], M comparable](p P, seed uint64, maxPlies int) (P, int, error) {
	return NewPlayout[P, M](seed).Run(p, maxPlies)
}
