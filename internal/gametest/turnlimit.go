package gametest

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TurnLimitCase is a move played at turn mancala.MaxTurn-1 (C-9): After is
// the exact position it gives, written by String, and Result its outcome's
// result ("draw:turnlimit" unless another rule ended the game first).
type TurnLimitCase struct {
	Name, Before, Move, After, Result string
}

// CheckTurnLimit checks the turn limit of d's game (C-9): each case's move
// gives exactly its After position, which reads back to itself, has no
// legal move and refuses every move with ErrGameOver; an After drawn by
// the limit and written without its result= parses to the same draw,
// derived (and printed without result=); Perft from Before to depths 1..3
// equals a plain count. Each text of refused fails Parse
// with exactly its error message.
func CheckTurnLimit[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], cases []TurnLimitCase, refused map[string]string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			p, m := parseCase(t, d, c.Before, c.Move)
			q, err := p.Apply(m)
			if err != nil || q.String() != c.After || q.Outcome().Result() != c.Result {
				t.Fatalf("Apply(%v) = %v (%v), %v\nwant %s (%s)", m, q, q.Outcome().Result(), err, c.After, c.Result)
			}
			if back, err := d.Parse(c.After); err != nil || back != q {
				t.Errorf("Parse(%s) = %v, %v; want the position Apply gave", c.After, back, err)
			}
			if ms := q.AppendLegalMoves(nil); len(ms) != 0 {
				t.Errorf("legal moves %v after the end", ms)
			}
			// A random game from Before (through the game's own PlayRandom
			// where it has one) ends at the limit too.
			for seed := range uint64(8) {
				r, n, err := mancala.NewPlayout[P, M](seed).Run(p, 0)
				if err != nil || n != 1 || !r.Outcome().Over() {
					t.Errorf("random game from %v (seed %d): %v after %d plies, %v; want it over after 1 ply", p, seed, r, n, err)
				}
			}
			// Perft from Before counts what a plain loop counts: no
			// position past the move that completes the last turn (the
			// games' last-plies shortcuts included).
			for depth := 1; depth <= 3; depth++ {
				got, err := mancala.Perft(p, depth)
				want, _ := referencePerft(p, depth)
				if err != nil || got != want {
					t.Errorf("Perft(%v, %d) = %d, %v; a plain count gives %d", p, depth, got, err, want)
				}
			}
			for _, m := range p.AppendLegalMoves(nil) {
				if r, err := q.Apply(m); !errors.Is(err, mancala.ErrGameOver) || r != q {
					t.Errorf("Apply(%v) after the end = %v, %v; want ErrGameOver", m, r, err)
				}
			}
			if c.Result != "draw:turnlimit" {
				return
			}
			derived := strings.Replace(c.After, " result=draw:turnlimit", "", 1)
			r, err := d.Parse(derived)
			if err != nil || r.Outcome().Result() != "draw:turnlimit" || r.String() != derived || len(r.AppendLegalMoves(nil)) != 0 {
				t.Errorf("Parse(%s) = %v (%v), %v; want a draw by the turn limit, written without result=", derived, r, r.Outcome(), err)
			}
			if !slices.Equal(r.AppendLegalMoves(nil), q.AppendLegalMoves(nil)) {
				t.Errorf("derived and written ends differ in their moves")
			}
		})
	}
	CheckParse(t, d, nil, refused)
}

// CheckParse checks that Parse reads each text of accepted and writes it
// back unchanged, and refuses each text of refused with exactly its error
// message (an error wrapping ErrSyntax).
func CheckParse[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], accepted []string, refused map[string]string) {
	t.Helper()
	for _, text := range accepted {
		if p, err := d.Parse(text); err != nil || p.String() != text {
			t.Errorf("Parse(%s) = %v, %v; want it read and written back", text, p, err)
		}
	}
	for text, want := range refused {
		if _, err := d.Parse(text); err == nil || err.Error() != want || !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Parse(%s) error:\n got %v\nwant %s", text, err, want)
		}
	}
}
