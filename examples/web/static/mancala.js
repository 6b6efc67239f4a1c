// @ts-check
// mancala.js: the rules of Kiothi, Kisolo and Bao la Kimasai for
// JavaScript, as async functions with the JSON of the HTTP API of package
// mancala/wire (docs/wire.md; docs/js.md for this module). Two backends
// answer the same requests with the same JSON:
//
//   - "wasm": the Go library compiled to WebAssembly, running in a Web
//     Worker (worker.js, wasm_exec.js, games.json and one wasm file a
//     game, mancala-GAME.wasm, beside this file; a game's file loads at
//     the first request for that game): no server, works from any static
//     file host;
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
 * @typedef {'kiothi'|'kisolo'|'kimasai'} GameName a game's notation name (GamesResponse.games[].name)
 * @typedef {'random'|'alphabeta'|'mcts'|'mcts-eval'} AgentName an agent kind of the API (GamesResponse.agents)
 * @typedef {'Beginner'|'Novice'|'Casual'|'Intermediate'|'Strong'|'Expert'|'Master'} LevelName a level's name in some
 *   game's ladder (GameInfo.levels; a game has some of them), matched in any case
 * @typedef {AgentName|`${AgentName}:${string}`|`level:${string}`|LevelName|Lowercase<LevelName>} AgentText a
 *   think's agent, an agent spec (docs/wire.md): a kind (its budget from the request's fields), a kind with its
 *   own budget ("alphabeta:4", "mcts-eval:500"), a game's level by name or number ("level:casual",
 *   "level:2") or a level's bare name ("Casual")
 * @typedef {import('./protocol.js').Error['code']|'network'|'aborted'|'unsupported'} ErrorCode the code of a
 *   MancalaError: the API's codes, and the client's own
 * @typedef {MoveEvent['kind']} EventKind the kind of a MoveEvent (docs/wire.md, Events)
 */

/**
 * The messages are protocol.d.ts's types (derived from docs/wire.schema.json, which is generated from
 * mancala/wire's Go types: TestProtocolTypes), none written here, with the names narrowed: a member
 * "game" is a GameName, a string member "agent" an AgentText and "agents" a list of AgentName.
 * @template T
 * @typedef {T extends (infer E)[] ? Named<E>[] : T extends object ? {[K in keyof T]: K extends 'game' ? GameName
 *   : K extends 'agents' ? AgentName[] : K extends 'agent' ? (T[K] extends string ? AgentText : Named<T[K]>)
 *   : Named<T[K]>} : T} Named
 */

/**
 * @typedef {Named<import('./protocol.js').Words>} Words
 * @typedef {Named<import('./protocol.js').RuleOption>} RuleOption
 * @typedef {Named<import('./protocol.js').PitInfo>} PitInfo
 * @typedef {Named<import('./protocol.js').Layout>} Layout
 * @typedef {Named<import('./protocol.js').LevelAgent>} AgentSpec
 * @typedef {Named<import('./protocol.js').Level>} Level
 * @typedef {Named<import('./protocol.js').GameInfo>} GameInfo
 * @typedef {Named<import('./protocol.js').LimitsInfo>} LimitsInfo
 * @typedef {Named<import('./protocol.js').GamesResponse>} GamesResponse
 * @typedef {Named<import('./protocol.js').StateRequest>} StateRequest
 * @typedef {Named<import('./protocol.js').Pit>} Pit
 * @typedef {Named<import('./protocol.js').Sides>} Sides
 * @typedef {Named<import('./protocol.js').LegalMove>} LegalMove
 * @typedef {Named<import('./protocol.js').Opening>} Opening
 * @typedef {Named<import('./protocol.js').Outcome>} Outcome
 * @typedef {Named<import('./protocol.js').State>} State
 * @typedef {Named<import('./protocol.js').ApplyRequest>} ApplyRequest
 * @typedef {Named<import('./protocol.js').Event>} MoveEvent
 * @typedef {Named<import('./protocol.js').ApplyResponse>} ApplyResponse
 * @typedef {Named<import('./protocol.js').ThinkRequest>} ThinkRequest
 * @typedef {Named<import('./protocol.js').ThinkResponse>} ThinkResponse
 * @typedef {Named<import('./protocol.js').RecordRequest>} RecordRequest
 * @typedef {Named<import('./protocol.js').RecordResponse>} RecordResponse
 * @typedef {Named<import('./protocol.js').ReplayRequest>} ReplayRequest
 * @typedef {Named<import('./protocol.js').ReplayResponse>} ReplayResponse
 * @typedef {{status: number, body: string}} RawAnswer
 * @typedef {{game?: GameName, loaded: number, total: number}} Progress bytes loaded of a game's wasm file (mancala-GAME.wasm), and its size
 *   (0 when unknown)
 * @typedef {{signal?: AbortSignal}} CallOptions
 * @typedef {{backend?: 'wasm'|'http', base?: string, worker?: string|URL, timeoutMs?: number,
 *   onProgress?: (p: Progress) => void}} Options
 */

/** An error answer of the API: {"error": message, "code": code}. */
export class MancalaError extends Error {
  /**
   * @param {string} message the library's message ("kisolo: illegal move b3: ...")
   * @param {ErrorCode} code the API's code: bad_request, syntax, illegal, game_over, too_large,
   *   not_found, busy, internal; "network" when the backend cannot be reached, "aborted" when
   *   the call's signal aborted it, "unsupported" when the environment lacks what the backend
   *   needs (a Web Worker outside a browser)
   * @param {number} status the HTTP status (0 for network)
   */
  constructor(message, code, status) {
    super(message);
    this.name = 'MancalaError';
    /** @type {ErrorCode} */
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
  /** @param {string} cmd @param {string|undefined} body @param {AbortSignal} [signal] @returns {Promise<RawAnswer>} */
  async function raw(cmd, body, signal) {
    /** @type {RequestInit} */
    const opts = body === undefined
      ? { method: 'GET', signal }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal };
    try {
      const r = await fetch(base + cmd, opts);
      return { status: r.status, body: await r.text() };
    } catch (e) {
      if (signal && signal.aborted) throw new MancalaError('aborted', 'aborted', 0);
      throw new MancalaError('the server cannot be reached (' + (e instanceof Error ? e.message : e) + ')', 'network', 0);
    }
  }
  return { raw, ready() { return Promise.resolve(); }, close() {} };
}

/**
 * A WebAssembly backend in a Web Worker. The worker loads wasm_exec.js and
 * games.json and says when it is ready; a game's wasm file loads at the
 * first request for the game (progress goes to onProgress). A request's
 * timeoutMs starts once the worker is ready and starts again at each
 * progress of a file's load, so a slow connection delays an answer but
 * does not fail it. While it loads, a worker that sends no byte for
 * timeoutMs, or fails to load, fails every request waiting (code
 * "network"); the next request starts a new worker. A request unanswered
 * timeoutMs after the worker was ready (a think never takes more than the
 * API's 2 s plus the requests queued before it) ends the worker too. A
 * request whose signal aborts is rejected (code "aborted"); if the worker
 * was already on it, the worker is ended and the other requests go to a
 * new one.
 * @param {string|URL|undefined} workerURL the worker's address (default worker.js beside this module)
 * @param {number} timeoutMs
 * @param {((p: Progress) => void)|undefined} onProgress
 */
function wasmBackend(workerURL, timeoutMs, onProgress) {
  /** @type {Worker|null} */
  let worker = null;
  let isReady = false;
  /** @type {any} */
  let stall = null;
  let next = 1;
  /** @type {{promise: Promise<void>, resolve: () => void, reject: (e: Error) => void}|null} */
  let readyWait = null;
  /**
   * @typedef {{cmd: string, body: string, resolve: (a: RawAnswer) => void, reject: (e: Error) => void,
   *   timer: any, signal?: AbortSignal, onAbort?: () => void}} Pending
   */
  /** @type {Map<number, Pending>} */
  const pending = new Map();
  /** @param {Pending} p */
  function settle(p) {
    clearTimeout(p.timer);
    if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
  }
  /** @param {string} why */
  function stop(why) {
    if (worker) worker.terminate();
    worker = null;
    isReady = false;
    clearTimeout(stall);
    if (readyWait) {
      readyWait.reject(new MancalaError(why, 'network', 0));
      readyWait = null;
    }
  }
  /** @param {string} why */
  function fail(why) {
    stop(why);
    for (const p of pending.values()) {
      settle(p);
      p.reject(new MancalaError(why, 'network', 0));
    }
    pending.clear();
  }
  function watchLoad() {
    clearTimeout(stall);
    stall = setTimeout(() => fail('the rules engine did not load: no data for ' + timeoutMs + ' ms'), timeoutMs);
  }
  /** @param {number} id @param {Pending} p */
  function arm(id, p) {
    const w = worker;
    p.timer = setTimeout(() => {
      if (worker === w && pending.has(id)) fail('the rules engine did not answer within ' + timeoutMs + ' ms and was restarted');
    }, timeoutMs);
  }
  function start() {
    // The worker, Go's wasm_exec.js, games.json and the games' wasm files
    // beside this module,
    // written as new Worker(new URL(literal, import.meta.url)) and
    // new URL(literal, import.meta.url) so that a bundler (Vite, webpack,
    // esbuild) bundles the worker and copies the other two, and the
    // worker is told their built addresses. A worker of the caller's finds
    // them beside itself.
    const w = workerURL ? new Worker(workerURL) : new Worker(new URL('./worker.js', import.meta.url));
    w.postMessage(workerURL ? { type: 'init' } : {
      type: 'init',
      exec: new URL('./wasm_exec.js', import.meta.url).href,
      games: new URL('./games.json', import.meta.url).href,
      wasm: {
        kisolo: new URL('./mancala-kisolo.wasm', import.meta.url).href,
        kiothi: new URL('./mancala-kiothi.wasm', import.meta.url).href,
        kimasai: new URL('./mancala-kimasai.wasm', import.meta.url).href,
      },
    });
    worker = w;
    isReady = false;
    watchLoad();
    w.onmessage = (e) => {
      if (worker !== w) return;
      const d = e.data;
      if (d.type === 'progress') {
        // A game's file loads before the worker is ready (none yet) or at
        // the first request for the game: while its bytes come, the
        // requests waiting for it do not time out.
        if (isReady) for (const [id, p] of pending) { clearTimeout(p.timer); arm(id, p); }
        else watchLoad();
        if (onProgress) onProgress({ game: d.game, loaded: d.loaded, total: d.total });
        return;
      }
      if (d.type === 'ready') {
        clearTimeout(stall);
        isReady = true;
        if (readyWait) { readyWait.resolve(); readyWait = null; }
        for (const [id, p] of pending) arm(id, p);
        return;
      }
      if (d.type === 'failed') {
        fail('the rules engine could not start (' + d.error + ')');
        return;
      }
      const p = pending.get(d.id);
      if (!p) return;
      pending.delete(d.id);
      settle(p);
      if (d.error !== undefined) p.reject(new MancalaError('the rules engine failed: ' + d.error, 'internal', 500));
      else p.resolve({ status: d.status, body: d.body });
    };
    w.onerror = (e) => {
      e.preventDefault();
      if (worker === w) fail('the rules engine could not start (' + (e.message || 'worker error') + ')');
    };
  }
  /** @param {number} id @param {Pending} p */
  function send(id, p) {
    if (!worker) start();
    if (isReady) arm(id, p);
    /** @type {Worker} */ (worker).postMessage({ id, cmd: p.cmd, body: p.body });
  }
  /** @param {string} cmd @param {string|undefined} body @param {AbortSignal} [signal] @returns {Promise<RawAnswer>} */
  function raw(cmd, body, signal) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) {
        reject(new MancalaError('aborted', 'aborted', 0));
        return;
      }
      const id = next++;
      /** @type {Pending} */
      const p = { cmd, body: body === undefined ? '' : body, resolve, reject, timer: null, signal };
      if (signal) {
        p.onAbort = () => {
          if (!pending.has(id)) return;
          pending.delete(id);
          settle(p);
          reject(new MancalaError('aborted', 'aborted', 0));
          // The worker may be searching for it: end the worker and give
          // the other requests to a new one.
          if (worker && isReady) {
            stop('restarted');
            for (const [i, q] of pending) { clearTimeout(q.timer); send(i, q); }
          }
        };
        signal.addEventListener('abort', p.onAbort);
      }
      pending.set(id, p);
      send(id, p);
    });
  }
  /** @returns {Promise<void>} */
  function started() {
    if (!worker) start();
    if (isReady) return Promise.resolve();
    if (!readyWait) {
      /** @type {any} */
      const rw = {};
      rw.promise = new Promise((resolve, reject) => { rw.resolve = resolve; rw.reject = reject; });
      rw.promise.catch(() => {}); // rejected with no one waiting is fine
      readyWait = rw;
    }
    return /** @type {any} */ (readyWait).promise;
  }
  /** @param {string} [game] @returns {Promise<void>} */
  function ready(game) {
    if (game === undefined) return started();
    return started().then(() => raw('load', game)).then(() => {});
  }
  return { raw, ready, close() { fail('closed'); } };
}

/**
 * Client is the API as async functions. Each takes the request object of
 * the HTTP endpoint of the same name and resolves to its answer.
 */
export class Client {
  /**
   * @param {{raw: (cmd: string, body: string|undefined, signal?: AbortSignal) => Promise<RawAnswer>,
   *   ready: (game?: string) => Promise<void>, close: () => void}} b
   * @param {'wasm'|'http'} backend
   */
  constructor(b, backend) {
    this.b = b;
    /** "wasm" or "http". */
    this.backend = backend;
  }
  /**
   * raw sends a request's JSON text (undefined for games) and resolves to
   * the status and JSON text of the answer, exactly as the HTTP API gives
   * them.
   * @param {string} cmd @param {string} [body] @param {CallOptions} [opts] @returns {Promise<RawAnswer>}
   */
  raw(cmd, body, opts) {
    return this.b.raw(cmd, body, opts && opts.signal);
  }
  /**
   * ready resolves once the backend can answer: for wasm, once the worker
   * has started (starting it if need be) and, given a game, once that
   * game's rules (its wasm file) are loaded, or rejects with a MancalaError
   * (code "network") when it cannot; for http at once. A game's file
   * otherwise loads at the first request for the game; ready(game) loads
   * it ahead (a name that is no game's loads the first game's).
   * @param {GameName} [game]
   * @returns {Promise<void>}
   */
  ready(game) {
    return this.b.ready(game);
  }
  /**
   * call sends a request object and resolves to the decoded answer, or
   * rejects with a MancalaError.
   * @param {string} cmd @param {object} [req] @param {CallOptions} [opts] @returns {Promise<any>}
   */
  async call(cmd, req, opts) {
    const a = await this.b.raw(cmd, req === undefined ? undefined : JSON.stringify(req), opts && opts.signal);
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
  /**
   * think asks an agent for a move. opts.signal cancels it: the promise
   * rejects with code "aborted" and the search stops (the wasm worker on
   * it is ended and replaced).
   * @param {ThinkRequest} req @param {CallOptions} [opts] @returns {Promise<ThinkResponse>}
   */
  think(req, opts) { return this.call('think', req, opts); }
  /** @param {RecordRequest} req @returns {Promise<RecordResponse>} */
  record(req) { return this.call('record', req); }
  /** @param {ReplayRequest} req @returns {Promise<ReplayResponse>} */
  replay(req) { return this.call('replay', req); }
  /** Ends the worker (wasm); later calls start a new one. */
  close() { this.b.close(); }
}

/**
 * connect returns a client of the backend chosen: "wasm" (the default) or
 * "http" (then base, default "/api/v1/", is the API's address). For wasm,
 * worker is the worker's address (default worker.js beside this module),
 * timeoutMs how long a request may wait once the worker is ready, and while
 * it loads how long it may go without a byte (default 30000), and
 * onProgress is called as a game's wasm file loads. Where there is no Web Worker
 * (Node) the wasm backend throws a MancalaError with code "unsupported":
 * Node's entry of the package (node.js) runs the rules there.
 * @param {Options} [opts]
 * @returns {Client}
 */
export function connect(opts = {}) {
  const backend = opts.backend || 'wasm';
  if (backend === 'http') return new Client(httpBackend(opts.base || '/api/v1/'), 'http');
  if (backend !== 'wasm') throw new Error('mancala: unknown backend ' + JSON.stringify(backend) + ' (want wasm or http)');
  if (typeof Worker === 'undefined') {
    throw new MancalaError('mancala: the wasm backend runs in a Web Worker, and this environment has no Worker' +
      ' (in Node, import the package \'go-mancala\': its Node entry runs the rules in this thread; or use backend \'http\')',
    'unsupported', 0);
  }
  return new Client(wasmBackend(opts.worker, opts.timeoutMs || 30000, opts.onProgress), 'wasm');
}
