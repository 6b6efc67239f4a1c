package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// buildEngine builds the engine binary into a temporary directory.
func buildEngine(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the engine with")
	}
	bin := filepath.Join(t.TempDir(), "engine")
	if out, err := exec.Command(goBin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestBinary runs the real program: responses on stdout only, in order,
// the last line answered without its line break, exit status 0 at the
// end of the input, nothing on stderr.
func TestBinary(t *testing.T) {
	bin := buildEngine(t)
	input := `{"id":1,"cmd":"state","game":"kisolo"}` + "\n" +
		"not json\n" +
		`{"id":2,"cmd":"apply","position":"` + kisolo.Start().String() + `","move":"xb1"}` + "\n\n" +
		`{"id":3,"cmd":"playouts","game":"kiothi","n":100,"seed":1}` + "\n" +
		`{"id":4,"cmd":"perft","game":"kimasai","depth":3}`
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("engine: %v\nstderr: %s", err, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Errorf("stderr: %q", stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	want := []string{`{"id":1,"ok":true,"game":"kisolo"`, `{"id":null,"ok":false,"error":"wire: bad request: malformed JSON`,
		`{"id":2,"ok":true,"move":"xb1"`, `{"id":3,"ok":true,"games":100,`,
		`{"id":4,"ok":true,"position":"` + "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24" + `","counts":[8,64,416],`}
	if len(lines) != len(want) {
		t.Fatalf("%d lines:\n%s", len(lines), stdout.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) || !json.Valid([]byte(lines[i])) {
			t.Errorf("line %d: %.120s\nwant %s...", i, lines[i], w)
		}
	}

	// -v logs one line per request to stderr, and stdout is the same.
	cmd = exec.Command(bin, "-v")
	cmd.Stdin = strings.NewReader(input)
	var out2 bytes.Buffer
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &out2, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(stderr.String(), "\n"); n != 5 || !strings.HasPrefix(stderr.String(), `engine: id "1" state: ok in `) {
		t.Errorf("-v: %d lines on stderr:\n%s", n, stderr.String())
	}
	if strings.Count(out2.String(), "\n") != 5 {
		t.Errorf("-v: stdout %s", out2.String())
	}

	// A bad flag: status 2, the usage on stderr, nothing on stdout.
	cmd = exec.Command(bin, "-nope")
	stdout.Reset()
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || stdout.Len() > 0 || !strings.Contains(stderr.String(), "usage: engine") {
		t.Errorf("-nope: %v, stdout %q, stderr %q", err, stdout.String(), stderr.String())
	}
}

func TestMain1(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := main1([]string{"extra"}, strings.NewReader(""), &stdout, &stderr); code != 2 || stdout.Len() > 0 ||
		stderr.String() != "engine: unexpected argument \"extra\"\n" {
		t.Errorf("extra argument: %d, %q, %q", code, stdout.String(), stderr.String())
	}
	stderr.Reset()
	if code := main1(nil, iotest.ErrReader(fmt.Errorf("disk on fire")), &stdout, &stderr); code != 1 ||
		stderr.String() != "engine: reading requests: disk on fire\n" {
		t.Errorf("read error: %d, %q", code, stderr.String())
	}
	stderr.Reset()
	if code := main1(nil, strings.NewReader(`{"id":1,"cmd":"games"}`), &stdout, &stderr); code != 0 || stderr.Len() > 0 ||
		!strings.HasPrefix(stdout.String(), `{"id":1,"ok":true,"games":[`) {
		t.Errorf("games: %d, %.60q, %q", code, stdout.String(), stderr.String())
	}
}

// BenchmarkPlayouts answers one playouts line of 1,000 random games per
// game, reporting playouts/s through the engine (to compare with each
// game's BenchmarkPlayout, the library in process on one core).
func BenchmarkPlayouts(b *testing.B) {
	for _, game := range []string{"kisolo", "kiothi", "kimasai"} {
		for _, workers := range []int{1, 0} {
			name := game + "/all-cores"
			if workers == 1 {
				name = game + "/1-core"
			}
			b.Run(name, func(b *testing.B) {
				e := testEngine(b, wire.Limits{}, wire.BatchLimits{Workers: workers})
				games := 0
				b.ReportAllocs()
				for b.Loop() {
					line := fmt.Sprintf(`{"id":1,"cmd":"playouts","game":%q,"n":1000,"seed":%d}`, game, games)
					out := e.answer(context.Background(), []byte(line), false)
					if !bytes.HasPrefix(out, []byte(`{"id":1,"ok":true`)) {
						b.Fatalf("%s", out)
					}
					games += 1000
				}
				b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "playouts/s")
			})
		}
	}
}

// BenchmarkApply answers one apply line (the Kisolo start, xb3): the
// engine's own cost of a round trip, without the pipes.
func BenchmarkApply(b *testing.B) {
	e := testEngine(b, wire.Limits{}, wire.BatchLimits{})
	line := []byte(`{"id":1,"cmd":"apply","position":"` + kisolo.Start().String() + `","move":"xb3"}`)
	b.ReportAllocs()
	for b.Loop() {
		e.answer(context.Background(), line, false)
	}
}
