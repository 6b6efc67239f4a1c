package mancala

import (
	"errors"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
)

// PlaceKind says what kind of place seeds move between in an [Event].
type PlaceKind uint8

const (
	NoPlace      PlaceKind = iota // the zero Place: no place (marks and End events)
	PitPlace                      // a pit on the board; Place.Index is the pit index
	StorePlace                    // a player's store (Kiothi prison); Place.Index is the Player
	ReservePlace                  // a player's reserve off the board (Bao la Kimasai); Place.Index is the Player
	HandPlace                     // the mover's hand, holding lifted seeds
)

// Place is where seeds are: a pit, a player's store or reserve, or the
// mover's hand. The zero value is no place. Places are comparable.
type Place struct {
	Kind  PlaceKind // pit, store, reserve or hand; NoPlace for the zero Place
	Index int       // the pit index for PitPlace, the Player for StorePlace and ReservePlace, else 0
}

// PitOf returns the place of the pit at board index index.
func PitOf(index int) Place { return Place{Kind: PitPlace, Index: index} }

// StoreOf returns the place of pl's store (Kiothi's prison).
func StoreOf(pl Player) Place { return Place{Kind: StorePlace, Index: int(pl)} }

// ReserveOf returns the place of pl's reserve (Bao la Kimasai, KM-5).
func ReserveOf(pl Player) Place { return Place{Kind: ReservePlace, Index: int(pl)} }

// Hand is the place of the mover's hand.
var Hand = Place{Kind: HandPlace}

// String returns "pit 3", "store South", "reserve North", "hand" or "-".
func (p Place) String() string {
	switch p.Kind {
	case PitPlace:
		return "pit " + strconv.Itoa(p.Index)
	case StorePlace:
		return "store " + Player(p.Index).String()
	case ReservePlace:
		return "reserve " + Player(p.Index).String()
	case HandPlace:
		return "hand"
	}
	return "-"
}

// EventKind names one step of a move trace (docs/design.md, "Traces for
// front ends"). The zero value is not a valid kind.
type EventKind uint8

const (
	_ EventKind = iota
	// Lift: Count seeds from a pit (From) to the hand (To) at the start of
	// a move, or an opening lift (KI-6).
	Lift
	// Relay: Count seeds from a pit to the hand for a relay lap (C-2).
	Relay
	// Drop: one seed from the hand into a pit (To). Count is 1.
	Drop
	// Capture: Count seeds taken. In Kisolo and Bao la Kimasai from an
	// enemy pit into the hand (KS-7, KM-10); in Kiothi from a pit to the
	// mover's prison (KI-13, KI-14), the capturing warrior included as its
	// own event from the mover's pit.
	Capture
	// Reserve: Count seeds from a player's reserve (From) into a pit (To)
	// (KM-6).
	Reserve
	// Sweep: Count seeds from a pit to a prison at the end of a Kiothi
	// game (KI-15).
	Sweep
	// NkiSet marks pit From as nki (KI-8). No seeds move.
	NkiSet
	// NkiClear removes the nki mark of pit From (KI-8). No seeds move.
	NkiClear
	// End is always the last event of a move (or opening step); EndReason
	// says why it stopped.
	End
)

var eventNames = [...]string{"", "lift", "relay", "drop", "capture", "reserve", "sweep", "nki-set", "nki-clear", "end"}

// String returns the kind's lower-case name ("lift", "drop", "nki-set", ...)
// or "EventKind(12)" out of range.
func (k EventKind) String() string {
	if k > 0 && int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// MoveEnd says why a move (or an opening step) stopped, in an [End] event.
type MoveEnd uint8

const (
	EndNone MoveEnd = iota // not an End event
	// EndEmptyPit: the last seed of a lap fell into an empty pit (KI-12,
	// KM-9.1).
	EndEmptyPit
	// EndNextEmpty: the pit after the landing pit was empty (KS-8.2).
	EndNextEmpty
	// EndInnerRowEmptied: a capture or raid emptied the opponent's inner
	// row and the move stopped (KS-8.1, KS-10, KM-11).
	EndInnerRowEmptied
	// EndEndless: the move would sow forever (C-6); nothing moved.
	EndEndless
	// EndStep: a Kiothi opening step finished (KI-7); the same player may
	// still be to move.
	EndStep
)

var endNames = [...]string{"", "empty pit", "next pit empty", "inner row emptied", "endless", "step"}

// String describes the reason in a few lower-case words, or "MoveEnd(9)".
func (e MoveEnd) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return "MoveEnd(" + strconv.Itoa(int(e)) + ")"
}

// Event is one step of a move trace, reported in order by each game's
// ApplyTrace so that a front end can animate a move seed by seed: Count
// seeds go From one place To another. Marks (NkiSet, NkiClear) name their
// pit in From; End has no places and says why in EndReason. Replaying the events
// of a move on the old position's [Counts] gives the new one.
type Event struct {
	Kind      EventKind // what happened; never zero in a trace
	From, To  Place     // where the seeds came from and went; a mark's pit is From
	Count     int       // seeds moved: 1 for Drop, 0 for marks and End
	EndReason MoveEnd   // why the move stopped, for End events only
}

// String returns a short debugging form: "lift pit 3 -> hand (4)",
// "nki-set pit 5", "end (empty pit)".
func (e Event) String() string {
	switch e.Kind {
	case NkiSet, NkiClear:
		return e.Kind.String() + " " + e.From.String()
	case End:
		return "end (" + e.EndReason.String() + ")"
	}
	return e.Kind.String() + " " + e.From.String() + " -> " + e.To.String() + " (" + strconv.Itoa(e.Count) + ")"
}

// Counts holds plain seed counts of a position: every pit, both stores,
// both reserves, the hand, and the nki marks (nil for games without them).
// It is what a front end draws, and what [Counts.Replay] updates event by
// event.
type Counts struct {
	Pits     []int  // indexed by pit
	Stores   [2]int // indexed by Player (Kiothi prisons)
	Reserves [2]int // indexed by Player (Bao la Kimasai)
	Hand     int    // seeds in the mover's hand (Kiothi opening, mid-move)
	Nki      []bool // indexed by pit; nil if the game has no nki marks
}

// Total returns the number of seeds counted everywhere: pits, stores,
// reserves and hand (C-5).
func (c Counts) Total() int {
	t := c.Stores[0] + c.Stores[1] + c.Reserves[0] + c.Reserves[1] + c.Hand
	for _, n := range c.Pits {
		t += n
	}
	return t
}

// Clone returns a deep copy of c.
func (c Counts) Clone() Counts {
	d := c
	d.Pits = append([]int(nil), c.Pits...)
	if c.Nki != nil {
		d.Nki = append([]bool(nil), c.Nki...)
	}
	return d
}

// Replay applies one event to c: it moves e.Count seeds from e.From to
// e.To, or sets or clears a mark. End events change nothing. It returns an
// error, and leaves c unchanged, if the event names a place that does not
// exist or takes more seeds than its source holds.
func (c *Counts) Replay(e Event) error {
	switch e.Kind {
	case NkiSet, NkiClear:
		if e.From.Kind != PitPlace || e.From.Index < 0 || e.From.Index >= len(c.Pits) || c.Nki == nil {
			return errors.New("mancala: replay " + e.String() + ": no such nki pit")
		}
		c.Nki[e.From.Index] = e.Kind == NkiSet
		return nil
	case End:
		return nil
	case Lift, Relay, Drop, Capture, Reserve, Sweep:
	default:
		return errors.New("mancala: replay " + e.String() + ": unknown event kind")
	}
	if e.Count < 0 {
		return errors.New("mancala: replay " + e.String() + ": negative count")
	}
	from, err := c.slot(e.From)
	if err != nil {
		return errtext.Prefix("mancala: replay "+e.String(), err)
	}
	to, err := c.slot(e.To)
	if err != nil {
		return errtext.Prefix("mancala: replay "+e.String(), err)
	}
	if *from < e.Count {
		return errors.New("mancala: replay " + e.String() + ": source holds only " + strconv.Itoa(*from))
	}
	*from -= e.Count
	*to += e.Count
	return nil
}

// ReplayAll applies events in order and stops at the first error.
func (c *Counts) ReplayAll(events []Event) error {
	for i, e := range events {
		if err := c.Replay(e); err != nil {
			return errtext.Prefix("event "+strconv.Itoa(i), err)
		}
	}
	return nil
}

func (c *Counts) slot(p Place) (*int, error) {
	switch p.Kind {
	case PitPlace:
		if p.Index >= 0 && p.Index < len(c.Pits) {
			return &c.Pits[p.Index], nil
		}
	case StorePlace:
		if p.Index == 0 || p.Index == 1 {
			return &c.Stores[p.Index], nil
		}
	case ReservePlace:
		if p.Index == 0 || p.Index == 1 {
			return &c.Reserves[p.Index], nil
		}
	case HandPlace:
		return &c.Hand, nil
	}
	return nil, errors.New("no such place " + p.String())
}
