package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/examples/web/rooms"
)

// roomFlags are the flags of the rooms (play a friend, package rooms).
type roomFlags struct {
	db           *string
	maxRooms     *int
	perClient    *int
	idle         *time.Duration
	abandon      *time.Duration
	maxMessage   *int64
	rate         *int
	keep         *time.Duration
	trustedProxy *string
	origins      *string
}

func addRoomFlags(fs *flag.FlagSet) *roomFlags {
	return &roomFlags{
		db:           fs.String("db", "mancala-rooms.db", "the rooms' database `file` (bbolt; created if missing); \"off\": no rooms"),
		maxRooms:     fs.Int("maxrooms", rooms.DefaultMaxRooms, "the most rooms waiting or in play at once"),
		perClient:    fs.Int("roomsperclient", rooms.DefaultMaxPerClient, "the most rooms waiting or in play created from one client address"),
		idle:         fs.Duration("idle", rooms.DefaultIdle, "a room with nobody connected this long is closed (waiting: deleted; in play: ended with no result)"),
		abandon:      fs.Duration("abandon", rooms.DefaultAbandon, "a player away this long while the other is there loses by abandonment"),
		maxMessage:   fs.Int64("maxmsg", rooms.DefaultMaxMessage, "the largest message of a live connection, in bytes"),
		rate:         fs.Int("msgrate", rooms.DefaultRate, "the most messages a live connection may send per second"),
		keep:         fs.Duration("keep", rooms.DefaultKeep, "how long finished games' records are kept"),
		trustedProxy: fs.String("trustproxy", "", "comma-separated addresses or CIDR prefixes of reverse proxies whose X-Forwarded-For gives the client's address"),
		origins:      fs.String("origins", "", "comma-separated hosts (besides the server's own) whose pages may open a room's live connection"),
	}
}

// options returns the rooms' options of the flags, or an error for a bad
// flag. off reports -db off.
func (f *roomFlags) options() (opt rooms.Options, off bool, err error) {
	if *f.db == "off" || *f.db == "" {
		return opt, true, nil
	}
	for name, v := range map[string]int64{"maxrooms": int64(*f.maxRooms), "roomsperclient": int64(*f.perClient), "maxmsg": *f.maxMessage, "msgrate": int64(*f.rate),
		"idle": int64(*f.idle), "abandon": int64(*f.abandon), "keep": int64(*f.keep)} {
		if v <= 0 {
			return opt, false, fmt.Errorf("-%s: want a positive value", name)
		}
	}
	opt = rooms.Options{DB: *f.db, MaxRooms: *f.maxRooms, MaxPerClient: *f.perClient, Idle: *f.idle, Abandon: *f.abandon,
		MaxMessage: *f.maxMessage, Rate: *f.rate, Keep: *f.keep}
	for _, s := range strings.Split(*f.trustedProxy, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, err2 := netip.ParseAddr(s)
			if err2 != nil {
				return opt, false, fmt.Errorf("-trustproxy %q: want addresses or CIDR prefixes", s)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		opt.TrustedProxies = append(opt.TrustedProxies, p)
	}
	for _, s := range strings.Split(*f.origins, ",") {
		if s = strings.TrimSpace(s); s != "" {
			opt.OriginPatterns = append(opt.OriginPatterns, s)
		}
	}
	return opt, false, nil
}

// testClock, set by the roomstest build tag (roomstest.go), replaces the
// rooms' clock with one a test advances; nil in every real build.
var testClock func(opt *rooms.Options, h http.Handler) http.Handler

// withRooms returns h serving the rooms (package rooms) under
// /api/v1/rooms, or answering there that they are off.
func withRooms(h http.Handler, srv *rooms.Server) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; p == "/api/v1/rooms" || strings.HasPrefix(p, "/api/v1/rooms/") {
			if srv == nil {
				w.Header().Set("Content-Type", "application/json; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				io.WriteString(w, `{"error":"web: rooms are off on this server (-db off)","code":"not_found"}`+"\n")
				return
			}
			srv.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}
