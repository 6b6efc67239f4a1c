package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
)

// fakeWasm writes into the new folder dir a WebAssembly file of each
// game, mancala-GAME.wasm, of 8, 9 and 10 bytes in the games' order.
func fakeWasm(t *testing.T, dir string) {
	t.Helper()
	os.Mkdir(dir, 0o755)
	for i, g := range games.Names() {
		if err := os.WriteFile(filepath.Join(dir, wasmName(g)), []byte("\x00asm\x01\x00\x00\x00"+strings.Repeat("\x00", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExport writes the static site with given wasm files (the browser
// tests export with a real build and play on it): every embedded file,
// index.html switched to the wasm backend, wasm_exec.js of the toolchain,
// games.json (the HTTP API's answer) and the wasm files; a folder that is
// not empty and a file that is not WebAssembly are refused.
func TestExport(t *testing.T) {
	tmp := t.TempDir()
	wasm := filepath.Join(tmp, "in")
	fakeWasm(t, wasm)
	dir := filepath.Join(tmp, "site")
	bad := filepath.Join(tmp, "bad")
	os.Mkdir(bad, 0o755)
	for _, g := range games.Names() {
		os.WriteFile(filepath.Join(bad, wasmName(g)), []byte("<html>"), 0o644)
	}
	var out, errb bytes.Buffer
	if code := main1([]string{"-export", dir, "-wasm", wasm}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var want []string
	fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if !d.IsDir() {
			want = append(want, strings.TrimPrefix(p, "static/"))
		}
		return nil
	})
	want = append(want, "mancala-kisolo.wasm", "mancala-kiothi.wasm", "mancala-kimasai.wasm", "games.json", "wasm_exec.js", "LICENSE-go")
	// A brotli and a gzip copy of each file of 1 KiB or more, the same
	// bytes once decompressed.
	for _, name := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			ext    string
			reader func(io.Reader) (io.Reader, error)
		}{
			{".br", func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }},
			{".gz", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		} {
			z, err := os.ReadFile(filepath.Join(dir, name+c.ext))
			if len(b) < 1024 {
				if err == nil {
					t.Errorf("%s%s written for a file of %d bytes", name, c.ext, len(b))
				}
				continue
			}
			if err != nil {
				// A compressed format (a PNG) gets no copies.
				if !strings.HasSuffix(name, ".png") {
					t.Errorf("no %s%s: %v", name, c.ext, err)
				}
				continue
			}
			zr, err := c.reader(bytes.NewReader(z))
			if err != nil {
				t.Errorf("%s%s: %v", name, c.ext, err)
				continue
			}
			if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, b) {
				t.Errorf("%s%s does not decompress to %s (%v)", name, c.ext, name, err)
			}
			if len(z) >= len(b) {
				t.Errorf("%s%s is %d bytes, not smaller than the file's %d", name, c.ext, len(z), len(b))
			}
			want = append(want, name+c.ext)
		}
	}
	sort.Strings(want)
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("exported %v, want %v", got, want)
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !bytes.Contains(index, []byte(`<body data-busy="1" data-backend="wasm">`)) {
		t.Errorf("index.html not switched to wasm: %.300s", index)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "mancala-kiothi.wasm")); string(b) != "\x00asm\x01\x00\x00\x00\x00" {
		t.Errorf("mancala-kiothi.wasm %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "worker.js")); !bytes.Contains(b, []byte("\nconst wasmBytes = {\"kimasai\":10,\"kiothi\":9,\"kisolo\":8};\n")) {
		t.Errorf("worker.js not told the sizes of the wasm files: %s", b)
	}
	// games.json is the HTTP API's answer to GET /api/v1/games, byte for
	// byte.
	h, err := newHandler("")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/games", nil))
	if b, _ := os.ReadFile(filepath.Join(dir, "games.json")); rec.Code != 200 || !bytes.Equal(b, rec.Body.Bytes()) {
		t.Errorf("games.json is not the API's answer (%d):\n%s\nwant\n%s", rec.Code, b, rec.Body.Bytes())
	}
	// The service worker lists the site's files and names its version.
	sw, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	var files []string
	for _, name := range want {
		switch {
		case strings.HasSuffix(name, ".gz"), strings.HasSuffix(name, ".br"), name == "sw.js":
		case name == "index.html":
			files = append([]string{"./"}, files...)
		default:
			files = append(files, name)
		}
	}
	list, _ := json.Marshal(files)
	if !bytes.Contains(sw, []byte("\nconst files = "+string(list)+";\n")) {
		t.Errorf("sw.js does not list the files %s:\n%s", list, sw)
	}
	version := regexp.MustCompile(`\nconst version = '([0-9a-f]{16})';\n`).FindSubmatch(sw)
	if version == nil {
		t.Errorf("sw.js has no version: %s", sw)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "wasm_exec.js")); !bytes.Contains(b, []byte("globalThis.Go = class")) {
		t.Errorf("wasm_exec.js is not Go's: %.200s", b)
	}
	if !strings.Contains(out.String(), "wrote the static site to "+dir) {
		t.Errorf("stdout %q", out.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-export", dir, "-wasm", wasm}, "web: export: " + dir + " is not empty\n"},
		{[]string{"-export", filepath.Join(tmp, "b"), "-wasm", filepath.Join(tmp, "b", "..", "..", "nowhere")}, "no such file"},
		{[]string{"-export", filepath.Join(tmp, "c"), "-wasm", filepath.Join(tmp, "bad")}, "mancala-kisolo.wasm is not a WebAssembly file"},
	} {
		errb.Reset()
		if code := main1(c.args, &out, &errb); code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 1 and %q", c.args, code, errb.String(), c.want)
		}
	}
	// (bad, made before the exports, holds files that are not wasm.)
	// A failed export leaves nothing: no half site in b or c, and no
	// temporary folder beside them; an empty folder that exists is used.
	left, _ := os.ReadDir(tmp)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "bad in site" {
		t.Errorf("after the failed exports %s holds %v, want [bad in site]", tmp, names)
	}
	empty := filepath.Join(tmp, "empty")
	os.Mkdir(empty, 0o755)
	if code := main1([]string{"-export", empty, "-wasm", wasm}, &out, &errb); code != 0 {
		t.Fatalf("export into an empty folder: exit %d: %s", code, errb.String())
	}
	if fi, err := os.Stat(filepath.Join(empty, "index.html")); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("export into an empty folder: index.html %v %v", fi, err)
	}
	if fi, err := os.Stat(empty); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("the exported folder: %v %v, want mode 0755", fi, err)
	}
	// The same files give the same version; another wasm another one.
	sw2, _ := os.ReadFile(filepath.Join(empty, "sw.js"))
	if !bytes.Equal(sw, sw2) {
		t.Errorf("two exports of the same files differ in sw.js")
	}
	os.WriteFile(filepath.Join(wasm, "mancala-kimasai.wasm"), []byte("\x00asm\x01\x00\x00\x00\x01\x00"), 0o644)
	other := filepath.Join(tmp, "other")
	if code := main1([]string{"-export", other, "-wasm", wasm}, &out, &errb); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errb.String())
	}
	if sw3, _ := os.ReadFile(filepath.Join(other, "sw.js")); version != nil && bytes.Contains(sw3, version[1]) {
		t.Errorf("another mancala-kimasai.wasm, the same version %s", version[1])
	}
}
