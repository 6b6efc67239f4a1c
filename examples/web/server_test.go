package main

import (
	"bufio"
	"encoding/json"
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
	h, err := newHandler()
	if err != nil {
		t.Fatal(err)
	}
	c := newConns(defaultMaxConns())
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

// conns closes the connection idle the longest once max are open, and
// never the new one.
func TestConnsEvict(t *testing.T) {
	c := newConns(3)
	var pipes []net.Conn
	for range 4 {
		a, b := net.Pipe()
		defer b.Close()
		pipes = append(pipes, a)
	}
	closed := func(conn net.Conn) bool {
		conn.SetWriteDeadline(time.Now().Add(10 * time.Millisecond))
		_, err := conn.Write([]byte("x"))
		return err == io.ErrClosedPipe
	}
	c.state(pipes[0], http.StateNew)
	c.state(pipes[0], http.StateActive)
	c.state(pipes[0], http.StateIdle) // idle the longest
	c.state(pipes[1], http.StateNew)
	c.state(pipes[1], http.StateActive) // busy: never closed
	if open, idle := c.counts(); open != 2 || idle != 1 {
		t.Errorf("open %d idle %d", open, idle)
	}
	c.state(pipes[2], http.StateNew) // the cap: pipes[0] goes
	if !closed(pipes[0]) || closed(pipes[1]) || closed(pipes[2]) {
		t.Errorf("closed: %v %v %v, want only the first", closed(pipes[0]), closed(pipes[1]), closed(pipes[2]))
	}
	c.state(pipes[0], http.StateClosed)
	c.state(pipes[2], http.StateActive)
	c.state(pipes[3], http.StateNew) // the cap, nothing idle but the new one
	if closed(pipes[3]) || closed(pipes[1]) || closed(pipes[2]) {
		t.Error("a busy or the new connection was closed")
	}
	if open, idle := c.counts(); open != 3 || idle != 1 {
		t.Errorf("open %d idle %d", open, idle)
	}
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
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "MANCALA_WEB_MAIN=1", "MANCALA_WEB_NOFILE="+strconv.Itoa(nofile))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
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
	addr, ok := strings.CutPrefix(strings.Fields(line)[len(strings.Fields(line))-3], "http://")
	if !ok {
		t.Fatalf("server said %q", line)
	}

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
