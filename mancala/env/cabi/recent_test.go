//go:build cgo

package main

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// TestRecentRelease: handles stepped from several goroutines at once,
// the recent handle changing under them, one released in the middle: no
// call starts on a handle once its release has returned (it answers
// MANCALA_E_HANDLE), none sees a handle's parts taken away, and the
// handle left is stepped to the end (run it with -race).
func TestRecentRelease(t *testing.T) {
	var ids [2]int64
	for i := range ids {
		m, err := makeOps(kisolo.Name, config{seat: seatNone, seed: uint64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = register(&handle{kind: envKind, env: m.env, sp: m.env.spec()})
	}
	a, b := ids[0], ids[1]
	defer release(b, envKind)
	var released atomic.Bool
	errLate := errors.New("a call started after the release returned")
	step := func(ctx context.Context, h *handle) error {
		if h.id == a && released.Load() {
			return errLate
		}
		if h.env == nil {
			return errors.New("a call saw the handle's environment taken away")
		}
		mask := make([]bool, h.sp.actions)
		h.env.mask(mask)
		st, err := h.env.step(ctx, pick(mask, 0))
		if err != nil {
			return err
		}
		if st.state != 0 {
			return h.env.reset(ctx, nil)
		}
		return nil
	}
	const workers, calls = 4, 300
	var wg sync.WaitGroup
	var okA, goneA, okB atomic.Int64
	fails := make(chan string, workers*calls)
	half := make(chan struct{}) // closed at a's 50th answered call
	done := make(chan struct{})
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range calls {
				id := a
				if (i+w)%2 == 1 {
					id = b
				}
				switch st := callCtx(id, envKind, errSyntax, true, step); {
				case st == statusOK && id == a:
					if okA.Add(1) == 50 {
						close(half)
					}
				case st == statusOK:
					okB.Add(1)
				case st == errHandle && id == a:
					goneA.Add(1)
				default:
					msg, _ := lastError(id, envKind)
					fails <- "handle " + strconv.FormatInt(id, 10) + ": status " + strconv.Itoa(int(st)) + ": " + msg
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	// Release a while the workers run (after some of its calls, by
	// count: no timing).
	select {
	case <-half:
	case <-done:
		t.Fatalf("the workers ended with %d calls on a answered", okA.Load())
	}
	if !release(a, envKind) {
		t.Fatal("release(a) found nothing")
	}
	released.Store(true)
	<-done
	close(fails)
	for msg := range fails {
		t.Errorf("a call failed: %s", msg)
	}
	if lookup(a, envKind) != nil || call(a, envKind, errSyntax, func(*handle) error { return nil }) != errHandle {
		t.Error("a released handle answered")
	}
	if got := okB.Load(); got != workers*calls/2 {
		t.Errorf("%d calls on b answered, want %d", got, workers*calls/2)
	}
	if okA.Load()+goneA.Load() != workers*calls/2 {
		t.Errorf("calls on a: %d answered, %d refused, want %d in all", okA.Load(), goneA.Load(), workers*calls/2)
	}
}
