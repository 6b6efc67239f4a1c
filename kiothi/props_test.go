package kiothi

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// genRules draws a valid rule set. maxLaps > 0 forces that bound (so that a
// slow reference can sow to it).
func genRules(t *rapid.T, maxLaps int) Rules {
	r := Rules{
		Setup:                SetupRule(rapid.IntRange(0, 2).Draw(t, "setup")),
		NkiClear:             NkiClearRule(rapid.IntRange(0, 1).Draw(t, "nkiclear")),
		Bonus:                BonusRule(rapid.IntRange(0, 2).Draw(t, "bonus")),
		Endless:              EndlessRule(rapid.IntRange(0, 1).Draw(t, "endless")),
		OpeningUpTo:          rapid.Bool().Draw(t, "upto"),
		WholeLift:            rapid.Bool().Draw(t, "wholelift"),
		CaptureNeedsCrossing: rapid.Bool().Draw(t, "crossing"),
		OpeningPits:          rapid.IntRange(0, 2).Draw(t, "openingpits"),
	}
	if maxLaps > 0 {
		r.MaxLaps = maxLaps
	}
	return r.Normalize()
}

// genPosition draws a sowing-turn position (turn 2 on) with random counts,
// nki marks (on empty pits only under OwnerLift) and prisons, at most 255
// warriors in all.
func genPosition(t *rapid.T, r Rules) Position {
	var p Position
	p.rules = packRules(r)
	p.turn = uint32(rapid.IntRange(2, 41).Draw(t, "turn"))
	hi := rapid.SampledFrom([]int{2, 4, 8, 25}).Draw(t, "hi")
	total := 0
	for i := range Pits {
		n := rapid.IntRange(0, hi).Draw(t, "pit")
		if total+n > 255 {
			n = 0
		}
		p.pits[i] = uint8(n)
		total += n
		// Under AnyLift an nki pit is never empty (KI-8): Parse refuses it.
		if rapid.IntRange(0, 3).Draw(t, "nki") == 0 && (n > 0 || r.NkiClear == OwnerLift) {
			p.nki |= 1 << i
		}
	}
	ps := rapid.IntRange(0, 255-total).Draw(t, "prisonS")
	pn := rapid.IntRange(0, 255-total-ps).Draw(t, "prisonN")
	p.prisons = [2]uint8{uint8(ps), uint8(pn)}
	// Set the result as Parse does.
	q, err := Parse(p.String())
	if err != nil {
		t.Fatalf("generated position %q does not parse: %v", p.String(), err)
	}
	return q
}

func total(p Position) int {
	return p.boardTotal() + int(p.prisons[0]) + int(p.prisons[1]) + int(p.hand)
}

// TestPropRandomGames plays random games under random rules from the start
// (openings included) and checks at every ply: conservation (C-5),
// Parse(String()) round trip, half-turn symmetry of the legal moves and of
// Apply.
func TestPropRandomGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, 0)
		p, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		want := total(p)
		for ply := 0; ply < 400; ply++ {
			if got := total(p); got != want {
				t.Fatalf("%v: %d warriors, want %d (C-5)", p, got, want)
			}
			if q, err := Parse(p.String()); err != nil || q != p {
				t.Fatalf("Parse(%q) = %v, %v", p.String(), q, err)
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				if !p.Outcome().Over() {
					t.Fatalf("%v: no moves, not over", p)
				}
				return
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			q, err := p.Apply(m)
			if err != nil {
				t.Fatalf("%v: legal %v refused: %v", p, m, err)
			}
			checkSymmetry(t, p, m, q)
			p = q
		}
	})
}

// checkSymmetry checks that turning p half a turn (sides swapped) turns its
// legal moves and the result of m the same way. Turn 1 positions have no
// turned counterpart (turn 2 is past the opening), and the step that ends
// turn 0 becomes the one that ends turn 1, which sets the nki marks: for it
// only the board is compared.
func checkSymmetry(t *rapid.T, p Position, m Move, q Position) {
	if p.turn == 1 {
		return
	}
	rp := rotate(p)
	var want []Move
	for _, x := range p.LegalMoves() {
		want = append(want, rotateMove(x))
	}
	if diff := cmp.Diff(want, rp.LegalMoves(), cmp.AllowUnexported(Move{})); diff != "" {
		t.Fatalf("legal moves of %v turned (-want +got):\n%s", rp, diff)
	}
	rq, err := rp.Apply(rotateMove(m))
	if err != nil {
		t.Fatalf("turned move %v refused in %v: %v", rotateMove(m), rp, err)
	}
	if p.turn == 0 && q.turn == 1 {
		if rq.pits != rotate(q).pits && !rq.Outcome().Over() {
			t.Fatalf("turned final step: %v, want the board of %v", rq, rotate(q))
		}
		return
	}
	if rq != rotate(q) {
		t.Fatalf("turned: %v after %v gives %v, want %v", rp, rotateMove(m), rq, rotate(q))
	}
}

// slowFirstLapIllegal is KI-10 by sowing the first lap warrior by warrior.
func slowFirstLapIllegal(p Position, pit, k int) bool {
	var b [Pits]int
	for i, n := range p.pits {
		b[i] = int(n)
	}
	b[pit] -= k
	x := pit
	for i := 0; i < k; i++ {
		x = (x + 1) % Pits
		if i == k-1 {
			return owner(x) == p.ToMove() && b[x] > 0
		}
		b[x]++
	}
	return false
}

// TestPropFirstLap: the first-lap rule computed without sowing agrees with
// a slow simulation of the first lap, for every pit and count (KI-10, C-3,
// C-4).
func TestPropFirstLap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t, Rules{})
		if rapid.Bool().Draw(t, "big") {
			// One big pit, so that laps of 20 and more warriors occur.
			pit := firstPit(p.ToMove()) + rapid.IntRange(0, 9).Draw(t, "bigpit")
			extra := min(255-total(p), rapid.IntRange(15, 70).Draw(t, "extra"))
			p.pits[pit] += uint8(extra)
		}
		base := firstPit(p.ToMove())
		for pit := base; pit < base+Files; pit++ {
			for k := 1; k <= int(p.pits[pit]); k++ {
				if got, want := p.firstLapIllegal(pit, k), slowFirstLapIllegal(p, pit, k); got != want {
					t.Fatalf("%v: (%s, %d): first-lap rule says illegal=%v, the slow first lap %v", p, layout.PitName(pit), k, got, want)
				}
			}
		}
	})
}

// refApply is a slow, independent reading of KI-9..KI-16 and C-6 for a
// sowing move that passes KI-9: warrior by warrior, no cycle check (only
// MaxLaps), the next player's moves found by sowing each candidate.
func refApply(p Position, pit, k int) (Position, bool) {
	if slowFirstLapIllegal(p, pit, k) {
		return p, false
	}
	q, endless := refSow(p, pit, k)
	if endless {
		if p.Rules().Endless == Illegal {
			return p, false
		}
		p.turn++
		p.status, p.winner, p.reason, p.written = mancala.Draw, 0, mancala.Endless, true
		return p, true
	}
	q.turn++
	// KI-15 / C-6 for the next player.
	candidate, legal := false, false
	base := firstPit(q.ToMove())
	for x := base; x < base+Files; x++ {
		c := int(q.pits[x])
		for kk := 1; kk <= c; kk++ {
			if q.Rules().WholeLift && kk != c {
				continue
			}
			if slowFirstLapIllegal(q, x, kk) {
				continue
			}
			candidate = true
			if q.Rules().Endless == Draw {
				legal = true
			} else if _, e := refSow(q, x, kk); !e {
				legal = true
			}
		}
	}
	switch {
	case !candidate:
		to := q.ToMove().Other()
		for i := range q.pits {
			q.prisons[to] += q.pits[i]
			q.pits[i] = 0
		}
		q.nki = 0
		s, n := q.prisons[0], q.prisons[1]
		q.reason, q.written = mancala.NoMove, true
		switch {
		case s > n:
			q.status, q.winner = mancala.Win, mancala.South
		case n > s:
			q.status, q.winner = mancala.Win, mancala.North
		default:
			q.status = mancala.Draw
		}
	case !legal:
		q.status, q.reason, q.written = mancala.Draw, mancala.Endless, true
	}
	return q, true
}

// refSow sows (pit, k) warrior by warrior with relays, captures and bonus.
func refSow(p Position, pit, k int) (Position, bool) {
	mover := p.ToMove()
	mine := func(x int) bool { return (x < 10) == (mover == mancala.South) }
	isNki := func(x int) bool { return p.nki>>x&1 == 1 }
	p.pits[pit] -= uint8(k)
	p.nki &^= 1 << pit
	hand, x, laps, crossed := k, pit, 0, false
	for {
		laps++
		for ; hand > 0; hand-- {
			x = (x + 1) % Pits
			p.pits[x]++
			if !mine(x) {
				crossed = true
			}
		}
		if p.pits[x] == 1 {
			break
		}
		if laps >= p.Rules().Laps() {
			return p, true
		}
		hand = int(p.pits[x])
		p.pits[x] = 0
		if p.Rules().NkiClear == AnyLift || mine(x) {
			p.nki &^= 1 << x
		}
	}
	opp := 19 - x
	if !mine(x) || p.pits[opp] == 0 || isNki(opp) || (p.Rules().CaptureNeedsCrossing && !crossed) {
		return p, false
	}
	p.prisons[mover] += p.pits[opp] + 1
	p.pits[opp], p.pits[x] = 0, 0
	leftmost := 0
	if mover == mancala.North {
		leftmost = 10
	}
	if x != leftmost {
		return p, false
	}
	// The enemy pits after the opposite one, toward the far end of the row.
	var run []int
	for y := opp - 1; y >= 0 && y/10 == opp/10; y-- {
		run = append(run, y)
	}
	ok := func(y int) bool { return p.pits[y] > 0 && !isNki(y) }
	switch p.Rules().Bonus {
	case Three:
		if ok(run[0]) && ok(run[1]) && ok(run[2]) {
			for _, y := range run[:3] {
				p.prisons[mover] += p.pits[y]
				p.pits[y] = 0
			}
		}
	case Run:
		for _, y := range run {
			if !ok(y) {
				break
			}
			p.prisons[mover] += p.pits[y]
			p.pits[y] = 0
		}
	}
	return p, false
}

// TestPropApplyMatchesReference: on random positions and rules, every
// candidate sowing move gives exactly the reference result (or is refused
// exactly when the reference refuses it), the legal moves are exactly the
// reference's, and the half-turn symmetry and conservation hold.
func TestPropApplyMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, rapid.SampledFrom([]int{1, 2, 5, 300}).Draw(t, "maxlaps"))
		p := genPosition(t, r)
		if p.Outcome().Over() {
			return
		}
		var want []Move
		base := firstPit(p.ToMove())
		for pit := base; pit < base+Files; pit++ {
			c := int(p.pits[pit])
			for k := 1; k <= c+1; k++ {
				m := Sow(pitOf(pit), k)
				got, err := p.Apply(m)
				ref, ok := refApply(p, pit, k)
				if k > c || (r.WholeLift && k != c) {
					ok = false
				}
				if ok != (err == nil) {
					t.Fatalf("%v: %v: Apply error %v, reference legal %v", p, m, err, ok)
				}
				if !ok {
					continue
				}
				want = append(want, m)
				if got != ref {
					t.Fatalf("%v: %v gives\n%v\nreference\n%v", p, m, got, ref)
				}
				if total(got) != total(p) {
					t.Fatalf("%v: %v does not conserve warriors", p, m)
				}
				checkSymmetry(t, p, m, got)
			}
		}
		if diff := cmp.Diff(want, p.LegalMoves(), cmp.AllowUnexported(Move{})); diff != "" {
			t.Fatalf("%v: legal moves (-reference +got):\n%s", p, diff)
		}
	})
}

// TestPropParseRoundTrip: random positions, also mid-opening ones, print
// and parse back to the same value.
func TestPropParseRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, rapid.SampledFrom([]int{0, 7, 5000}).Draw(t, "maxlaps"))
		var p Position
		if rapid.Bool().Draw(t, "opening") {
			p, _ = New(r)
			for n := rapid.IntRange(0, 40).Draw(t, "steps"); n > 0 && p.turn < 2; n-- {
				moves := p.LegalMoves()
				p, _ = p.Apply(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "step")])
			}
		} else {
			p = genPosition(t, r)
		}
		s := p.String()
		q, err := Parse(s)
		if err != nil || q != p || q.String() != s {
			t.Fatalf("Parse(%q) = %v, %v", s, q, err)
		}
	})
}

// TestPropMaxLapsBoundary: for every candidate of random positions and of
// positions of random games, the packed core and the warrior-by-warrior
// reference agree on where a finite move ends; with MaxLaps equal to its
// laps it is still the same finite move, with one lap fewer it is endless
// (C-6: a move that ends on lap MaxLaps is finite), in Apply and in the
// reference, under both Endless rules.
func TestPropMaxLapsBoundary(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, rapid.SampledFrom([]int{300, 3000}).Draw(t, "maxlaps"))
		p := genPosition(t, r)
		if rapid.Bool().Draw(t, "fromGame") {
			s, _ := New(r)
			pl := mancala.NewPlayout[Position, Move](rapid.Uint64().Draw(t, "seed"))
			p, _, _ = pl.Run(s, rapid.IntRange(40, 120).Draw(t, "plies"))
		}
		if p.Outcome().Over() || p.turn < 2 {
			return
		}
		base := firstPit(p.ToMove())
		for pit := base; pit < base+Files; pit++ {
			for k := 1; k <= int(p.pits[pit]); k++ {
				if !p.sowable(pit, k) {
					continue
				}
				laps, endless := fastSow(p, pit, k)
				_, refEndless := refSow(p, pit, k)
				if endless != refEndless {
					t.Fatalf("%v %v: core endless %v after %d laps, reference %v", p, Sow(pitOf(pit), k), endless, laps, refEndless)
				}
				if endless {
					continue
				}
				ref, _ := refApply(p, pit, k)
				if q, err := p.Apply(Sow(pitOf(pit), k)); err != nil || q != ref {
					t.Fatalf("%v %v: Apply gives %v, %v; reference %v", p, Sow(pitOf(pit), k), q, err, ref)
				}
				for _, c := range []struct {
					maxLaps int
					endless bool
				}{{laps, false}, {laps - 1, true}} {
					if c.maxLaps < 1 {
						continue
					}
					b := withMaxLaps(p, c.maxLaps)
					if _, e := fastSow(b, pit, k); e != c.endless {
						t.Fatalf("%v %v with MaxLaps %d: core endless %v, want %v", p, Sow(pitOf(pit), k), c.maxLaps, e, c.endless)
					}
					if _, e := refSow(b, pit, k); e != c.endless {
						t.Fatalf("%v %v with MaxLaps %d: reference endless %v, want %v", p, Sow(pitOf(pit), k), c.maxLaps, e, c.endless)
					}
					after, err := b.Apply(Sow(pitOf(pit), k))
					switch {
					case c.endless && b.Rules().Endless == Illegal:
						if err == nil {
							t.Fatalf("%v %v with MaxLaps %d: endless move accepted under Endless=Illegal", p, Sow(pitOf(pit), k), c.maxLaps)
						}
					case c.endless:
						if err != nil || after.Outcome().Reason != mancala.Endless || after.pits != p.pits {
							t.Fatalf("%v %v with MaxLaps %d: %v, %v; want a draw by endless sowing", p, Sow(pitOf(pit), k), c.maxLaps, after, err)
						}
					case err != nil || after.pits != ref.pits || after.prisons != ref.prisons:
						t.Fatalf("%v %v with MaxLaps %d: %v, %v; want the finite move", p, Sow(pitOf(pit), k), c.maxLaps, after, err)
					}
				}
			}
		}
	})
}
