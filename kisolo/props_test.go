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
		Columns:             rapid.SampledFrom([]int{0, 6, 7, 8}).Draw(t, "columns"),
		CaptureOnAnyLanding: rapid.Bool().Draw(t, "anyLanding"),
		SelfEmptiedInnerRow: SelfEmptied(rapid.IntRange(0, 1).Draw(t, "self")),
		Win:                 WinRule(rapid.IntRange(0, 1).Draw(t, "win")),
		Endless:             EndlessRule(rapid.IntRange(0, 1).Draw(t, "endless")),
		MaxLaps:             rapid.SampledFrom([]int{1, 2, 5, 40, 300, 3000}).Draw(t, "maxLaps"),
	}
	setups := []Setup{All3}
	if r.Win == OuterRowEmptied {
		setups = append(setups, Outer3)
	}
	if r.Files() == 7 {
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
		p := Position{rules: r, turn: uint32(rapid.IntRange(0, 60).Draw(t, "turn"))}
		c := r.Files()
		total := 0
		for i := range 4 * c {
			n := rapid.IntRange(0, min(12, 255-total)).Draw(t, "seeds")
			p.seeds[i] = uint8(n)
			total += n
		}
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

// TestPropFastPath: the word-wise sowing of Apply (sowFast) and the
// seed-by-seed sowing of ApplyTrace end every move the same way, after the
// same number of seeds, on the same board (C-6's endless moves included,
// whose boards are discarded).
func TestPropFastPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		for _, m := range p.LegalMoves() {
			pit := p.Index(m.Pit())
			fast, slow := p.seeds, p.seeds
			endF, nF := p.sow(&fast, m.Kind(), pit, nil)
			endS, nS := p.sow(&slow, m.Kind(), pit, func(mancala.Event) {})
			if endF != endS || nF != nS || (endF != mancala.EndEndless && fast != slow) {
				t.Fatalf("%v %v: fast %v %d %v, traced %v %d %v", p, m, endF, nF, fast, endS, nS, slow)
			}
		}
	})
}
