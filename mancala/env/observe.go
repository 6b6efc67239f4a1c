package env

import (
	"fmt"
	"slices"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Seeder is a position that tells the seeds of one pit without allocating
// (every game's Position has it): board index pit, as in
// [mancala.Counts].Pits. An [Observer] reads a position through it and
// the small interfaces beside it when the position type has them, and
// through the descriptor's Counts (which allocates) otherwise.
type Seeder interface {
	Seeds(pit int) int
}

// SeedsAppender is a position that appends the seeds of every pit in
// board index order (Seeds(0), Seeds(1), ...) in one call (every game's
// Position has it); an [Observer] prefers it to one Seeds call per pit.
type SeedsAppender interface {
	AppendSeeds(dst []int) []int
}

// Prisoner is a position of a game with stores (Kiothi's prisons) that
// tells a player's store without allocating.
type Prisoner interface {
	Prison(pl mancala.Player) int
}

// Reserver is a position of a game with reserves (Bao la Kimasai) that
// tells a player's reserve without allocating.
type Reserver interface {
	Reserve(pl mancala.Player) int
}

// NkiMarker is a position of a game with nki marks (Kiothi, KI-8) that
// tells whether a pit is nki without allocating.
type NkiMarker interface {
	Nki(pit int) bool
}

// NkiBitser is a [NkiMarker] that tells every pit's mark in one word:
// bit i set exactly when Nki(i) (Kiothi's Position has it). An
// [Observer] prefers it to one Nki call per pit on boards of at most 64
// pits.
type NkiBitser interface {
	NkiBits() uint64
}

// LiftedBitser is a [mancala.Opener] that tells every pit's Lifted flag
// in one word: bit i set exactly when Lifted(i) (Kiothi's Position has
// it). An [Observer] prefers it to one Lifted call per pit on boards of
// at most 64 pits.
type LiftedBitser interface {
	LiftedBits() uint64
}

// Observer is the observation encoder of one game under one rule set:
// a position seen from one seat as Len float32 values, in the spirit of
// OpenSpiel's observation tensors. Element i is named Names()[i] and lies
// in [Low()[i], High()[i]]; every value is a small integer (a count, a 0/1
// flag, a phase). The layout depends only on the game, its rules and its
// seed total, never on the position within a game.
//
// The board is turned so that the observing seat sits in South's seat: a
// pit is named as that player would name it from there (for North the
// board turned half a turn, docs/design.md "Board numbering"). In order:
//
//	seeds:<pit>        the seeds of every pit: the seat's pits first in its circuit order
//	                   from its first pit, then the opponent's in theirs (Kiothi a1..a10,
//	                   b10..b1; Kisolo a1..aC, bC..b1, dC..d1, c1..cC; Bao la Kimasai
//	                   b1..b8, a8..a1, c8..c1, d1..d8); 0..T
//	store:own          games with stores (Kiothi): the seat's store, then store:opponent; 0..T
//	reserve:own        games with reserves (Bao la Kimasai): the seat's reserve, then
//	                   reserve:opponent; 0..T
//	phase              positions with a phase ([mancala.Phased]; Bao la Kimasai: 1 while a
//	                   reserve holds cows, then 2, KM-6, KM-8); 1..2
//	nki:<pit>          games with nki marks (Kiothi, KI-8): 1 if the pit is nki; pits in the
//	                   order above; 0..1
//	hand               games with an opening ([mancala.Opener]; Kiothi, KI-7): the seeds in
//	                   the hand of the player to move; 0..T
//	lifting            1 while the next opening step is a Lift or Stop; 0..1
//	dropping           1 while the next opening step is a Drop; 0..1
//	lifted:<pit>       1 for each pit lifted this opening turn; every pit in the order above; 0..1
//	dropfrom:<pit>     1 for the pit the next drop may start from (dropfrom=); 0..1
//	ownTurn            1 if the observing seat is to move, else 0; 0..1
//
// T is the game's seed total (84 for Kisolo's default start, 60 for
// Kiothi's, 64 for Bao la Kimasai's). So Kisolo has 4C+1 values (29 for C
// = 7, 25, 33), Bao la Kimasai 36 and Kiothi 86. The mover's view (one
// network for both players) is the view from the seat of the player to
// move ([Observer.AppendMover]); a position seen from South and the same
// position turned half a turn seen from North give the same values. The
// turn counter, the rules and the outcome are left out: a finished
// position has an observation like any other.
//
// An Observer is not safe for concurrent use (it reads positions through
// a cell of its own); [Observer.Clone] gives another one.
type Observer[P mancala.Position[P, M], M mancala.Move] struct {
	d    *mancala.Descriptor[P, M]
	cell *P

	seeds   Seeder
	bulk    SeedsAppender
	buf     []int // bulk's seeds
	prison  Prisoner
	reserve Reserver
	phase   mancala.Phased
	nki     NkiMarker
	nkiBits NkiBitser // nil when the board has more than 64 pits
	opening mancala.Opener
	lifted  LiftedBitser // nil when the board has more than 64 pits

	stores, reserves, phased, marks bool // the parts the game has
	counts                          bool // some part has no accessor: read Counts
	pits, total                     int
	names                           []string
	low, high                       []float32
}

// NewObserver returns the Observer of start's game and rules (start's
// layout, rules and seed total fix it). d must have Layout and Counts.
func NewObserver[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P) (*Observer[P, M], error) {
	if d == nil || d.Layout == nil || d.Counts == nil {
		return nil, fmt.Errorf("%w: the descriptor has no Layout or Counts", ErrConfig)
	}
	o := &Observer[P, M]{d: d, cell: new(P)}
	*o.cell = start
	l := d.Layout(start)
	c := d.Counts(start)
	o.pits = l.Pits()
	o.bind()
	o.total = c.Total()
	o.stores = l.HasStores()
	o.reserves = d.Words.Reserve != ""
	o.phased = o.phase != nil
	o.marks = c.Nki != nil
	o.counts = o.seeds == nil || o.stores && o.prison == nil || o.reserves && o.reserve == nil || o.marks && o.nki == nil
	t := float32(o.total)
	add := func(name string, lo, hi float32) {
		o.names = append(o.names, name)
		o.low = append(o.low, lo)
		o.high = append(o.high, hi)
	}
	for i := range o.pits {
		add("seeds:"+l.PitName(i), 0, t)
	}
	if o.stores {
		add("store:own", 0, t)
		add("store:opponent", 0, t)
	}
	if o.reserves {
		add("reserve:own", 0, t)
		add("reserve:opponent", 0, t)
	}
	if o.phased {
		add("phase", 1, 2)
	}
	if o.marks {
		for i := range o.pits {
			add("nki:"+l.PitName(i), 0, 1)
		}
	}
	if o.opening != nil {
		add("hand", 0, t)
		add("lifting", 0, 1)
		add("dropping", 0, 1)
		for i := range o.pits {
			add("lifted:"+l.PitName(i), 0, 1)
		}
		for i := range o.pits {
			add("dropfrom:"+l.PitName(i), 0, 1)
		}
	}
	add("ownTurn", 0, 1)
	return o, nil
}

// bind resolves the accessors of the position type through the cell: an
// interface holding the pointer calls the value methods of *cell without
// boxing a copy.
func (o *Observer[P, M]) bind() {
	var c any = o.cell
	o.seeds, _ = c.(Seeder)
	o.bulk, _ = c.(SeedsAppender)
	o.prison, _ = c.(Prisoner)
	o.reserve, _ = c.(Reserver)
	o.phase, _ = c.(mancala.Phased)
	o.nki, _ = c.(NkiMarker)
	o.opening, _ = c.(mancala.Opener)
	o.nkiBits, _ = c.(NkiBitser)
	o.lifted, _ = c.(LiftedBitser)
	if o.pits > 64 {
		o.nkiBits, o.lifted = nil, nil
	}
}

// Clone returns an Observer equal to o with a cell of its own, for
// another goroutine. It allocates one position.
func (o *Observer[P, M]) Clone() *Observer[P, M] {
	c := *o
	c.cell = new(P)
	*c.cell = *o.cell
	c.buf = nil
	c.bind()
	return &c
}

// Len returns the number of values of one observation.
func (o *Observer[P, M]) Len() int { return len(o.names) }

// SeedTotal returns T, the seed total the bounds are taken from.
func (o *Observer[P, M]) SeedTotal() int { return o.total }

// Names returns the name of each value ("seeds:a1", "store:own",
// "ownTurn"), as in the table of [Observer]. The slice is the Observer's:
// do not modify it.
func (o *Observer[P, M]) Names() []string { return o.names }

// Low returns the inclusive lower bound of each value. The slice is the
// Observer's: do not modify it.
func (o *Observer[P, M]) Low() []float32 { return o.low }

// High returns the inclusive upper bound of each value. The slice is the
// Observer's: do not modify it.
func (o *Observer[P, M]) High() []float32 { return o.high }

// Fits reports whether p has the layout and seed total o was made for (a
// position of the same game and rules played from the same start does).
func (o *Observer[P, M]) Fits(p P) bool {
	l := o.d.Layout(p)
	return l.Pits() == o.pits && l.HasStores() == o.stores && o.d.SeedTotal(p) == o.total
}

// Append appends the observation of p from seat (South or North) to dst
// and returns the extended slice; it allocates nothing when dst has room
// for Len more values and the position type has the accessors ([Seeder]
// and the others of its game's parts). A seat other than South and North
// gives an error wrapping [ErrConfig] and dst unchanged. p must fit o
// ([Observer.Fits]); values of a position that does not are unspecified.
func (o *Observer[P, M]) Append(dst []float32, p P, seat mancala.Player) ([]float32, error) {
	if seat != mancala.South && seat != mancala.North {
		return dst, fmt.Errorf("%w: seat %v: want South or North", ErrConfig, seat)
	}
	k := len(dst)
	dst = slices.Grow(dst, len(o.names))[:k+len(o.names)]
	o.encode(dst[k:], p, seat, p.ToMove())
	return dst, nil
}

// AppendMover appends the mover's view of p: the observation from the
// seat of the player to move (so its ownTurn is 1). See [Observer.Append].
func (o *Observer[P, M]) AppendMover(dst []float32, p P) []float32 {
	dst, _ = o.Append(dst, p, p.ToMove())
	return dst
}

func flag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// encode writes the observation of p, whose player to move is mover,
// from seat (South or North) into dst[:Len].
func (o *Observer[P, M]) encode(dst []float32, p P, seat, mover mancala.Player) {
	*o.cell = p
	var c mancala.Counts // the fallback, for a position type without accessors
	if o.counts {
		c = o.d.Counts(p)
	}
	n := o.pits
	off := 0
	if seat == mancala.North {
		off = n / 2
	}
	dst = dst[:len(o.names)]
	k := 0
	at := off
	if o.bulk != nil {
		if o.buf = o.bulk.AppendSeeds(o.buf[:0]); len(o.buf) == n {
			// The seat's pits first: buf[off:], then buf[:off] (the
			// slices of dst have their sources' lengths: no bounds checks
			// in the loops).
			first, rest := o.buf[off:], o.buf[:off]
			d := dst[:len(first)]
			for i, v := range first {
				d[i] = float32(v)
			}
			d = dst[len(first):][:len(rest)]
			for i, v := range rest {
				d[i] = float32(v)
			}
			k = n
		}
	}
	for ; k < n; k++ {
		if o.seeds != nil {
			dst[k] = float32(o.seeds.Seeds(at))
		} else {
			dst[k] = float32(c.Pits[at])
		}
		if at++; at == n {
			at = 0
		}
	}
	if o.stores {
		if o.prison != nil {
			dst[k], dst[k+1] = float32(o.prison.Prison(seat)), float32(o.prison.Prison(seat.Other()))
		} else {
			dst[k], dst[k+1] = float32(c.Stores[seat]), float32(c.Stores[seat.Other()])
		}
		k += 2
	}
	if o.reserves {
		if o.reserve != nil {
			dst[k], dst[k+1] = float32(o.reserve.Reserve(seat)), float32(o.reserve.Reserve(seat.Other()))
		} else {
			dst[k], dst[k+1] = float32(c.Reserves[seat]), float32(c.Reserves[seat.Other()])
		}
		k += 2
	}
	if o.phased {
		dst[k] = float32(o.phase.Phase())
		k++
	}
	if o.marks && o.nkiBits != nil {
		bits := o.nkiBits.NkiBits()
		at = off
		for range n {
			dst[k] = float32(bits >> at & 1)
			k++
			if at++; at == n {
				at = 0
			}
		}
	} else if o.marks {
		at = off
		for range n {
			if o.nki != nil {
				dst[k] = flag(o.nki.Nki(at))
			} else {
				dst[k] = flag(c.Nki[at])
			}
			k++
			if at++; at == n {
				at = 0
			}
		}
	}
	if op := o.opening; op != nil {
		from, dropping := op.DropFrom()
		dst[k] = float32(op.Hand())
		dst[k+1] = flag(op.InOpening() && !dropping)
		dst[k+2] = flag(dropping)
		k += 3
		var lifted uint64
		if o.lifted != nil {
			lifted = o.lifted.LiftedBits()
		}
		at = off
		for range n {
			if o.lifted != nil {
				dst[k] = float32(lifted >> at & 1)
			} else {
				dst[k] = flag(op.Lifted(at))
			}
			dst[k+n] = flag(dropping && from == at)
			k++
			if at++; at == n {
				at = 0
			}
		}
		k += n
	}
	dst[k] = flag(mover == seat)
}
