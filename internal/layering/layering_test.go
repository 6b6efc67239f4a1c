package layering

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pkg is what go list says of one package.
type pkg struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	Deps       []string
}

// modulePackages lists the module's packages with their dependencies
// (go list -deps closes over imports, test files left out).
func modulePackages(t *testing.T) (module string, pkgs map[string]pkg) {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the layering test needs the go command: %v", err)
	}
	out, err := exec.Command(goCmd, "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module = strings.TrimSpace(string(out))
	cmd := exec.Command(goCmd, "list", "-deps", "-json=ImportPath,Name,Dir,GoFiles,Deps,Module", module+"/...")
	out, err = cmd.Output()
	if err != nil {
		msg := ""
		if e, ok := err.(*exec.ExitError); ok {
			msg = string(e.Stderr)
		}
		t.Fatalf("go list -deps: %v\n%s", err, msg)
	}
	pkgs = map[string]pkg{}
	defer func() {
		// go test caches a result by the files the test opened or
		// stated: stat every Go file of the module, so that a change to
		// any of them runs the test again (go list's reads are not seen).
		for _, p := range pkgs {
			for _, f := range p.GoFiles {
				os.Stat(filepath.Join(p.Dir, f))
			}
			os.Stat(p.Dir)
		}
	}()
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			pkg
			Module *struct{ Path string }
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Module != nil && p.Module.Path == module {
			pkgs[p.ImportPath] = p.pkg
		}
	}
	return module, pkgs
}

// games returns the game packages: the module's top-level packages other
// than mancala, internal and examples (a game package's name is its
// notation name, e.g. kisolo).
func games(module string, pkgs map[string]pkg) []string {
	var out []string
	for path := range pkgs {
		rest, ok := strings.CutPrefix(path, module+"/")
		if !ok || strings.Contains(rest, "/") || rest == "mancala" || rest == "internal" || rest == "examples" {
			continue
		}
		out = append(out, path)
	}
	slices.Sort(out)
	return out
}

func TestLayering(t *testing.T) {
	module, pkgs := modulePackages(t)
	gs := games(module, pkgs)
	if len(gs) < 3 {
		t.Fatalf("found games %v, want at least kiothi, kisolo and kimasai", gs)
	}
	within := func(p pkg) []string {
		var out []string
		for _, d := range p.Deps {
			if _, ok := pkgs[d]; ok {
				out = append(out, d)
			}
		}
		return out
	}
	for _, g := range gs {
		for _, d := range within(pkgs[g]) {
			if slices.Contains(gs, d) || d == module+"/internal/gametest" {
				t.Errorf("game %s imports %s: a game imports no other game and not the conformance suite", g, d)
			}
		}
	}
	// mancala imports only leaves: module packages that import nothing
	// of the module.
	for _, d := range within(pkgs[module+"/mancala"]) {
		if deps := within(pkgs[d]); len(deps) > 0 {
			t.Errorf("mancala imports %s, which imports %v: mancala imports only leaf packages", d, deps)
		}
	}
	// No library package under mancala/ imports a game: the generic
	// tools and the transports are handed a game's descriptor. A program
	// there (package main, such as mancala/env/cabi, the C library of the
	// environments) picks the games it serves.
	for path, p := range pkgs {
		if path != module+"/mancala" && !strings.HasPrefix(path, module+"/mancala/") || p.Name == "main" {
			continue
		}
		for _, d := range within(p) {
			if slices.Contains(gs, d) {
				t.Errorf("%s imports the game %s", path, d)
			}
		}
	}
	// wire and env name no game, not even in a string literal.
	var names []string
	for _, g := range gs {
		names = append(names, regexp.QuoteMeta(g[strings.LastIndex(g, "/")+1:]))
	}
	word := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	root := pkgs[module+"/mancala"].Dir
	root = filepath.Dir(root)
	for _, path := range []string{module + "/mancala/wire", module + "/mancala/env"} {
		p, ok := pkgs[path]
		if !ok {
			continue // mancala/env may not exist yet
		}
		for _, f := range p.GoFiles {
			file := filepath.Join(p.Dir, f)
			rel, _ := filepath.Rel(root, file)
			rel = filepath.ToSlash(rel)
			for _, lit := range gameLiterals(t, file, word) {
				t.Errorf("%s names a game in a string literal: %s (move the fact into the game's Descriptor)", rel, lit)
			}
		}
	}
}

// gameLiterals returns the string literals of a Go file that contain a
// game's name as a word, with their positions.
func gameLiterals(t *testing.T, file string, word *regexp.Regexp) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && word.MatchString(s) {
				out = append(out, fset.Position(lit.Pos()).String()+" "+lit.Value)
			}
		}
		return true
	})
	return out
}

// TestGameLiterals: the literal scan finds a game's name as a word, and
// only as a word.
func TestGameLiterals(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.go")
	src := "package x\n\nvar a = \"kisolo\"\nvar b = `the kiothi game`\nvar c = \"kisolos\"\n// kimasai in a comment\nvar d = 'k'\n"
	if err := writeFile(file, src); err != nil {
		t.Fatal(err)
	}
	word := regexp.MustCompile(`\b(kisolo|kiothi|kimasai)\b`)
	got := gameLiterals(t, file, word)
	if len(got) != 2 || !strings.HasSuffix(got[0], `"kisolo"`) || !strings.HasSuffix(got[1], "`the kiothi game`") {
		t.Errorf("gameLiterals = %q", got)
	}
}

func writeFile(name, text string) error {
	return os.WriteFile(name, []byte(text), 0o644)
}
