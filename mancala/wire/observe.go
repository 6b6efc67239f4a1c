package wire

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Observation is a position as a fixed-length list of integers for
// learning agents, in the spirit of OpenSpiel's observation tensors: the
// board as the player to move sees it, so that one network plays both
// sides. Names[i] says what Values[i] is; Shape is [len(Values)] (the list
// is flat). The length and the names depend only on the game and, for
// Kisolo, on the number of columns, never on the position; Values changes
// with the position.
//
// The board is turned so that the player to move ("the mover") sits in
// South's seat: a pit is named as the mover would name it from there.
// For South the view is the board itself; for North it is the board
// turned half a turn (North's pit p+Pits/2 is named and placed as South's
// pit p, docs/design.md "Board numbering"). The values, in order:
//
//	seeds:<pit>       the seeds of every pit, the mover's pits first in the mover's circuit
//	                  order from their first pit, then the opponent's in theirs
//	                  (Kiothi:  a1..a10, b10..b1: one ring;
//	                   Kisolo:  a1..aC, bC..b1, dC..d1, c1..cC;
//	                   Bao la Kimasai: b1..b8, a8..a1, c8..c1, d1..d8)
//	store:mover       Kiothi: the mover's prison, then store:opponent
//	reserve:mover     Bao la Kimasai: the mover's reserve, then reserve:opponent
//	phase             Bao la Kimasai: 1 while a reserve holds cows, then 2 (KM-6, KM-8)
//	nki:<pit>         Kiothi: 1 if the pit is nki (KI-8), else 0; pits in the order above
//	hand              Kiothi: the warriors in the mover's hand (an opening turn, KI-7)
//	lifting           Kiothi: 1 while the mover's next opening step is a Lift (or Stop)
//	dropping          Kiothi: 1 while the mover's next opening step is a Drop
//	lifted:<pit>      Kiothi: 1 for each of the mover's ten pits lifted this opening turn
//	dropfrom:<pit>    Kiothi: 1 for the pit the next drop may start from (dropfrom=), else 0
//	toMove            0 if South is to move, 1 if North
//
// So Kisolo has 4C+1 values (25, 29 or 33), Kiothi 76 and Bao la Kimasai
// 36. A position and its mirror (the board turned half a turn, the other
// player to move) have the same values but for toMove. The observation
// leaves out the turn counter (so Bao la Kimasai's free first turn, KM-6,
// does not show), the rules (the same for a whole game) and the outcome;
// a finished position has an observation like any other.
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
	// Seat, Low and High are set for a seat observation (a request with
	// a seat): the seat observed from ("S" or "N") and each value's
	// inclusive bounds ([SeatObservation]).
	Seat string `json:"seat,omitempty"`
	Low  []int  `json:"low,omitempty"`
	High []int  `json:"high,omitempty"`
}

// ObservationRequest asks for the [Observation] of Position, or without a
// position of the standard start of Game under Rules (as a
// [StateRequest]).
//
// Seat "S" or "N" asks instead for the [SeatObservation] from that
// player's seat (either player, whoever is to move), with Low and High
// set; "" keeps the view from the mover's seat above.
type ObservationRequest struct {
	Game     string `json:"game,omitempty"`
	Rules    string `json:"rules,omitempty"`
	Position string `json:"position,omitempty"`
	Seat     string `json:"seat,omitempty"`
}

// Observe returns the [Observation] of p, a position of d's game. Besides
// the descriptor it uses the interfaces NewGame uses: [mancala.Phased]
// (Bao la Kimasai) and [mancala.Opener] (Kiothi); each
// part of the observation is there exactly when the game has it (stores,
// reserves, a phase, nki marks, an opening). It allocates the result.
func Observe[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p P) Observation {
	l := d.Layout(p)
	c := d.Counts(p)
	mover := p.ToMove()
	n := l.Pits()
	off := 0
	if mover == mancala.North {
		off = n / 2
	}
	at := func(i int) int { return (i + off) % n } // the board pit shown at view index i
	o := Observation{Game: d.Name, Rules: d.Rules(p), ToMove: mover.Letter()}
	add := func(name string, v int) {
		o.Names = append(o.Names, name)
		o.Values = append(o.Values, v)
	}
	flag := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	for i := range n {
		add("seeds:"+l.PitName(i), c.Pits[at(i)])
	}
	if l.HasStores() {
		add("store:mover", c.Stores[mover])
		add("store:opponent", c.Stores[mover.Other()])
	}
	if d.Words.Reserve != "" {
		add("reserve:mover", c.Reserves[mover])
		add("reserve:opponent", c.Reserves[mover.Other()])
	}
	if ph, ok := any(p).(mancala.Phased); ok {
		add("phase", ph.Phase())
	}
	if c.Nki != nil {
		for i := range n {
			add("nki:"+l.PitName(i), flag(c.Nki[at(i)]))
		}
	}
	if op, ok := any(p).(mancala.Opener); ok {
		from, dropping := op.DropFrom()
		add("hand", c.Hand)
		add("lifting", flag(op.InOpening() && !dropping))
		add("dropping", flag(dropping))
		for i := range n / 2 {
			add("lifted:"+l.PitName(i), flag(op.Lifted(at(i))))
		}
		for i := range n {
			add("dropfrom:"+l.PitName(i), flag(dropping && from == at(i)))
		}
	}
	add("toMove", int(mover))
	o.Shape = []int{len(o.Values)}
	return o
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
			return Observation{}, errorf(CodeBadRequest, "wire: bad seat "+quote(req.Seat)+": want S or N (or none for the mover's view)")
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
