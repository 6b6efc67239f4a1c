// Package cabibuild builds the C library (mancala/env/cabi) the one way
// the project builds it, for CI, the Go test of the library and the
// Python package's build: -buildmode=c-shared, -trimpath, the version
// script (only mancala_* exported), the SONAME libmancala_env.so.2 and
// the build id (the sources' hash, [SourceHash]) set at link time. The
// linker flags go through -extldflags because cgo refuses them in a
// #cgo line.
package cabibuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Package is the C library's import path within the module.
const Package = "./mancala/env/cabi"

// SOName is the library's SONAME and file name; Link is the name linkers
// look for (-lmancala_env), a symbolic link to SOName.
const (
	SOName = "libmancala_env.so.2"
	Link   = "libmancala_env.so"
)

// goCmd runs go with args in dir, CGO_ENABLED=1, and returns its stdout.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

// Sources returns the files the library is built from, relative to the
// module root (slash-separated, sorted): the Go, C and header files of
// every package of the module it imports, its own files (the version
// script included), go.mod and go.sum.
func Sources(root string) ([]string, error) {
	out, err := goCmd(root, "list", "-deps", "-json=ImportPath,Dir,GoFiles,CgoFiles,CFiles,HFiles,Module", Package)
	if err != nil {
		return nil, err
	}
	mod, err := goCmd(root, "list", "-m")
	if err != nil {
		return nil, err
	}
	module := strings.TrimSpace(string(mod))
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	files := []string{"go.mod", "go.sum"}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			Dir                               string
			GoFiles, CgoFiles, CFiles, HFiles []string
			Module                            *struct{ Path string }
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		if p.Module == nil || p.Module.Path != module {
			continue
		}
		rel, err := filepath.Rel(abs, p.Dir)
		if err != nil {
			return nil, err
		}
		for _, group := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.HFiles} {
			for _, f := range group {
				files = append(files, filepath.ToSlash(filepath.Join(rel, f)))
			}
		}
	}
	files = append(files, "mancala/env/cabi/mancala_env.map")
	slices.Sort(files)
	return slices.Compact(files), nil
}

// SourceHash returns the hex sha256 of [Sources]: each file's relative
// path, its length and its bytes, in the sorted order, so that the hash
// depends on the sources only, not on where the checkout is.
func SourceHash(root string) (string, error) {
	files, err := Sources(root)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		io.WriteString(h, f+"\x00"+strconv.Itoa(len(b))+"\x00")
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Revision returns the git revision of the checkout at root, with
// "+dirty" when it has uncommitted changes, or "unknown" without git: go
// build records no VCS information in a c-shared library, so [Build]
// sets it at link time.
func Revision(root string) string {
	cmd := exec.Command("git", "rev-parse", "HEAD")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(out))
	cmd = exec.Command("git", "status", "--porcelain", "--untracked-files=no")
	cmd.Dir = root
	if st, err := cmd.Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+dirty"
	}
	return rev
}

// Build builds the library of the module at root into dir (made if
// missing): dir/libmancala_env.so.2, the symbolic link
// dir/libmancala_env.so and cgo's declarations dir/libmancala_env.h. It
// returns the library's path.
func Build(root, dir string) (string, error) {
	id, err := SourceHash(root)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	script, err := filepath.Abs(filepath.Join(root, "mancala", "env", "cabi", "mancala_env.map"))
	if err != nil {
		return "", err
	}
	rev := Revision(root)
	lib := filepath.Join(dir, SOName)
	ext := "-Wl,--version-script=" + script + " -Wl,-soname," + SOName
	if _, err := goCmd(root, "build", "-buildmode=c-shared", "-trimpath",
		"-ldflags", "-s -w -X main.buildID="+id+" -X main.vcsRevision="+rev+" -extldflags '"+ext+"'",
		"-o", lib, Package); err != nil {
		return "", err
	}
	// go build names cgo's declarations after the output file less its
	// last extension: libmancala_env.so.h.
	if err := os.Rename(filepath.Join(dir, Link+".h"), filepath.Join(dir, "libmancala_env.h")); err != nil {
		return "", err
	}
	link := filepath.Join(dir, Link)
	os.Remove(link)
	if err := os.Symlink(SOName, link); err != nil {
		return "", err
	}
	return lib, nil
}
