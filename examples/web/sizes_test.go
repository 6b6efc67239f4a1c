package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "TestDocumentedSizes: rewrite the sizes of mancala.wasm in the docs from a build")

// sizeDocs are the docs that give the size of mancala.wasm, each at least
// once between sizeOpen and sizeClose.
var sizeDocs = []string{"../../docs/js.md", "../../docs/web.md"}

const (
	sizeOpen  = "<!-- wasm-size -->"
	sizeClose = "<!-- /wasm-size -->"
)

// documentedSizes is what the docs write between the markers: the sizes
// of mancala.wasm in MB, raw and as the export's .br and .gz copies.
func documentedSizes(raw, br, gz int) string {
	return megabytes(int64(raw)) + " raw, " + megabytes(int64(br)) + " brotli, " + megabytes(int64(gz)) + " gzipped"
}

// TestDocumentedSizes builds mancala.wasm as the export does (or takes
// $MANCALA_WASM, a build of the same tree) and checks that every size the
// docs give between the markers is the built file's, raw and compressed
// as the export compresses it; with -update it writes them. Skipped with
// -short (a build takes a minute).
func TestDocumentedSizes(t *testing.T) {
	wasm := os.Getenv("MANCALA_WASM")
	if wasm == "" {
		if testing.Short() {
			t.Skip("builds mancala.wasm (-short skips)")
		}
		wasm = filepath.Join(t.TempDir(), "mancala.wasm")
		if err := buildWasm(wasm); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(wasm)
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
	want := documentedSizes(len(b), len(br), len(gz))
	t.Logf("mancala.wasm: %s (%d, %d, %d bytes)", want, len(b), len(br), len(gz))
	for _, doc := range sizeDocs {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split(string(text), sizeOpen)
		if len(parts) < 2 {
			t.Errorf("%s gives no size of mancala.wasm between %s and %s", doc, sizeOpen, sizeClose)
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
				t.Errorf("%s says mancala.wasm is %q, the build is %q (go test ./examples/web -run TestDocumentedSizes -update rewrites it)", doc, got, want)
			}
		}
		if changed {
			if err := os.WriteFile(doc, []byte(strings.Join(parts, sizeOpen)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
