//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The worker's size budget: what the exported site's mancala.wasm (built
// as examples/web -export builds it: -trimpath -ldflags=-s -w) may weigh,
// raw and gzipped (level 9, as the export's .gz copy). It was 8,082,747
// bytes raw (2,102,849 gzipped) while it linked net/http; without it,
// 6,163,131 (1,567,228) with Go 1.26. The goal of 3 MB raw and 1 MB gzipped is below
// what Go's toolchain makes of any program using encoding/json, fmt and
// time (3.54 MB raw, 0.99 MB gzipped for a ten-line one), so the budget
// is the size reached, with a margin for the rules to grow.
const (
	maxWasmRaw  = 7_000_000
	maxWasmGzip = 1_800_000
)

// forbidden are packages the worker must not link: the HTTP stack and
// what it drags in (TLS, x509), none of which a worker uses.
var forbidden = []string{"net/http", "net", "crypto/tls", "crypto/x509", "os/exec"}

// TestWorkerDeps: built for GOOS=js GOARCH=wasm the worker links only the
// rules and the protocol core of package wire: no net/http (wire's
// Handler is left out of that build).
func TestWorkerDeps(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	if !deps["github.com/seed8ebe013a/go-mancala/mancala/wire"] {
		t.Fatalf("the worker does not link package wire? deps: %s", out)
	}
	for _, p := range forbidden {
		if deps[p] {
			t.Errorf("the worker links %s", p)
		}
	}
}

// TestWorkerSize builds the worker as the export does and checks it
// against the budget (skipped with -short: a build takes seconds to a
// minute).
func TestWorkerSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the worker (-short skips)")
	}
	out := filepath.Join(t.TempDir(), "mancala.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(b)
	w.Close()
	t.Logf("mancala.wasm: %d bytes raw, %d gzipped", len(b), z.Len())
	if len(b) > maxWasmRaw {
		t.Errorf("mancala.wasm is %d bytes, over the budget of %d", len(b), maxWasmRaw)
	}
	if z.Len() > maxWasmGzip {
		t.Errorf("mancala.wasm is %d bytes gzipped, over the budget of %d", z.Len(), maxWasmGzip)
	}
}
