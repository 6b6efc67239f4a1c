package kimasai

import (
	"flag"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

var endlessGames = flag.Int("endless.games", 0, "random games to search for the slowest endless move (TestEndlessSearch); 0 skips")

// stepper plays one move lap by lap, cow by cow (a third, plain
// implementation of KM-6, KM-9, KM-10, KM-11 over the layout tables), so that
// tests can watch its lap-boundary states (C-6).
type stepper struct {
	board       [Pits]uint8
	mover       mancala.Player
	phase2      bool
	n, at, last int
	raid, ended bool
	laps        int
}

func newStepper(p Position, pit int) *stepper {
	s := &stepper{board: p.pits, mover: p.ToMove(), phase2: p.Phase() == 2}
	if p.places() {
		s.board[pit]++
	}
	s.n, s.board[pit], s.at = int(s.board[pit]), 0, layout.Next(pit)
	return s
}

// step sows one lap and resolves its end; it reports false once the move
// has ended.
func (s *stepper) step() bool {
	if s.ended {
		return false
	}
	s.laps++
	wasEmpty := false
	for ; s.n > 0; s.n-- {
		wasEmpty = s.board[s.at] == 0
		s.board[s.at]++
		s.last, s.at = s.at, layout.Next(s.at)
	}
	if s.raid && innerEmpty(&s.board, s.mover.Other()) || wasEmpty {
		s.ended = true
		return false
	}
	s.raid = false
	if f, ok := layout.Facing(s.last); ok && s.phase2 && s.board[f] > 0 {
		s.n, s.board[f], s.at, s.raid = int(s.board[f]), 0, s.last, true
		return true
	}
	s.n, s.board[s.last], s.at = int(s.board[s.last]), 0, layout.Next(s.last)
	return true
}

type boardState struct {
	board [Pits]uint8
	last  int
}

func (s *stepper) state() boardState { return boardState{s.board, s.last} }

// loopShape runs Brent's algorithm to the end, with no lap bound, on the
// lap-boundary states of the move from pit and returns mu (the number of
// laps before the loop starts) and lambda (its period in laps); ok is false
// if the move ends within limit laps.
func loopShape(p Position, pit, limit int) (mu, lambda int, ok bool) {
	hare := newStepper(p, pit)
	if !hare.step() {
		return 0, 0, false
	}
	saved := hare.state()
	power, lam := 1, 1
	for {
		if !hare.step() || hare.laps > limit {
			return 0, 0, false
		}
		if hare.state() == saved {
			break
		}
		if lam == power {
			saved, power, lam = hare.state(), power*2, 0
		}
		lam++
	}
	tort, hare := newStepper(p, pit), newStepper(p, pit)
	for range lam {
		hare.step()
	}
	tort.step()
	hare.step()
	for tort.state() != hare.state() {
		tort.step()
		hare.step()
	}
	return tort.laps - 1, lam, true
}

// TestLoopShapeBK5: BK5's loop (docs/rules/kimasai.md: the state after lap 1
// recurs after 128 laps).
func TestLoopShapeBK5(t *testing.T) {
	p := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20")
	mu, lambda, ok := loopShape(p, 14, 10_000)
	if !ok || mu != 0 || lambda != 128 {
		t.Fatalf("BK5: mu %d lambda %d ok %v; want 0, 128", mu, lambda, ok)
	}
}

// slowLoop is the slowest endless move found by TestEndlessSearch (seed 1,
// 20,000 random games from the start, every candidate of every position):
// its period is too long for the cycle check to prove within MaxLaps, so
// Apply sows the full 1,000,000 laps.
const (
	slowLoop     = "kimasai 4,0,1,1,4,0,1,6/2,7,0,1,0,3,0,2/1,3,0,1,11,1,0,1/4,1,6,0,1,0,1,0 S turn=48 reserves=1,0"
	slowLoopMove = "b2"
)

func TestSlowLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("sows a few million laps")
	}
	p := mustParse(t, slowLoop)
	m := mustMove(t, slowLoopMove)
	r := p.sow(m.Pit().index() - base(p.ToMove()))
	if r.end != mancala.EndEndless {
		t.Fatalf("not endless: %v after %d laps", r.end, r.laps)
	}
	mu, lambda, ok := loopShape(p, m.Pit().index(), 10_000_000)
	t.Logf("%s %s: mu %d, period %d laps; Apply stopped after %d laps (MaxLaps reached: %v)", slowLoop, slowLoopMove, mu, lambda, r.laps, r.maxSeen)
	if !ok {
		t.Fatal("no loop found by the plain stepper")
	}
}

// TestEndlessSearch plays -endless.games random games from the start and
// times every candidate move of every position. It reports how many
// candidates are endless, how many reach MaxLaps before the cycle check
// proves them, the slowest move the check proves, the longest loop period
// among the moves that reach MaxLaps, and the longest finite move. Run it
// with: go test -run EndlessSearch -endless.games=20000 ./kimasai/
func TestEndlessSearch(t *testing.T) {
	if *endlessGames <= 0 {
		t.Skip("set -endless.games=N to search")
	}
	type find struct {
		d     time.Duration
		laps  int
		p     Position
		m     Move
		mu    int
		lamda int
	}
	var proved, period find
	var total time.Duration
	var endless, maxHit, longest int
	var longestPos string
	pl := mancala.NewPlayout[Position, Move](1)
	for range *endlessGames {
		p := Start()
		for !p.Outcome().Over() {
			b := base(p.ToMove())
			for i := range 16 {
				if p.pits[b+i] == 0 {
					continue
				}
				t0 := time.Now()
				r := p.sow(i)
				d := time.Since(t0)
				switch {
				case r.end == mancala.EndEndless && r.maxSeen:
					endless++
					maxHit++
					total += d
					mu, lambda, _ := loopShape(p, b+i, 1<<30)
					if lambda > period.lamda {
						period = find{d, r.laps, p, Sow(pitOf(b + i)), mu, lambda}
					}
				case r.end == mancala.EndEndless:
					endless++
					total += d
					if r.laps > proved.laps {
						proved = find{d, r.laps, p, Sow(pitOf(b + i)), 0, 0}
					}
				case r.laps > longest:
					longest, longestPos = r.laps, p.String()+" "+Sow(pitOf(b+i)).String()
				}
			}
			var err error
			if p, _, err = pl.Run(p, 1); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d games: %d endless candidates, mean detection %v; %d reached MaxLaps before the cycle check proved them",
		*endlessGames, endless, total/time.Duration(max(endless, 1)), maxHit)
	if proved.laps > 0 {
		mu, lambda, _ := loopShape(proved.p, proved.m.Pit().index(), 1<<30)
		t.Logf("slowest proved by the cycle check: %s %s: %d laps, %v (mu %d, period %d)", proved.p, proved.m, proved.laps, proved.d, mu, lambda)
	}
	if period.laps > 0 {
		t.Logf("longest period among MaxLaps moves: %s %s: %d laps, %v (mu %d, period %d)", period.p, period.m, period.laps, period.d, period.mu, period.lamda)
	}
	t.Logf("longest finite move: %d laps: %s", longest, longestPos)
}

// TestLongFiniteMove: the longest finite move found by TestEndlessSearch
// (2,411 laps, longer than the 847 laps docs/rules/common.md C-6 quotes from
// its surveys) ends the same way in the word-parallel core and the plain
// stepper, and MaxLaps 2,410 makes it endless.
func TestLongFiniteMove(t *testing.T) {
	const pos = "kimasai 1,4,1,2,1,2,5,0/1,4,0,4,3,1,0,1/7,4,1,0,2,5,1,1/2,3,1,0,2,0,1,0 N turn=45 reserves=2,2"
	p := mustParse(t, pos)
	m := mustMove(t, "d1")
	r := p.sow(m.Pit().index() - base(p.ToMove()))
	if r.end != mancala.EndEmptyPit || r.laps != 2411 {
		t.Fatalf("end %v after %d laps; want an empty pit after 2411", r.end, r.laps)
	}
	s := newStepper(p, m.Pit().index())
	for s.step() {
	}
	q, err := p.Apply(m)
	if err != nil {
		t.Fatal(err)
	}
	if s.laps != 2411 || s.board != q.pits {
		t.Fatalf("stepper: %d laps, board %v; Apply %s", s.laps, s.board, q)
	}
	for _, c := range []struct {
		rules   string
		endless bool
	}{{" rules=MaxLaps:2411", false}, {" rules=MaxLaps:2410", true}} {
		q, err := mustParse(t, pos+c.rules).Apply(m)
		if err != nil || (q.Outcome().Reason == mancala.Endless) != c.endless {
			t.Errorf("%s: %v, %v", c.rules, q, err)
		}
	}
}
