package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/google/go-cmp/cmp"
)

func TestAcceptedEncoding(t *testing.T) {
	for _, c := range []struct {
		header       string
		hasBr, hasGz bool
		want         string
	}{
		{"", true, true, ""},
		{"br", true, true, "br"},
		{"gzip", true, true, "gzip"},
		{"gzip, deflate, br, zstd", true, true, "br"},
		{"gzip, deflate, br", false, true, "gzip"},
		{"br", false, true, ""},
		{"gzip", true, false, ""},
		{"br;q=0, gzip", true, true, "gzip"},
		{"BR;Q=0, GZIP;q=0.5", true, true, "gzip"},
		{"br;q=0, gzip;q=0", true, true, ""},
		{"gzip;q=1, br;q=0.5", true, true, "gzip"},
		{"gzip;q=0.5, br;q=0.5", true, true, "br"},
		{"*", true, true, "br"},
		{"*;q=0", true, true, ""},
		{"*;q=0, gzip", true, true, "gzip"},
		{"br;q=0, *", true, true, "gzip"},
		{"x-gzip", true, true, "gzip"},
		{"identity", true, true, ""},
		{"br;q=2", true, true, ""},   // a q-value out of range accepts nothing
		{"br;q=abc", true, true, ""}, // nor does a malformed one
		{"deflate, zstd", true, true, ""},
		{" br ; q=0.9 ,gzip;q=0.8", true, true, "br"},
	} {
		if got := acceptedEncoding(c.header, c.hasBr, c.hasGz); got != c.want {
			t.Errorf("acceptedEncoding(%q, %v, %v) = %q, want %q", c.header, c.hasBr, c.hasGz, got, c.want)
		}
	}
}

// do sends a request with the given headers to h and returns the
// response's headers (but Date) and body.
func do(t *testing.T, h http.Handler, method, path string, hdr map[string]string) (int, http.Header, []byte) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	res.Header.Del("Date")
	return res.StatusCode, res.Header, b
}

func tagOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func unbrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pageHeaders are the headers of every file of the page.
func pageHeaders(extra http.Header) http.Header {
	h := http.Header{
		"X-Content-Type-Options":  {"nosniff"},
		"Referrer-Policy":         {"no-referrer"},
		"Content-Security-Policy": {"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
		"Accept-Ranges":           {"bytes"},
	}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

// TestCompressedPage: the embedded page's files go out brotli or gzip
// compressed as the request accepts, with the exact headers: the
// encoding, Vary, the length of the bytes sent, an ETag per encoding,
// revalidation; a conditional request gets 304, a range the identity
// bytes, a WebSocket upgrade and the API no compression.
func TestCompressedPage(t *testing.T) {
	h, err := newHandler("")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := static.ReadFile("static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	tag := tagOf(raw)
	js := "text/javascript; charset=utf-8"
	for _, c := range []struct {
		name, accept string
		enc          string // the Content-Encoding expected
	}{
		{"br", "gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip, deflate", "gzip"},
		{"none", "", ""},
		{"br q=0", "br;q=0, gzip", "gzip"},
		{"all q=0", "br;q=0, gzip;q=0", ""},
		{"star", "*", "br"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hdr := map[string]string{}
			if c.accept != "" {
				hdr["Accept-Encoding"] = c.accept
			}
			status, got, body := do(t, h, "GET", "/app.js", hdr)
			plain := body
			etag := `"` + tag + `"`
			want := pageHeaders(http.Header{"Content-Type": {js}, "Vary": {"Accept-Encoding"}, "Cache-Control": {"no-cache"}})
			switch c.enc {
			case "br":
				plain = unbrotli(t, body)
				etag = `"` + tag + `-br"`
				want.Set("Content-Encoding", "br")
			case "gzip":
				plain = gunzip(t, body)
				etag = `"` + tag + `-gz"`
				want.Set("Content-Encoding", "gzip")
			}
			want.Set("Etag", etag)
			want.Set("Content-Length", strconv.Itoa(len(body)))
			if status != 200 || !bytes.Equal(plain, raw) {
				t.Errorf("status %d, body %d bytes decoded to %d, want 200 and app.js's %d", status, len(body), len(plain), len(raw))
			}
			if c.enc != "" && len(body) >= len(raw) {
				t.Errorf("%s body of %d bytes, not smaller than %d", c.enc, len(body), len(raw))
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("headers (-want +got):\n%s", d)
			}
			// The same request with the ETag: 304, no body.
			hdr["If-None-Match"] = etag
			status, got, body = do(t, h, "GET", "/app.js", hdr)
			if status != http.StatusNotModified || len(body) != 0 || got.Get("Etag") != etag || got.Get("Content-Encoding") != "" || got.Get("Content-Length") != "" {
				t.Errorf("revalidation: %d %v %q", status, got, body)
			}
			// HEAD: the same headers, no body.
			delete(hdr, "If-None-Match")
			status, gotHead, body := do(t, h, "HEAD", "/app.js", hdr)
			if status != 200 || len(body) != 0 {
				t.Errorf("HEAD: %d %q", status, body)
			}
			if d := cmp.Diff(want, gotHead); d != "" {
				t.Errorf("HEAD headers (-want +got):\n%s", d)
			}
		})
	}
	t.Run("range", func(t *testing.T) {
		status, got, body := do(t, h, "GET", "/app.js", map[string]string{"Accept-Encoding": "gzip, br", "Range": "bytes=0-9"})
		want := pageHeaders(http.Header{"Content-Type": {js}, "Vary": {"Accept-Encoding"}, "Cache-Control": {"no-cache"},
			"Etag": {`"` + tag + `"`}, "Content-Length": {"10"}, "Content-Range": {"bytes 0-9/" + strconv.Itoa(len(raw))}})
		if status != http.StatusPartialContent || !bytes.Equal(body, raw[:10]) {
			t.Errorf("range: %d %q, want 206 %q", status, body, raw[:10])
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("headers (-want +got):\n%s", d)
		}
	})
	t.Run("websocket upgrade", func(t *testing.T) {
		_, got, body := do(t, h, "GET", "/app.js", map[string]string{"Accept-Encoding": "gzip, br", "Connection": "Upgrade", "Upgrade": "websocket"})
		if got.Get("Content-Encoding") != "" || !bytes.Equal(body, raw) {
			t.Errorf("an upgrade request got Content-Encoding %q", got.Get("Content-Encoding"))
		}
	})
	t.Run("small file", func(t *testing.T) {
		icon, _ := static.ReadFile("static/favicon.svg")
		if len(icon) >= compressMin {
			t.Skipf("favicon.svg has %d bytes", len(icon))
		}
		_, got, body := do(t, h, "GET", "/favicon.svg", map[string]string{"Accept-Encoding": "gzip, br"})
		want := pageHeaders(http.Header{"Content-Type": {"image/svg+xml"}, "Cache-Control": {"no-cache"},
			"Etag": {`"` + tagOf(icon) + `"`}, "Content-Length": {strconv.Itoa(len(icon))}})
		if d := cmp.Diff(want, got); d != "" || !bytes.Equal(body, icon) {
			t.Errorf("headers (-want +got):\n%s", d)
		}
	})
	t.Run("api", func(t *testing.T) {
		_, got, body := do(t, h, "GET", "/api/v1/games", map[string]string{"Accept-Encoding": "gzip, br"})
		if got.Get("Content-Encoding") != "" || got.Get("Vary") != "" || !bytes.HasPrefix(body, []byte(`{"games":`)) {
			t.Errorf("the API answered Content-Encoding %q, Vary %q: %.40q", got.Get("Content-Encoding"), got.Get("Vary"), body)
		}
	})
	t.Run("index", func(t *testing.T) {
		index, _ := static.ReadFile("static/index.html")
		_, got, body := do(t, h, "GET", "/", map[string]string{"Accept-Encoding": "gzip"})
		if got.Get("Content-Encoding") != "gzip" || got.Get("Content-Type") != "text/html; charset=utf-8" || !bytes.Equal(gunzip(t, body), index) {
			t.Errorf("/: %v", got)
		}
	})
}

// TestFolder: -dir serves an exported folder: its own .br and .gz copies
// (used as they are), copies made for a file without them, a year of
// caching for a hashed name, the file read again once changed on disk,
// a copy older than its file ignored, hidden files and folders never.
func TestFolder(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	index := bytes.Repeat([]byte("<p>kisolo kiothi kimasai</p>\n"), 100)
	write("index.html", index)
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{1, 2, 3, 4}, 1000)...)
	hashed := "mancala.3f2a9c1d4e5b6a70.wasm"
	write(hashed, wasm)
	// The export's copies: marked bytes, so the test sees they are used
	// as they are (a real copy decompresses to the file).
	write(hashed+".br", []byte("BR COPY"))
	write(hashed+".gz", []byte("GZ COPY"))
	write(".secret", []byte("no"))
	os.Mkdir(filepath.Join(dir, ".export-123"), 0o755)
	write(".export-123/x.js", []byte("no"))
	h, err := newHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	status, got, body := do(t, h, "GET", "/"+hashed, map[string]string{"Accept-Encoding": "br, gzip"})
	mod := got.Get("Last-Modified")
	want := pageHeaders(http.Header{"Content-Type": {"application/wasm"}, "Vary": {"Accept-Encoding"},
		"Cache-Control": {"public, max-age=31536000, immutable"}, "Content-Encoding": {"br"},
		"Etag": {`"` + tagOf(wasm) + `-br"`}, "Content-Length": {"7"}, "Last-Modified": {mod}})
	if d := cmp.Diff(want, got); d != "" || status != 200 || string(body) != "BR COPY" || mod == "" {
		t.Errorf("%d %q, headers (-want +got):\n%s", status, body, d)
	}
	if _, got, body := do(t, h, "GET", "/"+hashed, map[string]string{"Accept-Encoding": "gzip"}); string(body) != "GZ COPY" || got.Get("Content-Encoding") != "gzip" {
		t.Errorf("gzip: %v %q", got, body)
	}
	// index.html has no copies on disk: the server makes them.
	if _, got, body := do(t, h, "GET", "/", map[string]string{"Accept-Encoding": "br"}); got.Get("Content-Encoding") != "br" || !bytes.Equal(unbrotli(t, body), index) || got.Get("Cache-Control") != "no-cache" {
		t.Errorf("index.html: %v", got)
	}
	for _, p := range []string{"/.secret", "/.export-123/x.js", "/nothing.js", "/" + hashed + "/"} {
		if status, _, _ := do(t, h, "GET", p, nil); status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, status)
		}
	}
	// A new file replaces the old (a later mtime), its old copies are
	// older than it: they are not sent.
	wasm2 := append(wasm, 9, 9, 9)
	write(hashed, wasm2)
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(dir, hashed), later, later)
	_, got, body = do(t, h, "GET", "/"+hashed, map[string]string{"Accept-Encoding": "br"})
	if got.Get("Etag") != `"`+tagOf(wasm2)+`-br"` || !bytes.Equal(unbrotli(t, body), wasm2) {
		t.Errorf("after the change: %v", got)
	}
	if _, err := newHandler(filepath.Join(dir, "nothing")); err == nil {
		t.Error("a missing folder is served")
	}
	if _, err := newHandler(t.TempDir()); err == nil {
		t.Error("a folder without index.html is served")
	}
}
