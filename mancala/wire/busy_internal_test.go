//go:build !(js && wasm)

package wire

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/kiothi"
)

// TestBusy holds the only think slot itself (no sleep, no racing think)
// and checks that a think then waits Limits.BusyWait and gets busy, and
// that the slot serves again once freed.
func TestBusy(t *testing.T) {
	s, err := NewService(Limits{MaxThinks: 1, BusyWait: 20 * time.Millisecond}, NewGame(&kiothi.Descriptor))
	if err != nil {
		t.Fatal(err)
	}
	h := Handler(s)
	think := func() (int, Error) {
		req := httptest.NewRequest("POST", "/api/v1/think", strings.NewReader(`{"position":"`+kiothi.Start().String()+`","agent":"random"}`))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var e Error
		json.Unmarshal(rec.Body.Bytes(), &e)
		return rec.Code, e
	}
	s.thinks <- struct{}{} // the one slot, taken
	status, e := think()
	if status != http.StatusTooManyRequests || e.Code != "busy" || e.Message != "wire: busy: all 1 thinks slots stayed taken for 20ms; try again later" {
		t.Errorf("with the slot taken: %d %+v, want 429 busy", status, e)
	}
	<-s.thinks
	if status, e := think(); status != http.StatusOK {
		t.Errorf("with the slot free: %d %+v, want 200", status, e)
	}
}
