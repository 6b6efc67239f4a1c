package kimasai

import (
	"slices"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// genRules draws a rule set; bounded says whether MaxLaps is kept small, so
// that endless moves of random hand-made positions end quickly.
func genRules(bounded bool) *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		r := Rules{
			FreeFirstTurn:       FirstTurnRule(rapid.IntRange(0, 1).Draw(t, "free")),
			SelfEmptiedInnerRow: SelfEmptiedRule(rapid.IntRange(0, 1).Draw(t, "self")),
			Endless:             EndlessRule(rapid.IntRange(0, 1).Draw(t, "endless")),
		}
		if bounded {
			r.MaxLaps = rapid.IntRange(1, 20000).Draw(t, "maxlaps")
		} else if rapid.Bool().Draw(t, "setmax") {
			r.MaxLaps = rapid.IntRange(1, 5000).Draw(t, "maxlaps")
		}
		return r.Normalize()
	})
}

// genPosition draws a hand-made position: up to 6 cows a pit and 15 in
// each reserve (at most 222 in all), any turn from minTurn, any rules, and
// sometimes a written result.
func genPosition(minTurn int) *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		var p Position
		for i := range Pits {
			p.pits[i] = uint8(rapid.IntRange(0, 6).Draw(t, "pit"))
		}
		if rapid.IntRange(0, 3).Draw(t, "phase2") == 0 {
			p.reserves = [2]uint8{0, 0}
		} else {
			p.reserves = [2]uint8{uint8(rapid.IntRange(0, 15).Draw(t, "rs")), uint8(rapid.IntRange(0, 15).Draw(t, "rn"))}
		}
		p.turn = uint32(rapid.IntRange(minTurn, 120).Draw(t, "turn"))
		p.rules = packRules(genRules(true).Draw(t, "rules"))
		if rapid.IntRange(0, 9).Draw(t, "result") == 0 {
			// A written result that the board agrees with (Parse refuses
			// the others): clear the rows the reason says are empty.
			next, last := p.ToMove(), p.ToMove().Other()
			clear := func(pl mancala.Player, n int) {
				for i := range n {
					p.pits[base(pl)+i] = 0
				}
			}
			reason := rapid.SampledFrom([]mancala.Reason{mancala.NoMove, mancala.InnerRowEmptied, mancala.SelfEmptiedInnerRow, mancala.Endless}).Draw(t, "res")
			if p.turn == 0 {
				reason = mancala.NoMove // every other end follows a move
			}
			switch reason {
			case mancala.NoMove:
				clear(next, 16)
				p.setResult(mancala.Win, last, reason, true)
			case mancala.InnerRowEmptied:
				// A raid needs phase 2 and leaves cows in the winner's
				// inner row (KM-9.2, KM-10).
				clear(next, 8)
				p.reserves = [2]uint8{0, 0}
				if p.pits[base(last)] == 0 {
					p.pits[base(last)] = 1
				}
				p.setResult(mancala.Win, last, reason, true)
			case mancala.SelfEmptiedInnerRow:
				clear(last, 8)
				p.rules &^= continuesBit
				p.setResult(mancala.Win, next, reason, true)
			default:
				p.rules &^= illegalBit // under Illegal only if every candidate is endless
				if p.noEndlessMove() != "" {
					// The last mover needs an endless move on this board
					// (C-6): take BK5's.
					bk5, err := Parse("kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=9 reserves=21,20")
					if err != nil {
						t.Fatal(err)
					}
					p.pits, p.reserves, p.turn = bk5.pits, bk5.reserves, bk5.turn
				}
				p.setResult(mancala.Draw, 0, reason, true)
			}
		} else {
			p.settle(false)
		}
		return p
	})
}

func cows(p Position) int {
	n := int(p.reserves[0]) + int(p.reserves[1])
	for _, c := range p.pits {
		n += int(c)
	}
	return n
}

// TestPropConservationFromStart: board + reserves = 64 in every position
// reached from the start (C-5, KM-5), under any rules.
func TestPropConservationFromStart(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, err := New(genRules(false).Draw(t, "rules"))
		if err != nil {
			t.Fatal(err)
		}
		var buf []Move
		for ply := 0; ply < 300; ply++ {
			if n := cows(p); n != TotalCows {
				t.Fatalf("ply %d: %d cows in %s", ply, n, p)
			}
			buf = p.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				return
			}
			p, err = p.Apply(buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")])
			if err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestPropConservationFromParsed: from any parsed position the number of
// cows never changes (C-5), and each position round-trips through the
// notation.
func TestPropConservationFromParsed(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p0 := genPosition(0).Draw(t, "p")
		p, err := Parse(p0.String())
		if err != nil || p != p0 {
			t.Fatalf("Parse(%q) = %v, %v", p0.String(), p, err)
		}
		total := cows(p)
		var buf []Move
		for ply := 0; ply < 40; ply++ {
			buf = p.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				return
			}
			p, err = p.Apply(buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")])
			if err != nil {
				t.Fatal(err)
			}
			if n := cows(p); n != total {
				t.Fatalf("ply %d: %d cows, want %d: %s", ply, n, total, p)
			}
			if q, err := Parse(p.String()); err != nil || q != p {
				t.Fatalf("round trip of %s: %v, %v", p, q, err)
			}
		}
	})
}

// TestPropRoundTrip: Parse(String()) == p and String is stable, for hand-made
// positions with any rules and results.
func TestPropRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(0).Draw(t, "p")
		s := p.String()
		q, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if q != p || q.String() != s {
			t.Fatalf("Parse(%q) = %q", s, q.String())
		}
		var r Position
		b, _ := p.MarshalText()
		if err := r.UnmarshalText(b); err != nil || r != p {
			t.Fatalf("text round trip: %v", err)
		}
	})
}

// TestPropHalfTurn: the rules do not care which side is South. Turning a
// position half a turn (pits rotated, reserves and sides swapped, the turn
// moved by one to the other side's parity) and playing the rotated move
// gives the rotated result, for every candidate pit, legal or not.
func TestPropHalfTurn(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(2).Draw(t, "p")
		if rapid.Bool().Draw(t, "fromStart") {
			s, _ := New(genRules(false).Draw(t, "rules"))
			pl := mancala.NewPlayout[Position, Move](rapid.Uint64().Draw(t, "seed"))
			p, _, _ = pl.Run(s, rapid.IntRange(0, 80).Draw(t, "plies"))
		}
		shift := 1
		if p.turn%2 == 1 {
			shift = -1
		}
		if p.turn < 2 && p.rules&eachPlayerBit == 0 {
			return // turn 0 is free for South only
		}
		rp := rotate(p, int(p.turn)+shift)
		if rp.turn == 0 && p.status != mancala.Ongoing && p.reason != mancala.NoMove {
			return // ends that follow a move do not parse at turn 0
		}
		if p.reason == mancala.Endless && p.rules&illegalBit == 0 && min(p.turn, rp.turn) <= 2 {
			return // the endless move's turn may be free (KM-6) on one side only
		}
		if q, err := Parse(rp.String()); err != nil || q != rp {
			t.Fatalf("rotated position %s does not round-trip: %v", rp, err)
		}
		if p.Outcome().Over() != rp.Outcome().Over() {
			t.Fatalf("outcome %v, rotated %v", p.Outcome(), rp.Outcome())
		}
		for pit := range Pits {
			m := Sow(pitOf(pit))
			q, err := p.Apply(m)
			rq, rerr := rp.Apply(rotateMove(m))
			if (err == nil) != (rerr == nil) {
				t.Fatalf("%s: %v vs rotated %v", m, err, rerr)
			}
			if err != nil {
				continue
			}
			if want := rotate(q, int(q.turn)+shift); rq != want {
				t.Fatalf("move %s from %s:\n got %s\nwant %s", m, p, rq, want)
			}
		}
	})
}

// TestPropTraceAgrees: the cow-by-cow trace (a plain second implementation
// of the sowing rules over the layout tables) reaches the same board and
// reserves as the word-parallel core, for every move of random positions.
func TestPropTraceAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(0).Draw(t, "p")
		for _, m := range p.LegalMoves() {
			r := p.sow(m.Pit().index() - base(p.ToMove()))
			if r.end == mancala.EndEndless {
				continue
			}
			var last mancala.Event
			board, res, end := p.trace(m.Pit().index(), r.laps, func(e mancala.Event) { last = e })
			q, err := p.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			if board != q.pits || res != q.reserves || end != r.end || last.EndReason != r.end {
				t.Fatalf("move %s from %s: trace %v %v %v, Apply %s (%v)", m, p, board, res, end, q, r.end)
			}
		}
	})
}

// TestPropFastMatchesReference: for every candidate of random positions
// (random boards under random rules, and positions of random games), the
// word-parallel core (Apply) and the cow-by-cow trace (the reference) agree:
// a finite move reaches the same board, reserves and end in both, and is
// still finite with MaxLaps equal to its laps but endless with one lap
// fewer (C-6: a move that ends on lap MaxLaps is finite); an endless move
// is one the trace has not finished after MaxLaps laps. Apply and
// AppendLegalMoves agree with the core under both Endless rules.
func TestPropFastMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(0).Draw(t, "p")
		if rapid.Bool().Draw(t, "fromGame") {
			s, _ := New(genRules(true).Draw(t, "rules"))
			pl := mancala.NewPlayout[Position, Move](rapid.Uint64().Draw(t, "seed"))
			p, _, _ = pl.Run(s, rapid.IntRange(0, 150).Draw(t, "plies"))
		}
		if p.Outcome().Over() {
			return
		}
		b := base(p.ToMove())
		legal := p.LegalMoves()
		for h := range 16 {
			if p.pits[b+h] == 0 {
				continue
			}
			m := Sow(pitOf(b + h))
			r := p.sow(h)
			isLegal := slices.Contains(legal, m)
			if isLegal != (r.end != mancala.EndEndless || !p.rules.illegal()) {
				t.Fatalf("%s %s: listed legal %v, core ends %v", p, m, isLegal, r.end)
			}
			maxLaps := int(p.rules.laps())
			board, res, end := p.trace(b+h, maxLaps, func(mancala.Event) {})
			if r.end == mancala.EndEndless {
				if end != mancala.EndEndless {
					t.Fatalf("%s %s: core endless after %d laps, trace ends %v", p, m, r.laps, end)
				}
				continue
			}
			q, err := p.Apply(m)
			if err != nil || end != r.end || board != q.pits || res != q.reserves {
				t.Fatalf("%s %s: trace %v %v %v; Apply %s, %v (core %v)", p, m, board, res, end, q, err, r.end)
			}
			for _, c := range []struct {
				maxLaps int
				endless bool
			}{{r.laps, false}, {r.laps - 1, true}} {
				if c.maxLaps < 1 {
					continue
				}
				rr := p.Rules()
				rr.MaxLaps = c.maxLaps
				pp := p
				pp.rules = packRules(rr.Normalize())
				pp.settle(false)
				if pp.Outcome().Over() {
					continue // every candidate endless under Endless=Illegal
				}
				got := pp.sow(h)
				if (got.end == mancala.EndEndless) != c.endless || (!c.endless && (got.w != r.w || got.opp != r.opp || got.laps != r.laps)) {
					t.Fatalf("%s %s with MaxLaps %d: core %v after %d laps; want endless %v", p, m, c.maxLaps, got.end, got.laps, c.endless)
				}
				if _, _, end := pp.trace(b+h, c.maxLaps, func(mancala.Event) {}); (end == mancala.EndEndless) != c.endless {
					t.Fatalf("%s %s with MaxLaps %d: trace ends %v; want endless %v", p, m, c.maxLaps, end, c.endless)
				}
				q, err := pp.Apply(m)
				switch {
				case c.endless && pp.rules.illegal():
					if err == nil || slices.Contains(pp.LegalMoves(), m) {
						t.Fatalf("%s %s with MaxLaps %d: endless move accepted under Endless=Illegal: %v", p, m, c.maxLaps, q)
					}
				case c.endless:
					if err != nil || q.Outcome().Reason != mancala.Endless || q.pits != p.pits {
						t.Fatalf("%s %s with MaxLaps %d: %v, %v; want a draw by endless sowing", p, m, c.maxLaps, q, err)
					}
				case err != nil || q.pits != board:
					t.Fatalf("%s %s with MaxLaps %d: %v, %v; want the finite move", p, m, c.maxLaps, q, err)
				}
			}
		}
	})
}
