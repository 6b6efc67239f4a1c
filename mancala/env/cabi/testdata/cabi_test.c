/*
 * cabi_test.c: the C ABI of mancala/env tested from C.
 *
 *   go build -buildmode=c-shared -o DIR/libmancala_env.so ./mancala/env/cabi
 *   gcc -std=c11 -Wall -Wextra -Werror -I mancala/env/cabi -o DIR/cabi_test \
 *       mancala/env/cabi/testdata/cabi_test.c -L DIR -lmancala_env -lpthread -Wl,-rpath,DIR
 *   DIR/cabi_test             # checks, then prints trajectories
 *   DIR/cabi_test -bench      # the per-call overhead
 *
 * It checks bad input (handles, ids, rules, positions, buffers: the
 * status code, a message, the state unchanged), exact values of the start
 * observation, and distinct handles stepped from threads at once; it exits
 * 1 on the first failed check. Then it prints the trajectories of seeded
 * games, which the Go test (cabi_test.go) compares with mancala/env's own.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
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

/* expect checks that call returned status want and left a message on h. */
static void expect(int32_t got, int32_t want, int64_t h, const char *what) {
    char msg[4096];
    int32_t len = -1;
    CHECK(got == want, "%s: status %d (%s), want %d (%s)", what, got, mancala_status_text(got), want,
          mancala_status_text(want));
    if (h > 0 && want != MANCALA_OK && want != MANCALA_E_HANDLE) {
        CHECK(mancala_error(h, msg, sizeof msg, &len) == MANCALA_OK, "%s: mancala_error", what);
        CHECK(len > 0 && strlen(msg) == (size_t)len, "%s: empty message", what);
        CHECK(strncmp(msg, "mancala_env: ", 13) == 0 || strstr(msg, ":") != NULL, "%s: message %s", what, msg);
    }
}

static void position(int64_t h, char *buf, int32_t cap) {
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

static void bad_input(void) {
    char err[256], buf[512], before[512], after[512];
    int64_t h = 123;
    int32_t st, len, a, i;
    mancala_spec_t s;

    CHECK(mancala_abi_version() == MANCALA_ABI_VERSION, "abi version");
    CHECK(strcmp(mancala_status_text(MANCALA_E_ILLEGAL), "illegal action") == 0, "status text");
    CHECK(strcmp(mancala_status_text(99), "unknown status") == 0, "status text 99");

    st = mancala_env_new("chess", NULL, NULL, -1, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_GAME && h == 0 && strstr(err, "chess") != NULL, "unknown game: %d %s", st, err);
    st = mancala_env_new("kisolo", "Columns:9", NULL, -1, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_RULES && h == 0 && err[0] != 0, "bad rules: %d %s", st, err);
    st = mancala_env_new("kisolo", "", "grandmaster:9", 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_AGENT && h == 0, "bad opponent: %d %s", st, err);
    st = mancala_env_new("kisolo", "", NULL, 0, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "a seat without an opponent: %d %s", st, err);
    st = mancala_env_new("kisolo", "", NULL, -1, 1, -5, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "horizon -5: %d %s", st, err);
    st = mancala_env_new("kisolo", "", NULL, -1, 1, 0, NULL, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "out NULL: %d", st);
    st = mancala_env_new("kisolo", "Columns:9", NULL, -1, 1, 0, &h, err, 8); /* a short error buffer */
    CHECK(st == MANCALA_E_RULES && strlen(err) == 7, "short err buffer: %s", err);
    st = mancala_vec_new("kisolo", "", NULL, -1, 0, 1, 0, 0, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "n 0: %d %s", st, err);
    st = mancala_vec_new("kisolo", "", "alphabeta:2", 3, 65, 1, 0, 0, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_E_ARGUMENT, "65 searching opponents: %d %s", st, err);

    st = mancala_env_new("kisolo", "", NULL, -1, 1, 0, &h, err, sizeof err);
    CHECK(st == MANCALA_OK && h > 0 && err[0] == 0, "kisolo: %d %s", st, err);
    CHECK(mancala_spec(h, &s) == MANCALA_OK, "spec");
    CHECK(s.obs_len == 29 && s.horizon == 300 && s.n == 1 && s.seat == -1 && s.both == 0 && s.actions > 0,
          "kisolo spec %d %d %d %d %d", s.obs_len, s.actions, s.horizon, s.n, s.seat);
    {
        float obs[64], low[29], high[29];
        uint8_t mask[64];
        float rw[2];
        uint8_t term = 7, trunc = 7;
        /* The start from South: 28 pits of 3 seeds, then ownTurn 1. */
        CHECK(mancala_env_observe(h, MANCALA_SEAT_SOUTH, obs, 29) == MANCALA_OK, "observe");
        for (i = 0; i < 28; i++) CHECK(obs[i] == 3.0f, "obs[%d] = %g", i, obs[i]);
        CHECK(obs[28] == 1.0f, "ownTurn %g", obs[28]);
        CHECK(mancala_env_observe(h, MANCALA_SEAT_BOTH, obs, 58) == MANCALA_OK && obs[57] == 0.0f, "both");
        expect(mancala_env_observe(h, MANCALA_SEAT_BOTH, obs, 57), MANCALA_E_ARGUMENT, h, "both in 57");
        expect(mancala_env_observe(h, 7, obs, 64), MANCALA_E_ARGUMENT, h, "seat 7");
        CHECK(mancala_obs_bounds(h, low, high, 29) == MANCALA_OK && low[0] == 0 && high[0] == 84 && high[28] == 1, "bounds");
        expect(mancala_obs_bounds(h, low, high, 28), MANCALA_E_ARGUMENT, h, "bounds len 28");
        CHECK(mancala_obs_names(h, buf, sizeof buf, &len) == MANCALA_OK && strncmp(buf, "seeds:a1\n", 9) == 0 &&
                  strcmp(buf + len - 8, "\nownTurn") == 0, "names %s", buf);
        CHECK(mancala_env_mask(h, mask, s.actions) == MANCALA_OK, "mask");
        expect(mancala_env_mask(h, mask, s.actions - 1), MANCALA_E_ARGUMENT, h, "short mask");

        position(h, before, sizeof before);
        for (a = 0; a < s.actions && mask[a]; a++) {
        }
        CHECK(a < s.actions, "an illegal id at the start");
        expect(mancala_env_step(h, a, -1, obs, 64, mask, 64, rw, &term, &trunc), MANCALA_E_ILLEGAL, h, "illegal id");
        expect(mancala_env_step(h, -1, -1, obs, 64, mask, 64, rw, &term, &trunc), MANCALA_E_ACTION, h, "id -1");
        expect(mancala_env_step(h, s.actions, -1, NULL, 0, NULL, 0, NULL, NULL, NULL), MANCALA_E_ACTION, h, "id actions");
        expect(mancala_env_step(h, pick(mask, s.actions, 0), -1, obs, 28, NULL, 0, NULL, NULL, NULL), MANCALA_E_ARGUMENT, h,
               "step into a short obs");
        CHECK(term == 7 && trunc == 7, "a refused step wrote its flags");
        expect(mancala_env_set_position(h, "kiothi 6,6,6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6,6,6 S turn=0 prisons=0,0", 0),
               MANCALA_E_SYNTAX, h, "a kiothi position");
        expect(mancala_env_set_position(h, "kisolo 3,3", 0), MANCALA_E_SYNTAX, h, "bad text");
        expect(mancala_env_set_position(h, NULL, 0), MANCALA_E_ARGUMENT, h, "NULL position");
        expect(mancala_env_set_position(h, before, 301), MANCALA_E_ARGUMENT, h, "plies 301");
        expect(mancala_env_text_action(h, "zz", &a), MANCALA_E_SYNTAX, h, "bad move text");
        expect(mancala_env_action_text(h, 9999, buf, sizeof buf, &len), MANCALA_E_ACTION, h, "text of 9999");
        st = mancala_env_position(h, buf, 4, &len);
        CHECK(st == MANCALA_E_BUFFER && len == (int32_t)strlen(before), "a short position buffer: %d %d", st, len);
        position(h, after, sizeof after);
        CHECK(strcmp(before, after) == 0, "bad input changed the position: %s", after);

        /* A position of other rules. */
        {
            int64_t h8;
            char p8[512];
            CHECK(mancala_env_new("kisolo", "Columns:8", NULL, -1, 1, 0, &h8, err, sizeof err) == MANCALA_OK, "Columns:8");
            position(h8, p8, sizeof p8);
            expect(mancala_env_set_position(h, p8, 0), MANCALA_E_MISMATCH, h, "a Columns:8 position");
            CHECK(mancala_free(h8) == MANCALA_OK, "free");
        }
        /* id <-> text for every legal id. */
        for (i = 0; i < s.actions; i++) {
            if (!mask[i]) continue;
            CHECK(mancala_env_action_text(h, i, buf, sizeof buf, &len) == MANCALA_OK, "text of %d", i);
            CHECK(mancala_env_text_action(h, buf, &a) == MANCALA_OK && a == i, "%s reads as %d, want %d", buf, a, i);
        }
        /* A step after the horizon. */
        CHECK(mancala_env_set_position(h, before, 300) == MANCALA_OK, "set at the horizon");
        expect(mancala_env_step(h, pick(mask, s.actions, 0), -1, NULL, 0, NULL, 0, NULL, NULL, NULL), MANCALA_E_OVER, h,
               "a step after the horizon");
        {
            int32_t tm = -9, pl = -9, state = -9, res = -9;
            CHECK(mancala_env_status(h, &tm, &pl, &state, &res) == MANCALA_OK && tm == 0 && pl == 300 && state == 2 && res == 0,
                  "status %d %d %d %d", tm, pl, state, res);
        }
        CHECK(mancala_env_reset(h, NULL) == MANCALA_OK, "reset");
    }
    /* Handles of the wrong kind, unknown, freed. */
    {
        int32_t acts[1] = {0};
        expect(mancala_vec_step(h, acts, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), MANCALA_E_HANDLE, h,
               "an env handle to vec_step");
        expect(mancala_env_step(987654321, 0, -1, NULL, 0, NULL, 0, NULL, NULL, NULL), MANCALA_E_HANDLE, 0, "an unknown handle");
        expect(mancala_env_step(0, 0, -1, NULL, 0, NULL, 0, NULL, NULL, NULL), MANCALA_E_HANDLE, 0, "handle 0");
        CHECK(mancala_free(h) == MANCALA_OK, "free");
        expect(mancala_free(h), MANCALA_E_HANDLE, 0, "a second free");
        expect(mancala_env_reset(h, NULL), MANCALA_E_HANDLE, 0, "a freed handle");
        expect(mancala_error(h, buf, sizeof buf, &len), MANCALA_E_HANDLE, 0, "the error of a freed handle");
    }
    /* A vector step with one illegal id changes nothing. */
    {
        enum { N = 8 };
        float obs[N * 29], obs2[N * 29];
        uint8_t mask[N * 64];
        int32_t acts[N];
        CHECK(mancala_vec_new("kisolo", "", NULL, -1, N, 1, 0, 0, 2, &h, err, sizeof err) == MANCALA_OK, "vec: %s", err);
        CHECK(mancala_spec(h, &s) == MANCALA_OK && s.n == N && s.actions <= 64, "vec spec");
        CHECK(mancala_vec_reset(h, NULL, obs, mask) == MANCALA_OK, "vec reset");
        for (i = 0; i < N; i++) acts[i] = pick(mask + i * s.actions, s.actions, i);
        acts[5] = s.actions + 3;
        expect(mancala_vec_step(h, acts, obs, mask, NULL, NULL, NULL, NULL, NULL, NULL, NULL), MANCALA_E_ACTION, h, "vec id");
        CHECK(mancala_error(h, buf, sizeof buf, &len) == MANCALA_OK && strstr(buf, "environment 5") != NULL, "%s", buf);
        expect(mancala_vec_step(h, NULL, obs, mask, NULL, NULL, NULL, NULL, NULL, NULL, NULL), MANCALA_E_ARGUMENT, h, "NULL actions");
        CHECK(mancala_vec_observe(h, obs2, NULL) == MANCALA_OK && memcmp(obs, obs2, sizeof obs) == 0, "a refused step changed obs");
        expect(mancala_vec_position(h, N, buf, sizeof buf, &len), MANCALA_E_ARGUMENT, h, "position of env N");
        expect(mancala_env_reset(h, NULL), MANCALA_E_HANDLE, h, "a vec handle to env_reset");
        CHECK(mancala_free(h) == MANCALA_OK, "free vec");
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
    int64_t h;
    mancala_spec_t s;
    float obs[256], rw[2];
    uint8_t mask[1024], term, trunc;
    int32_t len, k;
    CHECK(mancala_env_new(game, rules, opp, seat, seed, 0, &h, err, sizeof err) == MANCALA_OK, "%s: %s", game, err);
    CHECK(mancala_spec(h, &s) == MANCALA_OK && s.obs_len * 2 <= 256 && s.actions <= 1024, "spec");
    CHECK(mancala_env_observe(h, MANCALA_SEAT_MOVER, obs, 256) == MANCALA_OK && mancala_env_mask(h, mask, 1024) == MANCALA_OK, "first");
    for (k = 0; k < steps; k++) {
        int32_t a = pick(mask, s.actions, k * 7 + 3);
        CHECK(mancala_env_action_text(h, a, text, sizeof text, &len) == MANCALA_OK, "text");
        CHECK(mancala_env_step(h, a, MANCALA_SEAT_BOTH, obs, 256, mask, 1024, rw, &term, &trunc) == MANCALA_OK, "step %d", k);
        printf("env %s %d %d %s r=%d,%d t=%d u=%d obs=", game, k, a, text, (int)rw[0], (int)rw[1], term, trunc);
        print_floats(obs, 2 * s.obs_len);
        printf(" mask=");
        print_ids(mask, s.actions);
        position(h, text, sizeof text);
        printf(" %s\n", text);
        if (term || trunc) {
            CHECK(mancala_env_reset(h, NULL) == MANCALA_OK, "reset");
            CHECK(mancala_env_mask(h, mask, 1024) == MANCALA_OK, "mask");
        }
    }
    CHECK(mancala_free(h) == MANCALA_OK, "free");
}

static void vec_trajectory(const char *game, const char *opp, int32_t seat, int32_t n, int32_t horizon, int32_t both,
                           int32_t workers, int steps) {
    char err[256];
    int64_t h;
    mancala_spec_t s;
    int32_t k, i, w;
    float *obs, *fin, *rw;
    uint8_t *mask, *term, *trunc, *tm;
    int8_t *res;
    int32_t *acts, *plies;
    CHECK(mancala_vec_new(game, "", opp, seat, n, 5, horizon, both, workers, &h, err, sizeof err) == MANCALA_OK, "%s: %s", game, err);
    CHECK(mancala_spec(h, &s) == MANCALA_OK, "spec");
    w = s.obs_len * (both ? 2 : 1);
    obs = calloc((size_t)(n * w), sizeof *obs);
    fin = calloc((size_t)(n * w), sizeof *fin);
    rw = calloc((size_t)n, sizeof *rw);
    mask = calloc((size_t)(n * s.actions), 1);
    term = calloc((size_t)n, 1);
    trunc = calloc((size_t)n, 1);
    tm = calloc((size_t)n, 1);
    res = calloc((size_t)n, 1);
    acts = calloc((size_t)n, sizeof *acts);
    plies = calloc((size_t)n, sizeof *plies);
    CHECK(mancala_vec_reset(h, NULL, obs, mask) == MANCALA_OK, "reset");
    for (k = 0; k < steps; k++) {
        for (i = 0; i < n; i++) acts[i] = pick(mask + i * s.actions, s.actions, k * 5 + i);
        CHECK(mancala_vec_step(h, acts, obs, mask, rw, term, trunc, fin, res, tm, plies) == MANCALA_OK, "vec step %d", k);
        for (i = 0; i < n; i++) {
            printf("vec %s %d %d a=%d r=%d t=%d u=%d m=%d p=%d obs=", game, k, i, acts[i], (int)rw[i], term[i], trunc[i], tm[i],
                   plies[i]);
            print_floats(obs + i * w, w);
            printf(" mask=");
            print_ids(mask + i * s.actions, s.actions);
            if (term[i] || trunc[i]) {
                printf(" res=%d final=", res[i]);
                print_floats(fin + i * w, w);
            }
            printf("\n");
        }
    }
    CHECK(mancala_free(h) == MANCALA_OK, "free");
    free(obs), free(fin), free(rw), free(mask), free(term), free(trunc), free(tm), free(res), free(acts), free(plies);
}

/* ---- threads: distinct handles at once ------------------------------------- */

struct job {
    const char *game;
    unsigned long sum; /* a checksum of every observation */
};

static void *run_job(void *arg) {
    struct job *j = arg;
    char err[256];
    int64_t h;
    float obs[128];
    uint8_t mask[1024], term, trunc;
    int32_t k, i;
    mancala_spec_t s;
    j->sum = 0;
    if (mancala_env_new(j->game, "", "random", 1, 9, 0, &h, err, sizeof err) != MANCALA_OK) return NULL;
    mancala_spec(h, &s);
    mancala_env_mask(h, mask, 1024);
    for (k = 0; k < 3000; k++) {
        if (mancala_env_step(h, pick(mask, s.actions, k), MANCALA_SEAT_NORTH, obs, 128, mask, 1024, NULL, &term, &trunc) !=
            MANCALA_OK) {
            j->sum = 0;
            break;
        }
        for (i = 0; i < s.obs_len; i++) j->sum = j->sum * 31 + (unsigned long)obs[i];
        if (term || trunc) {
            mancala_env_reset(h, NULL);
            mancala_env_mask(h, mask, 1024);
        }
    }
    mancala_free(h);
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

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void bench(void) {
    char err[256];
    int64_t h;
    int32_t tm, k, n = 2000000;
    mancala_spec_t s;
    float obs[64], rw[2];
    uint8_t mask[64], term, trunc;
    double t0, t1, t2;
    CHECK(mancala_env_new("kisolo", "", NULL, -1, 1, 0, &h, err, sizeof err) == MANCALA_OK, "%s", err);
    mancala_spec(h, &s);
    mancala_env_mask(h, mask, 64);
    t0 = now();
    for (k = 0; k < n; k++) mancala_env_status(h, &tm, NULL, NULL, NULL);
    t1 = now();
    for (k = 0; k < n / 4; k++) {
        mancala_env_step(h, pick(mask, s.actions, k), MANCALA_SEAT_MOVER, obs, 64, mask, 64, rw, &term, &trunc);
        if (term || trunc) {
            mancala_env_reset(h, NULL);
            mancala_env_mask(h, mask, 64);
        }
    }
    t2 = now();
    printf("mancala_env_status (a call that does almost nothing): %.3f us/call\n", (t1 - t0) / n * 1e6);
    printf("mancala_env_step kisolo, with observation and mask: %.3f us/call\n", (t2 - t1) / (n / 4) * 1e6);
    mancala_free(h);
    {
        enum { N = 1024, STEPS = 400 };
        static float vobs[N * 29], vrw[N];
        static uint8_t vmask[N * 32], vterm[N], vtrunc[N];
        static int32_t acts[N];
        int32_t i, a;
        CHECK(mancala_vec_new("kisolo", "", NULL, -1, N, 1, 0, 0, 0, &h, err, sizeof err) == MANCALA_OK, "%s", err);
        mancala_spec(h, &s);
        CHECK(s.actions <= 32, "actions");
        mancala_vec_reset(h, NULL, vobs, vmask);
        t0 = now();
        for (k = 0; k < STEPS; k++) {
            for (i = 0; i < N; i++) { /* the first legal id after a pseudo-random one */
                a = (int32_t)((unsigned)(k * 2654435761u + (unsigned)i * 40503u) % (unsigned)s.actions);
                while (!vmask[i * s.actions + a]) a = (a + 1) % s.actions;
                acts[i] = a;
            }
            CHECK(mancala_vec_step(h, acts, vobs, vmask, vrw, vterm, vtrunc, NULL, NULL, NULL, NULL) == MANCALA_OK, "vec step");
        }
        t1 = now();
        printf("mancala_vec_step kisolo n=1024 (obs, mask, reward, flags): %.2f M env steps/s\n", N * STEPS / (t1 - t0) / 1e6);
        mancala_free(h);
    }
}

/* vec_status: after a reset in which Kiothi's opponent (South) plays its
 * opening turn of 12 steps, every environment's agent (North) is to move at
 * ply 12; in self-play every game starts at ply 0 with South to move. */
static void vec_status(void) {
    char err[256];
    int64_t h = 0;
    uint8_t to_move[4];
    int32_t plies[4];
    expect(mancala_vec_new("kiothi", "", "random", 1, 4, 7, 0, 0, 1, &h, err, sizeof err), MANCALA_OK, 0, "vec_status new");
    expect(mancala_vec_reset(h, NULL, NULL, NULL), MANCALA_OK, h, "vec_status reset");
    expect(mancala_vec_status(h, to_move, plies), MANCALA_OK, h, "vec_status");
    for (int i = 0; i < 4; i++) {
        CHECK(to_move[i] == 1 && plies[i] == 12, "vec_status %d: to_move %d plies %d, want 1 and 12", i, to_move[i], plies[i]);
    }
    expect(mancala_vec_status(h, NULL, NULL), MANCALA_OK, h, "vec_status, no buffers");
    mancala_free(h);
    expect(mancala_vec_status(h, to_move, plies), MANCALA_E_HANDLE, 0, "vec_status of a freed handle");
    expect(mancala_vec_new("kisolo", "", NULL, -1, 4, 7, 0, 0, 1, &h, err, sizeof err), MANCALA_OK, 0, "vec_status self-play new");
    expect(mancala_vec_status(h, to_move, plies), MANCALA_OK, h, "vec_status self-play");
    for (int i = 0; i < 4; i++) {
        CHECK(to_move[i] == 0 && plies[i] == 0, "vec_status self-play %d: to_move %d plies %d", i, to_move[i], plies[i]);
    }
    mancala_free(h);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "-bench") == 0) {
        bench();
        return 0;
    }
    bad_input();
    vec_status();
    threads();
    fprintf(stderr, "cabi_test: %d checks passed\n", checks);
    env_trajectory("kisolo", "", NULL, -1, 1, 120);
    env_trajectory("kisolo", "Columns:6", "random", 1, 2, 80);
    env_trajectory("kiothi", "", "random", 1, 3, 80);
    env_trajectory("kimasai", "", "random", 0, 4, 80);
    vec_trajectory("kisolo", NULL, -1, 6, 30, 0, 2, 40);
    vec_trajectory("kiothi", "random", MANCALA_SEAT_ALTERNATE, 5, 12, 1, 3, 30);
    vec_trajectory("kimasai", "random", 1, 4, 0, 0, 0, 30);
    return 0;
}
