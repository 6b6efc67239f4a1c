package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// wasmPackage is the WebAssembly build of the service the exported page
// runs in its worker.
const wasmPackage = "github.com/seed8ebe013a/go-mancala/examples/web/wasm"

// exportSite writes the page as a static site into dir: the embedded
// files, index.html switched to the WebAssembly backend
// (data-backend="wasm"), Go's wasm_exec.js of the toolchain and
// mancala.wasm, either copied from wasmFile or built from wasmPackage
// with GOOS=js GOARCH=wasm by the go command on the PATH (so run it inside
// the module, as go run ./examples/web -export DIR does). The site needs
// no server of its own: any static file host serves it. It refuses a dir
// that exists and is not empty. The site is written into a temporary
// folder beside dir and renamed to dir only when it is whole, so a failed
// export (no go command, a failed build) leaves no half site behind.
func exportSite(dir, wasmFile string, stdout io.Writer) error {
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
	if err := writeSite(tmp, wasmFile, stdout); err != nil {
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
func writeSite(dir, wasmFile string, stdout io.Writer) error {
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
	out := filepath.Join(dir, "mancala.wasm")
	if wasmFile != "" {
		b, err := os.ReadFile(wasmFile)
		if err != nil {
			return fmt.Errorf("export: %v", err)
		}
		if !bytes.HasPrefix(b, []byte("\x00asm")) {
			return fmt.Errorf("export: %s is not a WebAssembly file", wasmFile)
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(stdout, "web: building", wasmPackage, "for GOOS=js GOARCH=wasm")
		abs, err := filepath.Abs(out)
		if err != nil {
			return err
		}
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", abs, wasmPackage)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("export: go build of %s: %v\n%s(run it inside the module, or give -wasm FILE)", wasmPackage, err, msg)
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
