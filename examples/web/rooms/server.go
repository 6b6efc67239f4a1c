// Package rooms is the play-a-friend service of examples/web: rooms where
// two players, each in their own browser, play one game of Kiothi, Kisolo
// or Bao la Kimasai, and spectators watch.
//
// A player creates a room (POST /api/v1/rooms: game, rules, seat, an
// optional clock) and gets an invitation, used once to seat the second
// player (POST /api/v1/rooms/join), and the room's id, which is its watch
// link. The server holds the authoritative history of each game and plays
// every move through mancala.History (C-10 included): a move that is
// illegal, stale (not at the room's ply) or out of turn is refused with
// an error and changes nothing. Each player proves their seat with a
// secret the server gives their browser in an HttpOnly, SameSite=Strict
// cookie (never in a link). Moves, resignation, draw offers and rematches
// go over a WebSocket (GET /api/v1/rooms/{id}/live), which also brings
// every move to both players and the spectators; a client that
// reconnects says which ply it has and gets the moves since.
//
// Rooms live in a bbolt database: a restart loses no game in progress and
// no record; finished games are kept for Options.Keep and can be
// downloaded as game records (GET /api/v1/rooms/{id}/record) that the
// replay endpoint and program read. Every resource is bounded
// ([Options]); time comes from a [Clock], so that tests control it.
package rooms

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Options are a Server's settings and limits. A zero field takes the
// default named beside it.
type Options struct {
	// DB is the path of the bbolt database file (required).
	DB string
	// Clock is the time of the rooms (default SystemClock).
	Clock Clock
	// MaxRooms is the most rooms waiting or in play at once (10,000).
	MaxRooms int
	// MaxPerClient is the most rooms waiting or in play created from
	// one client address (10).
	MaxPerClient int
	// Idle is how long a room stays with nobody connected before it is
	// closed: a room still waiting is deleted, a game in progress ends
	// with no result (30 minutes).
	Idle time.Duration
	// Abandon is how long a player may be away while the other is
	// present before losing by abandonment (2 minutes).
	Abandon time.Duration
	// MaxMessage is the largest message a live connection may send, in
	// bytes (4096); a larger one closes the connection.
	MaxMessage int64
	// Rate is the most messages a live connection may send per second
	// (20, in a bucket of 20); one over it is refused with "busy" and the
	// connection is not read until the rate allows the next.
	Rate int
	// Keep is how long a finished game's record is kept (30 days).
	Keep time.Duration
	// TrustedProxies are the addresses of reverse proxies whose
	// X-Forwarded-For header gives the client's address; from any other
	// peer the header is ignored (none by default).
	TrustedProxies []netip.Prefix
	// OriginPatterns are the hosts, besides the request's own, whose
	// pages may open a live connection (websocket.AcceptOptions); none
	// by default: the handshake's Origin must be the server's host.
	OriginPatterns []string
	// RateClock is the time of the message rate (default: Clock). The
	// browser tests' server moves Clock by hand and keeps the rate on the
	// system's time.
	RateClock Clock
	// Logf logs the server's own errors (default: none).
	Logf func(format string, args ...any)
}

// Defaults of Options.
const (
	DefaultMaxRooms     = 10_000
	DefaultMaxPerClient = 10
	DefaultIdle         = 30 * time.Minute
	DefaultAbandon      = 2 * time.Minute
	DefaultMaxMessage   = 4096
	DefaultRate         = 20
	DefaultKeep         = 30 * 24 * time.Hour
)

// Limits on what a room is made of.
const (
	maxBody    = 4096             // bytes of a create or join request
	maxBaseMs  = 24 * 3600 * 1000 // a clock's base: at most a day
	maxIncMs   = 3600 * 1000      // a clock's increment: at most an hour
	maxMoveLen = 64               // bytes of a move's text
	queueLen   = 256              // messages queued for a slow connection
	cookieName = "mancala_player"
)

// Server serves the rooms. Make one with [New]; it is an http.Handler of
// the paths under /api/v1/rooms.
type Server struct {
	opt   Options
	clock Clock
	db    *store

	mu      sync.Mutex
	rooms   map[string]*room // rooms in memory, by id
	invites map[string]string

	cmu     sync.Mutex // leaf lock: the counts
	open    int
	byAddr  map[string]int
	closing bool

	purge func() bool
}

// New opens (or creates) the database of opt.DB and returns the server
// of its rooms: the games in progress are taken up where they were, their
// clocks running from the time of their last move.
func New(opt Options) (*Server, error) {
	if opt.DB == "" {
		return nil, errors.New("rooms: no database path")
	}
	if opt.Clock == nil {
		opt.Clock = SystemClock{}
	}
	if opt.RateClock == nil {
		opt.RateClock = opt.Clock
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defd := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&opt.MaxRooms, DefaultMaxRooms)
	def(&opt.MaxPerClient, DefaultMaxPerClient)
	def(&opt.Rate, DefaultRate)
	defd(&opt.Idle, DefaultIdle)
	defd(&opt.Abandon, DefaultAbandon)
	defd(&opt.Keep, DefaultKeep)
	if opt.MaxMessage <= 0 {
		opt.MaxMessage = DefaultMaxMessage
	}
	db, err := openStore(opt.DB)
	if err != nil {
		return nil, fmt.Errorf("rooms: database %s: %w", opt.DB, err)
	}
	s := &Server{opt: opt, clock: opt.Clock, db: db, rooms: map[string]*room{}, invites: map[string]string{}, byAddr: map[string]int{}}
	if _, err := db.purge(s.clock.Now().Add(-opt.Keep)); err != nil {
		db.close()
		return nil, err
	}
	var load []*data
	if err := db.each(func(d *data) {
		if d.Status != StatusOver {
			load = append(load, d)
		}
	}); err != nil {
		db.close()
		return nil, err
	}
	for _, d := range load {
		r, err := s.newRoom(d)
		if err != nil {
			s.logf("rooms: room %s not taken up: %v", d.ID, err)
			continue
		}
		s.rooms[d.ID] = r
		if d.Status == StatusWaiting {
			s.invites[d.Invite] = d.ID
		}
		s.opened(d.Creator)
		r.mu.Lock()
		now := s.clock.Now()
		r.goneAt = [2]time.Time{now, now}
		if !r.checkFlag() {
			r.armFlag()
			r.armGone(0)
			r.armGone(1)
		}
		r.armIdle()
		r.mu.Unlock()
	}
	s.armPurge()
	return s, nil
}

// Close stops the timers and closes the database; the live connections
// are the HTTP server's to close.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cmu.Lock()
	s.closing = true
	s.cmu.Unlock()
	if s.purge != nil {
		s.purge()
	}
	for _, r := range s.rooms {
		r.mu.Lock()
		r.stopTimers()
		if r.idle != nil {
			r.idle()
		}
		for sb := range r.subs {
			r.sendTo(sb, nil)
			if !sb.closed {
				sb.closed = true
				close(sb.ch)
			}
		}
		r.mu.Unlock()
	}
	return s.db.close()
}

func (s *Server) armPurge() {
	s.purge = s.clock.AfterFunc(time.Hour, func() {
		s.cmu.Lock()
		closing := s.closing
		s.cmu.Unlock()
		if closing {
			return
		}
		if _, err := s.db.purge(s.clock.Now().Add(-s.opt.Keep)); err != nil {
			s.logf("rooms: purge: %v", err)
		}
		s.armPurge()
	})
}

func (s *Server) logf(format string, args ...any) {
	if s.opt.Logf != nil {
		s.opt.Logf(format, args...)
	}
}

func (s *Server) newRoom(d *data) (*room, error) {
	g, err := newPlay(d.Game, d.Rules, d.Start, d.Moves)
	if err != nil {
		return nil, err
	}
	return &room{s: s, d: *d, g: g, subs: map[*sub]struct{}{}}, nil
}

// opened counts a new room of addr.
func (s *Server) opened(addr string) {
	s.cmu.Lock()
	s.open++
	s.byAddr[addr]++
	s.cmu.Unlock()
}

// closed counts a room of addr that is no longer waiting or in play.
func (s *Server) closed(addr string) {
	s.cmu.Lock()
	s.open--
	if s.byAddr[addr]--; s.byAddr[addr] <= 0 {
		delete(s.byAddr, addr)
	}
	s.cmu.Unlock()
}

// Counts returns the rooms waiting or in play, and how many of them addr
// created.
func (s *Server) Counts(addr string) (open, byAddr int) {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	return s.open, s.byAddr[addr]
}

// token returns n random bytes (crypto/rand) in base64url.
func token(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hash(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// validID reports whether id can be a room id or token: 22 base64url
// characters (128 bits).
func validID(id string) bool {
	if len(id) != 22 {
		return false
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ClientAddr returns the client's address of r: the peer's, or when the
// peer is a trusted proxy the last address of X-Forwarded-For that is not
// one (an unreadable header counts as absent).
func (s *Server) ClientAddr(r *http.Request) string {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		return host
	}
	addr := peer.Addr().Unmap()
	if !s.trusted(addr) {
		return addr.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		a = a.Unmap()
		if !s.trusted(a) {
			return a.String()
		}
		addr = a
	}
	return addr.String()
}

func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.opt.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// secret returns the player secret of r's cookie, or "".
func secret(r *http.Request) string {
	c, err := r.Cookie(cookieName)
	if err != nil || !validSecret(c.Value) {
		return ""
	}
	return c.Value
}

func validSecret(v string) bool {
	if len(v) != 43 {
		return false
	}
	return validID(v[:22]) && validID(v[21:])
}

// ensureSecret returns r's player secret, setting a new one (32 random
// bytes) in an HttpOnly, SameSite=Strict cookie when r has none.
func (s *Server) ensureSecret(w http.ResponseWriter, r *http.Request) string {
	if v := secret(r); v != "" {
		return v
	}
	v := token(32)
	secure := r.TLS != nil
	if peer, err := netip.ParseAddrPort(r.RemoteAddr); err == nil && s.trusted(peer.Addr().Unmap()) && r.Header.Get("X-Forwarded-Proto") == "https" {
		secure = true
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: v, Path: "/api/v1/rooms", MaxAge: int(s.opt.Keep / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: secure})
	return v
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	b, _ := json.Marshal(v)
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func writeErr(w http.ResponseWriter, e *wire.Error) { writeJSON(w, status(e), e) }

// sameOrigin reports whether r has no Origin header or one whose host is
// r's Host (or matches Options.OriginPatterns' exact hosts).
func (s *Server) sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	host := o
	if i := strings.Index(o, "://"); i >= 0 {
		host = o[i+3:]
	}
	if strings.EqualFold(host, r.Host) {
		return true
	}
	for _, p := range s.opt.OriginPatterns {
		if strings.EqualFold(p, host) {
			return true
		}
	}
	return false
}

// ServeHTTP answers the paths under /api/v1/rooms:
//
//	POST /api/v1/rooms                 create a room
//	POST /api/v1/rooms/join            take the seat of an invitation
//	GET  /api/v1/rooms/{id}            the room's state
//	GET  /api/v1/rooms/{id}/live       the live connection (WebSocket)
//	GET  /api/v1/rooms/{id}/record     the game record (text)
//
// Errors are JSON, {"error", "code"}, as the API's.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/v1/rooms")
	if !ok {
		writeErr(w, errorf(wire.CodeNotFound, "no such path"))
		return
	}
	method := func(m string) bool {
		if r.Method == m || m == http.MethodGet && r.Method == http.MethodHead {
			return true
		}
		w.Header().Set("Allow", m)
		writeErr(w, errorf(wire.CodeMethodNotAllowed, r.Method+" "+r.URL.Path+": use "+m))
		return false
	}
	switch {
	case rest == "" || rest == "/":
		if method(http.MethodPost) {
			s.create(w, r)
		}
		return
	case rest == "/join":
		if method(http.MethodPost) {
			s.join(w, r)
		}
		return
	}
	id, what, _ := strings.Cut(strings.TrimPrefix(rest, "/"), "/")
	if !validID(id) || (what != "" && what != "live" && what != "record") {
		writeErr(w, errorf(wire.CodeNotFound, "no such room"))
		return
	}
	if !method(http.MethodGet) {
		return
	}
	rm := s.get(id)
	if rm == nil {
		writeErr(w, errorf(wire.CodeNotFound, "no such room (finished games are kept "+s.opt.Keep.String()+")"))
		return
	}
	switch what {
	case "":
		seat := rm.seatOf(secret(r))
		rm.mu.Lock()
		st := rm.state(seat, 0)
		rm.mu.Unlock()
		writeJSON(w, http.StatusOK, st)
	case "record":
		rm.mu.Lock()
		text, err := rm.recordText()
		game := rm.d.Game
		rm.mu.Unlock()
		if err != nil {
			writeErr(w, codeOf(err))
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Set("Content-Disposition", `attachment; filename="`+game+"-"+id+`.txt"`)
		h.Set("Cache-Control", "no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		io.WriteString(w, text)
	case "live":
		s.live(w, r, rm)
	}
}

// get returns the room id from memory or the database, or nil.
func (s *Server) get(id string) *room {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.rooms[id]; r != nil {
		return r
	}
	d, err := s.db.get(id)
	if err != nil || d == nil || d.Status != StatusOver {
		// Rooms waiting or in play are all in memory.
		return nil
	}
	r, err := s.newRoom(d)
	if err != nil {
		return nil
	}
	s.rooms[id] = r
	r.mu.Lock()
	r.armIdle()
	r.mu.Unlock()
	return r
}

// seatOf returns the seat of the player whose secret is sec, or -1.
func (r *room) seatOf(sec string) int {
	if sec == "" {
		return -1
	}
	h := hash(sec)
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, v := range r.d.Seats {
		if v == h {
			return i
		}
	}
	return -1
}

// CreateRequest is the body of POST /api/v1/rooms.
type CreateRequest struct {
	Game  string     `json:"game"`            // kisolo, kiothi or kimasai
	Rules string     `json:"rules,omitempty"` // the rules= text ("" for the defaults)
	Seat  string     `json:"seat,omitempty"`  // S, N, or "random" (the default)
	Clock *ClockSpec `json:"clock,omitempty"` // null: no clock; else baseMs 1 s to 24 h, incMs 0 to 1 h
}

// Created is the answer to a create: the room's id (its watch link is
// /#room=ID), the invitation token (the link /#invite=TOKEN seats the
// other player, once) and the creator's seat.
type Created struct {
	Room   string `json:"room"`
	Invite string `json:"invite"`
	Seat   string `json:"seat"`
}

func decodeBody(r *http.Request, v any) *wire.Error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return errorf(wire.CodeBadRequest, "reading the body: "+err.Error())
	}
	if len(body) > maxBody {
		return errorf(wire.CodeTooLarge, "a body over "+strconv.Itoa(maxBody)+" bytes")
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(wire.CodeBadRequest, "bad JSON: "+err.Error())
	}
	if dec.More() {
		return errorf(wire.CodeBadRequest, "more than one JSON value")
	}
	return nil
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.sameOrigin(r) {
		writeErr(w, errorf(CodeForbidden, "a request from another site"))
		return
	}
	var req CreateRequest
	if e := decodeBody(r, &req); e != nil {
		writeErr(w, e)
		return
	}
	seat := -1
	switch req.Seat {
	case "S", "N":
		seat = seatIndex(req.Seat)
	case "", "random":
		var b [1]byte
		rand.Read(b[:])
		seat = int(b[0] & 1)
	default:
		writeErr(w, errorf(wire.CodeBadRequest, `seat: want "S", "N" or "random"`))
		return
	}
	if c := req.Clock; c != nil && (c.BaseMs < 1000 || c.BaseMs > maxBaseMs || c.IncMs < 0 || c.IncMs > maxIncMs) {
		writeErr(w, errorf(wire.CodeBadRequest, "clock: want baseMs from 1000 to 86400000 and incMs from 0 to 3600000"))
		return
	}
	g, err := newPlay(req.Game, req.Rules, "", nil)
	if err != nil {
		writeErr(w, codeOf(err))
		return
	}
	addr := s.ClientAddr(r)
	s.cmu.Lock()
	switch {
	case s.closing:
		s.cmu.Unlock()
		writeErr(w, errorf(wire.CodeBusy, "the server is stopping"))
		return
	case s.open >= s.opt.MaxRooms:
		s.cmu.Unlock()
		writeErr(w, errorf(wire.CodeBusy, "the server has "+strconv.Itoa(s.opt.MaxRooms)+" rooms open, its limit: try again later"))
		return
	case s.byAddr[addr] >= s.opt.MaxPerClient:
		s.cmu.Unlock()
		writeErr(w, errorf(wire.CodeBusy, "you have "+strconv.Itoa(s.opt.MaxPerClient)+" rooms open, the limit: finish one first"))
		return
	}
	s.open++
	s.byAddr[addr]++
	s.cmu.Unlock()
	sec := s.ensureSecret(w, r)
	now := s.clock.Now()
	d := data{ID: token(16), Invite: token(16), Game: req.Game, Rules: req.Rules, Start: g.start(),
		Creator: addr, Clock: req.Clock, Status: StatusWaiting, Created: now.UnixMilli()}
	d.Seats[seat] = hash(sec)
	if d.Clock != nil {
		d.Left = [2]int64{d.Clock.BaseMs, d.Clock.BaseMs}
	}
	rm := &room{s: s, d: d, g: g, subs: map[*sub]struct{}{}}
	if err := s.db.put(&rm.d); err != nil {
		s.closed(addr)
		writeErr(w, errorf(wire.CodeBusy, "the database refused the room: "+err.Error()))
		return
	}
	s.mu.Lock()
	s.rooms[d.ID] = rm
	s.invites[d.Invite] = d.ID
	rm.mu.Lock()
	rm.armIdle()
	rm.mu.Unlock()
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, Created{Room: d.ID, Invite: d.Invite, Seat: seatNames[seat]})
}

// JoinRequest is the body of POST /api/v1/rooms/join.
type JoinRequest struct {
	Invite string `json:"invite"` // the invitation token
}

// Joined is the answer to a join: the room and the seat taken.
type Joined struct {
	Room string `json:"room"`
	Seat string `json:"seat"`
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	if !s.sameOrigin(r) {
		writeErr(w, errorf(CodeForbidden, "a request from another site"))
		return
	}
	var req JoinRequest
	if e := decodeBody(r, &req); e != nil {
		writeErr(w, e)
		return
	}
	if !validID(req.Invite) {
		writeErr(w, errorf(wire.CodeNotFound, "no such invitation"))
		return
	}
	s.mu.Lock()
	id, ok := s.invites[req.Invite]
	rm := s.rooms[id]
	s.mu.Unlock()
	if !ok || rm == nil {
		// A used invitation of a room in the database: find it there.
		found := ""
		s.db.each(func(d *data) {
			if d.Invite == req.Invite {
				found = d.ID
			}
		})
		if found != "" {
			rm = s.get(found)
		}
		if rm == nil {
			writeErr(w, errorf(wire.CodeNotFound, "no such invitation (an unused invitation lasts "+s.opt.Idle.String()+" with nobody in the room)"))
			return
		}
	}
	sec := s.ensureSecret(w, r)
	h := hash(sec)
	rm.mu.Lock()
	defer rm.mu.Unlock()
	if rm.d.Invite != req.Invite {
		writeErr(w, errorf(wire.CodeNotFound, "no such invitation"))
		return
	}
	for i, v := range rm.d.Seats {
		if v == h {
			if !rm.d.Used {
				writeErr(w, errorf(CodeForbidden, "this is your own invitation: send it to the friend you play"))
				return
			}
			writeJSON(w, http.StatusOK, Joined{Room: rm.d.ID, Seat: seatNames[i]})
			return
		}
	}
	if rm.d.Used || rm.d.Status != StatusWaiting {
		writeErr(w, errorf(CodeUsed, "this invitation was used: both seats are taken (the watch link shows the game)"))
		return
	}
	free := 0
	if rm.d.Seats[0] != "" {
		free = 1
	}
	rm.d.Seats[free] = h
	rm.d.Used = true
	rm.d.Status = StatusPlaying
	rm.d.TurnAt = s.clock.Now().UnixMilli()
	rm.goneAt[free] = s.clock.Now()
	rm.save()
	s.mu.Lock()
	delete(s.invites, req.Invite)
	s.mu.Unlock()
	rm.armFlag()
	rm.armGone(0)
	rm.armGone(1)
	rm.broadcastState()
	writeJSON(w, http.StatusOK, Joined{Room: rm.d.ID, Seat: seatNames[free]})
}

// rematch creates the room of r's rematch, seats swapped, once both
// players asked for it, and tells r's connections its id. r.mu is not
// held (the new room goes into s.rooms under s.mu, which is never taken
// with a room's lock held).
func (s *Server) rematch(r *room) {
	r.mu.Lock()
	d := data{ID: token(16), Invite: token(16), Used: true, Game: r.d.Game, Rules: r.d.Rules, Start: r.d.Start,
		Seats: [2]string{r.d.Seats[1], r.d.Seats[0]}, Creator: r.d.Creator, Clock: r.d.Clock,
		Status: StatusPlaying, Prev: r.d.ID}
	r.mu.Unlock()
	fail := func(e *wire.Error) {
		r.mu.Lock()
		r.rematching = false
		r.d.Rematch = [2]bool{}
		r.save()
		b, _ := json.Marshal(struct {
			Type  string `json:"type"`
			About string `json:"about"`
			Code  string `json:"code"`
			Error string `json:"error"`
		}{"error", "rematch", e.Code, e.Message})
		r.send(b)
		r.broadcastState()
		r.mu.Unlock()
	}
	g, err := newPlay(d.Game, d.Rules, d.Start, nil)
	if err != nil {
		fail(codeOf(err))
		return
	}
	s.cmu.Lock()
	if s.closing || s.open >= s.opt.MaxRooms {
		s.cmu.Unlock()
		fail(errorf(wire.CodeBusy, "the server has too many rooms open: try again later"))
		return
	}
	s.open++
	s.byAddr[d.Creator]++
	s.cmu.Unlock()
	now := s.clock.Now()
	d.Created, d.TurnAt = now.UnixMilli(), now.UnixMilli()
	if d.Clock != nil {
		d.Left = [2]int64{d.Clock.BaseMs, d.Clock.BaseMs}
	}
	nr := &room{s: s, d: d, g: g, subs: map[*sub]struct{}{}}
	nr.goneAt = [2]time.Time{now, now}
	if err := s.db.put(&nr.d); err != nil {
		s.closed(d.Creator)
		fail(errorf(wire.CodeBusy, "the database refused the room: "+err.Error()))
		return
	}
	s.mu.Lock()
	s.rooms[d.ID] = nr
	s.mu.Unlock()
	nr.mu.Lock()
	nr.armFlag()
	nr.armGone(0)
	nr.armGone(1)
	nr.armIdle()
	nr.mu.Unlock()
	r.mu.Lock()
	r.rematching = false
	r.d.Next = d.ID
	r.save()
	r.broadcastState()
	r.mu.Unlock()
}

// idleRoom closes r if nobody has been connected for the idle time.
func (s *Server) idleRoom(r *room) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.subs) > 0 || r.lastLeft.IsZero() || s.clock.Now().Before(r.lastLeft.Add(s.opt.Idle)) {
		return
	}
	switch r.d.Status {
	case StatusWaiting:
		r.stopTimers()
		delete(s.invites, r.d.Invite)
		if err := s.db.delete(r.d.ID); err != nil {
			s.logf("rooms: deleting room: %v", err)
		}
		s.closed(r.d.Creator)
	case StatusPlaying:
		r.end("", ReasonIdle)
	}
	if r.idle != nil {
		r.idle()
		r.idle = nil
	}
	r.removed = true
	if s.rooms[r.d.ID] == r {
		delete(s.rooms, r.d.ID)
	}
}

// live serves the room's WebSocket.
func (s *Server) live(w http.ResponseWriter, r *http.Request, rm *room) {
	ply, err := strconv.Atoi(r.URL.Query().Get("ply"))
	if err != nil {
		ply = 0
	}
	seat := rm.seatOf(secret(r))
	// The server's read and write timeouts are for requests: a live
	// connection lasts as long as it is used (pings below find dead ones).
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.opt.OriginPatterns})
	if err != nil {
		return // Accept answered (403 for a foreign Origin)
	}
	defer c.CloseNow()
	c.SetReadLimit(s.opt.MaxMessage)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	sb := &sub{seat: seat, ch: make(chan []byte, queueLen)}
	if !rm.attach(sb, ply) {
		c.Close(websocket.StatusTryAgainLater, "room closed")
		return
	}
	defer rm.detach(sb)

	go func() {
		defer cancel()
		for b := range sb.ch {
			if b == nil {
				break
			}
			wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Write(wctx, websocket.MessageText, b)
			wcancel()
			if err != nil {
				return
			}
		}
		c.Close(websocket.StatusGoingAway, "closing")
	}()
	go func() {
		t := time.NewTicker(30 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				pctx, pcancel := context.WithTimeout(ctx, 15*time.Second)
				err := c.Ping(pctx)
				pcancel()
				if err != nil {
					cancel()
					return
				}
			}
		}
	}()

	// The message rate: a bucket of Rate tokens refilled at Rate a
	// second. A message over it is refused (busy), and the connection is
	// not read again until a token is back: a flood fills the TCP window
	// and waits on its own side, costing the server nothing.
	bucket := float64(s.opt.Rate)
	last := s.opt.RateClock.Now()
	for {
		typ, b, err := c.Read(ctx)
		if err != nil {
			return
		}
		now := s.opt.RateClock.Now()
		bucket = min(float64(s.opt.Rate), bucket+now.Sub(last).Seconds()*float64(s.opt.Rate))
		last = now
		if bucket < 1 {
			// The wait is scheduled before the refusal is sent: a client
			// (a test moving the clock) that sees it may count on it.
			wait := time.Duration((1 - bucket) / float64(s.opt.Rate) * float64(time.Second))
			ready := make(chan struct{})
			stop := s.opt.RateClock.AfterFunc(wait, func() { close(ready) })
			rm.mu.Lock()
			sendErr(rm, sb, errorf(wire.CodeBusy, "more than "+strconv.Itoa(s.opt.Rate)+" messages a second: this one is dropped"), "")
			rm.mu.Unlock()
			select {
			case <-ready:
			case <-ctx.Done():
				stop()
				return
			}
			continue
		}
		bucket--
		if typ != websocket.MessageText {
			rm.mu.Lock()
			sendErr(rm, sb, errorf(wire.CodeBadRequest, "messages are JSON text"), "")
			rm.mu.Unlock()
			continue
		}
		m, e := decodeMsg(b)
		if e != nil {
			rm.mu.Lock()
			sendErr(rm, sb, e, m.Type)
			rm.mu.Unlock()
			continue
		}
		rm.handle(sb, m)
	}
}

// attach adds sb to the room, queueing it the room's state with the moves
// since ply, and tells everyone of the new presence. It reports false for
// a room closed meanwhile.
func (r *room) attach(sb *sub, ply int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.removed || r.s.isClosing() {
		return false
	}
	r.subs[sb] = struct{}{}
	b, _ := json.Marshal(r.state(sb.seat, ply))
	r.sendTo(sb, b)
	if sb.seat >= 0 {
		r.present[sb.seat]++
		if r.gone[sb.seat] != nil {
			r.gone[sb.seat]()
			r.gone[sb.seat] = nil
		}
	}
	r.lastLeft = time.Time{}
	if r.idle != nil {
		r.idle()
		r.idle = nil
	}
	r.checkGone()
	r.broadcastPresence()
	return true
}

// detach removes sb from the room.
func (r *room) detach(sb *sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.subs[sb]; !ok {
		return
	}
	delete(r.subs, sb)
	if !sb.closed {
		sb.closed = true
		close(sb.ch)
	}
	now := r.now()
	if sb.seat >= 0 {
		if r.present[sb.seat]--; r.present[sb.seat] == 0 {
			r.goneAt[sb.seat] = now
			r.armGone(sb.seat)
		}
	}
	if len(r.subs) == 0 {
		r.lastLeft = now
		r.armIdle()
	}
	r.broadcastPresence()
}

// PresenceMsg tells a room's connections who is there.
type PresenceMsg struct {
	Type     string          `json:"type"` // "presence"
	Seats    map[string]Seat `json:"seats"`
	Watchers int             `json:"watchers"`
}

func (r *room) broadcastPresence() {
	p := PresenceMsg{Type: "presence", Seats: map[string]Seat{}}
	for i, n := range seatNames {
		p.Seats[n] = Seat{Taken: r.d.Seats[i] != "", Present: r.present[i] > 0}
	}
	for s := range r.subs {
		if s.seat < 0 {
			p.Watchers++
		}
	}
	b, _ := json.Marshal(p)
	r.send(b)
}

func (s *Server) isClosing() bool {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	return s.closing
}

// decodeMsg reads a message of a live connection: one JSON object with a
// known type, "ply" and "move" for a move (ply ≥ 0, the move at most 64
// bytes), nothing unknown. The error is a *wire.Error (bad_request).
func decodeMsg(b []byte) (msg, *wire.Error) {
	var m msg
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return msg{}, errorf(wire.CodeBadRequest, "bad message: "+err.Error())
	}
	if dec.More() {
		return msg{}, errorf(wire.CodeBadRequest, "bad message: more than one JSON value")
	}
	switch m.Type {
	case "move":
		if m.Ply == nil || *m.Ply < 0 {
			return msg{Type: m.Type}, errorf(wire.CodeBadRequest, `a move needs "ply", the moves the client has (0 or more)`)
		}
		if m.Move == "" || len(m.Move) > maxMoveLen {
			return msg{Type: m.Type}, errorf(wire.CodeBadRequest, `a move needs "move", its text (at most 64 bytes)`)
		}
	case "resign", "offer_draw", "accept_draw", "decline_draw", "rematch":
		if m.Ply != nil || m.Move != "" {
			return msg{Type: m.Type}, errorf(wire.CodeBadRequest, `only a move has "ply" and "move"`)
		}
	default:
		return msg{}, errorf(wire.CodeBadRequest, "unknown message type "+strconv.Quote(m.Type)+" (want move, resign, offer_draw, accept_draw, decline_draw or rematch)")
	}
	return m, nil
}
