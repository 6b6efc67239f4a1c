//go:build cgo

// Command cabi is go-mancala's C library (ABI 2), built as a shared
// library:
//
//	go run ./internal/cmd/buildcabi -o DIR
//
// (internal/cabibuild: the linker version script, the SONAME and the
// build id; a plain go build -buildmode=c-shared gives a working library
// without them).
//
// mancala_env.h in this directory declares and documents every function
// (typed handles, status codes with messages, caller buffers with their
// capacities, threads, cancel and fork); docs/env.md describes the
// environments. It takes its games from internal/games, checks every
// agent spec against agent.DefaultLimits, and exports only mancala_*
// (the version script mancala_env.map and the SONAME libmancala_env.so.2,
// given to the linker by internal/cmd/buildcabi: cgo refuses those flags
// in a #cgo line). It
// needs cgo (a C compiler); without cgo the package is empty.
package main

/*
#include <stdint.h>
#include <string.h>
typedef struct mancala_env { int64_t id; } mancala_env;
typedef struct mancala_vec { int64_t id; } mancala_vec;
typedef struct mancala_agent { int64_t id; } mancala_agent;
typedef struct mancala_spec {
    int32_t obs_len;
    int32_t actions;
    int32_t horizon;
    int32_t n;
    int32_t seat;
    int32_t both;
} mancala_spec_t;
typedef struct mancala_limits {
    int32_t max_depth;
    int32_t max_workers;
    int64_t max_iterations;
    int64_t max_time_ms;
} mancala_limits_t;
typedef struct mancala_step {
    float rewards[2];
    uint8_t terminated;
    uint8_t truncated;
    uint8_t to_move;
    uint8_t state;
    int32_t plies;
    int32_t legal;
} mancala_step_t;
typedef struct mancala_vec_batch {
    float *obs;            int64_t obs_cap;
    uint8_t *mask;         int64_t mask_cap;
    float *reward;         int64_t reward_cap;
    uint8_t *terminated;   int64_t terminated_cap;
    uint8_t *truncated;    int64_t truncated_cap;
    float *final_obs;      int64_t final_obs_cap;
    int8_t *final_result;  int64_t final_result_cap;
    uint8_t *to_move;      int64_t to_move_cap;
    int32_t *plies;        int64_t plies_cap;
} mancala_vec_batch_t;
typedef struct mancala_vec_u8 {
    uint8_t *obs;          int64_t obs_cap;
    uint8_t *final_obs;    int64_t final_obs_cap;
} mancala_vec_u8_t;
typedef struct mancala_think {
    int64_t value;
    int64_t nodes;
    int64_t iterations;
    int64_t visits;
    int64_t elapsed_ms;
    double win_rate;
    int32_t action;
    int32_t outcome;
    int32_t depth;
    int32_t line_moves;
} mancala_think_t;
*/
import "C"

import (
	"context"
	"runtime/debug"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

func main() {}

// buildID and vcsRevision are set at link time (-ldflags "-X
// main.buildID=... -X main.vcsRevision=..."; internal/cabibuild does):
// go build records no VCS information in a c-shared library.
var buildID, vcsRevision string

// goString reads a C string of at most maxInputText bytes; NULL is "".
func goString(s *C.char) (string, error) {
	if s == nil {
		return "", nil
	}
	n := int(C.strnlen(s, maxInputText+1))
	if n > maxInputText {
		return "", fail(errArgument, "a text longer than %d bytes", maxInputText)
	}
	return C.GoStringN(s, C.int(n)), nil
}

// goStrings reads several C strings.
func goStrings(ss ...*C.char) ([]string, error) {
	out := make([]string, len(ss))
	for i, s := range ss {
		var err error
		if out[i], err = goString(s); err != nil {
			return nil, err
		}
	}
	return out, nil
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

// textStatus is writeText as a status, for the calls without a handle.
func textStatus(s string, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	if err := writeText(s, buf, capacity, ln); err != nil {
		return errBuffer
	}
	return statusOK
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

// ---- Library ----------------------------------------------------------

//export mancala_version
func mancala_version(buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return textStatus(versionText(), buf, capacity, ln)
}

// versionText is mancala_version's text.
func versionText() string {
	version, rev, dirty := "unknown", "unknown", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if dirty {
		rev += "+dirty"
	}
	if rev == "unknown" && vcsRevision != "" {
		rev = vcsRevision
	}
	return version + " " + rev
}

//export mancala_build_id
func mancala_build_id(buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return textStatus(buildID, buf, capacity, ln)
}

//export mancala_limits
func mancala_limits(out *C.mancala_limits_t) C.int32_t {
	if out == nil {
		return errArgument
	}
	*out = C.mancala_limits_t{max_depth: C.int32_t(limits.MaxDepth), max_workers: C.int32_t(limits.MaxWorkers),
		max_iterations: C.int64_t(limits.MaxIterations), max_time_ms: C.int64_t(limits.MaxTime.Milliseconds())}
	return statusOK
}

//export mancala_game_count
func mancala_game_count() C.int32_t { return C.int32_t(len(games.Names())) }

//export mancala_game_name
func mancala_game_name(i C.int32_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	names := games.Names()
	if i < 0 || int(i) >= len(names) {
		return errArgument
	}
	return textStatus(names[i], buf, capacity, ln)
}

//export mancala_game_levels
func mancala_game_levels(game *C.char, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	name, err := goString(game)
	if err != nil {
		return errArgument
	}
	lv := games.Levels(name)
	if lv == nil {
		return errGame
	}
	names := make([]string, len(lv))
	for i, l := range lv {
		names[i] = l.Name
	}
	return textStatus(strings.Join(names, "\n"), buf, capacity, ln)
}

// ---- Creation -----------------------------------------------------------

// create makes a handle with mk, writing its id to *out and the error
// message to errbuf.
func create(mk func() (*handle, error), out *C.int64_t, errbuf *C.char, errcap C.int32_t) C.int32_t {
	if out != nil {
		*out = 0
	}
	var h *handle
	status, err := guard(func() error {
		if out == nil {
			return fail(errArgument, "out is NULL")
		}
		var err error
		h, err = mk()
		return err
	}, errRules)
	if err != nil {
		writeErr(err.Error(), errbuf, errcap)
		return C.int32_t(status)
	}
	*out = C.int64_t(register(h))
	writeErr("", errbuf, errcap)
	return statusOK
}

func newEnv(game, rules, opponent *C.char, c config, out *C.int64_t, errbuf *C.char, errcap C.int32_t) C.int32_t {
	return create(func() (*handle, error) {
		s, err := goStrings(game, rules, opponent)
		if err != nil {
			return nil, err
		}
		c.rules, c.opponent = s[1], s[2]
		m, err := makeOps(s[0], c)
		if err != nil {
			return nil, err
		}
		if c.vec {
			return &handle{kind: vecKind, vec: m.vec, search: m.searching}, nil
		}
		return &handle{kind: envKind, env: m.env, search: m.searching, sp: m.env.spec()}, nil
	}, out, errbuf, errcap)
}

//export mancala_env_new
func mancala_env_new(game, rules, opponent *C.char, seat C.int32_t, seed C.uint64_t, horizon C.int32_t, out *C.mancala_env, errbuf *C.char, errcap C.int32_t) C.int32_t {
	var id *C.int64_t
	if out != nil {
		id = &out.id
	}
	return newEnv(game, rules, opponent, config{seat: int32(seat), seed: uint64(seed), horizon: int32(horizon)}, id, errbuf, errcap)
}

//export mancala_vec_new
func mancala_vec_new(game, rules, opponent *C.char, seat C.int32_t, n C.int32_t, seed C.uint64_t, horizon C.int32_t, both C.int32_t, workers C.int32_t, out *C.mancala_vec, errbuf *C.char, errcap C.int32_t) C.int32_t {
	var id *C.int64_t
	if out != nil {
		id = &out.id
	}
	return newEnv(game, rules, opponent, config{seat: int32(seat), seed: uint64(seed), horizon: int32(horizon),
		n: int32(n), both: int32(both), works: int32(workers), vec: true}, id, errbuf, errcap)
}

//export mancala_agent_new
func mancala_agent_new(game, spec *C.char, seed C.uint64_t, out *C.mancala_agent, errbuf *C.char, errcap C.int32_t) C.int32_t {
	var id *C.int64_t
	if out != nil {
		id = &out.id
	}
	return create(func() (*handle, error) {
		s, err := goStrings(game, spec)
		if err != nil {
			return nil, err
		}
		if s[1] == "" {
			return nil, fail(errAgent, "spec is empty: want an agent spec (random, alphabeta:4, mcts:500, level:casual, ...)")
		}
		a, err := makeAgent(s[0], s[1], uint64(seed))
		if err != nil {
			return nil, err
		}
		return &handle{kind: agentKind, agent: a, search: true}, nil
	}, id, errbuf, errcap)
}

// ---- Any handle ---------------------------------------------------------

func free(id int64, k kind) C.int32_t {
	if !release(id, k) {
		return errHandle
	}
	return statusOK
}

func errorText(id int64, k kind, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	msg, ok := lastError(id, k)
	if !ok {
		return errHandle
	}
	return textStatus(msg, buf, capacity, ln)
}

//export mancala_env_free
func mancala_env_free(h C.mancala_env) C.int32_t { return free(int64(h.id), envKind) }

//export mancala_vec_free
func mancala_vec_free(h C.mancala_vec) C.int32_t { return free(int64(h.id), vecKind) }

//export mancala_agent_free
func mancala_agent_free(h C.mancala_agent) C.int32_t { return free(int64(h.id), agentKind) }

//export mancala_env_error
func mancala_env_error(h C.mancala_env, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return errorText(int64(h.id), envKind, buf, capacity, ln)
}

//export mancala_vec_error
func mancala_vec_error(h C.mancala_vec, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return errorText(int64(h.id), vecKind, buf, capacity, ln)
}

//export mancala_agent_error
func mancala_agent_error(h C.mancala_agent, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return errorText(int64(h.id), agentKind, buf, capacity, ln)
}

//export mancala_env_cancel
func mancala_env_cancel(h C.mancala_env) C.int32_t {
	return C.int32_t(cancelCall(int64(h.id), envKind))
}

//export mancala_vec_cancel
func mancala_vec_cancel(h C.mancala_vec) C.int32_t {
	return C.int32_t(cancelCall(int64(h.id), vecKind))
}

//export mancala_agent_cancel
func mancala_agent_cancel(h C.mancala_agent) C.int32_t {
	return C.int32_t(cancelCall(int64(h.id), agentKind))
}

func (h *handle) common() common {
	if h.env != nil {
		return h.env
	}
	return h.vec
}

func specOf(id int64, k kind, out *C.mancala_spec_t) C.int32_t {
	return C.int32_t(call(id, k, errSyntax, func(x *handle) error {
		if out == nil {
			return fail(errArgument, "out is NULL")
		}
		s := x.common().spec()
		*out = C.mancala_spec_t{obs_len: C.int32_t(s.obsLen), actions: C.int32_t(s.actions), horizon: C.int32_t(s.horizon),
			n: C.int32_t(s.n), seat: C.int32_t(s.seat), both: C.int32_t(s.both)}
		return nil
	}))
}

func boundsOf(id int64, k kind, low, high *C.float, capacity C.int32_t) C.int32_t {
	return C.int32_t(call(id, k, errSyntax, func(x *handle) error {
		lo, hi := x.common().bounds()
		if (low != nil || high != nil) && int(capacity) < len(lo) {
			return fail(errBuffer, "buffers of %d values: the observation has %d", capacity, len(lo))
		}
		copy(floats(low, len(lo)), lo)
		copy(floats(high, len(hi)), hi)
		return nil
	}))
}

func namesOf(id int64, k kind, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(id, k, errSyntax, func(x *handle) error {
		return writeText(strings.Join(x.common().names(), "\n"), buf, capacity, ln)
	}))
}

//export mancala_env_spec
func mancala_env_spec(h C.mancala_env, out *C.mancala_spec_t) C.int32_t {
	return specOf(int64(h.id), envKind, out)
}

//export mancala_vec_spec
func mancala_vec_spec(h C.mancala_vec, out *C.mancala_spec_t) C.int32_t {
	return specOf(int64(h.id), vecKind, out)
}

//export mancala_env_obs_bounds
func mancala_env_obs_bounds(h C.mancala_env, low, high *C.float, capacity C.int32_t) C.int32_t {
	return boundsOf(int64(h.id), envKind, low, high, capacity)
}

//export mancala_vec_obs_bounds
func mancala_vec_obs_bounds(h C.mancala_vec, low, high *C.float, capacity C.int32_t) C.int32_t {
	return boundsOf(int64(h.id), vecKind, low, high, capacity)
}

//export mancala_env_obs_names
func mancala_env_obs_names(h C.mancala_env, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return namesOf(int64(h.id), envKind, buf, capacity, ln)
}

//export mancala_vec_obs_names
func mancala_vec_obs_names(h C.mancala_vec, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return namesOf(int64(h.id), vecKind, buf, capacity, ln)
}

// ---- Single environment -------------------------------------------------

//export mancala_env_reset
func mancala_env_reset(h C.mancala_env, seed *C.uint64_t) C.int32_t {
	return C.int32_t(callCtx(int64(h.id), envKind, errSyntax, true, func(ctx context.Context, x *handle) error {
		return x.env.reset(ctx, (*uint64)(unsafe.Pointer(seed)))
	}))
}

// obsWidth checks an observation seat and buffer and returns its width.
func obsWidth(s specInfo, seat C.int32_t, obsCap C.int32_t) (int, error) {
	w := int(s.obsLen)
	switch seat {
	case seatMover, seatSouth, seatNorth:
	case seatBoth:
		w *= 2
	default:
		return 0, fail(errArgument, "observation seat %d: want 0 (South), 1 (North), -2 (the mover) or 2 (both)", seat)
	}
	if int(obsCap) < w {
		return 0, fail(errBuffer, "observation buffer of %d values: want at least %d", obsCap, w)
	}
	return w, nil
}

// checkCap checks an optional buffer of capacity have against need.
func checkCap(what string, set bool, have, need int64) error {
	if set && have < need {
		return fail(errBuffer, "%s buffer of %d: want at least %d", what, have, need)
	}
	return nil
}

//export mancala_env_step
func mancala_env_step(h C.mancala_env, action C.int32_t, out *C.mancala_step_t, obsSeat C.int32_t, obs *C.float, obsCap C.int32_t,
	mask *C.uint8_t, maskCap C.int32_t, legal *C.int32_t, legalCap C.int32_t) C.int32_t {
	return C.int32_t(callCtx(int64(h.id), envKind, errSyntax, true, func(ctx context.Context, x *handle) error {
		s := &x.sp
		w := 0
		if obs != nil {
			var err error
			if w, err = obsWidth(*s, obsSeat, obsCap); err != nil {
				return err
			}
		}
		if err := checkCap("mask", mask != nil, int64(maskCap), int64(s.actions)); err != nil {
			return err
		}
		if err := checkCap("legal", legal != nil, int64(legalCap), int64(s.actions)); err != nil {
			return err
		}
		var ids []int32
		if legal != nil {
			ids = unsafe.Slice((*int32)(unsafe.Pointer(legal)), int(s.actions))
		}
		if err := x.envStep(ctx, int(action), int32(obsSeat), floats(obs, w), bools(mask, int(s.actions)), ids, out != nil); err != nil {
			return err
		}
		if out != nil {
			// Field by field: a composite literal is built on the stack and
			// copied in overlapping 16-byte moves that stall.
			st := &x.st
			out.rewards[0], out.rewards[1] = C.float(st.rewards[0]), C.float(st.rewards[1])
			out.terminated, out.truncated = C.uint8_t(st.terminated), C.uint8_t(st.truncated)
			out.to_move, out.state = C.uint8_t(st.toMove), C.uint8_t(st.state)
			out.plies, out.legal = C.int32_t(st.plies), C.int32_t(st.legal)
		}
		return nil
	}))
}

// envStep is mancala_env_step on Go slices, its buffers checked (nil: not
// asked for): the step of action, then the observation from obsSeat into
// obs (exactly its width), the mask and the legal ids (len Actions). The
// answer is left in h.st, its legal count too when legal is not nil or
// count is set.
func (h *handle) envStep(ctx context.Context, action int, obsSeat int32, obs []float32, mask []bool, legal []int32, count bool) error {
	return h.env.stepAll(ctx, action, &h.st, obsSeat, obs, mask, legal, count)
}

//export mancala_env_observe
func mancala_env_observe(h C.mancala_env, seat C.int32_t, obs *C.float, obsCap C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
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
func mancala_env_mask(h C.mancala_env, mask *C.uint8_t, maskCap C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
		a := x.env.spec().actions
		if mask == nil {
			return fail(errArgument, "mask is NULL")
		}
		if err := checkCap("mask", true, int64(maskCap), int64(a)); err != nil {
			return err
		}
		x.env.mask(bools(mask, int(a)))
		return nil
	}))
}

//export mancala_env_legal
func mancala_env_legal(h C.mancala_env, ids *C.int32_t, capacity C.int32_t, count *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
		a := x.env.spec().actions
		if ids == nil || count == nil {
			return fail(errArgument, "ids or count is NULL")
		}
		if err := checkCap("ids", true, int64(capacity), int64(a)); err != nil {
			return err
		}
		*count = C.int32_t(x.env.legal(unsafe.Slice((*int32)(unsafe.Pointer(ids)), int(a))))
		return nil
	}))
}

//export mancala_env_status
func mancala_env_status(h C.mancala_env, toMove, plies, state, result *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
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
func mancala_env_action_text(h C.mancala_env, action C.int32_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
		s, err := x.env.actionText(int(action))
		if err != nil {
			return err
		}
		return writeText(s, buf, capacity, ln)
	}))
}

//export mancala_env_text_action
func mancala_env_text_action(h C.mancala_env, move *C.char, action *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
		if move == nil || action == nil {
			return fail(errArgument, "move or action is NULL")
		}
		s, err := goString(move)
		if err != nil {
			return err
		}
		a, err := x.env.textAction(s)
		if err != nil {
			return err
		}
		*action = C.int32_t(a)
		return nil
	}))
}

//export mancala_env_position
func mancala_env_position(h C.mancala_env, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
		return writeText(x.env.position(), buf, capacity, ln)
	}))
}

//export mancala_env_set_position
func mancala_env_set_position(h C.mancala_env, position *C.char, plies C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), envKind, errSyntax, func(x *handle) error {
		if position == nil {
			return fail(errArgument, "position is NULL")
		}
		s, err := goString(position)
		if err != nil {
			return err
		}
		return x.env.setPosition(s, int(plies))
	}))
}

// ---- Vector environment -------------------------------------------------

// batch points the handle's Batch, reused by every call so that a step
// allocates nothing, at the caller's buffers after checking their
// capacities; the call clears it before it returns (h.drop), so that no
// pointer to them is kept. step says whether the step fields count; u8
// (optional) adds the byte observations.
func (h *handle) batch(s specInfo, b *C.mancala_vec_batch_t, u8 *C.mancala_vec_u8_t, step bool) (*env.Batch, error) {
	h.buf = env.Batch{}
	n := int64(s.n)
	w := int64(s.obsLen) * int64(1+s.both)
	if u8 != nil {
		if err := checkCap("obs (u8)", u8.obs != nil, int64(u8.obs_cap), n*w); err != nil {
			return nil, err
		}
		if step {
			if err := checkCap("final_obs (u8)", u8.final_obs != nil, int64(u8.final_obs_cap), n*w); err != nil {
				return nil, err
			}
		}
	}
	if u8 != nil && u8.obs != nil {
		h.buf.ObsU8 = unsafe.Slice((*uint8)(unsafe.Pointer(u8.obs)), n*w)
	}
	if step && u8 != nil && u8.final_obs != nil {
		h.buf.FinalObsU8 = unsafe.Slice((*uint8)(unsafe.Pointer(u8.final_obs)), n*w)
	}
	if b == nil {
		return &h.buf, nil
	}
	a := int64(s.actions)
	type field struct {
		what      string
		set       bool
		have, ned int64
		stepOnly  bool
	}
	for _, f := range [...]field{
		{"obs", b.obs != nil, int64(b.obs_cap), n * w, false},
		{"mask", b.mask != nil, int64(b.mask_cap), n * a, false},
		{"to_move", b.to_move != nil, int64(b.to_move_cap), n, false},
		{"plies", b.plies != nil, int64(b.plies_cap), n, false},
		{"reward", b.reward != nil, int64(b.reward_cap), n, true},
		{"terminated", b.terminated != nil, int64(b.terminated_cap), n, true},
		{"truncated", b.truncated != nil, int64(b.truncated_cap), n, true},
		{"final_obs", b.final_obs != nil, int64(b.final_obs_cap), n * w, true},
		{"final_result", b.final_result != nil, int64(b.final_result_cap), n, true},
	} {
		if f.stepOnly && !step {
			continue
		}
		if err := checkCap(f.what, f.set, f.have, f.ned); err != nil {
			return nil, err
		}
	}
	h.buf.Obs = floats(b.obs, int(n*w))
	h.buf.Mask = bools(b.mask, int(n*a))
	if b.to_move != nil {
		h.buf.ToMove = unsafe.Slice((*mancala.Player)(unsafe.Pointer(b.to_move)), n)
	}
	if b.plies != nil {
		h.buf.Plies = unsafe.Slice((*int32)(unsafe.Pointer(b.plies)), n)
	}
	if step {
		h.buf.Reward = floats(b.reward, int(n))
		h.buf.Terminated, h.buf.Truncated = bools(b.terminated, int(n)), bools(b.truncated, int(n))
		h.buf.FinalObs = floats(b.final_obs, int(n*w))
		if b.final_result != nil {
			h.buf.FinalResult = unsafe.Slice((*int8)(unsafe.Pointer(b.final_result)), n)
		}
	}
	return &h.buf, nil
}

// drop forgets the caller's buffers.
func (h *handle) drop() { h.buf = env.Batch{} }

//export mancala_vec_reset
func mancala_vec_reset(h C.mancala_vec, seed *C.uint64_t, b *C.mancala_vec_batch_t) C.int32_t {
	return mancala_vec_reset_u8(h, seed, b, nil)
}

//export mancala_vec_reset_u8
func mancala_vec_reset_u8(h C.mancala_vec, seed *C.uint64_t, b *C.mancala_vec_batch_t, u8 *C.mancala_vec_u8_t) C.int32_t {
	return C.int32_t(callCtx(int64(h.id), vecKind, errSyntax, true, func(ctx context.Context, x *handle) error {
		defer x.drop()
		bb, err := x.batch(x.vec.spec(), b, u8, false)
		if err != nil {
			return err
		}
		return x.vec.reset(ctx, (*uint64)(unsafe.Pointer(seed)), bb)
	}))
}

//export mancala_vec_step
func mancala_vec_step(h C.mancala_vec, actions *C.int32_t, actionsLen C.int32_t, b *C.mancala_vec_batch_t) C.int32_t {
	return mancala_vec_step_u8(h, actions, actionsLen, b, nil)
}

//export mancala_vec_step_u8
func mancala_vec_step_u8(h C.mancala_vec, actions *C.int32_t, actionsLen C.int32_t, b *C.mancala_vec_batch_t, u8 *C.mancala_vec_u8_t) C.int32_t {
	return C.int32_t(callCtx(int64(h.id), vecKind, errSyntax, true, func(ctx context.Context, x *handle) error {
		if actions == nil {
			return fail(errArgument, "actions is NULL")
		}
		s := x.vec.spec()
		if actionsLen != C.int32_t(s.n) {
			return fail(errArgument, "%d actions for %d environments", actionsLen, s.n)
		}
		defer x.drop()
		bb, err := x.batch(s, b, u8, true)
		if err != nil {
			return err
		}
		return x.vec.step(ctx, unsafe.Slice((*int32)(unsafe.Pointer(actions)), int(s.n)), bb)
	}))
}

//export mancala_vec_observe
func mancala_vec_observe(h C.mancala_vec, b *C.mancala_vec_batch_t) C.int32_t {
	return mancala_vec_observe_u8(h, b, nil)
}

//export mancala_vec_observe_u8
func mancala_vec_observe_u8(h C.mancala_vec, b *C.mancala_vec_batch_t, u8 *C.mancala_vec_u8_t) C.int32_t {
	return C.int32_t(call(int64(h.id), vecKind, errSyntax, func(x *handle) error {
		defer x.drop()
		bb, err := x.batch(x.vec.spec(), b, u8, false)
		if err != nil {
			return err
		}
		return x.vec.observe(bb)
	}))
}

//export mancala_vec_position
func mancala_vec_position(h C.mancala_vec, i C.int32_t, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), vecKind, errSyntax, func(x *handle) error {
		s, err := x.vec.position(int(i))
		if err != nil {
			return err
		}
		return writeText(s, buf, capacity, ln)
	}))
}

// ---- Agent ----------------------------------------------------------------

//export mancala_agent_spec
func mancala_agent_spec(h C.mancala_agent, buf *C.char, capacity C.int32_t, ln *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), agentKind, errSyntax, func(x *handle) error {
		return writeText(x.agent.spec(), buf, capacity, ln)
	}))
}

// writeAnswer writes an answer as mancala_agent_think does.
func writeAnswer(a *answer, out *C.mancala_think_t, move *C.char, moveCap C.int32_t, moveLen *C.int32_t,
	line *C.char, lineCap C.int32_t, lineLen *C.int32_t) error {
	if out != nil {
		*out = C.mancala_think_t{value: C.int64_t(a.value), nodes: C.int64_t(a.nodes), iterations: C.int64_t(a.iterations),
			visits: C.int64_t(a.visits), elapsed_ms: C.int64_t(a.elapsedMs), win_rate: C.double(a.winRate),
			action: C.int32_t(a.action), outcome: C.int32_t(a.outcome), depth: C.int32_t(a.depth), line_moves: C.int32_t(a.lineMoves)}
	}
	var err error
	if move != nil || moveLen != nil {
		err = writeText(a.move, move, moveCap, moveLen)
	}
	if line != nil || lineLen != nil {
		if e := writeText(a.line, line, lineCap, lineLen); err == nil {
			err = e
		}
	}
	return err
}

//export mancala_agent_think
func mancala_agent_think(h C.mancala_agent, position *C.char, out *C.mancala_think_t, move *C.char, moveCap C.int32_t, moveLen *C.int32_t,
	line *C.char, lineCap C.int32_t, lineLen *C.int32_t) C.int32_t {
	return C.int32_t(callCtx(int64(h.id), agentKind, errSyntax, true, func(ctx context.Context, x *handle) error {
		if position == nil {
			return fail(errArgument, "position is NULL")
		}
		// A think that fails (cancelled, a bad position) leaves no
		// answer: mancala_agent_answer then refuses, rather than give the
		// previous think's answer for another position.
		x.last = nil
		s, err := goString(position)
		if err != nil {
			return err
		}
		a, err := x.agent.think(ctx, s)
		if err != nil {
			return err
		}
		x.last = &a
		return writeAnswer(&a, out, move, moveCap, moveLen, line, lineCap, lineLen)
	}))
}

//export mancala_agent_answer
func mancala_agent_answer(h C.mancala_agent, out *C.mancala_think_t, move *C.char, moveCap C.int32_t, moveLen *C.int32_t,
	line *C.char, lineCap C.int32_t, lineLen *C.int32_t) C.int32_t {
	return C.int32_t(call(int64(h.id), agentKind, errSyntax, func(x *handle) error {
		if x.last == nil {
			return fail(errArgument, "the agent has no answer: no think yet, or the last one failed")
		}
		return writeAnswer(x.last, out, move, moveCap, moveLen, line, lineCap, lineLen)
	}))
}
