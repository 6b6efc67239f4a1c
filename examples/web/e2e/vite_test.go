package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// TestViteApp opens the build of a blank Vite project that installed the
// package's tarball ($VITE_DIST, made by .ci/page.sh; skipped without it
// unless CI_VITE is set) from a plain static server, on a phone and a
// desktop: the page plays a whole game of Kisolo through the package's
// module and worker (AlphaBeta against random), and its final position is
// one the API agrees is over, with the same result.
func TestViteApp(t *testing.T) {
	dist := os.Getenv("VITE_DIST")
	if dist == "" {
		if os.Getenv("CI_VITE") != "" {
			t.Fatal("no VITE_DIST (run .ci/page.sh)")
		}
		t.Skip("no VITE_DIST: .ci/page.sh builds the Vite project and runs this test")
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dist)))
	defer srv.Close()
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowserAt(t, srv.URL)
			b.emulate(t, dev)
			b.run(t, chromedp.Navigate(srv.URL+"/"))
			b.waitLong(t, `document.body.dataset.result !== undefined`, 3*time.Minute)
			var got struct{ Result, Plies, Position, Status string }
			b.run(t, chromedp.Evaluate(`({Result: document.body.dataset.result, Plies: document.body.dataset.plies,
  Position: document.body.dataset.position, Status: document.getElementById('status').textContent})`, &got))
			if strings.HasPrefix(got.Result, "error") {
				t.Fatalf("the Vite page failed: %s", got.Result)
			}
			st := api[wire.State](t, "state", wire.StateRequest{Position: got.Position})
			if st.Outcome.Status == "ongoing" || st.Outcome.Result != got.Result || got.Status != st.Outcome.Text {
				t.Errorf("the Vite page ended on %+v; the API says %+v", got, st.Outcome)
			}
			t.Logf("%s: %s after %s plies", dev.name, got.Status, got.Plies)
			b.screenshot(t, "vite-"+dev.name)
			b.axe(t, "vite-"+dev.name)
			b.checkNoErrors(t)
		})
	}
}
