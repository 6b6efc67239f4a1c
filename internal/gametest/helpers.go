package gametest

import (
	"encoding"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TB is what the helpers need of a test: *testing.T, *testing.B,
// *testing.F and pgregory.net/rapid's *rapid.T all have it.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// MustParse returns the position s (d's notation), or fails t.
func MustParse[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], s string) P {
	t.Helper()
	p, err := d.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

// MustMove returns the move s (d's notation), or fails t.
func MustMove[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], s string) M {
	t.Helper()
	m, err := d.ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

// CheckTrace applies m to p with ApplyTrace and fails t unless it returns
// what Apply returns (also with a nil fn), and then, for a refused move,
// reports no event, and for a legal one ends with exactly one End event
// and replays p's counts into the new position's (docs/design.md, "Traces
// for front ends"). It returns the events.
func CheckTrace[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], p P, m M) []mancala.Event {
	t.Helper()
	want, werr := p.Apply(m)
	var events []mancala.Event
	got, gerr := d.ApplyTrace(p, m, func(e mancala.Event) { events = append(events, e) })
	if (werr == nil) != (gerr == nil) || got != want {
		t.Fatalf("%v: ApplyTrace(%v) = %v, %v; Apply = %v, %v", p, m, got, gerr, want, werr)
	}
	if q, err := d.ApplyTrace(p, m, nil); (err == nil) != (werr == nil) || q != want {
		t.Fatalf("%v: ApplyTrace(%v, nil) = %v, %v; Apply = %v, %v", p, m, q, err, want, werr)
	}
	if werr != nil {
		if len(events) != 0 {
			t.Fatalf("%v: refused move %v reported events %v", p, m, events)
		}
		return nil
	}
	ends := 0
	for _, e := range events {
		if e.Kind == mancala.End {
			ends++
		}
	}
	if ends != 1 || events[len(events)-1].Kind != mancala.End {
		t.Fatalf("%v: the trace of %v does not end with exactly one End event: %v", p, m, events)
	}
	c := d.Counts(p)
	if err := c.ReplayAll(events); err != nil {
		t.Fatalf("%v: the trace of %v does not replay: %v", p, m, err)
	}
	if diff := cmp.Diff(d.Counts(want), c); diff != "" {
		t.Fatalf("%v: the trace of %v replayed (-apply +replay):\n%s", p, m, diff)
	}
	return events
}

// SampleSeed seeds the games of [SamplePositions].
const SampleSeed = 42

// SamplePositions returns the ongoing positions of games seeded random
// games from start (a [mancala.Playout] seeded with [SampleSeed]), in order
// of play, game after game: a fixed workload spread over whole games, for
// benchmarks and the allocation test. keep, when not nil, chooses which
// positions to return (for example only those past Kiothi's opening).
func SamplePositions[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], start P, games int, keep func(P) bool) []P {
	t.Helper()
	pl := mancala.NewPlayout[P, M](SampleSeed)
	var out []P
	for range games {
		p := start
		for !p.Outcome().Over() {
			if keep == nil || keep(p) {
				out = append(out, p)
			}
			q, n, err := pl.Run(p, 1)
			if err != nil {
				t.Fatalf("%s: %v", d.Name, err)
			}
			if n == 0 {
				t.Fatalf("%s: %v: ongoing but no legal move", d.Name, p)
			}
			p = q
		}
	}
	return out
}

// ZeroAllocs fails t if AppendLegalMoves into a reused buffer, or Apply of
// any legal move, allocates on positions (docs/design.md, "Quality bar"; a
// refused move may allocate its error). A legal move that Apply refuses
// fails t too.
func ZeroAllocs[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], positions []P) {
	t.Helper()
	if len(positions) == 0 {
		t.Fatalf("%s: no positions to check", d.Name)
	}
	buf := make([]M, 0, 256)
	var failed error
	allocs := testing.AllocsPerRun(5, func() {
		for _, p := range positions {
			buf = p.AppendLegalMoves(buf[:0])
			for _, m := range buf {
				if _, err := p.Apply(m); err != nil && failed == nil {
					failed = err
				}
			}
		}
	})
	if failed != nil {
		t.Fatalf("%s: a legal move was refused: %v", d.Name, failed)
	}
	if allocs != 0 {
		t.Errorf("%s: AppendLegalMoves + Apply of every legal move allocate %v times per run over %d positions, want 0", d.Name, allocs, len(positions))
	}
}

// EvalCase is one row of a game's Evaluate table: a position in notation
// and the value Evaluate(South) must give there.
type EvalCase struct {
	Name string
	Pos  string
	Want int // Evaluate(South); Evaluate(North) must be -Want
}

// Evaluator is a position with the heuristic of mancala/agent's Evaluator.
type Evaluator[P any, M comparable] interface {
	mancala.Position[P, M]
	Evaluate(pl mancala.Player) int
}

// Evaluate checks a game's heuristic on the start position (symmetric in
// every game, so 0) and on each case: Evaluate(South) is Want,
// Evaluate(North) is -Want, Evaluate of a player out of range is 0, and
// Evaluate allocates nothing. (The conformance suite checks antisymmetry at
// every ply of its random games.)
func Evaluate[P Evaluator[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], cases []EvalCase) {
	t.Helper()
	cases = append([]EvalCase{{Name: "start is even", Pos: d.Start().String(), Want: 0}}, cases...)
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			p, err := d.Parse(tc.Pos)
			if err != nil {
				t.Fatal(err)
			}
			got := [3]int{p.Evaluate(mancala.South), p.Evaluate(mancala.North), p.Evaluate(mancala.Player(5))}
			if want := [3]int{tc.Want, -tc.Want, 0}; got != want {
				t.Errorf("Evaluate(South, North, Player(5)) = %v, want %v", got, want)
			}
			if a := testing.AllocsPerRun(10, func() { p.Evaluate(mancala.South) }); a != 0 {
				t.Errorf("Evaluate allocates %.1f times", a)
			}
		})
	}
}

// TextMove is a move type that marshals itself as text.
type TextMove interface {
	mancala.Move
	encoding.TextMarshaler
}

// MoveText fails t unless every move of moves, the zero move, and every
// legal move of five seeded random games from each of starts round-trips
// through its text: MarshalText never fails and gives String(),
// UnmarshalText of it gives the move back (whatever the target held
// before), and so does the game's ParseMove. The zero move is "none".
func MoveText[P mancala.Position[P, M], M TextMove, PM interface {
	*M
	encoding.TextUnmarshaler
}](t TB, d *mancala.Descriptor[P, M], moves []M, starts ...P) {
	t.Helper()
	for _, start := range starts {
		for _, p := range SamplePositions(t, d, start, 5, nil) {
			moves = p.AppendLegalMoves(moves)
		}
	}
	var zero M
	if zero.String() != "none" {
		t.Fatalf("%s: the zero move prints %q, want none", d.Name, zero.String())
	}
	other := zero
	for _, m := range moves {
		if m != zero {
			other = m
			break
		}
	}
	for _, m := range append([]M{zero}, moves...) {
		b, err := m.MarshalText()
		if err != nil || string(b) != m.String() {
			t.Fatalf("%s: MarshalText(%v) = %q, %v; want %q", d.Name, m, b, err, m.String())
		}
		for _, start := range []M{zero, other} {
			u := start
			if err := PM(&u).UnmarshalText(b); err != nil || u != m {
				t.Fatalf("%s: UnmarshalText(%q) into %v = %v, %v; want %#v", d.Name, b, start, u, err, m)
			}
		}
		if back, err := d.ParseMove(string(b)); err != nil || back != m {
			t.Fatalf("%s: ParseMove(%q) = %#v, %v; want %#v", d.Name, b, back, err, m)
		}
	}
}

// OptionLines returns one line per option, for a game's test to pin its
// Descriptor.Options: the name, the kind, the values ("Draw|Illegal"; an
// int option's range "1..2000000"), the default and the clause, as in
// "Columns int 6..8 6|7|8 default 7 KS-1".
func OptionLines(opts []mancala.RuleOption) []string {
	var out []string
	for _, o := range opts {
		line := o.Name + " " + o.Kind.String()
		if o.Kind == mancala.IntOption {
			line += " " + strconv.Itoa(o.Min) + ".." + strconv.Itoa(o.Max)
		}
		if len(o.Values) > 0 {
			line += " " + strings.Join(o.Values, "|")
		}
		out = append(out, line+" default "+o.Default+" "+o.Clause)
	}
	return out
}

// Names fails t unless d has the names given and its Options, as
// [OptionLines] writes them, are options (a game's test pins what front
// ends are offered; the conformance suite checks that every field is set).
func Names[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], name, title, seed string, options ...string) {
	t.Helper()
	if d.Name != name || d.Title != title || d.Words.Seed != seed {
		t.Fatalf("descriptor names %q, %q, %q; want %q, %q, %q", d.Name, d.Title, d.Words.Seed, name, title, seed)
	}
	if diff := cmp.Diff(options, OptionLines(d.Options)); diff != "" {
		t.Fatalf("%s: Descriptor.Options (-want +got):\n%s", name, diff)
	}
}

// PitValue is a game's Pit type.
type PitValue interface {
	comparable
	Row() int
	File() int
	IsZero() bool
	String() string
}

// PitFuncs are a game's functions on pits, for [Pits].
type PitFuncs[P any, Pit PitValue] struct {
	PitAt    func(row, file int) Pit
	ParsePit func(name string) (Pit, error)
	Pit      func(p P, index int) Pit // Position.Pit
	Index    func(p P, pit Pit) int   // Position.Index
}

// Pits checks a game's Pit, PitAt, ParsePit, Position.Pit and Position.Index
// on p's board: every index names a distinct pit whose index it is and
// whose name, row and file are the layout's, and which PitAt and ParsePit
// give back; the zero Pit prints "none", has row -1, file 0 and index -1;
// indices off the board give the zero Pit, and so do a row or file far out
// of range; each of bad and a few names no game has fail to parse with a
// [*mancala.SyntaxError] of d's game about a pit.
func Pits[P mancala.Position[P, M], M mancala.Move, Pit PitValue](t TB, d *mancala.Descriptor[P, M], p P, f PitFuncs[P, Pit], bad ...string) {
	t.Helper()
	l := d.Layout(p)
	seen := map[Pit]bool{}
	for i := range l.Pits() {
		pit := f.Pit(p, i)
		name := l.PitName(i)
		if pit.IsZero() || seen[pit] || f.Index(p, pit) != i || pit.String() != name || pit.Row() != l.Row(i) || pit.File() != l.File(i) {
			t.Fatalf("%s: Pit(%d) = %v: index %d, row %d, file %d; want %s", d.Name, i, pit, f.Index(p, pit), pit.Row(), pit.File(), name)
		}
		seen[pit] = true
		if got := f.PitAt(pit.Row(), pit.File()); got != pit {
			t.Fatalf("%s: PitAt(%d, %d) = %v, want %v", d.Name, pit.Row(), pit.File(), got, pit)
		}
		if got, err := f.ParsePit(name); err != nil || got != pit {
			t.Fatalf("%s: ParsePit(%q) = %v, %v; want %v", d.Name, name, got, err, pit)
		}
	}
	var z Pit
	if !z.IsZero() || z.Row() != -1 || z.File() != 0 || z.String() != "none" || f.Index(p, z) != -1 {
		t.Fatalf("%s: zero Pit: row %d, file %d, %q, index %d", d.Name, z.Row(), z.File(), z.String(), f.Index(p, z))
	}
	for _, i := range []int{-1, l.Pits(), 1 << 20} {
		if pit := f.Pit(p, i); !pit.IsZero() {
			t.Fatalf("%s: Pit(%d) = %v, want the zero Pit", d.Name, i, pit)
		}
	}
	for _, rf := range [][2]int{{-1, 1}, {l.Rows(), 1}, {0, 0}, {0, 99}, {1, -1}, {99, 99}} {
		if pit := f.PitAt(rf[0], rf[1]); !pit.IsZero() {
			t.Fatalf("%s: PitAt(%d, %d) = %v, want the zero Pit", d.Name, rf[0], rf[1], pit)
		}
	}
	for _, s := range append([]string{"", "none", "a0", "A1", "b", "a01", "xb3", "a1 ", " a1", "z1", "-a1"}, bad...) {
		pit, err := f.ParsePit(s)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || se.Game != d.Name || se.What != "pit" || !pit.IsZero() {
			t.Fatalf("%s: ParsePit(%q) = %v, %v; want a pit SyntaxError", d.Name, s, pit, err)
		}
	}
}

// RuleSets checks, through d's public functions, how positions hold their
// rules: for every combination of the values of d's options (each enum
// and bool value; for an int option its smallest, default and largest
// value and one more), New gives a position whose Rules, read back by New,
// give the same position, and two combinations that mean different rule
// sets give different (!=) positions. Invalid combinations (New's error
// wraps mancala.ErrRules) are skipped.
func RuleSets[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M]) {
	t.Helper()
	texts := []string{""}
	for _, o := range d.Options {
		values := o.Values
		if o.Kind == mancala.IntOption {
			values = []string{"0", strconv.Itoa(o.Min), o.Default, strconv.Itoa(o.Max)}
			if o.Max > o.Min+1 {
				values = append(values, strconv.Itoa(o.Min+1))
			}
		}
		var next []string
		for _, text := range texts {
			for _, v := range values {
				if text != "" {
					next = append(next, text+","+o.Name+":"+v)
				} else {
					next = append(next, o.Name+":"+v)
				}
			}
		}
		texts = next
	}
	byRules := map[string]P{}
	for _, text := range texts {
		p, err := d.New(text)
		if errors.Is(err, mancala.ErrRules) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: New(%q): %v", d.Name, text, err)
		}
		back, err := d.New(d.Rules(p))
		if err != nil || back != p {
			t.Fatalf("%s: New(%q) has rules %q, which give %v, %v", d.Name, text, d.Rules(p), back, err)
		}
		r := d.Rules(p)
		if q, ok := byRules[r]; ok && q != p {
			t.Fatalf("%s: two positions of rules %q differ: %v, %v", d.Name, r, q, p)
		}
		byRules[r] = p
	}
	seen := map[P]string{}
	for r, p := range byRules {
		if o, ok := seen[p]; ok {
			t.Fatalf("%s: rules %q and %q give equal positions", d.Name, o, r)
		}
		seen[p] = r
	}
	if len(byRules) < 2 {
		t.Fatalf("%s: %d rule sets checked", d.Name, len(byRules))
	}
}
