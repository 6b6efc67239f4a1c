package kisolo

import (
	"flag"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.golden from the counts")

// TestPerft pins perft counts (docs/rules/common.md, "Perft convention")
// as a regression check, in testdata/perft.golden: from the start under
// the default rules, the other board sizes and the other setups. The
// counts were produced by this package (no independent source exists);
// they guard against silent changes.
func TestPerft(t *testing.T) {
	cases := []gametest.PerftCase[Position]{{Name: "default", Start: Start(), Depth: 8, Short: 5}}
	for _, rules := range []string{"Columns:6", "Columns:8", "Setup:Townshend1", "Setup:Townshend2", "Setup:Outer3,Win:OuterRowEmptied"} {
		cases = append(cases, gametest.PerftCase[Position]{Name: rules, Start: mustNew(t, rules), Depth: 6, Short: 5})
	}
	gametest.Perft(t, &Descriptor, "testdata/perft.golden", *update, cases)
}
