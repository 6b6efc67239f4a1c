/*
 * cabi_test.c: the C ABI of mancala/env tested from C.
 *
 *   go run ./internal/cmd/buildcabi -o DIR
 *   gcc -std=c11 -Wall -Wextra -Werror -pedantic -I mancala/env/cabi -o DIR/cabi_test \
 *       mancala/env/cabi/testdata/cabi_test.c -L DIR -lmancala_env -lpthread -Wl,-rpath,DIR
 *   DIR/cabi_test             # checks, then prints trajectories
 *   DIR/cabi_test -bench      # the per-call overhead
 *
 * It checks the library calls (ABI version, version, build id, limits, the
 * list of games), bad input (handles unknown, freed and of the wrong kind,
 * ids, rules, positions, short buffers of every kind, agent specs over
 * the limits: the status code, a message, the state unchanged; the last
 * error cleared by a success), exact values of the start observation,
 * the fused step, think, cancel from another thread (think and a step
 * whose opponent searches: MANCALA_E_CANCELLED, the position unchanged)
 * and distinct handles stepped from threads at once; it exits 1 on the
 * first failed check. Then it prints the trajectories of seeded games and
 * thinks, which the Go test (cabi_test.go) compares with mancala/env's and
 * mancala/agent's own.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mancala_env.h"

static int checks;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        checks++;                                                           \
        if (!(cond)) {                                                      \
            fprintf(stderr, "cabi_test.c:%d: check failed: %s: ", __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, "\n");                                          \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

/* The last message of a handle of each kind ("" for none). */
static void env_msg(mancala_env h, char *msg, int32_t cap) {
    int32_t len = -1;
    CHECK(mancala_env_error(h, msg, cap, &len) == MANCALA_OK && strlen(msg) == (size_t)len, "env_error");
}
static void vec_msg(mancala_vec h, char *msg, int32_t cap) {
    int32_t len = -1;
    CHECK(mancala_vec_error(h, msg, cap, &len) == MANCALA_OK && strlen(msg) == (size_t)len, "vec_error");
}
static void agent_msg(mancala_agent h, char *msg, int32_t cap) {
    int32_t len = -1;
    CHECK(mancala_agent_error(h, msg, cap, &len) == MANCALA_OK && strlen(msg) == (size_t)len, "agent_error");
}

/* expect checks a status; on an error other than a bad handle, the
 * handle's message must say something, and after a success it is "". */
static void expect_status(int32_t got, int32_t want, const char *msg, const char *what) {
    CHECK(got == want, "%s: status %d (%s), want %d (%s); message %s", what, got, mancala_status_text(got), want,
          mancala_status_text(want), msg);
    if (want == MANCALA_OK) CHECK(msg[0] == 0, "%s: a success left the message %s", what, msg);
    if (want != MANCALA_OK && want != MANCALA_E_HANDLE)
        CHECK(strncmp(msg, "mancala_env: ", 13) == 0 || strstr(msg, ": ") != NULL, "%s: message %s", what, msg);
}
static void expect_env(int32_t got, int32_t want, mancala_env h, const char *what) {
    char msg[4096] = "";
    if (want != MANCALA_E_HANDLE) env_msg(h, msg, sizeof msg);
    expect_status(got, want, msg, what);
}
static void expect_vec(int32_t got, int32_t want, mancala_vec h, const char *what) {
    char msg[4096] = "";
    if (want != MANCALA_E_HANDLE) vec_msg(h, msg, sizeof msg);
    expect_status(got, want, msg, what);
}
static void expect_agent(int32_t got, int32_t want, mancala_agent h, const char *what) {
    char msg[4096] = "";
    if (want != MANCALA_E_HANDLE) agent_msg(h, msg, sizeof msg);
    expect_status(got, want, msg, what);
}

static void position(mancala_env h, char *buf, int32_t cap) {
    int32_t len;
    CHECK(mancala_env_position(h, buf, cap, &len) == MANCALA_OK, "position");
}

/* pick returns the k-th legal id of mask (k modulo their number), or -1. */
static int32_t pick(const uint8_t *mask, int32_t actions, int32_t k) {
    int32_t n = 0, i;
    for (i = 0; i < actions; i++) n += mask[i];
    if (n == 0) return -1;
    k %= n;
    for (i = 0; i < actions; i++)
        if (mask[i] && k-- == 0) return i;
    return -1;
}

static void library(void) {
    char buf[256];
    int32_t len = -1, i;
    mancala_limits_t l;
    const char *want[3] = {"kisolo", "kiothi", "kimasai"};

    CHECK(mancala_abi_version() == MANCALA_ABI_VERSION && MANCALA_ABI_VERSION == 2, "abi version");
    CHECK(strcmp(mancala_status_text(MANCALA_E_ILLEGAL), "illegal action") == 0, "status text");
    CHECK(strcmp(mancala_status_text(MANCALA_E_CANCELLED), "cancelled") == 0, "status text cancelled");
    CHECK(strcmp(mancala_status_text(MANCALA_E_LIMIT), "over the limits") == 0, "status text limit");
    CHECK(strcmp(mancala_status_text(99), "unknown status") == 0, "status text 99");
    CHECK(MANCALA_SEAT_NONE != MANCALA_SEAT_MOVER, "seats");

    CHECK(mancala_version(buf, sizeof buf, &len) == MANCALA_OK && len > 0 && strchr(buf, ' ') != NULL, "version %s", buf);
    CHECK(mancala_version(buf, 2, &len) == MANCALA_E_BUFFER && len > 2, "a short version buffer");
    CHECK(mancala_build_id(buf, sizeof buf, &len) == MANCALA_OK && len == 64, "build id %s (%d)", buf, len);
    for (i = 0; i < 64; i++) CHECK((buf[i] >= '0' && buf[i] <= '9') || (buf[i] >= 'a' && buf[i] <= 'f'), "build id %s", buf);
    fprintf(stderr, "cabi_test: library %s", buf);
    CHECK(mancala_version(buf, sizeof buf, &len) == MANCALA_OK, "version");
    fprintf(stderr, ", version %s\n", buf);

    CHECK(mancala_limits(&l) == MANCALA_OK && l.max_depth == 10 && l.max_iterations == 100000 && l.max_workers == 8 &&
              l.max_time_ms == 2000, "limits %d %lld %d %lld", l.max_depth, (long long)l.max_iterations, l.max_workers,
          (long long)l.max_time_ms);
    CHECK(mancala_limits(NULL) == MANCALA_E_ARGUMENT, "limits NULL");

    CHECK(mancala_game_count() == 3, "game count %d", mancala_game_count());
    for (i = 0; i < 3; i++)
        CHECK(mancala_game_name(i, buf, sizeof buf, &len) == MANCALA_OK && strcmp(buf, want[i]) == 0 && len == (int32_t)strlen(want[i]),
              "game %d: %s", i, buf);
    CHECK(mancala_game_name(3, buf, sizeof buf, &len) == MANCALA_E_ARGUMENT, "game 3");
    CHECK(mancala_game_name(-1, buf, sizeof buf, &len) == MANCALA_E_ARGUMENT, "game -1");
    CHECK(mancala_game_name(0, buf, 6, &len) == MANCALA_E_BUFFER && len == 6, "a short name buffer");
    CHECK(mancala_game_levels("kisolo", buf, sizeof buf, &len) == MANCALA_OK &&
              strcmp(buf, "Beginner\nCasual\nIntermediate\nStrong\nExpert\nMaster") == 0, "kisolo levels %s", buf);
    CHECK(mancala_game_levels("chess", buf, sizeof buf, &len) == MANCALA_E_GAME, "chess levels");
    CHECK(mancala_game_levels(NULL, buf, sizeof buf, &len) == MANCALA_E_GAME, "NULL levels");
}

static void bad_input(void) {
    char err[256], buf[512], before[512], after[512];
    mancala_env h = {123};
    mancala_vec v = {123};
    int32_t st, len, a, i;
    mancala_spec_t s;

    st = mancala_env_new("chess", NULL, NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_GAME && h.id == 0 && strstr(err, "chess") != NULL, "unknown game: %d %s", st, err);
    st = mancala_env_new("kisolo", "Columns:9", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_RULES && h.id == 0 && err[0] != 0, "bad rules: %d %s", st, err);
    st = mancala_env_new("kisolo", "", "grandmaster:9", 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_AGENT && h.id == 0, "bad opponent: %d %s", st, err);
    st = mancala_env_new("kisolo", "", "alphabeta:99", 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_LIMIT && strcmp(err, "mancala_env: kisolo: agent: depth 99 is over the limit 10") == 0,
          "alphabeta:99: %d %s", st, err);
    st = mancala_env_new("kisolo", "", "mcts:10000000", 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_LIMIT && strcmp(err, "mancala_env: kisolo: agent: iterations 10000000 is over the limit 100000") == 0,
          "mcts:10000000: %d %s", st, err);
    st = mancala_env_new("kisolo", "", "level:grandmaster", 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_AGENT && strstr(err, "Expert") != NULL, "an unknown level: %d %s", st, err);
    st = mancala_env_new("kisolo", "", NULL, 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "a seat without an opponent: %d %s", st, err);
    st = mancala_env_new("kisolo", "", "random", MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "an opponent without a seat: %d %s", st, err);
    st = mancala_env_new("kisolo", "", NULL, MANCALA_SEAT_NONE, 1, -5, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "horizon -5: %d %s", st, err);
    st = mancala_env_new("kisolo", "", NULL, MANCALA_SEAT_NONE, 1, 0, NULL, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "out NULL: %d", st);
    st = mancala_env_new("kisolo", "Columns:9", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, 8); /* a short error buffer */
    CHECK(st == MANCALA_E_RULES && strlen(err) == 7, "short err buffer: %s", err);
    st = mancala_vec_new("kisolo", "", NULL, MANCALA_SEAT_NONE, 0, 1, 0, 0, 0, &v, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT && v.id == 0, "n 0: %d %s", st, err);
    st = mancala_vec_new("kisolo", "", "alphabeta:2", MANCALA_SEAT_ALTERNATE, 65, 1, 0, 0, 0, &v, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "65 searching opponents: %d %s", st, err);
    st = mancala_vec_new("kisolo", "", "mcts:5:workers=9", MANCALA_SEAT_ALTERNATE, 2, 1, 0, 0, 0, &v, err, sizeof err);
    CHECK(st == MANCALA_E_LIMIT && strstr(err, "workers 9 is over the limit 8") != NULL, "9 workers: %d %s", st, err);

    st = mancala_env_new("kisolo", "", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_OK && h.id > 0 && err[0] == 0, "kisolo: %d %s", st, err);
    CHECK(mancala_env_spec(h, &s) == MANCALA_OK, "spec");
    CHECK(s.obs_len == 29 && s.horizon == 300 && s.n == 1 && s.seat == MANCALA_SEAT_NONE && s.both == 0 && s.actions > 0,
          "kisolo spec %d %d %d %d %d", s.obs_len, s.actions, s.horizon, s.n, s.seat);
    {
        float obs[64], low[29], high[29];
        uint8_t mask[64];
        int32_t legal[64], count = -1;
        mancala_step_t out;
        memset(&out, 0x5a, sizeof out);
        /* The start from South: 28 pits of 3 seeds, then ownTurn 1. */
        expect_env(mancala_env_observe(h, MANCALA_SEAT_SOUTH, obs, 29), MANCALA_OK, h, "observe");
        for (i = 0; i < 28; i++) CHECK(obs[i] == 3.0f, "obs[%d] = %g", i, obs[i]);
        CHECK(obs[28] == 1.0f, "ownTurn %g", obs[28]);
        CHECK(mancala_env_observe(h, MANCALA_SEAT_BOTH, obs, 58) == MANCALA_OK && obs[57] == 0.0f, "both");
        CHECK(mancala_env_observe(h, MANCALA_SEAT_MOVER, obs, 29) == MANCALA_OK && obs[28] == 1.0f, "mover");
        expect_env(mancala_env_observe(h, MANCALA_SEAT_BOTH, obs, 57), MANCALA_E_BUFFER, h, "both in 57");
        expect_env(mancala_env_observe(h, 7, obs, 64), MANCALA_E_ARGUMENT, h, "seat 7");
        expect_env(mancala_env_observe(h, MANCALA_SEAT_NONE, obs, 64), MANCALA_E_ARGUMENT, h, "observation seat NONE");
        expect_env(mancala_env_observe(h, MANCALA_SEAT_SOUTH, NULL, 64), MANCALA_E_ARGUMENT, h, "obs NULL");
        CHECK(mancala_env_obs_bounds(h, low, high, 29) == MANCALA_OK && low[0] == 0 && high[0] == 84 && high[28] == 1, "bounds");
        expect_env(mancala_env_obs_bounds(h, low, high, 28), MANCALA_E_BUFFER, h, "bounds cap 28");
        CHECK(mancala_env_obs_names(h, buf, sizeof buf, &len) == MANCALA_OK && strncmp(buf, "seeds:a1\n", 9) == 0 &&
                  strcmp(buf + len - 8, "\nownTurn") == 0, "names %s", buf);
        expect_env(mancala_env_mask(h, mask, s.actions), MANCALA_OK, h, "mask");
        expect_env(mancala_env_mask(h, mask, s.actions - 1), MANCALA_E_BUFFER, h, "short mask");
        expect_env(mancala_env_mask(h, mask, s.actions), MANCALA_OK, h, "a success clears the message");
        expect_env(mancala_env_legal(h, legal, s.actions, &count), MANCALA_OK, h, "legal");
        {
            int32_t k = 0;
            for (i = 0; i < s.actions; i++)
                if (mask[i]) CHECK(k < count && legal[k++] == i, "legal id %d", i);
            CHECK(k == count && count > 0, "legal count %d, mask %d", count, k);
        }
        expect_env(mancala_env_legal(h, legal, s.actions - 1, &count), MANCALA_E_BUFFER, h, "short legal");
        expect_env(mancala_env_legal(h, legal, s.actions, NULL), MANCALA_E_ARGUMENT, h, "legal count NULL");

        position(h, before, sizeof before);
        for (a = 0; a < s.actions && mask[a]; a++) {
        }
        CHECK(a < s.actions, "an illegal id at the start");
        expect_env(mancala_env_step(h, a, &out, -2, obs, 64, mask, 64, legal, 64), MANCALA_E_ILLEGAL, h, "illegal id");
        expect_env(mancala_env_step(h, -1, &out, -2, obs, 64, mask, 64, legal, 64), MANCALA_E_ACTION, h, "id -1");
        expect_env(mancala_env_step(h, s.actions, NULL, -2, NULL, 0, NULL, 0, NULL, 0), MANCALA_E_ACTION, h, "id actions");
        expect_env(mancala_env_step(h, pick(mask, s.actions, 0), &out, MANCALA_SEAT_MOVER, obs, 28, NULL, 0, NULL, 0),
                   MANCALA_E_BUFFER, h, "step into a short obs");
        expect_env(mancala_env_step(h, pick(mask, s.actions, 0), &out, MANCALA_SEAT_MOVER, NULL, 0, mask, s.actions - 1, NULL, 0),
                   MANCALA_E_BUFFER, h, "step into a short mask");
        expect_env(mancala_env_step(h, pick(mask, s.actions, 0), &out, MANCALA_SEAT_MOVER, NULL, 0, NULL, 0, legal, 3),
                   MANCALA_E_BUFFER, h, "step into a short legal");
        CHECK(out.terminated == 0x5a && out.plies == 0x5a5a5a5a, "a refused step wrote its answer");
        expect_env(mancala_env_set_position(h, "kiothi 6,6,6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6,6,6 S turn=0 prisons=0,0", 0),
                   MANCALA_E_SYNTAX, h, "a kiothi position");
        expect_env(mancala_env_set_position(h, "kisolo 3,3", 0), MANCALA_E_SYNTAX, h, "bad text");
        expect_env(mancala_env_set_position(h, NULL, 0), MANCALA_E_ARGUMENT, h, "NULL position");
        expect_env(mancala_env_set_position(h, before, 301), MANCALA_E_ARGUMENT, h, "plies 301");
        expect_env(mancala_env_set_position(h, before, -1), MANCALA_E_ARGUMENT, h, "plies -1");
        expect_env(mancala_env_text_action(h, "zz", &a), MANCALA_E_SYNTAX, h, "bad move text");
        expect_env(mancala_env_action_text(h, 9999, buf, sizeof buf, &len), MANCALA_E_ACTION, h, "text of 9999");
        st = mancala_env_position(h, buf, 4, &len);
        CHECK(st == MANCALA_E_BUFFER && len == (int32_t)strlen(before), "a short position buffer: %d %d", st, len);
        position(h, after, sizeof after);
        CHECK(strcmp(before, after) == 0, "bad input changed the position: %s", after);
        {
            int32_t tm = -9, pl = -9, state = -9, res = -9;
            CHECK(mancala_env_status(h, &tm, &pl, &state, &res) == MANCALA_OK && tm == 0 && pl == 0 &&
                      state == MANCALA_STATE_RUNNING && res == 0,
                  "status after bad input %d %d %d %d", tm, pl, state, res);
        }

        /* The fused step. */
        a = pick(mask, s.actions, 2);
        expect_env(mancala_env_step(h, a, &out, MANCALA_SEAT_MOVER, obs, 29, mask, s.actions, legal, s.actions), MANCALA_OK, h,
                   "fused step");
        CHECK(out.rewards[0] == 0 && out.rewards[1] == 0 && out.terminated == 0 && out.truncated == 0 && out.to_move == 1 &&
                  out.state == MANCALA_STATE_RUNNING && out.plies == 1 && out.legal > 0,
              "step answer %g %g %d %d %d %d %d %d", out.rewards[0], out.rewards[1], out.terminated, out.truncated, out.to_move,
              out.state, out.plies, out.legal);
        {
            int32_t k = 0;
            for (i = 0; i < s.actions; i++)
                if (mask[i]) CHECK(k < out.legal && legal[k++] == i, "step's legal id %d", i);
            CHECK(k == out.legal, "step's legal count %d, mask %d", out.legal, k);
        }
        CHECK(mancala_env_set_position(h, before, 0) == MANCALA_OK, "back to the start");
        CHECK(mancala_env_mask(h, mask, s.actions) == MANCALA_OK, "mask");

        /* A position of other rules. */
        {
            mancala_env h8;
            char p8[512];
            CHECK(mancala_env_new("kisolo", "Columns:8", NULL, MANCALA_SEAT_NONE, 1, 0, &h8, err, sizeof err) == MANCALA_OK,
                  "Columns:8");
            position(h8, p8, sizeof p8);
            expect_env(mancala_env_set_position(h, p8, 0), MANCALA_E_MISMATCH, h, "a Columns:8 position");
            CHECK(mancala_env_free(h8) == MANCALA_OK, "free");
        }
        /* id <-> text for every legal id. */
        for (i = 0; i < s.actions; i++) {
            if (!mask[i]) continue;
            CHECK(mancala_env_action_text(h, i, buf, sizeof buf, &len) == MANCALA_OK, "text of %d", i);
            CHECK(mancala_env_text_action(h, buf, &a) == MANCALA_OK && a == i, "%s reads as %d, want %d", buf, a, i);
        }
        /* A step after the horizon. */
        CHECK(mancala_env_set_position(h, before, 300) == MANCALA_OK, "set at the horizon");
        expect_env(mancala_env_step(h, pick(mask, s.actions, 0), NULL, -2, NULL, 0, NULL, 0, NULL, 0), MANCALA_E_OVER, h,
                   "a step after the horizon");
        {
            int32_t tm = -9, pl = -9, state = -9, res = -9;
            CHECK(mancala_env_status(h, &tm, &pl, &state, &res) == MANCALA_OK && tm == 0 && pl == 300 &&
                      state == MANCALA_STATE_TRUNCATED && res == 0,
                  "status %d %d %d %d", tm, pl, state, res);
        }
        expect_env(mancala_env_reset(h, NULL), MANCALA_OK, h, "reset");
    }
    /* Handles of the wrong kind, unknown, freed. */
    {
        int32_t acts[1] = {0};
        mancala_vec wrong = {h.id};
        mancala_agent wrong_agent = {h.id};
        mancala_env unknown = {987654321}, zero = {0};
        expect_vec(mancala_vec_step(wrong, acts, 1, NULL), MANCALA_E_HANDLE, wrong, "an env handle to vec_step");
        expect_vec(mancala_vec_free(wrong), MANCALA_E_HANDLE, wrong, "an env handle to vec_free");
        expect_agent(mancala_agent_cancel(wrong_agent), MANCALA_E_HANDLE, wrong_agent, "an env handle to agent_cancel");
        CHECK(mancala_vec_error(wrong, buf, sizeof buf, &len) == MANCALA_E_HANDLE, "an env handle to vec_error");
        expect_env(mancala_env_step(unknown, 0, NULL, -2, NULL, 0, NULL, 0, NULL, 0), MANCALA_E_HANDLE, unknown, "an unknown handle");
        expect_env(mancala_env_step(zero, 0, NULL, -2, NULL, 0, NULL, 0, NULL, 0), MANCALA_E_HANDLE, zero, "handle 0");
        expect_env(mancala_env_cancel(zero), MANCALA_E_HANDLE, zero, "cancel handle 0");
        CHECK(mancala_env_cancel(h) == MANCALA_OK, "a cancel with no call in progress");
        CHECK(mancala_env_free(h) == MANCALA_OK, "free");
        expect_env(mancala_env_free(h), MANCALA_E_HANDLE, h, "a second free");
        expect_env(mancala_env_reset(h, NULL), MANCALA_E_HANDLE, h, "a freed handle");
        CHECK(mancala_env_error(h, buf, sizeof buf, &len) == MANCALA_E_HANDLE, "the error of a freed handle");
    }
    /* Vector: short buffers, one illegal id: nothing changes. */
    {
        enum { N = 8 };
        float obs[N * 29], obs2[N * 29], rw[N];
        uint8_t mask[N * 64];
        int32_t acts[N];
        mancala_vec_batch_t b, b2;
        mancala_env wrong;
        memset(&b, 0, sizeof b);
        CHECK(mancala_vec_new("kisolo", "", NULL, MANCALA_SEAT_NONE, N, 1, 0, 0, 2, &v, err, sizeof err) == MANCALA_OK, "vec: %s", err);
        CHECK(mancala_vec_spec(v, &s) == MANCALA_OK && s.n == N && s.actions <= 64, "vec spec");
        b.obs = obs, b.obs_cap = N * 29, b.mask = mask, b.mask_cap = N * s.actions;
        expect_vec(mancala_vec_reset(v, NULL, &b), MANCALA_OK, v, "vec reset");
        for (i = 0; i < N; i++) acts[i] = pick(mask + i * s.actions, s.actions, i);
        b2 = b, b2.obs_cap = N * 29 - 1;
        expect_vec(mancala_vec_step(v, acts, N, &b2), MANCALA_E_BUFFER, v, "a short obs");
        b2 = b, b2.mask_cap = N * s.actions - 1;
        expect_vec(mancala_vec_reset(v, NULL, &b2), MANCALA_E_BUFFER, v, "a short mask to reset");
        b2 = b, b2.reward = rw, b2.reward_cap = N - 1;
        expect_vec(mancala_vec_step(v, acts, N, &b2), MANCALA_E_BUFFER, v, "a short reward");
        b2 = b, b2.final_obs = obs2, b2.final_obs_cap = 29;
        expect_vec(mancala_vec_step(v, acts, N, &b2), MANCALA_E_BUFFER, v, "a short final_obs");
        expect_vec(mancala_vec_step(v, acts, N - 1, &b), MANCALA_E_ARGUMENT, v, "N-1 actions");
        acts[5] = s.actions + 3;
        expect_vec(mancala_vec_step(v, acts, N, &b), MANCALA_E_ACTION, v, "vec id");
        CHECK(mancala_vec_error(v, buf, sizeof buf, &len) == MANCALA_OK && strstr(buf, "environment 5") != NULL, "%s", buf);
        expect_vec(mancala_vec_step(v, NULL, N, &b), MANCALA_E_ARGUMENT, v, "NULL actions");
        b2 = b, b2.obs = obs2, b2.mask = NULL;
        expect_vec(mancala_vec_observe(v, &b2), MANCALA_OK, v, "observe");
        CHECK(memcmp(obs, obs2, sizeof obs) == 0, "a refused step changed obs");
        expect_vec(mancala_vec_position(v, N, buf, sizeof buf, &len), MANCALA_E_ARGUMENT, v, "position of env N");
        expect_vec(mancala_vec_position(v, -1, buf, sizeof buf, &len), MANCALA_E_ARGUMENT, v, "position of env -1");
        wrong.id = v.id;
        expect_env(mancala_env_reset(wrong, NULL), MANCALA_E_HANDLE, wrong, "a vec handle to env_reset");
        CHECK(mancala_vec_free(v) == MANCALA_OK, "free vec");
    }
    /* Agents: bad specs, bad positions, short buffers. */
    {
        mancala_agent ag = {77};
        mancala_think_t t;
        char move[64], line[1024];
        int32_t mlen = -1, llen = -1;
        st = mancala_agent_new("kisolo", "alphabeta:11", 1, &ag, err, sizeof err);
        CHECK(st == MANCALA_E_LIMIT && ag.id == 0 && strcmp(err, "mancala_env: kisolo: agent: depth 11 is over the limit 10") == 0,
              "alphabeta:11: %d %s", st, err);
        st = mancala_agent_new("kisolo", "mcts:time=3s", 1, &ag, err, sizeof err);
        CHECK(st == MANCALA_E_LIMIT && strstr(err, "time 3s is over the limit 2s") != NULL, "time 3s: %d %s", st, err);
        st = mancala_agent_new("kisolo", "", 1, &ag, err, sizeof err);
        CHECK(st == MANCALA_E_AGENT, "an empty spec: %d %s", st, err);
        st = mancala_agent_new("kisolo", NULL, 1, &ag, err, sizeof err);
        CHECK(st == MANCALA_E_AGENT, "a NULL spec: %d %s", st, err);
        st = mancala_agent_new("oware", "random", 1, &ag, err, sizeof err);
        CHECK(st == MANCALA_E_GAME, "oware: %d %s", st, err);
        st = mancala_agent_new("kimasai", "level:casual", 5, &ag, err, sizeof err);
        CHECK(st == MANCALA_OK && ag.id > 0, "level:casual: %d %s", st, err);
        CHECK(mancala_agent_spec(ag, buf, sizeof buf, &len) == MANCALA_OK && strcmp(buf, "alphabeta:2:seed=5") == 0, "spec %s", buf);
        expect_agent(mancala_agent_answer(ag, &t, move, sizeof move, &mlen, line, sizeof line, &llen), MANCALA_E_ARGUMENT, ag,
                     "no answer yet");
        expect_agent(mancala_agent_think(ag, NULL, &t, move, sizeof move, &mlen, NULL, 0, NULL), MANCALA_E_ARGUMENT, ag,
                     "NULL position");
        expect_agent(mancala_agent_think(ag, "kimasai 2,2", &t, move, sizeof move, &mlen, NULL, 0, NULL), MANCALA_E_SYNTAX, ag,
                     "bad position");
        expect_agent(mancala_agent_think(ag, "kiothi 6,6,6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6,6,6 S turn=0 prisons=0,0", &t, move,
                                         sizeof move, &mlen, NULL, 0, NULL),
                     MANCALA_E_SYNTAX, ag, "a kiothi position");
        CHECK(mancala_env_new("kimasai", "", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err) == MANCALA_OK, "kimasai");
        position(h, before, sizeof before);
        expect_agent(mancala_agent_think(ag, before, &t, move, sizeof move, &mlen, line, 2, &llen), MANCALA_E_BUFFER, ag,
                     "a short line");
        CHECK(llen > 2 && mlen > 0 && t.line_moves == 2 && t.depth == 2, "short line: lengths %d %d, moves %d", mlen, llen,
              t.line_moves);
        expect_agent(mancala_agent_answer(ag, &t, move, sizeof move, &mlen, line, sizeof line, &llen), MANCALA_OK, ag, "answer");
        CHECK((int32_t)strlen(line) == llen && strncmp(line, move, strlen(move)) == 0 && line[strlen(move)] == ' ', "line %s move %s",
              line, move);
        {
            int32_t id = -1;
            CHECK(mancala_env_text_action(h, move, &id) == MANCALA_OK && id == t.action, "action %d of %s, think says %d", id, move,
                  t.action);
        }
        CHECK(mancala_agent_free(ag) == MANCALA_OK, "free agent");
        expect_agent(mancala_agent_think(ag, before, &t, move, sizeof move, &mlen, NULL, 0, NULL), MANCALA_E_HANDLE, ag,
                     "a freed agent");
        CHECK(mancala_env_free(h) == MANCALA_OK, "free");
    }
}

/* ---- cancel from another thread -------------------------------------------- */

struct searching {
    int kind; /* 0 think, 1 env step, 2 vec step */
    mancala_agent ag;
    mancala_env env;
    mancala_vec vec;
    const char *position;
    int32_t action;
    int32_t *actions;
    int32_t n;
    int32_t status;
    atomic_int done;
};

static void *run_search(void *arg) {
    struct searching *s = arg;
    mancala_think_t t;
    char move[64];
    int32_t len;
    switch (s->kind) {
    case 0: s->status = mancala_agent_think(s->ag, s->position, &t, move, sizeof move, &len, NULL, 0, NULL); break;
    case 1: s->status = mancala_env_step(s->env, s->action, NULL, -2, NULL, 0, NULL, 0, NULL, 0); break;
    default: s->status = mancala_vec_step(s->vec, s->actions, s->n, NULL);
    }
    atomic_store(&s->done, 1);
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* cancel runs s on a thread and cancels it until it returns (a cancel
 * before the call starts reaches nothing, so it is repeated). */
static void cancel(struct searching *s, const char *what) {
    pthread_t th;
    long cancels = 0;
    double t0;
    atomic_store(&s->done, 0);
    s->status = -1;
    CHECK(pthread_create(&th, NULL, run_search, s) == 0, "pthread_create");
    t0 = now();
    while (!atomic_load(&s->done)) {
        int32_t st = s->kind == 0 ? mancala_agent_cancel(s->ag) : s->kind == 1 ? mancala_env_cancel(s->env) : mancala_vec_cancel(s->vec);
        CHECK(st == MANCALA_OK, "cancel: %d", st);
        cancels++;
        sched_yield();
    }
    pthread_join(th, NULL);
    if (s->status == MANCALA_E_CANCELLED)
        fprintf(stderr, "cabi_test: %s cancelled after %.1f ms (%ld cancels)\n", what, (now() - t0) * 1e3, cancels);
}

static void cancels(void) {
    char err[256], before[1024], after[1024], msg[256];
    struct searching s;
    mancala_spec_t spec;
    uint8_t mask[2048];
    int32_t pl = -1;
    memset(&s, 0, sizeof s);

    /* A think: alphabeta:10 from Kiothi's start takes seconds. */
    CHECK(mancala_agent_new("kiothi", "alphabeta:10", 1, &s.ag, err, sizeof err) == MANCALA_OK, "alphabeta:10: %s", err);
    CHECK(mancala_env_new("kiothi", "", NULL, MANCALA_SEAT_NONE, 1, 0, &s.env, err, sizeof err) == MANCALA_OK, "%s", err);
    position(s.env, before, sizeof before);
    s.position = before;
    s.kind = 0;
    cancel(&s, "think alphabeta:10");
    expect_agent(s.status, MANCALA_E_CANCELLED, s.ag, "a cancelled think");
    agent_msg(s.ag, msg, sizeof msg);
    CHECK(strcmp(msg, "mancala_env: cancelled (nothing changed)") == 0, "message %s", msg);
    {
        mancala_think_t t;
        char move[64];
        int32_t len;
        expect_agent(mancala_agent_answer(s.ag, &t, move, sizeof move, &len, NULL, 0, NULL), MANCALA_E_ARGUMENT, s.ag,
                     "no answer kept after a cancel");
    }
    CHECK(mancala_agent_free(s.ag) == MANCALA_OK, "free");
    CHECK(mancala_env_free(s.env) == MANCALA_OK, "free");

    /* Steps whose opponent searches 10 plies deep: South's opening steps
     * are the agent's, and the step that ends South's turn has North's
     * opening searched (seconds). Each step is cancelled; those that end
     * before the cancel lands succeed, until one is cancelled. */
    CHECK(mancala_env_new("kiothi", "", "alphabeta:10", MANCALA_SEAT_SOUTH, 1, 0, &s.env, err, sizeof err) == MANCALA_OK, "%s", err);
    CHECK(mancala_env_spec(s.env, &spec) == MANCALA_OK && spec.actions <= 2048, "spec");
    {
        int k, cancelled = 0;
        for (k = 0; k < 40 && !cancelled; k++) {
            int32_t pl0 = -1;
            CHECK(mancala_env_mask(s.env, mask, 2048) == MANCALA_OK, "mask");
            CHECK(mancala_env_status(s.env, NULL, &pl0, NULL, NULL) == MANCALA_OK, "status");
            position(s.env, before, sizeof before);
            s.kind = 1, s.action = pick(mask, spec.actions, k);
            cancel(&s, "env step against alphabeta:10");
            if (s.status == MANCALA_E_CANCELLED) {
                cancelled = 1;
                expect_env(s.status, MANCALA_E_CANCELLED, s.env, "a cancelled step");
                position(s.env, after, sizeof after);
                CHECK(strcmp(before, after) == 0 && mancala_env_status(s.env, NULL, &pl, NULL, NULL) == MANCALA_OK && pl == pl0,
                      "a cancelled step moved: %s, plies %d, before %s, %d", after, pl, before, pl0);
            } else {
                expect_env(s.status, MANCALA_OK, s.env, "a step before the cancel landed");
            }
        }
        CHECK(cancelled, "no step was cancelled");
    }
    CHECK(mancala_env_free(s.env) == MANCALA_OK, "free");

    /* A vector step, likewise. */
    {
        int32_t acts[2];
        char b0[512], b1[512];
        int32_t len;
        int k, cancelled = 0;
        mancala_vec_batch_t b;
        memset(&b, 0, sizeof b);
        CHECK(mancala_vec_new("kiothi", "", "alphabeta:10", MANCALA_SEAT_SOUTH, 2, 1, 0, 0, 1, &s.vec, err, sizeof err) == MANCALA_OK,
              "%s", err);
        b.mask = mask, b.mask_cap = 2048;
        CHECK(mancala_vec_spec(s.vec, &spec) == MANCALA_OK && spec.actions * 2 <= 2048, "spec");
        for (k = 0; k < 40 && !cancelled; k++) {
            CHECK(mancala_vec_observe(s.vec, &b) == MANCALA_OK, "observe");
            acts[0] = pick(mask, spec.actions, k), acts[1] = pick(mask + spec.actions, spec.actions, k + 1);
            CHECK(mancala_vec_position(s.vec, 1, b0, sizeof b0, &len) == MANCALA_OK, "position");
            s.kind = 2, s.actions = acts, s.n = 2;
            cancel(&s, "vec step against alphabeta:10");
            if (s.status == MANCALA_E_CANCELLED) {
                cancelled = 1;
                expect_vec(s.status, MANCALA_E_CANCELLED, s.vec, "a cancelled vec step");
                CHECK(mancala_vec_position(s.vec, 1, b1, sizeof b1, &len) == MANCALA_OK && strcmp(b0, b1) == 0,
                      "a cancelled vec step moved");
            } else {
                expect_vec(s.status, MANCALA_OK, s.vec, "a vec step before the cancel landed");
            }
        }
        CHECK(cancelled, "no vec step was cancelled");
        CHECK(mancala_vec_free(s.vec) == MANCALA_OK, "free");
    }
}

/* ---- trajectories, printed for the Go test --------------------------------- */

static void print_floats(const float *v, int n) {
    int i;
    for (i = 0; i < n; i++) printf("%s%d", i ? "," : "", (int)v[i]);
}

static void print_ids(const uint8_t *mask, int n) {
    int i, first = 1;
    for (i = 0; i < n; i++)
        if (mask[i]) {
            printf("%s%d", first ? "" : ",", i);
            first = 0;
        }
}

static void env_trajectory(const char *game, const char *rules, const char *opp, int32_t seat, uint64_t seed, int steps) {
    char err[256], text[512];
    mancala_env h;
    mancala_spec_t s;
    mancala_step_t out;
    float obs[256];
    uint8_t mask[1024];
    int32_t len, k;
    CHECK(mancala_env_new(game, rules, opp, seat, seed, 0, &h, err, sizeof err) == MANCALA_OK, "%s: %s", game, err);
    CHECK(mancala_env_spec(h, &s) == MANCALA_OK && s.obs_len * 2 <= 256 && s.actions <= 1024, "spec");
    CHECK(mancala_env_observe(h, MANCALA_SEAT_MOVER, obs, 256) == MANCALA_OK && mancala_env_mask(h, mask, 1024) == MANCALA_OK, "first");
    for (k = 0; k < steps; k++) {
        int32_t a = pick(mask, s.actions, k * 7 + 3);
        CHECK(mancala_env_action_text(h, a, text, sizeof text, &len) == MANCALA_OK, "text");
        CHECK(mancala_env_step(h, a, &out, MANCALA_SEAT_BOTH, obs, 256, mask, 1024, NULL, 0) == MANCALA_OK, "step %d", k);
        printf("env %s %d %d %s r=%d,%d t=%d u=%d obs=", game, k, a, text, (int)out.rewards[0], (int)out.rewards[1], out.terminated,
               out.truncated);
        print_floats(obs, 2 * s.obs_len);
        printf(" mask=");
        print_ids(mask, s.actions);
        position(h, text, sizeof text);
        printf(" %s\n", text);
        if (out.terminated || out.truncated) {
            CHECK(mancala_env_reset(h, NULL) == MANCALA_OK, "reset");
            CHECK(mancala_env_mask(h, mask, 1024) == MANCALA_OK, "mask");
        }
    }
    CHECK(mancala_env_free(h) == MANCALA_OK, "free");
}

static void vec_trajectory(const char *game, const char *opp, int32_t seat, int32_t n, int32_t horizon, int32_t both,
                           int32_t workers, int steps) {
    char err[256];
    mancala_vec h;
    mancala_spec_t s;
    mancala_vec_batch_t b;
    int32_t k, i, w;
    int32_t *acts;
    CHECK(mancala_vec_new(game, "", opp, seat, n, 5, horizon, both, workers, &h, err, sizeof err) == MANCALA_OK, "%s: %s", game, err);
    CHECK(mancala_vec_spec(h, &s) == MANCALA_OK, "spec");
    w = s.obs_len * (both ? 2 : 1);
    b.obs = calloc((size_t)(n * w), sizeof *b.obs), b.obs_cap = n * w;
    b.final_obs = calloc((size_t)(n * w), sizeof *b.final_obs), b.final_obs_cap = n * w;
    b.reward = calloc((size_t)n, sizeof *b.reward), b.reward_cap = n;
    b.mask = calloc((size_t)(n * s.actions), 1), b.mask_cap = n * s.actions;
    b.terminated = calloc((size_t)n, 1), b.terminated_cap = n;
    b.truncated = calloc((size_t)n, 1), b.truncated_cap = n;
    b.to_move = calloc((size_t)n, 1), b.to_move_cap = n;
    b.final_result = calloc((size_t)n, 1), b.final_result_cap = n;
    b.plies = calloc((size_t)n, sizeof *b.plies), b.plies_cap = n;
    acts = calloc((size_t)n, sizeof *acts);
    CHECK(mancala_vec_reset(h, NULL, &b) == MANCALA_OK, "reset");
    for (k = 0; k < steps; k++) {
        for (i = 0; i < n; i++) acts[i] = pick(b.mask + i * s.actions, s.actions, k * 5 + i);
        CHECK(mancala_vec_step(h, acts, n, &b) == MANCALA_OK, "vec step %d", k);
        for (i = 0; i < n; i++) {
            printf("vec %s %d %d a=%d r=%d t=%d u=%d m=%d p=%d obs=", game, k, i, acts[i], (int)b.reward[i], b.terminated[i],
                   b.truncated[i], b.to_move[i], b.plies[i]);
            print_floats(b.obs + i * w, w);
            printf(" mask=");
            print_ids(b.mask + i * s.actions, s.actions);
            if (b.terminated[i] || b.truncated[i]) {
                printf(" res=%d final=", b.final_result[i]);
                print_floats(b.final_obs + i * w, w);
            }
            printf("\n");
        }
    }
    CHECK(mancala_vec_free(h) == MANCALA_OK, "free");
    free(b.obs), free(b.final_obs), free(b.reward), free(b.mask), free(b.terminated), free(b.truncated), free(b.to_move);
    free(b.final_result), free(b.plies), free(acts);
}

/* think_trajectory plays a game of plies plies in self-play, each move the
 * think of an agent of spec (seed 3), and prints every answer. */
static void think_trajectory(const char *game, const char *spec, int plies) {
    char err[256], pos[512], move[64], line[2048];
    mancala_env h;
    mancala_agent ag;
    mancala_think_t t;
    mancala_step_t out;
    int32_t mlen, llen, k, state;
    CHECK(mancala_env_new(game, "", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err) == MANCALA_OK, "%s", err);
    CHECK(mancala_agent_new(game, spec, 3, &ag, err, sizeof err) == MANCALA_OK, "%s: %s", spec, err);
    for (k = 0; k < plies; k++) {
        CHECK(mancala_env_status(h, NULL, NULL, &state, NULL) == MANCALA_OK, "status");
        if (state != MANCALA_STATE_RUNNING) break;
        position(h, pos, sizeof pos);
        CHECK(mancala_agent_think(ag, pos, &t, move, sizeof move, &mlen, line, sizeof line, &llen) == MANCALA_OK, "think %d", k);
        printf("think %s %s %d %s a=%d v=%lld o=%d d=%d n=%lld it=%lld vis=%lld lm=%d line=%s\n", game, spec, k, move, t.action,
               (long long)t.value, t.outcome, t.depth, (long long)t.nodes, (long long)t.iterations, (long long)t.visits,
               t.line_moves, line);
        CHECK(mancala_env_step(h, t.action, &out, MANCALA_SEAT_MOVER, NULL, 0, NULL, 0, NULL, 0) == MANCALA_OK, "step");
    }
    CHECK(mancala_agent_free(ag) == MANCALA_OK && mancala_env_free(h) == MANCALA_OK, "free");
}

/* think_end plays game in self-play (seed 1, the k-th move pick(mask, k * 7
 * + 3)) to its end, then thinks with alphabeta:6 on the positions 1..4
 * plies before the end, where some answer is proven (a forced end within
 * the search, or every line ended): its outcome is not unknown. */
static void think_end(const char *game) {
    char err[256], pos[8][512], move[64], line[2048];
    mancala_env h;
    mancala_agent ag;
    mancala_think_t t;
    mancala_step_t out;
    mancala_spec_t s;
    uint8_t mask[1024];
    int32_t mlen, llen, k = 0, i, proven = 0;
    CHECK(mancala_env_new(game, "", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err) == MANCALA_OK, "%s", err);
    CHECK(mancala_env_spec(h, &s) == MANCALA_OK && s.actions <= 1024, "spec");
    CHECK(mancala_agent_new(game, "alphabeta:6", 0, &ag, err, sizeof err) == MANCALA_OK, "%s", err);
    for (;; k++) {
        position(h, pos[k % 8], sizeof pos[0]);
        CHECK(mancala_env_mask(h, mask, 1024) == MANCALA_OK, "mask");
        CHECK(mancala_env_step(h, pick(mask, s.actions, k * 7 + 3), &out, MANCALA_SEAT_MOVER, NULL, 0, NULL, 0, NULL, 0) == MANCALA_OK,
              "step %d", k);
        if (out.terminated) break;
        CHECK(!out.truncated, "%s: truncated before the end", game);
    }
    for (i = 4; i >= 1; i--) {
        CHECK(mancala_agent_think(ag, pos[(k + 1 - i) % 8], &t, move, sizeof move, &mlen, line, sizeof line, &llen) == MANCALA_OK,
              "think %d before the end", i);
        proven += t.outcome != MANCALA_OUTCOME_UNKNOWN;
        printf("end %s %d %s a=%d v=%lld o=%d d=%d line=%s\n", game, i, move, t.action, (long long)t.value, t.outcome, t.depth,
               line);
    }
    CHECK(proven > 0, "%s: no outcome proven in the last 4 plies", game);
    CHECK(mancala_agent_free(ag) == MANCALA_OK && mancala_env_free(h) == MANCALA_OK, "free");
}

/* ---- threads: distinct handles at once ------------------------------------- */

struct job {
    const char *game;
    unsigned long sum; /* a checksum of every observation */
};

static void *run_job(void *arg) {
    struct job *j = arg;
    char err[256];
    mancala_env h;
    mancala_step_t out;
    float obs[128];
    uint8_t mask[1024];
    int32_t k, i;
    mancala_spec_t s;
    j->sum = 0;
    if (mancala_env_new(j->game, "", "random", 1, 9, 0, &h, err, sizeof err) != MANCALA_OK) return NULL;
    mancala_env_spec(h, &s);
    mancala_env_mask(h, mask, 1024);
    for (k = 0; k < 3000; k++) {
        if (mancala_env_step(h, pick(mask, s.actions, k), &out, MANCALA_SEAT_NORTH, obs, 128, mask, 1024, NULL, 0) != MANCALA_OK) {
            j->sum = 0;
            break;
        }
        for (i = 0; i < s.obs_len; i++) j->sum = j->sum * 31 + (unsigned long)obs[i];
        if (out.terminated || out.truncated) {
            mancala_env_reset(h, NULL);
            mancala_env_mask(h, mask, 1024);
        }
    }
    mancala_env_free(h);
    return NULL;
}

static void threads(void) {
    enum { T = 6 };
    const char *games[T] = {"kisolo", "kiothi", "kimasai", "kisolo", "kiothi", "kimasai"};
    struct job serial[T], par[T];
    pthread_t th[T];
    int i;
    for (i = 0; i < T; i++) {
        serial[i].game = par[i].game = games[i];
        run_job(&serial[i]);
        CHECK(serial[i].sum != 0, "job %d failed", i);
    }
    for (i = 0; i < T; i++) CHECK(pthread_create(&th[i], NULL, run_job, &par[i]) == 0, "pthread_create");
    for (i = 0; i < T; i++) pthread_join(th[i], NULL);
    for (i = 0; i < T; i++) CHECK(par[i].sum == serial[i].sum, "thread %d: %lx, serially %lx", i, par[i].sum, serial[i].sum);
}

/* ---- the per-call overhead -------------------------------------------------- */

static void bench(void) {
    char err[256];
    mancala_env h;
    mancala_vec v;
    int32_t tm, k, n = 2000000;
    mancala_spec_t s;
    mancala_step_t out;
    float obs[64];
    uint8_t mask[64];
    int32_t legal[64];
    double t0, t1, t2;
    CHECK(mancala_env_new("kisolo", "", NULL, MANCALA_SEAT_NONE, 1, 0, &h, err, sizeof err) == MANCALA_OK, "%s", err);
    mancala_env_spec(h, &s);
    mancala_env_mask(h, mask, 64);
    t0 = now();
    for (k = 0; k < n; k++) mancala_env_status(h, &tm, NULL, NULL, NULL);
    t1 = now();
    for (k = 0; k < n / 4; k++) {
        mancala_env_step(h, pick(mask, s.actions, k), &out, MANCALA_SEAT_MOVER, obs, 64, mask, 64, legal, 64);
        if (out.terminated || out.truncated) {
            mancala_env_reset(h, NULL);
            mancala_env_mask(h, mask, 64);
        }
    }
    t2 = now();
    printf("mancala_env_status (a call that does almost nothing): %.3f us/call\n", (t1 - t0) / n * 1e6);
    printf("mancala_env_step kisolo, with observation, mask and legal ids: %.3f us/call\n", (t2 - t1) / (n / 4) * 1e6);
    mancala_env_free(h);
    {
        enum { N = 1024, STEPS = 400 };
        static float vobs[N * 29], vrw[N];
        static uint8_t vmask[N * 32], vterm[N], vtrunc[N];
        static int32_t acts[N];
        mancala_vec_batch_t b;
        int32_t i, a;
        memset(&b, 0, sizeof b);
        b.obs = vobs, b.obs_cap = N * 29, b.mask = vmask, b.mask_cap = N * 32, b.reward = vrw, b.reward_cap = N;
        b.terminated = vterm, b.terminated_cap = N, b.truncated = vtrunc, b.truncated_cap = N;
        CHECK(mancala_vec_new("kisolo", "", NULL, MANCALA_SEAT_NONE, N, 1, 0, 0, 0, &v, err, sizeof err) == MANCALA_OK, "%s", err);
        mancala_vec_spec(v, &s);
        CHECK(s.actions <= 32, "actions");
        mancala_vec_reset(v, NULL, &b);
        t0 = now();
        for (k = 0; k < STEPS; k++) {
            for (i = 0; i < N; i++) { /* the first legal id after a pseudo-random one */
                a = (int32_t)((unsigned)(k * 2654435761u + (unsigned)i * 40503u) % (unsigned)s.actions);
                while (!vmask[i * s.actions + a]) a = (a + 1) % s.actions;
                acts[i] = a;
            }
            CHECK(mancala_vec_step(v, acts, N, &b) == MANCALA_OK, "vec step");
        }
        t1 = now();
        printf("mancala_vec_step kisolo n=1024 (obs, mask, reward, flags): %.2f M env steps/s\n", N * STEPS / (t1 - t0) / 1e6);
        mancala_vec_free(v);
    }
}

/* vec_observe: after a reset in which Kiothi's opponent (South) plays its
 * opening turn of 12 steps, every environment's agent (North) is to move
 * at ply 12; in self-play every game starts at ply 0 with South to move. */
static void vec_observe(void) {
    char err[256];
    mancala_vec h = {0};
    uint8_t to_move[4];
    int32_t plies[4];
    mancala_vec_batch_t b;
    memset(&b, 0, sizeof b);
    b.to_move = to_move, b.to_move_cap = 4, b.plies = plies, b.plies_cap = 4;
    CHECK(mancala_vec_new("kiothi", "", "random", 1, 4, 7, 0, 0, 1, &h, err, sizeof err) == MANCALA_OK, "%s", err);
    expect_vec(mancala_vec_reset(h, NULL, NULL), MANCALA_OK, h, "vec reset, no buffers");
    expect_vec(mancala_vec_observe(h, &b), MANCALA_OK, h, "vec observe");
    for (int i = 0; i < 4; i++)
        CHECK(to_move[i] == 1 && plies[i] == 12, "vec observe %d: to_move %d plies %d, want 1 and 12", i, to_move[i], plies[i]);
    expect_vec(mancala_vec_observe(h, NULL), MANCALA_OK, h, "vec observe, no buffers");
    mancala_vec_free(h);
    expect_vec(mancala_vec_observe(h, &b), MANCALA_E_HANDLE, h, "vec observe of a freed handle");
    CHECK(mancala_vec_new("kisolo", "", NULL, MANCALA_SEAT_NONE, 4, 7, 0, 0, 1, &h, err, sizeof err) == MANCALA_OK, "%s", err);
    expect_vec(mancala_vec_observe(h, &b), MANCALA_OK, h, "vec observe self-play");
    for (int i = 0; i < 4; i++)
        CHECK(to_move[i] == 0 && plies[i] == 0, "vec observe self-play %d: to_move %d plies %d", i, to_move[i], plies[i]);
    mancala_vec_free(h);
}

/* vec_u8: the byte observations (mancala_vec_*_u8) against the float ones:
 * two handles of one seed stepped with the same actions, one writing
 * floats, the other bytes only (Kiothi, an opponent, both seats). */
static void vec_u8(void) {
    enum { N = 6, STEPS = 40 };
    char err[256];
    mancala_vec hf, hb;
    mancala_spec_t s;
    mancala_vec_batch_t f, b;
    mancala_vec_u8_t u, shortu;
    int32_t acts[N], w, k, i, j, ended = 0;
    CHECK(mancala_vec_new("kiothi", "", "random", MANCALA_SEAT_ALTERNATE, N, 9, 12, 1, 2, &hf, err, sizeof err) == MANCALA_OK, "%s", err);
    CHECK(mancala_vec_new("kiothi", "", "random", MANCALA_SEAT_ALTERNATE, N, 9, 12, 1, 2, &hb, err, sizeof err) == MANCALA_OK, "%s", err);
    CHECK(mancala_vec_spec(hf, &s) == MANCALA_OK, "spec");
    w = s.obs_len * 2;
    memset(&f, 0, sizeof f);
    memset(&u, 0, sizeof u);
    f.obs = calloc((size_t)(N * w), sizeof *f.obs), f.obs_cap = N * w;
    f.final_obs = calloc((size_t)(N * w), sizeof *f.final_obs), f.final_obs_cap = N * w;
    f.mask = calloc((size_t)(N * s.actions), 1), f.mask_cap = N * s.actions;
    f.terminated = calloc(N, 1), f.terminated_cap = N;
    f.truncated = calloc(N, 1), f.truncated_cap = N;
    b = f; /* the same flags and mask buffers' sizes, its own buffers below */
    b.obs = NULL, b.final_obs = NULL;
    b.mask = calloc((size_t)(N * s.actions), 1);
    b.terminated = calloc(N, 1), b.truncated = calloc(N, 1);
    u.obs = calloc((size_t)(N * w), 1), u.obs_cap = N * w;
    u.final_obs = calloc((size_t)(N * w), 1), u.final_obs_cap = N * w;
    expect_vec(mancala_vec_reset(hf, NULL, &f), MANCALA_OK, hf, "reset (floats)");
    expect_vec(mancala_vec_reset_u8(hb, NULL, &b, &u), MANCALA_OK, hb, "reset_u8");
    for (k = 0; k < STEPS; k++) {
        for (j = 0; j < N * w; j++)
            CHECK(u.obs[j] == (uint8_t)f.obs[j] && (float)u.obs[j] == f.obs[j], "step %d obs[%d]: %d, float %g", k, j, u.obs[j], f.obs[j]);
        CHECK(memcmp(b.mask, f.mask, (size_t)(N * s.actions)) == 0, "step %d: the masks differ", k);
        for (i = 0; i < N; i++) acts[i] = pick(f.mask + i * s.actions, s.actions, k * 3 + i);
        expect_vec(mancala_vec_step(hf, acts, N, &f), MANCALA_OK, hf, "step (floats)");
        expect_vec(mancala_vec_step_u8(hb, acts, N, &b, &u), MANCALA_OK, hb, "step_u8");
        for (i = 0; i < N; i++) {
            CHECK(b.terminated[i] == f.terminated[i] && b.truncated[i] == f.truncated[i], "step %d env %d: the flags differ", k, i);
            if (!f.terminated[i] && !f.truncated[i]) continue;
            ended++;
            for (j = i * w; j < (i + 1) * w; j++)
                CHECK(u.final_obs[j] == (uint8_t)f.final_obs[j], "step %d final_obs[%d]: %d, float %g", k, j, u.final_obs[j], f.final_obs[j]);
        }
    }
    CHECK(ended > 0, "no episode ended in %d steps", STEPS);
    shortu = u, shortu.final_obs_cap = N * w - 1;
    expect_vec(mancala_vec_step_u8(hb, acts, N, &b, &shortu), MANCALA_E_BUFFER, hb, "a short u8 final_obs");
    expect_vec(mancala_vec_observe_u8(hb, &b, &shortu), MANCALA_OK, hb, "observe_u8 (final_obs not read)");
    shortu.obs_cap = 3;
    expect_vec(mancala_vec_observe_u8(hb, NULL, &shortu), MANCALA_E_BUFFER, hb, "a short u8 obs");
    memset(u.obs, 0, (size_t)(N * w));
    expect_vec(mancala_vec_observe_u8(hb, NULL, &u), MANCALA_OK, hb, "observe_u8, no batch");
    expect_vec(mancala_vec_observe(hf, &f), MANCALA_OK, hf, "observe (floats)");
    for (j = 0; j < N * w; j++)
        CHECK(u.obs[j] == (uint8_t)f.obs[j], "observe_u8 obs[%d]: %d, float %g", j, u.obs[j], f.obs[j]);
    mancala_vec_free(hf), mancala_vec_free(hb);
    free(f.obs), free(f.final_obs), free(f.mask), free(f.terminated), free(f.truncated);
    free(b.mask), free(b.terminated), free(b.truncated), free(u.obs), free(u.final_obs);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "-bench") == 0) {
        bench();
        return 0;
    }
    library();
    bad_input();
    vec_observe();
    vec_u8();
    cancels();
    threads();
    fprintf(stderr, "cabi_test: %d checks passed\n", checks);
    env_trajectory("kisolo", "", NULL, MANCALA_SEAT_NONE, 1, 120);
    env_trajectory("kisolo", "Columns:6", "random", 1, 2, 80);
    env_trajectory("kiothi", "", "random", 1, 3, 80);
    env_trajectory("kimasai", "", "random", 0, 4, 80);
    env_trajectory("kisolo", "", "level:casual", 0, 5, 40);
    env_trajectory("kiothi", "", "mcts-eval:50", 1, 6, 20);
    vec_trajectory("kisolo", NULL, MANCALA_SEAT_NONE, 6, 30, 0, 2, 40);
    vec_trajectory("kiothi", "random", MANCALA_SEAT_ALTERNATE, 5, 12, 1, 3, 30);
    vec_trajectory("kimasai", "random", 1, 4, 0, 0, 0, 30);
    vec_trajectory("kimasai", "mcts:20", MANCALA_SEAT_ALTERNATE, 3, 0, 0, 2, 10);
    think_trajectory("kisolo", "alphabeta:3", 12);
    think_trajectory("kiothi", "level:casual", 16);
    think_trajectory("kimasai", "mcts:50", 8);
    think_trajectory("kimasai", "mcts-eval:40", 8);
    think_trajectory("kisolo", "random", 10);
    think_end("kisolo");
    think_end("kimasai");
    return 0;
}
