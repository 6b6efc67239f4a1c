package kisolo

import (
	"errors"
	"slices"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// genRules draws a valid rule set. MaxLaps stays small enough that an
// endless move never costs more than a few milliseconds.
func genRules(t *rapid.T) Rules {
	r := Rules{
		Files:               rapid.SampledFrom([]int{0, 6, 7, 8}).Draw(t, "columns"),
		CaptureOnAnyLanding: rapid.Bool().Draw(t, "anyLanding"),
		SelfEmptiedInnerRow: SelfEmptiedRule(rapid.IntRange(0, 1).Draw(t, "self")),
		Win:                 WinRule(rapid.IntRange(0, 1).Draw(t, "win")),
		Endless:             EndlessRule(rapid.IntRange(0, 1).Draw(t, "endless")),
		MaxLaps:             rapid.SampledFrom([]int{1, 2, 5, 40, 300, 3000}).Draw(t, "maxLaps"),
	}
	setups := []SetupRule{All3}
	if r.Win == OuterRowEmptied {
		setups = append(setups, Outer3)
	}
	if r.files() == 7 {
		setups = append(setups, Townshend1, Townshend2)
	}
	r.Setup = rapid.SampledFrom(setups).Draw(t, "setup")
	return r.Normalize()
}

// genPosition draws either a position reached by random play from a start
// position or a random set-up board (up to 255 seeds), under random rules.
func genPosition(t *rapid.T) Position {
	r := genRules(t)
	if rapid.Bool().Draw(t, "setUp") {
		p := Position{rules: packRules(r), turn: uint32(rapid.IntRange(0, 60).Draw(t, "turn"))}
		c := r.files()
		total := 0
		var b [32]uint8
		for i := range 4 * c {
			n := rapid.IntRange(0, min(12, 255-total)).Draw(t, "seeds")
			b[i] = uint8(n)
			total += n
		}
		p.setBoard(&b)
		p.settle()
		return p
	}
	p, err := New(r)
	if err != nil {
		t.Fatalf("New(%v): %v", r, err)
	}
	plies := rapid.IntRange(0, 80).Draw(t, "plies")
	for range plies {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		q, err := p.Apply(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		if err != nil {
			t.Fatalf("legal move refused: %v", err)
		}
		p = q
	}
	return p
}

// genMove draws any move on a board of up to 8 columns, legal or not.
func genMove(t *rapid.T) Move {
	switch rapid.IntRange(0, 9).Draw(t, "kind") {
	case 0:
		return Move{}
	case 1, 2, 3, 4:
		return Sow(PitAt(rapid.IntRange(0, 3).Draw(t, "row"), rapid.IntRange(1, 8).Draw(t, "file")))
	}
	return Capture(PitAt(rapid.IntRange(0, 3).Draw(t, "row"), rapid.IntRange(1, 8).Draw(t, "file")))
}

// TestPropConservation: every legal move keeps the number of seeds (C-5);
// every move not listed as legal is refused with ErrIllegalMove (or
// ErrGameOver once the game is over) and leaves the position unchanged.
func TestPropConservation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		saved := p
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
			q, err := p.Apply(m)
			if err != nil {
				t.Fatalf("%v: legal %v refused: %v", p, m, err)
			}
			if got, want := Descriptor.SeedTotal(q), Descriptor.SeedTotal(p); got != want {
				t.Fatalf("%v: %v gives %v with %d seeds, want %d", p, m, q, got, want)
			}
		}
		m := genMove(t)
		q, err := p.Apply(m)
		if legal[m] != (err == nil) {
			t.Fatalf("%v: %v legal=%v but Apply error %v", p, m, legal[m], err)
		}
		if err != nil {
			target := mancala.ErrIllegalMove
			if p.Outcome().Over() {
				target = mancala.ErrGameOver
			}
			if !errors.Is(err, target) || q != p {
				t.Fatalf("%v: %v refused with %v (want %v), returned %v", p, m, err, target, q)
			}
		}
		if p != saved {
			t.Fatalf("Apply changed the receiver")
		}
	})
}

// TestPropSymmetry: the position rotated half a turn with the sides
// swapped has the rotated legal moves, the same outcome with the winner
// swapped, and each rotated move gives the rotated result (KS-2: North's
// numbering is South's rotated half a turn).
func TestPropSymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		r := rotate(p)
		c := p.geom().c
		if got, want := r.AppendLegalMoves([]Move{}), rotateMoves(p.LegalMoves(), c); !slices.Equal(got, want) {
			t.Fatalf("%v: rotated legal moves %v, want %v", p, got, want)
		}
		if got, want := r.Outcome().Result(), gametest.MirrorOutcome(p.Outcome().Result()); got != want {
			t.Fatalf("%v: rotated outcome %s, want %s", p, got, want)
		}
		moves := p.LegalMoves()
		if len(moves) == 0 {
			return
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		q, err := p.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		rq, err := r.Apply(rotateMove(m, c))
		if err != nil {
			t.Fatalf("%v: rotated move %v refused: %v", r, rotateMove(m, c), err)
		}
		if want := rotate(q); rq != want {
			t.Fatalf("%v %v:\nrotated result %v\nwant           %v", p, m, rq, want)
		}
	})
}

// TestPropRoundTrip: Parse(String()) gives back the position, and String
// prints the same again; the same for MarshalText/UnmarshalText and for
// every legal move's text.
func TestPropRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		s := p.String()
		q, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if q != p || q.String() != s {
			t.Fatalf("Parse(%q) = %#v, want %#v", s, q, p)
		}
		for _, m := range p.LegalMoves() {
			if back, err := ParseMove(m.String()); err != nil || back != m {
				t.Fatalf("ParseMove(%q) = %v, %v", m.String(), back, err)
			}
		}
		if r, err := ParseRules(p.Rules().String()); err != nil || r != p.Rules() {
			t.Fatalf("ParseRules(%q) = %v, %v", p.Rules().String(), r, err)
		}
	})
}

// TestPropTrace: ApplyTrace returns what Apply returns and its events
// replay to the new board.
func TestPropTrace(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		for _, m := range p.LegalMoves() {
			checkTrace(t, p, m)
		}
		checkTrace(t, p, genMove(t))
	})
}

// TestPropFastPath: the word-wise sowing of Apply (sowWords) and the
// seed-by-seed reference of ApplyTrace (trace) agree on every candidate
// move of random positions: a finite move ends the same way, after the same
// number of seeds, on the same board, and is still finite with MaxLaps
// equal to its laps but endless with one lap fewer (C-6: a move that ends
// on lap MaxLaps is finite); an endless move is one the reference has not
// finished after MaxLaps laps; Apply and the legal moves agree under both
// Endless rules.
func TestPropFastPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		if p.result != 0 {
			return
		}
		g := p.geom()
		w0, w1, v0, v1 := p.words()
		kind := SowKind
		if p.hasCapture(g) {
			kind = CaptureKind
		}
		legal := p.LegalMoves()
		m0 := int(p.turn&1) * g.ring
		for i := range g.ring {
			pit := m0 + i
			m := Move{kind: kind, pit: g.pit[pit]}
			if _, err := p.check(m); err != nil {
				continue // not a candidate
			}
			m0w, m1w, o0w, o1w, endF, lapsF := g.sowWords(w0, w1, v0, v1, kind, uint(i), p.rules)
			if slices.Contains(legal, m) != (endF != mancala.EndEndless || !p.rules.illegal()) {
				t.Fatalf("%v %v: listed legal %v, sowing ends %v", p, m, slices.Contains(legal, m), endF)
			}
			slow := p.board()
			endS, nS := p.trace(&slow, kind, pit, func(mancala.Event) {})
			if endF == mancala.EndEndless {
				if endS != mancala.EndEndless {
					t.Fatalf("%v %v: fast endless after %d laps, traced %v", p, m, lapsF, endS)
				}
				continue
			}
			fast := p
			fast.setWords(m0w, m1w, o0w, o1w)
			if endF != endS || fast.board() != slow {
				t.Fatalf("%v %v: fast %v %v, traced %v %d %v", p, m, endF, fast.board(), endS, nS, slow)
			}
			for _, c := range []struct {
				maxLaps int
				endless bool
			}{{int(lapsF), false}, {int(lapsF) - 1, true}} {
				if c.maxLaps < 1 {
					continue
				}
				r := p.Rules()
				r.MaxLaps = c.maxLaps
				q := p
				q.rules = packRules(r.Normalize())
				_, _, _, _, end, _ := g.sowWords(w0, w1, v0, v1, kind, uint(i), q.rules)
				b := p.board()
				endT, _ := q.trace(&b, kind, pit, func(mancala.Event) {})
				if (end == mancala.EndEndless) != c.endless || (endT == mancala.EndEndless) != c.endless {
					t.Fatalf("%v %v with MaxLaps %d: fast %v, traced %v; want endless %v", p, m, c.maxLaps, end, endT, c.endless)
				}
				q.settle()
				after, err := q.Apply(m)
				switch {
				case q.result != 0:
					// every candidate endless under Endless = Illegal
				case c.endless && q.rules.illegal():
					if err == nil || slices.Contains(q.LegalMoves(), m) {
						t.Fatalf("%v %v with MaxLaps %d: endless move accepted under Endless=Illegal", p, m, c.maxLaps)
					}
				case c.endless:
					if err != nil || after.Outcome().Reason != mancala.Endless || after.circ != p.circ {
						t.Fatalf("%v %v with MaxLaps %d: %v, %v; want a draw by endless sowing", p, m, c.maxLaps, after, err)
					}
				case err != nil || after.board() != slow:
					t.Fatalf("%v %v with MaxLaps %d: %v, %v; want the finite move", p, m, c.maxLaps, after, err)
				}
			}
		}
	})
}
