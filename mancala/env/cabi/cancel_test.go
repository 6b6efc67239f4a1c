//go:build cgo

package main

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// cancelUntilDone runs fn on a goroutine and cancels handle id of kind k
// until fn returns (a cancel before the call starts reaches nothing), and
// returns fn's status.
func cancelUntilDone(t *testing.T, id int64, k kind, fn func() int32) int32 {
	t.Helper()
	var done atomic.Bool
	var status int32
	go func() {
		status = fn()
		done.Store(true)
	}()
	for !done.Load() {
		if st := cancelCall(id, k); st != statusOK {
			t.Fatalf("cancel: status %d", st)
		}
		runtime.Gosched()
	}
	return status
}

// TestCancelThink: a think of alphabeta:10 from Kiothi's start (seconds)
// cancelled from another goroutine returns errCancelled, with the
// message, and keeps no answer.
func TestCancelThink(t *testing.T) {
	a, err := makeAgent(kiothi.Name, "alphabeta:10", 1)
	if err != nil {
		t.Fatal(err)
	}
	id := register(&handle{kind: agentKind, agent: a, search: true})
	defer release(id, agentKind)
	start := kiothi.Descriptor.Start().String()
	st := cancelUntilDone(t, id, agentKind, func() int32 {
		return callCtx(id, agentKind, errSyntax, true, func(ctx context.Context, h *handle) error {
			ans, err := h.agent.think(ctx, start)
			if err == nil {
				h.last = &ans
			}
			return err
		})
	})
	if st != errCancelled {
		t.Fatalf("status %d, want %d (cancelled)", st, errCancelled)
	}
	if msg, _ := lastError(id, agentKind); msg != "mancala_env: cancelled (nothing changed)" {
		t.Errorf("message %q", msg)
	}
	if lookup(id, agentKind).last != nil {
		t.Error("a cancelled think kept an answer")
	}
	if st := cancelCall(id, envKind); st != errHandle {
		t.Errorf("cancel of an agent as an env: status %d, want %d", st, errHandle)
	}
}

// TestCancelStep: Kiothi steps against alphabeta:10, each cancelled, until
// one is (the step that ends South's opening turn has North's searched):
// errCancelled, and the position and plies as before it.
func TestCancelStep(t *testing.T) {
	m, err := makeOps(kiothi.Name, config{opponent: "alphabeta:10", seat: seatSouth, seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !m.searching {
		t.Fatal("alphabeta:10 is not searching")
	}
	id := register(&handle{kind: envKind, env: m.env, search: true})
	defer release(id, envKind)
	e := m.env
	mask := make([]bool, e.spec().actions)
	for k := range 40 {
		e.mask(mask)
		before := e.position()
		_, plies, _, _ := e.status()
		a := pick(mask, k)
		st := cancelUntilDone(t, id, envKind, func() int32 {
			return callCtx(id, envKind, errSyntax, true, func(ctx context.Context, h *handle) error {
				_, err := h.env.step(ctx, a)
				return err
			})
		})
		switch st {
		case statusOK:
			continue
		case errCancelled:
			_, p, _, _ := e.status()
			if after := e.position(); after != before || p != plies {
				t.Fatalf("a cancelled step moved: %s (plies %d), before %s (%d)", after, p, before, plies)
			}
			return
		default:
			t.Fatalf("step %d: status %d", k, st)
		}
	}
	t.Fatal("no step was cancelled")
}

// TestStepAllocs: a step of a self-play environment through the call
// path of mancala_env_step (lookup, lock, the step, the observations of
// both seats, the mask and the legal ids: envStep) allocates nothing:
// only a handle that can search takes a cancellable context.
func TestStepAllocs(t *testing.T) {
	skipRace(t)
	for _, game := range []string{kisolo.Name, kiothi.Name, kimasai.Name} {
		m, err := makeOps(game, config{seat: seatNone, seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		id := register(&handle{kind: envKind, env: m.env, search: m.searching, sp: m.env.spec()})
		s := m.env.spec()
		mask := make([]bool, s.actions)
		ids := make([]int32, s.actions)
		obs := make([]float32, 2*s.obsLen)
		m.env.mask(mask)
		k := 0
		allocs := testing.AllocsPerRun(200, func() {
			st := callCtx(id, envKind, errSyntax, true, func(ctx context.Context, h *handle) error {
				if err := h.envStep(ctx, pickNoAlloc(mask, k), seatBoth, obs, mask, ids, true); err != nil {
					return err
				}
				if h.st.state != 0 {
					if err := h.env.reset(ctx, nil); err != nil {
						return err
					}
					h.env.mask(mask)
				}
				return nil
			})
			if st != statusOK {
				t.Fatalf("%s: status %d", game, st)
			}
			k++
		})
		release(id, envKind)
		if allocs != 0 {
			t.Errorf("%s: %v allocations a step, want 0", game, allocs)
		}
	}
}

// pickNoAlloc is pick without a slice of its own (AllocsPerRun counts the
// test's allocations too).
func pickNoAlloc(mask []bool, k int) int {
	n := 0
	for _, f := range mask {
		if f {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k %= n
	for a, f := range mask {
		if f {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return -1
}

// TestRecentHandle: the handle lookup found last (recent) is found again
// without the table, by id and kind only, and a released handle is never
// found, recent or not.
func TestRecentHandle(t *testing.T) {
	var ids [2]int64
	for i := range ids {
		m, err := makeOps(kisolo.Name, config{seat: seatNone, seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = register(&handle{kind: envKind, env: m.env, sp: m.env.spec()})
	}
	a, b := ids[0], ids[1]
	ha := lookup(a, envKind)
	if ha == nil || recent.Load() != ha {
		t.Fatalf("lookup(a) = %p, recent %p", ha, recent.Load())
	}
	if lookup(a, vecKind) != nil || lookup(a, agentKind) != nil {
		t.Error("the recent handle was found under another kind")
	}
	if lookup(a, envKind) != ha {
		t.Error("the recent handle was not found again")
	}
	if !release(a, envKind) {
		t.Fatal("release(a) found nothing")
	}
	if recent.Load() != nil {
		t.Error("release left the released handle recent")
	}
	if lookup(a, envKind) != nil {
		t.Error("a released handle was found")
	}
	if call(a, envKind, errSyntax, func(*handle) error { return nil }) != errHandle {
		t.Error("a call on a released handle did not answer MANCALA_E_HANDLE")
	}
	hb := lookup(b, envKind)
	if hb == nil || recent.Load() != hb {
		t.Fatalf("lookup(b) = %p, recent %p", hb, recent.Load())
	}
	// Releasing another handle leaves the recent one.
	m, err := makeOps(kisolo.Name, config{seat: seatNone, seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := register(&handle{kind: envKind, env: m.env, sp: m.env.spec()})
	if !release(c, envKind) || recent.Load() != hb {
		t.Error("releasing another handle changed the recent one")
	}
	release(b, envKind)
	if lookup(b, envKind) != nil || recent.Load() != nil {
		t.Error("b was found after its release")
	}
}
