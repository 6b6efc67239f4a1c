/*
 * mancala_env.h: the C ABI of go-mancala's learning environments
 * (Go package mancala/env), for foreign-language bindings such as the
 * Python package's in-process backend.
 *
 * Build (Go 1.24+ and a C compiler, cgo enabled):
 *
 *     go build -buildmode=c-shared -o libmancala_env.so ./mancala/env/cabi
 *
 * (-o libmancala_env.dylib on macOS, mancala_env.dll on Windows). The
 * build also writes libmancala_env.h, cgo's own declarations of the same
 * functions; include THIS header, which documents them.
 *
 * ------------------------------------------------------------------------
 * Conventions
 * ------------------------------------------------------------------------
 *
 * Handles. An environment is an opaque int64 handle (> 0) made by
 * mancala_env_new or mancala_vec_new and released by mancala_free.
 * Handles are never reused within a process; 0 and negative numbers are
 * never handles. A freed, never-made or wrong-kind handle gives
 * MANCALA_E_HANDLE and changes nothing.
 *
 * Status codes. Every function returns an int32 status: MANCALA_OK (0) on
 * success, else one of the MANCALA_E_* codes below. On an error the
 * environment is unchanged (nothing is stepped, reset or set; output
 * buffers may have been partly written; an opponent that failed mid-search
 * has advanced its own random state and tables, so the replies after such
 * an error need not be those of a run without it). The message of the last failed
 * call on a handle is read with mancala_error; a failed *_new writes its
 * message into the caller's err buffer instead. mancala_status_text names
 * a code.
 *
 * No panic crosses the ABI: a Go panic inside a call is recovered and
 * returned as MANCALA_E_INTERNAL with its message.
 *
 * Buffers are the caller's: the library writes into them during a call
 * and keeps no pointer after it returns. Every array is C-contiguous
 * (row-major). Lengths are counts of elements, not bytes. An output
 * pointer documented as optional may be NULL (nothing written there).
 *
 * Text. Inputs are NUL-terminated UTF-8. Text outputs are written as
 * (char *buf, int32_t cap, int32_t *len): *len receives the text's length
 * in bytes without the NUL (always, when len is not NULL); the text and a
 * NUL are written when cap > *len, else MANCALA_E_BUFFER is returned and
 * buf is untouched (call again with a buffer of *len + 1 bytes).
 *
 * Threads. Distinct handles may be used from different threads at the
 * same time. Calls on one handle are serialised by a lock inside the
 * library (safe, but not parallel). A vector environment's step spreads
 * its environments over the process's cores itself (Go goroutines).
 *
 * fork(). The Go runtime does NOT survive fork(): a child forked from a
 * process that has loaded this library must not call into it (it may hang
 * on its first call or later, at a garbage collection). Load the library
 * in the process that uses it (after any fork), or use spawn/forkserver
 * start methods. The library does not detect a fork itself.
 *
 * ------------------------------------------------------------------------
 * The environment (docs/env.md has the full specification)
 * ------------------------------------------------------------------------
 *
 * Games: "kisolo", "kiothi", "kimasai". Rules: the text of a position's
 * rules= field ("" or NULL for the defaults, e.g. "Columns:8").
 *
 * Action ids: int32 in [0, actions), relative to the player to move
 * (docs/design.md, "Action ids"). actions is fixed for a whole game.
 *
 * Observation: float32 values, obs_len of them, all small integers
 * (seed counts 0..T, flags 0/1, a phase 1..2), from one SEAT: the board
 * turned so that the seat sits in South's place, that seat's pits first.
 * Layout, names and inclusive bounds: mancala_obs_names and
 * mancala_obs_bounds (and docs/env.md). The mover's view is the seat view
 * of the side to move. Seat arguments: 0 South, 1 North,
 * MANCALA_SEAT_MOVER (-1) the player to move, MANCALA_SEAT_BOTH (2)
 * South's view then North's (2 * obs_len values).
 *
 * Mask: uint8, actions of them, 1 where the action id is legal for the
 * player to move, else 0; all 0 once the game is over.
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
 * move); otherwise an agent spec as mancala/agent.ParseSpec reads it
 * ("random", "alphabeta:2", "mcts:200", "level:casual"; a seed given in
 * the spec is added to the environment's seed), that
 * plays every ply of the seat other than the agent's inside reset and
 * step. An episode then always starts and continues with the agent to
 * move (the opponent's opening plies are played in the reset, whatever
 * the horizon).
 *
 * Seat (the agent's, with an opponent): 0 South, 1 North, and for a
 * vector environment MANCALA_SEAT_ALTERNATE (3): environment i plays
 * South for even i, North for odd i. Without an opponent pass
 * MANCALA_SEAT_NONE (-1).
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

/* The ABI version this header describes; mancala_abi_version returns it. */
#define MANCALA_ABI_VERSION 1

/* Status codes. */
#define MANCALA_OK 0
#define MANCALA_E_HANDLE 1   /* no such handle (never made, freed, or an env where a vec is wanted or the reverse) */
#define MANCALA_E_ARGUMENT 2 /* a bad argument: a NULL pointer where one is required, a buffer length that does not match, n, seat or horizon out of range */
#define MANCALA_E_GAME 3     /* unknown game name */
#define MANCALA_E_RULES 4    /* bad rules text, or an invalid rule set */
#define MANCALA_E_SYNTAX 5   /* bad position or move text */
#define MANCALA_E_MISMATCH 6 /* a position of another game or other rules than the environment's */
#define MANCALA_E_ACTION 7   /* an action id outside [0, actions) */
#define MANCALA_E_ILLEGAL 8  /* an action id or move that is not legal in the position */
#define MANCALA_E_OVER 9     /* a step after the episode ended (terminated or truncated): reset first */
#define MANCALA_E_AGENT 10   /* a bad opponent spec, or the opponent failed */
#define MANCALA_E_BUFFER 11  /* a text buffer too short: *len tells the length needed */
#define MANCALA_E_INTERNAL 12 /* a bug: a recovered Go panic (the message says where) */

/* Seats. */
#define MANCALA_SEAT_NONE (-1)   /* no agent seat: self-play */
#define MANCALA_SEAT_MOVER (-1)  /* observation seat: the player to move */
#define MANCALA_SEAT_SOUTH 0
#define MANCALA_SEAT_NORTH 1
#define MANCALA_SEAT_BOTH 2      /* observation seat: South's view, then North's */
#define MANCALA_SEAT_ALTERNATE 3 /* vector agent seat: South for even i, North for odd i */

/* An environment's sizes (mancala_spec). */
typedef struct mancala_spec {
    int32_t obs_len;  /* values of one seat's observation */
    int32_t actions;  /* action ids: [0, actions) */
    int32_t horizon;  /* truncation ply count */
    int32_t n;        /* environments: 1 for a single environment */
    int32_t seat;     /* the agent's seat: MANCALA_SEAT_NONE in self-play, 0, 1, or MANCALA_SEAT_ALTERNATE */
    int32_t both;     /* vector: 1 if observations are both seats' (2 * obs_len per environment) */
} mancala_spec_t;

/* ---- Library ---------------------------------------------------------- */

/* mancala_abi_version returns MANCALA_ABI_VERSION of the built library. */
int32_t mancala_abi_version(void);

/* mancala_status_text returns a static NUL-terminated name of a status
 * code ("ok", "bad handle", ...; "unknown status" for others). The
 * pointer stays valid for the life of the process; do not free it. */
const char *mancala_status_text(int32_t status);

/* ---- Any handle ------------------------------------------------------- */

/* mancala_free releases a handle (single or vector). Freeing a handle
 * twice gives MANCALA_E_HANDLE. */
int32_t mancala_free(int64_t h);

/* mancala_error writes the message of the last failed call on h (""
 * if none failed yet), as text (see Text above). */
int32_t mancala_error(int64_t h, char *buf, int32_t cap, int32_t *len);

/* mancala_spec writes h's sizes into *out. */
int32_t mancala_spec(int64_t h, mancala_spec_t *out);

/* mancala_obs_bounds writes the inclusive bounds of each of the obs_len
 * values of one seat's observation into low and high (either optional);
 * len must be obs_len. */
int32_t mancala_obs_bounds(int64_t h, float *low, float *high, int32_t len);

/* mancala_obs_names writes the names of the obs_len values, separated by
 * '\n' ("seeds:a1\nseeds:a2\n...\nownTurn"), as text. */
int32_t mancala_obs_names(int64_t h, char *buf, int32_t cap, int32_t *len);

/* ---- Single environment ---------------------------------------------- */

/* mancala_env_new makes one environment of game under rules, at the start
 * position (reset with seed), and writes its handle to *out. opponent,
 * seat, seed and horizon as above (seat 0 or 1 with an opponent,
 * MANCALA_SEAT_NONE without). On failure *out is 0 and the message is
 * written as text into err (optional, err_cap bytes, truncated if
 * longer). */
int32_t mancala_env_new(const char *game, const char *rules, const char *opponent,
                        int32_t seat, uint64_t seed, int32_t horizon,
                        int64_t *out, char *err, int32_t err_cap);

/* mancala_env_reset starts a new episode at the start position (the
 * opponent's first plies played if it moves first). seed is optional:
 * non-NULL reseeds the opponent with *seed; NULL continues its stream. */
int32_t mancala_env_reset(int64_t h, const uint64_t *seed);

/* mancala_env_step plays action (for the player to move; with an
 * opponent, the agent) and then the opponent's replies, and writes, each
 * optional: the observation after the step from obs_seat into obs
 * (obs_len values, 2 * obs_len for MANCALA_SEAT_BOTH; obs_cap must be at
 * least that), the mask after the step into mask (mask_cap >= actions),
 * rewards[2] (South's, North's), *terminated and *truncated (0 or 1). A
 * bad or illegal id gives MANCALA_E_ACTION / MANCALA_E_ILLEGAL, a step
 * after the episode ended MANCALA_E_OVER; the position is then unchanged.
 * The environment does not reset itself. */
int32_t mancala_env_step(int64_t h, int32_t action, int32_t obs_seat,
                         float *obs, int32_t obs_cap, uint8_t *mask, int32_t mask_cap,
                         float *rewards, uint8_t *terminated, uint8_t *truncated);

/* mancala_env_observe writes the observation of the current position from
 * seat (0, 1, MANCALA_SEAT_MOVER or MANCALA_SEAT_BOTH) into obs (cap as in
 * mancala_env_step). */
int32_t mancala_env_observe(int64_t h, int32_t seat, float *obs, int32_t cap);

/* mancala_env_mask writes the legal mask of the current position (cap >=
 * actions). */
int32_t mancala_env_mask(int64_t h, uint8_t *mask, int32_t cap);

/* mancala_env_status writes, each optional: the player to move (0 South,
 * 1 North), the plies of the episode, its state (0 running, 1 terminated,
 * 2 truncated) and the result for South (+1 South won, -1 North won, 0 a
 * draw or a game not over). */
int32_t mancala_env_status(int64_t h, int32_t *to_move, int32_t *plies,
                           int32_t *state, int32_t *result);

/* mancala_env_action_text writes the move text of action id action in the
 * current position ("b3", "xb3", "a5:3"; docs/notation.md), whether legal
 * or not, as text; an id outside [0, actions) gives MANCALA_E_ACTION. */
int32_t mancala_env_action_text(int64_t h, int32_t action, char *buf, int32_t cap, int32_t *len);

/* mancala_env_text_action reads move text in the game's notation and
 * writes its action id in the current position to *action; bad text
 * gives MANCALA_E_SYNTAX, a move with no id (another player's pit)
 * MANCALA_E_ACTION. Legality is not checked (the mask tells). */
int32_t mancala_env_text_action(int64_t h, const char *move, int32_t *action);

/* mancala_env_position writes the current position in the notation of
 * docs/notation.md (it carries the rules and the turn counter), as text. */
int32_t mancala_env_position(int64_t h, char *buf, int32_t cap, int32_t *len);

/* mancala_env_set_position puts the environment at position (text), with
 * plies plies of the episode already played (0..horizon): for clone,
 * undo and history. The position must be of the environment's game and
 * rules (else MANCALA_E_SYNTAX or MANCALA_E_MISMATCH); with an opponent
 * the agent must be to move unless the game is over (else
 * MANCALA_E_MISMATCH: the position does not fit the environment). Its state follows: terminated if the game is over,
 * truncated if plies >= horizon. */
int32_t mancala_env_set_position(int64_t h, const char *position, int32_t plies);

/* ---- Vector environment ---------------------------------------------- */

/* mancala_vec_new makes n (1..8192; 1..64 with an opponent other than
 * "random", whose searches each keep a table) environments of game under rules and
 * writes the handle to *out; seat may also be MANCALA_SEAT_ALTERNATE;
 * both != 0 makes every observation both seats' (South's, then North's);
 * workers is the most threads a step uses (0: the number of cores); the
 * results do not depend on it. Environment i's opponent is seeded from
 * seed and i. The environments are reset; read the first observations
 * with mancala_vec_reset or mancala_vec_observe. Errors as
 * mancala_env_new. */
int32_t mancala_vec_new(const char *game, const char *rules, const char *opponent,
                        int32_t seat, int32_t n, uint64_t seed, int32_t horizon,
                        int32_t both, int32_t workers,
                        int64_t *out, char *err, int32_t err_cap);

/* mancala_vec_reset restarts every environment (seed optional as in
 * mancala_env_reset) and writes, each optional: obs (n * L float32, L =
 * obs_len, or 2 * obs_len with both) from each environment's seat (the
 * agent's with an opponent, else the player to move) and mask (n *
 * actions uint8). */
int32_t mancala_vec_reset(int64_t h, const uint64_t *seed, float *obs, uint8_t *mask);

/* mancala_vec_step plays actions[i] (n int32, required) in environment i,
 * then the opponent's replies, and resets every environment whose episode
 * ended in the same step (Gymnasium's AutoresetMode.SAME_STEP). It
 * writes, each optional:
 *   obs          float32 (n, L)  the observations after the step (of the new
 *                                episode's start for an environment that ended)
 *   mask         uint8 (n, actions)  likewise
 *   reward       float32 (n)     the step's reward for the seat that acted
 *                                (self-play: the mover; else the agent)
 *   terminated   uint8 (n)       1 if the game ended in this step
 *   truncated    uint8 (n)       1 if the episode reached the horizon
 *   final_obs    float32 (n, L)  for each environment that ended, its last
 *                                observation before the reset; other rows untouched
 *   final_result int8 (n)        for each environment that ended, the result for
 *                                South (+1, -1, 0 draw or truncated); 0 for others
 *   to_move      uint8 (n)       the player to move (0 South, 1 North)
 *   plies        int32 (n)       the plies of each environment's episode
 * A bad or illegal action in any environment refuses the whole step with
 * every environment unchanged; the message names the first such
 * environment. It allocates nothing. */
int32_t mancala_vec_step(int64_t h, const int32_t *actions,
                         float *obs, uint8_t *mask, float *reward,
                         uint8_t *terminated, uint8_t *truncated,
                         float *final_obs, int8_t *final_result,
                         uint8_t *to_move, int32_t *plies);

/* mancala_vec_observe writes the current observations and masks (each
 * optional) as mancala_vec_step does, without stepping. */
int32_t mancala_vec_observe(int64_t h, float *obs, uint8_t *mask);

/* mancala_vec_status writes, each optional, the player to move (n uint8:
 * 0 South, 1 North) and the plies of each environment's episode (n
 * int32), as mancala_vec_step does: after mancala_vec_reset, where an
 * opponent that moves first has played its opening plies, they are the
 * episode's true counts. */
int32_t mancala_vec_status(int64_t h, uint8_t *to_move, int32_t *plies);

/* mancala_vec_position writes environment i's position as text. */
int32_t mancala_vec_position(int64_t h, int32_t i, char *buf, int32_t cap, int32_t *len);

#ifdef __cplusplus
}
#endif

#endif /* MANCALA_ENV_H */
