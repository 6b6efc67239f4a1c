package wire_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// The contracts the state relies on are declared: a game whose Position
// lost one of these methods would not compile.
var (
	_ mancala.Phased = kimasai.Position{}
	_ mancala.Opener = kiothi.Position{}
)

// describeText is how the state described a move before DescribeMove:
// from its text in the shared move notation (an optional prefix "x", "-"
// or "+", a pit name, an optional ":count"; "=" is Stop). It is the
// oracle of TestDescribeMove.
func describeText(text string, l *mancala.Layout) wire.LegalMove {
	m := wire.LegalMove{Text: text, Kind: "move", Index: -1}
	if text == "=" {
		m.Kind = "stop"
		return m
	}
	for i := 0; i+1 < len(text); i++ {
		if text[i] < 'a' || text[i] > 'z' || text[i+1] < '1' || text[i+1] > '9' {
			continue
		}
		j := i + 2
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		p, err := l.ParsePitName(text[i:j])
		if err != nil {
			continue
		}
		m.Pit, m.Index = text[i:j], p
		prefix, suffix := text[:i], text[j:]
		switch prefix {
		case "":
			m.Kind = "sow"
		case "x":
			m.Kind = "capture"
		case "-":
			m.Kind = "lift"
		case "+":
			m.Kind = "drop"
		}
		if n, ok := strings.CutPrefix(suffix, ":"); ok {
			m.Count, _ = strconv.Atoi(n)
		} else if suffix != "" {
			m.Kind = "move"
		}
		return m
	}
	return m
}

// Every legal move of the positions of random games of every game and rule
// set is described by DescribeMove as its text says.
func TestDescribeMove(t *testing.T) {
	describeGames(t, &kisolo.Descriptor, []string{"", "Columns:6", "Columns:8"})
	describeGames(t, &kiothi.Descriptor, []string{"", "OpeningUpTo:true", "OpeningPits:1"})
	describeGames(t, &kimasai.Descriptor, []string{""})
}

func describeGames[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules []string) {
	g := wire.NewGame(d)
	s, err := wire.NewService(wire.Limits{}, g)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := map[string]int{}
	for i := range 30 {
		p, err := d.New(rules[i%len(rules)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 150; ply++ {
			st, err := s.State(wire.StateRequest{Position: p.String()})
			if err != nil {
				t.Fatal(err)
			}
			l := d.Layout(p)
			for _, m := range st.Moves {
				if want := describeText(m.Text, l); m != want {
					t.Fatalf("%s: move %s described %+v, want %+v", p, m.Text, m, want)
				}
				kinds[m.Kind]++
			}
			moves := p.AppendLegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			if p, err = p.Apply(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if d.DescribeMove(d.Start(), *new(M)) != (mancala.MoveInfo{Index: -1}) {
		t.Errorf("%s: the zero Move is described %+v", d.Name, d.DescribeMove(d.Start(), *new(M)))
	}
	t.Logf("%s: %v", d.Name, kinds)
	if kinds["move"] > 0 || len(kinds) == 0 {
		t.Errorf("%s: kinds %v", d.Name, kinds)
	}
}
