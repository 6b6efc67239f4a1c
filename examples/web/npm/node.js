// @ts-check
// node.js: the go-mancala package's entry in Node (package.json's
// "exports" condition "node"): the same API as mancala.js (connect,
// Client, MancalaError, COMMANDS; the types of mancala.d.ts), with the
// wasm backend run in this thread: Node ≥ 20 has WebAssembly but no Web
// Worker. Each game's wasm file (mancala-GAME.wasm) is read from beside
// this file and started once per process, at the first request for its
// game (or ready(game)); every client shares them.
//
//   import { connect } from 'go-mancala';
//   const m = connect();
//   const st = await m.state({ game: 'kisolo' });
//
// A think runs in this thread, so it holds Node's event loop for its
// time (at most its timeMs, and never more than the API's 2 s); run the
// package in a worker_threads Worker to keep a server answering
// meanwhile. The backend "http" is mancala.js's own (give base as a whole
// URL: "http://127.0.0.1:8080/api/v1/").
import { Client, MancalaError, COMMANDS, connect as connectBrowser } from './mancala.js';

export { Client, MancalaError, COMMANDS };

/** @typedef {import('./mancala.js').Options} Options */
/** @typedef {import('./mancala.js').RawAnswer} RawAnswer */
/** @typedef {import('./mancala.js').Progress} Progress */

/**
 * @typedef {(cmd: string, body: string) => Promise<RawAnswer & {elsewhere?: string}>} Call
 */

/** The games' names in the API's order and games.json's text. @type {Promise<{names: string[], body: string}>|null} */
let gamesFile = null;
/** The started (or starting) wasm files by game. @type {Map<string, Promise<Call>>} */
const engines = new Map();

/** games reads games.json (the API's answer to games) once. */
function games() {
  if (!gamesFile) {
    gamesFile = (async () => {
      const { readFile } = await import('node:fs/promises');
      const body = await readFile(new URL('./games.json', import.meta.url), 'utf8');
      return { names: JSON.parse(body).games.map((/** @type {{name: string}} */ g) => g.name), body };
    })();
    gamesFile.catch(() => { gamesFile = null; }); // the next call tries again
  }
  return gamesFile;
}

/**
 * start reads the wasm file of game (mancala-GAME.wasm) and runs it with
 * Go's wasm_exec.js, which defines the global mancalaCalls[game].
 * @param {string} game
 * @param {((p: Progress) => void)|undefined} onProgress
 * @returns {Promise<Call>}
 */
async function start(game, onProgress) {
  const { readFile } = await import('node:fs/promises');
  await import('./wasm_exec.js'); // defines globalThis.Go
  const bytes = await readFile(new URL('./mancala-' + game + '.wasm', import.meta.url));
  if (onProgress) onProgress({ game: /** @type {any} */ (game), loaded: bytes.length, total: bytes.length });
  const g = /** @type {any} */ (globalThis);
  const go = new g.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance); // runs main until it waits for calls: mancalaCalls[game] is then defined
  const call = g.mancalaCalls && g.mancalaCalls[game];
  if (typeof call !== 'function') throw new Error('the wasm program of ' + game + ' did not start');
  return call;
}

/**
 * gameOf returns the game a request names (its game, its position's, its
 * start's or its record's) when it is one of names, else ''.
 * @param {string[]} names @param {string} cmd @param {string} body
 */
function gameOf(names, cmd, body) {
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
 * The in-thread backend: raw(cmd, bodyText) -> {status, body}. Each
 * game's wasm file is read and started at the first request for the game
 * (as the browser's worker does); games is answered from games.json.
 * @param {((p: Progress) => void)|undefined} onProgress
 */
function nodeBackend(onProgress) {
  /** @param {string} game @returns {Promise<Call>} */
  function engine(game) {
    let e = engines.get(game);
    if (!e) {
      e = start(game, onProgress);
      engines.set(game, e);
      e.catch(() => { engines.delete(game); }); // the next call tries again
    }
    return e.catch((err) => {
      throw new MancalaError('the rules engine could not start (' + (err instanceof Error ? err.message : err) + ')', 'network', 0);
    });
  }
  function loadGames() {
    return games().catch((err) => {
      throw new MancalaError('the rules engine could not start (' + (err instanceof Error ? err.message : err) + ')', 'network', 0);
    });
  }
  /** @param {string} cmd @param {string|undefined} body @param {AbortSignal} [signal] @returns {Promise<RawAnswer>} */
  async function raw(cmd, body, signal) {
    if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
    const text = body === undefined ? '' : body;
    const g = await loadGames();
    if (cmd === 'games') return { status: 200, body: g.body };
    const game = gameOf(g.names, cmd, text) || g.names.find((n) => engines.has(n)) || g.names[0];
    let call = await engine(game);
    if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
    let r;
    try {
      r = await call(cmd, text);
      if (r.elsewhere) {
        call = await engine(r.elsewhere);
        if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
        r = await call(cmd, text);
      }
    } catch (e) {
      if (e instanceof MancalaError) throw e;
      throw new MancalaError('the rules engine failed: ' + (e instanceof Error ? e.message : e), 'internal', 500);
    }
    // The search ran in this thread and could not be stopped: an abort
    // meanwhile still rejects the call.
    if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
    return { status: r.status, body: r.body };
  }
  /** @param {string} [game] @returns {Promise<void>} */
  async function ready(game) {
    const g = await loadGames();
    if (game !== undefined) await engine(g.names.includes(game) ? game : g.names[0]);
  }
  return { raw, ready, close() {} };
}

/**
 * connect returns a client of the backend chosen: "wasm" (the default:
 * the games' wasm files in this thread) or "http" (then base, a whole URL,
 * is the API's address). onProgress is called once a game's file is read; the
 * option worker needs a Web Worker, which Node lacks: it throws a
 * MancalaError with code "unsupported". close() ends nothing: the rules
 * stay loaded for the next client.
 * @param {Options} [opts]
 * @returns {Client}
 */
export function connect(opts = {}) {
  const backend = opts.backend || 'wasm';
  if (backend === 'http') return connectBrowser(opts);
  if (backend !== 'wasm') throw new Error('mancala: unknown backend ' + JSON.stringify(backend) + ' (want wasm or http)');
  if (opts.worker !== undefined) {
    throw new MancalaError('mancala: the option worker needs a Web Worker, which Node has not (the rules run in this thread)', 'unsupported', 0);
  }
  return new Client(nodeBackend(opts.onProgress), 'wasm');
}
