package endgame_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
	"pgregory.net/rapid"
)

func kisoloTable(t testing.TB, rules string, seeds int) (*endgame.Table[kisolo.Position, kisolo.Move], *kisolo.EndgameSpace) {
	t.Helper()
	r, err := kisolo.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := kisolo.NewEndgameSpace(r, seeds)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := endgame.Build[kisolo.Position, kisolo.Move](context.Background(), sp, seeds)
	if err != nil {
		t.Fatal(err)
	}
	return tb, sp
}

// kisoloTurned returns p (South to move at turn 10), or with north the
// same board turned half round (KS-2: North's circuit is South's rotated)
// with North to move at turn 11.
func kisoloTurned(t fataler, p kisolo.Position, north bool) kisolo.Position {
	t.Helper()
	if !north {
		return p
	}
	return turned4(t, p.String(), kisolo.Parse)
}

// turned4 reads text, a four-row position (rows d/c/b/a, files from 1)
// with South to move at an even turn, turned half round with North to
// move at the next turn: each row reversed, d and a swapped, c and b.
func turned4[P any](t fataler, text string, parse func(string) (P, error)) P {
	t.Helper()
	f := strings.Fields(text)
	rows := strings.Split(f[1], "/") // d, c, b, a
	rev := func(s string) string {
		c := strings.Split(s, ",")
		slices.Reverse(c)
		return strings.Join(c, ",")
	}
	var turn int
	if _, err := fmt.Sscanf(f[3], "turn=%d", &turn); err != nil || f[2] != "S" {
		t.Fatalf("%s: want South to move and turn=", text)
	}
	out := fmt.Sprintf("%s %s/%s/%s/%s N turn=%d", f[0], rev(rows[3]), rev(rows[2]), rev(rows[1]), rev(rows[0]), turn+1)
	for _, x := range f[4:] {
		out += " " + x
	}
	q, err := parse(out)
	if err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	return q
}

func TestKisoloIndexRoundTrip(t *testing.T) {
	for _, rules := range []string{"", "Columns:6"} {
		const seeds = 10
		r, _ := kisolo.ParseRules(rules)
		sp, err := kisolo.NewEndgameSpace(r, seeds)
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
			q := kisoloTurned(rt, p, rapid.Bool().Draw(rt, "north"))
			if n2, i2, ok := sp.Index(q); !ok || n2 != n || i2 != i {
				rt.Fatalf("%v (from %v): index %d/%d %v, want %d/%d", q, p, n2, i2, ok, n, i)
			}
		})
	}
	sp, _ := kisolo.NewEndgameSpace(kisolo.Rules{}, 4)
	for n, want := range []uint64{1, 28, 406, 4060, 31465} { // C(n+27, 27)
		if got := sp.Size(n); got != want {
			t.Errorf("Size(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestKisoloAgreesWithSearch: the table of a game that is not scored (and
// has cycles of moves, KS-R) agrees with a plain minimax to the end.
func TestKisoloAgreesWithSearch(t *testing.T) {
	for _, rules := range []string{"", "CaptureOnAnyLanding:true", "SelfEmptiedInnerRow:Continues", "Columns:6,Win:OuterRowEmptied"} {
		t.Run(rules, func(t *testing.T) {
			const seeds = 4
			tb, sp := kisoloTable(t, rules, seeds)
			rng := rand.New(rand.NewPCG(2, uint64(len(rules))))
			counts := map[endgame.Result]int{}
			for checked := 0; checked < 300; {
				n := 1 + rng.IntN(seeds)
				p, _ := sp.Position(n, rng.Uint64N(sp.Size(n)))
				if p.Outcome().Status != mancala.Ongoing {
					continue
				}
				q := kisoloTurned(t, p, rng.IntN(2) == 1)
				got, ok := tb.Lookup(q)
				if !ok {
					t.Fatalf("%v: not in the table", q)
				}
				if want := solve[kisolo.Position, kisolo.Move](q); int(got) != want {
					t.Fatalf("%v: table %v, search %d", q, got, want)
				}
				counts[got]++
				checked++
			}
			t.Logf("%v", counts)
			if counts[endgame.Win] == 0 || counts[endgame.Loss] == 0 {
				t.Errorf("the sample has no win or no loss: %v", counts)
			}
		})
	}
	// Under Repetition:Three a Kisolo repetition is a draw (C-10): every
	// value is answered, the same as under None.
	none, sp := kisoloTable(t, "", 3)
	three, sp3 := kisoloTable(t, "Repetition:Three", 3)
	draws := 0
	for i := range sp.Size(3) {
		p, _ := sp.Position(3, i)
		p3, _ := sp3.Position(3, i)
		if p.Outcome().Status != mancala.Ongoing {
			continue
		}
		r, ok := none.Lookup(p)
		r3, ok3 := three.Lookup(p3)
		if !ok || !ok3 || r != r3 {
			t.Fatalf("%v: %v %v under None, %v %v under Three", p, r, ok, r3, ok3)
		}
		if r == endgame.Draw {
			draws++
		}
	}
	t.Logf("%d draws in layer 3", draws)
}
