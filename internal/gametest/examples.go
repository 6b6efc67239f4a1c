package gametest

import (
	"errors"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/examplestsv"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Example is one worked example: a row of the module's examples.tsv
// ([examplestsv.Row]) or of a game's own table of the same shape.
//
// RunExample reads its columns as the file does: Before is a position;
// Move is a move, or "-" to check only Before (After then lists Before's
// legal moves, space-separated, or "(none)", and Outcome is Before's
// outcome); After is the position after the move, or "ILLEGAL" for a move
// refused with ErrIllegalMove, or (games' own tables only) "GAMEOVER" for
// one refused with ErrGameOver; Outcome is "ongoing", "refused" or a
// result= value, as the game formats it.
type Example = examplestsv.Row

// Examples returns the worked examples of game from the module's embedded
// examples.tsv, in file order. It fails t if the file has none for game.
func Examples(t TB, game string) []Example {
	t.Helper()
	rows, err := examplestsv.Rows(game)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if len(rows) == 0 {
		t.Fatalf("examples.tsv has no %s rows", game)
	}
	return rows
}

// ExampleByID returns game's worked example id from examples.tsv, or
// fails t.
func ExampleByID(t TB, game, id string) Example {
	t.Helper()
	for _, ex := range Examples(t, game) {
		if ex.ID == id {
			return ex
		}
	}
	t.Fatalf("examples.tsv has no %s row %s", game, id)
	return Example{}
}

// ExampleTable turns a game's own table of examples, each row {id,
// before, move, after, outcome}, into Examples.
func ExampleTable(rows [][5]string) []Example {
	out := make([]Example, len(rows))
	for i, r := range rows {
		out[i] = Example{ID: r[0], Before: r[1], Move: r[2], After: r[3], Outcome: r[4]}
	}
	return out
}

// Outcome formats o as the outcome column of examples.tsv writes it when
// the game keeps no score: "ongoing", or o's result= value ("S:inner").
func Outcome(o mancala.Outcome) string {
	if !o.Over() {
		return "ongoing"
	}
	return o.Result()
}

// RunExample plays the worked example ex of the game d describes and fails
// t at the first difference: Before parses; for Move "-" Before's legal
// moves (in order) and outcome are as given; otherwise the move parses and
// Apply leaves the receiver unchanged and either refuses the move as
// [CheckRefused] requires (After "ILLEGAL" or "GAMEOVER", Outcome
// "refused"), or gives exactly the position After (which prints back as
// written) with the outcome given, and a trace that [CheckTrace] accepts.
// outcome formats an outcome as the Outcome column does; nil means
// [Outcome].
func RunExample[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], ex Example, outcome func(mancala.Outcome) string) {
	t.Helper()
	if outcome == nil {
		outcome = Outcome
	}
	before, err := d.Parse(ex.Before)
	if err != nil {
		t.Fatalf("%s: before: %v", ex.ID, err)
	}
	if ex.Move == "-" {
		var got []string
		for _, m := range before.AppendLegalMoves(nil) {
			got = append(got, m.String())
		}
		want := strings.Fields(ex.After)
		if ex.After == "(none)" {
			want = nil
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s: legal moves of %v (-want +got):\n%s", ex.ID, before, diff)
		}
		if got := outcome(before.Outcome()); got != ex.Outcome {
			t.Fatalf("%s: outcome of %v is %q, want %q", ex.ID, before, got, ex.Outcome)
		}
		return
	}
	m, err := d.ParseMove(ex.Move)
	if err != nil {
		t.Fatalf("%s: move: %v", ex.ID, err)
	}
	if ex.After == "ILLEGAL" || ex.After == "GAMEOVER" {
		if ex.Outcome != "refused" {
			t.Fatalf("%s: outcome %q for a refused move, want refused", ex.ID, ex.Outcome)
		}
		sentinel := mancala.ErrIllegalMove
		if ex.After == "GAMEOVER" {
			sentinel = mancala.ErrGameOver
		}
		CheckRefused(t, d, before, m, sentinel)
		return
	}
	want, err := d.Parse(ex.After)
	if err != nil {
		t.Fatalf("%s: after: %v", ex.ID, err)
	}
	if want.String() != ex.After {
		t.Fatalf("%s: the position after prints as %q, not as written", ex.ID, want.String())
	}
	saved := before
	got, err := before.Apply(m)
	if err != nil {
		t.Fatalf("%s: Apply(%v) on %v: %v", ex.ID, m, before, err)
	}
	if before != saved {
		t.Fatalf("%s: Apply changed the receiver", ex.ID)
	}
	if diff := cmp.Diff(ex.After, got.String()); diff != "" {
		t.Fatalf("%s: after %v (-want +got):\n%s", ex.ID, m, diff)
	}
	if got != want {
		t.Fatalf("%s: after %v the position prints right but differs:\ngot  %#v\nwant %#v", ex.ID, m, got, want)
	}
	if o := outcome(got.Outcome()); o != ex.Outcome {
		t.Fatalf("%s: outcome %q, want %q", ex.ID, o, ex.Outcome)
	}
	CheckTrace(t, d, before, m)
}

// MirrorExample returns ex played by the other side: Before and After (a
// position) turned by pos, the move and every legal move listed turned by
// move, and the outcome's winner and score swapped ([MirrorOutcome]).
// pos and move work on notation; a refused move's After and "(none)" stay.
func MirrorExample(ex Example, pos, move func(string) string) Example {
	out := ex
	out.Before = pos(ex.Before)
	out.Outcome = MirrorOutcome(ex.Outcome)
	switch {
	case ex.Move == "-":
		if ex.After != "(none)" {
			ms := strings.Fields(ex.After)
			for i, m := range ms {
				ms[i] = move(m)
			}
			out.After = strings.Join(ms, " ")
		}
	case ex.After == "ILLEGAL" || ex.After == "GAMEOVER":
		out.Move = move(ex.Move)
	default:
		out.Move = move(ex.Move)
		out.After = pos(ex.After)
	}
	return out
}

// MirrorOutcome swaps the sides of an outcome column: "S:inner" and
// "N:inner", and a trailing score "5-0" becomes "0-5"; "ongoing",
// "refused" and draws keep their text but for the score.
func MirrorOutcome(s string) string {
	res, score, scored := strings.Cut(s, " ")
	switch {
	case strings.HasPrefix(res, "S:"):
		res = "N:" + res[2:]
	case strings.HasPrefix(res, "N:"):
		res = "S:" + res[2:]
	}
	if !scored {
		return res
	}
	if a, b, ok := strings.Cut(score, "-"); ok {
		score = b + "-" + a
	}
	return res + " " + score
}

// CheckRefused fails t unless p refuses m: Apply returns p itself and a
// *mancala.MoveError naming the game, the move and a reason, wrapping
// sentinel and ErrIllegalMove (after the end, ErrGameOver); m is not among
// p's legal moves; ApplyTrace refuses it too and reports no event; p is
// unchanged.
func CheckRefused[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], p P, m M, sentinel error) {
	t.Helper()
	saved, text := p, p.String()
	q, err := p.Apply(m)
	if err == nil {
		t.Fatalf("%v: move %v accepted, giving %v; want it refused", p, m, q)
	}
	if !errors.Is(err, sentinel) || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("%v: move %v refused with %v, want an error wrapping %v", p, m, err, sentinel)
	}
	if p.Outcome().Over() && !errors.Is(err, mancala.ErrGameOver) {
		t.Fatalf("%v: move %v after the end refused with %v, which does not wrap ErrGameOver", p, m, err)
	}
	var me *mancala.MoveError
	if !errors.As(err, &me) || me.Game != d.Name || me.Move != m.String() || me.Reason == "" {
		t.Fatalf("%v: move %v refused with %#v, want a *mancala.MoveError naming %s, the move and a reason", p, m, err, d.Name)
	}
	if q != p {
		t.Fatalf("%v: refused move %v returned %v, want the receiver", p, m, q)
	}
	if slices.Contains(p.AppendLegalMoves(nil), m) {
		t.Fatalf("%v: refused move %v is listed as legal", p, m)
	}
	CheckTrace(t, d, p, m)
	if p != saved || p.String() != text {
		t.Fatalf("refusing %v changed the receiver to %v", m, p)
	}
}

// EndedExamples checks the positions of rows whose game is over (a Before
// whose outcome the row gives as a result, or an After position that ends
// the game): each has no legal move, and its LegalMoves method, where the
// position has one, returns an empty non-nil slice. It fails t if no row
// ends a game, and returns the number of positions checked.
func EndedExamples[P mancala.Position[P, M], M mancala.Move](t TB, d *mancala.Descriptor[P, M], rows []Example) int {
	t.Helper()
	n := 0
	check := func(id, s string) {
		p, err := d.Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !p.Outcome().Over() {
			return
		}
		n++
		if ms := p.AppendLegalMoves(nil); len(ms) != 0 {
			t.Fatalf("%s: %v is over (%v) but has legal moves %v", id, p, p.Outcome(), ms)
		}
		if lm, ok := any(p).(interface{ LegalMoves() []M }); ok {
			if ms := lm.LegalMoves(); ms == nil || len(ms) != 0 {
				t.Fatalf("%s: %v is over but LegalMoves() = %#v, want an empty non-nil slice", id, p, ms)
			}
		}
	}
	for _, ex := range rows {
		check(ex.ID, ex.Before)
		if ex.Move != "-" && ex.After != "ILLEGAL" && ex.After != "GAMEOVER" {
			check(ex.ID, ex.After)
		}
	}
	if n == 0 {
		t.Fatalf("%s: no example ends a game", d.Name)
	}
	return n
}
