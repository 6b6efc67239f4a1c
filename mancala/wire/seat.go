package wire

import (
	"sync"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// SeatObservation describes the observation of a position from either
// player's seat, as learning environments use it (docs/engine.md, "Research
// commands"): a flat vector of
// Len unsigned bytes (dtype uint8), element i named Names[i] and bounded
// by Low[i] <= value <= High[i]. It depends only on the game, its rules
// and the game's seed total, never on the position within a game.
//
// The board is turned so that the observing seat sits in South's seat: a
// pit is named as that player would name it from there (for North the
// board turned half a turn, docs/design.md "Board numbering"). In order:
//
//	seeds:<pit>        the seeds of every pit: the seat's pits first in its circuit order
//	                   from its first pit, then the opponent's in theirs (Kiothi a1..a10,
//	                   b10..b1; Kisolo a1..aC, bC..b1, dC..d1, c1..cC; Bao la Kimasai
//	                   b1..b8, a8..a1, c8..c1, d1..d8); 0..T
//	store:own          Kiothi: the seat's prison, then store:opponent; 0..T
//	reserve:own        Bao la Kimasai: the seat's reserve, then reserve:opponent; 0..T
//	phase              Bao la Kimasai: 1 while a reserve holds cows, then 2 (KM-6, KM-8); 1..2
//	nki:<pit>          Kiothi: 1 if the pit is nki (KI-8); pits in the order above; 0..1
//	hand               Kiothi: warriors in the hand of the player to move (KI-7); 0..T
//	lifting            Kiothi: 1 while the next opening step is a Lift or Stop; 0..1
//	dropping           Kiothi: 1 while the next opening step is a Drop; 0..1
//	lifted:<pit>       Kiothi: 1 for each pit lifted this opening turn; every pit in the order above; 0..1
//	dropfrom:<pit>     Kiothi: 1 for the pit the next drop may start from (dropfrom=); 0..1
//	ownTurn            1 if the observing seat is to move, else 0; 0..1
//
// T is the game's seed total (84 for Kisolo's default start, 60 for
// Kiothi's, 64 for Bao la Kimasai's; at most 255). So Kisolo has 4C+1
// elements (29 for C = 7, 25, 33), Bao la Kimasai 36 and Kiothi 86. A
// position seen from South and the same position turned half a turn seen
// from North give the same vector. The turn counter, the rules and the
// outcome are left out: a finished position has an observation like any
// other.
type SeatObservation struct {
	// Len is the number of elements, Names their names, Low and High
	// their bounds (inclusive).
	Len   int      `json:"len"`
	Names []string `json:"names"`
	Low   []int    `json:"low"`
	High  []int    `json:"high"`
}

// seatSpec returns the SeatObservation of an observer (mancala/env's one
// encoder: this is its description with integer bounds).
func seatSpec[P mancala.Position[P, M], M mancala.Move](o *env.Observer[P, M]) SeatObservation {
	s := SeatObservation{Len: o.Len(), Names: o.Names(), Low: make([]int, o.Len()), High: make([]int, o.Len())}
	for i := range s.Low {
		s.Low[i], s.High[i] = int(o.Low()[i]), int(o.High()[i])
	}
	return s
}

// observers caches the observation encoder of each descriptor and rule
// set (at most maxObservers of them), so that a step or an observation
// does not build the names again: a cached one is cloned for each use.
var observers struct {
	sync.Mutex
	m map[observerKey]any
}

type observerKey struct {
	d     any // the *mancala.Descriptor
	rules string
}

const maxObservers = 256

// observer returns an observation encoder of p's game and rules, for the
// caller alone.
func observer[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p P) (*env.Observer[P, M], error) {
	rules := d.Rules(p)
	key := observerKey{d, rules}
	observers.Lock()
	cached, _ := observers.m[key].(*env.Observer[P, M])
	observers.Unlock()
	o := cached
	if o == nil {
		start, err := d.New(rules)
		if err != nil {
			return nil, fromErr(err)
		}
		if o, err = env.NewObserver(d, start); err != nil {
			return nil, errorf(CodeInternal, "wire: %s", err.Error())
		}
		observers.Lock()
		if observers.m == nil {
			observers.m = map[observerKey]any{}
		}
		if len(observers.m) < maxObservers {
			observers.m[key] = o
		}
		observers.Unlock()
	}
	o = o.Clone()
	if !o.Fits(p) {
		// A position set up by hand with another seed total: its own
		// bounds.
		var err error
		if o, err = env.NewObserver(d, p); err != nil {
			return nil, errorf(CodeInternal, "wire: %s", err.Error())
		}
	}
	return o, nil
}

// seatValues returns the observation of p from seat as ints.
func seatValues[P mancala.Position[P, M], M mancala.Move](o *env.Observer[P, M], p P, seat mancala.Player) []int {
	f, _ := o.Append(make([]float32, 0, o.Len()), p, seat)
	v := make([]int, len(f))
	for i, x := range f {
		v[i] = int(x)
	}
	return v
}
