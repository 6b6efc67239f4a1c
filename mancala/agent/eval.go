package agent

import (
	"math"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Value bounds of [AlphaBeta]. Every value is from the point of view of a
// given player (the player to move, in a search): positive is good for them.
const (
	// WinValue is the value of a won game before its tie-breakers: a won
	// game is worth WinValue + MarginWeight*margin - plies, where margin
	// is the final score difference ([mancala.Outcome.Margin], 0 for games
	// without a score) and plies the distance from the searched position,
	// so larger and quicker wins are preferred. A lost game is the
	// negation; a draw is 0.
	WinValue = 1 << 24
	// MarginWeight is the weight of one point of final margin in a won
	// game's value.
	MarginWeight = 1 << 10
	// MaxEval bounds a heuristic evaluation: results of an [Eval] outside
	// [-MaxEval, MaxEval] are clamped, so no heuristic value reaches a
	// game's end value.
	MaxEval = 1 << 20
	// decided is the smallest magnitude of a finished game's value: any
	// value at least this large is a win or loss found by the search.
	decided = WinValue / 2
)

// Eval is a heuristic evaluation: the value of p for player pl, in seeds
// (one seed is worth 1; positive is good for pl). It is called only for
// positions whose game is not over, and should be antisymmetric
// (Eval(p, South) == -Eval(p, North)) and cheap.
type Eval[P any] func(p P, pl mancala.Player) int

// Evaluator is the optional interface through which a game's position type
// supplies its own heuristic to [Evaluation]: Evaluate(pl) returns the
// value of the position for player pl in seeds, positive when pl stands
// better, antisymmetric in pl, for a game that is not over. It must not
// allocate. Game packages document their heuristic on the method (e.g.
// prison or side material difference, inner-row safety).
type Evaluator interface {
	Evaluate(pl mancala.Player) int
}

// Material returns the plain material evaluation of d's game: the seeds pl
// owns (seeds in pl's own pits, store and reserve, from d.Counts) minus the
// opponent's. It allocates (Counts builds slices); a game's [Evaluator] is
// the fast path.
func Material[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) Eval[P] {
	return func(p P, pl mancala.Player) int {
		c := d.Counts(p)
		l := d.Layout(p)
		v := c.Stores[pl] + c.Reserves[pl] - c.Stores[pl.Other()] - c.Reserves[pl.Other()]
		for i, n := range c.Pits {
			if l.Owner(i) == pl {
				v += n
			} else {
				v -= n
			}
		}
		return v
	}
}

// Evaluation returns the evaluation for d's game: the position's own
// Evaluate method when P implements [Evaluator], otherwise [Material](d).
// The method is called through one scratch copy of the position, so that
// no call allocates; the returned Eval must therefore not be called by two
// goroutines at once (each [NewAlphaBeta] gets its own).
func Evaluation[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) Eval[P] {
	slot := new(P)
	if ev, ok := any(slot).(Evaluator); ok {
		return func(p P, pl mancala.Player) int {
			*slot = p
			return ev.Evaluate(pl)
		}
	}
	return Material(d)
}

// Terminal returns the value of a finished game o for player pl found plies
// plies from the searched position (see [WinValue]); 0 for a draw or an
// ongoing game.
func Terminal(o mancala.Outcome, pl mancala.Player, plies int) int {
	if o.Status != mancala.Win {
		return 0
	}
	v := WinValue + MarginWeight*o.Margin() - plies
	if o.Winner != pl {
		return -v
	}
	return v
}

func clampEval(v int) int {
	return min(max(v, -MaxEval), MaxEval)
}

// Linear returns the linear evaluation of d's game from its features
// (mancala.Featurer): the sum of each feature of p for pl times its fitted
// weight (FeatureWeights), rounded to the nearest whole number, in the unit
// of the first feature (the game's material: seeds, points or cows), so
// positive is good for pl and the value is antisymmetric. The weights are
// fitted to self-play by internal/cmd/fiteval. For a position type without
// features it returns [Evaluation](d). The returned Eval works through one
// scratch copy and buffer, so that no call allocates: it must not be
// called by two goroutines at once.
func Linear[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) Eval[P] {
	slot := new(P)
	f, ok := any(slot).(mancala.Featurer)
	if !ok {
		return Evaluation(d)
	}
	return LinearWeights(d, f.FeatureWeights())
}

// LinearWeights is [Linear] with the weights given, one per feature
// (missing weights count 0, extra ones are ignored); for a position type
// without features it returns [Evaluation](d).
func LinearWeights[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], weights []float32) Eval[P] {
	slot := new(P)
	f, ok := any(slot).(mancala.Featurer)
	if !ok {
		return Evaluation(d)
	}
	w := append([]float32(nil), weights...)
	buf := make([]float32, 0, 32)
	return func(p P, pl mancala.Player) int {
		*slot = p
		buf = f.AppendFeatures(buf[:0], pl)
		var s float32
		for i, x := range buf {
			if i < len(w) {
				s += w[i] * x
			}
		}
		return int(math.Round(float64(s)))
	}
}
