package agent

// Bound says what a transposition table value means.
type bound uint8

const (
	exact bound = iota + 1 // the value is exact
	lower                  // the value is a lower bound (a beta cut-off)
	upper                  // the value is an upper bound (no move raised alpha)
)

// entry is one transposition table entry: the result of searching a
// position to depth plies. Values of finished games are stored relative to
// the entry's position (plies counted from it), so that they stay right
// wherever the position is met again.
type entry[M comparable] struct {
	move  M
	value int32
	depth int16
	bound bound
	has   bool // move is set
}

// table is a bounded transposition table keyed by the position value
// itself: two generations of Go maps. New entries go to cur; when cur holds
// half the limit, it becomes old and the former old is cleared and reused,
// so the table holds at most limit entries, keeps the most recent ones, and
// allocates nothing once both maps have grown. Lookups are exact (no hash
// collisions) and the contents depend only on the order of stores, so
// searches are reproducible.
type table[P comparable, M comparable] struct {
	cur, old map[P]entry[M]
	half     int
}

func newTable[P comparable, M comparable](limit int) *table[P, M] {
	half := max(limit/2, 1)
	return &table[P, M]{cur: make(map[P]entry[M]), old: make(map[P]entry[M]), half: half}
}

func (t *table[P, M]) get(p P) (entry[M], bool) {
	if e, ok := t.cur[p]; ok {
		return e, true
	}
	e, ok := t.old[p]
	return e, ok
}

func (t *table[P, M]) put(p P, e entry[M]) {
	if _, ok := t.cur[p]; !ok && len(t.cur) >= t.half {
		t.old, t.cur = t.cur, t.old
		clear(t.cur)
	}
	t.cur[p] = e
}

func (t *table[P, M]) reset() {
	clear(t.cur)
	clear(t.old)
}
