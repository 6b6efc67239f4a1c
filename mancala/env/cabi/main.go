//go:build cgo

// Command cabi is the C ABI of mancala/env, built as a shared library:
//
//	go build -buildmode=c-shared -o libmancala_env.so ./mancala/env/cabi
//
// mancala_env.h in this directory declares and documents every function
// (handles, status codes with messages, caller-owned buffers, threads and
// fork); docs/env.md describes the environments. This package is the only
// place the ABI names the games. It needs cgo (a C compiler); without
// cgo the package is empty.
package main

/*
#include <stdint.h>
typedef struct mancala_spec {
    int32_t obs_len;
    int32_t actions;
    int32_t horizon;
    int32_t n;
    int32_t seat;
    int32_t both;
} mancala_spec_t;
*/
import "C"

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

func main() {}

// goString reads a C string; NULL is "".
func goString(s *C.char) string {
	if s == nil {
		return ""
	}
	return C.GoString(s)
}

// writeText writes s as the header's Text convention says.
func writeText(s string, buf *C.char, capacity C.int32_t, ln *C.int32_t) error {
	if ln != nil {
		*ln = C.int32_t(len(s))
	}
	if buf == nil || int(capacity) <= len(s) {
		return fail(errBuffer, "a text of %d bytes does not fit a buffer of %d (with its NUL)", len(s), capacity)
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), len(s)+1)
	copy(dst, s)
	dst[len(s)] = 0
	return nil
}

// lastRuneStart returns the index of the last byte of s that can start a
// rune (0 if none).
func lastRuneStart(s string) int {
	i := len(s) - 1
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return max(i, 0)
}

// writeErr writes msg into a *_new error buffer, cut to fit on a rune
// boundary.
func writeErr(msg string, buf *C.char, capacity C.int32_t) {
	if buf == nil || capacity <= 0 {
		return
	}
	if len(msg) >= int(capacity) {
		msg = msg[:capacity-1]
		// Cut back over a rune the limit split (at most 3 bytes), not
		// over invalid bytes that the message echoes from the input.
		for i := 0; i < utf8.UTFMax-1 && len(msg) > 0 && !utf8.FullRuneInString(msg[lastRuneStart(msg):]); i++ {
			msg = msg[:lastRuneStart(msg)]
		}
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), len(msg)+1)
	copy(dst, msg)
	dst[len(msg)] = 0
}

func floats(p *C.float, n int) []float32 {
	if p == nil {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(p)), n)
}

// bools views a uint8 buffer as bools: the library writes only 0 and 1.
func bools(p *C.uint8_t, n int) []bool {
	if p == nil {
		return nil
	}
	return unsafe.Slice((*bool)(unsafe.Pointer(p)), n)
}

func newEnv(game, rules, opponent *C.char, c config, out *C.int64_t, errbuf *C.char, errcap C.int32_t) C.int32_t {
	if out != nil {
		*out = 0
	}
	var id int64
	status, err := guard(func() error {
		if out == nil {
			return fail(errArgument, "out is NULL")
		}
		name := goString(game)
		mk, ok := games[name]
		if !ok {
			return fail(errGame, "unknown game %q: want kisolo, kiothi or kimasai", name)
		}
		c.rules, c.opponent = goString(rules), goString(opponent)
		e, v, err := mk(c)
		if err != nil {
			return err
		}
		id = register(&handle{env: e, vec: v})
		return nil
	}, errRules)
	if err != nil {
		writeErr(err.Error(), errbuf, errcap)
		return C.int32_t(status)
	}
	*out = C.int64_t(id)
	writeErr("", errbuf, errcap)
	return statusOK
}

//export mancala_env_new
func mancala_env_new(game, rules, opponent *C.char, seat C.int32_t, seed C.uint64_t, horizon C.int32_t, out *C.int64_t, errbuf *C.char, errcap C.int32_t) C.int32_t {
	return newEnv(game, rules, opponent, config{seat: int32(seat), seed: uint64(seed), horizon: int32(horizon)}, out, errbuf, errcap)
}

//export mancala_vec_new
func mancala_vec_new(game, rules, opponent *C.char, seat C.int32_t, n C.int32_t, seed C.uint64_t, horizon C.int32_t, both C.int32_t, workers C.int32_t, out *C.int64_t, errbuf *C.char, errcap C.int32_t) C.int32_t {
	return newEnv(game, rules, opponent, config{seat: int32(seat), seed: uint64(seed), horizon: int32(horizon),
		n: int32(n), both: int32(both), works: int32(workers), vec: true}, out, errbuf, errcap)
}

//export mancala_free
func mancala_free(h C.int64_t) C.int32_t {
	x := release(int64(h))
	if x == nil {
		return errHandle
	}
	x.mu.Lock() // wait for a call in progress
	x.env, x.vec = nil, nil
	x.mu.Unlock()
	return statusOK
}

//export mancala_error
func mancala_error(h C.int64_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	x := lookup(int64(h))
	if x == nil {
		return errHandle
	}
	x.mu.Lock()
	msg := x.lastErr
	x.mu.Unlock()
	if err := writeText(msg, buf, capacity, ln); err != nil {
		return errBuffer // the message stays the last failure's
	}
	return statusOK
}

// ops returns a handle's common answers.
func (h *handle) common() common {
	if h.env != nil {
		return h.env
	}
	return h.vec
}

//export mancala_spec
func mancala_spec(h C.int64_t, out *C.mancala_spec_t) C.int32_t {
	return C.int32_t(call(int64(h), anyKind, errSyntax, func(x *handle) error {
		if out == nil {
			return fail(errArgument, "out is NULL")
		}
		s := x.common().spec()
		*out = C.mancala_spec_t{obs_len: C.int32_t(s.obsLen), actions: C.int32_t(s.actions), horizon: C.int32_t(s.horizon),
			n: C.int32_t(s.n), seat: C.int32_t(s.seat), both: C.int32_t(s.both)}
		return nil
	}))
}

//export mancala_obs_bounds
func mancala_obs_bounds(h C.int64_t, low, high *C.float, ln C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), anyKind, errSyntax, func(x *handle) error {
		lo, hi := x.common().bounds()
		if int(ln) != len(lo) {
			return fail(errArgument, "len %d: the observation has %d values", ln, len(lo))
		}
		copy(floats(low, len(lo)), lo)
		copy(floats(high, len(hi)), hi)
		return nil
	}))
}

//export mancala_obs_names
func mancala_obs_names(h C.int64_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), anyKind, errSyntax, func(x *handle) error {
		return writeText(strings.Join(x.common().names(), "\n"), buf, capacity, ln)
	}))
}

//export mancala_env_reset
func mancala_env_reset(h C.int64_t, seed *C.uint64_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		return x.env.reset((*uint64)(unsafe.Pointer(seed)))
	}))
}

// obsWidth checks an observation seat and buffer and returns its width.
func obsWidth(s specInfo, seat C.int32_t, obsCap C.int32_t) (int, error) {
	w := int(s.obsLen)
	switch seat {
	case seatMover, 0, 1:
	case seatBoth:
		w *= 2
	default:
		return 0, fail(errArgument, "observation seat %d: want 0, 1, -1 (the mover) or 2 (both)", seat)
	}
	if int(obsCap) < w {
		return 0, fail(errArgument, "observation buffer of %d values: want at least %d", obsCap, w)
	}
	return w, nil
}

//export mancala_env_step
func mancala_env_step(h C.int64_t, action C.int32_t, obsSeat C.int32_t, obs *C.float, obsCap C.int32_t,
	mask *C.uint8_t, maskCap C.int32_t, rewards *C.float, terminated, truncated *C.uint8_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		s := x.env.spec()
		w := 0
		if obs != nil {
			var err error
			if w, err = obsWidth(s, obsSeat, obsCap); err != nil {
				return err
			}
		}
		if mask != nil && maskCap < C.int32_t(s.actions) {
			return fail(errArgument, "mask buffer of %d: want at least %d", maskCap, s.actions)
		}
		st, err := x.env.step(int(action))
		if err != nil {
			return err
		}
		if obs != nil {
			if err := x.env.observe(int32(obsSeat), floats(obs, w)); err != nil {
				return err
			}
		}
		if mask != nil {
			x.env.mask(bools(mask, int(s.actions)))
		}
		if rewards != nil {
			copy(floats(rewards, 2), st.Rewards[:])
		}
		if terminated != nil {
			*terminated = C.uint8_t(b2u(st.Terminated))
		}
		if truncated != nil {
			*truncated = C.uint8_t(b2u(st.Truncated))
		}
		return nil
	}))
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

//export mancala_env_observe
func mancala_env_observe(h C.int64_t, seat C.int32_t, obs *C.float, obsCap C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		if obs == nil {
			return fail(errArgument, "obs is NULL")
		}
		w, err := obsWidth(x.env.spec(), seat, obsCap)
		if err != nil {
			return err
		}
		return x.env.observe(int32(seat), floats(obs, w))
	}))
}

//export mancala_env_mask
func mancala_env_mask(h C.int64_t, mask *C.uint8_t, maskCap C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		a := x.env.spec().actions
		if mask == nil || maskCap < C.int32_t(a) {
			return fail(errArgument, "mask buffer of %d: want at least %d", maskCap, a)
		}
		x.env.mask(bools(mask, int(a)))
		return nil
	}))
}

//export mancala_env_status
func mancala_env_status(h C.int64_t, toMove, plies, state, result *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		t, p, s, r := x.env.status()
		for _, o := range [...]struct {
			dst *C.int32_t
			v   int32
		}{{toMove, t}, {plies, p}, {state, s}, {result, r}} {
			if o.dst != nil {
				*o.dst = C.int32_t(o.v)
			}
		}
		return nil
	}))
}

//export mancala_env_action_text
func mancala_env_action_text(h C.int64_t, action C.int32_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		s, err := x.env.actionText(int(action))
		if err != nil {
			return err
		}
		return writeText(s, buf, capacity, ln)
	}))
}

//export mancala_env_text_action
func mancala_env_text_action(h C.int64_t, move *C.char, action *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		if move == nil || action == nil {
			return fail(errArgument, "move or action is NULL")
		}
		a, err := x.env.textAction(C.GoString(move))
		if err != nil {
			return err
		}
		*action = C.int32_t(a)
		return nil
	}))
}

//export mancala_env_position
func mancala_env_position(h C.int64_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		return writeText(x.env.position(), buf, capacity, ln)
	}))
}

//export mancala_env_set_position
func mancala_env_set_position(h C.int64_t, position *C.char, plies C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), envKind, errSyntax, func(x *handle) error {
		if position == nil {
			return fail(errArgument, "position is NULL")
		}
		return x.env.setPosition(C.GoString(position), int(plies))
	}))
}

// batch points the handle's Batch, reused by every call so that a step
// allocates nothing, at the caller's buffers; the call clears it before
// it returns (h.drop), so that no pointer to them is kept.
func (h *handle) batch(s specInfo, obs *C.float, mask *C.uint8_t) *env.Batch {
	n := int(s.n)
	w := int(s.obsLen) * int(1+s.both)
	h.buf = env.Batch{Obs: floats(obs, n*w), Mask: bools(mask, n*int(s.actions))}
	return &h.buf
}

//export mancala_vec_reset
func mancala_vec_reset(h C.int64_t, seed *C.uint64_t, obs *C.float, mask *C.uint8_t) C.int32_t {
	return C.int32_t(call(int64(h), vecKind, errSyntax, func(x *handle) error {
		defer x.drop()
		b := x.batch(x.vec.spec(), obs, mask)
		return x.vec.reset((*uint64)(unsafe.Pointer(seed)), b)
	}))
}

//export mancala_vec_step
func mancala_vec_step(h C.int64_t, actions *C.int32_t, obs *C.float, mask *C.uint8_t, reward *C.float,
	terminated, truncated *C.uint8_t, finalObs *C.float, finalResult *C.int8_t, toMove *C.uint8_t, plies *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), vecKind, errSyntax, func(x *handle) error {
		if actions == nil {
			return fail(errArgument, "actions is NULL")
		}
		s := x.vec.spec()
		n := int(s.n)
		defer x.drop()
		b := x.batch(s, obs, mask)
		b.Reward = floats(reward, n)
		b.Terminated, b.Truncated = bools(terminated, n), bools(truncated, n)
		b.FinalObs = floats(finalObs, n*int(s.obsLen)*int(1+s.both))
		if finalResult != nil {
			b.FinalResult = unsafe.Slice((*int8)(unsafe.Pointer(finalResult)), n)
		}
		if toMove != nil {
			b.ToMove = unsafe.Slice((*mancala.Player)(unsafe.Pointer(toMove)), n)
		}
		if plies != nil {
			b.Plies = unsafe.Slice((*int32)(unsafe.Pointer(plies)), n)
		}
		return x.vec.step(unsafe.Slice((*int32)(unsafe.Pointer(actions)), n), b)
	}))
}

//export mancala_vec_observe
func mancala_vec_observe(h C.int64_t, obs *C.float, mask *C.uint8_t) C.int32_t {
	return C.int32_t(call(int64(h), vecKind, errSyntax, func(x *handle) error {
		defer x.drop()
		return x.vec.observe(x.batch(x.vec.spec(), obs, mask))
	}))
}

//export mancala_vec_status
func mancala_vec_status(h C.int64_t, toMove *C.uint8_t, plies *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), vecKind, errSyntax, func(x *handle) error {
		s := x.vec.spec()
		n := int(s.n)
		defer x.drop()
		b := x.batch(s, nil, nil)
		if toMove != nil {
			b.ToMove = unsafe.Slice((*mancala.Player)(unsafe.Pointer(toMove)), n)
		}
		if plies != nil {
			b.Plies = unsafe.Slice((*int32)(unsafe.Pointer(plies)), n)
		}
		return x.vec.observe(b)
	}))
}

//export mancala_vec_position
func mancala_vec_position(h C.int64_t, i C.int32_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h), vecKind, errSyntax, func(x *handle) error {
		s, err := x.vec.position(int(i))
		if err != nil {
			return err
		}
		return writeText(s, buf, capacity, ln)
	}))
}

// drop forgets the caller's buffers.
func (h *handle) drop() { h.buf = env.Batch{} }
