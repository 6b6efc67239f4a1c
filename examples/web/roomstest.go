//go:build roomstest

package main

import (
	"net/http"
	"strconv"
	"time"

	"github.com/seed8ebe013a/go-mancala/examples/web/rooms"
)

// In a build with the roomstest tag (the browser tests' server, never a
// real one), the rooms' clock is a rooms.ManualClock that starts at the
// system's time and moves only on POST /api/v1/test/advance?ms=N (the
// message rate keeps the system's time).
func init() {
	testClock = func(opt *rooms.Options, h http.Handler) http.Handler {
		c := rooms.NewManualClock(time.Now())
		opt.Clock = c
		opt.RateClock = rooms.SystemClock{} // the message rate keeps the system's time
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/api/v1/test/advance" {
				h.ServeHTTP(w, r)
				return
			}
			ms, err := strconv.ParseInt(r.URL.Query().Get("ms"), 10, 64)
			if r.Method != http.MethodPost || err != nil || ms < 0 {
				http.Error(w, "POST /api/v1/test/advance?ms=N", http.StatusBadRequest)
				return
			}
			c.Advance(time.Duration(ms) * time.Millisecond)
			w.WriteHeader(http.StatusNoContent)
		})
	}
}
