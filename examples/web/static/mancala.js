// @ts-check
// mancala.js: the rules of Kiothi, Kisolo and Bao la Kimasai for
// JavaScript, as async functions with the JSON of the HTTP API of package
// mancala/wire (docs/wire.md; docs/js.md for this module). Two backends
// answer the same requests with the same JSON:
//
//   - "wasm": the Go library compiled to WebAssembly, running in a Web
//     Worker (worker.js, wasm_exec.js and mancala.wasm beside this file):
//     no server, works from any static file host;
//   - "http": the JSON API of a running server (go run ./examples/web),
//     at base (default "/api/v1/").
//
//   import { connect } from './mancala.js';
//   const m = connect({ backend: 'wasm' });
//   const st = await m.state({ game: 'kisolo' });
//   const r = await m.apply({ position: st.position, move: st.legal[0] });
//
// Every function returns a promise of the answer, or rejects with a
// MancalaError carrying the API's error code ("illegal", "syntax", ...)
// and HTTP status. No build step: this file is an ES module as it is.

/**
 * @typedef {{seed: string, capture: string, store: string, reserve: string}} Words
 * @typedef {{name: string, kind: 'enum'|'bool'|'int', values: string[], min: number, max: number,
 *   default: string, clause: string, doc: string}} RuleOption
 * @typedef {{name: string, index: number, row: number, file: number, owner: 'S'|'N', inner: boolean}} PitInfo
 * @typedef {{rows: number, files: number, pits: PitInfo[], sharedRing: boolean, direction: string,
 *   circuits: {S: string[], N: string[]}, stores: string[], reserves: string[]}} Layout
 * @typedef {{agent: string, depth?: number, iterations?: number, timeMs?: number}} AgentSpec
 * @typedef {{name: string, rating?: number, agent: AgentSpec}} Level
 * @typedef {{name: string, title: string, counter: string, words: Words, options: RuleOption[],
 *   start: string, layout: Layout, levels?: Level[]}} GameInfo
 * @typedef {{maxBody: number, maxEvents: number, maxDepth: number, maxIterations: number,
 *   maxTimeMs: number, maxRecordMoves: number}} LimitsInfo
 * @typedef {{games: GameInfo[], agents: string[], limits: LimitsInfo}} GamesResponse
 * @typedef {{game?: string, rules?: string, position?: string}} StateRequest
 * @typedef {PitInfo & {seeds: number, nki: boolean}} Pit
 * @typedef {{S: number, N: number}} Sides
 * @typedef {{text: string, kind: 'sow'|'capture'|'lift'|'drop'|'stop'|'move', pit: string, index: number,
 *   count: number}} LegalMove
 * @typedef {{step: 'lift'|'drop', hand: number, lifted: string[], dropFrom: string, pits: string[],
 *   canStop: boolean}} Opening
 * @typedef {{status: 'ongoing'|'win'|'draw', winner?: 'S'|'N', reason?: string, result: string,
 *   score?: Sides, text?: string}} Outcome
 * @typedef {{game: string, title: string, rules: string, position: string, toMove: 'S'|'N', turn: number,
 *   layout: Layout, pits: Pit[], stores?: Sides, reserves?: Sides, hand: number, total: number,
 *   phase?: number, opening?: Opening, legal: string[], moves: LegalMove[], outcome: Outcome,
 *   diagram: string, words: Words}} State
 * @typedef {{game?: string, position: string, move: string, start?: string, moves?: string[]}} ApplyRequest
 * @typedef {{kind: string, from: string, to: string, count: number, reason?: string}} MoveEvent
 * @typedef {{move: string, after: State, events: MoveEvent[], eventCount: number, truncated: boolean,
 *   summary: string}} ApplyResponse
 * @typedef {{game?: string, position: string, agent: string, depth?: number, iterations?: number,
 *   seed?: number, timeMs?: number}} ThinkRequest
 * @typedef {{move: string, agent: string, value?: number, depth?: number, nodes?: number, line?: string[],
 *   visits?: number, iterations?: number, winRate?: number, elapsedMs: number}} ThinkResponse
 * @typedef {{game?: string, rules?: string, start?: string, moves: string[], south?: string,
 *   north?: string, date?: string}} RecordRequest
 * @typedef {{record: string, result: string, final: string}} RecordResponse
 * @typedef {{record: string}} ReplayRequest
 * @typedef {{game: string, rules: string, start: string, moves: string[], positions: string[],
 *   result: string, headers: {key: string, value: string}[]}} ReplayResponse
 * @typedef {{status: number, body: string}} RawAnswer
 * @typedef {{backend?: 'wasm'|'http', base?: string, worker?: string|URL, timeoutMs?: number}} Options
 */

/** An error answer of the API: {"error": message, "code": code}. */
export class MancalaError extends Error {
  /**
   * @param {string} message the library's message ("kisolo: illegal move b3: ...")
   * @param {string} code the API's code: bad_request, syntax, illegal, game_over, too_large,
   *   not_found, busy, internal, or "network" when the backend cannot be reached
   * @param {number} status the HTTP status (0 for network)
   */
  constructor(message, code, status) {
    super(message);
    this.name = 'MancalaError';
    this.code = code;
    this.status = status;
  }
}

/** The commands, as the HTTP API's endpoints without /api/v1/. */
export const COMMANDS = ['games', 'state', 'apply', 'think', 'record', 'replay'];

/**
 * An HTTP backend: raw(cmd, bodyText) -> {status, body}.
 * @param {string} base
 */
function httpBackend(base) {
  /** @param {string} cmd @param {string|undefined} body @returns {Promise<RawAnswer>} */
  async function raw(cmd, body) {
    const opts = body === undefined
      ? { method: 'GET' }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body };
    let r;
    try {
      r = await fetch(base + cmd, opts);
    } catch (e) {
      throw new MancalaError('the server cannot be reached (' + (e instanceof Error ? e.message : e) + ')', 'network', 0);
    }
    return { status: r.status, body: await r.text() };
  }
  return { raw, close() {} };
}

/**
 * A WebAssembly backend in a Web Worker. A request unanswered after
 * timeoutMs (a think never takes more than the API's 2 s plus the
 * requests queued before it) ends the worker; the next request starts a
 * new one.
 * @param {string|URL} workerURL
 * @param {number} timeoutMs
 */
function wasmBackend(workerURL, timeoutMs) {
  /** @type {Worker|null} */
  let worker = null;
  let next = 1;
  /** @type {Map<number, {resolve: (a: RawAnswer) => void, reject: (e: Error) => void, timer: any}>} */
  const pending = new Map();
  function fail(/** @type {string} */ why) {
    if (worker) worker.terminate();
    worker = null;
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(new MancalaError(why, 'network', 0));
    }
    pending.clear();
  }
  function start() {
    const w = new Worker(workerURL);
    w.onmessage = (e) => {
      const { id, status, body, error } = e.data;
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      clearTimeout(p.timer);
      if (error !== undefined) p.reject(new MancalaError('the rules engine failed: ' + error, 'internal', 500));
      else p.resolve({ status, body });
    };
    w.onerror = (e) => {
      e.preventDefault();
      fail('the rules engine could not start (' + (e.message || 'worker error') + ')');
    };
    return w;
  }
  /** @param {string} cmd @param {string|undefined} body @returns {Promise<RawAnswer>} */
  function raw(cmd, body) {
    if (!worker) worker = start();
    const w = worker;
    const id = next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (worker === w) fail('the rules engine did not answer within ' + timeoutMs + ' ms and was restarted');
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      w.postMessage({ id, cmd, body: body === undefined ? '' : body });
    });
  }
  return { raw, close() { fail('closed'); } };
}

/**
 * Client is the API as async functions. Each takes the request object of
 * the HTTP endpoint of the same name and resolves to its answer.
 */
export class Client {
  /** @param {{raw: (cmd: string, body: string|undefined) => Promise<RawAnswer>, close: () => void}} b @param {string} backend */
  constructor(b, backend) {
    this.b = b;
    /** "wasm" or "http". */
    this.backend = backend;
  }
  /**
   * raw sends a request's JSON text (undefined for games) and resolves to
   * the status and JSON text of the answer, exactly as the HTTP API gives
   * them.
   * @param {string} cmd @param {string} [body] @returns {Promise<RawAnswer>}
   */
  raw(cmd, body) {
    return this.b.raw(cmd, body);
  }
  /**
   * call sends a request object and resolves to the decoded answer, or
   * rejects with a MancalaError.
   * @param {string} cmd @param {object} [req] @returns {Promise<any>}
   */
  async call(cmd, req) {
    const a = await this.b.raw(cmd, req === undefined ? undefined : JSON.stringify(req));
    let data;
    try {
      data = JSON.parse(a.body);
    } catch (e) {
      throw new MancalaError('a bad answer (status ' + a.status + ')', 'internal', a.status);
    }
    if (a.status !== 200) throw new MancalaError(data.error || 'error ' + a.status, data.code || 'internal', a.status);
    return data;
  }
  /** The games, their rule options, layouts and levels. @returns {Promise<GamesResponse>} */
  games() { return this.call('games'); }
  /** @param {StateRequest} req @returns {Promise<State>} */
  state(req) { return this.call('state', req); }
  /** @param {ApplyRequest} req @returns {Promise<ApplyResponse>} */
  apply(req) { return this.call('apply', req); }
  /** @param {ThinkRequest} req @returns {Promise<ThinkResponse>} */
  think(req) { return this.call('think', req); }
  /** @param {RecordRequest} req @returns {Promise<RecordResponse>} */
  record(req) { return this.call('record', req); }
  /** @param {ReplayRequest} req @returns {Promise<ReplayResponse>} */
  replay(req) { return this.call('replay', req); }
  /** Ends the worker (wasm); later calls start a new one. */
  close() { this.b.close(); }
}

/**
 * connect returns a client of the backend chosen: "wasm" (the default) or
 * "http" (then base, default "/api/v1/", is the API's address).
 * @param {Options} [opts]
 * @returns {Client}
 */
export function connect(opts = {}) {
  const backend = opts.backend || 'wasm';
  if (backend === 'http') return new Client(httpBackend(opts.base || '/api/v1/'), 'http');
  if (backend !== 'wasm') throw new Error('mancala: unknown backend ' + JSON.stringify(backend) + ' (want wasm or http)');
  const url = opts.worker || new URL('./worker.js', import.meta.url);
  return new Client(wasmBackend(url, opts.timeoutMs || 30000), 'wasm');
}
