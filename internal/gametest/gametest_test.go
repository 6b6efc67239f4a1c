package gametest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestToyPasses: the correct toy game passes every check.
func TestToyPasses(t *testing.T) {
	Run(t, toy.Descriptor(toy.None), Config[toy.Position, toy.Move]{Games: 300, MaxPlies: 200, Seed: 1})
}

// TestEachCheckCanFail feeds the suite a toy game with one deliberate defect
// at a time and requires the failure that defect must cause.
func TestEachCheckCanFail(t *testing.T) {
	want := map[toy.Bug]string{
		toy.Leak:      "seed total",
		toy.Order:     "out of order",
		toy.Dup:       "listed twice",
		toy.Refuse:    "legal move refused",
		toy.Accept:    "accepted",
		toy.Mutate:    "changed",
		toy.Print:     "Parse(String())",
		toy.Trace:     "replay",
		toy.Ending:    "Over() = true with",
		toy.Side:      "passes to the other side at turn+1",
		toy.MoveText:  "ParseMove",
		toy.OverError: "does not wrap ErrGameOver",
		toy.Order2:    "out of order",
		toy.Eval:      "not antisymmetric",
	}
	for _, b := range toy.Bugs() {
		t.Run(b.String(), func(t *testing.T) {
			msg, ok := want[b]
			if !ok {
				t.Fatalf("no expected failure listed for bug %v", b)
			}
			err := Check(toy.Descriptor(b), Config[toy.Position, toy.Move]{Games: 50, MaxPlies: 200, Seed: 1}, false)
			if err == nil {
				t.Fatalf("the suite passed a toy with bug %v", b)
			}
			if !strings.Contains(err.Error(), msg) {
				t.Fatalf("bug %v: got failure %q, want one mentioning %q", b, err, msg)
			}
		})
	}
}

// TestDescriptorFields: the suite refuses a descriptor without a Title or
// Options, or whose Options are not sorted.
func TestDescriptorFields(t *testing.T) {
	for name, spoil := range map[string]func(*mancala.Descriptor[toy.Position, toy.Move]){
		"no Title":   func(d *mancala.Descriptor[toy.Position, toy.Move]) { d.Title = "" },
		"no Options": func(d *mancala.Descriptor[toy.Position, toy.Move]) { d.Options = nil },
		"no Seed":    func(d *mancala.Descriptor[toy.Position, toy.Move]) { d.Words.Seed = "" },
		"no Parse":   func(d *mancala.Descriptor[toy.Position, toy.Move]) { d.Parse = nil },
		"unsorted": func(d *mancala.Descriptor[toy.Position, toy.Move]) {
			d.Options = append([]mancala.RuleOption{{Name: "Zz", Default: "x", Doc: "z"}}, d.Options...)
		},
		"bad default": func(d *mancala.Descriptor[toy.Position, toy.Move]) {
			d.Options = append([]mancala.RuleOption(nil), d.Options...)
			d.Options[0].Default = "Nonsense"
		},
	} {
		t.Run(name, func(t *testing.T) {
			d := *toy.Descriptor(toy.None)
			spoil(&d)
			if err := Check(&d, Config[toy.Position, toy.Move]{Games: 1}, false); err == nil || !strings.Contains(err.Error(), "descriptor") {
				t.Fatalf("Check = %v, want a descriptor error", err)
			}
		})
	}
}

// fakeT records the first failure of a helper instead of failing the test.
type fakeT struct{ msg string }

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(format string, args ...any) {
	if f.msg == "" {
		f.msg = fmt.Sprintf(format, args...)
	}
	runtime.Goexit()
}

// failure runs fn with a fakeT in its own goroutine (Fatalf ends it) and
// returns the failure message, "" if fn passed.
func failure(fn func(t TB)) string {
	f := &fakeT{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f.msg
}

func TestCheckTrace(t *testing.T) {
	d := toy.Descriptor(toy.None)
	p := d.Start()
	m := p.AppendLegalMoves(nil)[0]
	if ev := CheckTrace(t, d, p, m); len(ev) == 0 || ev[len(ev)-1].Kind != mancala.End {
		t.Fatalf("events %v", ev)
	}
	if ev := CheckTrace(t, d, p, toy.Move(0)); ev != nil {
		t.Fatalf("a refused move gave events %v", ev)
	}
	bad := toy.Descriptor(toy.Trace)
	if msg := failure(func(t TB) { CheckTrace(t, bad, bad.Start(), m) }); !strings.Contains(msg, "replay") {
		t.Fatalf("a trace missing a Drop: failure %q", msg)
	}
}

func TestCheckRefused(t *testing.T) {
	d := toy.Descriptor(toy.None)
	p := d.Start()
	CheckRefused(t, d, p, toy.Move(0), mancala.ErrIllegalMove)
	legal := p.AppendLegalMoves(nil)[0]
	if msg := failure(func(t TB) { CheckRefused(t, d, p, legal, mancala.ErrIllegalMove) }); !strings.Contains(msg, "accepted") {
		t.Fatalf("a legal move: failure %q", msg)
	}
	if msg := failure(func(t TB) { CheckRefused(t, d, p, toy.Move(0), mancala.ErrGameOver) }); !strings.Contains(msg, "want an error wrapping") {
		t.Fatalf("the wrong sentinel: failure %q", msg)
	}
}

func TestRunExample(t *testing.T) {
	d := toy.Descriptor(toy.None)
	start := d.Start()
	moves := start.AppendLegalMoves(nil)
	after, err := start.Apply(moves[0])
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range moves {
		names = append(names, m.String())
	}
	good := ExampleTable([][5]string{
		{"T1", start.String(), "-", strings.Join(names, " "), "ongoing"},
		{"T2", start.String(), moves[0].String(), after.String(), Outcome(after.Outcome())},
		{"T3", start.String(), "b1", "ILLEGAL", "refused"},
	})
	for _, ex := range good {
		RunExample(t, d, ex, nil)
	}
	wrong := ExampleTable([][5]string{
		{"W1", start.String(), "-", names[0], "ongoing"},
		{"W2", start.String(), moves[0].String(), start.String(), "ongoing"},
		{"W3", start.String(), moves[0].String(), "ILLEGAL", "refused"},
		{"W4", start.String(), moves[0].String(), after.String(), "S:nomove"},
		{"W5", start.String(), "b1", "ILLEGAL", "ongoing"},
	})
	for _, ex := range wrong {
		if msg := failure(func(t TB) { RunExample(t, d, ex, nil) }); msg == "" {
			t.Errorf("%s passed", ex.ID)
		}
	}
}

func TestMirror(t *testing.T) {
	for in, want := range map[string]string{
		"ongoing": "ongoing", "refused": "refused", "S:inner": "N:inner", "N:nomove 20-40": "S:nomove 40-20",
		"draw:endless": "draw:endless", "draw:endless 3-1": "draw:endless 1-3",
	} {
		if got := MirrorOutcome(in); got != want {
			t.Errorf("MirrorOutcome(%q) = %q, want %q", in, got, want)
		}
	}
	up := func(s string) string { return strings.ToUpper(s) }
	ex := Example{ID: "X", Before: "p", Move: "-", After: "a1 b2", Outcome: "S:inner 5-0"}
	want := Example{ID: "X", Before: "P", Move: "-", After: "A1 B2", Outcome: "N:inner 0-5"}
	if diff := cmp.Diff(want, MirrorExample(ex, up, up)); diff != "" {
		t.Errorf("MirrorExample (-want +got):\n%s", diff)
	}
	ex = Example{ID: "Y", Before: "p", Move: "a1", After: "ILLEGAL", Outcome: "refused"}
	want = Example{ID: "Y", Before: "P", Move: "A1", After: "ILLEGAL", Outcome: "refused"}
	if diff := cmp.Diff(want, MirrorExample(ex, up, up)); diff != "" {
		t.Errorf("MirrorExample (-want +got):\n%s", diff)
	}
}

func TestExamplesFile(t *testing.T) {
	for _, game := range []string{"kiothi", "kisolo", "kimasai"} {
		rows := Examples(t, game)
		if ex := ExampleByID(t, game, rows[len(rows)-1].ID); ex != rows[len(rows)-1] {
			t.Errorf("ExampleByID(%s) = %v", rows[len(rows)-1].ID, ex)
		}
	}
	if msg := failure(func(t TB) { Examples(t, "toy") }); !strings.Contains(msg, "no toy rows") {
		t.Errorf("a game without rows: failure %q", msg)
	}
}

func TestSamplesAndAllocs(t *testing.T) {
	d := toy.Descriptor(toy.None)
	all := SamplePositions(t, d, d.Start(), 3, nil)
	south := SamplePositions(t, d, d.Start(), 3, func(p toy.Position) bool { return p.ToMove() == mancala.South })
	if len(all) == 0 || len(south) == 0 || len(south) >= len(all) || all[0] != d.Start() {
		t.Fatalf("%d positions, %d with South to move", len(all), len(south))
	}
	if again := SamplePositions(t, d, d.Start(), 3, nil); !slicesEqual(all, again) {
		t.Fatalf("SamplePositions is not deterministic")
	}
	for _, p := range all {
		if p.Outcome().Over() {
			t.Fatalf("finished position %v sampled", p)
		}
	}
	ZeroAllocs(t, d, all)
}

func TestEvaluate(t *testing.T) {
	d := toy.Descriptor(toy.None)
	p := d.Start()
	Evaluate(t, d, []EvalCase{{Name: "start again", Pos: p.String(), Want: p.Evaluate(mancala.South)}})
}

func TestPerftGolden(t *testing.T) {
	d := toy.Descriptor(toy.None)
	path := filepath.Join(t.TempDir(), "testdata", "perft.golden")
	cases := []PerftCase[toy.Position]{{Name: "start", Start: d.Start(), Depth: 4, Short: 2}}
	Perft(t, d, path, true, cases)
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for d := range 5 {
		n, _ := mancala.Perft[toy.Position, toy.Move](cases[0].Start, d)
		if line := fmt.Sprintf("perft %d %d\n", d, n); !strings.Contains(string(text), line) {
			t.Errorf("golden file lacks %q:\n%s", line, text)
		}
	}
	Perft(t, d, path, false, cases)
	// A wrong count, a missing, renamed or extra case, other depths, and
	// malformed lines are all caught.
	good, err := readPerft(path)
	if err != nil {
		t.Fatal(err)
	}
	counted := map[string][]uint64{"start": good["start"].counts}
	if msgs := comparePerft(good, cases, counted); len(msgs) != 0 {
		t.Fatalf("the file just written: %v", msgs)
	}
	for name, edit := range map[string]func(string) string{
		"count":   func(s string) string { return strings.Replace(s, "perft 2 ", "perft 2 1", 1) },
		"depth":   func(s string) string { return s[:strings.Index(s, "perft 4 ")] },
		"renamed": func(s string) string { return strings.Replace(s, "position start ", "position begin ", 1) },
		"moved":   func(s string) string { return strings.Replace(s, " S turn=0", " S turn=2", 1) },
		"extra":   func(s string) string { return s + "position other " + cases[0].Start.String() + "\nperft 0 1\n" },
	} {
		if err := os.WriteFile(path, []byte(edit(string(text))), 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := readPerft(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if msgs := comparePerft(g, cases, counted); len(msgs) == 0 {
			t.Errorf("%s: a spoilt golden file passed", name)
		}
	}
	for name, text := range map[string]string{
		"garbage": "position start x\nperft x y\n",
		"no case": "perft 0 1\n",
		"skipped": "position start x\nperft 0 1\nperft 2 3\n",
		"twice":   "position start x\nposition start y\n",
		"unnamed": "position start\n",
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readPerft(path); err == nil || !strings.Contains(err.Error(), ":") {
			t.Errorf("%s: readPerft = %v, want an error naming the line", name, err)
		}
	}
	if _, err := readPerft(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Errorf("a missing golden file was read")
	}
}

func TestNamesAndOptionLines(t *testing.T) {
	d := toy.Descriptor(toy.None)
	want := []string{"Bug enum " + strings.Join(bugNames(), "|") + " default None "}
	if diff := cmp.Diff(want, OptionLines(d.Options)); diff != "" {
		t.Fatalf("OptionLines (-want +got):\n%s", diff)
	}
	Names(t, d, "toy", "Toy", "seed", want...)
	if msg := failure(func(t TB) { Names(t, d, "toy", "Toy", "cow", want...) }); !strings.Contains(msg, "descriptor names") {
		t.Errorf("a wrong seed word: failure %q", msg)
	}
	if msg := failure(func(t TB) { Names(t, d, "toy", "Toy", "seed") }); !strings.Contains(msg, "Options") {
		t.Errorf("wrong options: failure %q", msg)
	}
	ints := OptionLines([]mancala.RuleOption{{Name: "MaxLaps", Kind: mancala.IntOption, Min: 1, Max: 9, Default: "5", Clause: "C-6"}})
	if diff := cmp.Diff([]string{"MaxLaps int 1..9 default 5 C-6"}, ints); diff != "" {
		t.Errorf("OptionLines of an int (-want +got):\n%s", diff)
	}
}

func bugNames() []string {
	var out []string
	for _, b := range append([]toy.Bug{toy.None}, toy.Bugs()...) {
		out = append(out, b.String())
	}
	return out
}
