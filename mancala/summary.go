package mancala

import (
	"strconv"
	"strings"
)

// Words are a game's terms for messages in plain words ([Summary.String]):
// Kiothi calls its counters warriors and its stores prisons, Bao la Kimasai
// calls its counters cows and its captures raids. Each game's
// [Descriptor.Words] holds them.
type Words struct {
	Seed    string // one counter: "warrior" (Kiothi), "seed" (Kisolo), "cow" (Bao la Kimasai)
	Capture string // one capture: "capture", or "raid" (Bao la Kimasai, KM-10)
	Store   string // a player's store: "prison" (Kiothi, KI-1); "" for games without stores
	Reserve string // a player's reserve: "reserve" (Bao la Kimasai, KM-5); "" for games without
}

// plural returns "1 seed", "3 seeds", or "no seeds" for 0.
func plural(n int, word string) string {
	switch n {
	case 0:
		return "no " + word + "s"
	case 1:
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// Summary is what one move (or opening step) did, counted from its trace:
// laps, relays, seeds sown, captures or raids, store and reserve changes,
// nki marks, the sweep and how the move ended. [Summarize] computes it
// from a move's events; [Descriptor.Summarize] plays a move and summarises
// it. Pits are board indices; [Summary.String] names them. The zero value
// is a move that did nothing.
type Summary struct {
	// Laps counts the laps sown (C-2): the first lap, every relay lap and
	// every lap of captured seeds (Kisolo, KS-7; Bao la Kimasai raids,
	// KM-10).
	Laps int
	// Relays counts the relay lifts (C-2; Kisolo's pussa kanawa, KS-8.4).
	Relays int
	// Sown counts the seeds dropped, one per Drop event.
	Sown int
	// Lifted is the number of seeds the move lifted from LiftedFrom at its
	// start (or an opening Lift step, KI-6), and LiftedFrom that pit
	// (-1 if the move lifted nothing, as a Kisolo capture or an opening
	// Drop).
	Lifted, LiftedFrom int
	// Captures counts the captures (raids): each run of Capture events is
	// one (a Kisolo capture takes the facing pit and the pit behind it,
	// KS-7; a Kiothi capture takes the opposite pit, the capturing warrior
	// and any bonus pits, KI-13, KI-14).
	Captures int
	// Captured is the number of seeds the captures took, and CapturedFrom
	// the pits they came from, in order.
	Captured     int
	CapturedFrom []int
	// Stored is the number of seeds each player's store gained (Kiothi's
	// prisons: captures and the sweep of KI-15), indexed by Player.
	Stored [2]int
	// Reserved is the number of seeds each player's reserve put on the
	// board (Bao la Kimasai, KM-6), indexed by Player, and ReservedInto
	// the pit the last of them went into (-1 if none).
	Reserved     [2]int
	ReservedInto int
	// Swept is the number of seeds swept off the board at the end of a
	// Kiothi game (KI-15), and SweptTo the player whose prison took them.
	Swept   int
	SweptTo Player
	// DroppedInto is the pit of an opening Drop step (KI-7), or -1.
	DroppedInto int
	// NkiSet and NkiCleared are the pits whose nki mark was set or cleared
	// (KI-8), in order.
	NkiSet, NkiCleared []int
	// End says how the move stopped: the EndReason of its End event.
	End MoveEnd

	layout       *Layout
	words        Words
	capturedInto [2]int // seeds the captures put in each store
}

// Summarize counts what the events of one move (as ApplyTrace reports them,
// ending with End) did. l names the pits and w gives the game's words for
// [Summary.String]; either may be nil or zero (pits are then written as
// "pit 3", counters as "seed"). It is [Summarizer] fed every event.
func Summarize(l *Layout, w Words, events []Event) Summary {
	z := NewSummarizer(l, w)
	for _, e := range events {
		z.Add(e)
	}
	return z.Summary()
}

// Summarizer counts a move's events one at a time, as [Summarize] counts a
// slice of them, so that a move of millions of events (a long relay, C-2)
// can be summarised while it is traced, without keeping the events. Build
// one with [NewSummarizer]; the zero value is not ready to use. A
// Summarizer must not be used by two goroutines at once.
type Summarizer struct {
	s         Summary
	hand      int
	capturing bool
}

// NewSummarizer returns a Summarizer for one move; l and w are as for
// [Summarize].
func NewSummarizer(l *Layout, w Words) *Summarizer {
	return &Summarizer{s: Summary{LiftedFrom: -1, ReservedInto: -1, DroppedInto: -1, layout: l, words: w}}
}

// Add counts event e, the next event of the move.
func (z *Summarizer) Add(e Event) {
	s := &z.s
	startLap := func(n int) {
		if z.hand == 0 && n > 0 {
			s.Laps++
		}
		z.hand += n
	}
	if e.Kind != Capture {
		z.capturing = false
	}
	switch e.Kind {
	case Lift:
		s.Lifted += e.Count
		s.LiftedFrom = e.From.Index
		startLap(e.Count)
	case Relay:
		s.Relays++
		startLap(e.Count)
	case Drop:
		z.hand -= e.Count
		s.Sown += e.Count
		if s.LiftedFrom < 0 && s.Relays == 0 && s.Captures == 0 && s.Reserved == [2]int{} {
			s.DroppedInto = e.To.Index
		}
	case Capture:
		if !z.capturing {
			s.Captures++
			z.capturing = true
		}
		s.Captured += e.Count
		s.CapturedFrom = append(s.CapturedFrom, e.From.Index)
		switch e.To.Kind {
		case HandPlace:
			startLap(e.Count)
		case StorePlace:
			if e.To.Index == 0 || e.To.Index == 1 {
				s.Stored[e.To.Index] += e.Count
				s.capturedInto[e.To.Index] += e.Count
			}
		}
	case Reserve:
		if e.From.Index == 0 || e.From.Index == 1 {
			s.Reserved[e.From.Index] += e.Count
		}
		s.ReservedInto = e.To.Index
	case Sweep:
		s.Swept += e.Count
		if e.To.Index == 0 || e.To.Index == 1 {
			s.SweptTo = Player(e.To.Index)
			s.Stored[e.To.Index] += e.Count
		}
	case NkiSet:
		s.NkiSet = append(s.NkiSet, e.From.Index)
	case NkiClear:
		s.NkiCleared = append(s.NkiCleared, e.From.Index)
	case End:
		s.End = e.EndReason
	}
}

// Summary returns the summary of the events added so far. Its slices are
// copies, so later calls of Add do not change it.
func (z *Summarizer) Summary() Summary {
	s := z.s
	s.CapturedFrom = cloneInts(s.CapturedFrom)
	s.NkiSet = cloneInts(s.NkiSet)
	s.NkiCleared = cloneInts(s.NkiCleared)
	if s.Relays > 0 || s.Captures > 0 || s.Laps > 1 {
		s.DroppedInto = -1
	}
	return s
}

func cloneInts(a []int) []int {
	if a == nil {
		return nil
	}
	return append([]int(nil), a...)
}

// Summarize plays m in p with the game's ApplyTrace and summarises it (see
// [Summarize]); it returns the summary, the position after the move, and
// the error of ApplyTrace for a refused move (the summary is then zero).
func (d *Descriptor[P, M]) Summarize(p P, m M) (Summary, P, error) {
	z := NewSummarizer(d.Layout(p), d.Words) // counts as the move goes: a relay of a million laps holds no events
	q, err := d.ApplyTrace(p, m, z.Add)
	if err != nil {
		return Summary{}, q, err
	}
	return z.Summary(), q, nil
}

// pit names pit i.
func (s *Summary) pit(i int) string {
	if s.layout != nil {
		if n := s.layout.PitName(i); n != "" {
			return n
		}
	}
	return "pit " + strconv.Itoa(i)
}

func (s *Summary) pits(ps []int) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = s.pit(p)
	}
	return strings.Join(names, ", ")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// String describes the move in plain words with the game's terms, for
// players: "3 laps, 17 seeds sown; 2 relays; 1 capture took 6 seeds (c3,
// d3); ended before an empty pit", "lifted 5 warriors from a5", "endless
// sowing: the move never ends, so nothing moves and the game is drawn".
// A mark without seeds moved is said too ("14 pits became nki").
func (s Summary) String() string {
	w := s.words
	seed := orDefault(w.Seed, "seed")
	capture := orDefault(w.Capture, "capture")
	store := orDefault(w.Store, "store")
	reserve := orDefault(w.Reserve, "reserve")
	var parts []string
	add := func(p string) { parts = append(parts, p) }
	switch {
	case s.End == EndEndless:
		return "endless sowing: the move never ends, so nothing moves and the game is drawn"
	case s.End == EndStep && s.Lifted > 0:
		add("lifted " + plural(s.Lifted, seed) + " from " + s.pit(s.LiftedFrom))
	case s.End == EndStep && s.DroppedInto >= 0:
		add("dropped 1 " + seed + " into " + s.pit(s.DroppedInto))
	case s.End == EndStep:
		add("stopped lifting")
	}
	for pl, n := range s.Reserved {
		if n > 0 {
			into := ""
			if s.ReservedInto >= 0 {
				into = " into " + s.pit(s.ReservedInto)
			}
			add("put " + plural(n, seed) + " from " + Player(pl).String() + "'s " + reserve + into)
		}
	}
	if s.End != EndStep && (s.Laps > 0 || s.Sown > 0) {
		add(plural(s.Laps, "lap") + ", " + plural(s.Sown, seed) + " sown")
	}
	if s.Relays > 0 {
		add(plural(s.Relays, "relay"))
	}
	if s.Captures > 0 {
		c := plural(s.Captures, capture) + " took " + plural(s.Captured, seed) + " (" + s.pits(s.CapturedFrom) + ")"
		for pl, n := range s.capturedInto {
			if n > 0 {
				c += " into " + Player(pl).String() + "'s " + store
			}
		}
		add(c)
	}
	if s.Swept > 0 {
		add(plural(s.Swept, seed) + " swept into " + s.SweptTo.String() + "'s " + store + " (the next player has no move)")
	}
	if len(s.NkiCleared) > 0 {
		add("nki cleared on " + s.pits(s.NkiCleared))
	}
	if n := len(s.NkiSet); n > 0 {
		verb := " became nki"
		if n == 1 {
			add("1 pit became nki")
		} else {
			add(strconv.Itoa(n) + " pits" + verb)
		}
	}
	switch s.End {
	case EndEmptyPit:
		add("ended in an empty pit")
	case EndNextEmpty:
		add("ended before an empty pit")
	case EndInnerRowEmptied:
		add("the opponent's inner row is empty")
	}
	if len(parts) == 0 {
		return "nothing moved"
	}
	return strings.Join(parts, "; ")
}
