// Package sowing holds the packed-board primitives that the fast sowing of
// every game shares (docs/rules/common.md, C-2, C-4, C-6): a circuit of up
// to 16 one-byte pits in two 64-bit words (a Kisolo or Bao la Kimasai
// player's own circuit), a ring of up to 24 pits in three (Kiothi's ring of
// 20), the lap tables that sow one lap of any length with two or three
// additions, and Brent's cycle check on packed lap-boundary states.
//
// Pit i of a packed board is byte i%8 of word i/8. A lap of n seeds from
// pit s adds n/N to every pit of an N-pit circuit and 1 to the n%N pits s,
// s+1, ... (mod N), which the tables hold as masks; no byte carries into
// the next, since a position holds at most 255 seeds. The rules of what
// happens at the end of a lap stay in each game's package.
package sowing

// Ones has a 1 in every byte of a word.
const Ones = 0x0101010101010101

// Occupied returns a mask with bit i set iff byte i of w is nonzero: the
// occupied pits of eight packed pits.
func Occupied(w uint64) uint {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	t := (w | (w&lo7 + lo7)) & 0x8080808080808080
	return uint(t >> 7 * 0x0102040810204080 >> 56)
}

// Get2 returns pit i (0..15) of the two-word board (w0, w1).
func Get2(w0, w1 uint64, i uint) uint {
	w := w0 ^ (w0^w1)&-uint64(i>>3&1) // w1 for i >= 8, without a branch
	return uint(w>>(i&7*8)) & 0xff
}

// Add2 adds n seeds to pit i (0..15) of the two-word board (w0, w1).
func Add2(w0, w1 uint64, i, n uint) (uint64, uint64) {
	a := uint64(n) << (i & 7 * 8)
	if i < 8 {
		return w0 + a, w1
	}
	return w0, w1 + a
}

// lap2 is one entry of a Ring2 table: the seeds r < N seeds add to the
// pits from start on, and the pit that receives the last one, the pit after
// it and the pit after that (bytes 0, 1 and 2 of pits).
type lap2 struct {
	w0, w1 uint64
	pits   uint64
}

// lapPits packs the pit that receives a lap's last seed and the two pits
// after it along a circuit of n pits.
func lapPits(last, n int) uint64 {
	return uint64(last) | uint64((last+1)%n)<<8 | uint64((last+2)%n)<<16
}

// Ring2 is the lap table of a circuit of N (2..16) pits packed in two
// words. Build it with [NewRing2] into a package variable or a field, so
// that the sowing loop finds it at a fixed address; it is immutable
// afterwards.
type Ring2 struct {
	n     uint
	whole [2]uint64     // a 1 in each of the N pits
	div   [256]uint8    // k/N for every hand k
	mod   [256]uint8    // k%N
	laps  [16][16]lap2  // laps[start][r], r < N
	keep  [16][2]uint64 // all ones but pit i
}

// NewRing2 returns the lap table of a circuit of n pits, 2 <= n <= 16. It
// panics for another n, a programmer error.
func NewRing2(n int) Ring2 {
	if n < 2 || n > 16 {
		panic("sowing: a two-word circuit has 2..16 pits")
	}
	r := Ring2{n: uint(n)}
	w := whole(n)
	r.whole = [2]uint64{w[0], w[1]}
	r.div, r.mod = divMod(n)
	for s := range n {
		for k := range n {
			w, pits := lapMask(n, s, k)
			r.laps[s][k] = lap2{w[0], w[1], pits}
		}
	}
	for i := range 16 {
		r.keep[i] = [2]uint64{^uint64(0), ^uint64(0)}
		r.keep[i][i/8] &^= 0xff << (i % 8 * 8)
	}
	return r
}

// whole returns the words with a 1 in each pit of a circuit of n pits.
func whole(n int) (w [3]uint64) {
	for i := range n {
		w[i/8] += 1 << (i % 8 * 8)
	}
	return w
}

// divMod returns the tables of k/n and k%n for every hand k.
func divMod(n int) (div, mod [256]uint8) {
	for k := range 256 {
		div[k], mod[k] = uint8(k/n), uint8(k%n)
	}
	return div, mod
}

// lapMask returns the seeds a lap of k < n seeds from pit s adds to a
// circuit of n pits, a 1 in each pit s, s+1, ... (mod n), and the pits
// lapPits packs for it.
func lapMask(n, s, k int) (w [3]uint64, pits uint64) {
	for j := range k {
		i := (s + j) % n
		w[i/8] += 1 << (i % 8 * 8)
	}
	return w, lapPits((s+k-1+n)%n, n)
}

// N returns the number of pits of the circuit.
func (r *Ring2) N() uint { return r.n }

// Lap sows a hand of n seeds (0..255) one a pit from pit start (0..N-1)
// on, round the circuit as often as needed (C-2, C-4), and returns the new
// board and the pit that received the last seed (start-1, mod N, for
// n = 0), the pit after it and the pit after that.
func (r *Ring2) Lap(w0, w1 uint64, start, n uint) (nw0, nw1 uint64, last, next, after uint) {
	n &= 0xff
	if n >= r.n {
		q := uint64(r.div[n])
		w0 += q * r.whole[0]
		w1 += q * r.whole[1]
		n = uint(r.mod[n])
	}
	e := &r.laps[start&15][n&15]
	return w0 + e.w0, w1 + e.w1, uint(e.pits) & 0xff, uint(e.pits>>8) & 0xff, uint(e.pits >> 16)
}

// Clear empties pit i (0..15) of (w0, w1).
func (r *Ring2) Clear(w0, w1 uint64, i uint) (uint64, uint64) {
	k := &r.keep[i&15]
	return w0 & k[0], w1 & k[1]
}

// Next returns the pit after pit i (0..N-1) along the circuit.
func (r *Ring2) Next(i uint) uint {
	i++
	if i == r.n {
		i = 0
	}
	return i
}

// lap3 is one entry of a Ring3 table, as lap2.
type lap3 struct {
	w0, w1, w2 uint64
	pits       uint64
}

// Ring3 is the lap table of a ring of N (17..24) pits packed in three
// words. Build it with [NewRing3] into a package variable; it is immutable
// afterwards.
type Ring3 struct {
	n     uint
	whole [3]uint64
	div   [256]uint8
	mod   [256]uint8
	laps  [32][32]lap3 // laps[start][r] for start, r < N: what is used stays within 12 KB for N = 20
}

// NewRing3 returns the lap table of a ring of n pits, 17 <= n <= 24. It
// panics for another n, a programmer error.
func NewRing3(n int) Ring3 {
	if n < 17 || n > 24 {
		panic("sowing: a three-word ring has 17..24 pits")
	}
	r := Ring3{n: uint(n), whole: whole(n)}
	r.div, r.mod = divMod(n)
	for s := range n {
		for k := range n {
			w, pits := lapMask(n, s, k)
			r.laps[s][k] = lap3{w[0], w[1], w[2], pits}
		}
	}
	return r
}

// N returns the number of pits of the ring.
func (r *Ring3) N() uint { return r.n }

// Whole returns the words with a 1 in each of the N pits.
func (r *Ring3) Whole() (uint64, uint64, uint64) { return r.whole[0], r.whole[1], r.whole[2] }

// Lap sows a hand of n seeds (0..255) one a pit from pit start (0..N-1)
// on, round the ring as often as needed (C-2, C-4), and returns the new
// board and the pits lapPits packs: the pit that received the last seed
// (start-1, mod N, for n = 0) in byte 0, the pit after it in byte 1 and
// the one after that in byte 2.
func (r *Ring3) Lap(w0, w1, w2 uint64, start, n uint) (nw0, nw1, nw2 uint64, pits uint) {
	if n >= r.n {
		q := uint64(r.div[n&0xff])
		w0 += q * r.whole[0]
		w1 += q * r.whole[1]
		w2 += q * r.whole[2]
		n = uint(r.mod[n&0xff])
	}
	e := &r.laps[start&31][n&31]
	return w0 + e.w0, w1 + e.w1, w2 + e.w2, uint(e.pits)
}

// Get3 returns pit i (0..23) of the three-word board (w0, w1, w2).
func Get3(w0, w1, w2 uint64, i uint) uint {
	w := w0
	if i >= 16 {
		w = w2
	} else if i >= 8 {
		w = w1
	}
	return uint(w>>(i&7*8)) & 0xff
}

// Clear3 empties pit i (0..23) of the three-word board (w0, w1, w2).
func Clear3(w0, w1, w2 uint64, i uint) (uint64, uint64, uint64) {
	m := ^(uint64(0xff) << (i & 7 * 8))
	switch {
	case i < 8:
		w0 &= m
	case i < 16:
		w1 &= m
	default:
		w2 &= m
	}
	return w0, w1, w2
}

// Brent is Brent's cycle-finding algorithm over lap-boundary states packed
// in up to three words and a pit (C-6): within one move the sowing is a
// function of that state, so a state that repeats proves the move endless.
// It keeps one saved state and two counters, and proves a cycle of period
// λ entered after μ states within about 4(μ+λ) states. The zero value is
// ready; [Brent.Reset] starts a new sequence (after a capture or a raid,
// which changes the opponent's pits for good, so that the state need not
// hold them).
type Brent struct {
	s0, s1, s2 uint64
	last       uint
	power, lam uint32
}

// Reset forgets every state seen.
func (b *Brent) Reset() { b.power = 0 }

// Seen records the state (w0, w1, w2, last) and reports whether it equals
// the saved state, which proves that the sequence cycles.
func (b *Brent) Seen(w0, w1, w2 uint64, last uint) bool {
	if b.power == 0 {
		b.s0, b.s1, b.s2, b.last, b.power, b.lam = w0, w1, w2, last, 1, 0
		return false
	}
	if w0 == b.s0 && w1 == b.s1 && w2 == b.s2 && last == b.last {
		return true
	}
	b.lam++
	if b.lam == b.power {
		b.s0, b.s1, b.s2, b.last, b.power, b.lam = w0, w1, w2, last, b.power*2, 0
	}
	return false
}
