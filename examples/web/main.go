// Web serves a page to play Kiothi, Kisolo and Bao la Kimasai in the
// browser, and the JSON API of package mancala/wire that the page is built
// on, from one program with no files beside it: the page (plain HTML, CSS,
// SVG and JavaScript modules, no build step) is embedded, and it fetches
// nothing from elsewhere, so it works offline.
//
//	go run ./examples/web                  # then open http://127.0.0.1:8080
//	go run ./examples/web -addr :9000      # another address (all interfaces)
//	go run ./examples/web -maxconns 1000   # at most 1000 connections at once
//	go run ./examples/web -db /var/lib/mancala/rooms.db  # where the rooms are kept
//	go run ./examples/web -export site     # the page as a static site, no server
//	go run ./examples/web -dir site        # serve that site (compressed, cached)
//	go run ./examples/web -npm pkg         # the JavaScript package (docs/js.md)
//
// With -export DIR it writes the page into DIR as a static site that runs
// the rules in the browser: the library compiled to WebAssembly
// (examples/web/wasm) in a Web Worker, with Go's wasm_exec.js. Any static
// file host serves the folder; the page then makes no request but for its
// own files. With -dir DIR the program serves such a folder instead of
// the embedded page.
//
// Every file of the page goes out compressed to a browser that accepts
// it: brotli or gzip (Accept-Encoding, q-values honoured, brotli on a
// tie), from copies made once (the export's NAME.br and NAME.gz, or made
// at start), with Content-Encoding, Vary: Accept-Encoding and the
// Content-Length of the bytes sent; a request with a Range header gets
// the uncompressed bytes. Each answer has an ETag of the file's content
// and encoding and Cache-Control: no-cache (a revalidation is a 304), or
// a year's immutable caching for a file whose name carries a hash of its
// content ("mancala.3f2a9c1d4e5b6a70.wasm"). The API is never compressed.
//
// The API keeps no game state: the page keeps its own history of
// positions, so a restart loses nothing. Games against a friend are the
// exception: they are played in rooms (package rooms, under
// /api/v1/rooms) whose games and records the server keeps in a bbolt
// database (-db, default mancala-rooms.db; -db off: no rooms), with the
// limits of the flags -maxrooms, -roomsperclient, -idle, -abandon,
// -maxmsg, -msgrate, -keep, -trustproxy and -origins (docs/web.md). It binds 127.0.0.1 by default, has
// read, write and idle timeouts, bounds every API request (see package
// wire: 64 KiB bodies, think under a deadline and a concurrency limit), and
// serves static files only from the embedded folder. It holds at most
// -maxconns connections at once (by default 4096, or what the limit of
// open files leaves room for if that is lower; a -maxconns that does not
// fit, or a limit too low to serve 2 connections, is refused at start);
// when that many are open it closes the one idle the longest (a
// keep-alive connection between requests), else the one reading its
// request the longest, so that neither idle nor slow connections can lock
// new clients out. Everything under
// /api/ is answered by package wire, as JSON, with no redirect; a request
// net/http cannot read (a malformed request line or header, headers over
// 16 KiB, an unsupported Transfer-Encoding) gets a JSON error too: 400
// bad_request, or 431 too_large for the headers.
package main

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/seed8ebe013a/go-mancala/examples/web/rooms"
	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

//go:embed static
var static embed.FS

func main() {
	os.Exit(main1(os.Args[1:], os.Stdout, os.Stderr))
}

// main1 is the program: it parses args, serves until SIGINT or SIGTERM
// and returns the exit code.
func main1(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve on (host:port)")
	maxConns := fs.Int("maxconns", 0, "the most connections open at once; at the cap the one idle the longest, else the one reading its request the longest, is closed to make room (0: 4096, or what the limit of open files leaves room for)")
	export := fs.String("export", "", "write the page as a static site (WebAssembly rules, no server) into this new `dir` and exit")
	npmDir := fs.String("npm", "", "write the JavaScript package (mancala.js, its .d.ts, the worker and the wasm files) into this new `dir` and exit")
	dir := fs.String("dir", "", "serve the static site in this `dir` (written by -export) instead of the embedded page")
	wasmDir := fs.String("wasm", "", "with -export or -npm: copy the games' mancala-GAME.wasm from this `dir` (an earlier export) instead of building them")
	rf := addRoomFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *maxConns < 0 || *maxConns == 1 {
		fmt.Fprintf(stderr, "web: -maxconns %d: want at least 2 (0: the default)\n", *maxConns)
		return 2
	}
	if *export != "" && *npmDir != "" {
		fmt.Fprintln(stderr, "web: -export and -npm: one at a time")
		return 2
	}
	if *dir != "" && (*export != "" || *npmDir != "") {
		fmt.Fprintln(stderr, "web: -dir serves a site; -export and -npm write one: one at a time")
		return 2
	}
	if *npmDir != "" {
		if err := exportPackage(*npmDir, *wasmDir, stdout); err != nil {
			fmt.Fprintln(stderr, "web:", err)
			return 1
		}
		return 0
	}
	if *export != "" {
		if err := exportSite(*export, *wasmDir, stdout); err != nil {
			fmt.Fprintln(stderr, "web:", err)
			return 1
		}
		return 0
	}
	h, err := newHandler(*dir)
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	ropt, roomsOff, err := rf.options()
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 2
	}
	capConns, err := connCap(*maxConns, fdLimit(), fdsOpen())
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	var rs *rooms.Server
	if !roomsOff {
		if testClock != nil {
			h = testClock(&ropt, h)
		}
		ropt.Logf = func(format string, args ...any) { fmt.Fprintf(stderr, "web: "+format+"\n", args...) }
		if rs, err = rooms.New(ropt); err != nil {
			ln.Close()
			fmt.Fprintln(stderr, "web:", err)
			return 1
		}
		defer rs.Close()
	}
	h = withRooms(h, rs)
	c := newConns(capConns)
	srv := newServer(h, c)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	fmt.Fprintf(stdout, "web: serving on http://%s (Ctrl-C stops; at most %d connections)\n", ln.Addr(), capConns)
	if err := srv.Serve(c.listen(ln)); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	return 0
}

// defaultMaxConns is the default of -maxconns when the limit of open
// files does not lower it.
const defaultMaxConns = 4096

// fdHeadroom is the number of descriptors kept free beside the files open
// at start and the connections: the listener, a connection being accepted
// and closed at the cap, and what the runtime may open.
const fdHeadroom = 8

// connCap returns the cap on connections: requested (0: the default,
// 4096) if it fits in limit open files (0: unknown) with open files
// already open and fdHeadroom spare; the default is lowered to what
// fits. It is an error when requested does not fit, or when fewer than 2
// connections fit (one to serve, one being made room for): the server
// would run out of descriptors instead of serving.
func connCap(requested, limit, open int) (int, error) {
	if limit <= 0 {
		if requested > 0 {
			return requested, nil
		}
		return defaultMaxConns, nil
	}
	room := limit - open - fdHeadroom
	switch {
	case room < 2:
		return 0, fmt.Errorf("the limit of open files is %d, and %d are open at start: that leaves room for %d connections, want at least 2 (%d spare); raise the limit (ulimit -n)", limit, open, max(room, 0), fdHeadroom)
	case requested > room:
		return 0, fmt.Errorf("-maxconns %d: the limit of open files (%d, %d open at start, %d spare) leaves room for %d connections; lower -maxconns or raise the limit (ulimit -n)", requested, limit, open, fdHeadroom, room)
	case requested > 0:
		return requested, nil
	}
	return min(defaultMaxConns, room), nil
}

// newServer returns the http.Server of h with its timeouts, its
// connections tracked by c (nil: not tracked): a think takes at most
// about 4 s (2 s waiting for a slot, 2 s searching), so writes may take
// 15 s.
func newServer(h http.Handler, c *conns) *http.Server {
	s := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      15 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	if c != nil {
		s.Handler = c.track(h)
		s.ConnState = c.state
		s.ConnContext = connContext
	}
	return s
}

// newHandler returns the handler of the API (under /api/) and the page
// (everything else): the embedded static folder, or with dir the static
// site in that folder (an -export's), each file with its brotli and gzip
// copies (see site.serve).
func newHandler(dir string) (http.Handler, error) {
	svc, err := gameswire.NewService(wire.Limits{})
	if err != nil {
		return nil, err
	}
	files, err := embeddedFiles()
	if dir != "" {
		files, err = folderFiles(dir)
	}
	if err != nil {
		return nil, err
	}
	api := wire.Handler(svc)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		// No directory listings: the folder is flat, so any other path
		// ending in a slash is not a file.
		if r.URL.Path != "/" && strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		// 'wasm-unsafe-eval': an exported site (-dir) compiles
		// the wasm files in its worker; nothing else is evaluated.
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if !files.serve(w, r, name) {
			http.NotFound(w, r)
		}
	})
	// The API gets every path that is /api or under /api/, as written or
	// once cleaned ("//api/v1/games", "/api/../x"), as it is, before the
	// mux could redirect it; it answers them all with JSON.
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") || strings.HasPrefix(path.Clean(p)+"/", "/api/") {
			api.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	}), nil
}
