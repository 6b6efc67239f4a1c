package wire

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// Observation is a position as a fixed-length list of integers for
// learning agents, in the spirit of OpenSpiel's observation tensors: the
// seat observation of mancala/env's one encoder ([env.Observer];
// [SeatObservation] lists its values), from the seat of the player to
// move (the mover's view, so that one network plays both sides) or, with
// a seat asked for, from that player's seat. Names[i] says what Values[i]
// is and Low[i]..High[i] bounds it; Shape is [len(Values)] (the list is
// flat). The length and the names depend only on the game and its rules,
// never on the position: Kisolo has 4C+1 values (25, 29 or 33), Kiothi 86
// and Bao la Kimasai 36. A position and its mirror (the board turned half
// a turn, the other player to move) have the same mover's view. A
// finished position has an observation like any other.
type Observation struct {
	// Game is the game's name ("kisolo"), Rules the rules as in rules=
	// ("" for the defaults), ToMove the player to move ("S" or "N").
	Game   string `json:"game"`
	Rules  string `json:"rules"`
	ToMove string `json:"toMove"`
	// Shape is [len(Values)].
	Shape []int `json:"shape"`
	// Names names each value, as in the table above ("seeds:a1",
	// "store:mover", "toMove").
	Names []string `json:"names"`
	// Values are the numbers, all integers (counts, 0 or 1 flags, phase).
	Values []int `json:"values"`
	// Seat is the seat observed from ("S" or "N": the player to move
	// unless the request named a seat); Low and High are each value's
	// inclusive bounds ([SeatObservation]).
	Seat string `json:"seat,omitempty"`
	Low  []int  `json:"low,omitempty"`
	High []int  `json:"high,omitempty"`
}

// ObservationRequest asks for the [Observation] of Position, or without a
// position of the standard start of Game under Rules (as a
// [StateRequest]).
//
// Seat "S" or "N" asks for the observation from that player's seat
// (either player, whoever is to move); "" for the mover's view.
type ObservationRequest struct {
	Game     string `json:"game,omitempty"`
	Rules    string `json:"rules,omitempty"`
	Position string `json:"position,omitempty"`
	Seat     string `json:"seat,omitempty"`
}

// Observe returns the [Observation] of p, a position of d's game, from
// the seat of the player to move (the mover's view). It allocates the
// result.
func Observe[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p P) Observation {
	o, err := observer(d, p)
	if err != nil { // p's rules always make a start; its own layout as the last resort
		if o, err = env.NewObserver(d, p); err != nil {
			return Observation{Game: d.Name, Rules: d.Rules(p), ToMove: p.ToMove().Letter()}
		}
	}
	return observation(d, o, p, p.ToMove())
}

// observation is the Observation of p from seat by o.
func observation[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o *env.Observer[P, M], p P, seat mancala.Player) Observation {
	spec := seatSpec(o)
	return Observation{Game: d.Name, Rules: d.Rules(p), ToMove: p.ToMove().Letter(), Shape: []int{spec.Len},
		Names: spec.Names, Values: seatValues(o, p, seat), Seat: seat.Letter(), Low: spec.Low, High: spec.High}
}

// Observe returns the [Observation] of position, a position line of g's
// game; an error is an [*Error] (syntax for bad notation).
func (g Game) Observe(position string) (Observation, error) {
	if g.ops == nil {
		return Observation{}, errorf(CodeBadRequest, "wire: the zero Game has no positions")
	}
	b, err := batchOf(g.ops)
	if err != nil {
		return Observation{}, err
	}
	return b.observe("", position)
}

// Observe answers an observation request: the [Observation] of
// req.Position, or of the standard start of req.Game under req.Rules.
// Errors are those of [Service.State].
func (s *Service) Observe(req ObservationRequest) (Observation, error) {
	b, err := s.batchGame(req.Game, req.Rules, req.Position)
	if err != nil {
		return Observation{}, err
	}
	if req.Seat != "" {
		var seat mancala.Player
		switch req.Seat {
		case "S":
		case "N":
			seat = mancala.North
		default:
			return Observation{}, errorf(CodeBadRequest, "wire: bad seat %s: want S or N (or none for the mover's view)", quote(req.Seat))
		}
		r, err := research(b.(gameOps))
		if err != nil {
			return Observation{}, err
		}
		return r.observeSeat(req.Rules, req.Position, seat)
	}
	return b.observe(req.Rules, req.Position)
}

func (a *adapter[P, M]) observe(rules, pos string) (Observation, error) {
	p, err := a.startOf(rules, pos)
	if err != nil {
		return Observation{}, err
	}
	return Observe(a.d, p), nil
}
