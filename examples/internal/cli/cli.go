// Package cli holds what the example programs share: building agents from
// their names and budgets, and describing what a move did from its trace.
// Everything is generic over a game's [mancala.Descriptor].
package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Games lists the games the programs accept, for -game.
const Games = "kiothi|kisolo|kimasai"

// Budget is the per-move budget of computer players.
type Budget struct {
	Depth      int           // AlphaBeta depth in plies (0: no limit if Time is set)
	Iterations int           // MCTS playouts per move (0: no limit if Time is set)
	Time       time.Duration // per move, for both (0: none)
	Workers    int           // MCTS goroutines (0 or 1: one)
}

// AgentNames lists the computer players NewAgent builds.
const AgentNames = "random|alphabeta|mcts"

// NewAgent returns the computer player called name ("random", "alphabeta"
// or "mcts") for d's game with budget b; seed makes its choices
// reproducible. An unknown name gives an error.
func NewAgent[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], name string, b Budget, seed uint64) (agent.Agent[P, M], error) {
	switch name {
	case "random":
		return agent.NewRandom[P, M](seed), nil
	case "alphabeta":
		a := agent.NewAlphaBeta(d, b.Depth)
		a.Time = b.Time
		a.TableSize = 1 << 16
		return a, nil
	case "mcts":
		s := agent.NewMCTS[P, M](b.Iterations, seed)
		s.Time, s.Workers = b.Time, b.Workers
		return s, nil
	}
	return nil, fmt.Errorf("unknown player %q (want %s)", name, AgentNames)
}

// Describe says in a few words what move m did in position before, from
// its trace: laps, relays, captures, the store (prison) and reserve
// changes, nki marks, the sweep at the end, and how the move ended. after
// is the position after the move.
func Describe[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], before P, m M) (string, P, error) {
	var events []mancala.Event
	after, err := d.ApplyTrace(before, m, func(e mancala.Event) { events = append(events, e) })
	if err != nil {
		return "", after, err
	}
	l := d.Layout(before)
	name := func(pl mancala.Place) string {
		if pl.Kind == mancala.PitPlace {
			return l.PitName(pl.Index)
		}
		return pl.String()
	}
	var (
		hand, laps, relays, drops int
		captured                  int
		from                      []string
		nkiSet                    int
		lifted, dropped           []string
		nkiClear                  []string
		swept                     int
		end                       mancala.MoveEnd
	)
	take := func(n int) {
		if hand == 0 && n > 0 {
			laps++
		}
		hand += n
	}
	for _, e := range events {
		switch e.Kind {
		case mancala.Lift:
			lifted = append(lifted, fmt.Sprintf("%d from %s", e.Count, name(e.From)))
			take(e.Count)
		case mancala.Relay:
			relays++
			take(e.Count)
		case mancala.Drop:
			hand -= e.Count
			drops++
			dropped = append(dropped, name(e.To))
		case mancala.Capture:
			captured += e.Count
			from = append(from, name(e.From))
			if e.To == mancala.Hand {
				take(e.Count)
			}
		case mancala.Reserve:
			// reported from the counts below
		case mancala.Sweep:
			swept += e.Count
		case mancala.NkiSet:
			nkiSet++
		case mancala.NkiClear:
			nkiClear = append(nkiClear, name(e.From))
		case mancala.End:
			end = e.EndReason
		}
	}
	seed := d.Seed
	if seed == "" {
		seed = "seed"
	}
	var parts []string
	switch {
	case end == mancala.EndEndless:
		parts = append(parts, "endless sowing: nothing moves")
	case relays == 0 && captured == 0 && drops == 0 && len(lifted) > 0:
		parts = append(parts, "lifted "+strings.Join(lifted, ", "))
	case relays == 0 && captured == 0 && len(lifted) == 0 && drops > 0:
		parts = append(parts, "dropped into "+strings.Join(dropped, ","))
	case laps > 0:
		parts = append(parts, plural(laps, "lap")+", "+plural(drops, seed)+" sown")
	case drops > 0:
		parts = append(parts, plural(drops, seed)+" dropped")
	}
	if relays > 0 {
		parts = append(parts, plural(relays, "relay"))
	}
	if captured > 0 {
		parts = append(parts, fmt.Sprintf("captured %d from %s", captured, strings.Join(from, ",")))
	}
	c0, c1 := d.Counts(before), d.Counts(after)
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		if l.HasStores() && c0.Stores[pl] != c1.Stores[pl] {
			parts = append(parts, fmt.Sprintf("%s prison %d->%d", pl, c0.Stores[pl], c1.Stores[pl]))
		}
		if c0.Reserves[pl] != c1.Reserves[pl] {
			parts = append(parts, fmt.Sprintf("%s reserve %d->%d", pl, c0.Reserves[pl], c1.Reserves[pl]))
		}
	}
	if swept > 0 {
		parts = append(parts, fmt.Sprintf("%d swept off the board", swept))
	}
	if nkiSet > 0 {
		parts = append(parts, plural(nkiSet, "pit")+" made nki")
	}
	if len(nkiClear) > 0 {
		parts = append(parts, "nki cleared: "+strings.Join(nkiClear, ","))
	}
	if o := after.Outcome(); o.Over() {
		parts = append(parts, "game over: "+o.String())
	}
	if len(parts) == 0 {
		return "no change", after, nil
	}
	return strings.Join(parts, "; "), after, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Names returns the moves' notation, space-separated.
func Names[M mancala.Move](moves []M) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}
