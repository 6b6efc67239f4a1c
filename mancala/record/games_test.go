package record

import (
	"os"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// roundTripGame runs RoundTrip on random games of d's game from the
// standard start and from the start under each rules string.
func roundTripGame[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], maxPlies int, rules ...string) {
	starts := []P{d.Start()}
	for _, r := range rules {
		p, err := d.New(r)
		if err != nil {
			t.Fatalf("New(%q): %v", r, err)
		}
		starts = append(starts, p)
	}
	rapid.Check(t, func(t *rapid.T) {
		RoundTrip(t, d, starts[rapid.IntRange(0, len(starts)-1).Draw(t, "start")], maxPlies)
	})
}

func TestRoundTripKisolo(t *testing.T) {
	roundTripGame(t, &kisolo.Descriptor, 200, "Columns:6", "Setup:Outer3,Win:OuterRowEmptied")
}

func TestRoundTripKiothi(t *testing.T) {
	roundTripGame(t, &kiothi.Descriptor, 200, "OpeningUpTo:true", "WholeLift:true")
}

func TestRoundTripKimasai(t *testing.T) {
	roundTripGame(t, &kimasai.Descriptor, 200, "Endless:Illegal")
}

// TestPackageDocRecord replays the sample record of the package doc, so
// that the documentation cannot show an illegal game.
func TestPackageDocRecord(t *testing.T) {
	src, err := os.ReadFile("record.go")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(l, "//\t"); ok && (strings.HasPrefix(rest, "[") || rest != "" && rest[0] >= '0' && rest[0] <= '9') {
			lines = append(lines, rest)
		}
		if l == "//" && len(lines) > 0 && len(lines) < 6 {
			lines = append(lines, "")
		}
	}
	text := strings.Join(lines, "\n") + "\n"
	r, err := Parse(text, &kisolo.Descriptor)
	if err != nil {
		t.Fatalf("the package doc's record does not replay: %v\n%s", err, text)
	}
	ps, err := r.Positions()
	if err != nil || len(ps) != 20 || ps[19].Outcome().Result() != "S:inner" {
		t.Fatalf("the package doc's record: %d positions, %v, final %v", len(ps), err, ps[len(ps)-1].Outcome())
	}
}
