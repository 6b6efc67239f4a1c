package layering

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// wasmForbidden are the standard packages that the rules and the agents
// must not bring into a WebAssembly build (docs/web.md: the page's wasm is
// held to a size): fmt drags in reflect, os, internal/poll, syscall, time
// formatting and the unicode tables; reflect and os are large on their
// own.
var wasmForbidden = []string{"fmt", "reflect", "os"}

// wasmRoots are the module packages, under the module path, whose
// WebAssembly dependencies TestWasmDeps checks, besides every game
// package: the generic core, the agents, and what the page's worker
// links besides them (wire's js/wasm build, record, the JSON writer, the
// list of games and the worker itself).
var wasmRoots = []string{"mancala", "mancala/agent", "mancala/wire", "mancala/record", "internal/wirejson", "internal/games/gameswire", "examples/web/wasm"}

// wasmPkg is what go list says of one package for GOOS=js GOARCH=wasm.
type wasmPkg struct {
	ImportPath string
	Dir        string
	Imports    []string
	Standard   bool
	Error      *struct{ Err string }
}

// TestWasmDeps: built for GOOS=js GOARCH=wasm, neither the generic core,
// nor the agents, nor any game package depends on fmt, reflect or os. A
// failure names the chain of imports that reaches each forbidden package.
// The answer depends only on the sources and the Go release, not on the
// machine: go list is asked for js/wasm whatever the host.
func TestWasmDeps(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	out, err := exec.Command(goCmd, "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module := strings.TrimSpace(string(out))
	cmd := exec.Command(goCmd, "list", "-e", "-deps", "-json=ImportPath,Dir,Imports,Standard,Error", module+"/...")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err = cmd.Output()
	if err != nil {
		msg := ""
		if e, ok := err.(*exec.ExitError); ok {
			msg = string(e.Stderr)
		}
		t.Fatalf("GOOS=js GOARCH=wasm go list -deps: %v\n%s", err, msg)
	}
	pkgs := map[string]wasmPkg{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p wasmPkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	// go test caches a result by the files the test opened or stated:
	// read the module's package directories and stat their Go files, so
	// that a change to any of them (the js/wasm ones included) runs the
	// test again.
	for _, p := range pkgs {
		if p.Standard || p.Dir == "" {
			continue
		}
		entries, _ := os.ReadDir(p.Dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".go") {
				os.Stat(filepath.Join(p.Dir, e.Name()))
			}
		}
	}

	var roots []string
	for _, r := range wasmRoots {
		roots = append(roots, module+"/"+r)
	}
	for path := range pkgs {
		rest, ok := strings.CutPrefix(path, module+"/")
		if ok && !strings.Contains(rest, "/") && rest != "mancala" && rest != "internal" && rest != "examples" {
			roots = append(roots, path) // a game package (see games)
		}
	}
	slices.Sort(roots)
	if len(roots) < len(wasmRoots)+3 {
		t.Fatalf("roots %v: want mancala, mancala/agent and at least kiothi, kisolo and kimasai", roots)
	}
	for _, r := range roots {
		p, ok := pkgs[r]
		if !ok {
			t.Fatalf("go list did not list %s", r)
		}
		if p.Error != nil {
			t.Fatalf("%s does not build for js/wasm: %s", r, p.Error.Err)
		}
	}

	// Breadth first from the roots: via[p] is the package through which
	// p was first reached, so the chain printed is a shortest one.
	via := map[string]string{}
	queue := slices.Clone(roots)
	for _, r := range roots {
		via[r] = ""
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range pkgs[p].Imports {
			if _, seen := via[q]; !seen {
				via[q] = p
				queue = append(queue, q)
			}
		}
	}
	if _, ok := via["strconv"]; !ok {
		t.Fatalf("strconv is not among the dependencies of %v: the listing is incomplete", roots)
	}
	for _, f := range wasmForbidden {
		if _, ok := via[f]; !ok {
			continue
		}
		chain := []string{f}
		for p := via[f]; p != ""; p = via[p] {
			chain = append(chain, strings.TrimPrefix(p, module+"/"))
		}
		slices.Reverse(chain)
		t.Errorf("for js/wasm the rules and agents depend on %s: %s", f, strings.Join(chain, " -> "))
	}
}
