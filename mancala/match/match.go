package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Player is one side of a [Match]: a name for messages and a constructor
// that builds a fresh agent for one game from that game's seed for the
// player (see [AgentSeed]). A nil New is the uniform random player; when
// both players of a match are random, a game after its opening is played by
// the game's own fast random playout ([mancala.Playout]) instead of agent by
// agent, which is several times faster and records no moves past the
// opening.
type Player[P mancala.Position[P, M], M mancala.Move] struct {
	// Name labels the player in errors, e.g. "alphabeta:4".
	Name string
	// New returns the agent for one game; seed is the game's seed for this
	// player. It is called once per game, so agents never share state
	// between games. An error stops the game (Play returns it).
	New func(seed uint64) (agent.Agent[P, M], error)
}

// Match is a series of games between two players, A and B, from one start
// position, with random openings and alternating seats (the package
// documentation gives the scheme). Game i is fixed by Seed, Key and i: Play
// returns the same result for it on every call, in any order, from any
// number of goroutines. The zero value of each field but Start is usable
// (no opening, no ply cap, both players random).
type Match[P mancala.Position[P, M], M mancala.Move] struct {
	// Game is the game's descriptor (kisolo.Descriptor and so on). Every
	// game is played through a [mancala.History] made from it, so the
	// repetition rule (C-10) applies under Repetition=Three; a nil Game
	// is refused (Play returns an error wrapping [ErrMatch]).
	Game *mancala.Descriptor[P, M]
	// Start is the position every game starts from.
	Start P
	// Seed is the study's or tournament's seed.
	Seed uint64
	// Key names the cell or pairing (e.g. "kisolo|Columns:6|random|random"),
	// so that two cells with the same seed play different games.
	Key string
	// OpeningPlies is k, the number of plies played uniformly at random
	// before the players take over (0: none). A negative value is refused.
	// A Kiothi opening step is one ply, so k plies may stop inside a
	// redistribution (KI-6, KI-7); OpeningTurns counts whole turns.
	OpeningPlies int
	// OpeningTurns is k counted in turns (C-1): the random opening goes on
	// until k turns are completed, every ply of them drawn uniformly, so
	// a Kiothi opening turn of many steps is one turn. At most one of
	// OpeningPlies and OpeningTurns may be set; a negative value is
	// refused.
	OpeningTurns int
	// MaxPlies caps a game's length in plies, the opening included: a game
	// still going after MaxPlies plies is censored. 0 means no cap; a
	// negative value is refused.
	MaxPlies int
	// A and B are the players. A sits South in the even-numbered games and
	// North in the odd ones.
	A, B Player[P, M]
	// KeepMoves makes Result.Moves hold every move of the game (played by
	// agents); otherwise it holds the opening only.
	KeepMoves bool
}

// Result is one game of a [Match].
type Result[M mancala.Move] struct {
	// Index is the game's number i in the match, from 0.
	Index int
	// ASouth reports whether player A sat South (i even).
	ASouth bool
	// Outcome is the final position's outcome: a win (Winner is the seat,
	// South or North), a draw (Reason tells which: endless sowing C-6, the
	// turn limit C-9, equal prisons) or, when Censored, Ongoing.
	Outcome mancala.Outcome
	// Censored reports that the game was still going at the ply cap; it is
	// neither a win nor a draw.
	Censored bool
	// Plies is the number of plies played, the opening included.
	Plies int
	// Opening is the number of random opening plies played: OpeningPlies
	// (or the plies of OpeningTurns turns), or fewer when the game ended
	// or reached the ply cap during the opening.
	Opening int
	// Moves holds the opening's moves, or with Match.KeepMoves and agents
	// playing, every move of the game.
	Moves []M
}

// Endless reports whether the game was drawn by an endless move (C-6).
func (r Result[M]) Endless() bool {
	return r.Outcome.Status == mancala.Draw && r.Outcome.Reason == mancala.Endless
}

// Result returns the game's result in the notation of a record's Result
// header ("S:nomove", "draw:endless"), or "*" for a censored game.
func (r Result[M]) Result() string { return r.Outcome.Result() }

// AScore returns player A's score in the game: 1 for a win, 1/2 for a
// draw, 0 for a loss; ok is false for a censored game.
func (r Result[M]) AScore() (score float64, ok bool) {
	switch {
	case r.Censored:
		return 0, false
	case r.Outcome.Status == mancala.Draw:
		return 0.5, true
	case (r.Outcome.Winner == mancala.South) == r.ASouth:
		return 1, true
	}
	return 0, true
}

// ErrMatch reports match settings that cannot be played: no Game, a
// negative OpeningPlies, OpeningTurns or MaxPlies, both openings set, or a
// negative game index.
var ErrMatch = errors.New("match: invalid settings")

// Streams of the generators derived from a game's seed.
const (
	streamA       = 1
	streamB       = 2
	streamPlayout = 3
	pcgOpening    = 0x6f70656e696e67 // "opening"
)

// Play plays game i of the match and returns its result. The opening (the
// first OpeningPlies plies, or the plies of the first OpeningTurns turns)
// is drawn uniformly from the legal moves, in the game's order, by a PCG
// generator seeded with OpeningSeed(Seed, Key, i), so games 2j and 2j+1
// have the same opening; then A and B play from their seats (A South when
// i is even), each agent built by its player's New with [AgentSeed]. Every
// move goes through a [mancala.History], so under Repetition=Three a game
// ends by repetition (C-10). Play stops when the game is over or MaxPlies
// plies have been played. It returns an error when the settings are
// invalid (wrapping [ErrMatch]), when ctx is done, when a player's New
// fails, or when an agent fails or plays a refused move (the error names
// the game, ply and player).
func (m *Match[P, M]) Play(ctx context.Context, i int) (Result[M], error) {
	r := Result[M]{Index: i, ASouth: i%2 == 0}
	switch {
	case m.Game == nil:
		return r, fmt.Errorf("%w: no game descriptor", ErrMatch)
	case i < 0:
		return r, fmt.Errorf("%w: game index %d is negative", ErrMatch, i)
	case m.OpeningPlies < 0:
		return r, fmt.Errorf("%w: %d opening plies", ErrMatch, m.OpeningPlies)
	case m.OpeningTurns < 0:
		return r, fmt.Errorf("%w: %d opening turns", ErrMatch, m.OpeningTurns)
	case m.OpeningPlies > 0 && m.OpeningTurns > 0:
		return r, fmt.Errorf("%w: an opening both in plies (%d) and in turns (%d)", ErrMatch, m.OpeningPlies, m.OpeningTurns)
	case m.MaxPlies < 0:
		return r, fmt.Errorf("%w: ply cap %d", ErrMatch, m.MaxPlies)
	}
	h := mancala.NewHistory(m.Game, m.Start)
	capped := func(plies int) bool { return m.MaxPlies > 0 && plies >= m.MaxPlies }
	// The opening.
	rng := rand.New(rand.NewPCG(OpeningSeed(m.Seed, m.Key, i), pcgOpening))
	var buf []M
	startTurn := m.Start.Turn()
	opening := func(p P) bool {
		if m.OpeningTurns > 0 {
			return p.Turn()-startTurn < m.OpeningTurns
		}
		return r.Opening < m.OpeningPlies
	}
	for p := h.Position(); opening(p) && !capped(r.Plies); p = h.Position() {
		buf = p.AppendLegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		mv := buf[rng.IntN(len(buf))]
		if _, err := h.Apply(mv); err != nil {
			return r, fmt.Errorf("match %s game %d: opening ply %d: legal move %v refused: %w", m.Key, i, r.Plies, mv, err)
		}
		r.Moves = append(r.Moves, mv)
		r.Opening++
		r.Plies++
	}
	// The players.
	p := h.Position()
	seed := GameSeed(m.Seed, m.Key, i)
	left := 0 // plies left under the cap; 0: no cap
	if m.MaxPlies > 0 {
		left = m.MaxPlies - r.Plies
	}
	repetition := m.Game.Repetition(p) == mancala.RepetitionThree
	switch {
	case p.Outcome().Over() || (m.MaxPlies > 0 && left <= 0):
	case m.A.New == nil && m.B.New == nil && !repetition:
		// No repetition rule: the game's fast playout, which keeps no
		// history.
		if err := ctx.Err(); err != nil {
			return r, err
		}
		q, n, err := mancala.NewPlayout[P, M](Derive(seed, streamPlayout)).Run(p, left)
		r.Plies += n
		p = q
		if err != nil {
			return r, fmt.Errorf("match %s game %d: %w", m.Key, i, err)
		}
	default:
		a, err := m.newAgent(m.A, Derive(seed, streamA))
		if err != nil {
			return r, fmt.Errorf("match %s game %d: player %s: %w", m.Key, i, m.A.Name, err)
		}
		b, err := m.newAgent(m.B, Derive(seed, streamB))
		if err != nil {
			return r, fmt.Errorf("match %s game %d: player %s: %w", m.Key, i, m.B.Name, err)
		}
		south, north := a, b
		if !r.ASouth {
			south, north = b, a
		}
		var keep func(int, P, M, P)
		if m.KeepMoves {
			keep = func(_ int, _ P, mv M, _ P) { r.Moves = append(r.Moves, mv) }
		}
		moves, err := agent.PlayHistory(ctx, h, south, north, left, keep)
		r.Plies += len(moves)
		p = h.Position()
		if err != nil {
			return r, fmt.Errorf("match %s game %d: %w", m.Key, i, err)
		}
	}
	r.Outcome = p.Outcome()
	r.Censored = !r.Outcome.Over()
	return r, nil
}

func (m *Match[P, M]) newAgent(pl Player[P, M], seed uint64) (agent.Agent[P, M], error) {
	if pl.New == nil {
		return agent.NewRandom[P, M](seed), nil
	}
	a, err := pl.New(seed)
	if err == nil && a == nil {
		err = errors.New("no agent")
	}
	return a, err
}

// PlayRange plays games from, from+1, ..., to-1 of the match on workers
// goroutines (workers < 1 means one) and returns their results in index
// order: the same results as calling Play for each index, whatever the
// number of workers. done, if not nil, is called once per finished game
// (from the playing goroutine, in no particular order; use it for
// progress). The first error (in index order) stops the remaining games
// and is returned with the results finished before it.
func (m *Match[P, M]) PlayRange(ctx context.Context, from, to, workers int, done func(Result[M])) ([]Result[M], error) {
	if from < 0 || to < from {
		return nil, fmt.Errorf("%w: game range [%d, %d)", ErrMatch, from, to)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := to - from
	results := make([]Result[M], n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(max(workers, 1), max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				results[k], errs[k] = m.Play(ctx, from+k)
				if errs[k] != nil {
					cancel()
					continue
				}
				if done != nil {
					done(results[k])
				}
			}
		}()
	}
	fed := 0
feed:
	for ; fed < n; fed++ {
		select {
		case next <- fed:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	for k := range n {
		if k >= fed && errs[k] == nil {
			errs[k] = ctx.Err()
		}
		if errs[k] != nil {
			return results[:k], errs[k]
		}
	}
	return results, nil
}
