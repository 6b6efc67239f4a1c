package wire

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
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

// seatView is what a seat observation reads from a position of a game,
// resolved once per game by method assertions on a cell holding the
// position, so that encoding one allocates nothing.
type seatView[P mancala.Position[P, M], M mancala.Move] struct {
	d      *mancala.Descriptor[P, M]
	cell   *P
	seeds  interface{ Seeds(pit int) int }
	prison interface {
		Prison(pl mancala.Player) int
	}
	reserve interface {
		Reserve(pl mancala.Player) int
		Phase() int
	}
	opening interface {
		Nki(pit int) bool
		Hand() int
		InOpening() bool
		Lifted(pit int) bool
		DropFrom() (int, bool)
	}
	pits int // pits on the board
	spec SeatObservation
}

// newSeatView returns the view of start's game (its layout and seed
// total fix the spec). Without names it sets only spec.Len, allocating
// little (for one step of one position).
func newSeatView[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P, names bool) *seatView[P, M] {
	v := &seatView[P, M]{d: d, cell: new(P)}
	*v.cell = start
	var c any = v.cell
	v.seeds, _ = c.(interface{ Seeds(pit int) int })
	v.prison, _ = c.(interface {
		Prison(pl mancala.Player) int
	})
	v.reserve, _ = c.(interface {
		Reserve(pl mancala.Player) int
		Phase() int
	})
	v.opening, _ = c.(interface {
		Nki(pit int) bool
		Hand() int
		InOpening() bool
		Lifted(pit int) bool
		DropFrom() (int, bool)
	})
	l := d.Layout(start)
	v.pits = l.Pits()
	s := &v.spec
	if !names {
		s.Len = v.pits + 1
		if v.prison != nil {
			s.Len += 2
		}
		if v.reserve != nil {
			s.Len += 3
		}
		if v.opening != nil {
			s.Len += 3*v.pits + 3
		}
		return v
	}
	t := d.SeedTotal(start)
	add := func(name string, lo, hi int) {
		s.Names = append(s.Names, name)
		s.Low = append(s.Low, lo)
		s.High = append(s.High, hi)
	}
	for i := range v.pits {
		add("seeds:"+l.PitName(i), 0, t)
	}
	if v.prison != nil {
		add("store:own", 0, t)
		add("store:opponent", 0, t)
	}
	if v.reserve != nil {
		add("reserve:own", 0, t)
		add("reserve:opponent", 0, t)
		add("phase", 1, 2)
	}
	if v.opening != nil {
		for i := range v.pits {
			add("nki:"+l.PitName(i), 0, 1)
		}
		add("hand", 0, t)
		add("lifting", 0, 1)
		add("dropping", 0, 1)
		for i := range v.pits {
			add("lifted:"+l.PitName(i), 0, 1)
		}
		for i := range v.pits {
			add("dropfrom:"+l.PitName(i), 0, 1)
		}
	}
	add("ownTurn", 0, 1)
	s.Len = len(s.Names)
	return v
}

func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// encode writes the observation of p from seat into dst[:spec.Len] (which
// must have that room). It allocates nothing.
func (v *seatView[P, M]) encode(dst []uint8, p P, seat mancala.Player) {
	*v.cell = p
	n := v.pits
	off := 0
	if seat == mancala.North {
		off = n / 2
	}
	dst = dst[:v.spec.Len]
	k := 0
	at := off
	for range n {
		dst[k] = uint8(v.seeds.Seeds(at))
		k++
		if at++; at == n {
			at = 0
		}
	}
	if v.prison != nil {
		dst[k] = uint8(v.prison.Prison(seat))
		dst[k+1] = uint8(v.prison.Prison(seat.Other()))
		k += 2
	}
	if v.reserve != nil {
		dst[k] = uint8(v.reserve.Reserve(seat))
		dst[k+1] = uint8(v.reserve.Reserve(seat.Other()))
		dst[k+2] = uint8(v.reserve.Phase())
		k += 3
	}
	if o := v.opening; o != nil {
		at = off
		for range n {
			dst[k] = bit(o.Nki(at))
			k++
			if at++; at == n {
				at = 0
			}
		}
		from, dropping := o.DropFrom()
		dst[k] = uint8(o.Hand())
		dst[k+1] = bit(o.InOpening() && !dropping)
		dst[k+2] = bit(dropping)
		k += 3
		at = off
		for range n {
			dst[k] = bit(o.Lifted(at))
			dst[k+n] = bit(dropping && from == at)
			k++
			if at++; at == n {
				at = 0
			}
		}
		k += n
	}
	dst[k] = bit(p.ToMove() == seat)
}
