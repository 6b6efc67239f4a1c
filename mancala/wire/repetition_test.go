package wire_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// kiothiCycle is the worked example KT-R of docs/rules/kiothi.md.
const (
	kiothiCycleStart = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true,Repetition:Three"
	kiothiCycle      = "a5:1 b4:1 a2:1 b2:1 a4:1 b3:1 a10:1 b10:1 a9:1 b9:1 a3:1 b8:1 a8:1 b7:1 a7:1 b6:1 a6:1 b1:1 a1:1 b5:1"
)

// TestApplyRepetition checks that apply learns a game's history from start
// and moves and applies C-10: the move that makes a position for the third
// time ends the game, with sweep events (Kiothi, KI-18) before the end
// event; without the history the same move goes on; a history that does
// not lead to the position is refused.
func TestApplyRepetition(t *testing.T) {
	s := newService(t, wire.Limits{MaxRecordMoves: 100})
	moves := strings.Fields(kiothiCycle + " " + kiothiCycle)
	// The position before the last move: the start after 39 plies.
	st, err := s.State(wire.StateRequest{Position: kiothiCycleStart})
	if err != nil {
		t.Fatal(err)
	}
	pos := st.Position
	for _, m := range moves[:39] {
		r, err := s.Apply(wire.ApplyRequest{Position: pos, Move: m})
		if err != nil {
			t.Fatal(err)
		}
		pos = r.After.Position
	}
	r, err := s.Apply(wire.ApplyRequest{Position: pos, Move: "b5:1", Start: kiothiCycleStart, Moves: moves[:39]})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.After.Position, "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=362 prisons=26,34 result=N:repetition rules=CaptureNeedsCrossing:true,Repetition:Three"; got != want {
		t.Errorf("after %s\nwant %s", got, want)
	}
	if r.After.Outcome.Result != "N:repetition" || r.After.Outcome.Reason != "repetition" {
		t.Errorf("outcome %+v", r.After.Outcome)
	}
	var swept []string
	for _, e := range r.Events {
		if e.Kind == "sweep" {
			swept = append(swept, e.From+">"+e.To)
		}
	}
	want := []string{"a2>store:S", "a4>store:S", "a5>store:S", "a7>store:S", "a8>store:S", "a9>store:S", "a10>store:S", "b4>store:N", "b2>store:N"}
	if diff := cmp.Diff(want, swept); diff != "" || r.Events[len(r.Events)-1].Kind != "end" {
		t.Errorf("sweep events (-want +got):\n%s\nevents %+v", diff, r.Events)
	}
	// Without the history the game goes on.
	if r, err := s.Apply(wire.ApplyRequest{Position: pos, Move: "b5:1"}); err != nil || r.After.Outcome.Status != "ongoing" {
		t.Errorf("without history: %+v, %v", r.After.Outcome, err)
	}
	for _, tt := range []struct {
		req  wire.ApplyRequest
		code string
		msg  string
	}{
		{wire.ApplyRequest{Position: pos, Move: "b5:1", Moves: moves[:39]}, "bad_request", "wire: moves without a start"},
		{wire.ApplyRequest{Position: pos, Move: "b5:1", Start: kiothiCycleStart, Moves: moves[:38]}, "bad_request", "wire: history: the moves from start lead to "},
		{wire.ApplyRequest{Position: pos, Move: "b5:1", Start: kiothiCycleStart, Moves: []string{"a5:1", "zz"}}, "syntax", "wire: history: move 2: "},
		{wire.ApplyRequest{Position: pos, Move: "b5:1", Start: kiothiCycleStart, Moves: []string{"a5:1", "a5:1"}}, "illegal", "wire: history: move 2: "},
		{wire.ApplyRequest{Position: pos, Move: "b5:1", Start: kiothiCycleStart, Moves: make([]string, 101)}, "too_large", "wire: 101 moves of history: at most 100"},
	} {
		_, err := s.Apply(tt.req)
		wantCode(t, err, tt.code, tt.msg)
	}
}
