package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestOffline: the exported site is an installable app (its manifest
// parses with no error, Chromium finds nothing against installing it)
// whose service worker keeps its files: after a game is started online,
// with the host down and the browser offline, a reload shows the game
// again and a move is played (the computer answers), and a new game of
// Bao la Kimasai, never played there, starts and plays (its wasm file
// from the service worker's cache). Phone and desktop.
func TestOffline(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			url := startStatic(t)
			b := newBrowserAt(t, url)
			b.emulate(t, dev)
			b.open(t, "game=kisolo&south=human&north=1&step=3&test=1")
			b.human(t, "")
			// The service worker has cached the site once it controls
			// the page (it claims the page when it is active).
			b.poll(t, `navigator.serviceWorker.controller !== null`)
			var manifestErrs []*page.AppManifestError
			var installErrs []*page.InstallabilityError
			b.run(t, chromedp.ActionFunc(func(ctx context.Context) error {
				var err error
				if _, manifestErrs, _, _, err = page.GetAppManifest().Do(ctx); err != nil {
					return err
				}
				installErrs, err = page.GetInstallabilityErrors().Do(ctx)
				return err
			}))
			for _, e := range manifestErrs {
				t.Errorf("manifest: %s (line %d)", e.Message, e.Line)
			}
			for _, e := range installErrs {
				t.Errorf("not installable: %s", e.ErrorID)
			}
			b.playOne(t)
			before := b.read(t)

			site.mu.Lock()
			site.down = true
			site.mu.Unlock()
			t.Cleanup(func() {
				site.mu.Lock()
				site.down = false
				site.mu.Unlock()
			})
			b.run(t, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1), chromedp.Reload())
			b.human(t, "")
			after := b.read(t)
			if after.Position != before.Position || after.Ply != before.Ply {
				t.Fatalf("offline reload shows %s (ply %s), want %s (ply %s)", after.Position, after.Ply, before.Position, before.Ply)
			}
			b.screenshot(t, "offline-"+dev.name)
			b.axe(t, "offline-"+dev.name)
			b.playOne(t)
			// A game never played here: its wasm file comes from the
			// service worker's cache.
			b.run(t, chromedp.SetValue(`#game-select`, "kimasai", chromedp.ByQuery), chromedp.Evaluate(`document.getElementById('start').click()`, nil))
			b.poll(t, `document.getElementById('board').dataset.game === 'kimasai' && document.body.dataset.busy === '0' && document.body.dataset.waiting === 'human'`)
			b.playOne(t)
			b.checkNoErrors(t)
		})
	}
}
