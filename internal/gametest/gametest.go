// Package gametest is the conformance suite every game passes (docs/design.md,
// "Quality bar"). It plays seeded random games through a game's
// [mancala.Descriptor] and checks at every ply:
//
//   - seed conservation (C-5): the descriptor's seed total never changes;
//   - the legal moves: none iff Outcome is over; strictly ascending by the
//     descriptor's MoveKey; no duplicates; AppendLegalMoves appends after
//     what dst holds; a LegalMoves method, where the position has one,
//     returns the same moves in a non-nil slice (empty after the end); each
//     move's text parses back to the move (and round-trips through
//     MarshalText and UnmarshalText where the move type has them); each
//     applies without error and leaves the receiver unchanged;
//   - illegal moves (moves legal elsewhere but not here, and the zero move)
//     are refused with an error wrapping mancala.ErrIllegalMove, report no
//     trace events, and leave the position unchanged; after the end every
//     move is refused with mancala.ErrGameOver;
//   - Parse(String()) gives back an equal position that prints the same;
//   - ApplyTrace returns what Apply returns, ends with exactly one End
//     event, and its events replayed on the old counts give the new counts;
//   - mancala.Playout (a game's own PlayRandom, where it has one) plays
//     from every sixteenth position the game that a loop over
//     AppendLegalMoves, the same draws and Apply plays, to the end and for
//     a few plies; under Endless=Illegal, where a game's PlayRandom draws
//     by rejection among the candidates, it plays the game ply by ply as
//     in one run, each ply a legal move giving exactly what Apply gives;
//   - mancala.Perft (a game's own Perft, where it has one) counts what a
//     plain count over AppendLegalMoves and Apply gives: at depth 1 at
//     every ply, 2 at every eighth, 3 at every 32nd where that is
//     small;
//   - a heuristic Evaluate(player) method, where the position has one, is
//     antisymmetric;
//   - the side to move is the one the notation prints, matches the turn's
//     parity, and a ply either keeps the side and the turn (a Kiothi opening
//     step mid-turn) or passes to the other side with the turn advanced by
//     one.
//
// Before the games it checks the descriptor: every field set (Title and
// Options included), Options sorted by name with each default accepted by
// New.
//
// The package also holds the test plumbing every game's tests share, so
// that each is written once: the worked examples of the module's
// examples.tsv ([Examples], [RunExample], [MirrorExample]), trace and
// refusal checks ([CheckTrace], [CheckRefused]), sample positions of random
// games ([SamplePositions]), the allocation test ([ZeroAllocs]), the
// Evaluate table ([Evaluate]), move and pit round trips ([MoveText],
// [Pits]), perft golden files ([Perft]) and benchmark bodies
// ([BenchPlayouts], [BenchMaxLaps]).
package gametest

import (
	"encoding"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Config sets the size of a conformance run. Zero fields take defaults.
type Config[P mancala.Position[P, M], M mancala.Move] struct {
	// Games is the number of random games (default 500; a tenth, at
	// least 5, under -short; times N when the environment variable
	// MANCALA_CONFORMANCE_SCALE=N is set, for long runs).
	Games int
	// MaxPlies caps each game (default 600 plies).
	MaxPlies int
	// Seed chooses the games; game i uses the PCG stream (Seed, i).
	Seed uint64
	// Starts are the start positions, used in turn (default: the
	// descriptor's Start()).
	Starts []P
	// Illegal is the number of random illegal moves tried per ply
	// (default 4).
	Illegal int
}

// ScaleEnv names the environment variable that multiplies the number of
// games of every conformance run (MANCALA_CONFORMANCE_SCALE=10 go test
// ./...), for a long run before a release.
const ScaleEnv = "MANCALA_CONFORMANCE_SCALE"

// Run runs the suite as a test and fails t with the first violation found.
// Under -short it plays a tenth of the games.
func Run[P mancala.Position[P, M], M mancala.Move](t testing.TB, d *mancala.Descriptor[P, M], cfg Config[P, M]) {
	t.Helper()
	if err := Check(d, cfg, testing.Short()); err != nil {
		t.Fatal(err)
	}
}

// Check runs the suite and returns the first violation found, or nil. With
// short it plays a tenth of the games.
func Check[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], cfg Config[P, M], short bool) error {
	if cfg.Games <= 0 {
		cfg.Games = 500
	}
	if short {
		cfg.Games = max(5, cfg.Games/10)
	}
	if n, err := strconv.Atoi(os.Getenv(ScaleEnv)); err == nil && n > 1 {
		cfg.Games *= n
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 600
	}
	if cfg.Illegal <= 0 {
		cfg.Illegal = 4
	}
	if len(cfg.Starts) == 0 {
		cfg.Starts = []P{d.Start()}
	}
	if err := checkDescriptor(d); err != nil {
		return err
	}
	if p, err := d.New(d.Rules(d.Start())); err != nil || p != d.Start() {
		return fmt.Errorf("%s: New(Rules(Start())) = %v, %v; want Start()", d.Name, p, err)
	}
	for _, p := range cfg.Starts {
		if q, err := d.New(d.Rules(p)); err != nil || d.Rules(q) != d.Rules(p) {
			return fmt.Errorf("%s: New(Rules(%v)) has rules %q, %v", d.Name, p, d.Rules(q), err)
		}
	}
	c := &checker[P, M]{d: d, cfg: cfg, seen: map[M]bool{}}
	for g := range cfg.Games {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
		start := cfg.Starts[g%len(cfg.Starts)]
		if err := c.game(start, rng); err != nil {
			return fmt.Errorf("%s conformance, game %d (seed %d): %w", d.Name, g, cfg.Seed, err)
		}
	}
	return nil
}

// checkDescriptor requires every field of d to be set, and its Options to
// be sorted by name and to describe rules d.New accepts: each option's
// default, restated, is the default rule set.
func checkDescriptor[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) error {
	if d.Name == "" || d.Title == "" || d.Words.Seed == "" || len(d.Options) == 0 || d.Start == nil || d.New == nil || d.Rules == nil ||
		d.Parse == nil || d.ParseMove == nil || d.Diagram == nil || d.Counts == nil || d.Layout == nil || d.ApplyTrace == nil || d.MoveKey == nil {
		return fmt.Errorf("descriptor %q: every field must be set (Name, Title, Words.Seed, Options, and every function)", d.Name)
	}
	for i, o := range d.Options {
		if o.Name == "" || o.Default == "" || o.Doc == "" {
			return fmt.Errorf("descriptor %q: option %d (%q) needs a name, a default and a doc line", d.Name, i, o.Name)
		}
		if i > 0 && d.Options[i-1].Name >= o.Name {
			return fmt.Errorf("descriptor %q: Options not sorted by name: %s before %s", d.Name, d.Options[i-1].Name, o.Name)
		}
		p, err := d.New(o.Name + ":" + o.Default)
		if err != nil || d.Rules(p) != "" {
			return fmt.Errorf("descriptor %q: New(%q) = %q, %v; want the default rules", d.Name, o.Name+":"+o.Default, d.Rules(p), err)
		}
	}
	return nil
}

type checker[P mancala.Position[P, M], M mancala.Move] struct {
	d    *mancala.Descriptor[P, M]
	cfg  Config[P, M]
	seen map[M]bool
	pool []M
	buf  []M
}

func (c *checker[P, M]) game(p P, rng *rand.Rand) error {
	total := c.d.SeedTotal(p)
	for ply := 0; ; ply++ {
		if err := c.position(p, ply, total, rng); err != nil {
			return fmt.Errorf("ply %d, position %q: %w", ply, p.String(), err)
		}
		moves := p.AppendLegalMoves(c.buf[:0])
		c.buf = moves
		if len(moves) == 0 || ply >= c.cfg.MaxPlies {
			return nil
		}
		q, err := p.Apply(moves[rng.IntN(len(moves))])
		if err != nil {
			return err
		}
		p = q
	}
}

// position checks everything about one position and its legal moves.
func (c *checker[P, M]) position(p P, ply, total int, rng *rand.Rand) error {
	d := c.d
	s := p.String()
	if got := d.SeedTotal(p); got != total {
		return fmt.Errorf("seed total %d, want %d (C-5)", got, total)
	}
	// Notation round trip.
	q, err := d.Parse(s)
	if err != nil {
		return fmt.Errorf("Parse(String()) failed: %w", err)
	}
	if q != p || q.String() != s {
		return fmt.Errorf("Parse(String()) gives %q, a different position", q.String())
	}
	// Side and turn.
	side, turn, err := sideTurn(s)
	if err != nil {
		return err
	}
	if side != p.ToMove() {
		return fmt.Errorf("ToMove() = %v but the notation says %v", p.ToMove(), side)
	}
	if (turn%2 == 0) != (side == mancala.South) {
		return fmt.Errorf("side %v does not match turn %d", side, turn)
	}
	// A heuristic, where the game has one (mancala/agent's Evaluator),
	// is antisymmetric.
	if ev, ok := any(p).(interface{ Evaluate(mancala.Player) int }); ok {
		if a, b := ev.Evaluate(mancala.South), ev.Evaluate(mancala.North); a != -b {
			return fmt.Errorf("Evaluate(South) = %d but Evaluate(North) = %d: not antisymmetric", a, b)
		}
	}
	// Legal moves.
	var zero M
	moves := p.AppendLegalMoves(c.buf[:0])
	c.buf = moves
	if over := p.Outcome().Over(); over != (len(moves) == 0) {
		return fmt.Errorf("Outcome().Over() = %v with %d legal moves", over, len(moves))
	}
	withPrefix := p.AppendLegalMoves([]M{zero})
	if len(withPrefix) != len(moves)+1 || withPrefix[0] != zero || !slicesEqual(withPrefix[1:], moves) {
		return fmt.Errorf("AppendLegalMoves(dst) does not append exactly the legal moves after dst")
	}
	if lm, ok := any(p).(interface{ LegalMoves() []M }); ok {
		if got := lm.LegalMoves(); got == nil || !slicesEqual(got, moves) {
			return fmt.Errorf("LegalMoves() = %#v; want the legal moves %v in a non-nil slice", got, moves)
		}
	}
	legal := make(map[M]bool, len(moves))
	for i, m := range moves {
		if legal[m] {
			return fmt.Errorf("legal move %v listed twice", m)
		}
		legal[m] = true
		if m == zero {
			return fmt.Errorf("the zero move is listed as legal")
		}
		if i > 0 && d.MoveKey(p, moves[i-1]) >= d.MoveKey(p, m) {
			return fmt.Errorf("legal moves out of order: %v (key %d) before %v (key %d)", moves[i-1], d.MoveKey(p, moves[i-1]), m, d.MoveKey(p, m))
		}
		if back, err := d.ParseMove(m.String()); err != nil || back != m {
			return fmt.Errorf("ParseMove(%q) = %v, %v; want the move back", m.String(), back, err)
		}
		if err := textRoundTrip(m); err != nil {
			return err
		}
		if !c.seen[m] {
			c.seen[m] = true
			c.pool = append(c.pool, m)
		}
	}
	for _, m := range moves {
		if err := c.legal(p, s, m, total); err != nil {
			return fmt.Errorf("move %v: %w", m, err)
		}
	}
	if err := checkPerft(p, ply, len(moves)); err != nil {
		return err
	}
	if ply%16 == 0 {
		if err := checkPlayout(d, p, uint64(ply)); err != nil {
			return err
		}
	}
	// Illegal moves.
	tries := []M{zero}
	for range c.cfg.Illegal {
		if len(c.pool) > 0 {
			tries = append(tries, c.pool[rng.IntN(len(c.pool))])
		}
	}
	for _, m := range tries {
		if legal[m] {
			continue
		}
		if err := c.illegal(p, s, m, len(moves) == 0); err != nil {
			return fmt.Errorf("illegal move %v: %w", m, err)
		}
	}
	return nil
}

func (c *checker[P, M]) legal(p P, s string, m M, total int) error {
	d := c.d
	q, err := p.Apply(m)
	if err != nil {
		return fmt.Errorf("legal move refused: %w", err)
	}
	if p.String() != s {
		return fmt.Errorf("the receiver changed to %q after Apply", p.String())
	}
	if got := d.SeedTotal(q); got != total {
		return fmt.Errorf("seed total after the move %d, want %d (C-5)", got, total)
	}
	before := d.Counts(p)
	counts := before.Clone()
	var events []mancala.Event
	q2, err := d.ApplyTrace(p, m, func(e mancala.Event) { events = append(events, e) })
	if err != nil {
		return fmt.Errorf("ApplyTrace refused a legal move: %w", err)
	}
	if q2 != q {
		return fmt.Errorf("ApplyTrace gives %q, Apply gives %q", q2.String(), q.String())
	}
	ends := 0
	for _, e := range events {
		if e.Kind == mancala.End {
			ends++
		}
	}
	if ends != 1 || len(events) == 0 || events[len(events)-1].Kind != mancala.End {
		return fmt.Errorf("trace must end with exactly one End event; got %v", events)
	}
	if err := counts.ReplayAll(events); err != nil {
		return fmt.Errorf("trace does not replay: %w (events %v)", err, events)
	}
	if after := d.Counts(q); !countsEqual(after, counts) {
		return fmt.Errorf("trace replayed on %q does not give %q (-apply +replay):\n%s", s, q.String(), cmp.Diff(after, counts))
	}
	// Side and turn progression.
	side0, turn0, _ := sideTurn(s)
	side1, turn1, err := sideTurn(q.String())
	if err != nil {
		return err
	}
	sameTurn := side1 == side0 && turn1 == turn0
	nextTurn := side1 == side0.Other() && turn1 == turn0+1
	if !sameTurn && !nextTurn {
		return fmt.Errorf("after the move %v is to move at turn %d (was %v at turn %d): a ply keeps the side and turn or passes to the other side at turn+1", side1, turn1, side0, turn0)
	}
	return nil
}

func (c *checker[P, M]) illegal(p P, s string, m M, over bool) error {
	q, err := p.Apply(m)
	if err == nil {
		return fmt.Errorf("accepted, giving %q", q.String())
	}
	if !errors.Is(err, mancala.ErrIllegalMove) {
		return fmt.Errorf("refused with %v, which does not wrap ErrIllegalMove", err)
	}
	if over && !errors.Is(err, mancala.ErrGameOver) {
		return fmt.Errorf("refused after the end with %v, which does not wrap ErrGameOver", err)
	}
	if p.String() != s {
		return fmt.Errorf("refused move changed the receiver to %q", p.String())
	}
	n := 0
	_, err = c.d.ApplyTrace(p, m, func(mancala.Event) { n++ })
	if err == nil || n != 0 {
		return fmt.Errorf("ApplyTrace of a refused move reported %d events (err %v)", n, err)
	}
	if p.String() != s {
		return fmt.Errorf("refused ApplyTrace changed the receiver to %q", p.String())
	}
	return nil
}

// textRoundTrip checks, for a move type with MarshalText and
// UnmarshalText, that m's text is its String and reads back to m.
func textRoundTrip[M mancala.Move](m M) error {
	tm, ok := any(m).(encoding.TextMarshaler)
	if !ok {
		return nil
	}
	b, err := tm.MarshalText()
	if err != nil || string(b) != m.String() {
		return fmt.Errorf("MarshalText(%v) = %q, %v; want %q", m, b, err, m.String())
	}
	var u M
	if tu, ok := any(&u).(encoding.TextUnmarshaler); ok {
		if err := tu.UnmarshalText(b); err != nil || u != m {
			return fmt.Errorf("UnmarshalText(%q) = %v, %v; want the move back", b, u, err)
		}
	}
	return nil
}

// sideTurn reads the side letter and the turn= field of a position line.
func sideTurn(s string) (mancala.Player, int, error) {
	f := strings.Fields(s)
	if len(f) < 4 {
		return 0, 0, fmt.Errorf("position %q has fewer than 4 fields", s)
	}
	side, err := mancala.ParsePlayer(f[2])
	if err != nil {
		return 0, 0, fmt.Errorf("position %q: %w", s, err)
	}
	for _, x := range f[3:] {
		if v, ok := strings.CutPrefix(x, "turn="); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				return 0, 0, fmt.Errorf("position %q: bad turn", s)
			}
			return side, n, nil
		}
	}
	return 0, 0, fmt.Errorf("position %q has no turn= field", s)
}

func slicesEqual[M comparable](a, b []M) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// countsEqual is a cheap exact comparison; cmp.Diff explains a mismatch.
func countsEqual(a, b mancala.Counts) bool {
	if a.Stores != b.Stores || a.Reserves != b.Reserves || a.Hand != b.Hand ||
		!slicesEqual(a.Pits, b.Pits) || (a.Nki == nil) != (b.Nki == nil) || !slicesEqual(a.Nki, b.Nki) {
		return false
	}
	return true
}

// checkPerft compares mancala.Perft, which uses a game's own Perft where
// the position type has one, with referencePerft at the ply-th position of
// a game with moves legal moves: at depth 1, at depth 2 on every eighth ply
// (positions with at most 40 legal moves), and at depth 3 on every
// 32nd ply where depth 2 counted at most 200 positions.
func checkPerft[P mancala.Game[P, M], M comparable](p P, ply, moves int) error {
	for depth := 1; depth <= 3; depth++ {
		want, err := referencePerft(p, depth)
		if err != nil {
			return fmt.Errorf("reference perft(%d): %w", depth, err)
		}
		got, err := mancala.Perft[P, M](p, depth)
		if err != nil || got != want {
			return fmt.Errorf("Perft(%d) = %d, %v; counting over AppendLegalMoves and Apply gives %d", depth, got, err, want)
		}
		if ply%8 != 0 || moves > 40 || (depth == 2 && (ply%32 != 0 || want > 200)) {
			break
		}
	}
	return nil
}

// referencePerft counts the positions depth plies after p with nothing but
// AppendLegalMoves and Apply and a new move list per position
// (docs/rules/common.md, "Perft convention"): the reference that
// mancala.Perft and every game's own Perft must agree with.
func referencePerft[P mancala.Game[P, M], M comparable](p P, depth int) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	moves := p.AppendLegalMoves(nil)
	if depth == 1 {
		return uint64(len(moves)), nil
	}
	var n uint64
	for _, m := range moves {
		q, err := p.Apply(m)
		if err != nil {
			return n, fmt.Errorf("legal move %v refused: %w", m, err)
		}
		k, err := referencePerft(q, depth-1)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// checkPlayout compares mancala.Playout's Run from p, which uses the
// position type's own PlayRandom where it has one, with a loop over
// AppendLegalMoves and Apply that draws from another Playout of the same
// seed: the same game, to its end and capped at 5 plies. Under
// Endless=Illegal, where a game's own PlayRandom draws by rejection among
// the candidates (its draws are not the loop's), it checks
// checkPlayoutIllegal instead.
func checkPlayout[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p P, seed uint64) error {
	if Illegal(d, p) {
		return checkPlayoutIllegal(p, seed)
	}
	for _, maxPlies := range []int{0, 5} {
		got, gotPlies, err := mancala.NewPlayout[P, M](seed).Run(p, maxPlies)
		if err != nil {
			return fmt.Errorf("Playout.Run: %w", err)
		}
		draws := mancala.NewPlayout[P, M](seed)
		want, plies := p, 0
		for maxPlies <= 0 || plies < maxPlies {
			moves := want.AppendLegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			if want, err = want.Apply(moves[draws.IntN(len(moves))]); err != nil {
				return fmt.Errorf("reference playout: %w", err)
			}
			plies++
		}
		if got != want || gotPlies != plies {
			return fmt.Errorf("Playout.Run(seed %d, maxPlies %d) plays %d plies to %v; the loop over AppendLegalMoves and Apply %d plies to %v", seed, maxPlies, gotPlies, got, plies, want)
		}
	}
	return nil
}

// Illegal reports whether p's rules have Endless=Illegal (C-6), as its
// rules= field says.
func Illegal[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p P) bool {
	return slices.Contains(strings.Split(d.Rules(p), ","), "Endless:Illegal")
}

// checkPlayoutIllegal checks a random game from p under Endless=Illegal,
// whatever the draws: played one ply at a time (Run with maxPlies 1 from
// each position reached, one Playout of the seed drawing throughout),
// every ply is a legal move and gives exactly the position Apply gives
// (==, so its text, outcome and legal moves are Apply's, which the checker
// tests on its own positions); and the whole game from another Playout of the same
// seed (Run with no cap, and capped at 5 plies) ends in the same position
// after the same plies. The ply-by-ply game draws what the whole one
// draws: a position a capped Run returns holds its legal moves, from which
// the next ply draws as a PlayRandom draws in the middle of a game.
func checkPlayoutIllegal[P mancala.Position[P, M], M mancala.Move](p P, seed uint64) error {
	steps := mancala.NewPlayout[P, M](seed)
	q, plies := p, 0
	var at5 P
	for {
		if plies == 5 {
			at5 = q
		}
		r, n, err := steps.Run(q, 1)
		if err != nil {
			return fmt.Errorf("Playout.Run: %w", err)
		}
		moves := q.AppendLegalMoves(nil)
		if n == 0 {
			if len(moves) != 0 || r != q {
				return fmt.Errorf("Playout.Run(%v, 1) plays no ply to %v; the position has the legal moves %v", q, r, moves)
			}
			break
		}
		found := false
		for _, m := range moves {
			if a, err := q.Apply(m); err == nil && a == r {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("Playout.Run(%v, 1) gives %v, which no legal move gives (== after Apply)", q, r)
		}
		q = r
		plies++
	}
	if plies < 5 {
		at5 = q
	}
	for _, c := range []struct {
		max   int
		plies int
		want  P
	}{{0, plies, q}, {5, min(plies, 5), at5}} {
		got, n, err := mancala.NewPlayout[P, M](seed).Run(p, c.max)
		if err != nil {
			return fmt.Errorf("Playout.Run: %w", err)
		}
		if got != c.want || n != c.plies {
			return fmt.Errorf("Playout.Run(seed %d, maxPlies %d) plays %d plies to %v; ply by ply %d plies to %v", seed, c.max, n, got, c.plies, c.want)
		}
	}
	return nil
}
