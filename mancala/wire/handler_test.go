//go:build !(js && wasm)

package wire_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func TestGames(t *testing.T) {
	c := newClient(t, wire.Limits{})
	code, body := c.do(http.MethodGet, "/api/v1/games", "")
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var r wire.GamesResponse
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	type summary struct {
		Name, Title, Counter, Start string
		Rows, Files, Pits           int
		Stores, Reserves            []string
		Direction                   string
		Options                     []string
		FirstS, FirstN              string
	}
	var got []summary
	for _, g := range r.Games {
		s := summary{Name: g.Name, Title: g.Title, Counter: g.Counter, Start: g.Start, Rows: g.Layout.Rows,
			Files: g.Layout.Files, Pits: len(g.Layout.Pits), Stores: g.Layout.Stores, Reserves: g.Layout.Reserves,
			Direction: g.Layout.Direction, FirstS: g.Layout.Circuits.S[0], FirstN: g.Layout.Circuits.N[0]}
		for _, o := range g.Options {
			s.Options = append(s.Options, fmt.Sprintf("%s:%s=%s%v", o.Name, o.Kind, o.Default, o.Values))
		}
		got = append(got, s)
	}
	want := []summary{
		{"kisolo", "Kisolo", "seed", kisolo.Start().String(), 4, 7, 28, []string{}, []string{}, "counterclockwise",
			[]string{"CaptureOnAnyLanding:bool=false[false true]", "Columns:int=7[6 7 8]", "Endless:enum=Draw[Draw Illegal]",
				"MaxLaps:int=1000000[]", "Repetition:enum=None[None Three]", "SelfEmptiedInnerRow:enum=Loses[Loses Continues]",
				"Setup:enum=All3[All3 Outer3 Townshend1 Townshend2]", "Win:enum=InnerRowEmptied[InnerRowEmptied OuterRowEmptied]"},
			"a1", "d7"},
		{"kiothi", "Kiothi", "warrior", kiothi.Start().String(), 2, 10, 20, []string{"store:S", "store:N"}, []string{}, "counterclockwise",
			[]string{"Bonus:enum=Three[Three Run None]", "CaptureNeedsCrossing:bool=false[false true]", "Endless:enum=Draw[Draw Illegal]",
				"MaxLaps:int=1000000[]", "NkiClear:enum=AnyLift[AnyLift OwnerLift]", "OpeningPits:int=2[1 2]",
				"OpeningUpTo:bool=false[false true]", "Repetition:enum=None[None Three]", "Setup:enum=SixByFive[SixByFive FiveByFive FiveBySix]", "WholeLift:bool=false[false true]"},
			"a1", "b10"},
		{"kimasai", "Bao la Kimasai", "cow", kimasai.Start().String(), 4, 8, 32, []string{}, []string{"reserve:S", "reserve:N"}, "clockwise",
			[]string{"Endless:enum=Draw[Draw Illegal]", "FreeFirstTurn:enum=GameOnly[GameOnly EachPlayer]", "MaxLaps:int=1000000[]",
				"Repetition:enum=None[None Three]", "SelfEmptiedInnerRow:enum=Loses[Loses Continues]"},
			"b1", "c8"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("games (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"random", "alphabeta", "mcts", "mcts-eval"}, r.Agents); diff != "" {
		t.Errorf("agents (-want +got):\n%s", diff)
	}
	wantLimits := wire.LimitsInfo{MaxBody: 65536, MaxEvents: 20000, MaxDepth: 10, MaxIterations: 100000, MaxTimeMs: 2000, MaxRecordMoves: 10000}
	if r.Limits != wantLimits {
		t.Errorf("limits %+v, want %+v", r.Limits, wantLimits)
	}
	if code, _ := c.do(http.MethodHead, "/api/v1/games", ""); code != http.StatusOK {
		t.Errorf("HEAD: status %d", code)
	}
}

// brief is the part of a State compared in tables.
type brief struct {
	Position, Rules, ToMove string
	Turn, Hand, Total       int
	Phase                   int
	Seeds                   string
	Stores, Reserves        *wire.Sides
	Opening                 *wire.Opening
	Legal                   string
	Outcome                 wire.Outcome
}

func briefOf(s wire.State) brief {
	seeds := make([]string, len(s.Pits))
	for i, p := range s.Pits {
		seeds[i] = fmt.Sprint(p.Seeds)
		if p.Nki {
			seeds[i] += "*"
		}
	}
	return brief{s.Position, s.Rules, s.ToMove, s.Turn, s.Hand, s.Total, s.Phase, strings.Join(seeds, ","),
		s.Stores, s.Reserves, s.Opening, strings.Join(s.Legal, " "), s.Outcome}
}

func TestState(t *testing.T) {
	ongoing := wire.Outcome{Status: "ongoing", Result: "*"}
	tests := []struct {
		name string
		req  wire.StateRequest
		want brief
	}{
		{"kisolo start", wire.StateRequest{Game: "kisolo"}, brief{
			Position: kisolo.Start().String(), ToMove: "S", Total: 84,
			Seeds: strings.TrimSuffix(strings.Repeat("3,", 28), ","), Legal: "xb7 xb6 xb5 xb4 xb3 xb2 xb1", Outcome: ongoing}},
		{"kisolo 6 columns", wire.StateRequest{Game: "kisolo", Rules: "Columns:6"}, brief{
			Position: "kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6", Rules: "Columns:6",
			ToMove: "S", Total: 72, Seeds: strings.TrimSuffix(strings.Repeat("3,", 24), ","),
			Legal: "xb6 xb5 xb4 xb3 xb2 xb1", Outcome: ongoing}},
		{"kisolo won", wire.StateRequest{Position: "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"}, brief{
			Position: "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner", ToMove: "N", Turn: 11, Total: 4,
			Seeds:   "1,1,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
			Outcome: wire.Outcome{Status: "win", Winner: "S", Reason: "inner", Result: "S:inner", Text: "South wins: North's inner row is empty"}}},
		{"kiothi dropping", wire.StateRequest{Position: "kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1"}, brief{
			Position: "kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1", ToMove: "S", Hand: 9, Total: 60,
			Seeds: "1,0,0,0,0,0,5,5,5,5,0,0,0,0,5,5,5,5,5,5", Stores: &wire.Sides{},
			Opening: &wire.Opening{Step: "drop", Hand: 9, Lifted: []string{}, DropFrom: "a1",
				Pits: strings.Fields("a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 b10 b9 b8 b7 b6 b5 b4 b3 b2 b1")},
			Legal:   "+a1 +a2 +a3 +a4 +a5 +a6 +a7 +a8 +a9 +a10 +b10 +b9 +b8 +b7 +b6 +b5 +b4 +b3 +b2 +b1",
			Outcome: ongoing}},
		{"kiothi lifting, up to", wire.StateRequest{Position: "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5 rules=OpeningUpTo:true"}, brief{
			Position: "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5 rules=OpeningUpTo:true",
			Rules:    "OpeningUpTo:true", ToMove: "S", Hand: 5, Total: 60,
			Seeds: "0,0,0,0,0,5,5,5,5,5,0,0,0,0,5,5,5,5,5,5", Stores: &wire.Sides{},
			Opening: &wire.Opening{Step: "lift", Hand: 5, Lifted: []string{"a5"}, Pits: []string{"a6", "a7", "a8", "a9", "a10"}, CanStop: true},
			Legal:   "-a6 -a7 -a8 -a9 -a10 =", Outcome: ongoing}},
		{"kiothi nki and partial lifts", wire.StateRequest{Position: "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0"}, brief{
			Position: "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0", ToMove: "S", Turn: 2, Total: 5,
			Seeds: "0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,3*,0,0,0,0", Stores: &wire.Sides{}, Legal: "a3:1 a3:2", Outcome: ongoing}},
		{"kiothi won on the sweep", wire.StateRequest{Position: "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove"}, brief{
			Position: "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove", ToMove: "N", Turn: 3, Total: 5,
			Seeds: strings.TrimSuffix(strings.Repeat("0,", 20), ","), Stores: &wire.Sides{S: 5},
			Outcome: wire.Outcome{Status: "win", Winner: "S", Reason: "nomove", Result: "S:nomove", Score: &wire.Sides{S: 5},
				Text: "South wins 5 to 0: North has no move left, and the warriors left on the board went into South's prison"}}},
		{"kimasai start", wire.StateRequest{Game: "kimasai"}, brief{
			Position: kimasai.Start().String(), ToMove: "S", Total: 64, Phase: 1,
			Seeds:    "1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0",
			Reserves: &wire.Sides{S: 24, N: 24}, Legal: "b1 b2 b3 b4 b5 b6 b7 b8", Outcome: ongoing}},
		{"kimasai drawn", wire.StateRequest{Position: "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=9 reserves=21,20 result=draw:endless"}, brief{
			Position: "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=9 reserves=21,20 result=draw:endless",
			ToMove:   "N", Turn: 9, Total: 51, Phase: 1,
			Seeds:    "0,1,0,1,0,1,0,1,0,1,0,1,0,1,2,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
			Reserves: &wire.Sides{S: 21, N: 20},
			Outcome:  wire.Outcome{Status: "draw", Reason: "endless", Result: "draw:endless", Text: "Draw: a move would sow for ever (endless sowing)"}}},
	}
	c := newClient(t, wire.Limits{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, briefOf(c.state(tt.req))); diff != "" {
				t.Errorf("state (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStateLayoutAndMoves(t *testing.T) {
	c := newClient(t, wire.Limits{})
	s := c.state(wire.StateRequest{Game: "kisolo", Rules: "Columns:8"})
	if s.Layout.Files != 8 || len(s.Pits) != 32 {
		t.Fatalf("Columns:8: %d files, %d pits", s.Layout.Files, len(s.Pits))
	}
	if diff := cmp.Diff(wire.Pit{PitInfo: wire.PitInfo{Name: "b8", Index: 8, Row: 1, File: 8, Owner: "S", Inner: true}, Seeds: 3}, s.Pits[8]); diff != "" {
		t.Errorf("pit 8 (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wire.LegalMove{Text: "xb8", Kind: "capture", Pit: "b8", Index: 8}, s.Moves[0]); diff != "" {
		t.Errorf("first move (-want +got):\n%s", diff)
	}
	k := c.state(wire.StateRequest{Position: "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0"})
	want := []wire.LegalMove{{Text: "a3:1", Kind: "sow", Pit: "a3", Index: 2, Count: 1}, {Text: "a3:2", Kind: "sow", Pit: "a3", Index: 2, Count: 2}}
	if diff := cmp.Diff(want, k.Moves); diff != "" {
		t.Errorf("kiothi moves (-want +got):\n%s", diff)
	}
	if !k.Pits[15].Nki || k.Pits[15].Name != "b5" {
		t.Errorf("pit 15 = %+v, want b5 nki", k.Pits[15])
	}
	up := c.state(wire.StateRequest{Position: "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5 rules=OpeningUpTo:true"})
	if last := up.Moves[len(up.Moves)-1]; last != (wire.LegalMove{Text: "=", Kind: "stop", Index: -1}) {
		t.Errorf("stop = %+v", last)
	}
}

func TestApplyEvents(t *testing.T) {
	c := newClient(t, wire.Limits{})
	tests := []struct {
		name, pos, move string
		events          []wire.Event
		summary, after  string
	}{
		{"kisolo KS6 capture", "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "xb1",
			[]wire.Event{{Kind: "capture", From: "c1", To: "hand", Count: 2}, {Kind: "capture", From: "d1", To: "hand", Count: 1},
				{Kind: "drop", From: "hand", To: "b1", Count: 1}, {Kind: "drop", From: "hand", To: "a1", Count: 1},
				{Kind: "drop", From: "hand", To: "a2", Count: 1}, {Kind: "end", Reason: "inner"}},
			"1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty",
			"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"},
		{"kiothi opening lift", kiothi.Start().String(), "-a5",
			[]wire.Event{{Kind: "lift", From: "a5", To: "hand", Count: 5}, {Kind: "end", Reason: "step"}},
			"lifted 5 warriors from a5",
			"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5"},
		{"kimasai reserve cow", kimasai.Start().String(), "b3",
			[]wire.Event{{Kind: "lift", From: "b3", To: "hand", Count: 1}, {Kind: "drop", From: "hand", To: "b4", Count: 1},
				{Kind: "relay", From: "b4", To: "hand", Count: 2}, {Kind: "drop", From: "hand", To: "b5", Count: 1}, {Kind: "drop", From: "hand", To: "b6", Count: 1},
				{Kind: "relay", From: "b6", To: "hand", Count: 2}, {Kind: "drop", From: "hand", To: "b7", Count: 1}, {Kind: "drop", From: "hand", To: "b8", Count: 1},
				{Kind: "relay", From: "b8", To: "hand", Count: 2}, {Kind: "drop", From: "hand", To: "a8", Count: 1}, {Kind: "drop", From: "hand", To: "a7", Count: 1},
				{Kind: "end", Reason: "empty"}},
			"4 laps, 7 cows sown; 3 relays; ended in an empty pit",
			"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,0,0,2,0,2,0/0,0,0,0,0,0,1,1 N turn=1 reserves=24,24"},
		{"kimasai reserve cow put in", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,0,0,2,0,2,0/0,0,0,0,0,0,1,1 N turn=1 reserves=24,24", "c8",
			[]wire.Event{{Kind: "reserve", From: "reserve:N", To: "c8", Count: 1}, {Kind: "lift", From: "c8", To: "hand", Count: 2},
				{Kind: "drop", From: "hand", To: "c7", Count: 1}, {Kind: "drop", From: "hand", To: "c6", Count: 1},
				{Kind: "relay", From: "c6", To: "hand", Count: 2}, {Kind: "drop", From: "hand", To: "c5", Count: 1}, {Kind: "drop", From: "hand", To: "c4", Count: 1},
				{Kind: "relay", From: "c4", To: "hand", Count: 2}, {Kind: "drop", From: "hand", To: "c3", Count: 1}, {Kind: "drop", From: "hand", To: "c2", Count: 1},
				{Kind: "relay", From: "c2", To: "hand", Count: 2}, {Kind: "drop", From: "hand", To: "c1", Count: 1}, {Kind: "drop", From: "hand", To: "d1", Count: 1},
				{Kind: "end", Reason: "empty"}},
			"put 1 cow from North's reserve into c8; 4 laps, 8 cows sown; 3 relays; ended in an empty pit", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.apply(tt.pos, tt.move)
			if diff := cmp.Diff(tt.events, r.Events); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
			if r.Summary != tt.summary || r.Truncated || r.EventCount != len(tt.events) || r.Move != tt.move {
				t.Errorf("summary %q, truncated %v, %d events, move %q; want %q", r.Summary, r.Truncated, r.EventCount, r.Move, tt.summary)
			}
			if tt.after != "" && r.After.Position != tt.after {
				t.Errorf("after %q, want %q", r.After.Position, tt.after)
			}
		})
	}
}

// replay plays events on the counts of a state, by place name.
func replay(t *testing.T, s wire.State, events []wire.Event) map[string]int {
	t.Helper()
	m := placesOf(s)
	for i, e := range events {
		switch e.Kind {
		case "nkiset":
			m[e.From+"*"] = 1
		case "nkiclear":
			m[e.From+"*"] = 0
		case "end":
			if i != len(events)-1 {
				t.Fatalf("end event %d of %d", i, len(events))
			}
		default:
			if _, ok := m[e.From]; !ok {
				t.Fatalf("event %d %+v: no place %q", i, e, e.From)
			}
			if _, ok := m[e.To]; !ok {
				t.Fatalf("event %d %+v: no place %q", i, e, e.To)
			}
			if m[e.From] < e.Count {
				t.Fatalf("event %d %+v: %s holds %d", i, e, e.From, m[e.From])
			}
			m[e.From] -= e.Count
			m[e.To] += e.Count
		}
	}
	return m
}

// placesOf maps every place of a state to its seeds, and "b5*" to 1 for an
// nki pit.
func placesOf(s wire.State) map[string]int {
	m := map[string]int{"hand": s.Hand}
	for _, p := range s.Pits {
		m[p.Name] = p.Seeds
		m[p.Name+"*"] = 0
		if p.Nki {
			m[p.Name+"*"] = 1
		}
	}
	if s.Stores != nil {
		m["store:S"], m["store:N"] = s.Stores.S, s.Stores.N
	}
	if s.Reserves != nil {
		m["reserve:S"], m["reserve:N"] = s.Reserves.S, s.Reserves.N
	}
	return m
}

// randomGames plays games through the API, choosing moves from the
// state's legal list, and checks every ply against the library.
func randomGames[P mancala.Position[P, M], M mancala.Move](t *testing.T, c *client, d *mancala.Descriptor[P, M], rules []string, games, maxPlies int) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := range games {
		r := rules[g%len(rules)]
		s := c.state(wire.StateRequest{Game: d.Name, Rules: r})
		p, err := d.New(r)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < maxPlies && len(s.Legal) > 0; ply++ {
			if s.Position != p.String() {
				t.Fatalf("game %d ply %d: API %q, library %q", g, ply, s.Position, p)
			}
			var want []string
			for _, m := range p.AppendLegalMoves(nil) {
				want = append(want, m.String())
			}
			if diff := cmp.Diff(want, s.Legal); diff != "" {
				t.Fatalf("game %d ply %d %s: legal (-want +got):\n%s", g, ply, p, diff)
			}
			mv := s.Legal[rng.IntN(len(s.Legal))]
			a := c.apply(s.Position, mv)
			m, _ := d.ParseMove(mv)
			q, err := p.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			if a.After.Position != q.String() {
				t.Fatalf("game %d ply %d: %s after %s: API %q, library %q", g, ply, p, mv, a.After.Position, q)
			}
			if !a.Truncated {
				if diff := cmp.Diff(placesOf(a.After), replay(t, s, a.Events)); diff != "" {
					t.Fatalf("game %d ply %d: %s after %s: events do not replay to the state (-want +got):\n%s", g, ply, p, mv, diff)
				}
			}
			p, s = q, a.After
		}
		if s.Outcome.Status != p.Outcome().Status.String() || (p.Outcome().Over() && s.Outcome.Text == "") {
			t.Errorf("game %d: outcome %+v, library %v", g, s.Outcome, p.Outcome())
		}
	}
}

func TestRandomGames(t *testing.T) {
	c := newClient(t, wire.Limits{})
	n := 12
	if testing.Short() {
		n = 3
	}
	t.Run("kisolo", func(t *testing.T) {
		randomGames(t, c, &kisolo.Descriptor, []string{"", "Columns:6", "Columns:8,CaptureOnAnyLanding:true", "Win:OuterRowEmptied"}, n, 400)
	})
	t.Run("kiothi", func(t *testing.T) {
		randomGames(t, c, &kiothi.Descriptor, []string{"", "OpeningUpTo:true", "OpeningPits:1,WholeLift:true", "Bonus:Run,Setup:FiveBySix"}, n, 400)
	})
	t.Run("kimasai", func(t *testing.T) {
		randomGames(t, c, &kimasai.Descriptor, []string{"", "FreeFirstTurn:EachPlayer", "Endless:Illegal"}, n, 400)
	})
}

func TestThink(t *testing.T) {
	c := newClient(t, wire.Limits{})
	for _, g := range games() {
		for _, req := range []wire.ThinkRequest{
			{Agent: "random", Seed: 3},
			{Agent: "alphabeta", Depth: 3},
			{Agent: "mcts", Iterations: 300, Seed: 1},
		} {
			t.Run(g.Name()+"/"+req.Agent, func(t *testing.T) {
				req.Position = g.Info().Start
				var r, again wire.ThinkResponse
				c.post("/api/v1/think", req, &r)
				c.post("/api/v1/think", req, &again)
				s := c.state(wire.StateRequest{Position: req.Position})
				if !strings.Contains(" "+strings.Join(s.Legal, " ")+" ", " "+r.Move+" ") {
					t.Errorf("move %q not in %v", r.Move, s.Legal)
				}
				if r.Move != again.Move {
					t.Errorf("not reproducible: %q then %q", r.Move, again.Move)
				}
				switch req.Agent {
				case "alphabeta":
					if r.Value == nil || r.Depth != 3 || r.Nodes == 0 {
						t.Errorf("alphabeta: %+v", r)
					}
					// The line: the move, then replies, 3 moves from the
					// start of every game, each legal in turn.
					if len(r.Line) != 3 || r.Line[0] != r.Move || !slices.Equal(r.Line, again.Line) {
						t.Errorf("alphabeta line %q (again %q), move %q", r.Line, again.Line, r.Move)
					}
					pos := req.Position
					for _, m := range r.Line {
						pos = c.apply(pos, m).After.Position
					}
				case "random", "mcts":
					if r.Line != nil {
						t.Errorf("%s: line %q", req.Agent, r.Line)
					}
				}
				switch req.Agent {
				case "mcts":
					if r.WinRate == nil || r.Iterations != 300 || r.Visits == 0 {
						t.Errorf("mcts: %+v", r)
					}
				}
			})
		}
	}
}

func TestRecordAndReplay(t *testing.T) {
	c := newClient(t, wire.Limits{})
	var rec wire.RecordResponse
	c.post("/api/v1/record", wire.RecordRequest{Game: "kisolo", Moves: []string{"xb1", "xc6"}, South: "ann", Date: "2026-12-01"}, &rec)
	want := "[Game \"kisolo\"]\n[South \"ann\"]\n[Date \"2026-12-01\"]\n[Result \"*\"]\n\nxb1 xc6\n"
	if rec.Record != want || rec.Result != "*" || rec.Final != "kisolo 0,4,1,4,1,4,4/0,3,0,3,0,4,4/7,6,6,6,0,0,6/7,0,7,0,6,0,1 S turn=2" {
		t.Errorf("record %+v", rec)
	}
	var rep wire.ReplayResponse
	c.post("/api/v1/replay", wire.ReplayRequest{Record: rec.Record}, &rep)
	wantRep := wire.ReplayResponse{Game: "kisolo", Start: kisolo.Start().String(), Moves: []string{"xb1", "xc6"},
		Positions: []string{kisolo.Start().String(), "kisolo 0,3,0,3,0,3,3/0,3,0,3,0,3,3/7,6,6,6,0,6,6/7,0,7,0,6,2,1 N turn=1", rec.Final},
		Result:    "*", Headers: []wire.Header{{"Game", "kisolo"}, {"South", "ann"}, {"Date", "2026-12-01"}, {"Result", "*"}}}
	if diff := cmp.Diff(wantRep, rep); diff != "" {
		t.Errorf("replay (-want +got):\n%s", diff)
	}
	// A set-up start under other rules, finished: KS4b.
	start := "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,2,0,0,0,0/11,1,0,0,0,0,0 S turn=10 rules=CaptureOnAnyLanding:true"
	c.post("/api/v1/record", wire.RecordRequest{Start: start, Moves: []string{"b3"}}, &rec)
	if rec.Result != "S:inner" || !strings.Contains(rec.Record, `[Start "`+start+`"]`) || !strings.Contains(rec.Record, `[Rules "CaptureOnAnyLanding:true"]`) {
		t.Errorf("record from a start: %+v", rec)
	}
	c.post("/api/v1/replay", wire.ReplayRequest{Record: rec.Record}, &rep)
	if rep.Start != start || len(rep.Positions) != 2 || rep.Result != "S:inner" || rep.Rules != "CaptureOnAnyLanding:true" {
		t.Errorf("replay from a start: %+v", rep)
	}
	// A position line alone is a game of no moves.
	c.post("/api/v1/replay", wire.ReplayRequest{Record: "  " + start + "\n"}, &rep)
	if diff := cmp.Diff(wire.ReplayResponse{Game: "kisolo", Rules: "CaptureOnAnyLanding:true", Start: start, Moves: []string{},
		Positions: []string{start}, Result: "*", Headers: []wire.Header{}}, rep); diff != "" {
		t.Errorf("replay of a position (-want +got):\n%s", diff)
	}
}

func TestErrors(t *testing.T) {
	kis := kisolo.Start().String()
	over := "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"
	big := `{"position":"` + strings.Repeat("x", 70000) + `"}`
	tooMany := `{"game":"kisolo","moves":[` + strings.TrimSuffix(strings.Repeat(`"b1",`, 10001), ",") + `]}`
	tests := []struct {
		name, method, path, body string
		status                   int
		code, msg                string
	}{
		{"malformed JSON", "POST", "/api/v1/state", `{"game":`, 400, "bad_request", "wire: bad request: malformed JSON"},
		{"unknown field", "POST", "/api/v1/state", `{"game":"kisolo","colour":"red"}`, 400, "bad_request", `wire: bad request: json: unknown field "colour"`},
		{"field twice", "POST", "/api/v1/state", `{"game":"kisolo","game":"kiothi"}`, 400, "bad_request", `wire: bad request: field "game" given twice`},
		{"field in the wrong case", "POST", "/api/v1/state", `{"GAME":"kisolo"}`, 400, "bad_request", `wire: bad request: unknown field "GAME" (field names are case-sensitive: "game")`},
		{"move in the wrong case", "POST", "/api/v1/apply", `{"position":"` + kis + `","Move":"xb1"}`, 400, "bad_request", `wire: bad request: unknown field "Move" (field names are case-sensitive: "move")`},
		{"wrong type", "POST", "/api/v1/state", `{"game":7}`, 400, "bad_request", "wire: bad request: game must be a string, not a JSON number"},
		{"wrong type of depth", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"random","depth":"deep"}`, 400, "bad_request", "wire: bad request: depth must be an integer, not a JSON string"},
		{"negative seed", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"random","seed":-1}`, 400, "bad_request", "wire: bad request: seed must be an integer"},
		{"not an object", "POST", "/api/v1/apply", `[1,2]`, 400, "bad_request", "wire: bad request: the body must be an object, not a JSON array"},
		{"two values", "POST", "/api/v1/state", `{"game":"kisolo"} {}`, 400, "bad_request", "wire: bad request: more than one JSON value in the body"},
		{"trailing garbage", "POST", "/api/v1/state", `{"game":"kisolo"}x`, 400, "bad_request", "wire: bad request: malformed JSON"},
		{"empty body", "POST", "/api/v1/state", ``, 400, "bad_request", "wire: empty body: want a JSON object"},
		{"nothing asked", "POST", "/api/v1/state", `{}`, 400, "bad_request", "wire: want a position, or a game (and rules) for its start"},
		{"unknown game", "POST", "/api/v1/state", `{"game":"oware"}`, 400, "bad_request", `wire: unknown game "oware" (want kisolo, kiothi, kimasai)`},
		{"rules and position", "POST", "/api/v1/state", `{"position":"` + kis + `","rules":"Columns:6"}`, 400, "bad_request", "wire: give rules or a position, not both"},
		{"game and position differ", "POST", "/api/v1/state", `{"position":"` + kis + `","game":"kiothi"}`, 400, "bad_request", `wire: game "kiothi" but the position is of "kisolo"`},
		{"missing move", "POST", "/api/v1/apply", `{"position":"` + kis + `"}`, 400, "bad_request", "wire: missing move"},
		{"missing position", "POST", "/api/v1/apply", `{"move":"b1"}`, 400, "bad_request", "wire: missing position"},
		{"unknown agent", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"oracle"}`, 400, "bad_request", `wire: agent "oracle": unknown agent or level`},
		{"bad agent spec", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"alphabeta:0"}`, 400, "bad_request", `wire: agent "alphabeta:0": alphabeta:0: want a positive budget, or none`},
		{"spec and depth", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"alphabeta:2","depth":3}`, 400, "bad_request", `wire: agent "alphabeta:2" carries its own budget and seed`},
		{"spec too deep", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"alphabeta:12"}`, 400, "bad_request", `wire: agent "alphabeta:12": depth 12 out of range (want 1..10)`},
		{"spec too long", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"mcts:time=3s"}`, 400, "bad_request", `wire: agent "mcts:time=3s": time 3s out of range (want at most 2s)`},
		{"no such level", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"level:grandmaster"}`, 400, "bad_request", `wire: agent "level:grandmaster": unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual, Intermediate, Strong, Expert, Master)`},
		{"depth too deep", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"alphabeta","depth":11}`, 400, "bad_request", "wire: depth 11 out of range (want 1..10, or 0 for 6)"},
		{"too many iterations", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"mcts","iterations":100001}`, 400, "bad_request", "wire: iterations 100001 out of range"},
		{"too long", "POST", "/api/v1/think", `{"position":"` + kis + `","agent":"mcts","timeMs":2001}`, 400, "bad_request", "wire: timeMs 2001 out of range (want 1..2000, or 0 for 2000)"},
		{"bad position", "POST", "/api/v1/state", `{"position":"kisolo 3,3 S turn=0"}`, 400, "syntax", "kisolo: bad position"},
		{"position of no game", "POST", "/api/v1/state", `{"position":"chess 8/8 w"}`, 400, "syntax", `wire: bad position "chess 8/8 w": unknown game "chess"`},
		{"bad rules", "POST", "/api/v1/state", `{"game":"kisolo","rules":"Columns:9"}`, 400, "syntax", "kisolo: bad rules"},
		{"bad move text", "POST", "/api/v1/apply", `{"position":"` + kis + `","move":"zz"}`, 400, "syntax", "kisolo: bad move"},
		{"illegal move", "POST", "/api/v1/apply", `{"position":"` + kis + `","move":"b3"}`, 422, "illegal", "kisolo: illegal move b3"},
		{"move after the end", "POST", "/api/v1/apply", `{"position":"` + over + `","move":"c1"}`, 422, "game_over", "kisolo: move after game over c1"},
		{"think after the end", "POST", "/api/v1/think", `{"position":"` + over + `","agent":"mcts"}`, 422, "game_over", "kisolo: the game is over: South wins: North's inner row is empty"},
		{"illegal move in a record", "POST", "/api/v1/record", `{"game":"kisolo","moves":["xb1","xb1"]}`, 422, "illegal", `record: move 2 "xb1": kisolo: illegal move xb1`},
		{"bad date", "POST", "/api/v1/record", `{"game":"kisolo","moves":[],"date":"today"}`, 400, "syntax", "kisolo: bad record: \"today\": date must be YYYY-MM-DD"},
		{"record of nothing", "POST", "/api/v1/record", `{"moves":[]}`, 400, "bad_request", "wire: want a start position, or a game (and rules) for its start"},
		{"bad record", "POST", "/api/v1/replay", `{"record":"[Game \"kisolo\"]\n\nxb1 zz"}`, 400, "syntax", `record: line 3: move 2 "zz": kisolo: bad move`},
		{"record of no game", "POST", "/api/v1/replay", `{"record":"[Game \"go\"]\n\n"}`, 400, "syntax", `wire: bad record: unknown game "go"`},
		{"empty record", "POST", "/api/v1/replay", `{"record":" "}`, 400, "bad_request", "wire: missing record"},
		{"body too large", "POST", "/api/v1/state", big, 413, "too_large", "wire: request body over 65536 bytes"},
		{"record too long", "POST", "/api/v1/record", tooMany, 413, "too_large", "wire: 10001 moves: a record may have at most 10000"},
		{"GET a POST endpoint", "GET", "/api/v1/state", ``, 405, "method_not_allowed", `wire: /api/v1/state takes POST, not "GET"`},
		{"POST games", "POST", "/api/v1/games", `{}`, 405, "method_not_allowed", `wire: /api/v1/games takes GET, HEAD, not "POST"`},
		{"no such endpoint", "GET", "/api/v1/moves", ``, 404, "not_found", `wire: no endpoint "/api/v1/moves"`},
		{"no such version", "POST", "/api/v2/state", `{}`, 404, "not_found", `wire: no endpoint "/api/v2/state"`},
	}
	c := newClient(t, wire.Limits{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := c.do(tt.method, tt.path, tt.body)
			var e wire.Error
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatal(err)
			}
			if status != tt.status || e.Code != tt.code || !strings.HasPrefix(e.Message, tt.msg) {
				t.Errorf("%d %+v, want %d %s %q...", status, e, tt.status, tt.code, tt.msg)
			}
			if e.Status() != status {
				t.Errorf("Error.Status() = %d, answered %d", e.Status(), status)
			}
		})
	}
}

func TestThinkDeadline(t *testing.T) {
	// A 150 ms budget stops a think of the most iterations the service
	// allows: no machine plays that many Kiothi playouts in 150 ms.
	s := newService(t, wire.Limits{})
	r, err := s.Think(context.Background(), wire.ThinkRequest{Position: kiothi.Start().String(), Agent: "mcts", Iterations: 100_000, TimeMs: 150})
	if err != nil {
		t.Fatal(err)
	}
	if r.Iterations >= 100_000 {
		t.Errorf("a 150 ms think ran all %d iterations", r.Iterations)
	}
}

func TestTruncated(t *testing.T) {
	// The worst case of the kiothi benchmarks under Endless:Illegal would be
	// refused; instead a finite move with many events: limit the events.
	c := newClient(t, wire.Limits{MaxEvents: 5})
	r := c.apply("kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "xb1")
	want := []wire.Event{{Kind: "capture", From: "c1", To: "hand", Count: 2}, {Kind: "capture", From: "d1", To: "hand", Count: 1},
		{Kind: "drop", From: "hand", To: "b1", Count: 1}, {Kind: "drop", From: "hand", To: "a1", Count: 1}, {Kind: "end", Reason: "inner"}}
	if diff := cmp.Diff(want, r.Events); diff != "" || !r.Truncated || r.EventCount != 6 {
		t.Errorf("truncated %v, %d events (-want +got):\n%s", r.Truncated, r.EventCount, diff)
	}
	if r.Summary != "1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty" {
		t.Errorf("summary %q", r.Summary)
	}
}

func TestNewService(t *testing.T) {
	if _, err := wire.NewService(wire.Limits{}); err == nil {
		t.Error("no games: no error")
	}
	if _, err := wire.NewService(wire.Limits{}, wire.Game{}); err == nil {
		t.Error("zero Game: no error")
	}
	if _, err := wire.NewService(wire.Limits{}, wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kisolo.Descriptor)); err == nil {
		t.Error("two kisolo: no error")
	}
	s := newService(t, wire.Limits{MaxBody: 1 << 20, MaxDepth: 4})
	if l := s.Limits(); l.MaxBody != 64<<10 || l.MaxDepth != 4 || l.MaxEvents != 20_000 {
		t.Errorf("limits %+v", l)
	}
}

// A Service method's error unwraps to the library's sentinel, as the
// library's own error does.
func TestErrorUnwraps(t *testing.T) {
	s := newService(t, wire.Limits{})
	start := kisolo.Start().String()
	_, err := s.Apply(wire.ApplyRequest{Position: start, Move: "b3"})
	if !errors.Is(err, mancala.ErrIllegalMove) || errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("illegal move: %v does not unwrap to ErrIllegalMove alone", err)
	}
	over := "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"
	if _, err := s.Think(context.Background(), wire.ThinkRequest{Position: over, Agent: "random"}); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("think after the end: %v does not unwrap to ErrGameOver", err)
	}
	_, err = s.State(wire.StateRequest{Position: "kisolo 3,3"})
	if !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("bad position: %v does not unwrap to ErrSyntax", err)
	}
	_, err = s.Think(context.Background(), wire.ThinkRequest{Position: start, Agent: "alphabeta:x"})
	var we *wire.Error
	if !errors.Is(err, agent.ErrSpec) || !errors.As(err, &we) || we.Code != wire.CodeBadRequest {
		t.Errorf("bad agent: %v does not unwrap to agent.ErrSpec with bad_request", err)
	}
}
