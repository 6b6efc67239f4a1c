package main

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/games"
)

// packageFiles are the files of the JavaScript package, from the exported
// site: the module, its declarations (and the protocol's, which they
// import), the worker, Go's wasm_exec.js, games.json and the games'
// WebAssembly files (mancala-kisolo.wasm, mancala-kiothi.wasm,
// mancala-kimasai.wasm), Go's licence (LICENSE-go: they carry Go's code);
// and the Node entry, nodeEntry.
var packageFiles = []string{"mancala.js", "mancala.d.ts", "protocol.d.ts", "worker.js", "wasm_exec.js", "games.json",
	"mancala-kisolo.wasm", "mancala-kiothi.wasm", "mancala-kimasai.wasm", "node.js", "LICENSE-go"}

// nodeEntry is the package's node.js: its entry in Node (the export
// condition "node"), which runs the games' WebAssembly files in the
// calling thread.
//
//go:embed npm/node.js
var nodeEntry []byte

// packageVersion is the package's version: the module's release it is
// built from.
const packageVersion = "0.2.0"

// packageJSON is the package's package.json.
const packageJSON = `{
  "name": "go-mancala",
  "version": "` + packageVersion + `",
  "description": "The rules of Kiothi, Kisolo and Bao la Kimasai for JavaScript: the go-mancala library compiled to WebAssembly, in a Web Worker or in Node",
  "license": "MIT AND BSD-3-Clause",
  "type": "module",
  "main": "./mancala.js",
  "types": "./mancala.d.ts",
  "engines": { "node": ">=20" },
  "exports": {
    ".": {
      "types": "./mancala.d.ts",
      "node": "./node.js",
      "default": "./mancala.js"
    },
    "./worker.js": "./worker.js",
    "./wasm_exec.js": "./wasm_exec.js",
    "./games.json": "./games.json",
    "./mancala-kisolo.wasm": "./mancala-kisolo.wasm",
    "./mancala-kiothi.wasm": "./mancala-kiothi.wasm",
    "./mancala-kimasai.wasm": "./mancala-kimasai.wasm"
  },
  "files": ["mancala.js", "mancala.d.ts", "protocol.d.ts", "worker.js", "wasm_exec.js", "games.json",
    "mancala-kisolo.wasm", "mancala-kiothi.wasm", "mancala-kimasai.wasm", "node.js", "LICENSE-go", "LICENSE", "README.md"],
  "sideEffects": false,
  "keywords": ["mancala", "kiothi", "kisolo", "bao", "board-game", "webassembly"],
  "repository": {
    "type": "git",
    "url": "https://github.com/seed8ebe013a/go-mancala.git",
    "directory": "examples/web"
  }
}
`

// packageReadme returns the package's README.md, with sizes, the words
// of the sizes of its WebAssembly files as built (wasmSizesText).
func packageReadme(sizes string) string {
	return `# go-mancala

The rules of Kiothi, Kisolo and Bao la Kimasai for JavaScript and TypeScript: the Go library
github.com/seed8ebe013a/go-mancala compiled to WebAssembly, running in a Web Worker in the browser
and in the calling thread in Node (20 or later), behind async functions that take and give the JSON
of its HTTP API.

` + "```" + `js
import { connect } from 'go-mancala';

const m = connect({ onProgress: ({ loaded, total }) => console.log(loaded, 'of', total, 'bytes') });
const st = await m.state({ game: 'kisolo' });
const r = await m.apply({ position: st.position, move: st.legal[0] });
const t = await m.think({ position: r.after.position, agent: 'alphabeta', depth: 4 });
` + "```" + `

Each game's rules are a WebAssembly file of their own, loaded at the first request for that game:
a player downloads only the game played. Bundlers (Vite, webpack, esbuild) copy the worker,
wasm_exec.js, games.json and the three files (they are named with new URL(..., import.meta.url)).
Serve them compressed: ` + sizes + `.

In Node the same import gives the same functions (the export condition "node": node.js), the rules
running in the calling thread: a think holds the event loop for its time (at most its timeMs, never
over 2 s). A browser-only option (worker) throws a MancalaError with code "unsupported".

The API, the types (mancala.d.ts) and the rules: docs/js.md and docs/wire.md in the repository.
`
}

// wasmSizesText says the sizes of the games' WebAssembly files of the
// exported site dir in words: "mancala-kisolo.wasm is 3.92 MB (3,922,370
// bytes), 0.84 MB brotli, 1.05 MB gzipped; mancala-kiothi.wasm is ...".
func wasmSizesText(dir string) string {
	size := func(name string) int64 {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return fi.Size()
		}
		return 0
	}
	var parts []string
	for _, g := range games.Names() {
		n := wasmName(g)
		parts = append(parts, n+" is "+wasmSizes(size(n), size(n+".br"), size(n+".gz")))
	}
	return strings.Join(parts, "; ")
}

// wasmSizes says the sizes of a wasm file in words: "6.71 MB
// (6,710,871 bytes), 1.29 MB brotli, 1.66 MB gzipped" (the copies only
// when given).
func wasmSizes(raw, br, gz int64) string {
	s := megabytes(raw) + " (" + thousands(raw) + " bytes)"
	if br > 0 {
		s += ", " + megabytes(br) + " brotli"
	}
	if gz > 0 {
		s += ", " + megabytes(gz) + " gzipped"
	}
	return s
}

// megabytes is n bytes in MB (10^6 bytes) with two decimals.
func megabytes(n int64) string {
	return strconv.FormatFloat(float64(n)/1e6, 'f', 2, 64) + " MB"
}

// thousands is n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// exportPackage writes the JavaScript package into dir (new, or empty):
// package.json, README.md and packageFiles, taken from a site exported
// into a temporary folder beside it (so the wasm files are built, or
// copied from wasmDir, as for -export). npm pack in dir makes the tarball.
func exportPackage(dir, wasmDir string, stdout io.Writer) error {
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return fmt.Errorf("npm: %s is not empty", dir)
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("npm: %v", err)
	}
	tmp, err := os.MkdirTemp(parent, ".npm-")
	if err != nil {
		return fmt.Errorf("npm: %v", err)
	}
	defer os.RemoveAll(tmp)
	site := filepath.Join(tmp, "site")
	if err := exportSite(site, wasmDir, io.Discard); err != nil {
		return err
	}
	pkg := filepath.Join(tmp, "pkg")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		return err
	}
	for _, f := range packageFiles {
		if f == "node.js" {
			if err := os.WriteFile(filepath.Join(pkg, f), nodeEntry, 0o644); err != nil {
				return err
			}
			continue
		}
		b, err := os.ReadFile(filepath.Join(site, f))
		if err != nil {
			return fmt.Errorf("npm: %v", err)
		}
		if err := os.WriteFile(filepath.Join(pkg, f), b, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(packageJSON), 0o644); err != nil {
		return err
	}
	readme := packageReadme(wasmSizesText(site))
	if err := os.WriteFile(filepath.Join(pkg, "README.md"), []byte(readme), 0o644); err != nil {
		return err
	}
	// The project's own licence (MIT), the other half of the package's
	// "MIT AND BSD-3-Clause", from the module's root.
	gomod, err := goEnv("GOMOD")
	if err != nil {
		return err
	}
	if gomod == "" || gomod == os.DevNull {
		return fmt.Errorf("npm: run it inside the go-mancala module (go env GOMOD is empty)")
	}
	license, err := os.ReadFile(filepath.Join(filepath.Dir(gomod), "LICENSE"))
	if err != nil {
		return fmt.Errorf("npm: the project's licence: %v", err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "LICENSE"), license, 0o644); err != nil {
		return err
	}
	if _, err := os.Stat(dir); err == nil {
		if err := os.Remove(dir); err != nil { // empty, checked above
			return fmt.Errorf("npm: %v", err)
		}
	}
	if err := os.Rename(pkg, dir); err != nil {
		return fmt.Errorf("npm: %v", err)
	}
	fmt.Fprintf(stdout, "web: wrote the JavaScript package to %s (npm pack %s makes its tarball)\n", dir, dir)
	return nil
}
