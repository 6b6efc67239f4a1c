#!/usr/bin/env bash
# CI for the JavaScript package of examples/web (issue: the page as an app):
# writes the package (go run ./examples/web -npm), packs it with npm, makes a
# blank Vite project in a throwaway folder that installs the tarball and
# builds a page playing a whole game, and runs the browser test that opens
# the build (examples/web/e2e TestViteApp), after tsc checks the app's
# TypeScript strictly against the package's declarations. Needs node, npm and Chromium
# (.ci/run installs them before calling this); nothing is left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
VITE_VERSION=8.3.8

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "-- go run ./examples/web -npm"
go run ./examples/web -npm "$work/pkg"

echo "-- npm pack"
(cd "$work/pkg" && npm pack --pack-destination "$work" >/dev/null)
tarball=$(ls "$work"/go-mancala-*.tgz)
# The listing is read once into a variable: with pipefail, "tar | grep -q"
# fails when grep exits at its first match and tar is killed by SIGPIPE.
listing=$(tar -tzf "$tarball" | sort)
printf '%s\n' "$listing"
for f in package/package.json package/mancala.js package/mancala.d.ts package/protocol.d.ts package/worker.js package/wasm_exec.js package/games.json package/mancala-kisolo.wasm package/mancala-kiothi.wasm package/mancala-kimasai.wasm package/node.js package/LICENSE-go; do
  grep -qx -- "$f" <<<"$listing" || { echo "the tarball lacks $f"; exit 1; }
done

echo "-- a blank Vite project with the tarball"
app="$work/app"
mkdir -p "$app/src"
cat > "$app/package.json" <<'JSON'
{ "name": "mancala-vite-check", "private": true, "type": "module", "scripts": { "build": "vite build" } }
JSON
cat > "$app/index.html" <<'HTML'
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Kisolo with the go-mancala package</title></head>
<body>
<main><h1>Kisolo</h1><p id="status">Loading…</p><pre id="board"></pre></main>
<script type="module" src="/src/main.ts"></script>
</body>
</html>
HTML
cat > "$app/src/main.ts" <<'TS'
// A whole game of Kisolo, AlphaBeta (depth 2) against random, through the
// package's module and worker; the result goes into the page for the test.
import { connect, type State, type AgentName } from 'go-mancala';

async function main(): Promise<void> {
const status = document.getElementById('status') as HTMLElement;
const m = connect({ onProgress: (p) => { status.textContent = 'Loading ' + p.loaded + ' of ' + p.total + ' bytes'; } });
await m.ready();
let st: State = await m.state({ game: 'kisolo' });
let plies = 0;
while (st.outcome.status === 'ongoing' && plies < 2000) {
  const agent: AgentName = st.toMove === 'S' ? 'alphabeta' : 'random';
  const t = await m.think({ position: st.position, agent, depth: 2, seed: plies + 1 });
  st = (await m.apply({ position: st.position, move: t.move })).after;
  plies++;
}
(document.getElementById('board') as HTMLElement).textContent = st.diagram;
status.textContent = st.outcome.text ?? st.outcome.result;
document.body.dataset.result = st.outcome.result;
document.body.dataset.plies = String(plies);
document.body.dataset.position = st.position;
}
main().catch((e) => { document.body.dataset.result = 'error: ' + (e instanceof Error ? e.message : String(e)); });
TS
(cd "$app" && npm install --no-audit --no-fund --save-exact "vite@$VITE_VERSION" "$tarball" >/dev/null && npm run build)
ls -la "$app/dist" "$app/dist/assets"

echo "-- the build in Chromium (TestViteApp)"
# axe-core checks the page (the same pin as .ci/run's browser step; a no-op when it is there).
(cd examples/web/e2e && npm install --prefix .axe --no-save --no-audit --no-fund axe-core@4.14.1 typescript@5.9.3 >/dev/null)

echo "-- the app's TypeScript, strictly, against the package's declarations (mancala.d.ts, protocol.d.ts)"
tsc="$PWD/examples/web/e2e/.axe/node_modules/.bin/tsc"
(cd "$app" && "$tsc" --noEmit --strict --target es2022 --module es2022 --moduleResolution bundler \
  --lib es2022,dom,dom.iterable src/main.ts)
(cd examples/web/e2e && VITE_DIST="$app/dist" CI=1 go test -count=1 -run '^TestViteApp$' -v . 2>&1 | grep -v 'unhandled node event')
