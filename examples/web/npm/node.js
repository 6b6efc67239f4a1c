// @ts-check
// node.js: the go-mancala package's entry in Node (package.json's
// "exports" condition "node"): the same API as mancala.js (connect,
// Client, MancalaError, COMMANDS; the types of mancala.d.ts), with the
// wasm backend run in this thread: Node ≥ 20 has WebAssembly but no Web
// Worker. mancala.wasm is read from beside this file and started once per
// process, at the first call (or ready()); every client shares it.
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

/** @type {Promise<(cmd: string, body: string) => Promise<RawAnswer>>|null} */
let engine = null;

/**
 * start reads mancala.wasm and runs it with Go's wasm_exec.js, which
 * defines the global mancalaCall.
 * @param {((p: Progress) => void)|undefined} onProgress
 * @returns {Promise<(cmd: string, body: string) => Promise<RawAnswer>>}
 */
async function start(onProgress) {
  const { readFile } = await import('node:fs/promises');
  await import('./wasm_exec.js'); // defines globalThis.Go
  const bytes = await readFile(new URL('./mancala.wasm', import.meta.url));
  if (onProgress) onProgress({ loaded: bytes.length, total: bytes.length });
  const g = /** @type {any} */ (globalThis);
  const go = new g.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance); // runs main until it waits for calls: mancalaCall is then defined
  const call = g.mancalaCall;
  if (typeof call !== 'function') throw new Error('the wasm program did not start');
  return call;
}

/**
 * The in-thread backend: raw(cmd, bodyText) -> {status, body}.
 * @param {((p: Progress) => void)|undefined} onProgress
 */
function nodeBackend(onProgress) {
  function load() {
    if (!engine) {
      engine = start(onProgress);
      engine.catch(() => { engine = null; }); // the next call tries again
    }
    return engine.catch((e) => {
      throw new MancalaError('the rules engine could not start (' + (e instanceof Error ? e.message : e) + ')', 'network', 0);
    });
  }
  /** @param {string} cmd @param {string|undefined} body @param {AbortSignal} [signal] @returns {Promise<RawAnswer>} */
  async function raw(cmd, body, signal) {
    if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
    const call = await load();
    if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
    let r;
    try {
      r = await call(cmd, body === undefined ? '' : body);
    } catch (e) {
      throw new MancalaError('the rules engine failed: ' + (e instanceof Error ? e.message : e), 'internal', 500);
    }
    // The search ran in this thread and could not be stopped: an abort
    // meanwhile still rejects the call.
    if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
    return { status: r.status, body: r.body };
  }
  return { raw, ready() { return load().then(() => {}); }, close() {} };
}

/**
 * connect returns a client of the backend chosen: "wasm" (the default:
 * mancala.wasm in this thread) or "http" (then base, a whole URL, is the
 * API's address). onProgress is called once mancala.wasm is read; the
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
