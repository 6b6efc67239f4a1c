// Package e2e holds the browser tests of examples/web: they build and
// start the web program, drive a real Chromium through chromedp and play
// every game by clicks. It is a module of its own, so that the library's
// go.mod gains no browser dependency; run it with
//
//	cd examples/web/e2e && go test ./...
//
// Chromium is found as $CHROMIUM, /usr/bin/chromium or chromium on the
// PATH; without one the tests are skipped unless CI is set. Screenshots
// go to $E2E_SCREENSHOTS (default: a new temporary directory); the test
// log prints their paths.
package e2e
