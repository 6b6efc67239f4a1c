package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReplay(t *testing.T) {
	rec := "[Game \"kisolo\"]\n[South \"ann\"]\n[Start \"kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10\"]\n[Result \"S:inner\"]\n\nxb1\n"
	var out, errOut bytes.Buffer
	if code := main1(nil, strings.NewReader(rec), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := `kisolo: South ann, North ?, 1 ply
start: kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10
1. South xb1: kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner
Result: South wins: North's inner row is empty (S:inner)
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

func TestReplayGolden(t *testing.T) {
	// The play program's golden records replay, with diagrams.
	for _, f := range []string{"kisolo-default", "kiothi", "kimasai"} {
		var out, errOut bytes.Buffer
		if code := main1([]string{"-diagram", "../play/testdata/" + f + ".record"}, nil, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, errOut.String())
		}
		if !strings.Contains(out.String(), "\nResult: ") {
			t.Errorf("%s: no result:\n%s", f, out.String())
		}
	}
}

func TestReplayErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"[Game \"kisolo\"]\n\nxb2 xc5\nb1\n", `replay: record: line 4: move 3 "b1": kisolo: illegal move b1`},
		{"[Game \"kisolo\"]\n\nxb1 x9\n", `replay: record: line 3: move 2 "x9"`},
		{"[Game \"chess\"]\n\ne4\n", `replay: record of unknown game "chess"`},
		{"e4 e5\n", "missing Game header"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := main1(nil, strings.NewReader(tt.in), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tt.in, code, errOut.String(), tt.want)
		}
	}
	var out, errOut bytes.Buffer
	if code := main1([]string{"a", "b"}, nil, &out, &errOut); code != 2 {
		t.Errorf("two files: exit %d", code)
	}
	if code := main1([]string{"/no/such/file"}, nil, &out, &errOut); code != 1 {
		t.Errorf("missing file: exit %d", code)
	}
}

// TestReplayRepetition replays a Bao la Kimasai record that ends by
// repetition (C-10; the worked example KM-R of docs/rules/kimasai.md): the
// last move makes the start's position for the third time, and the result
// is the draw the record states, explained in words.
func TestReplayRepetition(t *testing.T) {
	rec := "[Game \"kimasai\"]\n[Rules \"Repetition:Three\"]\n[Start \"kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=115 reserves=0,0 rules=Repetition:Three\"]\n[Result \"draw:repetition\"]\n\n" +
		strings.Repeat("d8 a5 c7 a2 c1 a3 c8 a2 c7 b2 c5 b8 c2 b1 c3 b2 c1 b4 d2 b6 d4 a6 c2 a7 d6 a5 c8 a6\n", 2)
	var out, errOut bytes.Buffer
	if code := main1(nil, strings.NewReader(rec), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		"56. South a6: kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=171 reserves=0,0 result=draw:repetition rules=Repetition:Three\n",
		"Result: Draw: the same position came for the third time (repetition) (draw:repetition)\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// endless is a record of n bytes, a Game header and then moves without
// end (or, with blank, white space without end), that counts the bytes
// read from it.
type endless struct {
	n, read int64
	blank   bool
}

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && e.read < e.n {
		const head = "[Game \"kisolo\"]\n\n"
		if e.read < int64(len(head)) {
			p[k] = head[e.read]
		} else if e.blank {
			p[k] = " \n"[e.read%2]
		} else {
			p[k] = "xb1 "[e.read%4]
		}
		k++
		e.read++
	}
	return k, nil
}

// A record over 16 MiB is refused: a file by its size before it is read,
// standard input as soon as it passes the limit (before, a 200 MB record
// was read whole, 2.36 GB of memory and 57 s, before its first illegal
// move was reported).
func TestReplayTooLarge(t *testing.T) {
	huge := filepath.Join(t.TempDir(), "huge.txt")
	if err := os.WriteFile(huge, []byte("[Game \"kisolo\"]\n\nxb1 "), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 200_000_000); err != nil { // sparse
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	want := "replay: " + huge + ": a record of 200000000 bytes: at most 16777216 (16 MiB) are read\n"
	if code := main1([]string{huge}, nil, &out, &errOut); code != 1 || errOut.String() != want {
		t.Errorf("exit %d, stderr %q, want 1 %q", code, errOut.String(), want)
	}
	in := &endless{n: 200_000_000, blank: true}
	out.Reset()
	errOut.Reset()
	want = "replay: standard input: kisolo: bad record: longer than 16 MiB\n"
	if code := main1(nil, in, &out, &errOut); code != 1 || errOut.String() != want || in.read != 16<<20+1 {
		t.Errorf("exit %d, stderr %q, %d bytes read; want 1 %q, %d bytes", code, errOut.String(), in.read, want, 16<<20+1)
	}
}

// R-1r: a record whose first move is illegal is refused without reading
// the rest (before, a 16 MiB record was read and tokenized whole: 3.74 s
// and 219 MB before its first move was refused).
func TestReplayStopsAtFirstBadMove(t *testing.T) {
	in := &endless{n: 16 << 20}
	var out, errOut bytes.Buffer
	want := "replay: record: line 3: move 1 \"b1\": kisolo: illegal move b1: a capture is compulsory (KS-6)\n"
	if code := main1(nil, in, &out, &errOut); code != 1 || errOut.String() != want || in.read > 64<<10 {
		t.Errorf("exit %d, stderr %q, %d bytes read; want 1 %q, at most 64 KiB read", code, errOut.String(), in.read, want)
	}
}

// BenchmarkReplayFirstMoveIllegal times replay of a 16 MiB record whose
// first move is illegal (R-1r: at most 0.1 s and 32 MB; it reads one
// buffer of the input).
func BenchmarkReplayFirstMoveIllegal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		in := &endless{n: 16 << 20}
		if code := main1(nil, in, io.Discard, io.Discard); code != 1 {
			b.Fatalf("exit %d", code)
		}
	}
}
