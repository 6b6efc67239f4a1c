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
     *   ready: (game?: string) => Promise<void>, close: () => void}} b
     * @param {'wasm'|'http'} backend
     */
    constructor(b: {
        raw: (cmd: string, body: string | undefined, signal?: AbortSignal) => Promise<RawAnswer>;
        ready: (game?: string) => Promise<void>;
        close: () => void;
    }, backend: "wasm" | "http");
    b: {
        raw: (cmd: string, body: string | undefined, signal?: AbortSignal) => Promise<RawAnswer>;
        ready: (game?: string) => Promise<void>;
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
     * has started (starting it if need be) and, given a game, once that
     * game's rules (its wasm file) are loaded, or rejects with a MancalaError
     * (code "network") when it cannot; for http at once. A game's file
     * otherwise loads at the first request for the game; ready(game) loads
     * it ahead (a name that is no game's loads the first game's).
     * @param {GameName} [game]
     * @returns {Promise<void>}
     */
    ready(game?: GameName): Promise<void>;
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
 * the code of a
 *   MancalaError: the API's codes, and the client's own
 */
export type ErrorCode = import("./protocol.js").Error["code"] | "network" | "aborted" | "unsupported";
/**
 * the kind of a MoveEvent (docs/wire.md, Events)
 */
export type EventKind = MoveEvent["kind"];
/**
 * The messages are protocol.d.ts's types (derived from docs/wire.schema.json, which is generated from
 * mancala/wire's Go types: TestProtocolTypes), none written here, with the names narrowed: a member
 * "game" is a GameName, a string member "agent" an AgentText and "agents" a list of AgentName.
 */
export type Named<T> = T extends (infer E)[] ? Named<E>[] : T extends object ? { [K in keyof T]: K extends "game" ? GameName : K extends "agents" ? AgentName[] : K extends "agent" ? (T[K] extends string ? AgentText : Named<T[K]>) : Named<T[K]>; } : T;
export type Words = Named<import("./protocol.js").Words>;
export type RuleOption = Named<import("./protocol.js").RuleOption>;
export type PitInfo = Named<import("./protocol.js").PitInfo>;
export type Layout = Named<import("./protocol.js").Layout>;
export type AgentSpec = Named<import("./protocol.js").LevelAgent>;
export type Level = Named<import("./protocol.js").Level>;
export type GameInfo = Named<import("./protocol.js").GameInfo>;
export type LimitsInfo = Named<import("./protocol.js").LimitsInfo>;
export type GamesResponse = Named<import("./protocol.js").GamesResponse>;
export type StateRequest = Named<import("./protocol.js").StateRequest>;
export type Pit = Named<import("./protocol.js").Pit>;
export type Sides = Named<import("./protocol.js").Sides>;
export type LegalMove = Named<import("./protocol.js").LegalMove>;
export type Opening = Named<import("./protocol.js").Opening>;
export type Outcome = Named<import("./protocol.js").Outcome>;
export type State = Named<import("./protocol.js").State>;
export type ApplyRequest = Named<import("./protocol.js").ApplyRequest>;
export type MoveEvent = Named<import("./protocol.js").Event>;
export type ApplyResponse = Named<import("./protocol.js").ApplyResponse>;
export type ThinkRequest = Named<import("./protocol.js").ThinkRequest>;
export type ThinkResponse = Named<import("./protocol.js").ThinkResponse>;
export type RecordRequest = Named<import("./protocol.js").RecordRequest>;
export type RecordResponse = Named<import("./protocol.js").RecordResponse>;
export type ReplayRequest = Named<import("./protocol.js").ReplayRequest>;
export type ReplayResponse = Named<import("./protocol.js").ReplayResponse>;
export type RawAnswer = {
    status: number;
    body: string;
};
/**
 * bytes loaded of a game's wasm file (mancala-GAME.wasm), and its size
 * (0 when unknown)
 */
export type Progress = {
    game?: GameName;
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
