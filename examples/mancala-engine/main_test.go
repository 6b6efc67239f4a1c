package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// TestMain runs the engine itself, main and all, when the test binary is
// started by engineCmd: the tests of the real program need no go build.
func TestMain(m *testing.M) {
	if os.Getenv("MANCALA_ENGINE_MAIN") == "1" {
		os.Args = append([]string{"mancala-engine"}, os.Args[1:]...)
		main()
	}
	os.Exit(m.Run())
}

// engineCmd returns the command running the engine's main with args.
func engineCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "MANCALA_ENGINE_MAIN=1")
	return cmd
}

// TestBinary runs the real program: responses on stdout only, in order,
// the last line answered without its line break, exit status 0 at the
// end of the input, nothing on stderr.
func TestBinary(t *testing.T) {
	input := `{"id":1,"cmd":"state","game":"kisolo"}` + "\n" +
		"not json\n" +
		`{"id":2,"cmd":"apply","position":"` + kisolo.Start().String() + `","move":"xb1"}` + "\n\n" +
		`{"id":3,"cmd":"playouts","game":"kiothi","n":100,"seed":1}` + "\n" +
		`{"id":4,"cmd":"perft","game":"kimasai","depth":3}`
	cmd := engineCmd(t)
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
	cmd = engineCmd(t, "-v")
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
	cmd = engineCmd(t, "-nope")
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

// TestClosedOutput: when its standard output is closed the engine exits
// with status 1 and says why on standard error, as documented; it used to
// be killed by SIGPIPE (status 141 in a shell) without a word.
func TestClosedOutput(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := engineCmd(t)
	cmd.Stdin = strings.NewReader(`{"id":1,"cmd":"games"}` + "\n")
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 || !strings.HasPrefix(stderr.String(), "engine: writing a response: ") ||
		!strings.HasSuffix(stderr.String(), ": broken pipe\n") {
		t.Errorf("engine with a closed stdout: %v (%v), stderr %q; want exit status 1 and the write error", err, cmd.ProcessState, stderr.String())
	}
}
