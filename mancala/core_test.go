package mancala_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

func TestPlayer(t *testing.T) {
	tests := []struct {
		p           mancala.Player
		other       mancala.Player
		str, letter string
	}{
		{mancala.South, mancala.North, "South", "S"},
		{mancala.North, mancala.South, "North", "N"},
		{mancala.Player(7), mancala.Player(7), "Player(7)", "?"},
	}
	for _, tt := range tests {
		if got := tt.p.Other(); got != tt.other {
			t.Errorf("%v.Other() = %v, want %v", tt.p, got, tt.other)
		}
		if got := tt.p.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
		if got := tt.p.Letter(); got != tt.letter {
			t.Errorf("Letter() = %q, want %q", got, tt.letter)
		}
	}
	for _, s := range []string{"", "s", "South", "X", "SN"} {
		if _, err := mancala.ParsePlayer(s); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("ParsePlayer(%q) error %v, want ErrSyntax", s, err)
		}
	}
	if p, err := mancala.ParsePlayer("N"); err != nil || p != mancala.North {
		t.Errorf("ParsePlayer(N) = %v, %v", p, err)
	}
}

func TestErrors(t *testing.T) {
	over := &mancala.MoveError{Game: "kisolo", Move: "b3", Reason: "the game is over", Err: mancala.ErrGameOver}
	if !errors.Is(over, mancala.ErrGameOver) || !errors.Is(over, mancala.ErrIllegalMove) {
		t.Errorf("a move after the end must match both ErrGameOver and ErrIllegalMove")
	}
	if got, want := over.Error(), "kisolo: move after game over b3: the game is over"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	ill := &mancala.MoveError{Game: "kiothi", Move: "a5:9", Reason: "pit holds 5"}
	if !errors.Is(ill, mancala.ErrIllegalMove) || errors.Is(ill, mancala.ErrGameOver) || errors.Is(ill, mancala.ErrSyntax) {
		t.Errorf("a plain illegal move matches only ErrIllegalMove")
	}
	if got, want := ill.Error(), "kiothi: illegal move a5:9: pit holds 5"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	syn := &mancala.SyntaxError{Game: "kimasai", What: "record", Input: "zz", Line: 3, Msg: "unknown move"}
	if !errors.Is(syn, mancala.ErrSyntax) || errors.Is(syn, mancala.ErrIllegalMove) {
		t.Errorf("SyntaxError must match only ErrSyntax")
	}
	if got, want := syn.Error(), `kimasai: bad record: line 3: "zz": unknown move`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var se *mancala.SyntaxError
	if !errors.As(fmt.Errorf("wrapped: %w", syn), &se) || se.Line != 3 {
		t.Errorf("errors.As through a wrap failed")
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		o      mancala.Outcome
		result string
		str    string
		margin int
	}{
		{mancala.Outcome{}, "*", "ongoing", 0},
		{mancala.Outcome{Status: mancala.Win, Winner: mancala.South, Reason: mancala.NoMove, HasScore: true, Score: [2]int{31, 29}}, "S:nomove", "South wins (nomove) 31-29", 2},
		{mancala.Outcome{Status: mancala.Win, Winner: mancala.North, Reason: mancala.InnerRowEmptied}, "N:inner", "North wins (inner)", 0},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.Endless}, "draw:endless", "draw (endless)", 0},
		{mancala.Outcome{Status: mancala.Win, Winner: mancala.North, Reason: mancala.SelfEmptiedInnerRow}, "N:selfinner", "North wins (selfinner)", 0},
		{mancala.Outcome{Status: mancala.Win, Winner: mancala.South, Reason: mancala.OuterRowEmptied}, "S:outer", "South wins (outer)", 0},
	}
	for _, tt := range tests {
		if got := tt.o.Result(); got != tt.result {
			t.Errorf("Result() = %q, want %q", got, tt.result)
		}
		if got := tt.o.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
		if got := tt.o.Margin(); got != tt.margin {
			t.Errorf("Margin() = %d, want %d", got, tt.margin)
		}
		if tt.o.Over() != (tt.result != "*") {
			t.Errorf("Over() wrong for %v", tt.o)
		}
		if tt.result == "*" {
			continue
		}
		back, err := mancala.ParseResult(tt.result)
		want := tt.o
		want.HasScore, want.Score = false, [2]int{}
		if err != nil || back != want {
			t.Errorf("ParseResult(%q) = %v, %v; want %v", tt.result, back, err, want)
		}
	}
	for _, s := range []string{"", "*", "S", "S:", "X:nomove", "S:foo", "s:nomove", "S:endless", "N:endless"} {
		if _, err := mancala.ParseResult(s); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("ParseResult(%q) error %v, want ErrSyntax", s, err)
		}
	}
	// Draws the common clauses allow parse; which of them a game can reach
	// is that game's Parse's check (kisolo refuses draw:inner, for one).
	for _, s := range []string{"draw:inner", "draw:selfinner", "draw:outer", "draw:nomove", "draw:endless"} {
		want, _ := mancala.ParseReason(s[len("draw:"):])
		if o, err := mancala.ParseResult(s); err != nil || o != (mancala.Outcome{Status: mancala.Draw, Reason: want}) {
			t.Errorf("ParseResult(%q) = %v, %v; want a draw by %v", s, o, err, want)
		}
	}
	// A Winner that is not a player has no margin (it used to index Score
	// out of range and panic).
	for _, w := range []mancala.Player{2, 7, 255} {
		o := mancala.Outcome{Status: mancala.Win, Winner: w, HasScore: true, Score: [2]int{31, 29}}
		if got := o.Margin(); got != 0 {
			t.Errorf("Margin() with Winner %d = %d, want 0", w, got)
		}
	}
	if got := mancala.Reason(42).String(); got != "Reason(42)" {
		t.Errorf("out-of-range reason prints %q", got)
	}
	if got := mancala.Status(9).String(); got != "Status(9)" {
		t.Errorf("out-of-range status prints %q", got)
	}
}

// TestReplay replays a hand-written Kisolo-like capture trace and a Kiothi
// sweep on plain counts.
func TestReplay(t *testing.T) {
	c := mancala.Counts{Pits: []int{0, 2, 0, 3}, Stores: [2]int{1, 0}, Nki: make([]bool, 4)}
	events := []mancala.Event{
		{Kind: mancala.Lift, From: mancala.PitOf(1), To: mancala.Hand, Count: 2},
		{Kind: mancala.NkiClear, From: mancala.PitOf(1)},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(2), Count: 1},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(3), Count: 1},
		{Kind: mancala.Relay, From: mancala.PitOf(3), To: mancala.Hand, Count: 4},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(0), Count: 1},
		{Kind: mancala.Capture, From: mancala.PitOf(2), To: mancala.StoreOf(mancala.North), Count: 1},
		{Kind: mancala.Sweep, From: mancala.Hand, To: mancala.StoreOf(mancala.South), Count: 3},
		{Kind: mancala.NkiSet, From: mancala.PitOf(0)},
		{Kind: mancala.End, EndReason: mancala.EndEmptyPit},
	}
	if err := c.ReplayAll(events); err != nil {
		t.Fatal(err)
	}
	want := mancala.Counts{Pits: []int{1, 0, 0, 0}, Stores: [2]int{4, 1}, Nki: []bool{true, false, false, false}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("replay (-want +got):\n%s", diff)
	}
	if c.Total() != 6 {
		t.Errorf("Total() = %d, want 6", c.Total())
	}
	r := mancala.Counts{Reserves: [2]int{24, 24}, Pits: make([]int, 2)}
	if err := r.Replay(mancala.Event{Kind: mancala.Reserve, From: mancala.ReserveOf(mancala.North), To: mancala.PitOf(1), Count: 1}); err != nil || r.Reserves[1] != 23 || r.Pits[1] != 1 {
		t.Errorf("reserve replay: %v %+v", err, r)
	}
	bad := []mancala.Event{
		{Kind: mancala.Lift, From: mancala.PitOf(0), To: mancala.Hand, Count: 5},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(9), Count: 1},
		{Kind: mancala.Drop, From: mancala.Place{}, To: mancala.PitOf(0), Count: 1},
		{Kind: mancala.Lift, From: mancala.PitOf(0), To: mancala.Hand, Count: -1},
		{Kind: mancala.NkiSet, From: mancala.PitOf(0)},
		{Kind: mancala.EventKind(99)},
		{Kind: mancala.Capture, From: mancala.StoreOf(mancala.Player(3)), To: mancala.Hand},
	}
	for _, e := range bad {
		before := r.Clone()
		if err := r.Replay(e); err == nil {
			t.Errorf("Replay(%v) accepted", e)
		}
		if diff := cmp.Diff(before, r); diff != "" {
			t.Errorf("a refused Replay(%v) changed the counts:\n%s", e, diff)
		}
	}
	if got := events[0].String(); got != "lift pit 1 -> hand (2)" {
		t.Errorf("Event.String() = %q", got)
	}
	if got := events[len(events)-1].String(); got != "end (empty pit)" {
		t.Errorf("End.String() = %q", got)
	}
}

// TestPerftToy: perft on the toy game. Depths 1 to 3 are counted by hand
// (South has three occupied pits, every reply leaves North three, and the
// nine positions after them leave South 2,3,3, 2,2,3 and 2,2,2 moves);
// deeper counts are golden regression values.
func TestPerftToy(t *testing.T) {
	start := toy.Start(toy.None)
	want := []uint64{1, 3, 9, 21, 55, 136, 328}
	for d, w := range want {
		got, err := mancala.Perft[toy.Position, toy.Move](start, d)
		if err != nil || got != w {
			t.Errorf("Perft(start, %d) = %d, %v; want %d", d, got, err, w)
		}
	}
	div, err := mancala.Divide[toy.Position, toy.Move](start, 4)
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	var moves []string
	for _, e := range div {
		sum += e.Nodes
		moves = append(moves, e.Move.String())
	}
	if sum != want[4] {
		t.Errorf("Divide(start, 4) sums to %d, want %d", sum, want[4])
	}
	if diff := cmp.Diff([]string{"a1", "a2", "a3"}, moves); diff != "" {
		t.Errorf("Divide moves (-want +got):\n%s", diff)
	}
	// A bad depth is a programmer's error, not bad text: a plain error.
	if _, err := mancala.Perft[toy.Position, toy.Move](start, -1); err == nil || errors.Is(err, mancala.ErrSyntax) || !strings.Contains(err.Error(), "depth -1") {
		t.Errorf("Perft with a negative depth: %v, want a plain error naming the depth", err)
	}
	if _, err := mancala.Divide[toy.Position, toy.Move](start, 0); err == nil || errors.Is(err, mancala.ErrSyntax) || !strings.Contains(err.Error(), "depth 0") {
		t.Errorf("Divide at depth 0: %v, want a plain error naming the depth", err)
	}
	// A game whose legal moves do not apply is reported, not hidden.
	if _, err := mancala.Perft[toy.Position, toy.Move](toy.Start(toy.Refuse), 3); !errors.Is(err, mancala.ErrIllegalMove) {
		t.Errorf("Perft on a game that refuses a legal move: %v", err)
	}
}

func TestPerftAllocatesNothingPerNode(t *testing.T) {
	start := toy.Start(toy.None)
	var s mancala.Stack[toy.Position, toy.Move]
	s.Moves(0, start)
	s.Moves(1, start)
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range s.Moves(0, start) {
			q, _ := start.Apply(m)
			s.Moves(1, q)
		}
	})
	if allocs != 0 {
		t.Errorf("a warmed Stack allocates %.1f times per two-level walk, want 0", allocs)
	}
}

func TestPlayout(t *testing.T) {
	start := toy.Start(toy.None)
	a, na, err := mancala.RandomPlayout[toy.Position, toy.Move](start, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, nb, _ := mancala.RandomPlayout[toy.Position, toy.Move](start, 7, 0)
	if a != b || na != nb {
		t.Errorf("the same seed gave different games: %v (%d) and %v (%d)", a, na, b, nb)
	}
	if !a.Outcome().Over() && na < 1 {
		t.Errorf("uncapped playout stopped at %v after %d plies", a, na)
	}
	c, nc, _ := mancala.RandomPlayout[toy.Position, toy.Move](start, 7, 3)
	if nc != 3 || c.Outcome().Over() {
		t.Errorf("a playout capped at 3 plies played %d and reached %v", nc, c)
	}
	// Seeds differ: over 20 seeds at least two different end positions.
	ends := map[toy.Position]bool{}
	for seed := range uint64(20) {
		e, _, _ := mancala.RandomPlayout[toy.Position, toy.Move](start, seed, 0)
		ends[e] = true
	}
	if len(ends) < 2 {
		t.Errorf("20 seeds gave %d distinct games", len(ends))
	}
	r := mancala.NewPlayout[toy.Position, toy.Move](1)
	r.Run(start, 0)
	allocs := testing.AllocsPerRun(100, func() { r.Run(start, 0) })
	if allocs != 0 {
		t.Errorf("a warmed Playout allocates %.1f times per game, want 0", allocs)
	}
	if r.IntN(0) != 0 || r.IntN(-4) != 0 {
		t.Errorf("IntN of a non-positive bound must be 0")
	}
	refused := 0
	for seed := range uint64(20) {
		_, _, err := mancala.RandomPlayout[toy.Position, toy.Move](toy.Start(toy.Refuse), seed, 0)
		if err != nil && !errors.Is(err, mancala.ErrIllegalMove) {
			t.Errorf("playout error %v does not wrap ErrIllegalMove", err)
		}
		if err != nil {
			refused++
		}
	}
	if refused == 0 {
		t.Errorf("20 playouts of a game that refuses a legal move reported no error")
	}
}

func BenchmarkPerftToy(b *testing.B) {
	start := toy.Start(toy.None)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		n, _ := mancala.Perft[toy.Position, toy.Move](start, 8)
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
}

// TestRulesErrors: a RulesError matches ErrRules only; a SyntaxError with
// Err set matches ErrSyntax and Err's sentinels too (rules text naming an
// invalid rule set), and errors.As finds both.
func TestRulesErrors(t *testing.T) {
	re := &mancala.RulesError{Game: "kisolo", Rules: "Columns:9", Msg: "Columns must be 6, 7 or 8 (0 means 7)"}
	if !errors.Is(re, mancala.ErrRules) || errors.Is(re, mancala.ErrSyntax) || errors.Is(re, mancala.ErrIllegalMove) {
		t.Errorf("RulesError must match only ErrRules")
	}
	if got, want := re.Error(), `kisolo: invalid rules "Columns:9": Columns must be 6, 7 or 8 (0 means 7)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := (&mancala.RulesError{}).Error(), "mancala: invalid rules"; got != want {
		t.Errorf("empty RulesError: Error() = %q, want %q", got, want)
	}
	syn := &mancala.SyntaxError{Game: "kisolo", What: "rules", Input: "Columns:9", Msg: re.Msg, Err: re}
	if !errors.Is(syn, mancala.ErrSyntax) || !errors.Is(syn, mancala.ErrRules) {
		t.Errorf("SyntaxError with Err = RulesError must match ErrSyntax and ErrRules")
	}
	var got *mancala.RulesError
	if !errors.As(fmt.Errorf("wrapped: %w", syn), &got) || got != re {
		t.Errorf("errors.As does not find the RulesError inside the SyntaxError")
	}
	if diff := cmp.Diff([]error{mancala.ErrSyntax, re}, syn.Unwrap(), cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
		t.Errorf("Unwrap (-want +got):\n%s", diff)
	}
	if u := (&mancala.SyntaxError{}).Unwrap(); len(u) != 1 || u[0] != mancala.ErrSyntax {
		t.Errorf("Unwrap without Err = %v, want [ErrSyntax]", u)
	}
}

// TestSyntaxErrorQuotesShort: a SyntaxError quotes at most quote.Max
// bytes of its input.
func TestSyntaxErrorQuotesShort(t *testing.T) {
	long := strings.Repeat("x", quote.Max+10)
	syn := &mancala.SyntaxError{Game: "kisolo", What: "position", Input: long, Msg: "too long"}
	if got, want := syn.Error(), `kisolo: bad position: "`+long[:quote.Max]+`"...: too long`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestEndlessAndLaps: the common option Endless prints its rules= names,
// and Laps gives the bound in force (C-6).
func TestEndlessAndLaps(t *testing.T) {
	for e, want := range map[mancala.EndlessRule]string{mancala.EndlessDraw: "Draw", mancala.EndlessIllegal: "Illegal", 7: "EndlessRule(7)"} {
		if got := e.String(); got != want {
			t.Errorf("EndlessRule(%d).String() = %q, want %q", e, got, want)
		}
	}
	for s, want := range map[mancala.SelfEmptiedRule]string{mancala.SelfEmptiedLoses: "Loses", mancala.SelfEmptiedContinues: "Continues", 7: "SelfEmptiedRule(7)"} {
		if got := s.String(); got != want {
			t.Errorf("SelfEmptiedRule(%d).String() = %q, want %q", s, got, want)
		}
	}
	for in, want := range map[int]int{0: mancala.DefaultMaxLaps, -5: mancala.DefaultMaxLaps, 1: 1, 5000: 5000, mancala.MaxLapsLimit: mancala.MaxLapsLimit} {
		if got := mancala.Laps(in); got != want {
			t.Errorf("Laps(%d) = %d, want %d", in, got, want)
		}
	}
	if mancala.DefaultMaxLaps > mancala.MaxLapsLimit {
		t.Errorf("DefaultMaxLaps %d above MaxLapsLimit %d", mancala.DefaultMaxLaps, mancala.MaxLapsLimit)
	}
	for k, want := range map[mancala.OptionKind]string{mancala.EnumOption: "enum", mancala.BoolOption: "bool", mancala.IntOption: "int", 7: "OptionKind(7)"} {
		if got := k.String(); got != want {
			t.Errorf("OptionKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

// TestPlayoutIntNIsRandIntN: the playout's draws are math/rand/v2's
// Rand.IntN on the same PCG stream, so that a seed keeps giving the same
// games.
func TestPlayoutIntNIsRandIntN(t *testing.T) {
	pl := mancala.NewPlayout[toy.Position, toy.Move](42)
	ref := rand.New(rand.NewPCG(42, 0x6d616e63616c61))
	for i := range 100000 {
		n := 1 + i%300
		if i%7 == 0 {
			n = 1 << (i % 20)
		}
		if got, want := pl.IntN(n), ref.IntN(n); got != want {
			t.Fatalf("draw %d: IntN(%d) = %d, rand.IntN %d", i, n, got, want)
		}
	}
}
