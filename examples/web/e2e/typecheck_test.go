package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTypeCheck runs TypeScript's checker over the page's modules (every
// file has // @ts-check and JSDoc types of the wire messages), strictly:
// $TSC, or the tsc the test set-up installs with npm into .axe beside
// axe-core. Without it the check is skipped, unless CI is set.
func TestTypeCheck(t *testing.T) {
	tsc := os.Getenv("TSC")
	if tsc == "" {
		tsc = filepath.Join(".axe", "node_modules", ".bin", "tsc")
	}
	tsc, _ = filepath.Abs(tsc)
	if _, err := os.Stat(tsc); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no tsc (npm install --prefix .axe typescript): %v", err)
		}
		t.Skipf("no tsc: %v", err)
	}
	cmd := exec.Command(tsc, "--noEmit", "--allowJs", "--checkJs", "--strict", "--target", "es2022", "--module", "es2022",
		"--moduleResolution", "bundler", "--lib", "es2022,dom,dom.iterable", "app.js", "mancala.js")
	cmd.Dir = filepath.Join("..", "static")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("tsc: %v\n%s", err, out)
	}
}

// tscArgs are the checker's options for the page's modules and for a
// TypeScript project using the package.
var tscArgs = []string{"--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler", "--lib", "es2022,dom,dom.iterable"}

// tscPath returns the tsc of the test set-up (see TestTypeCheck), or skips.
func tscPath(t *testing.T) string {
	t.Helper()
	tsc := os.Getenv("TSC")
	if tsc == "" {
		tsc = filepath.Join(".axe", "node_modules", ".bin", "tsc")
	}
	tsc, _ = filepath.Abs(tsc)
	if _, err := os.Stat(tsc); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no tsc (npm install --prefix .axe typescript): %v", err)
		}
		t.Skipf("no tsc: %v", err)
	}
	return tsc
}

// TestDeclarations: static/mancala.d.ts is what tsc generates from
// mancala.js's JSDoc (regenerate it with the command in the failure
// message), and a strict TypeScript project gets its types from it: a
// correct use compiles, and each planted mistake (an unknown agent, a
// wrong event kind, a missing field, a wrong option, a misspelt game or
// level prefix) is an error on its
// line.
func TestDeclarations(t *testing.T) {
	tsc := tscPath(t)
	static, _ := filepath.Abs(filepath.Join("..", "static"))
	out := t.TempDir()
	args := append([]string{"--declaration", "--emitDeclarationOnly", "--allowJs", "--checkJs", "--outDir", out}, tscArgs...)
	cmd := exec.Command(tsc, append(args, "mancala.js")...)
	cmd.Dir = static
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, msg)
	}
	got, _ := os.ReadFile(filepath.Join(out, "mancala.d.ts"))
	want, _ := os.ReadFile(filepath.Join(static, "mancala.d.ts"))
	if string(got) != string(want) {
		t.Errorf("static/mancala.d.ts is stale: in examples/web/static run\n  tsc %s --outDir . mancala.js", strings.Join(args[:4], " ")+" "+strings.Join(tscArgs, " "))
	}
	// A project with the module and its declarations, as the package has
	// them.
	proj := t.TempDir()
	for _, f := range []string{"mancala.js", "mancala.d.ts", "protocol.d.ts"} {
		b, _ := os.ReadFile(filepath.Join(static, f))
		os.WriteFile(filepath.Join(proj, f), b, 0o644)
	}
	good := `import { connect, MancalaError, type State, type MoveEvent, type AgentName } from './mancala.js';
const m = connect({ onProgress: (p) => console.log(p.loaded, p.total) });
await m.ready();
const st: State = await m.state({ game: 'kisolo' });
const r = await m.apply({ position: st.position, move: st.legal[0] });
const kinds: MoveEvent['kind'][] = r.events.map((e) => e.kind);
const agent: AgentName = 'mcts';
const ac = new AbortController();
const t = await m.think({ position: r.after.position, agent, timeMs: 100 }, { signal: ac.signal });
await m.think({ position: st.position, agent: 'mcts-eval:500' });
await m.think({ position: st.position, agent: 'level:casual' });
await m.state({ game: 'kimasai' });
try { await m.apply({ position: st.position, move: 'zz' }); } catch (e) { if (e instanceof MancalaError && e.code === 'illegal') console.log(e.status); }
console.log(kinds, t.move);
export {};
`
	bad := `import { connect } from './mancala.js';
const m = connect();
const st = await m.state({ game: 'kisolo' });
await m.think({ position: st.position, agent: 'alphabet' });
const r = await m.apply({ position: st.position, move: st.legal[0] });
if (r.events[0].kind === 'sow') console.log('never');
await m.apply({ position: st.position });
connect({ backend: 'wasm', timeout: 5 });
await m.state({ game: 'kisol' });
await m.think({ position: st.position, agent: 'levels:casual' });
export {};
`
	os.WriteFile(filepath.Join(proj, "good.ts"), []byte(good), 0o644)
	os.WriteFile(filepath.Join(proj, "bad.ts"), []byte(bad), 0o644)
	check := func(file string) (string, error) {
		cmd := exec.Command(tsc, append([]string{"--noEmit"}, append(tscArgs, file)...)...)
		cmd.Dir = proj
		msg, err := cmd.CombinedOutput()
		return string(msg), err
	}
	if msg, err := check("good.ts"); err != nil {
		t.Errorf("a correct use does not compile: %v\n%s", err, msg)
	}
	msg, err := check("bad.ts")
	if err == nil {
		t.Fatal("the planted mistakes compile")
	}
	for _, line := range []string{"bad.ts(4,", "bad.ts(6,", "bad.ts(7,", "bad.ts(8,", "bad.ts(9,", "bad.ts(10,"} {
		if !strings.Contains(msg, line) {
			t.Errorf("no error at %s...:\n%s", line, msg)
		}
	}
	if n := strings.Count(msg, "error TS"); n != 6 {
		t.Errorf("%d errors, want 6 (one a mistake):\n%s", n, msg)
	}
}
