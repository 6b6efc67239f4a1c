// Package e2e holds the browser tests of examples/web: they build and
// start the web program, drive a real Chromium through chromedp and play
// every game by clicks. It is a module of its own, so that the library's
// go.mod gains no browser dependency; run it with
//
//	cd examples/web/e2e && go test -timeout 40m ./...
//
// (the whole suite plays a dozen games in a real browser and takes 10 to
// 20 minutes on a loaded 2-core machine, past go test's default 10 minute
// timeout). It tests the page served by the web program (its JSON API)
// and the page exported as a static site (web -export), served by a plain
// file server, where the rules run as WebAssembly in a worker; axe-core
// and TypeScript's checker come from npm into .axe (npm install --prefix
// .axe axe-core typescript; .ci/run does it).
//
// Chromium is found as $CHROMIUM, /usr/bin/chromium or chromium on the
// PATH; without one the tests are skipped unless CI is set. Screenshots
// go to $E2E_SCREENSHOTS (default: a new temporary directory); the test
// log prints their paths.
//
// TestRooms (games against a friend) builds the program a second time
// with the roomstest tag, whose rooms' clock moves only when the test
// says (POST /api/v1/test/advance), and runs it on a database of its own
// that it stops and starts again mid-game; it drives three Chromium
// instances at once (two players and a spectator).
package e2e
