package rooms

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Room statuses (the "status" of a room's state).
const (
	StatusWaiting = "waiting" // the invitation is not used yet
	StatusPlaying = "playing" // both seats taken, the game goes on
	StatusOver    = "over"    // finished (Reason says how)
)

// Reasons a room's game ended beside the game's own (the outcome reasons
// of package wire: "nomove", "inner", ..., "repetition").
const (
	ReasonResign    = "resign"    // the loser resigned
	ReasonTime      = "time"      // the loser's clock ran out (flag-fall)
	ReasonAbandon   = "abandon"   // the loser was away longer than the abandonment limit
	ReasonAgreement = "agreement" // a draw offered and accepted
	ReasonIdle      = "idle"      // nobody came back within the idle time: no result
)

// Room error codes beside package wire's (bad_request, syntax, illegal,
// game_over, too_large, not_found, busy): the "code" of an error.
const (
	// CodeForbidden (403): the sender does not sit in the room (a
	// spectator, or a client without the seat's cookie), or the
	// invitation is the sender's own.
	CodeForbidden = "forbidden"
	// CodeNotYourTurn (409): a move from the player not to move.
	CodeNotYourTurn = "not_your_turn"
	// CodeStale (409): a move whose ply is not the room's: the client
	// missed a move, or sent one twice.
	CodeStale = "stale"
	// CodeUsed (410): an invitation already used by another player.
	CodeUsed = "used"
)

var roomStatus = map[string]int{CodeForbidden: 403, CodeNotYourTurn: 409, CodeStale: 409, CodeUsed: 410}

func errorf(code, msg string) *wire.Error { return &wire.Error{Code: code, Message: "rooms: " + msg} }

// status returns the HTTP status of an error's code.
func status(e *wire.Error) int {
	if s, ok := roomStatus[e.Code]; ok {
		return s
	}
	return e.Status()
}

// ClockSpec is a room's clock: each player starts with BaseMs
// milliseconds and gains IncMs after each of their turns (a Kiothi
// opening turn of several steps is one turn).
type ClockSpec struct {
	BaseMs int64 `json:"baseMs"`
	IncMs  int64 `json:"incMs"`
}

// data is what the database keeps of a room.
type data struct {
	ID      string     `json:"id"`
	Invite  string     `json:"invite"`
	Used    bool       `json:"used"`
	Game    string     `json:"game"`
	Rules   string     `json:"rules"`
	Start   string     `json:"start"`
	Moves   []string   `json:"moves"`
	Seats   [2]string  `json:"seats"` // hashes of the players' secrets, S then N
	Creator string     `json:"creator"`
	Clock   *ClockSpec `json:"clock,omitempty"`
	Left    [2]int64   `json:"left"`   // ms left on each clock at TurnAt
	TurnAt  int64      `json:"turnAt"` // unix ms: when the running clock started
	Status  string     `json:"status"`
	Winner  string     `json:"winner"`
	Reason  string     `json:"reason"`
	Offer   string     `json:"offer"`
	Rematch [2]bool    `json:"rematch"`
	Next    string     `json:"next"`
	Prev    string     `json:"prev"`
	Created int64      `json:"created"`
	Ended   int64      `json:"ended"`
}

var seatNames = [2]string{"S", "N"}

func seatIndex(s string) int {
	switch s {
	case "S":
		return 0
	case "N":
		return 1
	}
	return -1
}

// sub is one live connection to a room.
type sub struct {
	seat   int // 0, 1, or -1 for a spectator
	ch     chan []byte
	closed bool
}

// room is a room in memory: its data, its game and its live connections.
// Its mutex guards everything.
type room struct {
	s  *Server
	mu sync.Mutex
	d  data
	g  play

	subs     map[*sub]struct{}
	present  [2]int       // live connections of each seat
	goneAt   [2]time.Time // when each seat's last connection closed
	flag     func() bool  // stops the flag-fall timer
	gone     [2]func() bool
	idle     func() bool
	lastLeft time.Time // when the last connection closed (zero while any is open)
	removed  bool      // taken out of the server's map (idle)
	// rematching is set while the rematch's room is being made.
	rematching bool
}

func (r *room) now() time.Time { return r.s.clock.Now() }

// clocks returns each side's time left now, in ms.
func (r *room) clocks(now time.Time) [2]int64 {
	left := r.d.Left
	if r.d.Clock != nil && r.d.Status == StatusPlaying {
		i := seatIndex(r.g.toMove())
		left[i] -= now.UnixMilli() - r.d.TurnAt
		if left[i] < 0 {
			left[i] = 0
		}
	}
	return left
}

// State is a room as the API shows it (GET /api/v1/rooms/{id}, and the
// "room" message of the live connection).
type State struct {
	Type     string           `json:"type"` // "room"
	ID       string           `json:"id"`
	Game     string           `json:"game"`
	Rules    string           `json:"rules"`
	Start    string           `json:"start"`
	Plies    int              `json:"plies"`           // moves played
	From     int              `json:"from"`            // Moves are those after ply From
	Moves    []string         `json:"moves"`           // the moves since From
	Position string           `json:"position"`        // the current position
	ToMove   string           `json:"toMove"`          // S or N
	Status   string           `json:"status"`          // waiting, playing, over
	Seats    map[string]Seat  `json:"seats"`           // by S and N
	Watchers int              `json:"watchers"`        // spectators connected
	You      string           `json:"you"`             // the asker's seat: S, N or "" (a spectator)
	Invite   string           `json:"invite,omitzero"` // the invitation token, to the seated player while waiting
	Clock    *ClockSpec       `json:"clock"`           // null: no clock
	Clocks   map[string]int64 `json:"clocks"`          // ms left, by S and N, at the time of the message
	Running  string           `json:"running"`         // the side whose clock runs, or ""
	Offer    string           `json:"offer"`           // the side offering a draw, or ""
	Rematch  map[string]bool  `json:"rematch"`         // who asked for a rematch
	Next     string           `json:"next"`            // the rematch's room, once both asked
	Winner   string           `json:"winner"`          // S, N, or "" (a draw, or no result)
	Reason   string           `json:"reason"`          // how it ended (a game reason, or resign, time, abandon, agreement, idle)
	Result   string           `json:"result"`          // the moves' result= notation ("*" unless the game itself ended)
	Abandon  int64            `json:"abandonMs"`       // the abandonment limit, ms
}

// Seat is one seat of a room's State.
type Seat struct {
	Taken   bool `json:"taken"`
	Present bool `json:"present"`
}

// state returns the room's state for seat (-1: a spectator) with the
// moves after ply from (out of range: all of them).
func (r *room) state(seat, from int) State {
	if from < 0 || from > r.g.plies() {
		from = 0
	}
	now := r.now()
	c := r.clocks(now)
	st := State{
		Type: "room", ID: r.d.ID, Game: r.d.Game, Rules: r.d.Rules, Start: r.g.start(),
		Plies: r.g.plies(), From: from, Moves: append([]string{}, r.g.moves()[from:]...),
		Position: r.g.position(), ToMove: r.g.toMove(), Status: r.d.Status,
		Seats: map[string]Seat{}, Clock: r.d.Clock,
		Clocks:  map[string]int64{"S": c[0], "N": c[1]},
		Offer:   r.d.Offer,
		Rematch: map[string]bool{"S": r.d.Rematch[0], "N": r.d.Rematch[1]},
		Next:    r.d.Next, Winner: r.d.Winner, Reason: r.d.Reason, Result: r.g.outcome().Result(),
		Abandon: r.s.opt.Abandon.Milliseconds(),
	}
	for i, n := range seatNames {
		st.Seats[n] = Seat{Taken: r.d.Seats[i] != "", Present: r.present[i] > 0}
	}
	for s := range r.subs {
		if s.seat < 0 {
			st.Watchers++
		}
	}
	if seat >= 0 {
		st.You = seatNames[seat]
		if r.d.Status == StatusWaiting {
			st.Invite = r.d.Invite
		}
	}
	if r.d.Clock != nil && r.d.Status == StatusPlaying {
		st.Running = r.g.toMove()
	}
	return st
}

// MoveMsg is the message of a move to every live connection of its room.
type MoveMsg struct {
	Type     string           `json:"type"` // "move"
	Ply      int              `json:"ply"`  // the moves played, this one included
	Move     string           `json:"move"`
	By       string           `json:"by"`       // S or N
	Position string           `json:"position"` // after the move
	ToMove   string           `json:"toMove"`
	Clocks   map[string]int64 `json:"clocks"`
	Running  string           `json:"running"`
	Status   string           `json:"status"`
	Winner   string           `json:"winner"`
	Reason   string           `json:"reason"`
	Result   string           `json:"result"`
}

// send queues b to every live connection; one whose queue is full (a
// client not reading) is dropped: it reconnects and resumes.
func (r *room) send(b []byte) {
	for s := range r.subs {
		r.sendTo(s, b)
	}
}

func (r *room) sendTo(s *sub, b []byte) {
	if s.closed {
		return
	}
	select {
	case s.ch <- b:
	default:
		s.closed = true
		close(s.ch)
	}
}

// broadcastState sends each connection the room's state (no moves: they
// have them all), rendered once per seat.
func (r *room) broadcastState() {
	var enc [3][]byte
	for s := range r.subs {
		i := s.seat + 1
		if enc[i] == nil {
			st := r.state(s.seat, r.g.plies())
			enc[i], _ = json.Marshal(st)
		}
		r.sendTo(s, enc[i])
	}
}

func sendErr(r *room, s *sub, e *wire.Error, about string) {
	b, _ := json.Marshal(struct {
		Type  string `json:"type"`
		About string `json:"about"`
		Code  string `json:"code"`
		Error string `json:"error"`
	}{"error", about, e.Code, e.Message})
	r.sendTo(s, b)
}

// save writes the room to the database; an error is logged (the room
// goes on in memory).
func (r *room) save() {
	r.d.Moves = r.g.moves()
	if err := r.s.db.put(&r.d); err != nil {
		r.s.logf("rooms: saving room: %v", err)
	}
}

// end finishes the game: winner ("" for none), reason. r.mu is held.
func (r *room) end(winner, reason string) {
	was := r.d.Status
	now := r.now()
	if r.d.Clock != nil && was == StatusPlaying {
		r.d.Left = r.clocks(now)
		r.d.TurnAt = now.UnixMilli()
	}
	r.d.Status, r.d.Winner, r.d.Reason, r.d.Offer = StatusOver, winner, reason, ""
	r.d.Ended = now.UnixMilli()
	r.stopTimers()
	if was != StatusOver {
		r.s.closed(r.d.Creator)
	}
	r.save()
	r.armIdle()
}

func (r *room) stopTimers() {
	if r.flag != nil {
		r.flag()
		r.flag = nil
	}
	for i := range r.gone {
		if r.gone[i] != nil {
			r.gone[i]()
			r.gone[i] = nil
		}
	}
}

// gameEnded records the end the game itself reached after a move.
func (r *room) gameEnded(o mancala.Outcome) {
	w := ""
	if o.Status == mancala.Win {
		w = o.Winner.Letter()
	}
	r.end(w, o.Reason.String())
}

// armFlag schedules the flag-fall of the side to move. r.mu is held.
func (r *room) armFlag() {
	if r.flag != nil {
		r.flag()
		r.flag = nil
	}
	if r.d.Clock == nil || r.d.Status != StatusPlaying {
		return
	}
	left := r.clocks(r.now())[seatIndex(r.g.toMove())]
	r.flag = r.s.clock.AfterFunc(time.Duration(left)*time.Millisecond, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.checkFlag()
	})
}

// checkFlag ends the game on time if the clock of the side to move has
// run out; it reports whether it did. r.mu is held.
func (r *room) checkFlag() bool {
	if r.d.Clock == nil || r.d.Status != StatusPlaying {
		return false
	}
	i := seatIndex(r.g.toMove())
	if r.clocks(r.now())[i] > 0 {
		return false
	}
	r.end(seatNames[1-i], ReasonTime)
	r.broadcastState()
	return true
}

// armGone schedules the abandonment check of seat i, gone since
// r.goneAt[i]. r.mu is held.
func (r *room) armGone(i int) {
	if r.gone[i] != nil {
		r.gone[i]()
		r.gone[i] = nil
	}
	if r.d.Status != StatusPlaying || r.present[i] > 0 {
		return
	}
	d := r.goneAt[i].Add(r.s.opt.Abandon).Sub(r.now())
	r.gone[i] = r.s.clock.AfterFunc(max(d, 0), func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.checkGone()
	})
}

// checkGone ends the game by abandonment when a seated player has been
// away longer than the limit while the other is present (when both are
// away, neither loses; the idle time closes the room). r.mu is held.
func (r *room) checkGone() {
	if r.d.Status != StatusPlaying {
		return
	}
	now := r.now()
	for i := range 2 {
		if r.present[i] == 0 && r.present[1-i] > 0 && !now.Before(r.goneAt[i].Add(r.s.opt.Abandon)) {
			r.end(seatNames[1-i], ReasonAbandon)
			r.broadcastState()
			return
		}
	}
}

// armIdle schedules the room's idle check when nobody is connected.
// r.mu is held.
func (r *room) armIdle() {
	if r.idle != nil {
		r.idle()
		r.idle = nil
	}
	if len(r.subs) > 0 {
		return
	}
	if r.lastLeft.IsZero() {
		r.lastLeft = r.now()
	}
	d := r.lastLeft.Add(r.s.opt.Idle).Sub(r.now())
	r.idle = r.s.clock.AfterFunc(max(d, 0), func() { r.s.idleRoom(r) })
}

// msg is a message from a live connection.
type msg struct {
	Type string `json:"type"`
	Ply  *int   `json:"ply,omitempty"`
	Move string `json:"move,omitempty"`
}

// handle acts on m from s. It never panics; a refusal is sent to s
// alone and changes nothing.
func (r *room) handle(s *sub, m msg) {
	r.mu.Lock()
	rematch := r.handleLocked(s, m)
	r.mu.Unlock()
	if rematch {
		r.s.rematch(r)
	}
}

// handleLocked is handle with r.mu held; it reports whether both players
// have now asked for a rematch (handle then makes its room).
func (r *room) handleLocked(s *sub, m msg) bool {
	if r.checkFlag() {
		if m.Type == "move" || m.Type == "resign" || m.Type == "offer_draw" || m.Type == "accept_draw" {
			sendErr(r, s, errorf(wire.CodeGameOver, "the game is over: "+r.d.Reason), m.Type)
			return false
		}
	}
	if s.seat < 0 {
		sendErr(r, s, errorf(CodeForbidden, "only the two players can do that; spectators watch"), m.Type)
		return false
	}
	me := seatNames[s.seat]
	switch m.Type {
	case "move":
		r.move(s, me, *m.Ply, m.Move)
	case "resign":
		if r.d.Status != StatusPlaying {
			sendErr(r, s, errorf(wire.CodeGameOver, "no game in progress to resign"), m.Type)
			return false
		}
		r.end(seatNames[1-s.seat], ReasonResign)
		r.broadcastState()
	case "offer_draw":
		switch {
		case r.d.Status != StatusPlaying:
			sendErr(r, s, errorf(wire.CodeGameOver, "no game in progress"), m.Type)
		case r.d.Offer == seatNames[1-s.seat]:
			r.end("", ReasonAgreement)
			r.broadcastState()
		default:
			r.d.Offer = me
			r.save()
			r.broadcastState()
		}
	case "accept_draw":
		switch {
		case r.d.Status != StatusPlaying:
			sendErr(r, s, errorf(wire.CodeGameOver, "no game in progress"), m.Type)
		case r.d.Offer != seatNames[1-s.seat]:
			sendErr(r, s, errorf(wire.CodeBadRequest, "no draw offered by the other player"), m.Type)
		default:
			r.end("", ReasonAgreement)
			r.broadcastState()
		}
	case "decline_draw":
		if r.d.Offer != seatNames[1-s.seat] {
			sendErr(r, s, errorf(wire.CodeBadRequest, "no draw offered by the other player"), m.Type)
			return false
		}
		r.d.Offer = ""
		r.save()
		r.broadcastState()
	case "rematch":
		switch {
		case r.d.Status != StatusOver:
			sendErr(r, s, errorf(wire.CodeBadRequest, "a rematch is for a finished game"), m.Type)
		case r.d.Next != "":
			sendErr(r, s, errorf(wire.CodeBadRequest, "the rematch is room "+r.d.Next), m.Type)
		case r.d.Seats[1-s.seat] == "":
			sendErr(r, s, errorf(wire.CodeBadRequest, "nobody took the other seat"), m.Type)
		case r.rematching:
			sendErr(r, s, errorf(wire.CodeBadRequest, "the rematch is being set up"), m.Type)
		default:
			r.d.Rematch[s.seat] = true
			if r.d.Rematch[0] && r.d.Rematch[1] {
				r.rematching = true
				return true
			}
			r.save()
			r.broadcastState()
		}
	}
	return false
}

// move plays move for me at ply. r.mu is held.
func (r *room) move(s *sub, me string, ply int, move string) {
	switch {
	case r.d.Status == StatusWaiting:
		sendErr(r, s, errorf(wire.CodeIllegal, "the other player has not joined yet"), "move")
		return
	case r.d.Status == StatusOver:
		sendErr(r, s, errorf(wire.CodeGameOver, "the game is over"), "move")
		return
	case ply != r.g.plies():
		sendErr(r, s, errorf(CodeStale, "ply "+itoa(ply)+" is not the room's ("+itoa(r.g.plies())+"): resume from it"), "move")
		return
	case r.g.toMove() != me:
		sendErr(r, s, errorf(CodeNotYourTurn, "it is the other player's turn"), "move")
		return
	}
	now := r.now()
	before := r.g.toMove()
	left := r.clocks(now)
	if err := r.g.apply(move); err != nil {
		sendErr(r, s, codeOf(err), "move")
		return
	}
	cleared := false
	if r.d.Offer != "" && r.d.Offer != me {
		r.d.Offer, cleared = "", true // a move declines the other's offer
	}
	if r.d.Clock != nil && r.g.toMove() != before {
		i := seatIndex(before)
		r.d.Left = left
		r.d.Left[i] += r.d.Clock.IncMs
		r.d.TurnAt = now.UnixMilli()
	}
	if o := r.g.outcome(); o.Over() {
		r.gameEnded(o)
	} else {
		r.save()
		r.armFlag()
	}
	c := r.clocks(now)
	mm := MoveMsg{Type: "move", Ply: r.g.plies(), Move: r.g.moves()[r.g.plies()-1], By: me,
		Position: r.g.position(), ToMove: r.g.toMove(),
		Clocks: map[string]int64{"S": c[0], "N": c[1]},
		Status: r.d.Status, Winner: r.d.Winner, Reason: r.d.Reason, Result: r.g.outcome().Result()}
	if r.d.Clock != nil && r.d.Status == StatusPlaying {
		mm.Running = r.g.toMove()
	}
	b, _ := json.Marshal(mm)
	r.send(b)
	if r.d.Status == StatusOver || cleared {
		r.broadcastState()
	}
}

// recordText returns the room's game record: Result is the moves'
// result; a game ended otherwise says how in the Termination and Winner
// headers.
func (r *room) recordText() (string, error) {
	var extra []record.Tag
	if r.d.Status == StatusOver && r.d.Reason != r.g.outcome().Reason.String() {
		w := r.d.Winner
		if w == "" {
			w = "none"
		}
		extra = append(extra, record.Tag{Key: "Termination", Value: r.d.Reason}, record.Tag{Key: "Winner", Value: w})
	}
	extra = append(extra, record.Tag{Key: "Room", Value: r.d.ID})
	return r.g.record("", "", time.UnixMilli(r.d.Created), extra)
}
