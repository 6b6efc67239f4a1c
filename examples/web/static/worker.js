// worker.js: a Web Worker running the mancala/wire service compiled to
// WebAssembly (examples/web/wasm), one file a game: mancala-kisolo.wasm,
// mancala-kiothi.wasm, mancala-kimasai.wasm, each started at the first
// request for its game, so that a player downloads only the game played.
// Its first message is {type: 'init', exec?, wasm?, games?}: the
// addresses of Go's wasm_exec.js, of each game's file ({game: address})
// and of games.json (the API's answer to games, which the export writes);
// by default beside this file. It loads wasm_exec.js and games.json, then
// posts {type: 'ready'}, or {type: 'failed', error} when it cannot start.
// It answers messages {id, cmd, body} (body: the request's JSON text)
// with {id, status, body} (the HTTP API's status and JSON text), or {id,
// error} when the service cannot run. A request goes to the file of the
// game it names (its game, its position's or its record's); one naming
// none goes to a file already started (any gives the same error), and one
// that a file finds is of another game (its answer's elsewhere) to that
// game's file, so that the answers are the API's. While a file loads it
// posts {type: 'progress', game, loaded, total} (bytes; total 0 when
// unknown); when it cannot be loaded, {type: 'failed', error}. The command
// 'load' (body: a game's name) starts that game's file and answers
// {id, status: 200, body: ''}.
/* global Go */

// wasmBytes are the sizes of the games' files by game, written by the
// export (go run ./examples/web -export) so that progress has a total even
// when the host compresses a file (its Content-Length is then the
// compressed size); a game not in it: Content-Length is used when the file
// comes uncompressed.
/** @type {Record<string, number>} */
const wasmBytes = {};

/** @type {{exec: string, wasm: Record<string, string>, games: string}} */
let where = { exec: 'wasm_exec.js', wasm: {}, games: 'games.json' };
/** The games' names in the API's order, from games.json. @type {string[]} */
let names = [];
/** games.json's text: the answer to games. */
let gamesBody = '';
/** The started (or starting) files by game. @type {Map<string, Promise<Function>>} */
const engines = new Map();

/**
 * counted returns a Response with r's body, posting progress as its bytes
 * arrive.
 * @param {Response} r @param {string} game
 */
function counted(r, game) {
  const enc = r.headers.get('Content-Encoding');
  const len = Number(r.headers.get('Content-Length')) || 0;
  const total = wasmBytes[game] || (enc && enc !== 'identity' ? 0 : len);
  let loaded = 0;
  let last = 0;
  self.postMessage({ type: 'progress', game, loaded, total });
  if (!r.body) return r;
  const body = r.body.pipeThrough(new TransformStream({
    transform(chunk, ctl) {
      loaded += chunk.byteLength;
      // At most about every 64 KiB: a fast load sends few messages.
      if (loaded - last >= 65536) {
        last = loaded;
        self.postMessage({ type: 'progress', game, loaded, total });
      }
      ctl.enqueue(chunk);
    },
    flush() {
      self.postMessage({ type: 'progress', game, loaded, total: total || loaded });
    },
  }));
  return new Response(body, { status: r.status, headers: { 'Content-Type': 'application/wasm' } });
}

/**
 * start loads wasm_exec.js and games.json from their addresses (relative
 * to this file).
 */
async function start() {
  importScripts(where.exec);
  const url = new URL(where.games, self.location.href);
  const r = await fetch(url);
  if (!r.ok) throw new Error('cannot load ' + url.pathname + ': status ' + r.status);
  gamesBody = await r.text();
  names = JSON.parse(gamesBody).games.map((/** @type {{name: string}} */ g) => g.name);
}

/**
 * load loads and starts the file of game, resolving to its call function.
 * @param {string} game
 * @returns {Promise<Function>}
 */
async function load(game) {
  const go = new Go();
  const url = new URL(where.wasm[game] || 'mancala-' + game + '.wasm', self.location.href);
  const r = await fetch(url);
  if (!r.ok) throw new Error('cannot load ' + url.pathname + ': status ' + r.status);
  // The body is read once, counted, and compiled as it streams in.
  const inst = (await WebAssembly.instantiateStreaming(counted(r, game), go.importObject)).instance;
  go.run(inst); // runs main until it waits: mancalaCalls[game] is then defined
  const calls = /** @type {any} */ (self).mancalaCalls;
  const call = calls && calls[game];
  if (typeof call !== 'function') throw new Error('the wasm program of ' + game + ' did not start');
  return call;
}

/**
 * engine returns game's call function, starting its file at the first
 * call. A file that cannot be loaded fails the worker (the page starts a
 * new one at its next request).
 * @param {string} game
 */
function engine(game) {
  let e = engines.get(game);
  if (!e) {
    e = load(game);
    engines.set(game, e);
    e.catch((err) => {
      engines.delete(game);
      self.postMessage({ type: 'failed', error: String(err && err.message || err) });
    });
  }
  return e;
}

/**
 * gameOf returns the game a request names (its game, its position's, its
 * start's or its record's) when that is a game of games.json, else ''.
 * @param {string} cmd @param {string} body
 */
function gameOf(cmd, body) {
  let req;
  try {
    req = JSON.parse(body);
  } catch (e) {
    return '';
  }
  if (!req || typeof req !== 'object') return '';
  const word = (/** @type {unknown} */ s) => typeof s === 'string' ? s.trim().split(/\s/)[0] : '';
  let name = '';
  if (cmd === 'replay' && typeof req.record === 'string') {
    const m = req.record.match(/^\s*\[Game\s+"([^"]*)"\]/m);
    name = m ? m[1] : word(req.record);
  } else {
    name = word(req.position) || word(req.start) || (typeof req.game === 'string' ? req.game : '');
  }
  return names.includes(name) ? name : '';
}

/**
 * answer answers one request: games from games.json, the others from the
 * file of their game.
 * @param {string} cmd @param {string} body
 * @returns {Promise<{status: number, body: string}>}
 */
async function answer(cmd, body) {
  if (cmd === 'games') return { status: 200, body: gamesBody };
  if (cmd === 'load') {
    await engine(names.includes(body) ? body : names[0]);
    return { status: 200, body: '' };
  }
  let game = gameOf(cmd, body);
  if (!game) game = names.find((n) => engines.has(n)) || names[0];
  let r = await (await engine(game))(cmd, body);
  if (r.elsewhere) r = await (await engine(r.elsewhere))(cmd, body);
  return { status: r.status, body: r.body };
}

/** @type {Promise<void>|null} */
let ready = null;

self.onmessage = async (e) => {
  if (e.data.type === 'init') {
    if (ready) return;
    where = {
      exec: e.data.exec || 'wasm_exec.js',
      wasm: e.data.wasm || {},
      games: e.data.games || 'games.json',
    };
    ready = start();
    ready.then(
      () => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'failed', error: String(err && err.message || err) }));
    return;
  }
  const { id, cmd, body } = e.data;
  try {
    if (!ready) throw new Error('no init message');
    await ready;
    const r = await answer(cmd, body || '');
    self.postMessage({ id, status: r.status, body: r.body });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message || err) });
  }
};
