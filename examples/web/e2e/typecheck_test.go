package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
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
