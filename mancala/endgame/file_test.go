package endgame_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
)

func fileBytes(t testing.TB, tb *endgame.Table[kiothi.Position, kiothi.Move]) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := tb.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFileName(t *testing.T) {
	_, sp := kiothiTable(t, "", 2)
	if got, want := endgame.FileName(sp, 2), "kiothi-e3b0c44298fc1c14-n2-v1.1.egtb"; got != want {
		t.Errorf("FileName = %q, want %q", got, want)
	}
	_, sp = kiothiTable(t, "Bonus:Run", 2)
	if got, want := endgame.FileName(sp, 2), "kiothi-"; got[:len(want)] != want || got == "kiothi-e3b0c44298fc1c14-n2-v1.1.egtb" {
		t.Errorf("FileName under Bonus:Run = %q: want another rules hash", got)
	}
}

// TestLoadRoundTrip: a written table loads back equal, answering the same.
func TestLoadRoundTrip(t *testing.T) {
	tb, sp := kiothiTable(t, "", testSeeds)
	data := fileBytes(t, tb)
	got, err := endgame.Load[kiothi.Position, kiothi.Move](data, sp, testSeeds)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fileBytes(t, got), data) {
		t.Fatal("the loaded table writes another file")
	}
	// Refused: another seed limit, another rules set, a truncated file, a
	// flipped bit anywhere.
	if _, err := endgame.Load[kiothi.Position, kiothi.Move](data, sp, testSeeds-1); !errors.Is(err, endgame.ErrFile) {
		t.Errorf("another seed limit: %v", err)
	}
	_, other := kiothiTable(t, "Bonus:Run", testSeeds)
	if _, err := endgame.Load[kiothi.Position, kiothi.Move](data, other, testSeeds); !errors.Is(err, endgame.ErrFile) {
		t.Errorf("another rules set: %v", err)
	}
	if _, err := endgame.Load[kiothi.Position, kiothi.Move](data[:len(data)-1], sp, testSeeds); !errors.Is(err, endgame.ErrFile) {
		t.Errorf("truncated: %v", err)
	}
	for _, at := range []int{0, 9, 40, len(data) / 2, len(data) - 40, len(data) - 1} {
		bad := bytes.Clone(data)
		bad[at] ^= 4
		if _, err := endgame.Load[kiothi.Position, kiothi.Move](bad, sp, testSeeds); !errors.Is(err, endgame.ErrFile) {
			t.Errorf("bit flipped at %d: %v", at, err)
		}
	}
}

// TestOpenConcurrent: two builders of one table at once leave one valid
// file and no temporary file; a third Open loads it without building.
func TestOpenConcurrent(t *testing.T) {
	dir := t.TempDir()
	sp, err := kiothi.NewEndgameSpace(kiothi.Rules{}, testSeeds)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var errs [2]error
	var built [2]bool
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, built[k], errs[k] = endgame.Open[kiothi.Position, kiothi.Move](context.Background(), dir, sp, testSeeds)
		}()
	}
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			t.Fatalf("builder %d: %v", k, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != endgame.FileName(sp, testSeeds) {
		t.Fatalf("directory holds %v, want only %s", entries, endgame.FileName(sp, testSeeds))
	}
	tb, b, err := endgame.Open[kiothi.Position, kiothi.Move](context.Background(), dir, sp, testSeeds)
	if err != nil || b {
		t.Fatalf("third Open: built %v, %v", b, err)
	}
	want, _ := kiothiTable(t, "", testSeeds)
	if !bytes.Equal(fileBytes(t, tb), fileBytes(t, want)) {
		t.Fatal("the file differs from a table built here")
	}
}

// TestOpenRebuildsCorrupt: a corrupt file in the cache is refused, rebuilt
// and replaced.
func TestOpenRebuildsCorrupt(t *testing.T) {
	dir := t.TempDir()
	tb, sp := kiothiTable(t, "", 2)
	data := fileBytes(t, tb)
	path := filepath.Join(dir, endgame.FileName(sp, 2))
	bad := bytes.Clone(data)
	bad[len(bad)/2] ^= 1
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := endgame.ReadFile[kiothi.Position, kiothi.Move](path, sp, 2); !errors.Is(err, endgame.ErrFile) {
		t.Fatalf("ReadFile of a corrupt file: %v", err)
	}
	_, built, err := endgame.Open[kiothi.Position, kiothi.Move](context.Background(), dir, sp, 2)
	if err != nil || !built {
		t.Fatalf("Open: built %v, %v; want a rebuild", built, err)
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("the file was not replaced by the good table (%v)", err)
	}
}

// TestBuildCancelled: a cancelled context stops a build with its error.
func TestBuildCancelled(t *testing.T) {
	sp, err := kiothi.NewEndgameSpace(kiothi.Rules{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := endgame.Build[kiothi.Position, kiothi.Move](ctx, sp, 4); !errors.Is(err, context.Canceled) {
		t.Fatalf("Build: %v, want context.Canceled", err)
	}
	if _, err := endgame.Build[kiothi.Position, kiothi.Move](context.Background(), sp, 0); err != nil {
		t.Fatal(err)
	}
}

// FuzzLoad: the loader never panics on any input, and accepts only the
// exact file of the table.
func FuzzLoad(f *testing.F) {
	tb, sp := kiothiTable(f, "", 2)
	good := fileBytes(f, tb)
	f.Add(good)
	f.Add(good[:len(good)-7])
	f.Add([]byte("MNCLEGTB"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := endgame.Load[kiothi.Position, kiothi.Move](data, sp, 2)
		if err == nil {
			if !bytes.Equal(data, good) {
				t.Fatal("a file other than the table's was accepted")
			}
			if !bytes.Equal(fileBytes(t, got), good) {
				t.Fatal("the accepted file loads another table")
			}
		} else if !errors.Is(err, endgame.ErrFile) {
			t.Fatalf("error %v does not wrap ErrFile", err)
		}
	})
}

// TestRepetitionThree: under Repetition:Three Kiothi's draws are not
// answered (KI-18 decides a repetition by the warriors in each row), wins
// and losses are the same as under None.
func TestRepetitionThree(t *testing.T) {
	none, sp := kiothiTable(t, "", testSeeds)
	three, sp3 := kiothiTable(t, "Repetition:Three", testSeeds)
	seen := map[endgame.Result]int{}
	for n := 1; n <= testSeeds; n++ {
		for i := range sp.Size(n) {
			p, _ := sp.Position(n, i)
			if p.Outcome().Status != mancala.Ongoing {
				continue
			}
			p3, _ := sp3.Position(n, i)
			for _, pr := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {2, 0}, {0, 3}} {
				q, q3 := turned(t, p, pr[0], pr[1], i%2 == 0), turned(t, p3, pr[0], pr[1], i%2 == 0)
				r, ok := none.Lookup(q)
				r3, ok3 := three.Lookup(q3)
				if !ok {
					t.Fatalf("%v: not in the table", q)
				}
				seen[r]++
				if r == endgame.Draw {
					if ok3 {
						t.Fatalf("%v: a draw answered under Repetition:Three", q3)
					}
				} else if !ok3 || r3 != r {
					t.Fatalf("%v: %v, %v under Three; want %v", q3, r3, ok3, r)
				}
			}
		}
	}
	if seen[endgame.Draw] == 0 {
		t.Fatal("no draw in the table")
	}
}
