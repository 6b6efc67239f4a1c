package endgame_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
	"pgregory.net/rapid"
)

// The tables of these tests are small enough to build in a test: layers
// 0..testSeeds of Kiothi (11,521 positions in layer 3).
const testSeeds = 3

var _ endgame.Prober[kiothi.Position] = (*endgame.Table[kiothi.Position, kiothi.Move])(nil)

func kiothiTable(t testing.TB, rules string, seeds int) (*endgame.Table[kiothi.Position, kiothi.Move], *kiothi.EndgameSpace) {
	t.Helper()
	r, err := kiothi.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := kiothi.NewEndgameSpace(r, seeds)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := endgame.Build[kiothi.Position, kiothi.Move](context.Background(), sp, seeds)
	if err != nil {
		t.Fatal(err)
	}
	return tb, sp
}

// turned returns p (South to move at turn 2) turned half round (KI-2), with
// North to move at turn 3 and the prisons prisonS (South's), prisonN.
func turned(t fataler, p kiothi.Position, prisonS, prisonN int, north bool) kiothi.Position {
	t.Helper()
	f := strings.Fields(p.String())
	rows := strings.Split(f[1], "/")
	side, turn := "S", "turn=2"
	if north {
		rev := func(s string) string {
			c := strings.Split(s, ",")
			for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
				c[i], c[j] = c[j], c[i]
			}
			return strings.Join(c, ",")
		}
		rows[0], rows[1] = rev(rows[1]), rev(rows[0])
		side, turn = "N", "turn=3"
	}
	text := fmt.Sprintf("kiothi %s/%s %s %s prisons=%d,%d", rows[0], rows[1], side, turn, prisonS, prisonN)
	for _, x := range f[5:] {
		if strings.HasPrefix(x, "rules=") {
			text += " " + x
		}
	}
	q, err := kiothi.Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return q
}

type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// TestKiothiIndexRoundTrip: Position and Index are inverse, for both sides
// to move, whatever the prisons (rapid).
func TestKiothiIndexRoundTrip(t *testing.T) {
	const seeds = 8
	sp, err := kiothi.NewEndgameSpace(kiothi.Rules{}, seeds)
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, seeds).Draw(rt, "n")
		i := rapid.Uint64Range(0, sp.Size(n)-1).Draw(rt, "i")
		p, ok := sp.Position(n, i)
		if !ok {
			rt.Fatalf("no position at %d/%d", n, i)
		}
		if p.Outcome().Status != mancala.Ongoing {
			if _, _, ok := sp.Index(p); ok {
				rt.Fatalf("%v: a finished game is indexed", p)
			}
			return
		}
		north := rapid.Bool().Draw(rt, "north")
		q := turned(rt, p, rapid.IntRange(0, 40).Draw(rt, "s"), rapid.IntRange(0, 40).Draw(rt, "n"), north)
		n2, i2, ok := sp.Index(q)
		if !ok || n2 != n || i2 != i {
			rt.Fatalf("%v (from %v): index %d/%d %v, want %d/%d", q, p, n2, i2, ok, n, i)
		}
	})
	// The layer sizes: Σ_k C(20,k) C(n-1,k-1) 2^k.
	for n, want := range []uint64{1, 40, 800, 10680, 107200, 864008} {
		if got := sp.Size(n); got != want {
			t.Errorf("Size(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestKiothiAgreesWithSearch: on random positions with up to testSeeds
// warriors on the board, random prisons and either side to move, the
// table's result is the result of a plain minimax to the end of the game,
// under the default rules and under options that change the moves, the
// captures and the end.
func TestKiothiAgreesWithSearch(t *testing.T) {
	for _, rules := range []string{"", "Bonus:Run", "Endless:Illegal,MaxLaps:40", "CaptureNeedsCrossing:true", "WholeLift:true"} {
		t.Run(rules, func(t *testing.T) {
			tb, sp := kiothiTable(t, rules, testSeeds)
			rng := rand.New(rand.NewPCG(1, uint64(len(rules))))
			counts := map[endgame.Result]int{}
			checked := 0
			for checked < 400 {
				n := 1 + rng.IntN(testSeeds)
				p, _ := sp.Position(n, rng.Uint64N(sp.Size(n)))
				if p.Outcome().Status != mancala.Ongoing {
					continue
				}
				q := turned(t, p, rng.IntN(5), rng.IntN(5), rng.IntN(2) == 1)
				got, ok := tb.Lookup(q)
				if !ok {
					t.Fatalf("%v: not in the table", q)
				}
				want := solve[kiothi.Position, kiothi.Move](q)
				if int(got) != want {
					t.Fatalf("%v: table %v, search %d", q, got, want)
				}
				if w, ok := solveGraph[kiothi.Position, kiothi.Move](q, 1_000_000); !ok || w != want {
					t.Fatalf("%v: graph %d (%v), search %d", q, w, ok, want)
				}
				counts[got]++
				checked++
			}
			t.Logf("%d positions: %d wins, %d draws, %d losses", checked, counts[endgame.Win], counts[endgame.Draw], counts[endgame.Loss])
			if counts[endgame.Win] == 0 || counts[endgame.Loss] == 0 {
				t.Errorf("the sample has no win or no loss: %v", counts)
			}
		})
	}
}

// verdict stands for the search's verdict type (mancala/agent.Verdict).
type verdict uint8

// searchOracle is the search's oracle hook (mancala/agent.Oracle).
type searchOracle[P any] interface {
	Probe(p P) (value int, outcome verdict, ok bool)
}

// TestOracle: the oracle answers the table's results as the search's
// verdicts and values.
func TestOracle(t *testing.T) {
	tb, sp := kiothiTable(t, "", testSeeds)
	var o searchOracle[kiothi.Position] = endgame.NewOracle(tb, verdict(1), verdict(2), verdict(3), 1<<24)
	seen := map[verdict]bool{}
	for i := range sp.Size(3) {
		p0, _ := sp.Position(3, i)
		if p0.Outcome().Status != mancala.Ongoing {
			if _, _, ok := o.Probe(p0); ok {
				t.Fatalf("%v: a finished game answered", p0)
			}
			continue
		}
		p := turned(t, p0, int(i%3), 1, false)
		r, _ := tb.Lookup(p)
		v, vd, ok := o.Probe(p)
		want := map[endgame.Result]struct {
			v  int
			vd verdict
		}{endgame.Win: {1<<24 - 256, 1}, endgame.Draw: {0, 2}, endgame.Loss: {-(1<<24 - 256), 3}}[r]
		if !ok || v != want.v || vd != want.vd {
			t.Fatalf("%v (%v): oracle %d %d %v, want %d %d", p, r, v, vd, ok, want.v, want.vd)
		}
		seen[vd] = true
	}
	if len(seen) != 3 {
		t.Fatalf("verdicts seen: %v", seen)
	}
	if _, _, ok := o.Probe(kiothi.Start()); ok {
		t.Fatal("the start position answered")
	}
}

// brokenSpace is a Kiothi space whose Index refuses layer 1: a move into
// it leaves the space.
type brokenSpace struct{ *kiothi.EndgameSpace }

func (b brokenSpace) Index(p kiothi.Position) (int, uint64, bool) {
	n, i, ok := b.EndgameSpace.Index(p)
	if n == 1 {
		return 0, 0, false
	}
	return n, i, ok
}

// TestBuildRefusesBrokenSpace: a space that is not closed is an error
// (ErrSpace), never a table.
func TestBuildRefusesBrokenSpace(t *testing.T) {
	sp, err := kiothi.NewEndgameSpace(kiothi.Rules{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := endgame.Build[kiothi.Position, kiothi.Move](context.Background(), brokenSpace{sp}, 2); !errors.Is(err, endgame.ErrSpace) {
		t.Fatalf("Build: %v, want ErrSpace", err)
	}
	if _, err := endgame.Build[kiothi.Position, kiothi.Move](context.Background(), sp, 3); err == nil {
		t.Fatal("Build beyond the space's limit succeeded")
	}
	// Layer 8 of Kiothi (174,074,240 positions) exceeds MaxLayer: refused
	// before anything is built.
	big, err := kiothi.NewEndgameSpace(kiothi.Rules{}, 8)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := endgame.Build[kiothi.Position, kiothi.Move](context.Background(), big, 8); !errors.Is(err, endgame.ErrSpace) {
		t.Fatalf("Build of 8 warriors: %v, want ErrSpace", err)
	}
}

// TestProbeTurnLimit: a position past turn MaxTurn/2 is not answered (the
// turn limit could end the game first, C-9); the same board earlier is.
func TestProbeTurnLimit(t *testing.T) {
	tb, _ := kiothiTable(t, "", 2)
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"kiothi 0,0,0,0,1,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0 S turn=500000000 prisons=0,0", true},
		{"kiothi 0,0,0,0,1,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0 S turn=500000002 prisons=0,0", false},
	} {
		p, err := kiothi.Parse(c.text)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tb.Probe(p); ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.text, ok, c.ok)
		}
	}
}
