/*
 * mancala_env.h: the C ABI of go-mancala (ABI 2): the rules of its games,
 * their learning environments (Go package mancala/env) and their agents
 * (mancala/agent), for every language that can call C: the Python
 * package's one road to the rules, and any other binding.
 *
 * Stability: stable within an ABI version (see "ABI versions" below).
 *
 * Build (Go 1.24+ and a C compiler, cgo enabled), from the module's root:
 *
 *     go run ./internal/cmd/buildcabi -o DIR
 *
 * which writes DIR/libmancala_env.so.2 and the link DIR/libmancala_env.so.
 * The library's SONAME is libmancala_env.so.2, and it exports only the
 * mancala_* functions below: buildcabi passes the linker version script
 * and the SONAME (cgo refuses them in a #cgo line), -trimpath, and the
 * build id of the sources. A plain go build -buildmode=c-shared of
 * ./mancala/env/cabi also gives a working library, but one that exports
 * cgo's own symbols too, has no SONAME and reports no build id. The build also
 * writes libmancala_env.h, cgo's own declarations of the same functions;
 * include THIS header, which documents them (CI checks that both declare
 * the same functions with the same parameter types). Linux is the
 * platform built and tested.
 *
 * ------------------------------------------------------------------------
 * ABI versions
 * ------------------------------------------------------------------------
 *
 * MANCALA_ABI_VERSION changes (and with it the SONAME's number) when a
 * program built against an older header could misbehave with a newer
 * library: a function removed or renamed, a parameter or return type or
 * its meaning changed, a struct's layout changed, a constant's value
 * changed or reused. Adding a function, a status code, a constant or a
 * game does not change it (a binding that needs the addition looks the
 * symbol up, or checks mancala_version). The library answers
 * mancala_abi_version; a binding compares it with the number it was
 * written for and refuses a mismatch. mancala_build_id identifies the
 * exact sources a library was built from, for bindings that ship a
 * library beside their own code.
 *
 * ------------------------------------------------------------------------
 * Conventions
 * ------------------------------------------------------------------------
 *
 * Handles. Environments, vector environments and agents are typed
 * handles: small structs holding one int64 id (> 0), passed by value
 * (mancala_env, mancala_vec, mancala_agent). A handle of one kind cannot
 * be passed where another is wanted without a cast, and ids are never
 * reused within a process, so a freed handle is always detected (unlike a
 * pointer, whose address malloc may hand out again). A freed, never-made
 * or wrong-kind handle (an id made as another kind) gives MANCALA_E_HANDLE
 * and changes nothing. The zero handle ({0}) is never a handle.
 *
 * Status codes. Every function but the few that answer a number or a
 * static text returns an int32 status: MANCALA_OK (0) on success, else one
 * of the MANCALA_E_* codes below. On an error the handle's state is
 * unchanged (nothing is stepped, reset or set); output buffers may have
 * been partly written. mancala_status_text names a code.
 *
 * Last error. The message of the last call on a handle is read with
 * mancala_env_error (mancala_vec_error, mancala_agent_error): the failed
 * call's message, or "" when the last call on the handle succeeded (a
 * call that succeeds clears it; the *_error and *_cancel calls leave it).
 * A failed *_new writes its message into the caller's err buffer instead.
 *
 * No panic crosses the ABI: a Go panic inside a call is recovered and
 * returned as MANCALA_E_INTERNAL with its message.
 *
 * Buffers are the caller's: the library writes into them during a call
 * and keeps no pointer after it returns. Every array is C-contiguous
 * (row-major). Every buffer comes with its capacity (cap), counted in
 * elements, not bytes; a buffer shorter than the call needs gives
 * MANCALA_E_BUFFER before anything changes, never an overrun. An output
 * pointer documented as optional may be NULL (nothing written there; its
 * cap is then ignored).
 *
 * Text. Inputs are NUL-terminated UTF-8 (at most 1 MiB). Text outputs
 * are written as (char *buf, int32_t cap, int32_t *len): *len receives
 * the text's length in bytes without the NUL (always, when len is not
 * NULL); the text and a NUL are written when cap > *len, else
 * MANCALA_E_BUFFER is returned and buf is untouched (call again with a
 * buffer of *len + 1 bytes).
 *
 * Threads. Distinct handles may be used from different threads at the
 * same time. Calls on one handle are serialised by a lock inside the
 * library (safe, but not parallel), except *_cancel, which never waits
 * for it. A vector environment's step spreads its environments over the
 * process's cores itself (Go goroutines).
 *
 * Cancel. A call that searches (mancala_agent_think, or a reset or step
 * whose opponent searches) can be stopped from another thread with
 * mancala_env_cancel (mancala_vec_cancel, mancala_agent_cancel) on the
 * same handle: the running call then returns MANCALA_E_CANCELLED
 * promptly (the searches poll for it every few thousand positions, well
 * within 50 ms) and the environment is exactly as before the call (its
 * positions, plies and episodes; a vector call's output buffers in its
 * batch may have been partly written, as on any error: read the state
 * again with mancala_vec_observe before using them). The
 * opponent's or agent's own state may have moved on (its random stream,
 * its transposition table), so the replies after a cancelled call need
 * not be those of a run without it. A cancel reaches only a call in
 * progress on the handle: with none it does nothing. A caller that may
 * cancel before the call it means has started (a watcher thread) repeats
 * the cancel until that call has returned.
 *
 * fork(). The Go runtime does NOT survive fork(): a child forked from a
 * process that has loaded this library must not call into it (it may hang
 * on its first call or later, at a garbage collection). Load the library
 * in the process that uses it (after any fork), or use spawn/forkserver
 * start methods. The library does not detect a fork itself.
 *
 * Limits. Every agent spec the library accepts (opponents, agents) is
 * checked against one set of limits, mancala/agent.DefaultLimits (the same
 * as the JSON service and the tournament program apply): alphabeta depth
 * at most 10 plies, MCTS at most 100000 iterations and 8 workers, a time
 * budget at most 2 s a move; mancala_limits answers them. A spec over them
 * gives MANCALA_E_LIMIT at creation, the limit named in the message.
 *
 * ------------------------------------------------------------------------
 * The environment (docs/env.md has the full specification)
 * ------------------------------------------------------------------------
 *
 * Games: mancala_game_count and mancala_game_name list them ("kisolo",
 * "kiothi", "kimasai"). Rules: the text of a position's rules= field (""
 * or NULL for the defaults, e.g. "Columns:8").
 *
 * Action ids: int32 in [0, actions), relative to the player to move
 * (docs/design.md, "Action ids"). actions is fixed for a whole game.
 *
 * Observation: float32 values, obs_len of them, all small integers
 * (seed counts 0..T, flags 0/1, a phase 1..2), from one SEAT: the board
 * turned so that the seat sits in South's place, that seat's pits first.
 * Layout, names and inclusive bounds: mancala_env_obs_names and
 * mancala_env_obs_bounds (and docs/env.md). Observation seats:
 * MANCALA_SEAT_SOUTH, MANCALA_SEAT_NORTH, MANCALA_SEAT_MOVER (the player
 * to move), MANCALA_SEAT_BOTH (South's view then North's, 2 * obs_len
 * values).
 *
 * Mask: uint8, actions of them, 1 where the action id is legal for the
 * player to move, else 0; all 0 once the game is over. Legal ids: the
 * action ids whose mask is 1, in increasing order.
 *
 * Rewards: +1 to the winner and -1 to the loser of a game that ended in
 * the step, 0 otherwise (a draw, a truncation, a step that did not end the
 * game).
 *
 * terminated: the game ended (by its rules). truncated: the episode
 * reached the horizon (plies played since the reset, both players'
 * plies, the opponent's included) without the game ending. Never both.
 *
 * Opponent: NULL or "" for self-play (the actions play whoever is to
 * move); otherwise any agent spec as mancala/agent.ParseSpec reads it
 * ("random", "alphabeta:2", "mcts:200", "mcts-eval:500:workers=2",
 * "level:casual", "Expert"; a level is one of the game's levels, a seed
 * given in the spec is added to the environment's seed), that plays
 * every ply of the seat other than the agent's inside reset and step, in
 * the library's process. An episode then always starts and continues with
 * the agent to move (the opponent's opening plies are played in the
 * reset, whatever the horizon).
 *
 * Agent seat (with an opponent): MANCALA_SEAT_SOUTH, MANCALA_SEAT_NORTH,
 * and for a vector environment MANCALA_SEAT_ALTERNATE: environment i
 * plays South for even i, North for odd i. Without an opponent pass
 * MANCALA_SEAT_NONE.
 *
 * Horizon: plies; 0 for the game's own horizon (mancala.Descriptor's
 * Horizon: Kisolo 300, 400 for Columns:8, 1000 under Win:OuterRowEmptied;
 * Kiothi 200; Bao la Kimasai 600), else 1..100000.
 *
 * Seed: uint64; the same seed, rules and actions give the same
 * trajectories on every machine and for every number of worker threads.
 */
#ifndef MANCALA_ENV_H
#define MANCALA_ENV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes; mancala_abi_version returns the
 * library's. See "ABI versions" above for when it changes. */
#define MANCALA_ABI_VERSION 2

/* Status codes. */
#define MANCALA_OK 0
#define MANCALA_E_HANDLE 1     /* no such handle: never made, freed, or made as another kind */
#define MANCALA_E_ARGUMENT 2   /* a bad argument: a NULL pointer where one is required, n, seat, plies, index or horizon out of range */
#define MANCALA_E_GAME 3       /* unknown game name */
#define MANCALA_E_RULES 4      /* bad rules text, or an invalid rule set */
#define MANCALA_E_SYNTAX 5     /* bad position or move text */
#define MANCALA_E_MISMATCH 6   /* a position of another game or other rules than the environment's */
#define MANCALA_E_ACTION 7     /* an action id outside [0, actions) */
#define MANCALA_E_ILLEGAL 8    /* an action id or move that is not legal in the position */
#define MANCALA_E_OVER 9       /* a step after the episode ended (reset first), or a think on a finished game */
#define MANCALA_E_AGENT 10     /* a bad agent spec (or a level the game does not have), or an agent failed */
#define MANCALA_E_BUFFER 11    /* a caller buffer too short (for text, *len tells the length needed) */
#define MANCALA_E_INTERNAL 12  /* a bug: a recovered Go panic (the message says where) */
#define MANCALA_E_CANCELLED 13 /* the call was cancelled (mancala_*_cancel); nothing changed */
#define MANCALA_E_LIMIT 14     /* an agent spec over the limits (mancala_limits); the message names the limit */

/* Seats. Every value is distinct. */
#define MANCALA_SEAT_SOUTH 0
#define MANCALA_SEAT_NORTH 1
#define MANCALA_SEAT_BOTH 2      /* observation seat: South's view, then North's */
#define MANCALA_SEAT_ALTERNATE 3 /* vector agent seat: South for even i, North for odd i */
#define MANCALA_SEAT_NONE (-1)   /* agent seat: no agent, self-play */
#define MANCALA_SEAT_MOVER (-2)  /* observation seat: the player to move */

/* Episode states (mancala_env_status). */
#define MANCALA_STATE_RUNNING 0
#define MANCALA_STATE_TERMINATED 1
#define MANCALA_STATE_TRUNCATED 2

/* A think's outcome for the side to move (mancala_think_t.outcome):
 * proven by the search (every line it searched reached a finished game,
 * or a forced win or loss within its depth), else unknown. */
#define MANCALA_OUTCOME_UNKNOWN 0
#define MANCALA_OUTCOME_WIN 1
#define MANCALA_OUTCOME_DRAW 2
#define MANCALA_OUTCOME_LOSS 3

/* Typed handles (see Handles above). */
typedef struct mancala_env { int64_t id; } mancala_env;     /* one environment */
typedef struct mancala_vec { int64_t id; } mancala_vec;     /* a vector of environments */
typedef struct mancala_agent { int64_t id; } mancala_agent; /* an agent of one game */

/* An environment's sizes (mancala_env_spec, mancala_vec_spec). */
typedef struct mancala_spec {
    int32_t obs_len;  /* values of one seat's observation */
    int32_t actions;  /* action ids: [0, actions) */
    int32_t horizon;  /* truncation ply count */
    int32_t n;        /* environments: 1 for a single environment */
    int32_t seat;     /* the agent's seat: MANCALA_SEAT_NONE in self-play, SOUTH, NORTH or ALTERNATE */
    int32_t both;     /* vector: 1 if observations are both seats' (2 * obs_len per environment) */
} mancala_spec_t;

/* The limits every agent spec is checked against (mancala_limits). */
typedef struct mancala_limits {
    int32_t max_depth;      /* alphabeta depth, plies */
    int32_t max_workers;    /* MCTS workers */
    int64_t max_iterations; /* MCTS iterations (playouts) a move */
    int64_t max_time_ms;    /* time budget a move, milliseconds */
} mancala_limits_t;

/* What a single environment's step answers (mancala_env_step). */
typedef struct mancala_step {
    float rewards[2];   /* South's, North's */
    uint8_t terminated; /* 0 or 1 */
    uint8_t truncated;  /* 0 or 1 */
    uint8_t to_move;    /* the player to move after the step: 0 South, 1 North */
    uint8_t state;      /* MANCALA_STATE_* after the step */
    int32_t plies;      /* plies of the episode after the step */
    int32_t legal;      /* number of legal action ids after the step (0 once the game is over) */
} mancala_step_t;

/* A vector environment's caller buffers (mancala_vec_reset, _step,
 * _observe): each pointer optional (NULL: not written), each with its
 * capacity in elements, which must be at least the size shown (n
 * environments, L = obs_len, or 2 * obs_len with both; A = actions).
 * Fill it once and pass it to every call. */
typedef struct mancala_vec_batch {
    float *obs;            int64_t obs_cap;          /* n * L: observations after the call (of the new episode for one that ended) */
    uint8_t *mask;         int64_t mask_cap;         /* n * A: masks, likewise */
    float *reward;         int64_t reward_cap;       /* n: the step's reward for the seat that acted (self-play: the mover; else the agent) */
    uint8_t *terminated;   int64_t terminated_cap;   /* n: 1 if the game ended in this step */
    uint8_t *truncated;    int64_t truncated_cap;    /* n: 1 if the episode reached the horizon */
    float *final_obs;      int64_t final_obs_cap;    /* n * L: for each environment that ended, its last observation before the reset; other rows untouched */
    int8_t *final_result;  int64_t final_result_cap; /* n: for each that ended, the result for South (+1, -1, 0 draw or truncated); 0 for others */
    uint8_t *to_move;      int64_t to_move_cap;      /* n: the player to move (0 South, 1 North) */
    int32_t *plies;        int64_t plies_cap;        /* n: the plies of each environment's episode */
} mancala_vec_batch_t;

/* Byte copies of a vector environment's observations, for a caller that
 * keeps them as uint8 (mancala_vec_reset_u8, _step_u8, _observe_u8):
 * each pointer optional (NULL: not written), each with its capacity in
 * elements, at least n * L as mancala_vec_batch_t's obs and final_obs,
 * written with them (and when they are NULL) with the same values, each
 * a whole number in 0..255 (the bounds of mancala_vec_obs_bounds; a game
 * whose bounds leave that range answers MANCALA_E_ARGUMENT). */
typedef struct mancala_vec_u8 {
    uint8_t *obs;          int64_t obs_cap;          /* n * L: as mancala_vec_batch_t's obs */
    uint8_t *final_obs;    int64_t final_obs_cap;    /* n * L: as its final_obs (rows of the environments that ended) */
} mancala_vec_u8_t;

/* What a think answers (mancala_agent_think), besides its move and line
 * as text. Fields a kind of agent does not have are 0. */
typedef struct mancala_think {
    int64_t value;      /* alphabeta: the score for the side to move, in the evaluation's unit
                           (seeds), or a large ply-adjusted number for a forced win (+) or loss (-) */
    int64_t nodes;      /* alphabeta: positions searched */
    int64_t iterations; /* mcts: playouts made */
    int64_t visits;     /* mcts: visits of the chosen move */
    int64_t elapsed_ms; /* wall time of the think */
    double win_rate;    /* mcts: the chosen move's mean reward for the mover, 0..1 */
    int32_t action;     /* the move's action id in the position */
    int32_t outcome;    /* MANCALA_OUTCOME_* for the side to move */
    int32_t depth;      /* alphabeta: depth of the deepest completed iteration, plies */
    int32_t line_moves; /* moves in the line (1 or more) */
} mancala_think_t;

/* ---- Library ---------------------------------------------------------- */

/* mancala_abi_version returns MANCALA_ABI_VERSION of the built library. */
int32_t mancala_abi_version(void);

/* mancala_status_text returns a static NUL-terminated name of a status
 * code ("ok", "bad handle", ...; "unknown status" for others). The
 * pointer stays valid for the life of the process; do not free it. */
const char *mancala_status_text(int32_t status);

/* mancala_version writes the library's version as text: the Go module's
 * version and the VCS revision it was built from, separated by a space
 * ("(devel) 3c20e8d...", "v0.2.0 3c20e8d...", "+dirty" appended to a
 * revision with uncommitted changes, "unknown" when the build recorded
 * none). */
int32_t mancala_version(char *buf, int32_t cap, int32_t *len);

/* mancala_build_id writes the build id set at link time (-ldflags
 * "-X main.buildID=..."; the builds of the project set the sha256 of the
 * sources, `go run ./internal/cmd/sourcehash`), as text; "" when the
 * build set none. */
int32_t mancala_build_id(char *buf, int32_t cap, int32_t *len);

/* mancala_limits writes the limits agent specs are checked against into
 * *out (required). */
int32_t mancala_limits(mancala_limits_t *out);

/* mancala_game_count returns the number of games (3). */
int32_t mancala_game_count(void);

/* mancala_game_name writes the name of game i (0 <= i <
 * mancala_game_count(), else MANCALA_E_ARGUMENT), as text: "kisolo",
 * "kiothi", "kimasai" in that order. */
int32_t mancala_game_name(int32_t i, char *buf, int32_t cap, int32_t *len);

/* mancala_game_levels writes the names of game's levels (its strength
 * ladder, weakest first; the names an agent spec takes as "level:NAME")
 * separated by '\n', as text. An unknown game gives MANCALA_E_GAME. */
int32_t mancala_game_levels(const char *game, char *buf, int32_t cap, int32_t *len);

/* ---- Single environment ---------------------------------------------- */

/* mancala_env_new makes one environment of game under rules, at the start
 * position (reset with seed), and writes its handle to *out (required).
 * opponent, seat, seed and horizon as above (seat SOUTH or NORTH with an
 * opponent, MANCALA_SEAT_NONE without). On failure *out is {0} and the
 * message is written as text into err (optional, err_cap bytes,
 * truncated if longer). */
int32_t mancala_env_new(const char *game, const char *rules, const char *opponent,
                        int32_t seat, uint64_t seed, int32_t horizon,
                        mancala_env *out, char *err, int32_t err_cap);

/* mancala_env_free releases h. Freeing it twice gives MANCALA_E_HANDLE. A
 * call in progress on h (another thread) finishes first. */
int32_t mancala_env_free(mancala_env h);

/* mancala_env_error writes the message of the last call on h ("" after a
 * success), as text. */
int32_t mancala_env_error(mancala_env h, char *buf, int32_t cap, int32_t *len);

/* mancala_env_cancel stops the reset or step in progress on h whose
 * opponent searches (see Cancel above): it returns MANCALA_E_CANCELLED,
 * the environment as before it. MANCALA_OK whether or not a call was in
 * progress. */
int32_t mancala_env_cancel(mancala_env h);

/* mancala_env_spec writes h's sizes into *out (required). */
int32_t mancala_env_spec(mancala_env h, mancala_spec_t *out);

/* mancala_env_obs_bounds writes the inclusive bounds of each of the
 * obs_len values of one seat's observation into low and high (either
 * optional), each of cap >= obs_len values. */
int32_t mancala_env_obs_bounds(mancala_env h, float *low, float *high, int32_t cap);

/* mancala_env_obs_names writes the names of the obs_len values, separated
 * by '\n' ("seeds:a1\nseeds:a2\n...\nownTurn"), as text. */
int32_t mancala_env_obs_names(mancala_env h, char *buf, int32_t cap, int32_t *len);

/* mancala_env_reset starts a new episode at the start position (the
 * opponent's first plies played if it moves first). seed is optional:
 * non-NULL reseeds the opponent with *seed; NULL continues its stream.
 * Cancellable. */
int32_t mancala_env_reset(mancala_env h, const uint64_t *seed);

/* mancala_env_step plays action (for the player to move; with an
 * opponent, the agent) and then the opponent's replies, and writes, each
 * optional: *out (mancala_step_t: rewards, terminated, truncated, to_move,
 * state, plies, the number of legal ids), the observation after the step
 * from obs_seat into obs (obs_cap >= obs_len, 2 * obs_len for
 * MANCALA_SEAT_BOTH), the mask after the step into mask (mask_cap >=
 * actions) and the legal action ids after the step into legal (legal_cap
 * >= actions; out->legal of them are written). So one call does a whole
 * step of a binding. Every buffer is checked before the step. A bad or
 * illegal id gives MANCALA_E_ACTION / MANCALA_E_ILLEGAL, a step after the
 * episode ended MANCALA_E_OVER; the position is then unchanged. The
 * environment does not reset itself. Cancellable. */
int32_t mancala_env_step(mancala_env h, int32_t action, mancala_step_t *out,
                         int32_t obs_seat, float *obs, int32_t obs_cap,
                         uint8_t *mask, int32_t mask_cap,
                         int32_t *legal, int32_t legal_cap);

/* mancala_env_observe writes the observation of the current position from
 * seat (SOUTH, NORTH, MOVER or BOTH) into obs (required; cap as in
 * mancala_env_step). */
int32_t mancala_env_observe(mancala_env h, int32_t seat, float *obs, int32_t cap);

/* mancala_env_mask writes the legal mask of the current position into
 * mask (required, cap >= actions). */
int32_t mancala_env_mask(mancala_env h, uint8_t *mask, int32_t cap);

/* mancala_env_legal writes the legal action ids of the current position,
 * in increasing order, into ids (required, cap >= actions) and their
 * number into *count (required; 0 once the game is over): the ids whose
 * mask is 1. */
int32_t mancala_env_legal(mancala_env h, int32_t *ids, int32_t cap, int32_t *count);

/* mancala_env_status writes, each optional: the player to move (0 South,
 * 1 North), the plies of the episode, its state (MANCALA_STATE_*) and the
 * result for South (+1 South won, -1 North won, 0 a draw or a game not
 * over). */
int32_t mancala_env_status(mancala_env h, int32_t *to_move, int32_t *plies,
                           int32_t *state, int32_t *result);

/* mancala_env_action_text writes the move text of action id action in the
 * current position ("b3", "xb3", "a5:3"; docs/notation.md), whether legal
 * or not, as text; an id outside [0, actions) gives MANCALA_E_ACTION. */
int32_t mancala_env_action_text(mancala_env h, int32_t action, char *buf, int32_t cap, int32_t *len);

/* mancala_env_text_action reads move text in the game's notation and
 * writes its action id in the current position to *action (required);
 * bad text gives MANCALA_E_SYNTAX, a move with no id (another player's
 * pit) MANCALA_E_ACTION. Legality is not checked (the mask tells). */
int32_t mancala_env_text_action(mancala_env h, const char *move, int32_t *action);

/* mancala_env_position writes the current position in the notation of
 * docs/notation.md (it carries the rules and the turn counter), as text. */
int32_t mancala_env_position(mancala_env h, char *buf, int32_t cap, int32_t *len);

/* mancala_env_set_position puts the environment at position (text), with
 * plies plies of the episode already played (0..horizon, else
 * MANCALA_E_ARGUMENT): for clone, undo and history. The position must be
 * of the environment's game and rules (else MANCALA_E_SYNTAX or
 * MANCALA_E_MISMATCH); with an opponent the agent must be to move unless
 * the game is over (else MANCALA_E_MISMATCH). Its state follows:
 * terminated if the game is over, truncated if plies >= horizon. */
int32_t mancala_env_set_position(mancala_env h, const char *position, int32_t plies);

/* ---- Vector environment ---------------------------------------------- */

/* mancala_vec_new makes n (1..8192; 1..64 with an opponent other than
 * "random", whose searches each keep a table) environments of game under
 * rules and writes the handle to *out (required); seat may also be
 * MANCALA_SEAT_ALTERNATE; both != 0 makes every observation both seats'
 * (South's, then North's); workers is the most threads a step uses (0:
 * the number of cores); the results do not depend on it. Environment i's
 * opponent is seeded from seed and i. The environments are reset; read
 * the first observations with mancala_vec_reset or mancala_vec_observe.
 * Errors as mancala_env_new. */
int32_t mancala_vec_new(const char *game, const char *rules, const char *opponent,
                        int32_t seat, int32_t n, uint64_t seed, int32_t horizon,
                        int32_t both, int32_t workers,
                        mancala_vec *out, char *err, int32_t err_cap);

/* mancala_vec_free, mancala_vec_error, mancala_vec_cancel,
 * mancala_vec_spec, mancala_vec_obs_bounds and mancala_vec_obs_names are
 * their mancala_env_* namesakes for a vector environment. */
int32_t mancala_vec_free(mancala_vec h);
int32_t mancala_vec_error(mancala_vec h, char *buf, int32_t cap, int32_t *len);
int32_t mancala_vec_cancel(mancala_vec h);
int32_t mancala_vec_spec(mancala_vec h, mancala_spec_t *out);
int32_t mancala_vec_obs_bounds(mancala_vec h, float *low, float *high, int32_t cap);
int32_t mancala_vec_obs_names(mancala_vec h, char *buf, int32_t cap, int32_t *len);

/* mancala_vec_reset restarts every environment (seed optional as in
 * mancala_env_reset) and writes b's obs, mask, to_move and plies (b
 * optional) from each environment's seat (the agent's with an opponent,
 * else the player to move). Cancellable. */
int32_t mancala_vec_reset(mancala_vec h, const uint64_t *seed, const mancala_vec_batch_t *b);

/* mancala_vec_step plays actions[i] (actions_len == n, required) in
 * environment i, then the opponent's replies, resets every environment
 * whose episode ended in the same step (Gymnasium's
 * AutoresetMode.SAME_STEP), and writes every buffer of b (optional; see
 * mancala_vec_batch_t). A bad or illegal action in any environment
 * refuses the whole step with every environment unchanged; the message
 * names the first such environment. It allocates nothing. Cancellable. */
int32_t mancala_vec_step(mancala_vec h, const int32_t *actions, int32_t actions_len,
                         const mancala_vec_batch_t *b);

/* mancala_vec_observe writes b's obs, mask, to_move and plies (the other
 * buffers are left alone) for the current positions, without stepping:
 * after mancala_vec_reset, where an opponent that moves first has played
 * its opening plies, plies are the episode's true counts. */
int32_t mancala_vec_observe(mancala_vec h, const mancala_vec_batch_t *b);

/* mancala_vec_reset_u8, mancala_vec_step_u8 and mancala_vec_observe_u8 are
 * mancala_vec_reset, _step and _observe that also write u8's byte
 * observations (u8 optional: NULL is the plain call; b's obs and
 * final_obs may then be NULL). A refused step writes neither. */
int32_t mancala_vec_reset_u8(mancala_vec h, const uint64_t *seed, const mancala_vec_batch_t *b,
                             const mancala_vec_u8_t *u8);
int32_t mancala_vec_step_u8(mancala_vec h, const int32_t *actions, int32_t actions_len,
                            const mancala_vec_batch_t *b, const mancala_vec_u8_t *u8);
int32_t mancala_vec_observe_u8(mancala_vec h, const mancala_vec_batch_t *b, const mancala_vec_u8_t *u8);

/* mancala_vec_position writes environment i's position (0 <= i < n, else
 * MANCALA_E_ARGUMENT) as text. */
int32_t mancala_vec_position(mancala_vec h, int32_t i, char *buf, int32_t cap, int32_t *len);

/* ---- Agent ------------------------------------------------------------ */

/* mancala_agent_new makes the agent that spec names (the grammar of
 * mancala/agent.ParseSpec, as for an opponent: "random", "alphabeta:4",
 * "mcts:2000:workers=2", "mcts-eval", "level:expert", "Casual") for game,
 * its seed the spec's plus seed, and writes its handle to *out
 * (required). A bad spec or a level the game lacks gives
 * MANCALA_E_AGENT, one over the limits MANCALA_E_LIMIT. Errors and err as
 * mancala_env_new. The agent keeps its state between thinks (its random
 * stream, alphabeta's transposition table), as a Go agent that plays a
 * game does: the same seed and positions give the same moves as
 * mancala/agent.New's agent. */
int32_t mancala_agent_new(const char *game, const char *spec, uint64_t seed,
                          mancala_agent *out, char *err, int32_t err_cap);

/* mancala_agent_free, mancala_agent_error and mancala_agent_cancel are
 * their mancala_env_* namesakes for an agent (cancel stops a think). */
int32_t mancala_agent_free(mancala_agent a);
int32_t mancala_agent_error(mancala_agent a, char *buf, int32_t cap, int32_t *len);
int32_t mancala_agent_cancel(mancala_agent a);

/* mancala_agent_spec writes the spec the agent plays, resolved and
 * canonical ("level:casual" of kisolo is "alphabeta:2"; the seed
 * included), as text. */
int32_t mancala_agent_spec(mancala_agent a, char *buf, int32_t cap, int32_t *len);

/* mancala_agent_think searches position (text in the game's notation,
 * required; its rules= field gives the rules) and writes, each optional,
 * *out (mancala_think_t), the best move as text into move and the line
 * (the principal variation: the best move, then the expected replies,
 * moves separated by single spaces) as text into line. A position of
 * another game or bad text gives MANCALA_E_SYNTAX, a finished game
 * MANCALA_E_OVER. If move or line does not fit, the answer is kept: the
 * call returns MANCALA_E_BUFFER with the lengths needed, and
 * mancala_agent_answer reads the whole answer again without searching.
 * A move's text has at most 64 bytes, so 64 * (depth + 1) bytes hold any
 * line. Cancellable (MANCALA_E_CANCELLED, no answer kept). */
int32_t mancala_agent_think(mancala_agent a, const char *position, mancala_think_t *out,
                            char *move, int32_t move_cap, int32_t *move_len,
                            char *line, int32_t line_cap, int32_t *line_len);

/* mancala_agent_answer writes the answer of the agent's last think again,
 * as mancala_agent_think does, when that think succeeded or failed only
 * for a short buffer; MANCALA_E_ARGUMENT after any other failure
 * (cancelled, a bad position) or before the first think: an answer is
 * never that of an earlier think. */
int32_t mancala_agent_answer(mancala_agent a, mancala_think_t *out,
                             char *move, int32_t move_cap, int32_t *move_len,
                             char *line, int32_t line_cap, int32_t *line_len);

#ifdef __cplusplus
}
#endif

#endif /* MANCALA_ENV_H */
