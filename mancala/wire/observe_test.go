package wire_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// ints reads "1,2,3" (spaces allowed) as a list of ints.
func ints(t *testing.T, s string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("ints %q: %v", s, err)
		}
		out = append(out, n)
	}
	return out
}

// prefixed returns each of the space-separated pits with the prefix.
func prefixed(prefix, pits string) []string {
	var out []string
	for _, p := range strings.Fields(pits) {
		out = append(out, prefix+p)
	}
	return out
}

func TestObserveNames(t *testing.T) {
	kisolo6 := "a1 a2 a3 a4 a5 a6 b6 b5 b4 b3 b2 b1 d6 d5 d4 d3 d2 d1 c1 c2 c3 c4 c5 c6"
	kisolo8 := "a1 a2 a3 a4 a5 a6 a7 a8 b8 b7 b6 b5 b4 b3 b2 b1 d8 d7 d6 d5 d4 d3 d2 d1 c1 c2 c3 c4 c5 c6 c7 c8"
	ring := "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 b10 b9 b8 b7 b6 b5 b4 b3 b2 b1"
	kimasaiPits := "b1 b2 b3 b4 b5 b6 b7 b8 a8 a7 a6 a5 a4 a3 a2 a1 c8 c7 c6 c5 c4 c3 c2 c1 d1 d2 d3 d4 d5 d6 d7 d8"
	tests := []struct {
		name string
		req  wire.ObservationRequest
		want []string
	}{
		{"kisolo 6 columns", wire.ObservationRequest{Game: "kisolo", Rules: "Columns:6"},
			append(prefixed("seeds:", kisolo6), "ownTurn")},
		{"kisolo 8 columns", wire.ObservationRequest{Game: "kisolo", Rules: "Columns:8"},
			append(prefixed("seeds:", kisolo8), "ownTurn")},
		{"kiothi", wire.ObservationRequest{Game: "kiothi"}, slices.Concat(prefixed("seeds:", ring),
			[]string{"store:own", "store:opponent"}, prefixed("nki:", ring), []string{"hand", "lifting", "dropping"},
			prefixed("lifted:", ring), prefixed("dropfrom:", ring), []string{"ownTurn"})},
		{"kimasai", wire.ObservationRequest{Game: "kimasai"}, slices.Concat(prefixed("seeds:", kimasaiPits),
			[]string{"reserve:own", "reserve:opponent", "phase", "ownTurn"})},
	}
	s := newService(t, wire.Limits{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := s.Observe(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, o.Names); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]int{len(tt.want)}, o.Shape); diff != "" || len(o.Values) != len(tt.want) {
				t.Errorf("shape %v, %d values, want %d", o.Shape, len(o.Values), len(tt.want))
			}
		})
	}
	// The length never depends on the position.
	for _, g := range games() {
		start, _ := g.Observe(g.Info().Start)
		for _, pos := range samplerOf(t, g.Name())(50) {
			o, err := g.Observe(pos[0])
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(start.Names, o.Names); diff != "" {
				t.Fatalf("%s: names (-start +got):\n%s", pos[0], diff)
			}
		}
	}
}

// samplerOf returns samples of the game named name: samples needs the
// typed descriptor.
func samplerOf(t *testing.T, name string) sampler {
	t.Helper()
	switch name {
	case "kisolo":
		return sampleOf(&kisolo.Descriptor)
	case "kiothi":
		return sampleOf(&kiothi.Descriptor)
	case "kimasai":
		return sampleOf(&kimasai.Descriptor)
	}
	t.Fatalf("no game %q", name)
	return nil
}

// sampler returns n positions of random games, each with a legal move.
type sampler func(n int) [][2]string

func sampleOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) sampler {
	return func(n int) [][2]string { return samples(d, n) }
}

func TestObserveValues(t *testing.T) {
	tests := []struct {
		name, pos string
		toMove    string
		want      string
	}{
		{"kisolo 6 columns, South",
			"kisolo 1,2,3,4,5,6/7,8,9,10,11,12/0,1,0,2,0,3/4,0,5,0,6,0 S turn=10 rules=Columns:6", "S",
			`4,0,5,0,6,0, 3,0,2,0,1,0, 6,5,4,3,2,1, 7,8,9,10,11,12, 1`},
		{"kisolo 6 columns, North (the mirror)",
			"kisolo 0,6,0,5,0,4/3,0,2,0,1,0/12,11,10,9,8,7/6,5,4,3,2,1 N turn=11 rules=Columns:6", "N",
			`4,0,5,0,6,0, 3,0,2,0,1,0, 6,5,4,3,2,1, 7,8,9,10,11,12, 1`},
		{"kisolo 8 columns, North",
			"kisolo 1,0,0,0,0,0,0,2/0,3,0,0,0,0,4,0/5,0,0,0,0,0,0,6/0,0,7,0,0,8,0,0 N turn=7 rules=Columns:8", "N",
			`2,0,0,0,0,0,0,1, 0,3,0,0,0,0,4,0, 0,0,7,0,0,8,0,0, 6,0,0,0,0,0,0,5, 1`},
		{"kisolo start", kisolo.Start().String(), "S", strings.Repeat("3,", 28) + "1"},
		{"kiothi opening, South lifting",
			"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5", "S",
			`0,0,0,0,0,5,5,5,5,5, 0,0,0,0,5,5,5,5,5,5,  0,0,
			 0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,
			 5, 1,0,  0,0,0,0,1,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,
			 0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,  1`},
		{"kiothi opening, North dropping",
			"kiothi 0,0,5,5,5,5,0,1,0,1/3,3,2,2,0,0,5,5,5,5 N turn=1 prisons=0,0 hand=8 dropfrom=b8", "N",
			`1,0,1,0,5,5,5,5,0,0, 3,3,2,2,0,0,5,5,5,5,  0,0,
			 0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,
			 8, 0,1,  0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,
			 0,0,1,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,  1`},
		{"kiothi nki and prisons, North",
			"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2*,0,0,0,0,0,1,0 N turn=5 prisons=30,20", "N",
			`0,0,0,0,0,3,0,0,0,0, 0,0,2,0,0,0,0,0,1,0,  20,30,
			 0,0,0,0,0,1,0,0,0,0, 0,0,1,0,0,0,0,0,0,0,
			 0, 0,0,  0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,
			 0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,  1`},
		{"kimasai phase 1, North",
			"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 N turn=1 reserves=24,24", "N",
			`1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0, 0,0,2,0,2,0,2,0, 1,1,0,0,0,0,0,0, 24,24, 1, 1`},
		{"kimasai phase 1, South, reserves differ",
			"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23", "S",
			`1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0, 1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0, 24,23, 1, 1`},
		{"kimasai phase 2 (BK3)",
			"kimasai 0,0,0,0,0,0,0,0/1,0,0,3,0,0,0,0/0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0", "S",
			`0,2,0,1,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,3,0,0,1, 0,0,0,0,0,0,0,0, 0,0, 2, 1`},
	}
	s := newService(t, wire.Limits{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := s.Observe(wire.ObservationRequest{Position: tt.pos})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(ints(t, tt.want), o.Values); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
			if o.ToMove != tt.toMove || o.Game != strings.Fields(tt.pos)[0] {
				t.Errorf("game %q, toMove %q", o.Game, o.ToMove)
			}
		})
	}
}

// mirror returns the notation of s's position turned half a turn with the
// other player to move: every pit takes the contents of the pit facing it
// through the board's centre, stores and reserves change sides, and an
// opening turn's pits turn with the board. s must be ongoing.
func mirror(t *testing.T, s wire.State) string {
	t.Helper()
	rows, files := s.Layout.Rows, s.Layout.Files
	byPlace := map[[2]int]wire.Pit{}
	for _, p := range s.Pits {
		byPlace[[2]int{p.Row, p.File}] = p
	}
	turned := func(p wire.PitInfo) wire.Pit { return byPlace[[2]int{rows - 1 - p.Row, files + 1 - p.File}] }
	var rowText []string
	for r := rows - 1; r >= 0; r-- {
		var counts []string
		for f := 1; f <= files; f++ {
			from := turned(byPlace[[2]int{r, f}].PitInfo)
			c := strconv.Itoa(from.Seeds)
			if from.Nki {
				c += "*"
			}
			counts = append(counts, c)
		}
		rowText = append(rowText, strings.Join(counts, ","))
	}
	side, turn := "N", s.Turn+1
	if s.ToMove == "N" {
		side, turn = "S", s.Turn-1
	}
	out := []string{s.Game, strings.Join(rowText, "/"), side, "turn=" + strconv.Itoa(turn)}
	if s.Stores != nil {
		out = append(out, "prisons="+strconv.Itoa(s.Stores.N)+","+strconv.Itoa(s.Stores.S))
	}
	if s.Reserves != nil {
		out = append(out, "reserves="+strconv.Itoa(s.Reserves.N)+","+strconv.Itoa(s.Reserves.S))
	}
	name := func(pit string) string {
		for _, p := range s.Pits {
			if p.Name == pit {
				return turned(p.PitInfo).Name
			}
		}
		t.Fatalf("no pit %q", pit)
		return ""
	}
	if o := s.Opening; o != nil && o.Hand > 0 {
		out = append(out, "hand="+strconv.Itoa(o.Hand))
		if o.Step == "drop" {
			out = append(out, "dropfrom="+name(o.DropFrom))
		} else {
			var lifted []string
			for _, p := range o.Lifted {
				lifted = append(lifted, name(p))
			}
			out = append(out, "lifted="+strings.Join(lifted, ","))
		}
	}
	if s.Rules != "" {
		out = append(out, "rules="+s.Rules)
	}
	return strings.Join(out, " ")
}

// TestObserveMirror plays random games of every game and checks at every
// ply that the position and its mirror have the same mover's view (its
// ownTurn 1), and that mirroring twice gives the position back.
func TestObserveMirror(t *testing.T) {
	s := newService(t, wire.Limits{})
	rules := map[string][]string{"kisolo": {"", "Columns:6", "Columns:8"}, "kiothi": {"", "OpeningUpTo:true", "OpeningPits:1"},
		"kimasai": {"", "FreeFirstTurn:EachPlayer"}}
	games := 6
	if testing.Short() {
		games = 2
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, g := range []string{"kisolo", "kiothi", "kimasai"} {
		t.Run(g, func(t *testing.T) {
			checked := 0
			for i := range games {
				st, err := s.State(wire.StateRequest{Game: g, Rules: rules[g][i%len(rules[g])]})
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 300 && len(st.Legal) > 0; ply++ {
					m := mirror(t, st)
					ms, err := s.State(wire.StateRequest{Position: m})
					if err != nil {
						t.Fatalf("mirror of %s: %v", st.Position, err)
					}
					if back := mirror(t, ms); back != st.Position {
						t.Fatalf("mirror of the mirror of %s is %s", st.Position, back)
					}
					a, err := s.Observe(wire.ObservationRequest{Position: st.Position})
					if err != nil {
						t.Fatal(err)
					}
					b, err := s.Observe(wire.ObservationRequest{Position: m})
					if err != nil {
						t.Fatal(err)
					}
					n := len(a.Values) - 1
					if diff := cmp.Diff(a.Values, b.Values); diff != "" {
						t.Fatalf("%s and its mirror %s (-position +mirror):\n%s", st.Position, m, diff)
					}
					if a.Values[n] != 1 || a.Names[n] != "ownTurn" {
						t.Fatalf("%s: %s %d", st.Position, a.Names[n], a.Values[n])
					}
					checked++
					r, err := s.Apply(wire.ApplyRequest{Position: st.Position, Move: st.Legal[rng.IntN(len(st.Legal))]})
					if err != nil {
						t.Fatal(err)
					}
					st = r.After
				}
			}
			t.Logf("%d positions and their mirrors", checked)
		})
	}
}

func TestObserveErrors(t *testing.T) {
	s := newService(t, wire.Limits{})
	tests := []struct {
		name string
		req  wire.ObservationRequest
		code string
		msg  string
	}{
		{"nothing", wire.ObservationRequest{}, "bad_request", "wire: want a position, or a game (and rules) for its start"},
		{"unknown game", wire.ObservationRequest{Game: "oware"}, "bad_request", `wire: unknown game "oware"`},
		{"bad position", wire.ObservationRequest{Position: "kisolo 3 S turn=0"}, "syntax", "kisolo: bad position"},
		{"bad rules", wire.ObservationRequest{Game: "kimasai", Rules: "Columns:6"}, "syntax", "kimasai: bad rules"},
		{"rules and position", wire.ObservationRequest{Position: kisolo.Start().String(), Rules: "Columns:6"}, "bad_request", "wire: give rules or a start position, not both"},
		{"game differs", wire.ObservationRequest{Position: kisolo.Start().String(), Game: "kiothi"}, "bad_request", `wire: game "kiothi" but the position is of "kisolo"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Observe(tt.req)
			wantCode(t, err, tt.code, tt.msg)
		})
	}
	if _, err := (wire.Game{}).Observe(kisolo.Start().String()); err == nil {
		t.Error("the zero Game observed a position")
	}
}

// Observe from Go on a typed position agrees with the service.
func TestObserveTyped(t *testing.T) {
	p, err := kiothi.Parse("kiothi 0,0,5,5,5,5,0,1,0,1/3,3,2,2,0,0,5,5,5,5 N turn=1 prisons=0,0 hand=8 dropfrom=b8")
	if err != nil {
		t.Fatal(err)
	}
	o := wire.Observe(&kiothi.Descriptor, p)
	g, err := wire.NewGame(&kiothi.Descriptor).Observe(p.String())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(g, o); diff != "" {
		t.Errorf("Observe and Game.Observe (-game +typed):\n%s", diff)
	}
}
