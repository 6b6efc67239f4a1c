package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/games"
)

var update = flag.Bool("update", false, "TestDocumentedSizes: rewrite the sizes of the games' wasm files in the docs from a build")

// sizeDocs are the docs that give the sizes of the games' wasm files,
// each at least once between sizeOpen and sizeClose.
var sizeDocs = []string{"../../docs/js.md", "../../docs/web.md"}

const (
	sizeOpen  = "<!-- wasm-size -->"
	sizeClose = "<!-- /wasm-size -->"
)

// documentedSizes is what the docs write between the markers for one
// file: its sizes in MB, raw and as the export's .br and .gz copies.
func documentedSizes(raw, br, gz int) string {
	return megabytes(int64(raw)) + " raw, " + megabytes(int64(br)) + " brotli, " + megabytes(int64(gz)) + " gzipped"
}

// TestDocumentedSizes builds each game's wasm file as the export does (or
// takes them from $MANCALA_WASM, a folder of a build of the same tree,
// as the export's -wasm) and checks that the sizes the docs give between
// the markers are the built files': "mancala-kisolo.wasm: 3.92 MB raw,
// 0.84 MB brotli, 1.05 MB gzipped; mancala-kiothi.wasm: ...", raw and
// compressed as the export compresses them; with -update it writes them.
// Skipped with -short (a build takes a minute).
func TestDocumentedSizes(t *testing.T) {
	dir := os.Getenv("MANCALA_WASM")
	if dir == "" {
		if testing.Short() {
			t.Skip("builds the wasm files (-short skips)")
		}
		dir = t.TempDir()
		for _, g := range games.Names() {
			if err := buildWasm(filepath.Join(dir, wasmName(g)), g); err != nil {
				t.Fatal(err)
			}
		}
	}
	var each []string
	for _, g := range games.Names() {
		b, err := os.ReadFile(filepath.Join(dir, wasmName(g)))
		if err != nil {
			t.Fatal(err)
		}
		br, err := brotliBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		gz, err := gzipBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		each = append(each, wasmName(g)+": "+documentedSizes(len(b), len(br), len(gz)))
		t.Logf("%s: %d bytes raw, %d brotli, %d gzipped", wasmName(g), len(b), len(br), len(gz))
	}
	want := strings.Join(each, "; ")
	for _, doc := range sizeDocs {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split(string(text), sizeOpen)
		if len(parts) < 2 {
			t.Errorf("%s gives no sizes of the wasm files between %s and %s", doc, sizeOpen, sizeClose)
			continue
		}
		changed := false
		for i := 1; i < len(parts); i++ {
			got, rest, ok := strings.Cut(parts[i], sizeClose)
			if !ok {
				t.Errorf("%s: %s without %s", doc, sizeOpen, sizeClose)
				continue
			}
			if got != want {
				if *update {
					parts[i] = want + sizeClose + rest
					changed = true
					continue
				}
				t.Errorf("%s says the wasm files are %q, the build %q (go test ./examples/web -run TestDocumentedSizes -update rewrites it)", doc, got, want)
			}
		}
		if changed {
			if err := os.WriteFile(doc, []byte(strings.Join(parts, sizeOpen)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
