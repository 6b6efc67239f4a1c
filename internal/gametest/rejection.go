package gametest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Candidates lists, for [RejectionPlayout], the candidate moves of a
// position under Endless=Illegal: the moves the rules allow before C-6 is
// applied (legal or endless), in the order of legal moves, and whether the
// position's move is drawn by rejection among them (false: its legal moves
// are drawn as the generic loop draws them, as Kiothi's opening steps are).
// Each game's tests write theirs plainly, over the position's public
// methods.
type Candidates[P any, M any] func(p P) (moves []M, rejection bool)

// randomPlayer is a position type with its own PlayRandom, as every game's
// Position has.
type randomPlayer[P any] interface {
	PlayRandom(pick func(n int) int, maxPlies int) (P, int)
}

// turner is a position type that counts its turns (every game's Position).
type turner interface{ Turn() int }

// RejectionPlayout is the reference for a game's PlayRandom under
// Endless=Illegal, written plainly over AppendLegalMoves and Apply: it
// plays from p until the game is over or maxPlies plies have been played
// (maxPlies <= 0: no cap). A position drawn by rejection (cands) calls
// pick(n) with the number n of its candidates not yet set aside and plays
// the chosen one with Apply; one that Apply refuses (an endless candidate,
// C-6) is set aside and pick called again, until Apply accepts one, the
// ply's move. When such a ply leaves the next player to move before turn
// mancala.MaxTurn with every candidate endless (the game drawn by C-6), and
// maxPlies allows another ply, pick is called once for each of the next
// player's candidates, n, n-1, ..., 1, as a PlayRandom does that finds the
// end by drawing. A position not drawn by rejection calls pick with its
// number of legal moves, as the generic loop does. It returns the position
// reached and the plies played, or an error if a position that is not
// over has no candidate that Apply accepts, or Apply refuses a candidate
// without ErrIllegalMove.
func RejectionPlayout[P mancala.Position[P, M], M mancala.Move](p P, pick func(n int) int, maxPlies int, cands Candidates[P, M]) (P, int, error) {
	plies := 0
	for (maxPlies <= 0 || plies < maxPlies) && !p.Outcome().Over() {
		ms, rejection := cands(p)
		if !rejection {
			legal := p.AppendLegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			q, err := p.Apply(legal[pick(len(legal))])
			if err != nil {
				return p, plies, fmt.Errorf("legal move refused: %w", err)
			}
			p, plies = q, plies+1
			continue
		}
		moved := false
		for len(ms) > 0 {
			i := pick(len(ms))
			q, err := p.Apply(ms[i])
			if err == nil {
				p, moved = q, true
				break
			}
			if !errors.Is(err, mancala.ErrIllegalMove) {
				return p, plies, fmt.Errorf("candidate %v refused with %w, not ErrIllegalMove", ms[i], err)
			}
			ms = slices.Delete(ms, i, i+1)
		}
		if !moved {
			return p, plies, fmt.Errorf("%v is not over but Apply refuses every candidate", p)
		}
		plies++
		if (maxPlies <= 0 || plies < maxPlies) && p.Outcome().Reason == mancala.Endless && turnOf(p) < mancala.MaxTurn {
			ms, _ := cands(p)
			for n := len(ms); n > 0; n-- {
				pick(n)
			}
			break
		}
	}
	return p, plies, nil
}

func turnOf[P any](p P) int {
	if t, ok := any(p).(turner); ok {
		return t.Turn()
	}
	return 0
}

// CheckRejections is a game's test of its PlayRandom under Endless=Illegal:
// CheckRejection from starts with 40 seeds (4 under -short), and from long,
// the starts whose candidates are sown to MaxLaps, with 3 seeds (skipped
// under -short).
func CheckRejections[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], starts, long []P, cands Candidates[P, M]) {
	t.Helper()
	if testing.Short() {
		CheckRejection(t, d, starts, 4, cands)
		return
	}
	CheckRejection(t, d, starts, 40, cands)
	CheckRejection(t, d, long, 3, cands)
}

// CheckRejection checks a game's PlayRandom under Endless=Illegal against
// [RejectionPlayout] from each start (positions under Endless=Illegal),
// for seeds 0..seeds-1 and the caps 0 (none), 1, 2, 5 and 17 plies: for
// the same stream of draws (a [mancala.Playout] of the seed) both reach
// exactly the same position (==) after the same plies, calling pick with
// the same n in the same order. The position reached reads back by
// Parse(String()) to itself and is over iff it has no legal move. At every
// start that is not over, the candidates cands lists hold the legal moves,
// and Apply refuses the others.
func CheckRejection[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], starts []P, seeds int, cands Candidates[P, M]) {
	t.Helper()
	for si, p := range starts {
		if !Illegal(d, p) {
			t.Fatalf("start %d, %v: not under Endless=Illegal", si, p)
		}
		fast, ok := any(p).(randomPlayer[P])
		if !ok {
			t.Fatalf("%s: Position has no PlayRandom", d.Name)
		}
		if err := checkCandidates(p, cands); err != nil {
			t.Fatalf("start %d, %v: %v", si, p, err)
		}
		for seed := range uint64(seeds) {
			for _, maxPlies := range []int{0, 1, 2, 5, 17} {
				var gotN, wantN []int
				pl := mancala.NewPlayout[P, M](seed)
				got, gotPlies := fast.PlayRandom(func(n int) int { gotN = append(gotN, n); return pl.IntN(n) }, maxPlies)
				ref := mancala.NewPlayout[P, M](seed)
				want, wantPlies, err := RejectionPlayout(p, func(n int) int { wantN = append(wantN, n); return ref.IntN(n) }, maxPlies, cands)
				if err != nil {
					t.Fatalf("start %d, %v, seed %d, maxPlies %d: reference: %v", si, p, seed, maxPlies, err)
				}
				if got != want || gotPlies != wantPlies || !slices.Equal(gotN, wantN) {
					t.Fatalf("start %d, %v, seed %d, maxPlies %d:\nPlayRandom: %d plies to %v, draws %v\nreference:  %d plies to %v, draws %v",
						si, p, seed, maxPlies, gotPlies, got, gotN, wantPlies, want, wantN)
				}
				if back, err := d.Parse(got.String()); err != nil || back != got {
					t.Fatalf("start %d, seed %d, maxPlies %d: %v reads back as %v, %v", si, seed, maxPlies, got, back, err)
				}
				if got.Outcome().Over() != (len(got.AppendLegalMoves(nil)) == 0) {
					t.Fatalf("start %d, seed %d, maxPlies %d: %v has Outcome %v and the legal moves %v", si, seed, maxPlies, got, got.Outcome(), got.AppendLegalMoves(nil))
				}
			}
		}
	}
}

// checkCandidates checks cands at p: for a position not over, the legal
// moves are the candidates that Apply accepts (in the same order), under
// rejection.
func checkCandidates[P mancala.Position[P, M], M mancala.Move](p P, cands Candidates[P, M]) error {
	ms, rejection := cands(p)
	if !rejection || p.Outcome().Over() {
		return nil
	}
	var accepted []M
	for _, m := range ms {
		if _, err := p.Apply(m); err == nil {
			accepted = append(accepted, m)
		}
	}
	if legal := p.AppendLegalMoves(nil); !slices.Equal(accepted, legal) {
		return fmt.Errorf("the candidates %v that Apply accepts are %v; the legal moves are %v", ms, accepted, legal)
	}
	return nil
}

// CheckUniform checks that a game's PlayRandom under Endless=Illegal
// draws its first move uniformly over the legal moves of p (not over):
// over games seeded random games of one ply, every ply is a legal move,
// and each of the k legal moves is played within 5 standard deviations of
// games/k times. Seeded, hence deterministic.
func CheckUniform[P mancala.Position[P, M], M mancala.Move](t *testing.T, p P, games int) {
	t.Helper()
	legal := p.AppendLegalMoves(nil)
	if len(legal) == 0 {
		t.Fatalf("%v has no legal move", p)
	}
	after := make([]P, len(legal))
	for i, m := range legal {
		q, err := p.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		after[i] = q
	}
	counts := make([]int, len(legal))
	for seed := range uint64(games) {
		q, n, err := mancala.NewPlayout[P, M](seed).Run(p, 1)
		if err != nil || n != 1 {
			t.Fatalf("seed %d: %d plies to %v, %v; want one ply", seed, n, q, err)
		}
		i := slices.Index(after, q)
		if i < 0 {
			t.Fatalf("seed %d: %v after one ply, which no legal move of %v gives", seed, q, p)
		}
		counts[i]++
	}
	k := float64(len(legal))
	mean := float64(games) / k
	sd := math.Sqrt(float64(games) * (1 / k) * (1 - 1/k))
	for i, c := range counts {
		if math.Abs(float64(c)-mean) > 5*sd {
			t.Errorf("%v: move %v played %d times in %d games; uniform over %d legal moves gives %.0f ± %.0f", p, legal[i], c, games, len(legal), mean, sd)
		}
	}
}

// Spread returns n positions of ps spread evenly over it (all of ps if it
// has n or fewer).
func Spread[P any](ps []P, n int) []P {
	if len(ps) <= n {
		return ps
	}
	out := make([]P, n)
	for i := range out {
		out[i] = ps[i*len(ps)/n]
	}
	return out
}
