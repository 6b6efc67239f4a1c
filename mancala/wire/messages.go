package wire

// The messages of the API, in the order of the endpoints. Every request
// and response is a JSON object with the field names given by the json
// tags; the package documentation shows an example of each.

// Words are a game's terms for messages (mancala.Words): its counter
// ("warrior", "seed", "cow"), capture ("capture", "raid"), store ("prison",
// "" without stores) and reserve ("reserve", "" without reserves).
type Words struct {
	Seed    string `json:"seed"`
	Capture string `json:"capture"`
	Store   string `json:"store"`
	Reserve string `json:"reserve"`
}

// RuleOption describes one rule option as a front end offers it
// (mancala.RuleOption): Name as written in rules= ("Columns"), Kind
// "enum", "bool" or "int", the allowed Values (enum names, "false" and
// "true", or every int of a short range; empty for a long int range, then
// Min..Max), the Default as written, the rule Clause ("KS-1") and one line
// of Doc.
type RuleOption struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Values  []string `json:"values"`
	Min     int      `json:"min"`
	Max     int      `json:"max"`
	Default string   `json:"default"`
	Clause  string   `json:"clause"`
	Doc     string   `json:"doc"`
}

// PitInfo is one pit of a board: its algebraic Name seen from South's seat
// ("a1", "b10"), its Index along the sowing circuits (docs/design.md,
// "Board numbering"), its Row (0 = "a", nearest South) and File (1 =
// South's left), its Owner ("S" or "N") and whether it is in an Inner row
// of a four-row board.
type PitInfo struct {
	Name  string `json:"name"`
	Index int    `json:"index"`
	Row   int    `json:"row"`
	File  int    `json:"file"`
	Owner string `json:"owner"`
	Inner bool   `json:"inner"`
}

// Circuits are the pits each player sows round, by name, in sowing order
// from the player's first pit: the order of legal moves.
type Circuits struct {
	S []string `json:"S"`
	N []string `json:"N"`
}

// Layout is a board's topology (mancala.Layout): Rows (2 or 4) and Files,
// every pit in index order, whether both players sow one SharedRing
// (Kiothi), the Direction seeds travel seen from above with South at the
// bottom ("counterclockwise" or "clockwise"), each player's Circuits, and
// the places off the board: Stores ("store:S", "store:N", Kiothi's
// prisons) and Reserves ("reserve:S", "reserve:N", Bao la Kimasai), empty
// lists for games without them.
type Layout struct {
	Rows       int       `json:"rows"`
	Files      int       `json:"files"`
	Pits       []PitInfo `json:"pits"`
	SharedRing bool      `json:"sharedRing"`
	Direction  string    `json:"direction"`
	Circuits   Circuits  `json:"circuits"`
	Stores     []string  `json:"stores"`
	Reserves   []string  `json:"reserves"`
}

// GameInfo describes one game in [GamesResponse]: its notation Name
// ("kisolo"), Title ("Kisolo"), Counter word ("seed"; the same as
// Words.Seed), Words, rule Options sorted by name, the Start position of
// the default rules and the Layout of that start (a state carries the
// layout of its own rules, such as Kisolo's Columns), and the game's
// strength Levels, weakest first ([Levels]).
type GameInfo struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Counter string       `json:"counter"`
	Words   Words        `json:"words"`
	Options []RuleOption `json:"options"`
	Start   string       `json:"start"`
	Layout  Layout       `json:"layout"`
	Levels  []Level      `json:"levels"`
}

// LimitsInfo reports the service's [Limits] to clients: the body limit in
// bytes, the most events an apply returns, the think caps (depth in plies,
// MCTS iterations, time in milliseconds) and the most moves of a record.
type LimitsInfo struct {
	MaxBody        int64 `json:"maxBody"`
	MaxEvents      int   `json:"maxEvents"`
	MaxDepth       int   `json:"maxDepth"`
	MaxIterations  int   `json:"maxIterations"`
	MaxTimeMs      int64 `json:"maxTimeMs"`
	MaxRecordMoves int   `json:"maxRecordMoves"`
}

// GamesResponse answers GET /api/v1/games: every game of the service in
// the order it was given, the Agents that think accepts ("random",
// "alphabeta", "mcts") and the Limits.
type GamesResponse struct {
	Games  []GameInfo `json:"games"`
	Agents []string   `json:"agents"`
	Limits LimitsInfo `json:"limits"`
}

// StateRequest asks POST /api/v1/state for the state of Position (a
// position line in the notation of docs/notation.md), or, without a
// position, for the standard start of Game under Rules (as in a position's
// rules= field, "" for the defaults). With a position, Game may be given
// and must then be the position's game, and Rules must be empty (the
// position carries its rules).
type StateRequest struct {
	Game     string `json:"game,omitempty"`
	Rules    string `json:"rules,omitempty"`
	Position string `json:"position,omitempty"`
}

// Pit is one pit of a state: [PitInfo] and the Seeds in it, and whether it
// is Nki (a protected Kiothi pit, KI-8; always false in the other games).
type Pit struct {
	PitInfo
	Seeds int  `json:"seeds"`
	Nki   bool `json:"nki"`
}

// Sides holds one number per player: S for South, N for North.
type Sides struct {
	S int `json:"S"`
	N int `json:"N"`
}

// LegalMove is one legal move of a state with what a front end needs to
// map a click to it: its Text in the game's notation ("b3", "xb3",
// "a5:3", "-a5", "+b3", "="), its Kind ("sow", "capture", "lift", "drop",
// "stop"; "move" for a text this package does not know), the Pit it is
// played from or into (its name, "" for Stop) and that pit's Index (-1
// without a pit), and for a Kiothi sowing move the Count of warriors
// lifted (0 otherwise).
type LegalMove struct {
	Text  string `json:"text"`
	Kind  string `json:"kind"`
	Pit   string `json:"pit"`
	Index int    `json:"index"`
	Count int    `json:"count"`
}

// Opening is the state of a Kiothi opening turn (KI-6, KI-7), present only
// while turn < 2: the Step the player to move takes next ("lift" while
// emptying pits, "drop" while placing the hand), the warriors in Hand, the
// pits Lifted so far this turn (while lifting), the DropFrom pit (while
// dropping: the lowest pit, in the mover's ring order, the next drop may
// use), the Pits the next step may use, and CanStop when Stop ("=") is
// legal.
type Opening struct {
	Step     string   `json:"step"`
	Hand     int      `json:"hand"`
	Lifted   []string `json:"lifted"`
	DropFrom string   `json:"dropFrom"`
	Pits     []string `json:"pits"`
	CanStop  bool     `json:"canStop"`
}

// Outcome is whether a game goes on or how it ended: Status "ongoing",
// "win" or "draw"; the Winner ("S" or "N", wins only); the Reason as in
// result= ("nomove", "inner", "selfinner", "outer", "endless", "turnlimit"; "" while
// ongoing); Result, the result= text ("S:inner", "draw:endless", "*"
// while ongoing); the final Score where the game keeps one (Kiothi's
// prisons after the sweep, KI-15), else absent; and Text, the result in
// plain words ("South wins: North's inner row is empty"; "" while
// ongoing).
type Outcome struct {
	Status string `json:"status"`
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
	Result string `json:"result"`
	Score  *Sides `json:"score,omitempty"`
	Text   string `json:"text,omitempty"`
}

// State is everything a front end needs to draw a position and take the
// next move without knowing the game (docs/wire.md, "State", describes
// every field): the position and its rules, who is to move, the board's
// layout and the seeds of every pit, store, reserve and hand, the phase
// or opening step where the game has one, the legal moves as text and
// described, the outcome, the game's text diagram and words. A state
// holds no history: the client keeps its list of positions.
type State struct {
	Game     string      `json:"game"`
	Title    string      `json:"title"`
	Rules    string      `json:"rules"`
	Position string      `json:"position"`
	ToMove   string      `json:"toMove"`
	Turn     int         `json:"turn"`
	Layout   Layout      `json:"layout"`
	Pits     []Pit       `json:"pits"`
	Stores   *Sides      `json:"stores,omitempty"`
	Reserves *Sides      `json:"reserves,omitempty"`
	Hand     int         `json:"hand"`
	Total    int         `json:"total"`
	Phase    int         `json:"phase,omitempty"`
	Opening  *Opening    `json:"opening,omitempty"`
	Legal    []string    `json:"legal"`
	Moves    []LegalMove `json:"moves"`
	Outcome  Outcome     `json:"outcome"`
	Diagram  string      `json:"diagram"`
	Words    Words       `json:"words"`
}

// ApplyRequest asks POST /api/v1/apply to play Move (the game's notation)
// in Position. Game, if given, must be the position's game. Start and
// Moves (at most Limits.MaxRecordMoves) are the game's history for the
// repetition rule C-10: the Moves from Start must lead to Position; a
// Move that makes a position for the third time under Repetition:Three
// ends the game (docs/wire.md, "The game's history").
type ApplyRequest struct {
	Game     string   `json:"game,omitempty"`
	Position string   `json:"position"`
	Move     string   `json:"move"`
	Start    string   `json:"start,omitempty"`
	Moves    []string `json:"moves,omitempty"`
}

// Event is one step of a move's trace (docs/wire.md, "Events"; replayed
// on the old state's counts it gives the new state's): Count seeds of
// Kind ("lift", "relay", "drop", "capture", "reserve", "sweep", "nkiset",
// "nkiclear" or "end") go From one place To another (a pit's name,
// "hand", "store:S", "reserve:N", ...); "end" gives the Reason the move
// stopped ("empty", "nextempty", "inner", "endless" or "step").
type Event struct {
	Kind   string `json:"kind"`
	From   string `json:"from"`
	To     string `json:"to"`
	Count  int    `json:"count"`
	Reason string `json:"reason,omitempty"`
}

// ApplyResponse answers an apply: the Move as the game writes it, the
// state After it, its Events in order, always ending with the "end" event
// (at most Limits.MaxEvents of them: when the move had more, Events holds
// the first MaxEvents-1 and the end, and Truncated is true), EventCount,
// the number of events of the whole move, and Summary, the move in plain
// words with the game's terms ("1 lap, 3 seeds sown; 1 capture took 6
// seeds (c1, d1)").
type ApplyResponse struct {
	Move       string  `json:"move"`
	After      State   `json:"after"`
	Events     []Event `json:"events"`
	EventCount int     `json:"eventCount"`
	Truncated  bool    `json:"truncated"`
	Summary    string  `json:"summary"`
}

// ThinkRequest asks POST /api/v1/think for the computer's move in
// Position. Agent is an agent spec (docs/wire.md, "Agent specs":
// "alphabeta", "mcts-eval:500", "level:master"); with a bare kind the
// other fields are its budget, 0 for the default: AlphaBeta's Depth in
// plies (1..Limits.MaxDepth) and Nodes (1..agent.MaxNodes), MCTS's
// Iterations (1..Limits.MaxIterations), the Seed of random and mcts, and
// TimeMs (1..Limits.MaxTime, in ms). Within its time a search is
// reproducible.
type ThinkRequest struct {
	Game       string `json:"game,omitempty"`
	Position   string `json:"position"`
	Agent      string `json:"agent"`
	Depth      int    `json:"depth,omitempty"`
	Nodes      int64  `json:"nodes,omitempty"`
	Iterations int    `json:"iterations,omitempty"`
	Seed       uint64 `json:"seed,omitempty"`
	TimeMs     int64  `json:"timeMs,omitempty"`
}

// ThinkResponse answers a think (docs/wire.md, "Think's answer"): the
// Move and the Agent kind that chose it; AlphaBeta's Value for the player
// to move in the evaluation's unit (seeds; a forced win as
// agent.WinValue + agent.MarginWeight × the final margin − the plies to
// the end, a loss its negation), Outcome ("win", "draw" or "loss"
// when proven), Depth in plies, Nodes and Line (the principal variation
// from Move on); MCTS's Visits of Move, Iterations and WinRate (0..1, a
// draw one half); and ElapsedMs.
type ThinkResponse struct {
	Move       string   `json:"move"`
	Agent      string   `json:"agent"`
	Value      *int     `json:"value,omitempty"`
	Outcome    string   `json:"outcome,omitempty"`
	Depth      int      `json:"depth,omitempty"`
	Nodes      int64    `json:"nodes,omitempty"`
	Line       []string `json:"line,omitempty"`
	Visits     int      `json:"visits,omitempty"`
	Iterations int      `json:"iterations,omitempty"`
	WinRate    *float64 `json:"winRate,omitempty"`
	ElapsedMs  int64    `json:"elapsedMs"`
}

// RecordRequest asks POST /api/v1/record to write a game record
// (mancala/record): the Start position, or without it the standard start
// of Game under Rules, the Moves played from it in order (at most
// Limits.MaxRecordMoves), and optional South and North player names and a
// Date (YYYY-MM-DD).
type RecordRequest struct {
	Game  string   `json:"game,omitempty"`
	Rules string   `json:"rules,omitempty"`
	Start string   `json:"start,omitempty"`
	Moves []string `json:"moves"`
	South string   `json:"south,omitempty"`
	North string   `json:"north,omitempty"`
	Date  string   `json:"date,omitempty"`
}

// RecordResponse is the Record text, the game's Result ("*" while
// unfinished) and the Final position.
type RecordResponse struct {
	Record string `json:"record"`
	Result string `json:"result"`
	Final  string `json:"final"`
}

// ReplayRequest asks POST /api/v1/replay to read a game Record (or a
// single position line: it is then a game of no moves from it).
type ReplayRequest struct {
	Record string `json:"record"`
}

// Header is one header line of a record: [Key "Value"].
type Header struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ReplayResponse is a record read and replayed: its Game, Rules, Start
// position, Moves as the game writes them, the Positions before the first
// move and after each (len(Moves)+1 of them), the Result and the record's
// Headers in order.
type ReplayResponse struct {
	Game      string   `json:"game"`
	Rules     string   `json:"rules"`
	Start     string   `json:"start"`
	Moves     []string `json:"moves"`
	Positions []string `json:"positions"`
	Result    string   `json:"result"`
	Headers   []Header `json:"headers"`
}

// LineGamesResponse is the line protocol's answer to games: the HTTP
// API's [GamesResponse] and what only the line protocol has.
type LineGamesResponse struct {
	GamesResponse
	Engine EngineInfo `json:"engine"`
}

// EngineInfo tells a line client the session's own limits: the longest
// request line in bytes, the commands of the line protocol in order, and
// the batch limits.
type EngineInfo struct {
	MaxLine  int             `json:"maxLine"`
	Commands []string        `json:"commands"`
	Batch    BatchLimitsInfo `json:"batch"`
}
