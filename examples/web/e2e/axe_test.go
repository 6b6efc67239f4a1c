package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// axeSource is axe-core's axe.min.js: $AXE_CORE_JS, or the copy the test
// set-up installs with npm into .axe (npm install --prefix .axe axe-core;
// .ci/run does this). Without it the accessibility checks are skipped,
// unless CI is set.
var axeSource = sync.OnceValues(func() (string, error) {
	path := os.Getenv("AXE_CORE_JS")
	if path == "" {
		path = filepath.Join(".axe", "node_modules", "axe-core", "axe.min.js")
	}
	b, err := os.ReadFile(path)
	return string(b), err
})

// axe runs axe-core on the page as it is now (WCAG 2.x A and AA rules and
// best practices) and fails the test on any violation, naming the
// screen.
func (b *browser) axe(t *testing.T, screen string) {
	t.Helper()
	src, err := axeSource()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("axe-core: %v (npm install --prefix .axe axe-core)", err)
		}
		t.Logf("axe-core not installed (%v): accessibility check of %s skipped", err, screen)
		return
	}
	var loaded bool
	b.run(t, chromedp.Evaluate(`typeof window.axe === 'object'`, &loaded))
	if !loaded {
		b.run(t, chromedp.Evaluate(src+"\n;true", &loaded))
	}
	var res struct {
		Violations []struct {
			ID    string `json:"id"`
			Help  string `json:"help"`
			Nodes []struct {
				Target  []any  `json:"target"`
				Summary string `json:"failureSummary"`
			} `json:"nodes"`
		} `json:"violations"`
		Passes int `json:"passes"`
	}
	var raw json.RawMessage
	b.run(t, chromedp.Evaluate(`axe.run(document, {resultTypes: ['violations']}).then(r => ({violations: r.violations, passes: r.passes.length}))`, &raw,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	for _, v := range res.Violations {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, strings.TrimSpace(strings.ReplaceAll(strings.Trim(strings.Join(strings.Fields(toString(n.Target)), " "), "[]"), "\n", " "))+": "+strings.ReplaceAll(n.Summary, "\n", " "))
		}
		t.Errorf("axe on %s: %s (%s): %d nodes: %s", screen, v.ID, v.Help, len(v.Nodes), strings.Join(where, "; "))
	}
	axeScreens.Lock()
	axeScreens.n++
	axeScreens.Unlock()
	t.Logf("axe on %s: %d violations", screen, len(res.Violations))
}

var axeScreens struct {
	sync.Mutex
	n int
}

func toString(v []any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
