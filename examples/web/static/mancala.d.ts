/**
 * connect returns a client of the backend chosen: "wasm" (the default) or
 * "http" (then base, default "/api/v1/", is the API's address). For wasm,
 * worker is the worker's address (default worker.js beside this module),
 * timeoutMs how long a request may wait once the worker is ready, and while
 * it loads how long it may go without a byte (default 30000), and
 * onProgress is called as mancala.wasm loads. Where there is no Web Worker
 * (Node) the wasm backend throws a MancalaError with code "unsupported":
 * Node's entry of the package (node.js) runs the rules there.
 * @param {Options} [opts]
 * @returns {Client}
 */
export function connect(opts?: Options): Client;
/**
 * @typedef {'kiothi'|'kisolo'|'kimasai'} GameName a game's notation name (GamesResponse.games[].name)
 * @typedef {'random'|'alphabeta'|'mcts'|'mcts-eval'} AgentName an agent kind of the API (GamesResponse.agents)
 * @typedef {'Beginner'|'Novice'|'Casual'|'Intermediate'|'Strong'|'Expert'|'Master'} LevelName a level's name in some
 *   game's ladder (GameInfo.levels; a game has some of them), matched in any case
 * @typedef {AgentName|`${AgentName}:${string}`|`level:${string}`|LevelName|Lowercase<LevelName>} AgentText a
 *   think's agent, an agent spec (docs/wire.md): a kind (its budget from the request's fields), a kind with its
 *   own budget ("alphabeta:4", "mcts-eval:500"), a game's level by name or number ("level:casual",
 *   "level:2") or a level's bare name ("Casual")
 * @typedef {'lift'|'relay'|'drop'|'capture'|'reserve'|'sweep'|'nkiset'|'nkiclear'|'end'} EventKind
 *   the kind of a MoveEvent (docs/wire.md, Events)
 * @typedef {'bad_request'|'syntax'|'illegal'|'game_over'|'too_large'|'method_not_allowed'|'not_found'|
 *   'timeout'|'busy'|'internal'|'network'|'aborted'|'unsupported'} ErrorCode the code of a MancalaError
 * @typedef {{seed: string, capture: string, store: string, reserve: string}} Words
 * @typedef {{name: string, kind: 'enum'|'bool'|'int', values: string[], min: number, max: number,
 *   default: string, clause: string, doc: string}} RuleOption
 * @typedef {{name: string, index: number, row: number, file: number, owner: 'S'|'N', inner: boolean}} PitInfo
 * @typedef {{rows: number, files: number, pits: PitInfo[], sharedRing: boolean, direction: string,
 *   circuits: {S: string[], N: string[]}, stores: string[], reserves: string[]}} Layout
 * @typedef {{agent: AgentText, depth?: number, nodes?: number, iterations?: number, timeMs?: number}} AgentSpec
 * @typedef {{name: string, rating?: number, agent: AgentSpec}} Level
 * @typedef {{name: GameName, title: string, counter: string, words: Words, options: RuleOption[],
 *   start: string, layout: Layout, levels?: Level[]}} GameInfo
 * @typedef {{maxBody: number, maxEvents: number, maxDepth: number, maxIterations: number,
 *   maxTimeMs: number, maxRecordMoves: number}} LimitsInfo
 * @typedef {{games: GameInfo[], agents: AgentName[], limits: LimitsInfo}} GamesResponse
 * @typedef {{game?: GameName, rules?: string, position?: string}} StateRequest
 * @typedef {PitInfo & {seeds: number, nki: boolean}} Pit
 * @typedef {{S: number, N: number}} Sides
 * @typedef {{text: string, kind: 'sow'|'capture'|'lift'|'drop'|'stop'|'move', pit: string, index: number,
 *   count: number}} LegalMove
 * @typedef {{step: 'lift'|'drop', hand: number, lifted: string[], dropFrom: string, pits: string[],
 *   canStop: boolean}} Opening
 * @typedef {{status: 'ongoing'|'win'|'draw', winner?: 'S'|'N', reason?: string, result: string,
 *   score?: Sides, text?: string}} Outcome
 * @typedef {{game: GameName, title: string, rules: string, position: string, toMove: 'S'|'N', turn: number,
 *   layout: Layout, pits: Pit[], stores?: Sides, reserves?: Sides, hand: number, total: number,
 *   phase?: number, opening?: Opening, legal: string[], moves: LegalMove[], outcome: Outcome,
 *   diagram: string, words: Words}} State
 * @typedef {{game?: GameName, position: string, move: string, start?: string, moves?: string[]}} ApplyRequest
 * @typedef {{kind: EventKind, from: string, to: string, count: number,
 *   reason?: 'empty'|'nextempty'|'inner'|'endless'|'step'}} MoveEvent
 * @typedef {{move: string, after: State, events: MoveEvent[], eventCount: number, truncated: boolean,
 *   summary: string}} ApplyResponse
 * @typedef {{game?: GameName, position: string, agent: AgentText, depth?: number, nodes?: number, iterations?: number,
 *   seed?: number, timeMs?: number}} ThinkRequest
 * @typedef {{move: string, agent: AgentName, value?: number, depth?: number, nodes?: number, line?: string[],
 *   visits?: number, iterations?: number, winRate?: number, elapsedMs: number}} ThinkResponse
 * @typedef {{game?: GameName, rules?: string, start?: string, moves: string[], south?: string,
 *   north?: string, date?: string}} RecordRequest
 * @typedef {{record: string, result: string, final: string}} RecordResponse
 * @typedef {{record: string}} ReplayRequest
 * @typedef {{game: GameName, rules: string, start: string, moves: string[], positions: string[],
 *   result: string, headers: {key: string, value: string}[]}} ReplayResponse
 * @typedef {{status: number, body: string}} RawAnswer
 * @typedef {{loaded: number, total: number}} Progress bytes of mancala.wasm loaded, and its size
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
    constructor(message: string, code: ErrorCode, status: number);
    /** @type {ErrorCode} */
    code: ErrorCode;
    status: number;
}
/** The commands, as the HTTP API's endpoints without /api/v1/. */
export const COMMANDS: string[];
/**
 * Client is the API as async functions. Each takes the request object of
 * the HTTP endpoint of the same name and resolves to its answer.
 */
export class Client {
    /**
     * @param {{raw: (cmd: string, body: string|undefined, signal?: AbortSignal) => Promise<RawAnswer>,
     *   ready: () => Promise<void>, close: () => void}} b
     * @param {'wasm'|'http'} backend
     */
    constructor(b: {
        raw: (cmd: string, body: string | undefined, signal?: AbortSignal) => Promise<RawAnswer>;
        ready: () => Promise<void>;
        close: () => void;
    }, backend: "wasm" | "http");
    b: {
        raw: (cmd: string, body: string | undefined, signal?: AbortSignal) => Promise<RawAnswer>;
        ready: () => Promise<void>;
        close: () => void;
    };
    /** "wasm" or "http". */
    backend: "wasm" | "http";
    /**
     * raw sends a request's JSON text (undefined for games) and resolves to
     * the status and JSON text of the answer, exactly as the HTTP API gives
     * them.
     * @param {string} cmd @param {string} [body] @param {CallOptions} [opts] @returns {Promise<RawAnswer>}
     */
    raw(cmd: string, body?: string, opts?: CallOptions): Promise<RawAnswer>;
    /**
     * ready resolves once the backend can answer: for wasm, once the worker
     * has loaded and started mancala.wasm (starting it if need be), or
     * rejects with a MancalaError (code "network") when it cannot; for http
     * at once.
     * @returns {Promise<void>}
     */
    ready(): Promise<void>;
    /**
     * call sends a request object and resolves to the decoded answer, or
     * rejects with a MancalaError.
     * @param {string} cmd @param {object} [req] @param {CallOptions} [opts] @returns {Promise<any>}
     */
    call(cmd: string, req?: object, opts?: CallOptions): Promise<any>;
    /** The games, their rule options, layouts and levels. @returns {Promise<GamesResponse>} */
    games(): Promise<GamesResponse>;
    /** @param {StateRequest} req @returns {Promise<State>} */
    state(req: StateRequest): Promise<State>;
    /** @param {ApplyRequest} req @returns {Promise<ApplyResponse>} */
    apply(req: ApplyRequest): Promise<ApplyResponse>;
    /**
     * think asks an agent for a move. opts.signal cancels it: the promise
     * rejects with code "aborted" and the search stops (the wasm worker on
     * it is ended and replaced).
     * @param {ThinkRequest} req @param {CallOptions} [opts] @returns {Promise<ThinkResponse>}
     */
    think(req: ThinkRequest, opts?: CallOptions): Promise<ThinkResponse>;
    /** @param {RecordRequest} req @returns {Promise<RecordResponse>} */
    record(req: RecordRequest): Promise<RecordResponse>;
    /** @param {ReplayRequest} req @returns {Promise<ReplayResponse>} */
    replay(req: ReplayRequest): Promise<ReplayResponse>;
    /** Ends the worker (wasm); later calls start a new one. */
    close(): void;
}
/**
 * a game's notation name (GamesResponse.games[].name)
 */
export type GameName = "kiothi" | "kisolo" | "kimasai";
/**
 * an agent kind of the API (GamesResponse.agents)
 */
export type AgentName = "random" | "alphabeta" | "mcts" | "mcts-eval";
/**
 * a level's name in some
 *   game's ladder (GameInfo.levels; a game has some of them), matched in any case
 */
export type LevelName = "Beginner" | "Novice" | "Casual" | "Intermediate" | "Strong" | "Expert" | "Master";
/**
 * a
 *   think's agent, an agent spec (docs/wire.md): a kind (its budget from the request's fields), a kind with its
 *   own budget ("alphabeta:4", "mcts-eval:500"), a game's level by name or number ("level:casual",
 *   "level:2") or a level's bare name ("Casual")
 */
export type AgentText = AgentName | `${AgentName}:${string}` | `level:${string}` | LevelName | Lowercase<LevelName>;
/**
 * the kind of a MoveEvent (docs/wire.md, Events)
 */
export type EventKind = "lift" | "relay" | "drop" | "capture" | "reserve" | "sweep" | "nkiset" | "nkiclear" | "end";
/**
 * the code of a MancalaError
 */
export type ErrorCode = "bad_request" | "syntax" | "illegal" | "game_over" | "too_large" | "method_not_allowed" | "not_found" | "timeout" | "busy" | "internal" | "network" | "aborted" | "unsupported";
export type Words = {
    seed: string;
    capture: string;
    store: string;
    reserve: string;
};
export type RuleOption = {
    name: string;
    kind: "enum" | "bool" | "int";
    values: string[];
    min: number;
    max: number;
    default: string;
    clause: string;
    doc: string;
};
export type PitInfo = {
    name: string;
    index: number;
    row: number;
    file: number;
    owner: "S" | "N";
    inner: boolean;
};
export type Layout = {
    rows: number;
    files: number;
    pits: PitInfo[];
    sharedRing: boolean;
    direction: string;
    circuits: {
        S: string[];
        N: string[];
    };
    stores: string[];
    reserves: string[];
};
export type AgentSpec = {
    agent: AgentText;
    depth?: number;
    nodes?: number;
    iterations?: number;
    timeMs?: number;
};
export type Level = {
    name: string;
    rating?: number;
    agent: AgentSpec;
};
export type GameInfo = {
    name: GameName;
    title: string;
    counter: string;
    words: Words;
    options: RuleOption[];
    start: string;
    layout: Layout;
    levels?: Level[];
};
export type LimitsInfo = {
    maxBody: number;
    maxEvents: number;
    maxDepth: number;
    maxIterations: number;
    maxTimeMs: number;
    maxRecordMoves: number;
};
export type GamesResponse = {
    games: GameInfo[];
    agents: AgentName[];
    limits: LimitsInfo;
};
export type StateRequest = {
    game?: GameName;
    rules?: string;
    position?: string;
};
export type Pit = PitInfo & {
    seeds: number;
    nki: boolean;
};
export type Sides = {
    S: number;
    N: number;
};
export type LegalMove = {
    text: string;
    kind: "sow" | "capture" | "lift" | "drop" | "stop" | "move";
    pit: string;
    index: number;
    count: number;
};
export type Opening = {
    step: "lift" | "drop";
    hand: number;
    lifted: string[];
    dropFrom: string;
    pits: string[];
    canStop: boolean;
};
export type Outcome = {
    status: "ongoing" | "win" | "draw";
    winner?: "S" | "N";
    reason?: string;
    result: string;
    score?: Sides;
    text?: string;
};
export type State = {
    game: GameName;
    title: string;
    rules: string;
    position: string;
    toMove: "S" | "N";
    turn: number;
    layout: Layout;
    pits: Pit[];
    stores?: Sides;
    reserves?: Sides;
    hand: number;
    total: number;
    phase?: number;
    opening?: Opening;
    legal: string[];
    moves: LegalMove[];
    outcome: Outcome;
    diagram: string;
    words: Words;
};
export type ApplyRequest = {
    game?: GameName;
    position: string;
    move: string;
    start?: string;
    moves?: string[];
};
export type MoveEvent = {
    kind: EventKind;
    from: string;
    to: string;
    count: number;
    reason?: "empty" | "nextempty" | "inner" | "endless" | "step";
};
export type ApplyResponse = {
    move: string;
    after: State;
    events: MoveEvent[];
    eventCount: number;
    truncated: boolean;
    summary: string;
};
export type ThinkRequest = {
    game?: GameName;
    position: string;
    agent: AgentText;
    depth?: number;
    nodes?: number;
    iterations?: number;
    seed?: number;
    timeMs?: number;
};
export type ThinkResponse = {
    move: string;
    agent: AgentName;
    value?: number;
    depth?: number;
    nodes?: number;
    line?: string[];
    visits?: number;
    iterations?: number;
    winRate?: number;
    elapsedMs: number;
};
export type RecordRequest = {
    game?: GameName;
    rules?: string;
    start?: string;
    moves: string[];
    south?: string;
    north?: string;
    date?: string;
};
export type RecordResponse = {
    record: string;
    result: string;
    final: string;
};
export type ReplayRequest = {
    record: string;
};
export type ReplayResponse = {
    game: GameName;
    rules: string;
    start: string;
    moves: string[];
    positions: string[];
    result: string;
    headers: {
        key: string;
        value: string;
    }[];
};
export type RawAnswer = {
    status: number;
    body: string;
};
/**
 * bytes of mancala.wasm loaded, and its size
 * (0 when unknown)
 */
export type Progress = {
    loaded: number;
    total: number;
};
export type CallOptions = {
    signal?: AbortSignal;
};
export type Options = {
    backend?: "wasm" | "http";
    base?: string;
    worker?: string | URL;
    timeoutMs?: number;
    onProgress?: (p: Progress) => void;
};
