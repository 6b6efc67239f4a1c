// The types of the JSON protocol's messages (docs/wire.md), derived from
// docs/wire.schema.json by examples/web's TestProtocolTypes
// (go test ./examples/web -run TestProtocolTypes -update-protocol); do not edit.
export type AgentSpec = {
    agent: string;
    depth?: number;
    iterations?: number;
    nodes?: number;
    seed?: number;
    timeMs?: number;
};
export type ApplyRequest = {
    game?: string;
    move: string;
    moves?: string[];
    position: string;
    start?: string;
};
export type ApplyResponse = {
    after: State;
    eventCount: number;
    events: Event[];
    move: string;
    summary: string;
    truncated: boolean;
};
export type BatchLimitsInfo = {
    maxPerftDepth: number;
    maxPerftNodes: number;
    maxPlayoutPlies: number;
    maxPlayouts: number;
    maxSelfplayGames: number;
    maxSelfplayPlies: number;
    maxTimeMs: number;
};
export type Circuits = {
    N: string[];
    S: string[];
};
export type DivideCount = {
    move: string;
    nodes: number;
};
export type EngineInfo = {
    batch: BatchLimitsInfo;
    commands: string[];
    maxLine: number;
};
export type Error = {
    code: "bad_request" | "busy" | "elsewhere" | "game_over" | "illegal" | "internal" | "method_not_allowed" | "not_found" | "syntax" | "timeout" | "too_large";
    error: string;
};
export type Event = {
    count: number;
    from: string;
    kind: "lift" | "relay" | "drop" | "capture" | "reserve" | "sweep" | "nkiset" | "nkiclear" | "end";
    reason?: "empty" | "nextempty" | "inner" | "endless" | "step";
    to: string;
};
export type GameInfo = {
    counter: string;
    layout: Layout;
    levels: Level[];
    name: string;
    options: RuleOption[];
    start: string;
    title: string;
    words: Words;
};
export type GamesResponse = {
    agents: string[];
    games: GameInfo[];
    limits: LimitsInfo;
};
export type Header = {
    key: string;
    value: string;
};
export type Layout = {
    circuits: Circuits;
    direction: "counterclockwise" | "clockwise";
    files: number;
    pits: PitInfo[];
    reserves: string[];
    rows: number;
    sharedRing: boolean;
    stores: string[];
};
export type LegalMove = {
    count: number;
    index: number;
    kind: "sow" | "capture" | "lift" | "drop" | "stop" | "move";
    pit: string;
    text: string;
};
export type Level = {
    agent: LevelAgent;
    name: string;
    rating: number;
};
export type LevelAgent = {
    agent: string;
    depth?: number;
    iterations?: number;
    nodes?: number;
    timeMs?: number;
};
export type LimitsInfo = {
    maxBody: number;
    maxDepth: number;
    maxEvents: number;
    maxIterations: number;
    maxRecordMoves: number;
    maxTimeMs: number;
};
export type LineGamesResponse = {
    agents: string[];
    engine: EngineInfo;
    games: GameInfo[];
    limits: LimitsInfo;
};
export type Opening = {
    canStop: boolean;
    dropFrom: string;
    hand: number;
    lifted: string[];
    pits: string[];
    step: "lift" | "drop";
};
export type Outcome = {
    reason?: string;
    result: string;
    score?: Sides;
    status: "ongoing" | "win" | "draw";
    text?: string;
    winner?: "S" | "N";
};
export type PerftRequest = {
    depth: number;
    divide?: boolean;
    game?: string;
    position?: string;
    rules?: string;
};
export type PerftResponse = {
    counts: number[];
    divide?: DivideCount[];
    elapsedMs: number;
    position: string;
};
export type Pit = {
    file: number;
    index: number;
    inner: boolean;
    name: string;
    nki: boolean;
    owner: "S" | "N";
    row: number;
    seeds: number;
};
export type PitInfo = {
    file: number;
    index: number;
    inner: boolean;
    name: string;
    owner: "S" | "N";
    row: number;
};
export type PlayoutsRequest = {
    first?: number;
    game?: string;
    maxPlies?: number;
    n: number;
    perGame?: boolean;
    position?: string;
    rules?: string;
    seed?: number;
};
export type PlayoutsResponse = {
    draws: number;
    elapsedMs: number;
    endless: number;
    first: number;
    gamePlies?: number[];
    gameResults?: string[];
    games: number;
    incomplete: boolean;
    north: number;
    plies: number;
    results: { [key: string]: number };
    south: number;
    unfinished: number;
};
export type RecordRequest = {
    date?: string;
    game?: string;
    moves: string[];
    north?: string;
    rules?: string;
    south?: string;
    start?: string;
};
export type RecordResponse = {
    final: string;
    record: string;
    result: string;
};
export type ReplayRequest = {
    record: string;
};
export type ReplayResponse = {
    game: string;
    headers: Header[];
    moves: string[];
    positions: string[];
    result: string;
    rules: string;
    start: string;
};
export type RuleOption = {
    clause: string;
    default: string;
    doc: string;
    kind: "enum" | "bool" | "int";
    max: number;
    min: number;
    name: string;
    values: string[];
};
export type SelfplayRequest = {
    first?: number;
    game?: string;
    maxPlies?: number;
    n: number;
    north: AgentSpec;
    position?: string;
    rules?: string;
    seed?: number;
    south: AgentSpec;
};
export type SelfplayResponse = {
    draws: number;
    elapsedMs: number;
    first: number;
    gamePlies: number[];
    games: number;
    incomplete: boolean;
    north: number;
    plies: number;
    records: string[];
    results: string[];
    south: number;
    unfinished: number;
};
export type Sides = {
    N: number;
    S: number;
};
export type State = {
    diagram: string;
    game: string;
    hand: number;
    layout: Layout;
    legal: string[];
    moves: LegalMove[];
    opening?: Opening;
    outcome: Outcome;
    phase?: number;
    pits: Pit[];
    position: string;
    reserves?: Sides;
    rules: string;
    stores?: Sides;
    title: string;
    toMove: "S" | "N";
    total: number;
    turn: number;
    words: Words;
};
export type StateRequest = {
    game?: string;
    position?: string;
    rules?: string;
};
export type ThinkRequest = {
    agent: string;
    depth?: number;
    game?: string;
    iterations?: number;
    nodes?: number;
    position: string;
    seed?: number;
    timeMs?: number;
};
export type ThinkResponse = {
    agent: string;
    depth?: number;
    elapsedMs: number;
    iterations?: number;
    line?: string[];
    move: string;
    nodes?: number;
    outcome?: "win" | "draw" | "loss";
    value?: number;
    visits?: number;
    winRate?: number;
};
export type Words = {
    capture: string;
    reserve: string;
    seed: string;
    store: string;
};
