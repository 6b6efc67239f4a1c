package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestPackage writes the JavaScript package with a given wasm file: its
// files are the site's (the wasm files as given, worker.js told their sizes),
// package.json names them all, its exports and types, and a folder that
// is not empty is refused. (CI packs it with npm and builds a Vite
// project with it: .ci/page.sh.)
func TestPackage(t *testing.T) {
	tmp := t.TempDir()
	wasm := filepath.Join(tmp, "in")
	fakeWasm(t, wasm)
	dir := filepath.Join(tmp, "pkg")
	var out, errb bytes.Buffer
	if code := main1([]string{"-npm", dir, "-wasm", wasm}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	want := append([]string{"LICENSE", "README.md", "package.json"}, packageFiles...)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("package files %v, want %v", got, want)
	}
	var pj struct {
		Name, Version, Type, Types, Main string
		Files                            []string
		Exports                          map[string]any
	}
	b, _ := os.ReadFile(filepath.Join(dir, "package.json"))
	if err := json.Unmarshal(b, &pj); err != nil {
		t.Fatalf("package.json: %v\n%s", err, b)
	}
	if pj.Name != "go-mancala" || pj.Version != packageVersion || pj.Type != "module" || pj.Types != "./mancala.d.ts" || pj.Main != "./mancala.js" {
		t.Errorf("package.json: %+v", pj)
	}
	for _, f := range packageFiles {
		if !slices.Contains(pj.Files, f) {
			t.Errorf("package.json's files lack %s", f)
		}
	}
	if !slices.Contains(pj.Files, "LICENSE") {
		t.Errorf("package.json's files lack LICENSE")
	}
	if got, want := readFile(t, filepath.Join(dir, "LICENSE")), readFile(t, filepath.Join("..", "..", "LICENSE")); got != want || !strings.Contains(got, "MIT") {
		t.Errorf("the package's LICENSE is not the project's (%d bytes, want %d)", len(got), len(want))
	}
	if _, ok := pj.Exports["."]; !ok {
		t.Errorf("package.json exports no \".\": %v", pj.Exports)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "mancala-kisolo.wasm")); string(b) != "\x00asm\x01\x00\x00\x00" {
		t.Errorf("mancala-kisolo.wasm %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "worker.js")); !bytes.Contains(b, []byte("\nconst wasmBytes = {\"kimasai\":10,\"kiothi\":9,\"kisolo\":8};\n")) {
		t.Error("worker.js not told the sizes of the wasm files")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "games.json")); !bytes.HasPrefix(b, []byte(`{"games":[{"name":"kisolo"`)) {
		t.Errorf("games.json: %.100s", b)
	}
	// The README's sizes are the built files' (here 8 to 10 bytes, too
	// small for compressed copies).
	if b, _ := os.ReadFile(filepath.Join(dir, "README.md")); !bytes.Contains(b, []byte("Serve them compressed: mancala-kisolo.wasm is 0.00 MB (8 bytes); mancala-kiothi.wasm is 0.00 MB (9 bytes); mancala-kimasai.wasm is 0.00 MB (10 bytes).")) {
		t.Errorf("README.md does not give the sizes of the wasm files:\n%s", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "node.js")); !bytes.Equal(b, nodeEntry) || !bytes.Contains(b, []byte("export function connect(")) {
		t.Error("node.js is not npm/node.js")
	}
	dot, _ := pj.Exports["."].(map[string]any)
	if dot["node"] != "./node.js" || dot["default"] != "./mancala.js" || dot["types"] != "./mancala.d.ts" {
		t.Errorf("exports[\".\"] = %v, want types, node and default", dot)
	}
	if code := main1([]string{"-npm", dir, "-wasm", wasm}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "is not empty") {
		t.Errorf("a second -npm into %s: exit %d, %q", dir, code, errb.String())
	}
	left, _ := os.ReadDir(tmp)
	if len(left) != 2 {
		t.Errorf("%s holds %d entries, want 2 (no temporary folder left)", tmp, len(left))
	}
}

func TestWasmSizes(t *testing.T) {
	for _, c := range []struct {
		raw, br, gz int64
		want        string
	}{
		{8, 0, 0, "0.00 MB (8 bytes)"},
		{6710871, 1290000, 1662557, "6.71 MB (6,710,871 bytes), 1.29 MB brotli, 1.66 MB gzipped"},
		{1000, 0, 999, "0.00 MB (1,000 bytes), 0.00 MB gzipped"},
		{123456789, 0, 0, "123.46 MB (123,456,789 bytes)"},
	} {
		if got := wasmSizes(c.raw, c.br, c.gz); got != c.want {
			t.Errorf("wasmSizes(%d, %d, %d) = %q, want %q", c.raw, c.br, c.gz, got, c.want)
		}
	}
}

// readFile returns the text of the file at path, failing t when it cannot
// be read.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
