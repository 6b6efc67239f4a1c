package agent

// Bound says what a transposition table value means.
type bound uint8

const (
	exact bound = iota + 1 // the value is exact
	lower                  // the value is a lower bound (a beta cut-off)
	upper                  // the value is an upper bound (no move raised alpha)
)

// entry is one transposition table entry: the result of searching the
// position whose 64-bit hash is key to depth plies. Values of finished
// games are stored relative to the entry's position (plies counted from
// it), so that they stay right wherever the position is met again. A zero
// bound marks an empty slot.
type entry[M comparable] struct {
	key   uint64
	move  M
	value int32
	depth int16
	bound bound
	has   bool // move is set
}

// minSlots is the table's first size, in entries.
const minSlots = 1 << 12

// table is a fixed-size hashed transposition table: an array of buckets of
// two entries, the first kept for the deeper search (depth-preferred), the
// second always replaced. It starts small and doubles, reinserting its
// entries in slot order, when half its slots are used, up to limit
// entries, so that a short search does not pay for a large table. Its
// contents depend only on the order of stores (no random seed, no
// clock), so searches are reproducible.
type table[M comparable] struct {
	slots []entry[M]
	used  int // occupied slots
	limit int // the most slots, a power of two >= 2
}

func newTable[M comparable](limit int) *table[M] {
	n := 2
	for n*2 <= limit {
		n *= 2
	}
	return &table[M]{slots: make([]entry[M], min(n, minSlots)), limit: n}
}

// bucket returns the index of key's bucket's first slot.
func (t *table[M]) bucket(key uint64) int {
	return int(key&uint64(len(t.slots)-1)) &^ 1
}

func (t *table[M]) get(key uint64) (entry[M], bool) {
	i := t.bucket(key)
	if e := t.slots[i]; e.bound != 0 && e.key == key {
		return e, true
	}
	if e := t.slots[i+1]; e.bound != 0 && e.key == key {
		return e, true
	}
	return entry[M]{}, false
}

func (t *table[M]) put(e entry[M]) {
	if t.used*2 >= len(t.slots) && len(t.slots) < t.limit {
		t.grow()
	}
	t.insert(e)
}

func (t *table[M]) insert(e entry[M]) {
	i := t.bucket(e.key)
	s := t.slots[i : i+2 : i+2]
	switch {
	case s[0].bound != 0 && s[0].key == e.key:
		s[0] = e
	case s[1].bound != 0 && s[1].key == e.key:
		switch {
		case s[0].bound == 0:
			s[0], s[1] = e, entry[M]{}
		case e.depth >= s[0].depth:
			s[1], s[0] = s[0], e
		default:
			s[1] = e
		}
	case s[0].bound == 0:
		s[0] = e
		t.used++
	case e.depth >= s[0].depth:
		if s[1].bound == 0 {
			t.used++
		}
		s[1], s[0] = s[0], e
	default:
		if s[1].bound == 0 {
			t.used++
		}
		s[1] = e
	}
}

func (t *table[M]) grow() {
	old := t.slots
	t.slots = make([]entry[M], 2*len(old))
	t.used = 0
	for _, e := range old {
		if e.bound != 0 {
			t.insert(e)
		}
	}
}

func (t *table[M]) reset() {
	clear(t.slots)
	t.used = 0
}
