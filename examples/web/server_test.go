package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestMain runs the web server itself, main and all, when the test binary
// is started by serverCmd, after lowering its limit of open files to
// MANCALA_WEB_NOFILE if that is set.
func TestMain(m *testing.M) {
	if os.Getenv("MANCALA_WEB_MAIN") == "1" {
		if n, err := strconv.ParseUint(os.Getenv("MANCALA_WEB_NOFILE"), 10, 64); err == nil {
			if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				fmt.Fprintln(os.Stderr, "setrlimit:", err)
				os.Exit(3)
			}
		}
		os.Args = append([]string{"web"}, os.Args[1:]...)
		main()
	}
	os.Exit(m.Run())
}

// startServer serves the program's handler on a loopback port with the
// program's server settings, changed by set, and returns its address.
func startServer(t *testing.T, set func(*http.Server)) string {
	t.Helper()
	h, err := newHandler("")
	if err != nil {
		t.Fatal(err)
	}
	c := newConns(defaultMaxConns)
	srv := newServer(h, c)
	if set != nil {
		set(srv)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(c.listen(ln))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// raw writes req on a new connection to addr and reads the first
// response, within 8 s: a hang bound, below the 10 s read timeout that an
// answer the server held back (100-continue over the limit) would wait
// for, and far above any answer's time on a loaded machine.
func raw(t *testing.T, addr, req string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(8 * time.Second))
	if _, err := io.WriteString(conn, req); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%.80q: %v", req, err)
	}
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// Everything under /api/ is answered with JSON and a documented code,
// never a redirect or a 5xx, also what net/http answers before any
// handler runs.
func TestAPIAnswersJSON(t *testing.T) {
	addr := startServer(t, nil)
	get := func(path string) string { return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n" }
	for _, tt := range []struct {
		name, req string
		status    int
		body      string
	}{
		{"games", get("/api/v1/games"), 200, `{"games":[`},
		{"double slash", get("/api//v1/games"), 404, `{"error":"wire: no endpoint \"/api//v1/games\" (see GET /api/v1/games)","code":"not_found"}`},
		{"leading double slash", get("//api/v1/games"), 404, `{"error":"wire: no endpoint \"//api/v1/games\"`},
		{"dot", get("/api/./v1/games"), 404, `{"error":"wire: no endpoint \"/api/./v1/games\"`},
		{"dot dot", get("/api/../api/v1/games"), 404, `{"error":"wire: no endpoint \"/api/../api/v1/games\"`},
		{"dot dot out", get("/api/../main.go"), 404, `{"error":"wire: no endpoint \"/api/../main.go\"`},
		{"api", get("/api"), 404, `{"error":"wire: no endpoint \"/api\"`},
		{"api/", get("/api/"), 404, `{"error":"wire: no endpoint \"/api/\"`},
		{"gzip, chunked", "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 400,
			`{"error":"web: bad request: unsupported transfer encoding","code":"bad_request"}`},
		{"bad header", "GET /api/v1/games HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n", 400,
			`{"error":"web: bad request: malformed HTTP request","code":"bad_request"}`},
		{"no host", "GET /api/v1/games HTTP/1.1\r\n\r\n", 400,
			`{"error":"web: bad request: missing required Host header","code":"bad_request"}`},
		{"HTTP/2.0 request line", "GET /api/v1/games HTTP/2.0\r\nHost: x\r\n\r\n", 400,
			`{"error":"web: bad request: unsupported protocol version","code":"bad_request"}`},
		{"headers too large", "GET /api/v1/games HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("y", 40<<10) + "\r\n\r\n", 431,
			`{"error":"web: request headers too large","code":"too_large"}`},
		{"unknown expectation", "GET /api/v1/games HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n", 417,
			`{"error":"web: bad request: the only expectation served is Expect: 100-continue","code":"bad_request"}`},
		{"bad length", "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400,
			`{"error":"web: bad request: malformed HTTP request","code":"bad_request"}`},
		{"two lengths", "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400,
			`{"error":"web: bad request: malformed HTTP request","code":"bad_request"}`},
		{"HTTP/1.0", "GET /api/v1/games HTTP/1.0\r\n\r\n", 200, `{"games":[`},
		{"100-continue over the limit", "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\nExpect: 100-continue\r\n\r\n", 413,
			`{"error":"wire: request body over 65536 bytes","code":"too_large"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, body := raw(t, addr, tt.req)
			if res.StatusCode != tt.status || !strings.HasPrefix(body, tt.body) || res.Header.Get("Content-Type") != "application/json; charset=utf-8" || !json.Valid([]byte(body)) {
				t.Errorf("%d %q %.200s, want %d JSON %s", res.StatusCode, res.Header.Get("Content-Type"), body, tt.status, tt.body)
			}
		})
	}
}

// A body that does not arrive within the read timeout is answered 408
// timeout, without the connection's addresses in the message.
func TestBodyTimeout(t *testing.T) {
	addr := startServer(t, func(s *http.Server) { s.ReadTimeout = 300 * time.Millisecond })
	res, body := raw(t, addr, "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"game\":")
	if want := `{"error":"wire: timeout: the request body did not arrive in time","code":"timeout"}` + "\n"; res.StatusCode != 408 || body != want {
		t.Errorf("%d %s, want 408 %s", res.StatusCode, body, want)
	}
	if strings.Contains(body, "127.0.0.1") {
		t.Errorf("the message names an address: %s", body)
	}
}

// conns closes the connection idle the longest once max are open, else
// the one reading its request the longest, and never the new one nor one
// whose request has arrived.
func TestConnsEvict(t *testing.T) {
	c := newConns(3)
	var pipes []net.Conn
	for range 5 {
		a, b := net.Pipe()
		defer b.Close()
		pipes = append(pipes, a)
	}
	closed := func(conn net.Conn) bool {
		conn.SetWriteDeadline(time.Now().Add(10 * time.Millisecond))
		_, err := conn.Write([]byte("x"))
		return err == io.ErrClosedPipe
	}
	counts := func(open, idle, reading int) {
		t.Helper()
		if o, i, r := c.counts(); o != open || i != idle || r != reading {
			t.Errorf("open %d idle %d reading %d, want %d %d %d", o, i, r, open, idle, reading)
		}
	}
	c.state(pipes[0], http.StateNew)
	c.state(pipes[0], http.StateActive)
	c.working(pipes[0])
	c.state(pipes[0], http.StateIdle) // idle the longest
	c.state(pipes[1], http.StateNew)
	c.state(pipes[1], http.StateActive)
	c.working(pipes[1]) // answering: never closed
	counts(2, 1, 0)
	c.state(pipes[2], http.StateNew) // the cap: pipes[0] goes
	if !closed(pipes[0]) || closed(pipes[1]) || closed(pipes[2]) {
		t.Errorf("closed: %v %v %v, want only the first", closed(pipes[0]), closed(pipes[1]), closed(pipes[2]))
	}
	c.state(pipes[0], http.StateClosed)
	c.state(pipes[2], http.StateActive) // reading its request
	counts(2, 0, 1)
	c.state(pipes[3], http.StateNew) // the cap, nothing idle: pipes[2] goes
	if !closed(pipes[2]) || closed(pipes[1]) || closed(pipes[3]) {
		t.Errorf("closed: %v %v %v, want only the reading one", closed(pipes[2]), closed(pipes[1]), closed(pipes[3]))
	}
	c.state(pipes[2], http.StateClosed)
	c.state(pipes[3], http.StateActive)
	c.working(pipes[3])
	c.state(pipes[4], http.StateNew) // the cap, nothing idle or reading but the new one
	if closed(pipes[4]) || closed(pipes[1]) || closed(pipes[3]) {
		t.Error("a working or the new connection was closed")
	}
	counts(3, 1, 0)
}

// TestSlowBodies holds -maxconns connections that each send a request's
// headers and then its body slowly (one byte, then nothing), and checks
// that a new client is answered while they are held: at the cap the
// connection reading its request the longest is closed to make room.
// The server's read timeout is an hour, so nothing else frees a
// connection; before, only idle connections were closed and new clients
// waited for the read timeout (7.65 s with -maxconns 64 and the 10 s
// timeout).
func TestSlowBodies(t *testing.T) {
	const maxConns = 8
	h, err := newHandler("")
	if err != nil {
		t.Fatal(err)
	}
	c := newConns(maxConns)
	srv := newServer(h, c)
	srv.ReadTimeout, srv.ReadHeaderTimeout = time.Hour, time.Hour
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(c.listen(ln))
	t.Cleanup(func() { srv.Close() })
	addr := ln.Addr().String()

	var held []net.Conn
	t.Cleanup(func() {
		for _, conn := range held {
			conn.Close()
		}
	})
	for range maxConns {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, conn)
		io.WriteString(conn, "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	}
	// A new client: only making room serves it (the timeout bounds a hang,
	// far below the read timeout that would otherwise free a slot).
	hc := &http.Client{Timeout: 2 * time.Minute}
	t0 := time.Now()
	res, err := hc.Get("http://" + addr + "/api/v1/games")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("status %d", res.StatusCode)
	}
	// The connections closed to make room were slow ones: read what each
	// got (a closed one reads EOF or a reset at once; a held one would
	// block, so give each a moment that bounds the test, not the check).
	closedSlow := 0
	for _, conn := range held {
		conn.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		var b [1]byte
		if _, err := conn.Read(b[:]); err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			closedSlow++
		}
	}
	if closedSlow == 0 {
		t.Error("no slow connection was closed")
	}
	t.Logf("a new client answered in %v with %d slow-body connections held, %d of them closed", time.Since(t0).Round(time.Millisecond), maxConns, closedSlow)
}

// TestIdleFlood holds more idle keep-alive connections than the server
// has file descriptors (its RLIMIT_NOFILE set to 4,096 in a child
// process) and checks that a new client is still answered within a few
// seconds: the connection cap stays below the limit and makes room by
// closing the connections idle the longest. Without the cap the server
// ran out of descriptors ("accept4: too many open files") and new clients
// waited for a minute, until idle connections timed out. Skipped under
// -short (about 5,000 connections).
func TestIdleFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("holds 4,300 connections")
	}
	const nofile, hold = 4096, 4300
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil || l.Cur < hold+500 {
		t.Skipf("this process may open %d files; the test needs %d", l.Cur, hold+500)
	}
	addr, _, _ := serverCmd(t, nofile)

	// Open the connections, each with one request answered or not, and
	// leave them open.
	var mu sync.Mutex
	var held []net.Conn
	answered := 0
	t.Cleanup(func() {
		for _, c := range held {
			c.Close()
		}
	})
	var wg sync.WaitGroup
	work := make(chan int)
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				conn, err := net.DialTimeout("tcp", addr, 2*time.Second)
				if err != nil {
					continue
				}
				mu.Lock()
				held = append(held, conn)
				mu.Unlock()
				conn.SetDeadline(time.Now().Add(300 * time.Millisecond))
				io.WriteString(conn, "GET /favicon.svg HTTP/1.1\r\nHost: x\r\n\r\n")
				if res, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
					io.Copy(io.Discard, res.Body)
					mu.Lock()
					answered++
					mu.Unlock()
				}
			}
		}()
	}
	for i := range hold {
		work <- i
	}
	close(work)
	wg.Wait()
	t.Logf("%d connections held, %d answered", len(held), answered)

	// A new client is answered.
	t0 := time.Now()
	hc := &http.Client{Timeout: 5 * time.Second}
	res, err := hc.Get("http://" + addr + "/api/v1/games")
	if err != nil {
		t.Fatalf("a new request with %d connections held: %v", len(held), err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("status %d", res.StatusCode)
	}
	t.Logf("a new request answered in %v", time.Since(t0).Round(time.Millisecond))
}

// serverCmd starts the program itself (main, through TestMain) in a child
// process with its limit of open files set to nofile, and returns its
// address and the rest of its first line ("(Ctrl-C stops; at most N
// connections)"), and what it has written to standard error so far (the
// cleanup kills it).
func serverCmd(t *testing.T, nofile int, args ...string) (addr, rest string, stderr func() string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append([]string{"-addr", "127.0.0.1:0", "-db", "off"}, args...)...)
	cmd.Env = append(os.Environ(), "MANCALA_WEB_MAIN=1", "MANCALA_WEB_NOFILE="+strconv.Itoa(nofile))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errs := &lockedBuffer{}
	cmd.Stderr = errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[3], "http://") {
		t.Fatalf("server said %q", line)
	}
	return strings.TrimPrefix(f[3], "http://"), strings.Join(f[4:], " "), errs.String
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestLowFileLimit: under a low limit of open files the server starts
// with a connection cap that fits it, and serves a new client while more
// connections than the cap are held, sending their requests slowly; under
// a limit too low to serve at all it refuses to start, saying why.
// Before, with ulimit -n 20 the cap was 16 connections, more than the
// descriptors left, and the server ran out of them.
func TestLowFileLimit(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-addr", "127.0.0.1:0", "-db", "off")
	cmd.Env = append(os.Environ(), "MANCALA_WEB_MAIN=1", "MANCALA_WEB_NOFILE=8")
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasPrefix(string(out), "web: the limit of open files is 8, and ") ||
		!strings.HasSuffix(string(out), "want at least 2 (8 spare); raise the limit (ulimit -n)\n") {
		t.Errorf("limit 8: exit %d (%v), %q", code, err, out)
	}

	addr, rest, stderr := serverCmd(t, 24)
	var n int
	if _, err := fmt.Sscanf(rest, "(Ctrl-C stops; at most %d connections)", &n); err != nil || n < 2 || n > 24-3-8 {
		t.Fatalf("limit 24: %q (%v)", rest, err)
	}
	var held []net.Conn
	t.Cleanup(func() {
		for _, conn := range held {
			conn.Close()
		}
	})
	for range n + 4 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, conn)
		io.WriteString(conn, "POST /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
	}
	hc := &http.Client{Timeout: time.Minute}
	res, err := hc.Get("http://" + addr + "/api/v1/games")
	if err != nil {
		t.Fatalf("a new client with %d connections held and a cap of %d: %v", len(held), n, err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("status %d", res.StatusCode)
	}
	if e := stderr(); e != "" {
		t.Errorf("the server's standard error: %s", e)
	}
	t.Logf("limit 24: a cap of %d connections; %d held, a new client answered", n, len(held))
}
