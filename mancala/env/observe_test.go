package env_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// goldenLine is one line of testdata/seat_observations.tsv: a position
// and its seat observations from South and North, as mancala/wire's seat
// encoder gave them before this package replaced it.
type goldenLine struct {
	pos        string
	south, nth []float32
}

func readGolden(t *testing.T) map[string][]goldenLine {
	t.Helper()
	f, err := os.Open("testdata/seat_observations.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]goldenLine{}
	sc := bufio.NewScanner(f)
	nums := func(s string) []float32 {
		var v []float32
		for _, w := range strings.Fields(s) {
			x, err := strconv.Atoi(w)
			if err != nil {
				t.Fatal(err)
			}
			v = append(v, float32(x))
		}
		return v
	}
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		game := strings.Fields(f[0])[0]
		out[game] = append(out[game], goldenLine{f[0], nums(f[1]), nums(f[2])})
	}
	return out
}

func checkGolden[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], lines []goldenLine) {
	t.Helper()
	if len(lines) < 20 {
		t.Fatalf("%s: %d golden lines", d.Name, len(lines))
	}
	for _, l := range lines {
		p, err := d.Parse(l.pos)
		if err != nil {
			t.Fatal(err)
		}
		start, err := d.New(d.Rules(p))
		if err != nil {
			t.Fatal(err)
		}
		o, err := env.NewObserver(d, start)
		if err != nil {
			t.Fatal(err)
		}
		if !o.Fits(p) {
			t.Errorf("%s: does not fit its own rules' observer", l.pos)
		}
		for _, s := range []struct {
			seat mancala.Player
			want []float32
		}{{mancala.South, l.south}, {mancala.North, l.nth}} {
			got, err := o.Append(nil, p, s.seat)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(s.want, got); diff != "" {
				t.Errorf("%s from %v (-want +got):\n%s", l.pos, s.seat, diff)
			}
			for i, x := range got {
				if x < o.Low()[i] || x > o.High()[i] {
					t.Errorf("%s from %v: %s = %v outside [%v, %v]", l.pos, s.seat, o.Names()[i], x, o.Low()[i], o.High()[i])
				}
			}
		}
		mover := o.AppendMover(nil, p)
		want := l.south
		if p.ToMove() == mancala.North {
			want = l.nth
		}
		if diff := cmp.Diff(want, mover); diff != "" {
			t.Errorf("%s: the mover's view is not the seat view of the side to move (-want +got):\n%s", l.pos, diff)
		}
	}
}

// TestObserverGolden pins the one observation encoder to the seat
// observations mancala/wire gave before it (positions of seeded random
// games of every game and three Kisolo rule sets).
func TestObserverGolden(t *testing.T) {
	g := readGolden(t)
	t.Run("kisolo", func(t *testing.T) { checkGolden(t, &kisolo.Descriptor, g["kisolo"]) })
	t.Run("kiothi", func(t *testing.T) { checkGolden(t, &kiothi.Descriptor, g["kiothi"]) })
	t.Run("kimasai", func(t *testing.T) { checkGolden(t, &kimasai.Descriptor, g["kimasai"]) })
}

func observerOf[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules string) *env.Observer[P, M] {
	t.Helper()
	start, err := d.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	o, err := env.NewObserver(d, start)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestObserverLayout checks each game's length, first and last names and
// bounds.
func TestObserverLayout(t *testing.T) {
	type layout struct {
		Len          int
		First, Last  string
		Names        []string
		LowSum, High float32
	}
	pick := func(names []string, low, high []float32, which ...string) layout {
		l := layout{Len: len(names), First: names[0], Last: names[len(names)-1]}
		for _, w := range which {
			for i, n := range names {
				if n == w {
					l.Names = append(l.Names, n+"="+strconv.Itoa(int(low[i]))+".."+strconv.Itoa(int(high[i])))
				}
			}
		}
		for i := range low {
			l.LowSum += low[i]
			l.High = max(l.High, high[i])
		}
		return l
	}
	ks := observerOf(t, &kisolo.Descriptor, "")
	ks8 := observerOf(t, &kisolo.Descriptor, "Columns:8")
	ki := observerOf(t, &kiothi.Descriptor, "")
	km := observerOf(t, &kimasai.Descriptor, "")
	for _, tc := range []struct {
		name string
		got  layout
		want layout
	}{
		{"kisolo", pick(ks.Names(), ks.Low(), ks.High(), "seeds:a1", "ownTurn"), layout{29, "seeds:a1", "ownTurn", []string{"seeds:a1=0..84", "ownTurn=0..1"}, 0, 84}},
		{"kisolo/Columns:8", pick(ks8.Names(), ks8.Low(), ks8.High()), layout{Len: 33, First: "seeds:a1", Last: "ownTurn", High: 96}},
		{"kiothi", pick(ki.Names(), ki.Low(), ki.High(), "store:own", "store:opponent", "nki:a1", "hand", "lifting", "dropping", "lifted:b1", "dropfrom:a1"),
			layout{86, "seeds:a1", "ownTurn", []string{"store:own=0..60", "store:opponent=0..60", "nki:a1=0..1", "hand=0..60", "lifting=0..1", "dropping=0..1", "lifted:b1=0..1", "dropfrom:a1=0..1"}, 0, 60}},
		{"kimasai", pick(km.Names(), km.Low(), km.High(), "reserve:own", "reserve:opponent", "phase"),
			layout{36, "seeds:b1", "ownTurn", []string{"reserve:own=0..64", "reserve:opponent=0..64", "phase=1..2"}, 1, 64}},
	} {
		if diff := cmp.Diff(tc.want, tc.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestObserverBadSeat checks that a seat other than South and North is an
// error that leaves dst as it was.
func TestObserverBadSeat(t *testing.T) {
	o := observerOf(t, &kisolo.Descriptor, "")
	dst := []float32{7}
	got, err := o.Append(dst, kisolo.Start(), mancala.Player(2))
	if err == nil || len(got) != 1 || got[0] != 7 {
		t.Fatalf("Append with seat 2 = %v, %v; want [7] and an error", got, err)
	}
}

// TestObserverAllocs checks that an observation into a slice with room
// allocates nothing, for every game.
func TestObserverAllocs(t *testing.T) {
	skipRace(t)
	check := func(name string, f func()) {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations per observation", name, n)
		}
	}
	buf := make([]float32, 0, 200)
	ks := observerOf(t, &kisolo.Descriptor, "")
	ksp := kisolo.Start()
	check("kisolo", func() { buf, _ = ks.Append(buf[:0], ksp, mancala.North) })
	ki := observerOf(t, &kiothi.Descriptor, "")
	kip := kiothi.Start()
	check("kiothi", func() { buf, _ = ki.Append(buf[:0], kip, mancala.North) })
	km := observerOf(t, &kimasai.Descriptor, "")
	kmp := kimasai.Start()
	check("kimasai", func() { buf, _ = km.Append(buf[:0], kmp, mancala.North) })
}
