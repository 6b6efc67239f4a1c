package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/internal/wirejson"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// wasmPackage is the folder of the WebAssembly programs of the service
// the exported page runs in its worker, one a game: wasmPackage/GAME
// (package examples/web/wasm).
const wasmPackage = "github.com/seed8ebe013a/go-mancala/examples/web/wasm"

// wasmName is the name of the WebAssembly file of game in the site.
func wasmName(game string) string { return "mancala-" + game + ".wasm" }

// exportSite writes the page as a static site into dir: the embedded
// files, index.html switched to the WebAssembly backend
// (data-backend="wasm"), Go's wasm_exec.js of the toolchain, games.json
// (the API's answer to GET /api/v1/games, which the worker serves) and
// one WebAssembly file a game, mancala-GAME.wasm, either copied from the
// folder wasmDir (an earlier export) or built from wasmPackage/GAME with
// GOOS=js GOARCH=wasm by the go command on the PATH (so run it inside the
// module, as go run ./examples/web -export DIR does); worker.js is told
// their sizes (for the load's progress), and every file
// of 1 KiB or more gets a brotli and a gzip copy, NAME.br and NAME.gz,
// beside it (go run ./examples/web -dir DIR serves them). The site needs
// no server of its own: any static file host serves it. It refuses a dir
// that exists and is not empty. The site is written into a temporary
// folder beside dir and renamed to dir only when it is whole, so a failed
// export (no go command, a failed build) leaves no half site behind.
func exportSite(dir, wasmDir string, stdout io.Writer) error {
	existed := false
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return fmt.Errorf("export: %s is not empty", dir)
	} else if err == nil {
		existed = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("export: %v", err)
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("export: %v", err)
	}
	tmp, err := os.MkdirTemp(parent, ".export-")
	if err != nil {
		return fmt.Errorf("export: %v", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("export: %v", err)
	}
	if err := writeSite(tmp, wasmDir, stdout); err != nil {
		return err
	}
	if existed {
		if err := os.Remove(dir); err != nil { // empty, checked above
			return fmt.Errorf("export: %v", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("export: %v", err)
	}
	fmt.Fprintf(stdout, "web: wrote the static site to %s (serve the folder with any static file server)\n", dir)
	return nil
}

// writeSite writes the site's files into the folder dir, which exists.
func writeSite(dir, wasmDir string, stdout io.Writer) error {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return err
	}
	err = fs.WalkDir(sub, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, path)
		if err != nil {
			return err
		}
		if path == "index.html" {
			if !bytes.Contains(b, []byte(`data-backend="http"`)) {
				return errors.New(`export: index.html has no data-backend="http" to switch`)
			}
			b = bytes.Replace(b, []byte(`data-backend="http"`), []byte(`data-backend="wasm"`), 1)
		}
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(path)), b, 0o644)
	})
	if err != nil {
		return err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	var execJS []byte
	for _, p := range []string{filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")} {
		if execJS, err = os.ReadFile(p); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("export: no wasm_exec.js in %s (lib/wasm or misc/wasm)", goroot)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	// The wasm files and wasm_exec.js carry Go's code (the runtime, the
	// standard library, internal/wirejson's scanner), whose BSD-style
	// licence asks that its notice come with them.
	goLicense, err := os.ReadFile(filepath.Join(goroot, "LICENSE"))
	if err != nil {
		return fmt.Errorf("export: Go's licence: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "LICENSE-go"), goLicense, 0o644); err != nil {
		return err
	}
	// The games answer, as the HTTP API writes it (internal/wirejson's
	// bytes are encoding/json's).
	svc, err := gameswire.NewService(wire.Limits{})
	if err != nil {
		return err
	}
	gr := svc.Games()
	if err := os.WriteFile(filepath.Join(dir, "games.json"), wirejson.AppendGames(nil, &gr), 0o644); err != nil {
		return err
	}
	if wasmDir == "" {
		fmt.Fprintln(stdout, "web: building", wasmPackage+"/...", "for GOOS=js GOARCH=wasm")
	}
	sizes := map[string]int64{}
	for _, game := range games.Names() {
		out := filepath.Join(dir, wasmName(game))
		if wasmDir != "" {
			b, err := os.ReadFile(filepath.Join(wasmDir, wasmName(game)))
			if err != nil {
				return fmt.Errorf("export: %v", err)
			}
			if !bytes.HasPrefix(b, []byte("\x00asm")) {
				return fmt.Errorf("export: %s is not a WebAssembly file", filepath.Join(wasmDir, wasmName(game)))
			}
			if err := os.WriteFile(out, b, 0o644); err != nil {
				return err
			}
		} else if err := buildWasm(out, game); err != nil {
			return err
		}
		fi, err := os.Stat(out)
		if err != nil {
			return err
		}
		sizes[game] = fi.Size()
	}
	if err := setWasmBytes(filepath.Join(dir, "worker.js"), sizes); err != nil {
		return err
	}
	if err := setServiceWorker(dir); err != nil {
		return err
	}
	return compressFiles(dir)
}

// buildWasm builds the program of game (wasmPackage/game) into the file
// out as the export does: GOOS=js GOARCH=wasm go build -trimpath
// -ldflags="-s -w", with the go command on the PATH (inside the module).
func buildWasm(out, game string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	pkg := wasmPackage + "/" + game
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", abs, pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("export: go build of %s: %v\n%s(run it inside the module, or give -wasm DIR)", pkg, err, msg)
	}
	return nil
}

// The lines of sw.js that the export sets: the site's version and its
// files.
const (
	swVersionLine = "const version = 'dev';"
	swFilesLine   = "const files = [];"
)

// setServiceWorker writes into sw.js the list of the site's files (every
// file of dir but sw.js, with "./" for index.html) and the site's version:
// the first 16 hex digits of the SHA-256 of their names and contents, so
// that an export that changes any file changes sw.js, and a browser that
// had the old site installs the new one.
func setServiceWorker(dir string) error {
	sw := filepath.Join(dir, "sw.js")
	b, err := os.ReadFile(sw)
	if err != nil {
		return err
	}
	if bytes.Count(b, []byte(swVersionLine)) != 1 || bytes.Count(b, []byte(swFilesLine)) != 1 {
		return fmt.Errorf("export: sw.js has no lines %q and %q to set", swVersionLine, swFilesLine)
	}
	ents, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		return err
	}
	h := sha256.New()
	files := []string{"./"}
	for _, e := range ents {
		name := e.Name()
		if !e.Type().IsRegular() || name == "sw.js" {
			continue
		}
		c, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", name, len(c))
		h.Write(c)
		if name != "index.html" {
			files = append(files, name)
		}
	}
	list, _ := json.Marshal(files) // strings only
	version := hex.EncodeToString(h.Sum(nil))[:16]
	b = bytes.Replace(b, []byte(swVersionLine), []byte("const version = '"+version+"';"), 1)
	b = bytes.Replace(b, []byte(swFilesLine), []byte("const files = "+string(list)+";"), 1)
	return os.WriteFile(sw, b, 0o644)
}

// wasmBytesLine is the line of worker.js that the export sets to the
// sizes of the games' WebAssembly files, for the load's progress.
const wasmBytesLine = "const wasmBytes = {};"

// setWasmBytes writes sizes (bytes by game) into worker.js's
// wasmBytesLine.
func setWasmBytes(worker string, sizes map[string]int64) error {
	b, err := os.ReadFile(worker)
	if err != nil {
		return err
	}
	if bytes.Count(b, []byte(wasmBytesLine)) != 1 {
		return fmt.Errorf("export: worker.js has no line %q to set", wasmBytesLine)
	}
	j, _ := json.Marshal(sizes) // sorted keys
	b = bytes.Replace(b, []byte(wasmBytesLine), []byte("const wasmBytes = "+string(j)+";"), 1)
	return os.WriteFile(worker, b, 0o644)
}

// compressFiles writes NAME.br and NAME.gz beside every file of dir of
// compressMin bytes or more (brotli at its best quality, or quality 9 for
// files over 1 MiB; gzip at its best compression), for servers that send
// a precompressed copy with Content-Encoding to a browser that accepts
// it: this program's -dir, nginx's brotli_static and gzip_static, Caddy's
// precompressed. A copy no smaller than its file is not written.
func compressFiles(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || precompressed(e.Name()) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if len(b) < compressMin {
			continue
		}
		for _, c := range []struct {
			ext  string
			pack func([]byte) ([]byte, error)
		}{{".br", brotliBytes}, {".gz", gzipBytes}} {
			z, err := c.pack(b)
			if err != nil {
				return err
			}
			if len(z) >= len(b) {
				continue
			}
			if err := os.WriteFile(p+c.ext, z, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// goEnv returns a variable of go env.
func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("export: go env %s: %v (the go command is needed to export)", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
