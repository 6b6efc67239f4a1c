package e2e

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// link is one direction of a shaped connection: every connection through
// the shaper shares it, as they share a real line. Bytes leave at rate
// bytes per second, one after another, and arrive delay later.
type link struct {
	rate      float64
	delay     time.Duration
	bytes     atomic.Int64 // booked
	delivered atomic.Int64 // written to the far end

	mu   sync.Mutex
	free time.Time // when the line is next free
}

// send books n bytes on the line and returns when they arrive.
func (l *link) send(n int) time.Time {
	l.bytes.Add(int64(n))
	l.mu.Lock()
	defer l.mu.Unlock()
	if now := time.Now(); l.free.Before(now) {
		l.free = now
	}
	l.free = l.free.Add(time.Duration(float64(n) / l.rate * float64(time.Second)))
	return l.free.Add(l.delay)
}

// pipe copies src to dst through l, in packets of at most 1500 bytes,
// each written when l says it arrives; then it closes dst's write side.
func pipe(dst, src net.Conn, l *link) {
	type packet struct {
		b  []byte
		at time.Time
	}
	q := make(chan packet, 64) // the line's buffer: beyond it the sender waits
	done := make(chan struct{})
	go func() {
		defer close(done)
		for p := range q {
			time.Sleep(time.Until(p.at)) // the link's pace, not a synchronisation
			l.delivered.Add(int64(len(p.b)))
			if _, err := dst.Write(p.b); err != nil {
				for range q {
				}
				return
			}
		}
	}()
	buf := make([]byte, 1500)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			q <- packet{append([]byte(nil), buf[:n]...), l.send(n)}
		}
		if err != nil {
			break
		}
	}
	close(q)
	<-done
	if c, ok := dst.(*net.TCPConn); ok {
		c.CloseWrite()
	}
}

// shaper is a TCP proxy on the loopback to target that paces the bytes of
// every connection on one shared line each way.
type shaper struct {
	ln       net.Listener
	up, down *link
}

// startShaper proxies a new loopback port to target (host:port) at kbit
// kilobits per second each way with rtt of round trip (half each way).
func startShaper(t testing.TB, target string, kbit float64, rtt time.Duration) *shaper {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rate := kbit * 1000 / 8
	s := &shaper{ln: ln, up: &link{rate: rate, delay: rtt / 2}, down: &link{rate: rate, delay: rtt / 2}}
	var wg sync.WaitGroup
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				u, err := net.Dial("tcp", target)
				if err != nil {
					return
				}
				defer u.Close()
				var pw sync.WaitGroup
				pw.Add(1)
				go func() { defer pw.Done(); pipe(u, c, s.up) }()
				pipe(c, u, s.down)
				pw.Wait()
			}()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return s
}

// siteServer runs the project's server (web -dir) on the exported site
// and returns its host:port; it is stopped at the test's end.
func siteServer(t testing.TB, dir string) string {
	t.Helper()
	// -db off: no rooms, so no database file in the working directory.
	cmd := exec.Command(server.bin, "-dir", dir, "-addr", "127.0.0.1:0", "-db", "off")
	stdout, _ := cmd.StdoutPipe()
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
		t.Fatalf("reading the server's address: %v", err)
	}
	go io.Copy(io.Discard, stdout)
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[3], "http://127.0.0.1:") {
		t.Fatalf("unexpected first line %q", line)
	}
	return strings.TrimPrefix(f[3], "http://")
}

// firstVisitKbit and firstVisitRTT are the line of the first-visit
// measure: 1.6 Mbit/s each way, 100 ms round trip.
const (
	firstVisitKbit = 1600
	firstVisitRTT  = 100 * time.Millisecond
)

// firstVisit opens the exported site, served by the project's server
// (web -dir) behind the shaper, in a fresh browser and waits for a
// playable board; it returns the time that took and the bytes that
// crossed the line down (answers) and up (requests).
func firstVisit(t *testing.T, noSW bool) (took time.Duration, down, up int64) {
	t.Helper()
	startStatic(t)
	dir := site.dir
	if noSW {
		dir = withoutServiceWorker(t, site.dir)
	}
	addr := siteServer(t, dir)
	sh := startShaper(t, addr, firstVisitKbit, firstVisitRTT)
	url := "http://" + sh.ln.Addr().String()
	b := newBrowserAt(t, url)
	began := time.Now()
	b.run(t, chromedp.Navigate(url+"/?game=kisolo&south=human&north=1&test=1"))
	// The first board: a position drawn (board.js), South to play.
	b.waitLong(t, `document.querySelector('[data-position]') !== null && document.body.dataset.ply === '0' && document.body.dataset.waiting === 'human'`, 3*time.Minute)
	took = time.Since(began)
	down, up = sh.down.delivered.Load(), sh.up.delivered.Load()
	if !noSW {
		b.checkNoErrors(t)
	}
	return took, down, up
}

// withoutServiceWorker copies the site without sw.js (its registration
// then fails): the first visit as it is once the service worker no longer
// fetches the files again while the page loads them (issue 33, item 1).
func withoutServiceWorker(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "sw.js") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// siteBytes is what the site's files weigh as the project's server sends
// them to a browser: each file's .br copy where it has one, else the
// file; and the .br of mancala-kisolo.wasm (the wasm file of the game
// the first visit shows).
func siteBytes(t *testing.T, dir string) (total, wasmBr int64) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		name := e.Name()
		if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			continue
		}
		fi, err := os.Stat(filepath.Join(dir, name+".br"))
		if err != nil {
			fi, err = os.Stat(filepath.Join(dir, name))
		}
		if err != nil {
			t.Fatal(err)
		}
		total += fi.Size()
		if name == "mancala-kisolo.wasm" {
			wasmBr = fi.Size()
		}
	}
	return total, wasmBr
}

// TestFirstVisitBytes opens the exported site for the first time through
// a line of 1.6 Mbit/s and 100 ms round trip, served by the project's
// server: the bytes down the line are the compressed site (the wasm file
// of the game shown, mancala-kisolo.wasm, travels as its .br copy, not as
// its raw bytes), at most twice over (the
// service worker's own fetch of the files; once it reuses the page's,
// the bound tightens to once). It asserts bytes, never times; the time
// to the first board is logged, and BenchmarkFirstVisit reports it.
func TestFirstVisitBytes(t *testing.T) {
	took, down, up := firstVisit(t, false)
	total, wasmBr := siteBytes(t, site.dir)
	raw, err := os.Stat(filepath.Join(site.dir, "mancala-kisolo.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first board after %v at %d kbit/s, %v RTT: %d bytes down, %d up; the site is %d bytes as sent (mancala-kisolo.wasm %d, raw %d)",
		took.Round(time.Millisecond), firstVisitKbit, firstVisitRTT, down, up, total, wasmBr, raw.Size())
	if down < wasmBr {
		t.Errorf("%d bytes down, fewer than mancala-kisolo.wasm's .br (%d): the board came without the rules?", down, wasmBr)
	}
	// Headers and the API-less page's few requests: 64 KiB of slack.
	if limit := 2*total + 64<<10; down > limit {
		t.Errorf("%d bytes down for a site of %d as sent: over twice the site (%d)", down, total, limit)
	}
	if down >= raw.Size() {
		t.Errorf("%d bytes down: at least mancala-kisolo.wasm's raw %d, so it was not sent compressed", down, raw.Size())
	}
}

// BenchmarkFirstVisit: the time to the first playable board of the
// exported site, first visit, served by the project's server through the
// shaped line (1.6 Mbit/s, 100 ms RTT), as ms/board with the bytes down;
// "nosw" without the service worker's second download of the files.
// go test -run '^$' -bench FirstVisit -benchtime 3x . (in examples/web/e2e).
func BenchmarkFirstVisit(b *testing.B) {
	for _, c := range []struct {
		name string
		noSW bool
	}{{"site", false}, {"nosw", true}} {
		b.Run(c.name, func(b *testing.B) {
			var sum time.Duration
			var bytes int64
			for i := 0; i < b.N; i++ {
				var took time.Duration
				var down int64
				if !runAsTest(b, func(t *testing.T) { took, down, _ = firstVisit(t, c.noSW) }) {
					b.Fatal("the first visit failed")
				}
				sum += took
				bytes += down
			}
			b.ReportMetric(float64(sum.Milliseconds())/float64(b.N), "ms/board")
			b.ReportMetric(float64(bytes)/float64(b.N), "bytes-down/board")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// runAsTest runs f as a subtest of a throwaway testing.T through
// testing.RunTests' machinery: the helpers of this package take a
// *testing.T.
func runAsTest(b *testing.B, f func(t *testing.T)) bool {
	b.Helper()
	return testing.RunTests(func(pat, str string) (bool, error) { return true, nil },
		[]testing.InternalTest{{Name: fmt.Sprintf("%s/visit", b.Name()), F: f}})
}
