package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// packageFiles are the files of the JavaScript package, from the exported
// site: the module, its declarations, the worker, Go's wasm_exec.js and
// mancala.wasm.
var packageFiles = []string{"mancala.js", "mancala.d.ts", "worker.js", "wasm_exec.js", "mancala.wasm"}

// packageVersion is the package's version: the module's release it is
// built from.
const packageVersion = "0.1.0"

// packageJSON is the package's package.json.
const packageJSON = `{
  "name": "go-mancala",
  "version": "` + packageVersion + `",
  "description": "The rules of Kiothi, Kisolo and Bao la Kimasai for JavaScript: the go-mancala library compiled to WebAssembly, in a Web Worker",
  "license": "MIT",
  "type": "module",
  "main": "./mancala.js",
  "types": "./mancala.d.ts",
  "exports": {
    ".": {
      "types": "./mancala.d.ts",
      "default": "./mancala.js"
    },
    "./worker.js": "./worker.js",
    "./wasm_exec.js": "./wasm_exec.js",
    "./mancala.wasm": "./mancala.wasm"
  },
  "files": ["mancala.js", "mancala.d.ts", "worker.js", "wasm_exec.js", "mancala.wasm", "README.md"],
  "sideEffects": false,
  "keywords": ["mancala", "kiothi", "kisolo", "bao", "board-game", "webassembly"],
  "repository": {
    "type": "git",
    "url": "https://github.com/seed8ebe013a/go-mancala.git",
    "directory": "examples/web"
  }
}
`

// packageReadme is the package's README.md.
const packageReadme = `# go-mancala

The rules of Kiothi, Kisolo and Bao la Kimasai for JavaScript and TypeScript: the Go library
github.com/seed8ebe013a/go-mancala compiled to WebAssembly, running in a Web Worker, behind async
functions that take and give the JSON of its HTTP API.

` + "```" + `js
import { connect } from 'go-mancala';

const m = connect({ onProgress: ({ loaded, total }) => console.log(loaded, 'of', total, 'bytes') });
const st = await m.state({ game: 'kisolo' });
const r = await m.apply({ position: st.position, move: st.legal[0] });
const t = await m.think({ position: r.after.position, agent: 'alphabeta', depth: 4 });
` + "```" + `

Bundlers (Vite, webpack, esbuild) copy the worker, wasm_exec.js and mancala.wasm (they are named
with new URL(..., import.meta.url)). Serve mancala.wasm compressed: it is 6.2 MB, 1.6 MB gzipped.
The API, the types (mancala.d.ts) and the rules: docs/js.md and docs/wire.md in the repository.
`

// exportPackage writes the JavaScript package into dir (new, or empty):
// package.json, README.md and packageFiles, taken from a site exported
// into a temporary folder beside it (so mancala.wasm is built, or copied
// from wasmFile, as for -export). npm pack in dir makes the tarball.
func exportPackage(dir, wasmFile string, stdout io.Writer) error {
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
	if err := exportSite(site, wasmFile, io.Discard); err != nil {
		return err
	}
	pkg := filepath.Join(tmp, "pkg")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		return err
	}
	for _, f := range packageFiles {
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
	if err := os.WriteFile(filepath.Join(pkg, "README.md"), []byte(packageReadme), 0o644); err != nil {
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
