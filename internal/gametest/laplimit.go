package gametest

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// LapLimitCase is one of the slowest calls known under the largest lap
// bound a game accepts, [mancala.MaxLapsLimit] (C-6): a position whose
// rules= field sets MaxLaps to the limit and a move of it that sows until
// the bound, or whose position after (under Endless=Illegal) makes move
// generation play several such candidates out.
type LapLimitCase struct {
	Name     string // sub-test and sub-benchmark name
	Position string // notation, with rules=...MaxLaps:<limit>...
	Move     string // a legal or refused move of Position
	// Illegal says that Move is endless and refused (Endless=Illegal);
	// otherwise Apply plays it, and Endless says whether it is a draw by
	// endless sowing.
	Illegal, Endless bool
}

// CheckLapLimit checks the lap bound of d's game: rules with MaxLaps one
// above [mancala.MaxLapsLimit] are refused by New and Parse (errors
// wrapping ErrRules and ErrSyntax), and, unless testing.Short, each case
// parses, lists its moves and applies its move as it says. It times
// nothing: BenchLapLimit measures the same calls.
func CheckLapLimit[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], cases []LapLimitCase) {
	t.Helper()
	limit := "MaxLaps:" + strconv.Itoa(mancala.MaxLapsLimit)
	over := "MaxLaps:" + strconv.Itoa(mancala.MaxLapsLimit+1)
	if _, err := d.New(over); !errors.Is(err, mancala.ErrRules) || !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("%s: New(%q) = %v; want an error wrapping ErrRules and ErrSyntax", d.Name, over, err)
	}
	if p, err := d.New(limit); err != nil || d.Rules(p) != limit {
		t.Errorf("%s: New(%q) = %v, %v", d.Name, limit, p, err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if !strings.Contains(c.Position, limit) {
				t.Fatalf("%s does not set %s", c.Position, limit)
			}
			if _, err := d.Parse(strings.Replace(c.Position, limit, over, 1)); !errors.Is(err, mancala.ErrRules) {
				t.Errorf("Parse with %s = %v; want an error wrapping ErrRules", over, err)
			}
			if testing.Short() {
				t.Skip("sows millions of laps")
			}
			p, m := parseCase(t, d, c.Position, c.Move)
			legal := slices.Contains(p.AppendLegalMoves(nil), m)
			q, err := p.Apply(m)
			switch {
			case c.Illegal:
				if legal || !errors.Is(err, mancala.ErrIllegalMove) || q != p {
					t.Errorf("Apply(%v) = %v, %v (listed %v); want the move refused as endless", m, q, err, legal)
				}
			case err != nil || !legal:
				t.Errorf("Apply(%v): %v (listed %v); want a legal move", m, err, legal)
			case c.Endless != (q.Outcome().Reason == mancala.Endless):
				t.Errorf("Apply(%v) = %v (%v); endless %v", m, q, q.Outcome(), c.Endless)
			}
		})
	}
}

// parseCase parses a position and a move of d's game, failing tb on an
// error.
func parseCase[P mancala.Position[P, M], M mancala.Move](tb testing.TB, d *mancala.Descriptor[P, M], pos, move string) (P, M) {
	tb.Helper()
	p, err := d.Parse(pos)
	if err != nil {
		tb.Fatal(err)
	}
	m, err := d.ParseMove(move)
	if err != nil {
		tb.Fatal(err)
	}
	return p, m
}

// BenchLapLimit times, for each case, Parse of its position, Apply of its
// move and AppendLegalMoves of its position (under Endless=Illegal move
// generation plays every candidate out), as sub-benchmarks
// <case>/Parse, <case>/Apply and <case>/LegalMoves. These are the
// measured times of docs/rules/common.md, C-6.
func BenchLapLimit[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M], cases []LapLimitCase) {
	for _, c := range cases {
		p, m := parseCase(b, d, c.Position, c.Move)
		b.Run(c.Name+"/Parse", func(b *testing.B) {
			for b.Loop() {
				if _, err := d.Parse(c.Position); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Name+"/Apply", func(b *testing.B) {
			for b.Loop() {
				if _, err := p.Apply(m); (err != nil) != c.Illegal {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Name+"/LegalMoves", func(b *testing.B) {
			buf := make([]M, 0, 256)
			for b.Loop() {
				buf = p.AppendLegalMoves(buf[:0])
			}
		})
	}
}
